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
package io.github.fastdecode.parquet.bitpacking;

import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.VectorSupport;

/**
 * Parquet's little-endian bit unpacking (DELTA_BINARY_PACKED miniblocks, RLE/bit-packed hybrid
 * runs): values in groups of 8, a group of {@code width}-bit values taking exactly {@code width}
 * bytes, LSB first.
 *
 * <p>The per-width kernels are generated straight-line code ({@link LongBitUnpacker}, {@link
 * IntBitUnpacker}), one call per run. Nothing checks the input range: callers validate once per run
 * that {@link #packedBytes} bytes exist at {@code pos}; the kernels read exactly those, so a run
 * may end at the array's end.
 *
 * <p>When {@link VectorSupport#on()}, runs of narrow values, and delta runs, go to {@link
 * VectorBitUnpacker} first; its vector loads may read past the run (never past the array), and
 * the scalar kernels finish what it leaves.
 *
 * <p>Which vector kernel runs depends on the vector width the JVM prefers, not only on the module
 * being loaded, each by what it measured against its scalar twin on that width (JMH, JDK 25): int
 * unpacking on 256 bits and more (widths 1, 8 and 16 without a byte shuffle through the 256-bit
 * kernel, on 512-bit machines too from JDK 25, {@code VectorBitUnpacker.uses256}); INT32 delta runs on 256 and 512 bits; INT64 delta runs on 512
 * bits only ({@link VectorBitUnpacker#takesLongDeltas}), and narrower than 64 bits only from JDK 25
 * ({@code LONG_DELTA_SHUFFLES}); below 512 bits, width-64 INT64 deltas take a short scalar loop. Below 256 bits every kernel is scalar ({@code
 * VectorSupport}). {@code -XX:UseAVX=2} or {@code -XX:MaxVectorSize=32} give an AVX-512 machine
 * 256-bit vectors, to test and measure that width.
 */
public final class BitUnpacker {
  /** Widest value: 64 bits. */
  public static final int MAX_WIDTH = 64;

  /** Shortest run given to the vector kernel: below this the scalar kernel's straight-line code wins. */
  private static final int VECTOR_MIN_COUNT = 32;

  /**
   * Whether long delta runs narrower than 64 bits go to the vector kernel. Its byte shuffles into
   * long lanes are compiled well by JDK 25's C2 but not by JDK 17's: DeltaBinaryPackedInt64Benchmark
   * op=read shape=monotonic went from 0.56 to 0.69 ns/value on JDK 17 (0.54 to 0.45 on JDK 25), with
   * 512-bit vectors. Width 64 (a plain load) gains on both (shape=wide: 0.80 to 0.67 on 17, 0.80 to
   * 0.43 on 25). JDK 21 is not measured, so it keeps the scalar kernel there.
   */
  private static final boolean LONG_DELTA_SHUFFLES = Runtime.version().feature() >= 25;

  private BitUnpacker() {}

  /** Bytes taken by {@code count} values (a multiple of 8) of {@code width} bits. */
  public static long packedBytes(int width, long count) {
    return (count >>> 3) * width;
  }

  /**
   * Unpacks {@code count} values ({@code count} a multiple of 8) of {@code width} bits from {@code
   * in[pos..]} into {@code out[outPos..outPos + count)}; returns the position after the input.
   */
  public static int unpackLongs(int width, byte[] in, int pos, long[] out, int outPos, int count) {
    return LongBitUnpacker.unpack(width, in, pos, out, outPos, count);
  }

  /**
   * As {@link #unpackLongs} into {@code int[]}; widths above 32 keep each value's low 32 bits
   * (what narrowing the 64-bit value gives).
   */
  public static int unpackInts(int width, byte[] in, int pos, int[] out, int outPos, int count) {
    if (VectorSupport.on() && count >= VECTOR_MIN_COUNT && width > 0 && width <= VectorBitUnpacker.MAX_WIDTH) {
      int done = VectorBitUnpacker.unpackInts(width, in, pos, out, outPos, count);
      pos += (done >>> 3) * width;
      outPos += done;
      count -= done;
    }
    return IntBitUnpacker.unpack(width, in, pos, out, outPos, count);
  }

  /**
   * {@link IntBitUnpacker#unpackDeltas}: {@code count} deltas (a multiple of 8) of {@code width}
   * bits, their running sum from {@code acc} plus {@code minDelta} each written to {@code
   * out[outPos..]} (wrapping); returns the last sum. Long runs go to the vector kernel first.
   */
  public static int unpackIntDeltas(int width, byte[] in, int pos, int[] out, int outPos, int count, int acc, int minDelta) {
    if (VectorSupport.on() && count >= VECTOR_MIN_COUNT && VectorBitUnpacker.takesIntDeltas(width)) {
      int done = VectorBitUnpacker.unpackIntDeltas(width, in, pos, out, outPos, count, acc, minDelta);
      if (done > 0) {
        acc = out[outPos + done - 1];
        pos += (done >>> 3) * width;
        outPos += done;
        count -= done;
      }
    }
    return IntBitUnpacker.unpackDeltas(width, in, pos, out, outPos, count, acc, minDelta);
  }

  /**
   * The sum of {@code count} values (a multiple of 8) of {@code width} bits at {@code in[pos..]}, for
   * skipping DELTA_BINARY_PACKED deltas: {@link LongBitUnpacker#sum}, with long runs summed by the
   * vector kernels first. With {@code low32} (an INT32 reader) only the result's low 32 bits are
   * right, which is all such a reader uses.
   */
  public static long sumDeltas(int width, byte[] in, int pos, int count, boolean low32) {
    long sum = 0;
    if (VectorSupport.on() && count >= VECTOR_MIN_COUNT) {
      if (low32 ? VectorBitUnpacker.takesIntDeltas(width)
          : VectorBitUnpacker.sumsLongDeltas(width) && (width == 64 || LONG_DELTA_SHUFFLES)) {
        int done = VectorBitUnpacker.wholeVectors(width, in.length, pos, count, low32);
        if (done > 0) {
          sum = low32 ? VectorBitUnpacker.sumIntDeltas(width, in, pos, done) : VectorBitUnpacker.sumLongDeltas(width, in, pos, done);
          pos += (done >>> 3) * width;
          count -= done;
        }
      }
    }
    return sum + LongBitUnpacker.sum(width, in, pos, count);
  }

  /** As {@link #unpackIntDeltas} for {@code long[]} ({@link LongBitUnpacker#unpackDeltas}). */
  public static long unpackLongDeltas(int width, byte[] in, int pos, long[] out, int outPos, int count, long acc, long minDelta) {
    if (VectorSupport.on() && count >= VECTOR_MIN_COUNT && VectorBitUnpacker.takesLongDeltas(width)
        && (width == 64 || LONG_DELTA_SHUFFLES)) {
      int done = VectorBitUnpacker.unpackLongDeltas(width, in, pos, out, outPos, count, acc, minDelta);
      if (done > 0) {
        acc = out[outPos + done - 1];
        pos += (done >>> 3) * width;
        outPos += done;
        count -= done;
      }
    }
    if (width == 64) {
      return plainLongDeltas(in, pos, out, outPos, count, acc, minDelta);
    }
    return LongBitUnpacker.unpackDeltas(width, in, pos, out, outPos, count, acc, minDelta);
  }

  /**
   * Width 64, the deltas stored whole (random INT64 columns): four per step, two adds per four
   * values on the loop's dependency chain, each load indexed from the loop counter. It replaces the
   * generated kernel there (32 values in flight per step, a byte position of its own), which
   * measured slower (DeltaBinaryPackedInt64Benchmark op=read shape=wide, JDK 25, {@code
   * -XX:UseAVX=2}, where no vector kernel takes INT64 deltas; medians of 3 iterations, one jar, a
   * shared machine): 2.62 -> 1.95 ns/value, Trino 2.11 in the same run.
   */
  private static long plainLongDeltas(byte[] in, int pos, long[] out, int outPos, int count, long acc, long md) {
    for (int i = 0; i < count; i += 4) {
      int p = pos + 8 * i;
      long d0 = LittleEndian.getLong(in, p) + md;
      long d1 = LittleEndian.getLong(in, p + 8) + md;
      long d2 = LittleEndian.getLong(in, p + 16) + md;
      long d3 = LittleEndian.getLong(in, p + 24) + md;
      long s1 = acc + (d0 + d1);
      out[outPos + i] = acc + d0;
      out[outPos + i + 1] = s1;
      out[outPos + i + 2] = s1 + d2;
      acc = s1 + (d2 + d3);
      out[outPos + i + 3] = acc;
    }
    return acc;
  }
}
