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

import java.util.Arrays;
import java.util.SplittableRandom;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * BYTE_STREAM_SPLIT byte gathers with the Vector API, one vector of values per step. For 4-byte
 * values, each stream gives one small byte vector (one byte per value), widened to int lanes;
 * shifting stream {@code k} by {@code 8 * k} and OR-ing the four gives the values (16 per step with
 * 512-bit vectors, where the scalar transpose needs about a cycle per value). 8-byte values
 * widen each stream's bytes to long lanes the same way with 512-bit vectors; with 256-bit ones they
 * are two 4-byte halves, interleaved ({@link #gatherHalves}). 16-byte values are two such 8-byte
 * gathers, bytes 0-7 and 8-15, whose values are then interleaved.
 *
 * <p>The kernels take the same arguments as their scalar twins in {@link ByteStreamSplitKernels},
 * load only bytes of the values they write (so a section may end at the array's end), do as many
 * whole vectors as fit in {@code n} and return how many values that was; the caller gathers the
 * few left one by one. Only {@link io.github.fastdecode.parquet.internal.VectorSupport}
 * decides whether this class is used; nothing else may load it.
 */
public final class VectorByteStreamSplit {
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;
  /** One byte per int lane: 128-bit byte vectors for 512-bit int vectors. */
  private static final VectorSpecies<Byte> BYTES =
      ByteVector.SPECIES_PREFERRED.withShape(VectorShape.forBitSize(INTS.length() * Byte.SIZE));
  private static final int LANES = INTS.length();
  private static final int LONG_LANES = LONGS.length();
  /**
   * One byte per long lane, for the 8- and 16-byte kernels with 8 long lanes; null when long
   * vectors have fewer than 8 lanes (no byte vector is that short; 4 lanes take {@link #HALVES}) or
   * before JDK 25, where those kernels leave every value to the scalar code. On JDK 17 they were
   * unreliable (ByteStreamSplitBenchmark, this machine, ns/value vector vs scalar: DOUBLE hundreds in some iterations vs 0.90, FLBA16 2.61 vs
   * 2.06, INT64 0.40 vs 0.47), where JDK 25 runs them about 2x faster than its scalar code (INT64
   * and DOUBLE 0.25 vs 0.51, FLBA16 1.2 vs 1.9). JDK 21 is unmeasured, so it keeps the scalar code.
   */
  private static final VectorSpecies<Byte> LONG_BYTES = LONG_LANES < 8 || Runtime.version().feature() < 25
      ? null
      : ByteVector.SPECIES_PREFERRED.withShape(VectorShape.forBitSize(LONG_LANES * Byte.SIZE));
  /**
   * Whether the 8- and 16-byte kernels take 8 values per step as two halves of 4 bytes ({@link
   * #gatherHalves}): with 4 long lanes (256-bit vectors, as with AVX2) from JDK 25, where {@link
   * #LONG_BYTES} leaves them off.
   */
  private static final boolean HALVES = LONG_LANES == 4 && LANES == 8 && Runtime.version().feature() >= 25;
  /** Lanes 0-3 of two int vectors, interleaved ({@code a0, b0, a1, b1, ...}): long lanes of 8-byte values. */
  private static final VectorShuffle<Integer> ZIP_LOW = VectorShuffle.fromOp(INTS, i -> (i & 1) * LANES + (i >> 1));
  /** Lanes 4-7 of two int vectors, interleaved. */
  private static final VectorShuffle<Integer> ZIP_HIGH = VectorShuffle.fromOp(INTS, i -> (i & 1) * LANES + LANES / 2 + (i >> 1));
  private static final VectorSpecies<Byte> VECTOR_BYTES = LONGS.withLanes(byte.class);
  /** Each of the first half of the long lanes twice ({@code 0, 0, 1, 1, ...}), as byte lanes. */
  private static final VectorShuffle<Byte> PAIRS_LOW = VectorShuffle.fromOp(VECTOR_BYTES, b -> (b >> 4 << 3) + (b & 7));
  /** Each of the second half of the long lanes twice, as byte lanes. */
  private static final VectorShuffle<Byte> PAIRS_HIGH =
      VectorShuffle.fromOp(VECTOR_BYTES, b -> LONG_LANES * 4 + (b >> 4 << 3) + (b & 7));
  /** The bytes of the odd long lanes. */
  private static final VectorMask<Byte> ODD = oddLanes();

  private VectorByteStreamSplit() {}

  private static VectorMask<Byte> oddLanes() {
    boolean[] odd = new boolean[VECTOR_BYTES.length()];
    for (int b = 0; b < odd.length; b++) {
      odd[b] = (b & 8) != 0;
    }
    return VectorMask.fromArray(VECTOR_BYTES, odd, 0);
  }

  /** Values per vector step of the 4-byte kernels. */
  public static int lanes() {
    return LANES;
  }

  /** Values per vector step of the 8- and 16-byte kernels; 0 when they are off (see {@link #LONG_BYTES}). */
  public static int longLanes() {
    return LONG_BYTES != null ? LONG_LANES : HALVES ? 2 * LONG_LANES : 0;
  }

  /** The {@link #LANES} 4-byte values at stream positions {@code p, p + stride, p + 2 * stride, p + 3 * stride}. */
  private static IntVector gather4(byte[] a, int p, int stride) {
    // B2I sign-extends: masking after the shift drops the copies of each byte's top bit (the
    // fourth byte's shift pushes them out).
    IntVector b0 = (IntVector) ByteVector.fromArray(BYTES, a, p).convertShape(VectorOperators.B2I, INTS, 0);
    IntVector b1 = (IntVector) ByteVector.fromArray(BYTES, a, p + stride).convertShape(VectorOperators.B2I, INTS, 0);
    IntVector b2 = (IntVector) ByteVector.fromArray(BYTES, a, p + 2 * stride).convertShape(VectorOperators.B2I, INTS, 0);
    IntVector b3 = (IntVector) ByteVector.fromArray(BYTES, a, p + 3 * stride).convertShape(VectorOperators.B2I, INTS, 0);
    return b0.and(0xFF)
        .or(b1.lanewise(VectorOperators.LSHL, 8).and(0xFF00))
        .or(b2.lanewise(VectorOperators.LSHL, 16).and(0xFF_0000))
        .or(b3.lanewise(VectorOperators.LSHL, 24));
  }

  /** As {@link ByteStreamSplitKernels#scalarInts}, for the first whole vectors of {@code n}; returns how many values it wrote. */
  public static int gatherInts(byte[] a, int p, int stride, int[] dst, int off, int n) {
    int end = n - LANES;
    int i = 0;
    for (; i <= end; i += LANES) {
      gather4(a, p + i, stride).intoArray(dst, off + i);
    }
    return i;
  }

  /** As {@link #gatherInts} for FLOAT: the same bits, NaN payloads kept. */
  public static int gatherFloats(byte[] a, int p, int stride, float[] dst, int off, int n) {
    int end = n - LANES;
    int i = 0;
    for (; i <= end; i += LANES) {
      gather4(a, p + i, stride).reinterpretAsFloats().intoArray(dst, off + i);
    }
    return i;
  }

  /**
   * As {@link ByteStreamSplitKernels#scalarLongs}, for the first whole vectors of {@code n}; returns
   * how many values it wrote (none when the 8-byte kernels are off, see {@link #LONG_BYTES}).
   */
  public static int gatherLongs(byte[] a, int p, int stride, long[] dst, int off, int n) {
    return LONG_BYTES != null ? gather8(a, p, stride, dst, null, off, n)
        : HALVES ? gatherHalves(a, p, stride, dst, null, off, n) : 0;
  }

  /** As {@link #gatherLongs} for DOUBLE: the same bits. */
  public static int gatherDoubles(byte[] a, int p, int stride, double[] dst, int off, int n) {
    return LONG_BYTES != null ? gather8(a, p, stride, null, dst, off, n)
        : HALVES ? gatherHalves(a, p, stride, null, dst, off, n) : 0;
  }

  /**
   * The 8-byte loop with 4 long lanes: 8 values per step, bytes 0-3 and 4-7 as two int vectors (each
   * as {@link #gather4}), whose lanes two two-vector shuffles interleave into two long vectors. Where
   * 512-bit vectors widen a stream's 8 bytes to 8 long lanes in one instruction, a 256-bit vector
   * would take only 4 of them per load; the int halves use every loaded byte. Written out in full
   * for the reason given at {@link #gather8}.
   */
  private static int gatherHalves(byte[] a, int p, int stride, long[] longs, double[] doubles, int off, int n) {
    VectorSpecies<Byte> bytes = BYTES;
    VectorOperators.Conversion<Byte, Integer> b2i = VectorOperators.B2I;
    int end = n - 8;
    int i = 0;
    for (; i <= end; i += 8) {
      int q = p + i;
      IntVector b0 = (IntVector) ByteVector.fromArray(bytes, a, q).convertShape(b2i, INTS, 0);
      IntVector b1 = (IntVector) ByteVector.fromArray(bytes, a, q + stride).convertShape(b2i, INTS, 0);
      IntVector b2 = (IntVector) ByteVector.fromArray(bytes, a, q + 2 * stride).convertShape(b2i, INTS, 0);
      IntVector b3 = (IntVector) ByteVector.fromArray(bytes, a, q + 3 * stride).convertShape(b2i, INTS, 0);
      IntVector b4 = (IntVector) ByteVector.fromArray(bytes, a, q + 4 * stride).convertShape(b2i, INTS, 0);
      IntVector b5 = (IntVector) ByteVector.fromArray(bytes, a, q + 5 * stride).convertShape(b2i, INTS, 0);
      IntVector b6 = (IntVector) ByteVector.fromArray(bytes, a, q + 6 * stride).convertShape(b2i, INTS, 0);
      IntVector b7 = (IntVector) ByteVector.fromArray(bytes, a, q + 7 * stride).convertShape(b2i, INTS, 0);
      IntVector lo = b0.and(0xFF)
          .or(b1.lanewise(VectorOperators.LSHL, 8).and(0xFF00))
          .or(b2.lanewise(VectorOperators.LSHL, 16).and(0xFF_0000))
          .or(b3.lanewise(VectorOperators.LSHL, 24));
      IntVector hi = b4.and(0xFF)
          .or(b5.lanewise(VectorOperators.LSHL, 8).and(0xFF00))
          .or(b6.lanewise(VectorOperators.LSHL, 16).and(0xFF_0000))
          .or(b7.lanewise(VectorOperators.LSHL, 24));
      LongVector v0 = lo.rearrange(ZIP_LOW, hi).reinterpretAsLongs();
      LongVector v1 = lo.rearrange(ZIP_HIGH, hi).reinterpretAsLongs();
      int o = off + i;
      if (longs != null) {
        v0.intoArray(longs, o);
        v1.intoArray(longs, o + 4);
      } else {
        v0.reinterpretAsDoubles().intoArray(doubles, o);
        v1.reinterpretAsDoubles().intoArray(doubles, o + 4);
      }
    }
    return i;
  }

  /**
   * The 8-byte loop, as {@link #gather4} with each stream's bytes widened to long lanes, into
   * {@code longs} or else {@code doubles}.
   *
   * <p>Written out in full on purpose: C2 inlines a hot method only up to 325 bytes of bytecode
   * ({@code FreqInlineSize}) and this one is larger, so no caller inlines it and it compiles on its
   * own, with C2's whole inlining budget for the Vector API calls. Inlined into a reader (JDK 17) or
   * next to a second copy (JDK 25), C2 ran out of budget part-way ({@code NodeCountInliningCutoff}),
   * left one call out and boxed every vector: 52 bytes allocated and 3.8 ns per value instead of
   * 0.24.
   */
  private static int gather8(byte[] a, int p, int stride, long[] longs, double[] doubles, int off, int n) {
    VectorSpecies<Byte> bytes = LONG_BYTES;
    VectorOperators.Conversion<Byte, Long> b2l = VectorOperators.B2L;
    int end = n - LONG_LANES;
    int i = 0;
    for (; i <= end; i += LONG_LANES) {
      int q = p + i;
      LongVector v0 = (LongVector) ByteVector.fromArray(bytes, a, q).convertShape(b2l, LONGS, 0);
      LongVector v1 = (LongVector) ByteVector.fromArray(bytes, a, q + stride).convertShape(b2l, LONGS, 0);
      LongVector v2 = (LongVector) ByteVector.fromArray(bytes, a, q + 2 * stride).convertShape(b2l, LONGS, 0);
      LongVector v3 = (LongVector) ByteVector.fromArray(bytes, a, q + 3 * stride).convertShape(b2l, LONGS, 0);
      LongVector v4 = (LongVector) ByteVector.fromArray(bytes, a, q + 4 * stride).convertShape(b2l, LONGS, 0);
      LongVector v5 = (LongVector) ByteVector.fromArray(bytes, a, q + 5 * stride).convertShape(b2l, LONGS, 0);
      LongVector v6 = (LongVector) ByteVector.fromArray(bytes, a, q + 6 * stride).convertShape(b2l, LONGS, 0);
      LongVector v7 = (LongVector) ByteVector.fromArray(bytes, a, q + 7 * stride).convertShape(b2l, LONGS, 0);
      LongVector v = v0.and(0xFFL)
          .or(v1.lanewise(VectorOperators.LSHL, 8).and(0xFF00L))
          .or(v2.lanewise(VectorOperators.LSHL, 16).and(0xFF_0000L))
          .or(v3.lanewise(VectorOperators.LSHL, 24).and(0xFF00_0000L))
          .or(v4.lanewise(VectorOperators.LSHL, 32).and(0xFF_0000_0000L))
          .or(v5.lanewise(VectorOperators.LSHL, 40).and(0xFF00_0000_0000L))
          .or(v6.lanewise(VectorOperators.LSHL, 48).and(0xFF_0000_0000_0000L))
          .or(v7.lanewise(VectorOperators.LSHL, 56));
      if (longs != null) {
        v.intoArray(longs, off + i);
      } else {
        v.reinterpretAsDoubles().intoArray(doubles, off + i);
      }
    }
    return i;
  }

  /**
   * As {@link ByteStreamSplitKernels#scalarBytes} for 16-byte values (UUID, DECIMAL(38)), for the
   * first whole steps of {@link #longLanes()} values; returns how many values it wrote. Runs of up to
   * {@code lo.length} values go through {@link #gather8} twice, bytes 0-7 into {@code lo} and
   * 8-15 into {@code hi}, then {@link #interleave} writes them out. (One loop doing all of it is
   * more than C2 inlines into one method: see {@link #gather8}.)
   */
  public static int gatherFixed16(byte[] a, int p, int stride, long[] lo, long[] hi, byte[] dst, int dstPos, int n) {
    int step = longLanes();
    if (step == 0) {
      return 0;
    }
    int whole = n - n % step;
    int run = Math.min(lo.length, hi.length) / step * step;
    int done = 0;
    while (done < whole) {
      int m = Math.min(run, whole - done);
      if (LONG_BYTES != null) {
        gather8(a, p + done, stride, lo, null, 0, m);
        gather8(a, p + 8 * stride + done, stride, hi, null, 0, m);
        interleave(lo, hi, m, dst, dstPos + 16 * done);
      } else {
        gatherHalves(a, p + done, stride, lo, null, 0, m);
        gatherHalves(a, p + 8 * stride + done, stride, hi, null, 0, m);
        // A byte shuffle across a 256-bit vector is several AVX2 instructions: two word stores per value instead.
        for (int i = 0, o = dstPos + 16 * done; i < m; i++, o += 16) {
          LittleEndian.putLong(dst, o, lo[i]);
          LittleEndian.putLong(dst, o + 8, hi[i]);
        }
      }
      done += m;
    }
    return done;
  }

  /** {@code lo[0]}, {@code hi[0]}, {@code lo[1]}, ... for {@code m} (a multiple of {@link #LONG_LANES}) pairs, as bytes at {@code dst[o..]}. */
  private static void interleave(long[] lo, long[] hi, int m, byte[] dst, int o) {
    int vectorBytes = VECTOR_BYTES.length();
    for (int i = 0; i < m; i += LONG_LANES, o += 2 * vectorBytes) {
      ByteVector l = LongVector.fromArray(LONGS, lo, i).reinterpretAsBytes();
      ByteVector h = LongVector.fromArray(LONGS, hi, i).reinterpretAsBytes();
      l.rearrange(PAIRS_LOW).blend(h.rearrange(PAIRS_LOW), ODD).intoArray(dst, o);
      l.rearrange(PAIRS_HIGH).blend(h.rearrange(PAIRS_HIGH), ODD).intoArray(dst, o + vectorBytes);
    }
  }

  /** Vector shape, for {@code VectorSupport.status()}. */
  public static String describe() {
    return "BYTE_STREAM_SPLIT " + INTS.vectorBitSize() + "-bit" + (HALVES ? " (8-byte values as 4-byte halves)" : "");
  }

  /**
   * Empty when every kernel gives its scalar twin's values, at several offsets and counts, with the
   * section ending at the array's end; otherwise what differed.
   */
  public static String selfCheck() {
    SplittableRandom random = new SplittableRandom(0xB55);
    for (int n : new int[] {2 * LANES, 6 * LANES + 5}) {
      for (int lead = 0; lead < 3; lead++) {
        byte[] a = new byte[lead + 8 * n];
        for (int i = 0; i < a.length; i++) {
          a[i] = (byte) random.nextInt();
        }
        int[] ints = new int[n + 1];
        int[] intsVector = new int[n + 1];
        ByteStreamSplitKernels.scalarInts(a, lead, 2 * n, ints, 1, n);
        int done = gatherInts(a, lead, 2 * n, intsVector, 1, n);
        ByteStreamSplitKernels.scalarInts(a, lead + done, 2 * n, intsVector, 1 + done, n - done);
        if (done == 0 || !Arrays.equals(ints, intsVector)) {
          return "vector BYTE_STREAM_SPLIT INT32 gather differs from scalar, " + n + " values";
        }
        float[] floats = new float[n + 1];
        float[] floatsVector = new float[n + 1];
        ByteStreamSplitKernels.scalarFloats(a, lead, 2 * n, floats, 1, n);
        done = gatherFloats(a, lead, 2 * n, floatsVector, 1, n);
        ByteStreamSplitKernels.scalarFloats(a, lead + done, 2 * n, floatsVector, 1 + done, n - done);
        if (done == 0 || !sameBits(floats, floatsVector)) {
          return "vector BYTE_STREAM_SPLIT FLOAT gather differs from scalar, " + n + " values";
        }
        long[][] rows = ByteStreamSplitKernels.newRows();
        long[] longs = new long[n + 1];
        long[] longsVector = new long[n + 1];
        ByteStreamSplitKernels.scalarLongs(a, lead, n, rows, longs, 1, n);
        done = gatherLongs(a, lead, n, longsVector, 1, n);
        ByteStreamSplitKernels.scalarLongs(a, lead + done, n, rows, longsVector, 1 + done, n - done);
        if (done == 0 && longLanes() > 0 || !Arrays.equals(longs, longsVector)) {
          return "vector BYTE_STREAM_SPLIT INT64 gather differs from scalar, " + n + " values";
        }
        double[] doubles = new double[n + 1];
        double[] doublesVector = new double[n + 1];
        ByteStreamSplitKernels.scalarDoubles(a, lead, n, rows, doubles, 1, n);
        done = gatherDoubles(a, lead, n, doublesVector, 1, n);
        ByteStreamSplitKernels.scalarDoubles(a, lead + done, n, rows, doublesVector, 1 + done, n - done);
        if (done == 0 && longLanes() > 0 || !sameBits(doubles, doublesVector)) {
          return "vector BYTE_STREAM_SPLIT DOUBLE gather differs from scalar, " + n + " values";
        }
        int m = n / 2;
        byte[] fixed = new byte[16 * m + 1];
        byte[] fixedVector = new byte[16 * m + 1];
        ByteStreamSplitKernels.scalarBytes(a, lead, m, 16, rows, fixed, 1, m);
        done = gatherFixed16(a, lead, m, rows[0], rows[1], fixedVector, 1, m);
        ByteStreamSplitKernels.scalarBytes(a, lead + done, m, 16, rows, fixedVector, 1 + 16 * done, m - done);
        if (done == 0 && longLanes() > 0 || !Arrays.equals(fixed, fixedVector)) {
          return "vector BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY(16) gather differs from scalar, " + m + " values";
        }
      }
    }
    return "";
  }

  private static boolean sameBits(float[] x, float[] y) {
    for (int i = 0; i < x.length; i++) {
      if (Float.floatToRawIntBits(x[i]) != Float.floatToRawIntBits(y[i])) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameBits(double[] x, double[] y) {
    for (int i = 0; i < x.length; i++) {
      if (Double.doubleToRawLongBits(x[i]) != Double.doubleToRawLongBits(y[i])) {
        return false;
      }
    }
    return true;
  }
}
