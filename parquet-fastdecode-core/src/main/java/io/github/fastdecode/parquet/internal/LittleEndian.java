/*
 * Copyright 2026 The parquet-fastdecode Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.fastdecode.parquet.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Little-endian loads and stores on {@code byte[]} through VarHandle views (8 bytes at a time). */
public final class LittleEndian {
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private LittleEndian() {}

  public static long getLong(byte[] b, int pos) {
    return (long) LONG.get(b, pos);
  }

  public static int getInt(byte[] b, int pos) {
    return (int) INT.get(b, pos);
  }

  public static short getShort(byte[] b, int pos) {
    return (short) SHORT.get(b, pos);
  }

  public static void putLong(byte[] b, int pos, long v) {
    LONG.set(b, pos, v);
  }

  public static void putInt(byte[] b, int pos, int v) {
    INT.set(b, pos, v);
  }

  public static void putLongBigEndian(byte[] b, int pos, long v) {
    LONG_BE.set(b, pos, v);
  }
}
