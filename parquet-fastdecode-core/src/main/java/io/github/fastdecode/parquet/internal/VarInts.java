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

/** ULEB128 varints (and their zig-zag forms) stored into a {@code byte[]}; callers leave 10 bytes of room. */
public final class VarInts {
  private VarInts() {}

  /** Stores {@code v} as an unsigned varint at {@code pos}; returns the position after it. */
  public static int putUnsigned(byte[] out, int pos, long v) {
    while ((v & ~0x7FL) != 0) {
      out[pos++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out[pos++] = (byte) v;
    return pos;
  }

  /** Stores the zig-zag varint of an int (parquet-java's {@code writeZigZagVarInt}). */
  public static int putZigZagInt(byte[] out, int pos, int v) {
    return putUnsigned(out, pos, Integer.toUnsignedLong((v << 1) ^ (v >> 31)));
  }

  /** Stores the zig-zag varint of a long (parquet-java's {@code writeZigZagVarLong}). */
  public static int putZigZagLong(byte[] out, int pos, long v) {
    return putUnsigned(out, pos, (v << 1) ^ (v >> 63));
  }
}
