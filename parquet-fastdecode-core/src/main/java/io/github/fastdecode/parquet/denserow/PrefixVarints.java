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
package io.github.fastdecode.parquet.denserow;

import io.github.fastdecode.parquet.internal.LittleEndian;

/**
 * Prefix varints, the form of INT64 values from version 3 and of INT32 values from version 4 (the
 * grammar: {@link DenseRowCodec}): their sizes and writers, the shortest-form check the readers
 * apply, and eight one-byte zig-zag values at once. LEB128 varints (lengths, counts, headers) are
 * {@link io.github.fastdecode.parquet.internal.VarInts}'.
 */
final class PrefixVarints {
  private PrefixVarints() {}

  /**
   * The trailing ones n (0..8) of the shortest prefix varint of an unsigned value with {@code lz}
   * leading zeros: ceil(bits / 7) - 1 up to 56 bits, 8 above. Index 64 (the value 0) gives 8: the
   * nullable writer's zz64(v) + 1 that wrapped (v = Long.MIN_VALUE); the not-nullable one looks
   * up {@code u | 1}, which never has 64.
   */
  static final byte[] PREFIX_ONES = new byte[65];
  /** Bytes of the prefix varint of zz64(x) by the leading zeros of {@code x ^ (x >> 63)} (zz64's bits are 65 minus them). */
  static final byte[] ZZ64_PREFIX_BYTES = new byte[65];

  static {
    for (int lz = 0; lz <= 64; lz++) {
      int bits = 64 - lz;
      PREFIX_ONES[lz] = (byte) (lz == 64 || bits > 56 ? 8 : Math.max(1, bits + 6) / 7 - 1);
      int zzBits = Math.max(1, 65 - lz);
      ZZ64_PREFIX_BYTES[lz] = (byte) (zzBits > 56 ? 9 : (zzBits + 6) / 7);
    }
  }

  /** Bytes of the prefix varint of {@code u} (unsigned). */
  static int prefixSize(long u) {
    return PREFIX_ONES[Long.numberOfLeadingZeros(u | 1)] + 1;
  }

  /** Bytes of a nullable INT64's not-null value {@code v}. */
  static int nullablePrefixSize(long v) {
    return PREFIX_ONES[Long.numberOfLeadingZeros(((v << 1) ^ (v >> 63)) + 1)] + 1;
  }

  /** Writes the shortest prefix varint of {@code u} at {@code out[pos ..]} within {@code end}; returns its end. */
  static int putPrefix(byte[] out, int pos, long u, int end) {
    return putPrefix(out, pos, u, PREFIX_ONES[Long.numberOfLeadingZeros(u | 1)], end);
  }

  /**
   * Writes a nullable INT64's not-null value {@code v}: prefix(zz64(v) + 1) where that is below
   * 2^56, else 0xFF and zz64(v).
   */
  static int putNullablePrefix(byte[] out, int pos, long v, int end) {
    long t = ((v << 1) ^ (v >> 63)) + 1;
    int n = PREFIX_ONES[Long.numberOfLeadingZeros(t)];
    return putPrefix(out, pos, t - (n >>> 3), n, end);
  }

  /**
   * Writes the prefix varint with {@code n} trailing ones (0..8) of {@code x} (for n = 8 the 8
   * bytes after 0xFF). With 9 bytes of room in the row two 8-byte stores and no branch on n:
   * {@code x} at {@code pos + 1}, then the first 8 bytes over it ({@code x << (n + 1)} and the n
   * ones, or for n = 8 0xFF and x's low 7 bytes, its 8th byte left from the first store); the
   * bytes past the value are the row's, and what follows overwrites them.
   */
  static int putPrefix(byte[] out, int pos, long x, int n, int end) {
    int room = end - pos;
    if (room >= 9) {
      LittleEndian.putLong(out, pos + 1, x);
      LittleEndian.putLong(out, pos, (x << (n + 1 - (n >>> 3))) | ((1L << n) - 1));
      return pos + n + 1;
    }
    if (n == 0 && room >= 1) {
      out[pos] = (byte) (x << 1); // a one-byte value at a row's end (the last column of small integers)
      return pos + 1;
    }
    if (n < 8 && room >= 4) {
      // Rows shorter than 9 bytes (a column of small integers alone): one 8-byte store, or a
      // 4-byte store and the rest byte by byte, all within the row.
      long word = (x << (n + 1)) | ((1L << n) - 1);
      if (room >= 8) {
        LittleEndian.putLong(out, pos, word);
      } else {
        LittleEndian.putInt(out, pos, (int) word);
        for (int k = 4; k <= n; k++) {
          out[pos + k] = (byte) (word >>> (k << 3));
        }
      }
      return pos + n + 1;
    }
    return putPrefixBytes(out, pos, x, n);
  }

  /**
   * An INT32's prefix varint ({@code u} at most 2^32, so {@code n} at most 4 and the value's bytes
   * at most 5): one 8-byte store where the row has 8 bytes left (the bytes past the value are the
   * row's, and what follows overwrites them), else as {@link #putPrefix(byte[], int, long, int, int)}.
   */
  static int putPrefix32(byte[] out, int pos, long u, int n, int end) {
    if (end - pos >= 8) {
      LittleEndian.putLong(out, pos, (u << (n + 1)) | ((1L << n) - 1));
      return pos + n + 1;
    }
    return putPrefix(out, pos, u, n, end);
  }

  /** {@link #putPrefix(byte[], int, long, int, int)} byte by byte: nothing stored past the value. */
  static int putPrefixBytes(byte[] out, int pos, long x, int n) {
    if (n == 1) {
      // two bytes, the common short form in rows too small for the 8-byte stores
      out[pos] = (byte) ((x << 2) | 1);
      out[pos + 1] = (byte) (x >>> 6);
      return pos + 2;
    }
    if (n == 8) {
      out[pos] = (byte) 0xFF;
      for (int k = 0; k < 8; k++) {
        out[pos + 1 + k] = (byte) (x >>> (k << 3));
      }
      return pos + 9;
    }
    long word = (x << (n + 1)) | ((1L << n) - 1);
    for (int k = 0; k <= n; k++) {
      out[pos + k] = (byte) (word >>> (k << 3));
    }
    return pos + n + 1;
  }

  /** A not-nullable INT64 (or INT32: u = zz32) as versions 3 and 4 write it, with no bytes stored past it. */
  static int putPrefixBytes(byte[] out, int pos, long u) {
    return putPrefixBytes(out, pos, u, PREFIX_ONES[Long.numberOfLeadingZeros(u | 1)]);
  }

  /** A nullable INT64's not-null value as versions 3 and 4 write it, with no bytes stored past it. */
  static int putNullablePrefixBytes(byte[] out, int pos, long v) {
    long t = ((v << 1) ^ (v >> 63)) + 1;
    int n = PREFIX_ONES[Long.numberOfLeadingZeros(t)];
    return putPrefixBytes(out, pos, t - (n >>> 3), n);
  }

  /**
   * Whether a prefix varint with {@code n} trailing ones holding {@code u} (for n = 8 the value
   * after 0xFF) is the shortest form of {@code u}: u needs more than 7n bits (any u for n = 0).
   */
  static boolean shortest(long u, int n) {
    return Long.numberOfLeadingZeros(u | 1) + 7 * n < 64;
  }

  /**
   * The eight bytes of {@code w}, each a one-byte zig-zag varint (below 0x80), decoded at once:
   * each byte of the result is its value as a signed byte.
   */
  static long unzigzagBytes(long w) {
    return ((w >>> 1) & 0x7F7F7F7F7F7F7F7FL) ^ ((w & 0x0101010101010101L) * 0xFF);
  }

  /**
   * The low bytes of eight values in [-64, 64), as eight bytes, zig-zag encoded at once (each
   * byte's zig-zag value, below 0x80).
   */
  static long zigzagBytes(long lowBytes) {
    return ((lowBytes << 1) & 0xFEFEFEFEFEFEFEFEL) ^ (((lowBytes >>> 7) & 0x0101010101010101L) * 0xFF);
  }
}
