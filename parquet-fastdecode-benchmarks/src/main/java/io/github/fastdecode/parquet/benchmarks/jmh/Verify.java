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
package io.github.fastdecode.parquet.benchmarks.jmh;

import io.github.fastdecode.parquet.BinaryBatch;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.io.api.Binary;

/**
 * The check every benchmark runs once in setup: both sides decode every page into their
 * destinations and must leave exactly the same values there. A benchmark of a reader that gives
 * wrong answers would be meaningless, so a mismatch aborts the run.
 */
final class Verify {
  private Verify() {}

  /** Decodes page {@code p} into the side's destination, exactly as the benchmark method does. */
  @FunctionalInterface
  interface PageDecoder {
    void decode(int page) throws IOException;
  }

  /** A {@link PageDecoder} that also returns a count (non-null values, say) both sides must agree on. */
  @FunctionalInterface
  interface CountingPageDecoder {
    int decode(int page) throws IOException;
  }

  /**
   * For every page, runs {@code expected} then {@code actual} and compares the first {@code count}
   * values of their destinations bit for bit (NaN payloads included).
   *
   * <p>Destinations are {@code int[]}, {@code long[]}, {@code float[]}, {@code double[]}, {@code
   * boolean[]}, {@code byte[]} (booleans as 0 and 1, as Trino holds them), {@code Binary[]} (null entries allowed), {@link BinaryBatch} (whose size must then
   * be {@code count}) or {@link BinaryRows}; they may be the same object. Before {@code actual}
   * runs, a numeric or boolean destination is overwritten with the complement of the expected
   * values, so a value the reader fails to write cannot pass by being left over.
   */
  static void samePages(String label, BenchmarkPages pages, int count,
      Object expectedDst, PageDecoder expected, Object actualDst, PageDecoder actual) {
    for (int p = 0; p < BenchmarkPages.PAGES; p++) {
      String where = label + " page " + p + " (seed " + BenchmarkPages.seed(p) + ")";
      try {
        expected.decode(p);
        Object want = snapshot(expectedDst, count, where);
        poison(actualDst, want);
        actual.decode(p);
        Object got = snapshot(actualDst, count, where);
        if (want instanceof long[]) {
          compare(where, (long[]) want, (long[]) got);
        } else {
          compare(where, (byte[][]) want, (byte[][]) got);
        }
      } catch (IOException e) {
        throw new IllegalStateException(where + ": " + e, e);
      }
    }
  }

  /** As {@link #samePages}, and the two sides' counts for each page must be equal too. */
  static void samePagesAndCounts(String label, BenchmarkPages pages, int count,
      Object expectedDst, CountingPageDecoder expected, Object actualDst, CountingPageDecoder actual) {
    int[] want = new int[BenchmarkPages.PAGES];
    samePages(label, pages, count, expectedDst, p -> want[p] = expected.decode(p), actualDst, p -> {
      int got = actual.decode(p);
      if (got != want[p]) {
        throw new IllegalStateException(label + " page " + p + " (seed " + BenchmarkPages.seed(p) + "): count "
            + got + ", parquet-java " + want[p]);
      }
    });
  }

  /** The first {@code count} values as raw bits ({@code long[]}) or bytes ({@code byte[][]}). */
  private static Object snapshot(Object dst, int count, String where) {
    if (dst instanceof int[]) {
      int[] a = (int[]) dst;
      long[] bits = new long[count];
      for (int i = 0; i < count; i++) {
        bits[i] = a[i];
      }
      return bits;
    } else if (dst instanceof long[]) {
      return Arrays.copyOf((long[]) dst, count);
    } else if (dst instanceof float[]) {
      float[] a = (float[]) dst;
      long[] bits = new long[count];
      for (int i = 0; i < count; i++) {
        bits[i] = Float.floatToRawIntBits(a[i]);
      }
      return bits;
    } else if (dst instanceof double[]) {
      double[] a = (double[]) dst;
      long[] bits = new long[count];
      for (int i = 0; i < count; i++) {
        bits[i] = Double.doubleToRawLongBits(a[i]);
      }
      return bits;
    } else if (dst instanceof boolean[]) {
      boolean[] a = (boolean[]) dst;
      long[] bits = new long[count];
      for (int i = 0; i < count; i++) {
        bits[i] = a[i] ? 1 : 0;
      }
      return bits;
    } else if (dst instanceof byte[]) {
      byte[] a = (byte[]) dst;
      long[] bits = new long[count];
      for (int i = 0; i < count; i++) {
        bits[i] = a[i];
      }
      return bits;
    } else if (dst instanceof Binary[]) {
      Binary[] a = (Binary[]) dst;
      byte[][] values = new byte[count][];
      for (int i = 0; i < count; i++) {
        values[i] = a[i] == null ? null : a[i].getBytes();
      }
      return values;
    } else if (dst instanceof BinaryBatch) {
      BinaryBatch b = (BinaryBatch) dst;
      if (b.size() != count) {
        throw new IllegalStateException(where + ": batch holds " + b.size() + " values, expected " + count);
      }
      byte[][] values = new byte[count][];
      for (int i = 0; i < count; i++) {
        values[i] = b.toByteArray(i);
      }
      return values;
    } else if (dst instanceof BinaryRows) {
      BinaryRows rows = (BinaryRows) dst;
      byte[][] values = new byte[count][];
      for (int i = 0; i < count; i++) {
        values[i] = rows.row(i);
      }
      return values;
    }
    throw new IllegalArgumentException("unsupported destination " + dst.getClass());
  }

  private static void poison(Object dst, Object want) {
    if (!(want instanceof long[])) {
      return; // binary destinations are cleared or overwritten by every decode
    }
    long[] bits = (long[]) want;
    if (dst instanceof int[]) {
      int[] a = (int[]) dst;
      for (int i = 0; i < bits.length; i++) {
        a[i] = (int) ~bits[i];
      }
    } else if (dst instanceof long[]) {
      long[] a = (long[]) dst;
      for (int i = 0; i < bits.length; i++) {
        a[i] = ~bits[i];
      }
    } else if (dst instanceof float[]) {
      float[] a = (float[]) dst;
      for (int i = 0; i < bits.length; i++) {
        a[i] = Float.intBitsToFloat((int) ~bits[i]);
      }
    } else if (dst instanceof double[]) {
      double[] a = (double[]) dst;
      for (int i = 0; i < bits.length; i++) {
        a[i] = Double.longBitsToDouble(~bits[i]);
      }
    } else if (dst instanceof boolean[]) {
      boolean[] a = (boolean[]) dst;
      for (int i = 0; i < bits.length; i++) {
        a[i] = bits[i] == 0;
      }
    } else if (dst instanceof byte[]) {
      byte[] a = (byte[]) dst;
      for (int i = 0; i < bits.length; i++) {
        a[i] = (byte) ~bits[i];
      }
    }
  }

  private static void compare(String where, long[] want, long[] got) {
    int i = Arrays.mismatch(want, got);
    if (i >= 0) {
      throw new IllegalStateException(where + ": value " + i + " differs: parquet-java 0x" + Long.toHexString(want[i])
          + ", benchmarked 0x" + Long.toHexString(got[i]));
    }
  }

  private static void compare(String where, byte[][] want, byte[][] got) {
    for (int i = 0; i < want.length; i++) {
      if (!Arrays.equals(want[i], got[i])) {
        throw new IllegalStateException(where + ": value " + i + " differs: parquet-java " + Arrays.toString(want[i])
            + ", benchmarked " + Arrays.toString(got[i]));
      }
    }
  }
}
