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

import static io.github.fastdecode.parquet.internal.bitpacking.VectorBitUnpacker.*;

import java.util.Arrays;
import java.util.SplittableRandom;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The vector kernels of DELTA_BINARY_PACKED's miniblocks: deltas unpacked, the min delta added and
 * prefix-summed in registers (INT32 on 256- and 512-bit vectors, INT64 on 512-bit ones), and the
 * sums alone where values are skipped. The scalar twins are {@link IntBitUnpacker#unpackDeltas}
 * and {@link LongBitUnpacker#unpackDeltas}; {@link BitUnpacker} chooses between them. Shares
 * {@link VectorBitUnpacker}'s vector shapes and byte windows.
 */
final class VectorDeltaUnpacker {
  /** Widest long delta: 64. */
  public static final int MAX_LONG_DELTA_WIDTH = 64;
  /** Widest long delta one 8-byte window holds at any bit offset (7 + 57 = 64 bits). */
  private static final int LONG_ONE_WINDOW = 57;

  /**
   * Per width 26..31: each lane's second int window, starting one byte after the first: a value
   * spans up to 5 bytes there (7 + 31 = 38 bits). {@code null} for other widths.
   */
  private static final VectorShuffle<Byte>[] INT_HIGH_WINDOWS = intHighWindows();
  /** Per width 1..63: each long lane's 8-byte window (first byte of the lane's value on). */
  private static final VectorShuffle<Byte>[] LONG_WINDOWS = longWindows(0);
  /** Per width 58..63: each long lane's window one byte later (a value spans up to 9 bytes). */
  private static final VectorShuffle<Byte>[] LONG_HIGH_WINDOWS = longWindows(1);
  private static final LongVector[] LONG_SHIFTS = longShifts();

  private VectorDeltaUnpacker() {}

  /** Lane {@code i} takes lane {@code i - 2^k} (those below {@code 2^k}: zero), for the prefix sums. */
  private static final VectorShuffle<Integer> INT_UP1 = up(INTS, 1);
  private static final VectorShuffle<Integer> INT_UP2 = up(INTS, 2);
  private static final VectorShuffle<Integer> INT_UP4 = up(INTS, 4);
  private static final VectorShuffle<Integer> INT_UP8 = up(INTS, 8);
  private static final VectorMask<Integer> INT_KEEP1 = keep(INTS, 1);
  private static final VectorMask<Integer> INT_KEEP2 = keep(INTS, 2);
  private static final VectorMask<Integer> INT_KEEP4 = keep(INTS, 4);
  private static final VectorMask<Integer> INT_KEEP8 = keep(INTS, 8);
  private static final VectorShuffle<Long> LONG_UP1 = up(LONGS, 1);
  private static final VectorShuffle<Long> LONG_UP2 = up(LONGS, 2);
  private static final VectorShuffle<Long> LONG_UP4 = up(LONGS, 4);
  private static final VectorMask<Long> LONG_KEEP1 = keep(LONGS, 1);
  private static final VectorMask<Long> LONG_KEEP2 = keep(LONGS, 2);
  private static final VectorMask<Long> LONG_KEEP4 = keep(LONGS, 4);
  private static final VectorShuffle<Integer> INT_LAST = VectorShuffle.fromOp(INTS, i -> LANES - 1);
  private static final VectorShuffle<Long> LONG_LAST = VectorShuffle.fromOp(LONGS, i -> LONG_LANES - 1);

  @SuppressWarnings("unchecked")
  private static VectorShuffle<Byte>[] intHighWindows() {
    VectorShuffle<Byte>[] windows = new VectorShuffle[MAX_INT_DELTA_WIDTH];
    for (int w = MAX_WIDTH + 1; w < MAX_INT_DELTA_WIDTH; w++) {
      int[] index = new int[BYTE_LANES];
      for (int lane = 0; lane < LANES; lane++) {
        int firstByte = lane * w >>> 3;
        for (int k = 0; k < 4; k++) {
          index[lane * 4 + k] = firstByte + 1 + k;
        }
      }
      windows[w] = VectorShuffle.fromArray(BYTES, index, 0);
    }
    return windows;
  }

  @SuppressWarnings("unchecked")
  private static VectorShuffle<Byte>[] longWindows(int skip) {
    VectorShuffle<Byte>[] windows = new VectorShuffle[MAX_LONG_DELTA_WIDTH];
    for (int w = skip == 0 ? 1 : LONG_ONE_WINDOW + 1; w < MAX_LONG_DELTA_WIDTH; w++) {
      int[] index = new int[BYTE_LANES];
      for (int lane = 0; lane < LONG_LANES; lane++) {
        int firstByte = lane * w >>> 3;
        for (int k = 0; k < 8; k++) {
          index[lane * 8 + k] = firstByte + skip + k;
        }
      }
      windows[w] = VectorShuffle.fromArray(BYTES, index, 0);
    }
    return windows;
  }

  private static LongVector[] longShifts() {
    LongVector[] shifts = new LongVector[MAX_LONG_DELTA_WIDTH];
    for (int w = 1; w < MAX_LONG_DELTA_WIDTH; w++) {
      long[] shift = new long[LONG_LANES];
      for (int lane = 0; lane < LONG_LANES; lane++) {
        shift[lane] = lane * w & 7;
      }
      shifts[w] = LongVector.fromArray(LONGS, shift, 0);
    }
    return shifts;
  }

  private static <E> VectorShuffle<E> up(VectorSpecies<E> species, int by) {
    int n = species.length();
    return VectorShuffle.fromOp(species, i -> Math.floorMod(i - by, n));
  }

  private static <E> VectorMask<E> keep(VectorSpecies<E> species, int from) {
    boolean[] bits = new boolean[species.length()];
    for (int i = from; i < bits.length; i++) {
      bits[i] = true;
    }
    return VectorMask.fromArray(species, bits, 0);
  }

  /** Whether {@link #unpackIntDeltas} takes runs of this width (its prefix sum is written for 8 or 16 lanes). */
  public static boolean takesIntDeltas(int width) {
    return (LANES == 8 || LANES == 16) && width > 0 && width <= MAX_INT_DELTA_WIDTH;
  }

  /**
   * Whether {@link #unpackLongDeltas} takes runs of this width: it needs 8 long lanes (512-bit
   * vectors), so that a vector of values starts on a byte. (With 4 long lanes, a group of 8 deltas
   * as two vectors, each from its own load, shuffled, shifted and prefix-summed, measured slower
   * than the scalar kernel with AVX2 code on JDK 25: DeltaBinaryPackedInt64Benchmark op=read
   * shape=monotonic 1.0-1.5 ns/value scalar against 1.9-2.1 vector, shape=wide (a plain load per 4
   * values) 2.0-2.5 against 2.5-2.8, {@code -XX:UseAVX=2}, a busy 2-core machine.)
   */
  public static boolean takesLongDeltas(int width) {
    return LONG_LANES == 8 && width > 0 && width <= MAX_LONG_DELTA_WIDTH;
  }

  /**
   * The vector twin of {@link IntBitUnpacker#unpackDeltas}: writes {@code out[outPos + i] = acc +
   * (i + 1) * minDelta + d[0] + ... + d[i]} (wrapping) for as many whole vectors of deltas as fit
   * in {@code count} and whose loads stay inside {@code in}; returns how many values it wrote (a
   * multiple of 8, possibly 0). The last of them is the running value the scalar kernel continues
   * from, at {@code pos + written / 8 * width}. Requires {@link #takesIntDeltas}{@code (width)}.
   *
   * <p>Per vector: unpack the deltas, add {@code minDelta}, an in-register prefix sum (log2(lanes)
   * shifted adds), add the previous vector's last sum broadcast to every lane, store.
   */
  public static int unpackIntDeltas(int width, byte[] in, int pos, int[] out, int outPos, int count, int acc, int minDelta) {
    int step = LANES / 8 * width;
    int room = in.length - BYTE_LANES - pos;
    int steps = room < 0 ? 0 : Math.min(count / LANES, room / step + 1);
    if (steps == 0) {
      return 0;
    }
    IntVector carry = IntVector.broadcast(INTS, acc);
    IntVector md = IntVector.broadcast(INTS, minDelta);
    if (width == 32) {
      for (int s = 0, p = pos, o = outPos; s < steps; s++, p += step, o += LANES) {
        IntVector d = ByteVector.fromArray(BYTES, in, p).reinterpretAsInts().add(md);
        // In-register prefix sum (see the note on prefix sums below).
        d = d.add(d.rearrange(INT_UP1, INT_KEEP1));
        d = d.add(d.rearrange(INT_UP2, INT_KEEP2));
        d = d.add(d.rearrange(INT_UP4, INT_KEEP4));
        if (LANES == 16) {
          d = d.add(d.rearrange(INT_UP8, INT_KEEP8));
        }
        d.add(carry).intoArray(out, o);
        carry = carry.add(d.rearrange(INT_LAST));
      }
    } else if (width > MAX_WIDTH) {
      VectorShuffle<Byte> window = WINDOWS[width];
      VectorShuffle<Byte> high = INT_HIGH_WINDOWS[width];
      IntVector shift = SHIFTS[width];
      IntVector highShift = IntVector.broadcast(INTS, 8).sub(shift);
      int mask = (1 << width) - 1;
      for (int s = 0, p = pos, o = outPos; s < steps; s++, p += step, o += LANES) {
        ByteVector b = ByteVector.fromArray(BYTES, in, p);
        IntVector lo = b.rearrange(window).reinterpretAsInts().lanewise(VectorOperators.LSHR, shift);
        IntVector hi = b.rearrange(high).reinterpretAsInts().lanewise(VectorOperators.LSHL, highShift);
        IntVector d = lo.or(hi).and(mask).add(md);
        // In-register prefix sum (see the note on prefix sums below).
        d = d.add(d.rearrange(INT_UP1, INT_KEEP1));
        d = d.add(d.rearrange(INT_UP2, INT_KEEP2));
        d = d.add(d.rearrange(INT_UP4, INT_KEEP4));
        if (LANES == 16) {
          d = d.add(d.rearrange(INT_UP8, INT_KEEP8));
        }
        d.add(carry).intoArray(out, o);
        carry = carry.add(d.rearrange(INT_LAST));
      }
    } else {
      VectorShuffle<Byte> window = WINDOWS[width];
      IntVector shift = SHIFTS[width];
      int mask = (1 << width) - 1;
      for (int s = 0, p = pos, o = outPos; s < steps; s++, p += step, o += LANES) {
        IntVector d = ByteVector.fromArray(BYTES, in, p)
            .rearrange(window)
            .reinterpretAsInts()
            .lanewise(VectorOperators.LSHR, shift)
            .and(mask)
            .add(md);
        // In-register prefix sum (see the note on prefix sums below).
        d = d.add(d.rearrange(INT_UP1, INT_KEEP1));
        d = d.add(d.rearrange(INT_UP2, INT_KEEP2));
        d = d.add(d.rearrange(INT_UP4, INT_KEEP4));
        if (LANES == 16) {
          d = d.add(d.rearrange(INT_UP8, INT_KEEP8));
        }
        d.add(carry).intoArray(out, o);
        carry = carry.add(d.rearrange(INT_LAST));
      }
    }
    return steps * LANES;
  }

  /**
   * As {@link #unpackIntDeltas} for {@code long[]}, the twin of {@link LongBitUnpacker#unpackDeltas}.
   * Requires {@link #takesLongDeltas}{@code (width)}.
   */
  public static int unpackLongDeltas(int width, byte[] in, int pos, long[] out, int outPos, int count, long acc, long minDelta) {
    int step = LONG_LANES / 8 * width;
    int room = in.length - BYTE_LANES - pos;
    int steps = room < 0 ? 0 : Math.min(count / LONG_LANES, room / step + 1);
    if (steps == 0) {
      return 0;
    }
    LongVector carry = LongVector.broadcast(LONGS, acc);
    LongVector md = LongVector.broadcast(LONGS, minDelta);
    if (width == 64) {
      for (int s = 0, p = pos, o = outPos; s < steps; s++, p += step, o += LONG_LANES) {
        LongVector d = ByteVector.fromArray(BYTES, in, p).reinterpretAsLongs().add(md);
        // In-register prefix sum (see the note on prefix sums below).
        d = d.add(d.rearrange(LONG_UP1, LONG_KEEP1));
        d = d.add(d.rearrange(LONG_UP2, LONG_KEEP2));
        d = d.add(d.rearrange(LONG_UP4, LONG_KEEP4));
        LongVector sum = d.add(carry);
        sum.intoArray(out, o);
        carry = sum.rearrange(LONG_LAST);
      }
    } else if (width > LONG_ONE_WINDOW) {
      VectorShuffle<Byte> window = LONG_WINDOWS[width];
      VectorShuffle<Byte> high = LONG_HIGH_WINDOWS[width];
      LongVector shift = LONG_SHIFTS[width];
      LongVector highShift = LongVector.broadcast(LONGS, 8).sub(shift);
      long mask = (1L << width) - 1;
      for (int s = 0, p = pos, o = outPos; s < steps; s++, p += step, o += LONG_LANES) {
        ByteVector b = ByteVector.fromArray(BYTES, in, p);
        LongVector lo = b.rearrange(window).reinterpretAsLongs().lanewise(VectorOperators.LSHR, shift);
        LongVector hi = b.rearrange(high).reinterpretAsLongs().lanewise(VectorOperators.LSHL, highShift);
        LongVector d = lo.or(hi).and(mask).add(md);
        // In-register prefix sum (see the note on prefix sums below).
        d = d.add(d.rearrange(LONG_UP1, LONG_KEEP1));
        d = d.add(d.rearrange(LONG_UP2, LONG_KEEP2));
        d = d.add(d.rearrange(LONG_UP4, LONG_KEEP4));
        LongVector sum = d.add(carry);
        sum.intoArray(out, o);
        carry = sum.rearrange(LONG_LAST);
      }
    } else {
      VectorShuffle<Byte> window = LONG_WINDOWS[width];
      LongVector shift = LONG_SHIFTS[width];
      long mask = (1L << width) - 1;
      for (int s = 0, p = pos, o = outPos; s < steps; s++, p += step, o += LONG_LANES) {
        LongVector d = ByteVector.fromArray(BYTES, in, p)
            .rearrange(window)
            .reinterpretAsLongs()
            .lanewise(VectorOperators.LSHR, shift)
            .and(mask)
            .add(md);
        // In-register prefix sum (see the note on prefix sums below).
        d = d.add(d.rearrange(LONG_UP1, LONG_KEEP1));
        d = d.add(d.rearrange(LONG_UP2, LONG_KEEP2));
        d = d.add(d.rearrange(LONG_UP4, LONG_KEEP4));
        LongVector sum = d.add(carry);
        sum.intoArray(out, o);
        carry = sum.rearrange(LONG_LAST);
      }
    }
    return steps * LONG_LANES;
  }

  /**
   * Whole vectors of {@code width}-bit values that {@link #sumIntDeltas} ({@code ints}) or {@link
   * #sumLongDeltas} can take from {@code in[pos..]}: at most {@code count} values, loads inside an
   * array of {@code inLength} bytes. Returns a value count (a multiple of 8, possibly 0).
   */
  public static int wholeVectors(int width, int inLength, int pos, int count, boolean ints) {
    int lanes = ints ? LANES : LONG_LANES;
    int step = lanes / 8 * width;
    int room = inLength - BYTE_LANES - pos;
    return room < 0 ? 0 : Math.min(count / lanes, room / step + 1) * lanes;
  }

  /**
   * The sum (wrapping in 32 bits) of {@code count} values of {@code width} bits from {@code
   * in[pos..]}, {@code count} from {@link #wholeVectors}: what skipping DELTA_BINARY_PACKED INT32
   * deltas needs, without the prefix sum or the store. Requires {@link #takesIntDeltas}.
   */
  public static int sumIntDeltas(int width, byte[] in, int pos, int count) {
    int step = LANES / 8 * width;
    IntVector total = IntVector.zero(INTS);
    if (width == 32) {
      for (int done = 0, p = pos; done < count; done += LANES, p += step) {
        total = total.add(ByteVector.fromArray(BYTES, in, p).reinterpretAsInts());
      }
    } else if (width > MAX_WIDTH) {
      VectorShuffle<Byte> window = WINDOWS[width];
      VectorShuffle<Byte> high = INT_HIGH_WINDOWS[width];
      IntVector shift = SHIFTS[width];
      IntVector highShift = IntVector.broadcast(INTS, 8).sub(shift);
      int mask = (1 << width) - 1;
      for (int done = 0, p = pos; done < count; done += LANES, p += step) {
        ByteVector b = ByteVector.fromArray(BYTES, in, p);
        IntVector lo = b.rearrange(window).reinterpretAsInts().lanewise(VectorOperators.LSHR, shift);
        IntVector hi = b.rearrange(high).reinterpretAsInts().lanewise(VectorOperators.LSHL, highShift);
        total = total.add(lo.or(hi).and(mask));
      }
    } else {
      VectorShuffle<Byte> window = WINDOWS[width];
      IntVector shift = SHIFTS[width];
      int mask = (1 << width) - 1;
      for (int done = 0, p = pos; done < count; done += LANES, p += step) {
        total = total.add(ByteVector.fromArray(BYTES, in, p)
            .rearrange(window)
            .reinterpretAsInts()
            .lanewise(VectorOperators.LSHR, shift)
            .and(mask));
      }
    }
    return total.reduceLanes(VectorOperators.ADD);
  }

  /**
   * As {@link #sumIntDeltas} in 64 bits, for INT64 deltas of width 64 or at most 57 (one 8-byte
   * window); requires {@link #takesLongDeltas}.
   */
  public static long sumLongDeltas(int width, byte[] in, int pos, int count) {
    int step = LONG_LANES / 8 * width;
    LongVector total = LongVector.zero(LONGS);
    if (width == 64) {
      for (int done = 0, p = pos; done < count; done += LONG_LANES, p += step) {
        total = total.add(ByteVector.fromArray(BYTES, in, p).reinterpretAsLongs());
      }
    } else {
      VectorShuffle<Byte> window = LONG_WINDOWS[width];
      LongVector shift = LONG_SHIFTS[width];
      long mask = (1L << width) - 1;
      for (int done = 0, p = pos; done < count; done += LONG_LANES, p += step) {
        total = total.add(ByteVector.fromArray(BYTES, in, p)
            .rearrange(window)
            .reinterpretAsLongs()
            .lanewise(VectorOperators.LSHR, shift)
            .and(mask));
      }
    }
    return total.reduceLanes(VectorOperators.ADD);
  }

  /** Whether {@link #sumLongDeltas} takes this width. */
  public static boolean sumsLongDeltas(int width) {
    return takesLongDeltas(width) && (width == 64 || width <= LONG_ONE_WINDOW);
  }

  /*
   * Prefix sums: lane i gets the sum of lanes 0..i (wrapping) in log2(lanes) steps of "add the lanes
   * 2^k below", each a lane permute with zeroing (vpermd/vpermq under a mask on AVX-512). Written
   * out in every loop rather than called: C2 does not inline a 70-byte callee at a call site its
   * profile thinks cold, and a vector passed to a call that is not inlined is boxed (71 KB per
   * 20,000 values in DeltaBinaryPackedHandBuiltTest). Over separate constants rather than a loop
   * over an array of shuffles: C2 does not unroll that loop and reloads and type-checks each shuffle
   * per vector (2.5x slower). Measured on JDK 25 and 17 against a blend with zero and against
   * unslice: the masked permute was as fast on 25 and the fastest on 17; unslice was several times
   * slower on 25.
   *
   * The int kernels carry the running value as carry + (the vector's last prefix sum), so only an
   * add is on the loop's dependency chain, not a permute of the stored sums and an add:
   * DeltaBinaryPackedInt32Benchmark op=read shape=monotonic, JDK 25, went from 1.27 to 1.17 ns per
   * value with 512-bit vectors (medians of 6 iterations) and from 1.6 to 1.4 with -XX:UseAVX=2, on a
   * busy 2-core machine. The same change to the long kernels measured no better (1.45 against 1.86,
   * noise of the same size), so they keep the permute.
   */

  /**
   * Empty when the delta kernels give the scalar kernels' running sums for every width they take,
   * at several input offsets, with wrapping min deltas; otherwise what differed.
   */
  static String selfCheck() {
    SplittableRandom random = new SplittableRandom(0xDE17A);
    byte[] in = new byte[64 * 8 + 2 * BYTE_LANES];
    for (int i = 0; i < in.length; i++) {
      in[i] = (byte) random.nextInt();
    }
    int count = 3 * LANES + 8;
    int[] expected = new int[count];
    int[] actual = new int[count + 1];
    long[] expectedLongs = new long[count];
    long[] actualLongs = new long[count + 1];
    for (int w = 1; w <= MAX_LONG_DELTA_WIDTH; w++) {
      for (int pos = 0; pos < 3; pos++) {
        long acc = random.nextLong();
        long md = pos == 0 ? Long.MIN_VALUE : random.nextLong();
        if (takesIntDeltas(w)) {
          IntBitUnpacker.unpackDeltas(w, in, pos, expected, 0, count, (int) acc, (int) md);
          Arrays.fill(actual, -1);
          int done = unpackIntDeltas(w, in, pos, actual, 0, count, (int) acc, (int) md);
          if (done == 0 || !Arrays.equals(expected, 0, done, actual, 0, done) || actual[done] != -1) {
            return "vector int delta decoding differs from scalar at width " + w;
          }
        }
        if (takesLongDeltas(w)) {
          LongBitUnpacker.unpackDeltas(w, in, pos, expectedLongs, 0, count, acc, md);
          Arrays.fill(actualLongs, -1);
          int done = unpackLongDeltas(w, in, pos, actualLongs, 0, count, acc, md);
          if (done == 0 || !Arrays.equals(expectedLongs, 0, done, actualLongs, 0, done) || actualLongs[done] != -1) {
            return "vector long delta decoding differs from scalar at width " + w;
          }
        }
      }
    }
    return "";
  }
}
