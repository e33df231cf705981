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
package io.github.fastdecode.parquet.internal.convert;

import io.github.fastdecode.parquet.internal.LittleEndian;
import java.nio.ByteBuffer;

/**
 * DECIMAL values stored as big-endian two's-complement bytes (FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY) to
 * their unscaled {@code long}. A value wider than 8 bytes fits when its extra leading bytes are only
 * sign extension; otherwise it is an {@link ArithmeticException}, never a wrapped value. An empty
 * value is 0.
 */
public final class DecimalConversions {
  private DecimalConversions() {}

  /** The value at {@code bytes[pos, pos + length)}. */
  public static long bigEndianToLong(byte[] bytes, int pos, int length) {
    if (length == 8) {
      return Long.reverseBytes(LittleEndian.getLong(bytes, pos));
    }
    if (length == 0) {
      return 0;
    }
    int start = pos;
    if (length > 8) {
      start = pos + length - 8;
      byte sign = (byte) (bytes[start] >> 7);
      for (int p = pos; p < start; p++) {
        if (bytes[p] != sign) {
          throw overflow(length);
        }
      }
    }
    long v = bytes[start]; // sign-extended
    for (int p = start + 1, end = pos + length; p < end; p++) {
      v = (v << 8) | (bytes[p] & 0xFF);
    }
    return v;
  }

  /** The value at buffer index {@code pos} of {@code length} bytes (absolute reads; the buffer's order is ignored). */
  public static long bigEndianToLong(ByteBuffer buf, int pos, int length) {
    if (length == 0) {
      return 0;
    }
    int start = pos;
    if (length > 8) {
      start = pos + length - 8;
      byte sign = (byte) (buf.get(start) >> 7);
      for (int p = pos; p < start; p++) {
        if (buf.get(p) != sign) {
          throw overflow(length);
        }
      }
    }
    long v = buf.get(start);
    for (int p = start + 1, end = pos + length; p < end; p++) {
      v = (v << 8) | (buf.get(p) & 0xFF);
    }
    return v;
  }

  private static ArithmeticException overflow(int length) {
    return new ArithmeticException("long overflow: a DECIMAL value of " + length + " bytes does not fit in 8 bytes");
  }
}
