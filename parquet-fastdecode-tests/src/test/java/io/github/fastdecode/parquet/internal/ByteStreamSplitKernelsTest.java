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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.internal.VectorSupport;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The gather kernels alone, against values laid out into streams here: the vector kernels (when on)
 * and the scalar kernels, every 4- and 8-byte type and FIXED_LEN_BYTE_ARRAY, reads of 0..200 values and long ones, starting at
 * odd positions of the section and of the destination, with the section's last stream ending at the
 * array's end (a kernel that loads a byte too far fails) or followed by junk. Floats and doubles
 * carry NaN payloads and -0.0 and are compared bit for bit.
 */
class ByteStreamSplitKernelsTest {
  private static final long SEED = 0x5EED_0B55L;
  private static final int SENTINEL = 0x5A5A_5A5A;

  /** Read lengths: every count 0..200, then long reads not a multiple of any vector length. */
  private static int[] counts() {
    return IntStream.concat(IntStream.rangeClosed(0, 200), IntStream.of(255, 1000, 4099)).toArray();
  }

  /**
   * A section of {@code n} values of {@code width} bytes (value {@code i}'s byte {@code k} at {@code
   * lead + k * n + i}), after {@code lead} junk bytes and followed by {@code slack} junk bytes.
   */
  private static byte[] section(long[] values, int width, int lead, int slack, Random r) {
    int n = values.length;
    byte[] a = new byte[lead + width * n + slack];
    r.nextBytes(a);
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < width; k++) {
        a[lead + k * n + i] = (byte) (values[i] >>> (8 * k));
      }
    }
    return a;
  }

  private static long[] floatBits(float[] f) {
    long[] v = new long[f.length];
    for (int i = 0; i < f.length; i++) {
      v[i] = Float.floatToRawIntBits(f[i]);
    }
    return v;
  }

  private static long[] doubleBits(double[] d) {
    long[] v = new long[d.length];
    for (int i = 0; i < d.length; i++) {
      v[i] = Double.doubleToRawLongBits(d[i]);
    }
    return v;
  }

  /** A kernel under test: reads {@code n} values from section index {@code from} into {@code dst[off..]} as bit patterns. */
  interface Gather {
    /** Returns how many values the kernel wrote (all {@code n} for the complete kernels). */
    int run(byte[] a, int p, int stride, long[] out, int off, int n);
  }

  private static Gather ints(boolean vectorOnly, boolean scalarOnly) {
    return (a, p, stride, out, off, n) -> {
      int[] dst = new int[out.length];
      Arrays.fill(dst, SENTINEL);
      int done = n;
      if (vectorOnly) {
        done = VectorByteStreamSplit.gatherInts(a, p, stride, dst, off, n);
      } else if (scalarOnly) {
        ByteStreamSplitKernels.scalarInts(a, p, stride, dst, off, n);
      } else {
        ByteStreamSplitKernels.gatherInts(a, p, stride, dst, off, n);
      }
      for (int i = 0; i < dst.length; i++) {
        out[i] = dst[i];
      }
      return done;
    };
  }

  private static Gather floats(boolean vectorOnly, boolean scalarOnly) {
    return (a, p, stride, out, off, n) -> {
      float[] dst = new float[out.length];
      Arrays.fill(dst, Float.intBitsToFloat(SENTINEL));
      int done = n;
      if (vectorOnly) {
        done = VectorByteStreamSplit.gatherFloats(a, p, stride, dst, off, n);
      } else if (scalarOnly) {
        ByteStreamSplitKernels.scalarFloats(a, p, stride, dst, off, n);
      } else {
        ByteStreamSplitKernels.gatherFloats(a, p, stride, dst, off, n);
      }
      for (int i = 0; i < dst.length; i++) {
        out[i] = Float.floatToRawIntBits(dst[i]);
      }
      return done;
    };
  }

  private static Gather longs(boolean vectorOnly, boolean scalarOnly) {
    long[][] rows = ByteStreamSplitKernels.newRows();
    return (a, p, stride, out, off, n) -> {
      long[] dst = new long[out.length];
      Arrays.fill(dst, SENTINEL);
      int done = n;
      if (vectorOnly) {
        done = VectorByteStreamSplit.gatherLongs(a, p, stride, dst, off, n);
      } else if (scalarOnly) {
        ByteStreamSplitKernels.scalarLongs(a, p, stride, rows, dst, off, n);
      } else {
        ByteStreamSplitKernels.gatherLongs(a, p, stride, rows, dst, off, n);
      }
      System.arraycopy(dst, 0, out, 0, dst.length);
      return done;
    };
  }

  private static Gather doubles(boolean vectorOnly, boolean scalarOnly) {
    long[][] rows = ByteStreamSplitKernels.newRows();
    return (a, p, stride, out, off, n) -> {
      double[] dst = new double[out.length];
      Arrays.fill(dst, Double.longBitsToDouble(SENTINEL));
      int done = n;
      if (vectorOnly) {
        done = VectorByteStreamSplit.gatherDoubles(a, p, stride, dst, off, n);
      } else if (scalarOnly) {
        ByteStreamSplitKernels.scalarDoubles(a, p, stride, rows, dst, off, n);
      } else {
        ByteStreamSplitKernels.gatherDoubles(a, p, stride, rows, dst, off, n);
      }
      for (int i = 0; i < dst.length; i++) {
        out[i] = Double.doubleToRawLongBits(dst[i]);
      }
      return done;
    };
  }

  /** Values of each type for a section of {@code total} values. */
  private static long[] values(String type, int total, Random r) {
    switch (type) {
      case "INT32":
        return r.ints(total).asLongStream().toArray();
      case "FLOAT":
        return floatBits(DataShapes.floats(total, r.nextLong()));
      case "INT64":
        return r.longs(total).toArray();
      default:
        return doubleBits(DataShapes.doubles(total, r.nextLong()));
    }
  }

  private static int width(String type) {
    return type.equals("INT32") || type.equals("FLOAT") ? 4 : 8;
  }

  private static Gather kernel(String type, boolean vectorOnly, boolean scalarOnly) {
    switch (type) {
      case "INT32":
        return ints(vectorOnly, scalarOnly);
      case "FLOAT":
        return floats(vectorOnly, scalarOnly);
      case "INT64":
        return longs(vectorOnly, scalarOnly);
      default:
        return doubles(vectorOnly, scalarOnly);
    }
  }

  private static final String[] TYPES = {"INT32", "FLOAT", "INT64", "DOUBLE"};

  /**
   * Reads {@code n} values starting at section index 0 or 3, into the destination at 0 or 7, from
   * sections whose last stream ends at the array's end (the read ending there too, or one value
   * before it) or before junk. A vector kernel must write exactly its whole vectors; the others all
   * {@code n} values. The destination keeps its sentinel everywhere else.
   */
  private static void check(String type, Gather gather, boolean vectorOnly, long seed) {
    Random r = new Random(seed);
    int width = width(type);
    long mask = width == 4 ? 0xFFFF_FFFFL : -1L;
    int lanes = !vectorOnly ? 1 : width == 4 ? VectorByteStreamSplit.lanes() : VectorByteStreamSplit.longLanes();
    for (int n : counts()) {
      for (int variant = 0; variant < 4; variant++) {
        int from = variant % 2 == 0 ? 0 : 3;
        int lead = variant < 2 ? 0 : 5;
        int slack = variant == 1 ? 37 : 0;
        int total = from + n + (variant == 3 ? 1 : 0);
        int off = variant % 2 == 0 ? 0 : 7;
        String where = type + " n=" + n + " from=" + from + " lead=" + lead + " slack=" + slack + " total=" + total
            + " off=" + off + " seed=" + seed;
        long[] values = values(type, total, r);
        byte[] a = section(values, width, lead, slack, r);
        long[] out = new long[off + n + 3];
        int done = gather.run(a, lead + from, total, out, off, n);
        assertEquals(lanes == 0 ? 0 : n / lanes * lanes, done, where + ": values written");
        for (int i = 0; i < out.length; i++) {
          long expected = i >= off && i < off + done ? values[from + i - off] : SENTINEL;
          if ((out[i] & mask) != (expected & mask)) {
            assertEquals(Long.toHexString(expected & mask), Long.toHexString(out[i] & mask), where + ": dst[" + i + "]");
          }
        }
      }
    }
  }

  @Test
  void gathersMatchTheValues() {
    for (String type : TYPES) {
      check(type, kernel(type, false, false), false, SEED);
    }
  }

  @Test
  void scalarGathersMatchTheValues() {
    for (String type : TYPES) {
      check(type, kernel(type, false, true), false, SEED + 1);
    }
  }

  /** The vector kernels alone: exactly the whole vectors that fit in the read, each value right, nothing after them. */
  @Test
  void vectorGathersWriteWholeVectorsAndNothingElse() {
    assumeTrue(VectorSupport.on(), VectorSupport.status());
    assertTrue(VectorByteStreamSplit.lanes() >= 8, "lanes " + VectorByteStreamSplit.lanes());
    if (Runtime.version().feature() >= 25 && VectorByteStreamSplit.lanes() <= 16) {
      // 512-bit vectors widen 8 bytes to long lanes, 256-bit ones take 4-byte halves: both have 8-byte kernels.
      assertEquals(8, VectorByteStreamSplit.longLanes(), VectorByteStreamSplit.describe());
    }
    for (String type : TYPES) {
      check(type, kernel(type, true, false), true, SEED + 2);
    }
  }

  /**
   * FIXED_LEN_BYTE_ARRAY gathers of several widths (16 has a vector kernel), or the 16-byte vector
   * kernel alone ({@code vectorOnly}), with the same reads, placements and sentinel as {@link #check}.
   */
  private static void checkFixed(int width, boolean vectorOnly, long seed) {
    Random r = new Random(seed);
    long[][] rows = ByteStreamSplitKernels.newRows();
    int lanes = vectorOnly ? VectorByteStreamSplit.longLanes() : 1;
    for (int n : counts()) {
      for (int variant = 0; variant < 4; variant++) {
        int from = variant % 2 == 0 ? 0 : 3;
        int lead = variant < 2 ? 0 : 5;
        int slack = variant == 1 ? 37 : 0;
        int total = from + n + (variant == 3 ? 1 : 0);
        int off = variant % 2 == 0 ? 0 : 7;
        String where = "FIXED_LEN_BYTE_ARRAY(" + width + ") n=" + n + " from=" + from + " lead=" + lead + " slack=" + slack
            + " total=" + total + " off=" + off + " seed=" + seed;
        byte[] a = new byte[lead + width * total + slack];
        r.nextBytes(a);
        byte[] dst = new byte[(off + n + 3) * width];
        Arrays.fill(dst, (byte) SENTINEL);
        int done = n;
        if (vectorOnly) {
          done = VectorByteStreamSplit.gatherFixed16(a, lead + from, total, rows[0], rows[1], dst, off * width, n);
        } else {
          ByteStreamSplitKernels.gatherBytes(a, lead + from, total, width, rows, dst, off * width, n);
        }
        assertEquals(lanes == 0 ? 0 : n / lanes * lanes, done, where + ": values written");
        for (int i = 0; i < dst.length / width; i++) {
          for (int k = 0; k < width; k++) {
            byte expected = i >= off && i < off + done ? a[lead + k * total + from + i - off] : (byte) SENTINEL;
            assertEquals(expected, dst[i * width + k], where + ": value " + i + " byte " + k);
          }
        }
      }
    }
  }

  @Test
  void fixedLengthGathersMatchTheValues() {
    for (int width : new int[] {1, 3, 8, 16, 17}) {
      checkFixed(width, false, SEED + 3);
    }
  }

  @Test
  void vectorFixed16GatherWritesWholeVectorsAndNothingElse() {
    assumeTrue(VectorSupport.on(), VectorSupport.status());
    checkFixed(16, true, SEED + 4);
  }

  @Test
  void vectorSelfCheckPasses() {
    assumeTrue(VectorSupport.on(), VectorSupport.status());
    assertEquals("", VectorByteStreamSplit.selfCheck());
  }
}
