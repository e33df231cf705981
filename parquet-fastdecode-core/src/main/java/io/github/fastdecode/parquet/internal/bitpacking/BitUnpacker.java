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
package io.github.fastdecode.parquet.internal.bitpacking;

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
 * unpacking on 256 bits and more (widths 1, 2, 4, 8 and 16 without a byte shuffle across 128-bit
 * halves through the 256-bit kernel, on 512-bit machines too from JDK 25, {@code
 * VectorBitUnpacker.uses256}); INT32 delta runs on 256 and 512 bits; INT64 delta runs on 512
 * bits only ({@code VectorDeltaUnpacker.takesLongDeltas}), and narrower than 64 bits only from JDK 25
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
    // Scalar shapes that measured faster than the generated kernels (RleDictionaryIdsBenchmark, CPU
    // time, JDK 25 without the vector module, ns per id, all bit-packed): width 1 0.39 -> 0.31, 4
    // 0.41 -> 0.29, 8 0.38 -> 0.23, 12 0.48 -> 0.37. Widths 8 and 12 only on long runs: on runs of
    // 64 to 72 ids the generated kernel stayed faster at width 8 (0.29 against 0.34); width 4 on runs
    // of every length (ids with runs among them, 64 random ids at a time: 0.37 -> 0.34).
    if (width == 1) {
      return unpackBits(in, pos, out, outPos, count);
    }
    if (width == 4) {
      return unpackNibbles(in, pos, out, outPos, count);
    }
    if (width == 8 && count >= 128) {
      return unpackBytes(in, pos, out, outPos, count);
    }
    if (width == 12 && count >= 128) {
      return unpack12(in, pos, out, outPos, count);
    }
    return IntBitUnpacker.unpack(width, in, pos, out, outPos, count);
  }

  /**
   * The 8 booleans of each byte value, as set bits and then as clear bits: entry {@code 8 * b + k}
   * is whether bit {@code k} of {@code b} is set, entry {@code 8 * (256 + b) + k} whether it is clear
   * (4 KiB).
   */
  private static final boolean[] BIT_BOOLEANS = new boolean[2 * 256 * 8];

  static {
    for (int b = 0; b < 256; b++) {
      for (int k = 0; k < 8; k++) {
        BIT_BOOLEANS[8 * b + k] = (b >>> k & 1) != 0;
        BIT_BOOLEANS[8 * (256 + b) + k] = (b >>> k & 1) == 0;
      }
    }
  }

  /**
   * Writes 8 booleans at {@code out[at..at+8)}, one per bit of {@code b}'s low byte, LSB first: true
   * where the bit is set, or, with {@code 256} added to the byte ({@code b} from 256 to 511), where it
   * is clear. One 8-byte copy from a table instead of a shift, mask and compare per value (which
   * measured 0.42 against 0.26 ns per value).
   */
  public static void byteToBooleans(int b, boolean[] out, int at) {
    System.arraycopy(BIT_BOOLEANS, (b & 0x1FF) << 3, out, at, 8);
  }

  /** As {@link #byteToBooleans} for the first {@code k} bits ({@code 0 <= k <= 8}). */
  public static void byteToBooleans(int b, boolean[] out, int at, int k) {
    System.arraycopy(BIT_BOOLEANS, (b & 0x1FF) << 3, out, at, k);
  }

  /**
   * The 8 ints of each byte value: entry {@code 8 * b + k} is bit {@code k} of {@code b} (8 KiB).
   */
  private static final int[] BIT_INTS = new int[256 * 8];

  static {
    for (int b = 0; b < 256; b++) {
      for (int k = 0; k < 8; k++) {
        BIT_INTS[8 * b + k] = (b >>> k) & 1;
      }
    }
  }

  /**
   * Width 1 ({@code count} a multiple of 8): each byte's 8 ints copied from {@link #BIT_INTS}, one
   * 32-byte copy instead of 8 shifts, masks and stores (a store per value bounds the shifting kernel).
   */
  static int unpackBits(byte[] in, int pos, int[] out, int outPos, int count) {
    int[] t = BIT_INTS;
    for (int i = 0; i < count; i += 8) {
      System.arraycopy(t, (in[pos + (i >>> 3)] & 0xFF) << 3, out, outPos + i, 8);
    }
    return pos + (count >>> 3);
  }

  /**
   * Width 4 ({@code count} a multiple of 8): an int load per 8 values. The loop runs over the
   * input's bytes and both indexes are linear in its counter ({@code pos + j}, {@code outPos + 2 *
   * j}), so that C2 drops the range checks; indexing the load by {@code i >>> 1} from a value counter
   * measured 18% slower (CPU time, JDK 25 scalar, all-random ids: 0.35 against 0.29 ns per id). Reads
   * exactly the run's bytes.
   */
  static int unpackNibbles(byte[] in, int pos, int[] out, int outPos, int count) {
    int bytes = count >>> 1;
    for (int j = 0; j < bytes; j += 4) {
      int x = LittleEndian.getInt(in, pos + j);
      int o = outPos + 2 * j;
      out[o] = x & 15;
      out[o + 1] = x >>> 4 & 15;
      out[o + 2] = x >>> 8 & 15;
      out[o + 3] = x >>> 12 & 15;
      out[o + 4] = x >>> 16 & 15;
      out[o + 5] = x >>> 20 & 15;
      out[o + 6] = x >>> 24 & 15;
      out[o + 7] = x >>> 28;
    }
    return pos + bytes;
  }

  /**
   * Width 12 ({@code count} a multiple of 8): a long and an int load per group of 8 values (12
   * bytes), the loop over groups so that every index is linear in its counter (from a value counter,
   * {@code pos + i + (i >>> 1)}, it measured 0.39 to 0.44 against 0.37 ns per id, CPU time, JDK 25
   * scalar, all-random ids).
   */
  static int unpack12(byte[] in, int pos, int[] out, int outPos, int count) {
    int groups = count >>> 3;
    for (int g = 0; g < groups; g++) {
      int p = pos + 12 * g;
      int o = outPos + 8 * g;
      long a = LittleEndian.getLong(in, p);
      int b = LittleEndian.getInt(in, p + 8);
      out[o] = (int) a & 0xFFF;
      out[o + 1] = (int) (a >>> 12) & 0xFFF;
      out[o + 2] = (int) (a >>> 24) & 0xFFF;
      out[o + 3] = (int) (a >>> 36) & 0xFFF;
      out[o + 4] = (int) (a >>> 48) & 0xFFF;
      out[o + 5] = (int) (a >>> 60) | (b & 0xFF) << 4;
      out[o + 6] = b >>> 8 & 0xFFF;
      out[o + 7] = b >>> 20;
    }
    return pos + 12 * groups;
  }

  /**
   * Width 8 ({@code count} a multiple of 8): a byte load per value, 8 per step indexed from the loop
   * counter; fewer instructions per value than shifts out of 8-byte loads.
   */
  static int unpackBytes(byte[] in, int pos, int[] out, int outPos, int count) {
    int p = pos;
    int o = outPos;
    for (int i = 0; i < count; i += 8) {
      out[o + i] = in[p + i] & 0xFF;
      out[o + i + 1] = in[p + i + 1] & 0xFF;
      out[o + i + 2] = in[p + i + 2] & 0xFF;
      out[o + i + 3] = in[p + i + 3] & 0xFF;
      out[o + i + 4] = in[p + i + 4] & 0xFF;
      out[o + i + 5] = in[p + i + 5] & 0xFF;
      out[o + i + 6] = in[p + i + 6] & 0xFF;
      out[o + i + 7] = in[p + i + 7] & 0xFF;
    }
    return p + count;
  }

  /**
   * {@link IntBitUnpacker#unpackDeltas}: {@code count} deltas (a multiple of 8) of {@code width}
   * bits, their running sum from {@code acc} plus {@code minDelta} each written to {@code
   * out[outPos..]} (wrapping); returns the last sum. Long runs go to the vector kernel first.
   */
  public static int unpackIntDeltas(int width, byte[] in, int pos, int[] out, int outPos, int count, int acc, int minDelta) {
    if (VectorSupport.on() && count >= VECTOR_MIN_COUNT && VectorDeltaUnpacker.takesIntDeltas(width)) {
      int done = VectorDeltaUnpacker.unpackIntDeltas(width, in, pos, out, outPos, count, acc, minDelta);
      if (done > 0) {
        acc = out[outPos + done - 1];
        pos += (done >>> 3) * width;
        outPos += done;
        count -= done;
      }
    }
    if (width == 32) {
      return plainIntDeltas(in, pos, out, outPos, count, acc, minDelta);
    }
    return IntBitUnpacker.unpackDeltas(width, in, pos, out, outPos, count, acc, minDelta);
  }

  /**
   * Width 32, the deltas stored whole (random INT32 columns), as {@link #plainLongDeltas}: four per
   * step, two adds per four values on the loop's dependency chain, each load indexed from the loop
   * counter ({@code count} a multiple of 4).
   */
  private static int plainIntDeltas(byte[] in, int pos, int[] out, int outPos, int count, int acc, int md) {
    for (int i = 0; i < count; i += 4) {
      int p = pos + 4 * i;
      int d0 = LittleEndian.getInt(in, p) + md;
      int d1 = LittleEndian.getInt(in, p + 4) + md;
      int d2 = LittleEndian.getInt(in, p + 8) + md;
      int d3 = LittleEndian.getInt(in, p + 12) + md;
      int s1 = acc + (d0 + d1);
      out[outPos + i] = acc + d0;
      out[outPos + i + 1] = s1;
      out[outPos + i + 2] = s1 + d2;
      acc = s1 + (d2 + d3);
      out[outPos + i + 3] = acc;
    }
    return acc;
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
      if (low32 ? VectorDeltaUnpacker.takesIntDeltas(width)
          : VectorDeltaUnpacker.sumsLongDeltas(width) && (width == 64 || LONG_DELTA_SHUFFLES)) {
        int done = VectorDeltaUnpacker.wholeVectors(width, in.length, pos, count, low32);
        if (done > 0) {
          sum = low32 ? VectorDeltaUnpacker.sumIntDeltas(width, in, pos, done) : VectorDeltaUnpacker.sumLongDeltas(width, in, pos, done);
          pos += (done >>> 3) * width;
          count -= done;
        }
      }
    }
    return sum + LongBitUnpacker.sum(width, in, pos, count);
  }

  /** As {@link #unpackIntDeltas} for {@code long[]} ({@link LongBitUnpacker#unpackDeltas}). */
  public static long unpackLongDeltas(int width, byte[] in, int pos, long[] out, int outPos, int count, long acc, long minDelta) {
    if (VectorSupport.on() && count >= VECTOR_MIN_COUNT && VectorDeltaUnpacker.takesLongDeltas(width)
        && (width == 64 || LONG_DELTA_SHUFFLES)) {
      int done = VectorDeltaUnpacker.unpackLongDeltas(width, in, pos, out, outPos, count, acc, minDelta);
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
