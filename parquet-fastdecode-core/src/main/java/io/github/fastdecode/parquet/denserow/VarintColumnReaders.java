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
import io.github.fastdecode.parquet.internal.VarInts;

/**
 * The decoder's fast loops: static loops over locals that read a flat INT64, INT32 or DOUBLE column
 * of many rows, and fixed-width container values. Each takes every row it can and returns the
 * first it cannot (near the input's end, malformed, not the shortest form), which {@link
 * RowDecoder}'s checked readers then read or report.
 */
final class VarintColumnReaders {
  private VarintColumnReaders() {}

  /** The continuation bits of eight varint bytes. */
  private static final long STOPS = 0x8080808080808080L;

  /**
   * Version 1 and 2 (LEB128 INT64): rows {@code [r, n)} of a not-nullable INT64 column ({@code nulls} null) or a nullable one, row
   * {@code i}'s varint at {@code pos[i]} within {@code end[i]} (at most {@code in.length}), into
   * {@code a[s + i]}: one 8-byte load per value, no branch on its length where it takes 9 or 10
   * bytes. Returns the first row it does not take (n when it takes them all): a varint within 10
   * bytes of the input's end, longer than the row, malformed, or a nullable INT64's 2^64.
   */
  static int readLongColumn(byte[] in, int[] pos, int[] end, long[] a, boolean[] nulls, int s, int r, int n) {
    int last = in.length - 10;
    for (; r < n; r++) {
      int q = pos[r];
      if (q > last) {
        return r;
      }
      int len;
      long u;
      long w = LittleEndian.getLong(in, q);
      long stops = ~w & STOPS;
      if (nulls == null && (w & 0x80) == 0) {
        // A one-byte value (not-nullable columns only: their lengths tend to repeat, a nullable
        // column's nulls come among its values)
        len = 1;
        u = w & 0x7F;
      } else if (stops != 0) {
        len = (Long.numberOfTrailingZeros(stops) + 1) >>> 3;
        u = VarInts.compress7(w & (stops ^ (stops - 1))); // the bytes up to the one that ends it
      } else {
        int b8 = in[q + 8];
        int b9 = in[q + 9];
        int ten = b8 >>> 31;
        if ((b9 & ~1 & -ten) != 0) {
          return r;
        }
        len = 9 + ten;
        u = VarInts.compress7(w) | ((long) (b8 & 0x7F) << 56) | ((long) (b9 & ten) << 63);
      }
      if (len > end[r] - q) {
        return r;
      }
      if (nulls == null) {
        a[s + r] = (u >>> 1) ^ -(u & 1);
      } else {
        nulls[s + r] = u == 0;
        long z = u - 1;
        a[s + r] = ((z >>> 1) ^ -(z & 1)) & -((u | -u) >>> 63);
      }
      pos[r] = q + len;
    }
    return n;
  }

  /** {@link #readLongColumn} for INT32 (varints of at most 5 bytes in range; others go back). */
  static int readIntColumn(byte[] in, int[] pos, int[] end, int[] a, boolean[] nulls, int s, int r, int n) {
    int last = in.length - 8;
    for (; r < n; r++) {
      int q = pos[r];
      if (q > last) {
        return r;
      }
      long w = LittleEndian.getLong(in, q);
      long stops = ~w & STOPS;
      int len;
      long u;
      if (nulls == null && (w & 0x80) == 0) {
        len = 1; // as in readLongColumn
        u = w & 0x7F;
      } else {
        len = (Long.numberOfTrailingZeros(stops) + 1) >>> 3; // 8 where stops is 0: out of range
        u = VarInts.compress7(w & (stops ^ (stops - 1))); // the bytes up to the one that ends it
      }
      long max = nulls == null ? 0xFFFFFFFFL : 0x100000000L;
      if (stops == 0 || u > max || len > end[r] - q) {
        return r;
      }
      if (nulls == null) {
        int z = (int) u;
        a[s + r] = (z >>> 1) ^ -(z & 1);
      } else {
        nulls[s + r] = u == 0;
        int z = (int) (u - 1);
        a[s + r] = ((z >>> 1) ^ -(z & 1)) & -(int) ((u | -u) >>> 63);
      }
      pos[r] = q + len;
    }
    return n;
  }

  /**
   * {@link #readIntColumn} for version 4's prefix varints: per value one 8-byte load, a trailing
   * ones count, a shift and a mask, a check of the form and of the range. Returns the first row it
   * does not take: a value within 8 bytes of the input's end, longer than the row, of more than 5
   * bytes, not in its shortest form or out of range (the checked reader reports them).
   */
  static int readPrefixIntColumn(byte[] in, int[] pos, int[] end, int[] a, boolean[] nulls, int s, int r, int n) {
    int last = in.length - 8;
    long max = nulls == null ? 0xFFFFFFFFL : 0x100000000L;
    for (; r < n; r++) {
      int q = pos[r];
      if (q > last) {
        return r;
      }
      long w = LittleEndian.getLong(in, q);
      if (nulls == null && (w & 1) == 0 && end[r] > q) {
        // A one-byte value (not-nullable columns only, as in readIntColumn: their lengths tend to
        // repeat; a nullable column's nulls come among its values)
        int z = (int) (w & 0xFF) >>> 1;
        a[s + r] = (z >>> 1) ^ -(z & 1);
        pos[r] = q + 1;
        continue;
      }
      int k = Long.numberOfTrailingZeros(~w); // at most 4 in range; 64 where w is all ones
      int len = k + 1;
      if (k > 4 || len > end[r] - q) {
        return r;
      }
      long u = (w >>> len) & (-1L >>> (57 - 7 * k));
      if (Long.numberOfLeadingZeros(u | 1) + 7 * k >= 64 || u > max) {
        return r;
      }
      if (nulls == null) {
        int z = (int) u;
        a[s + r] = (z >>> 1) ^ -(z & 1);
      } else {
        nulls[s + r] = u == 0;
        int z = (int) (u - 1);
        a[s + r] = ((z >>> 1) ^ -(z & 1)) & -(int) ((u | -u) >>> 63);
      }
      pos[r] = q + len;
    }
    return n;
  }

  /** {@link #readLongColumn} for DOUBLE: 8 raw bytes, after a 0/1 marker where nullable (a null is 0.0). */
  static int readDoubleColumn(byte[] in, int[] pos, int[] end, double[] a, boolean[] nulls, int s, int r, int n) {
    for (; r < n; r++) {
      int q = pos[r];
      int room = end[r] - q;
      if (nulls != null) {
        if (room < 1) {
          return r;
        }
        int tag = in[q];
        if (tag == 0) {
          nulls[s + r] = true;
          a[s + r] = 0;
          pos[r] = q + 1;
          continue;
        }
        if (tag != 1) {
          return r;
        }
        nulls[s + r] = false;
        q++;
        room--;
      }
      if (room < 8) {
        return r;
      }
      a[s + r] = Double.longBitsToDouble(LittleEndian.getLong(in, q));
      pos[r] = q + 8;
    }
    return n;
  }

  /**
   * {@link #readLongColumn} for version 3's prefix varints: per value one 8-byte load, a trailing
   * ones count, a shift and a mask (a second load for the 9-byte form), and a check of the form.
   * Returns the first row it does not take: a value within 9 bytes of the input's end, longer
   * than the row, not in its shortest form, or a nullable Long.MIN_VALUE (the checked reader
   * reports or reads them).
   */
  static int readPrefixLongColumn(byte[] in, int[] pos, int[] end, long[] a, boolean[] nulls, int s, int r, int n) {
    int last = in.length - 9;
    for (; r < n; r++) {
      int q = pos[r];
      if (q > last) {
        return r;
      }
      long w = LittleEndian.getLong(in, q);
      int k = Math.min(Long.numberOfTrailingZeros(~w), 8);
      int len = k + 1;
      if (len > end[r] - q) {
        return r;
      }
      if (nulls == null) {
        long u = k < 8 ? (w >>> len) & (-1L >>> (57 - 7 * k)) : LittleEndian.getLong(in, q + 1);
        if (Long.numberOfLeadingZeros(u | 1) + 7 * k >= 64) {
          return r;
        }
        a[s + r] = (u >>> 1) ^ -(u & 1);
      } else {
        // t = zz64(v) + 1 in either form (0 for a null); the 9-byte form's shortest check is then
        // the same as the others' (t at or above 2^56), but for Long.MIN_VALUE, where t wraps.
        long t = k < 8 ? (w >>> len) & (-1L >>> (57 - 7 * k)) : LittleEndian.getLong(in, q + 1) + 1;
        if (Long.numberOfLeadingZeros(t | 1) + 7 * k >= 64) {
          return r;
        }
        nulls[s + r] = t == 0;
        long z = t - 1;
        a[s + r] = ((z >>> 1) ^ -(z & 1)) & -((t | -t) >>> 63);
      }
      pos[r] = q + len;
    }
    return n;
  }

  /**
   * {@code n} zig-zag values of {@code w} bytes from {@code b[q ..]} into {@code a[s ..]}: one
   * 8-byte load and mask per value wherever the input has 8 bytes from the value (past the row's
   * end is harmless), the bytes one by one for values among the input's last 7 bytes.
   */
  static void readFixedLongs(byte[] b, int q, int w, int n, long[] a, int s) {
    int room = b.length - 8 - q;
    int wide = room >= n * w - w ? n : room < 0 ? 0 : Math.min(n, room / w + 1);
    long mask = w == 8 ? -1L : (1L << (w << 3)) - 1;
    int i = 0;
    for (; i < wide; i++, q += w) {
      long u = LittleEndian.getLong(b, q) & mask;
      a[s + i] = (u >>> 1) ^ -(u & 1);
    }
    for (; i < n; i++, q += w) {
      long u = littleEndian(b, q, w);
      a[s + i] = (u >>> 1) ^ -(u & 1);
    }
  }

  /** {@link #readFixedLongs} into INT32 values (w at most 4). */
  static void readFixedInts(byte[] b, int q, int w, int n, int[] a, int s) {
    int room = b.length - 8 - q;
    int wide = room >= n * w - w ? n : room < 0 ? 0 : Math.min(n, room / w + 1);
    long mask = (1L << (w << 3)) - 1;
    int i = 0;
    for (; i < wide; i++, q += w) {
      int u = (int) (LittleEndian.getLong(b, q) & mask);
      a[s + i] = (u >>> 1) ^ -(u & 1);
    }
    for (; i < n; i++, q += w) {
      int u = (int) littleEndian(b, q, w);
      a[s + i] = (u >>> 1) ^ -(u & 1);
    }
  }

  private static long littleEndian(byte[] b, int q, int w) {
    long u = 0;
    for (int k = 0; k < w; k++) {
      u |= (long) (b[q + k] & 0xFF) << (k << 3);
    }
    return u;
  }
}
