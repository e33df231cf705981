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

/**
 * ULEB128 varints (and their zig-zag forms) stored into a {@code byte[]}: the byte-by-byte writer
 * callers leave 10 bytes of room for, and the writers of DenseRow's rows (one or two 8-byte stores
 * within a row's bytes, no branch on the value's length), their sizes and the scalar bit deposit
 * and extract behind them.
 */
public final class VarInts {
  private VarInts() {}

  /** Stores {@code v} as an unsigned varint at {@code pos}; returns the position after it. */
  public static int putUnsigned(byte[] out, int pos, long v) {
    if ((v & ~0x7FL) == 0) {
      out[pos] = (byte) v;
      return pos + 1;
    }
    if ((v & ~0x3FFFL) == 0) {
      out[pos] = (byte) (v | 0x80);
      out[pos + 1] = (byte) (v >>> 7);
      return pos + 2;
    }
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

  /** Bytes of the varint of {@code u} (unsigned). */
  /** Bytes of the varint of {@code u} (unsigned). */
  public static int size(long u) {
    return VARINT_BYTES[Long.numberOfLeadingZeros(u | 1)];
  }

  /** Bytes of the varint of a value with {@code lz} leading zeros (at most 63: the value's bit 0 set). */
  private static final byte[] VARINT_BYTES = new byte[64];
  /** The continuation bits among the first eight bytes of that varint. */
  private static final long[] CONTINUATIONS = new long[64];

  static {
    for (int lz = 0; lz < 64; lz++) {
      int n = (64 - lz + 6) / 7; // ceil(bits / 7)
      VARINT_BYTES[lz] = (byte) n;
      CONTINUATIONS[lz] = 0x8080808080808080L & (n > 8 ? -1L : (1L << ((n - 1) << 3)) - 1);
    }
  }

  /**
   * The low 56 bits of {@code u} in eight bytes of seven bits each (a scalar bit deposit): halves
   * of 28 bits into 32-bit lanes, those into 14 bits per 16-bit lane, those into 7 bits per byte,
   * three shift-and-mask steps rather than one per byte.
   */
  public static long spread7(long u) {
    long x = ((u << 4) & 0x0FFFFFFF00000000L) | (u & 0x0FFFFFFFL);
    x = ((x << 2) & 0x3FFF00003FFF0000L) | (x & 0x00003FFF00003FFFL);
    return ((x << 1) & 0x7F007F007F007F00L) | (x & 0x007F007F007F007FL);
  }

  /**
   * The seven low bits of each of the eight bytes of {@code x}, packed (a scalar bit extract): the
   * steps of {@link #spread7} backwards.
   */
  public static long compress7(long x) {
    x = ((x >>> 1) & 0x3F803F803F803F80L) | (x & 0x007F007F007F007FL);
    x = ((x >>> 2) & 0x0FFFC0000FFFC000L) | (x & 0x00003FFF00003FFFL);
    return ((x >>> 4) & 0x00FFFFFFF0000000L) | (x & 0x000000000FFFFFFFL);
  }

  /**
   * As {@link #putUnsigned(byte[], int, long)}, with one 8-byte store for the first eight bytes: {@code out} must have 8
   * bytes from {@code pos} that belong to the row being written (those past the varint are
   * overwritten by what follows it). No branch on the value's bytes.
   */
  public static int putUnsignedWide(byte[] out, int pos, long u) {
    int n = size(u);
    if (n <= 8) {
      LittleEndian.putLong(out, pos, spread7(u) | (0x8080808080808080L & ((1L << ((n - 1) << 3)) - 1)));
      return pos + n;
    }
    LittleEndian.putLong(out, pos, spread7(u) | 0x8080808080808080L);
    // 9 or 10 bytes without a branch (random longs are half and half): byte 8 is the top 8 bits,
    // with the continuation bit where bit 63 is set, and then byte 9 is 1; otherwise byte 8 is
    // stored twice.
    long hi = u >>> 56;
    int ten = (int) (u >>> 63);
    out[pos + 8] = (byte) (hi | ((long) ten << 7));
    out[pos + 8 + ten] = (byte) (hi >>> (7 * ten));
    return pos + 9 + ten;
  }

  /**
   * As {@link #putUnsignedWide}, without a branch on the value at all (varints of mixed lengths, a
   * nullable column's nulls among its values): {@code out} must have 10 bytes from {@code pos}
   * that belong to the row.
   */
  public static int putUnsignedTen(byte[] out, int pos, long u) {
    int lz = Long.numberOfLeadingZeros(u | 1);
    int n = VARINT_BYTES[lz];
    long lo = spread7(u) | CONTINUATIONS[lz];
    LittleEndian.putLong(out, pos, lo);
    // Bytes 8 and 9 (the top 8 bits, with a continuation bit where bit 63 is set, then 1) as the
    // top of a second 8-byte store over bytes 2 to 9.
    long ten = u >>> 63;
    LittleEndian.putLong(out, pos + 2, (lo >>> 16) | ((u >>> 56 | ten << 7) << 48) | (ten << 56));
    return pos + n;
  }

  /** {@link #putUnsignedTen}, {@link #putUnsignedWide} or {@link #putUnsigned(byte[], int, long)}, as the row's room allows. */
  public static int putUnsigned(byte[] out, int pos, long u, int end) {
    int room = end - pos;
    return room >= 10 ? putUnsignedTen(out, pos, u) : room >= 8 ? putUnsignedWide(out, pos, u) : putUnsigned(out, pos, u);
  }
}
