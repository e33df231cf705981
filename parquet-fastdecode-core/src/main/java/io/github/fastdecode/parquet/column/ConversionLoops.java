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
package io.github.fastdecode.parquet.column;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.internal.LittleEndian;
import java.util.Arrays;

/**
 * The conversion loops a {@link LogicalColumn} stands for, over a {@link ColumnBatch}'s arrays: a
 * page's values read and converted into the target array, the target grown for a repeated column,
 * values spread to their rows by the null mask. Kept apart from {@link LogicalColumn}, which only
 * describes what the values mean, so that the description does not depend on the batch.
 */
final class ConversionLoops {
  private static final long MAX_MILLIS_AS_NANOS = Long.MAX_VALUE / 1_000_000L;
  private static final long MAX_MICROS_AS_NANOS = Long.MAX_VALUE / 1_000L;

  private ConversionLoops() {}

  /**
   * Reads {@code n} values into the target array at {@code [at, at + n)}, converted. Binary sources
   * are read into the batch's byte-array scratch first (reset by each read), numeric ones into the
   * physical array at the same positions.
   */
  static void read(LogicalColumn l, BatchValuesReader r, ColumnBatch b, int at, int n) {
    LogicalColumn.Kernel kernel = l.kernel();
    switch (kernel) {
      case I32_TO_LONG:
        r.readIntegersAsLongs(b.longs, at, n);
        break;
      case U32_TO_LONG:
        r.readUnsignedIntegersAsLongs(b.longs, at, n);
        break;
      case I32_TO_DOUBLE:
        r.readIntegersAsDoubles(b.doubles, at, n);
        break;
      case U32_TO_DOUBLE: {
        int[] src = b.ints;
        double[] dst = b.doubles;
        r.readIntegers(src, at, n);
        for (int i = at, end = at + n; i < end; i++) {
          dst[i] = src[i] & 0xFFFF_FFFFL;
        }
        break;
      }
      case I64_TO_DOUBLE: {
        long[] src = b.longs;
        double[] dst = b.doubles;
        r.readLongs(src, at, n);
        for (int i = at, end = at + n; i < end; i++) {
          dst[i] = src[i];
        }
        break;
      }
      case U64_TO_DOUBLE: {
        long[] src = b.longs;
        double[] dst = b.doubles;
        r.readLongs(src, at, n);
        for (int i = at, end = at + n; i < end; i++) {
          dst[i] = LogicalColumn.unsignedToDouble(src[i]);
        }
        break;
      }
      case F32_TO_DOUBLE:
        r.readFloatsAsDoubles(b.doubles, at, n);
        break;
      case DATE_MICROS:
        r.readDatesAsMicros(b.longs, at, n);
        break;
      case MILLIS_TO_MICROS:
        r.readTimestampMillisAsMicros(b.longs, at, n);
        break;
      case NANOS_TO_MICROS:
        r.readTimestampNanosAsMicros(b.longs, at, n);
        break;
      case MILLIS_TO_NANOS:
        r.readLongs(b.longs, at, n);
        scaleExact(l, b.longs, at, n, 1_000_000L, MAX_MILLIS_AS_NANOS, "TIMESTAMP(MILLIS)");
        break;
      case MICROS_TO_NANOS:
        r.readLongs(b.longs, at, n);
        scaleExact(l, b.longs, at, n, 1_000L, MAX_MICROS_AS_NANOS, "TIMESTAMP(MICROS)");
        break;
      case INT96_MICROS:
        r.readInt96AsMicros(b.longs, at, n);
        break;
      case INT96_NANOS:
        r.readInt96AsNanos(b.longs, at, n);
        break;
      case BYTES_TO_LONG:
        r.readBigEndianAsLongs(b.longs, at, n);
        break;
      case I32_TO_128: {
        int[] src = b.ints;
        r.readIntegers(src, at, n);
        byte[] dst = b.decimal128;
        for (int i = at, end = at + n; i < end; i++) {
          put128(dst, i, src[i] >> 31, src[i]);
        }
        break;
      }
      case I64_TO_128:
      case U64_TO_128: {
        long[] src = b.longs;
        r.readLongs(src, at, n);
        byte[] dst = b.decimal128;
        boolean signed = kernel == LogicalColumn.Kernel.I64_TO_128;
        for (int i = at, end = at + n; i < end; i++) {
          put128(dst, i, signed ? src[i] >> 63 : 0, src[i]);
        }
        break;
      }
      case BYTES_TO_128: {
        BinaryBatch scratch = b.binaries;
        int first = scratch.size();
        r.readBinaries(scratch, n);
        bytesTo128(l, scratch, first, b.decimal128, at, n);
        break;
      }
      case FLOAT16: {
        BinaryBatch scratch = b.binaries;
        int first = scratch.size();
        r.readBinaries(scratch, n);
        float16ToFloats(scratch, first, b.floats, at, n);
        break;
      }
      default:
        throw new IllegalStateException("no conversion loop for " + kernel);
    }
  }

  /** Grows the target array to hold {@code values} values (a repeated column's batch grows with its records). */
  static void ensureRoom(LogicalColumn l, ColumnBatch b, int values) {
    switch (l.target()) {
      case LONGS:
        if (b.longs.length < values) {
          b.longs = Arrays.copyOf(b.longs, grown(b.longs.length, values));
        }
        break;
      case DOUBLES:
        if (b.doubles.length < values) {
          b.doubles = Arrays.copyOf(b.doubles, grown(b.doubles.length, values));
        }
        break;
      case FLOATS:
        if (b.floats.length < values) {
          b.floats = Arrays.copyOf(b.floats, grown(b.floats.length, values));
        }
        break;
      case DECIMAL_128:
        if (b.decimal128.length < 16L * values) {
          b.decimal128 = Arrays.copyOf(b.decimal128, Math.multiplyExact(16, grown(b.decimal128.length >> 4, values)));
        }
        break;
      default:
        break; // INTS is the physical array, which the batch grows itself
    }
  }

  private static int grown(int length, int needed) {
    return (int) Math.min((Integer.MAX_VALUE - 16) / 16, Math.max(needed, length + (long) (length >> 1)));
  }

  /**
   * Moves {@code nonNull} converted values at {@code [at, at + nonNull)} to their rows among
   * {@code [at, at + m)} by the null mask, zeroing null rows (backwards: a value only moves right).
   */
  static void spread(LogicalColumn l, ColumnBatch b, boolean[] nulls, int at, int m, int nonNull) {
    switch (l.target()) {
      case LONGS: {
        long[] a = b.longs;
        for (int i = at + m - 1, k = at + nonNull - 1; i >= at; i--) {
          a[i] = nulls[i] ? 0 : a[k--];
        }
        break;
      }
      case DOUBLES: {
        double[] a = b.doubles;
        for (int i = at + m - 1, k = at + nonNull - 1; i >= at; i--) {
          a[i] = nulls[i] ? 0 : a[k--];
        }
        break;
      }
      case FLOATS: {
        float[] a = b.floats;
        for (int i = at + m - 1, k = at + nonNull - 1; i >= at; i--) {
          a[i] = nulls[i] ? 0 : a[k--];
        }
        break;
      }
      case INTS: {
        int[] a = b.ints;
        for (int i = at + m - 1, k = at + nonNull - 1; i >= at; i--) {
          a[i] = nulls[i] ? 0 : a[k--];
        }
        break;
      }
      case DECIMAL_128: {
        byte[] a = b.decimal128;
        for (int i = at + m - 1, k = at + nonNull - 1; i >= at; i--) {
          if (nulls[i]) {
            Arrays.fill(a, i << 4, (i << 4) + 16, (byte) 0);
          } else {
            if (k != i) {
              System.arraycopy(a, k << 4, a, i << 4, 16);
            }
            k--;
          }
        }
        break;
      }
      default:
        throw new IllegalStateException("no converted values in " + l.target());
    }
  }

  /** {@code v} read as unsigned, rounded to the nearest double (halving keeps the sticky bit). */

  private static void scaleExact(LogicalColumn l, long[] a, int at, int n, long factor, long max, String what) {
    for (int i = at, end = at + n; i < end; i++) {
      long v = a[i];
      if (v > max || v < -max) {
        throw new ArithmeticException("long overflow: " + what + " " + v + " in column " + l.pathForMessages() + " does not fit in nanoseconds");
      }
      a[i] = v * factor;
    }
  }

  private static void bytesTo128(LogicalColumn l, BinaryBatch src, int first, byte[] dst, int at, int n) {
    byte[] bytes = src.bytes();
    int[] offsets = src.offsets();
    for (int i = 0; i < n; i++) {
      int o = offsets[first + i];
      int len = offsets[first + i + 1] - o;
      int d = (at + i) << 4;
      if (len == 0) {
        Arrays.fill(dst, d, d + 16, (byte) 0);
        continue;
      }
      if (len > 16) {
        int start = o + len - 16;
        checkSignExtension(l, bytes, o, start, 16);
        System.arraycopy(bytes, start, dst, d, 16);
        continue;
      }
      byte sign = (byte) (bytes[o] >> 7);
      Arrays.fill(dst, d, d + 16 - len, sign);
      System.arraycopy(bytes, o, dst, d + 16 - len, len);
    }
  }

  /** Bytes {@code [from, start)} must repeat the sign of byte {@code start}, or the value does not fit. */
  private static void checkSignExtension(LogicalColumn l, byte[] bytes, int from, int start, int width) {
    byte sign = (byte) (bytes[start] >> 7);
    for (int p = from; p < start; p++) {
      if (bytes[p] != sign) {
        throw new ArithmeticException("DECIMAL value of " + (start - from + width) + " bytes in column "
            + l.pathForMessages() + " does not fit in " + width + " bytes");
      }
    }
  }

  private static void put128(byte[] dst, int index, long high, long low) {
    int d = index << 4;
    LittleEndian.putLongBigEndian(dst, d, high);
    LittleEndian.putLongBigEndian(dst, d + 8, low);
  }

  private static void float16ToFloats(BinaryBatch src, int first, float[] dst, int at, int n) {
    byte[] bytes = src.bytes();
    int[] offsets = src.offsets();
    for (int i = 0; i < n; i++) {
      int o = offsets[first + i];
      dst[at + i] = LogicalColumn.float16ToFloat((bytes[o] & 0xFF) | (bytes[o + 1] & 0xFF) << 8);
    }
  }

  /** An IEEE 754 binary16 value (its 16 bits in the low bits of {@code h}) as a float, exactly; NaN payloads kept. */
}
