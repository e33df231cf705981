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

/**
 * UINT_64 values as the minimal big-endian two's-complement bytes of a non-negative {@code
 * BigInteger}, written without allocating.
 */
public final class UnsignedLongs {
  /** Longest encoding: a zero sign byte and eight value bytes. */
  public static final int MAX_BIG_ENDIAN_LENGTH = 9;

  private UnsignedLongs() {}

  /**
   * Number of bytes {@code new BigInteger(Long.toUnsignedString(value)).toByteArray()} has: the
   * value's bit length, plus one sign bit, rounded up to bytes.
   */
  public static int bigEndianLength(long value) {
    return ((64 - Long.numberOfLeadingZeros(value)) >>> 3) + 1;
  }

  /**
   * Writes {@code value}, read as unsigned, at {@code dst[pos..]} and returns the number of bytes
   * written (1 to 9).
   */
  public static int writeBigEndian(long value, byte[] dst, int pos) {
    int length = bigEndianLength(value);
    if (length == MAX_BIG_ENDIAN_LENGTH) {
      dst[pos++] = 0;
      for (int shift = 56; shift >= 0; shift -= 8) {
        dst[pos++] = (byte) (value >>> shift);
      }
      return MAX_BIG_ENDIAN_LENGTH;
    }
    for (int shift = (length - 1) << 3; shift >= 0; shift -= 8) {
      dst[pos++] = (byte) (value >>> shift);
    }
    return length;
  }

  /**
   * Writes {@code count} values from {@code src[srcOffset..]} back to back into {@code dst} from
   * {@code dstPos}, recording each value's end in {@code ends[endsOffset + i]}; returns the position
   * after the last byte. {@code dst} needs {@code 9 * count} bytes of room: bytes between the
   * returned position and that room may be overwritten.
   */
  public static int writeBigEndian(long[] src, int srcOffset, int count, byte[] dst, int dstPos, int[] ends, int endsOffset) {
    if (count <= 0) {
      return dstPos;
    }
    // One 8-byte big-endian store per value, no branch on the length: the value shifted to the
    // top of the word puts its length bytes first, and the zeros after them are overwritten by
    // the next value. A 9-byte value (top bit set) is a zero sign byte then the whole word. The
    // last store ends at most 9 bytes past its value's start, inside the room.
    int pos = dstPos;
    for (int i = 0; i < count; i++) {
      long v = src[srcOffset + i];
      int length = ((64 - Long.numberOfLeadingZeros(v)) >>> 3) + 1;
      int signByte = (int) (v >>> 63); // the top bit set is what makes a value 9 bytes long
      dst[pos] = 0;
      LittleEndian.putLongBigEndian(dst, pos + signByte, v << ((8 - length + signByte) << 3));
      pos += length;
      ends[endsOffset + i] = pos;
    }
    return pos;
  }
}
