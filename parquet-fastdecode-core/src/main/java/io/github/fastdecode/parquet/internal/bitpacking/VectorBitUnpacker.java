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
import java.util.Arrays;
import java.util.SplittableRandom;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Bit unpacking into {@code int[]} with the Vector API, one vector of values per step: a byte
 * shuffle moves the 4 bytes holding each value into its int lane, then a per-lane shift and a
 * mask finish it (on AVX-512 VBMI: one load, {@code vpermb}, {@code vpsrlvd}, {@code vpandd}, one
 * store per 16 values).
 *
 * <p>Where 256-bit vectors are preferred, plain unpacking ({@link #unpackInts}, {@link
 * #unpackIntVectors}) of widths 8 and 16 needs no shuffle (their values are bytes and shorts, loaded
 * and widened to int lanes), widths 2 and 4 (and width 1 on long runs) shuffle bytes within 64 bits
 * and widen them, and width 1 on short runs expands a broadcast byte ({@code uses256}). Where 512-bit
 * vectors are preferred, width 8 widens 16 bytes to 16 int lanes ({@code BYTES_16}).
 *
 * <p>The delta kernels ({@code VectorDeltaUnpacker}, package-private beside this class) unpack a vector of
 * DELTA_BINARY_PACKED deltas the same way (two overlapping windows where a value can span more
 * bytes than a lane holds; a plain load at the full width), add the min delta, prefix-sum in the
 * register and add the running value. The int kernels then grow the running value by the vector's
 * own last sum (one add per vector on the loop's dependency chain); the long kernels take the last
 * lane of the stored sums.
 *
 * <p>Width 1 (definition levels, booleans) has its own kernels that expand a broadcast word:
 * {@link #bitsToInts}, {@link #bitsToBooleans}.
 *
 * <p>Only {@link io.github.fastdecode.parquet.internal.VectorSupport} decides whether this class
 * is used; nothing else may load it.
 */
public final class VectorBitUnpacker {
  static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
  static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_PREFERRED;
  static final int LANES = INTS.length();
  static final int BYTE_LANES = BYTES.length();

  /** Widest value a lane's 4-byte window holds at any bit offset (7 + 25 = 32 bits). */
  public static final int MAX_WIDTH = 25;

  /** Widest int delta whose bytes a lane's byte windows hold: 32 (the values themselves). */
  public static final int MAX_INT_DELTA_WIDTH = 32;

  static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;
  static final int LONG_LANES = LONGS.length();

  /** Per width 1..31: each lane's 4-byte window (first byte of the lane's value on) and bit shift. */
  static final VectorShuffle<Byte>[] WINDOWS = windows(BYTES, LANES);
  static final IntVector[] SHIFTS = shifts(INTS);


  /** Lane i of an int vector: i, the shift that brings bit i of a broadcast word down to bit 0. */
  static final IntVector LANE_BIT = IntVector.fromArray(INTS, laneIndex(LANES, 0), 0);
  /** Byte lane i takes byte i / 8 of a broadcast 8-byte word ... */
  static final VectorShuffle<Byte> BYTE_OF_LANE = VectorShuffle.fromArray(BYTES, laneIndex(BYTE_LANES, 3), 0);
  /** ... and keeps bit i % 8 of it. */
  static final ByteVector BIT_OF_LANE = bitOfLane();

  /**
   * Whether the width-1 kernels fit the vector shape: an int vector's bits come from one int (and
   * one 8-byte load at any bit offset), a byte vector's from one 8-byte word. The self-check turns
   * the vector kernels off where they do not (vectors above 512 bits).
   */
  static final boolean BITS_FIT = LANES <= 32 && BYTE_LANES <= 64;

  /**
   * Whether {@link #unpackInts} and {@link #unpackIntVectors} unpack {@code width}-bit values with
   * the 256-bit kernel: where 256-bit vectors are preferred, at every width (widths 8 and 16 are bytes
   * and shorts widened to int lanes, width 1 expands a broadcast byte, the others go through a byte
   * shuffle). With {@code -XX:UseAVX=2} the widening of widths 8 and 1 measured 0.20 and 0.40 ns per
   * id against 0.46 and 0.64 for the shuffle (RleDictionaryIdsBenchmark, JDK 25).
   *
   * <p>Where 512-bit vectors are preferred the kernel also measured faster at widths 1, 8 and 16
   * (random ids of width 8 0.10 against 0.24 ns, width 1 0.24 against 0.31, on an AMD EPYC with
   * AVX-512 VBMI), and it runs there from {@link VectorSupport#AUTO_FROM_JDK} on. Below that JDK
   * (where the kernels run only when forced), 256-bit int vectors beside the 512-bit ones left the
   * INT32 delta kernels uncompiled and allocating in the tests module's full run on JDK 17 ({@code
   * DeltaBinaryPackedHandBuiltTest.steadyStateAllocatesNothing}: 65 KB per round): JDK 17's Vector
   * API code shared by both shapes then sees two int vector classes. Widths 2 and 4 take it there
   * too ({@link #unpackInBytes256}): random ids, CPU time per id, JDK 25, 512-bit vectors, width 2
   * 0.11 -> 0.09-0.10, width 4 0.107 -> 0.098, with short runs ({@code mixed}) 0.20 -> 0.18 and 0.23
   * -> 0.17, against the 512-bit byte shuffle.
   */
  static boolean uses256(int width) {
    return LANES == 8 || (MIXED_SHAPES && (width == 1 || width == 2 || width == 4 || (width == 8 && !BYTES_16) || width == 16));
  }

  /**
   * Whether width 8 takes 16 values per step where 512-bit vectors are preferred (from {@link
   * VectorSupport#AUTO_FROM_JDK}, as {@link #uses256}): 16 bytes widened to 16 int lanes, one
   * {@code vpmovsxbd} and a mask, no shuffle. Random ids of width 8, CPU time per id, JDK 25, AMD
   * EPYC with AVX-512: 0.060 against 0.073 ns for the 256-bit kernel (Trino 0.079); with short runs
   * ({@code mixed}) 0.217 against 0.255.
   */
  static final boolean BYTES_16 = LANES == 16 && Runtime.version().feature() >= VectorSupport.AUTO_FROM_JDK;

  /** Whether {@code width} is 8 and takes 16 values per step ({@link #BYTES_16}). */
  static boolean bytes16(int width) {
    return BYTES_16 && width == 8;
  }

  /** {@code steps} steps of 16 bytes widened to 16 int lanes; the caller checked the loads. */
  static void unpackBytes16(byte[] in, int pos, int[] out, int outPos, int steps) {
    for (int s = 0, p = pos, o = outPos; s < steps; s++, p += 16, o += 16) {
      ((IntVector) ByteVector.fromArray(ByteVector.SPECIES_128, in, p).convertShape(VectorOperators.B2I, INTS, 0))
          .and(0xFF)
          .intoArray(out, o);
    }
  }

  /** Whether 256-bit kernels may run beside 512-bit ones: not before JDK 25 (see {@link #uses256}). */
  static final boolean MIXED_SHAPES = Runtime.version().feature() >= VectorSupport.AUTO_FROM_JDK;

  static final VectorSpecies<Integer> INTS_256 = IntVector.SPECIES_256;
  static final VectorSpecies<Byte> BYTES_256 = ByteVector.SPECIES_256;
  static final VectorShuffle<Byte>[] WINDOWS_256 = windows(BYTES_256, 8);
  static final IntVector[] SHIFTS_256 = shifts(INTS_256);
  static final IntVector LANE_BIT_256 = IntVector.fromArray(INTS_256, laneIndex(8, 0), 0);

  private VectorBitUnpacker() {}

  /** Values per step of {@link #unpackInts} and {@link #unpackIntVectors} at {@code width} bits. */
  public static int unpackLanes(int width) {
    return uses256(width) ? 8 : bytes16(width) ? 16 : LANES;
  }

  /** Bytes each 256-bit step loads from its first byte at {@code width} bits (steps advance by {@code width} bytes). */
  static int loadBytes256(int width) {
    return width == 1 || width == 2 || width == 4 || width == 8 ? 8 : width == 16 ? 16 : 32;
  }

  /**
   * Per width 1, 2 and 4: 8 byte lanes, lane i the byte that holds value i (all of it: values of
   * these widths do not cross bytes), for the 256-bit steps of those widths ({@link
   * #unpackInBytes256}, and width 1 in {@link #unpackRun256}). The byte shuffle of the other
   * widths ({@link #WINDOWS_256}) moves bytes across the two 128-bit halves of a 256-bit vector,
   * which AVX2 does in several instructions; this one stays in 64 bits.
   */
  static final VectorShuffle<Byte>[] BYTE_WINDOWS_256 = byteWindows256();

  @SuppressWarnings("unchecked")
  static VectorShuffle<Byte>[] byteWindows256() {
    VectorShuffle<Byte>[] windows = new VectorShuffle[5];
    for (int w : new int[] {1, 2, 4}) {
      int[] index = new int[8];
      for (int lane = 0; lane < 8; lane++) {
        index[lane] = lane * w >>> 3;
      }
      windows[w] = VectorShuffle.fromArray(ByteVector.SPECIES_64, index, 0);
    }
    return windows;
  }

  /** {@code steps} steps of 8 values of {@code width} bits with 256-bit vectors; the caller checked the loads. */
  static void unpack256(int width, byte[] in, int pos, int[] out, int outPos, int steps) {
    // One small method per shape, so that each (and this) stays small enough for C2 to inline into
    // the short-run callers: as one method of 353 bytecodes it was no longer inlined, and width-1
    // ids with short runs went from 0.165 to 0.200 ns per id (CPU time, JDK 25, -XX:UseAVX=2).
    if (width == 8) {
      unpackBytes256(in, pos, out, outPos, steps);
    } else if (width == 16) {
      unpackShorts256(in, pos, out, outPos, steps);
    } else if (width == 1) {
      unpackBits256(in, pos, out, outPos, steps);
    } else if (width == 2 || width == 4) {
      unpackInBytes256(width, in, pos, out, outPos, steps);
    } else {
      unpackWindows256(width, in, pos, out, outPos, steps);
    }
  }

  /** Fewest steps that {@link #unpackRunVectors} and {@link #unpackInts} give {@link #unpackRun256} rather than {@link #unpack256}. */
  static final int RUN_STEPS = 16;

  /**
   * {@link #unpack256} for long runs (all-random ids: 63 steps per run), every shape in one method
   * that is too large for C2 to inline into the decoder's loop ({@code FreqInlineSize}, 325
   * bytecodes): compiled on its own, its loops measured faster than the same loops inlined (random
   * ids, CPU time per id, JDK 25, {@code -XX:UseAVX=2}: width 1 0.102 against 0.127, width 4 0.082
   * against 0.103, width 2 0.091 against 0.113), and a call per run costs nothing measurable. Width 1
   * takes the byte shuffle of {@link #unpackInBytes256} here (0.130 -> 0.102 against a broadcast
   * byte; with 512-bit vectors 0.12 -> 0.10), but not on short runs, where it measured slower.
   */
  static void unpackRun256(int width, byte[] in, int pos, int[] out, int outPos, int steps) {
    if (width == 8) {
      for (int s = 0, p = pos, o = outPos; s < steps; s++, p += 8, o += 8) {
        ((IntVector) ByteVector.fromArray(ByteVector.SPECIES_64, in, p).convertShape(VectorOperators.B2I, INTS_256, 0))
            .and(0xFF)
            .intoArray(out, o);
      }
    } else if (width == 16) {
      for (int s = 0, p = pos, o = outPos; s < steps; s++, p += 16, o += 8) {
        ((IntVector) ByteVector.fromArray(ByteVector.SPECIES_128, in, p).reinterpretAsShorts()
            .convertShape(VectorOperators.S2I, INTS_256, 0))
            .and(0xFFFF)
            .intoArray(out, o);
      }
    } else if (width == 1 || width == 2 || width == 4) {
      VectorShuffle<Byte> window = BYTE_WINDOWS_256[width];
      IntVector shift = SHIFTS_256[width];
      int mask = (1 << width) - 1;
      for (int s = 0, p = pos, o = outPos; s < steps; s++, p += width, o += 8) {
        ((IntVector) ByteVector.fromArray(ByteVector.SPECIES_64, in, p).rearrange(window)
            .convertShape(VectorOperators.B2I, INTS_256, 0))
            .lanewise(VectorOperators.LSHR, shift)
            .and(mask)
            .intoArray(out, o);
      }
    } else {
      VectorShuffle<Byte> window = WINDOWS_256[width];
      IntVector shift = SHIFTS_256[width];
      int mask = (1 << width) - 1;
      for (int s = 0, p = pos, o = outPos; s < steps; s++, p += width, o += 8) {
        ByteVector.fromArray(BYTES_256, in, p)
            .rearrange(window)
            .reinterpretAsInts()
            .lanewise(VectorOperators.LSHR, shift)
            .and(mask)
            .intoArray(out, o);
      }
    }
  }

  /** Width 1 on short runs: a byte broadcast to 8 int lanes, each shifted by its index, masked. */
  static void unpackBits256(byte[] in, int pos, int[] out, int outPos, int steps) {
    for (int s = 0, p = pos, o = outPos; s < steps; s++, p++, o += 8) {
      IntVector.broadcast(INTS_256, in[p]).lanewise(VectorOperators.LSHR, LANE_BIT_256).and(1).intoArray(out, o);
    }
  }

  static void unpackBytes256(byte[] in, int pos, int[] out, int outPos, int steps) {
    for (int s = 0, p = pos, o = outPos; s < steps; s++, p += 8, o += 8) {
      // B2I sign-extends: the mask keeps the byte.
      ((IntVector) ByteVector.fromArray(ByteVector.SPECIES_64, in, p).convertShape(VectorOperators.B2I, INTS_256, 0))
          .and(0xFF)
          .intoArray(out, o);
    }
  }

  static void unpackShorts256(byte[] in, int pos, int[] out, int outPos, int steps) {
    for (int s = 0, p = pos, o = outPos; s < steps; s++, p += 16, o += 8) {
      ((IntVector) ByteVector.fromArray(ByteVector.SPECIES_128, in, p).reinterpretAsShorts()
          .convertShape(VectorOperators.S2I, INTS_256, 0))
          .and(0xFFFF)
          .intoArray(out, o);
    }
  }

  /**
   * Widths 1, 2 and 4, whose values do not cross bytes: 8 values in the step's first {@code width}
   * bytes, each int lane given the byte that holds its value by a shuffle of 8 bytes (within 64 bits),
   * widened to 8 int lanes, then a shift and a mask. Random ids, CPU time per id, JDK 25, {@code
   * -XX:UseAVX=2}: width 4 0.127 -> 0.082 against the 32-byte shuffle of {@link #unpackWindows256}
   * (which crosses the 128-bit halves: several AVX2 instructions), width 2 0.148 -> 0.091, width 1
   * 0.130 -> 0.102 against a broadcast byte per step; with 512-bit vectors width 1 0.12 -> 0.10.
   */
  static void unpackInBytes256(int width, byte[] in, int pos, int[] out, int outPos, int steps) {
    VectorShuffle<Byte> window = BYTE_WINDOWS_256[width];
    IntVector shift = SHIFTS_256[width];
    int mask = (1 << width) - 1;
    for (int s = 0, p = pos, o = outPos; s < steps; s++, p += width, o += 8) {
      ((IntVector) ByteVector.fromArray(ByteVector.SPECIES_64, in, p).rearrange(window)
          .convertShape(VectorOperators.B2I, INTS_256, 0))
          .lanewise(VectorOperators.LSHR, shift)
          .and(mask)
          .intoArray(out, o);
    }
  }

  static void unpackWindows256(int width, byte[] in, int pos, int[] out, int outPos, int steps) {
    VectorShuffle<Byte> window = WINDOWS_256[width];
    IntVector shift = SHIFTS_256[width];
    int mask = (1 << width) - 1;
    for (int s = 0, p = pos, o = outPos; s < steps; s++, p += width, o += 8) {
      ByteVector.fromArray(BYTES_256, in, p)
          .rearrange(window)
          .reinterpretAsInts()
          .lanewise(VectorOperators.LSHR, shift)
          .and(mask)
          .intoArray(out, o);
    }
  }

  static int[] laneIndex(int lanes, int shift) {
    int[] index = new int[lanes];
    for (int i = 0; i < lanes; i++) {
      index[i] = i >>> shift;
    }
    return index;
  }

  static ByteVector bitOfLane() {
    byte[] bits = new byte[BYTE_LANES];
    for (int i = 0; i < BYTE_LANES; i++) {
      bits[i] = (byte) (1 << (i & 7));
    }
    return ByteVector.fromArray(BYTES, bits, 0);
  }

  @SuppressWarnings("unchecked")
  static VectorShuffle<Byte>[] windows(VectorSpecies<Byte> bytes, int lanes) {
    VectorShuffle<Byte>[] windows = new VectorShuffle[MAX_INT_DELTA_WIDTH];
    for (int w = 1; w < MAX_INT_DELTA_WIDTH; w++) {
      int[] index = new int[bytes.length()];
      for (int lane = 0; lane < lanes; lane++) {
        int firstByte = lane * w >>> 3;
        for (int k = 0; k < 4; k++) {
          index[lane * 4 + k] = firstByte + k;
        }
      }
      windows[w] = VectorShuffle.fromArray(bytes, index, 0);
    }
    return windows;
  }

  static IntVector[] shifts(VectorSpecies<Integer> ints) {
    IntVector[] shifts = new IntVector[MAX_INT_DELTA_WIDTH];
    for (int w = 1; w < MAX_INT_DELTA_WIDTH; w++) {
      int[] shift = new int[ints.length()];
      for (int lane = 0; lane < shift.length; lane++) {
        shift[lane] = lane * w & 7;
      }
      shifts[w] = IntVector.fromArray(ints, shift, 0);
    }
    return shifts;
  }

  /** Values per vector step: the decoders call this kernel only for runs of at least a few steps. */
  public static int lanes() {
    return LANES;
  }

  /**
   * Unpacks as many whole vectors of {@code width}-bit values ({@code 1 <= width <= }{@link #MAX_WIDTH})
   * from {@code in[pos..]} into {@code out[outPos..]} as fit in {@code count} and whose vector
   * load stays inside {@code in}; returns how many values it wrote (a multiple of 8, possibly 0).
   * The caller unpacks the rest with the scalar kernel, from {@code pos + written / 8 * width}.
   */
  public static int unpackInts(int width, byte[] in, int pos, int[] out, int outPos, int count) {
    if (bytes16(width)) {
      int room = in.length - 16 - pos;
      int steps = room < 0 ? 0 : Math.min(count >>> 4, room / 16 + 1);
      unpackBytes16(in, pos, out, outPos, steps);
      return steps << 4;
    }
    if (uses256(width)) {
      int room = in.length - loadBytes256(width) - pos;
      int steps = room < 0 ? 0 : Math.min(count >>> 3, room / width + 1);
      if (steps >= RUN_STEPS && runs256(width)) {
        unpackRun256(width, in, pos, out, outPos, steps);
      } else {
        unpack256(width, in, pos, out, outPos, steps);
      }
      return steps << 3;
    }
    VectorShuffle<Byte> window = WINDOWS[width];
    IntVector shift = SHIFTS[width];
    int mask = (1 << width) - 1;
    int step = LANES / 8 * width;
    int room = in.length - BYTE_LANES - pos;
    int steps = room < 0 ? 0 : Math.min(count / LANES, room / step + 1);
    int p = pos;
    int o = outPos;
    for (int s = 0; s < steps; s++, p += step, o += LANES) {
      ByteVector.fromArray(BYTES, in, p)
          .rearrange(window)
          .reinterpretAsInts()
          .lanewise(VectorOperators.LSHR, shift)
          .and(mask)
          .intoArray(out, o);
    }
    return steps * LANES;
  }

  /**
   * Bytes each step of {@link #unpackInts} loads from its first byte at {@code width} bits (steps
   * advance by {@code unpackLanes(width) / 8 * width} bytes): a step is taken only if they lie in the
   * array.
   */
  public static int unpackLoadBytes(int width) {
    return uses256(width) ? loadBytes256(width) : bytes16(width) ? 16 : BYTE_LANES;
  }


  /** Values per step of {@link #bitsToInts}. */
  public static int intLanes() {
    return LANES;
  }

  /** Values per step of {@link #bitsToBooleans}. */
  public static int byteLanes() {
    return BYTE_LANES;
  }

  /**
   * Bits to ints (bit width 1): {@code out[outPos + i] = } bit {@code bit + i} of {@code in} (LSB
   * first), for as many whole vectors of {@link #intLanes()} values as fit in {@code count} and whose
   * 8-byte loads stay inside {@code in}; returns how many values it wrote (a multiple of the lanes,
   * possibly 0). Each vector is one scalar load broadcast to every lane, a shift by the lane's index
   * and a mask ({@code vpbroadcastd}, {@code vpsrlvd}, {@code vpandd}, one store per 16 values on
   * AVX-512).
   */
  public static int bitsToInts(byte[] in, long bit, int[] out, int outPos, int count) {
    // Step s loads 8 bytes at byte (bit + s * LANES) / 8, which must be at most in.length - 8.
    long room = 8L * (in.length - 8) + 7 - bit;
    int steps = room < 0 ? 0 : (int) Math.min(count / LANES, room / LANES + 1);
    long b = bit;
    int o = outPos;
    for (int s = 0; s < steps; s++, b += LANES, o += LANES) {
      expandBits((int) (LittleEndian.getLong(in, (int) (b >>> 3)) >>> (b & 7)), out, o);
    }
    return steps * LANES;
  }

  /**
   * One vector of {@link #intLanes()} width-1 values: {@code out[outPos + i] = } bit i of {@code
   * bits}. The caller keeps {@code outPos + intLanes()} within {@code out}.
   */
  public static void expandBits(int bits, int[] out, int outPos) {
    IntVector.broadcast(INTS, bits).lanewise(VectorOperators.LSHR, LANE_BIT).and(1).intoArray(out, outPos);
  }

  /**
   * Bits to booleans (bit width 1): {@code out[outPos + i] = } (bit {@code bit + i} of {@code in} is
   * set) when {@code whenSet}, (the bit is clear) otherwise, for as many whole vectors of {@link
   * #byteLanes()} values as fit in {@code count} and whose loads (9 bytes from byte {@code bit / 8} of
   * each step) stay inside {@code in}; returns how many values it wrote (a multiple of the lanes,
   * possibly 0). Each vector is an 8-byte word broadcast to every lane, a byte shuffle that gives
   * lane i byte i / 8, an AND with bit i % 8 and a compare, stored as a mask.
   */
  public static int bitsToBooleans(byte[] in, long bit, boolean[] out, int outPos, int count, boolean whenSet) {
    long room = 8L * (in.length - 9) + 7 - bit;
    int steps = room < 0 ? 0 : (int) Math.min(count / BYTE_LANES, room / BYTE_LANES + 1);
    // Clear bits become set ones, so that one compare (a constant operator) serves both.
    long flip = whenSet ? 0 : -1L;
    int shift = (int) (bit & 7);
    int p = (int) (bit >>> 3);
    int o = outPos;
    for (int s = 0; s < steps; s++, p += BYTE_LANES >>> 3, o += BYTE_LANES) {
      // 64 bits from bit offset `shift`: the ninth byte's low bits fill the top (none when shift is 0).
      long word = LittleEndian.getLong(in, p) >>> shift | (long) (in[p + 8] & 0xFF) << 1 << (63 - shift);
      LongVector.broadcast(LONGS, word ^ flip)
          .reinterpretAsBytes()
          .rearrange(BYTE_OF_LANE)
          .and(BIT_OF_LANE)
          .compare(VectorOperators.NE, 0)
          .intoArray(out, o);
    }
    return steps * BYTE_LANES;
  }

  /**
   * One vector of {@link #byteLanes()} width-1 values as booleans: {@code out[outPos + i] = } (bit i
   * of {@code bits} is set). The caller keeps {@code outPos + byteLanes()} within {@code out}.
   */
  public static void expandBitsToBooleans(long bits, boolean[] out, int outPos) {
    LongVector.broadcast(LONGS, bits)
        .reinterpretAsBytes()
        .rearrange(BYTE_OF_LANE)
        .and(BIT_OF_LANE)
        .compare(VectorOperators.NE, 0)
        .intoArray(out, outPos);
  }

  /**
   * Unpacks exactly {@code vectors} whole vectors ({@code vectors * unpackLanes(width)} values) of
   * {@code width}-bit values, {@code 1 <= width <= }{@link #MAX_WIDTH}, from {@code in[pos..]} into
   * {@code out[outPos..]}, if every load stays inside {@code in}; returns {@code false}, writing
   * nothing, if not. The caller keeps {@code outPos + vectors * unpackLanes(width)} within {@code out}. For short
   * bit-packed runs: the last vector may run past the run into values the caller overwrites
   * afterwards, which saves the scalar tail and the per-call arithmetic of {@link #unpackInts}
   * (no division, no scalar kernel call).
   */
  public static boolean unpackIntVectors(int width, byte[] in, int pos, int[] out, int outPos, int vectors) {
    if (bytes16(width)) {
      if (pos + (long) vectors * 16 > in.length) {
        return false;
      }
      unpackBytes16(in, pos, out, outPos, vectors);
      return true;
    }
    if (uses256(width)) {
      if (pos + (long) (vectors - 1) * width + loadBytes256(width) > in.length) {
        return false;
      }
      unpack256(width, in, pos, out, outPos, vectors);
      return true;
    }
    int step = LANES / 8 * width;
    if (pos + (long) (vectors - 1) * step + BYTE_LANES > in.length) {
      return false;
    }
    VectorShuffle<Byte> window = WINDOWS[width];
    IntVector shift = SHIFTS[width];
    int mask = (1 << width) - 1;
    for (int s = 0, p = pos, o = outPos; s < vectors; s++, p += step, o += LANES) {
      ByteVector.fromArray(BYTES, in, p)
          .rearrange(window)
          .reinterpretAsInts()
          .lanewise(VectorOperators.LSHR, shift)
          .and(mask)
          .intoArray(out, o);
    }
    return true;
  }

  /**
   * Whether long runs of {@code width} bits take {@link #unpackRun256}: where 256-bit steps unpack
   * it, at widths 1, 2 and 4 (the byte shuffle within 64 bits; see there). At widths 8, 12, 16 and
   * 20 it measured from 15% faster to 10% slower than the inlined loops of {@link #unpack256}, by
   * JVM and run (CPU time, JDK 25, {@code -XX:UseAVX=2}, random ids, a machine loaded by other
   * work), so they keep those; its self-check covers every width.
   */
  static boolean runs256(int width) {
    return uses256(width) && (width <= 2 || width == 4);
  }

  /**
   * {@link #unpackIntVectors} for the long runs of a decoder's general steps: from {@link
   * #RUN_STEPS} vectors on, where 256-bit steps unpack the width, through {@link #unpackRun256},
   * which C2 compiles on its own. Kept apart from {@link #unpackIntVectors} so that the short-run
   * loop ({@code RleBitPackedHybridDecoder.vectorWholeRuns}, which inlines that) has no call site of
   * it: the branch's profile is shared by every caller, and with the call site there width-1 ids with
   * short runs measured 0.162 -> 0.188 ns per id (CPU time, JDK 25, {@code -XX:UseAVX=2}).
   */
  public static boolean unpackRunVectors(int width, byte[] in, int pos, int[] out, int outPos, int vectors) {
    if (vectors < RUN_STEPS || !runs256(width)) {
      return unpackIntVectors(width, in, pos, out, outPos, vectors);
    }
    if (pos + (long) (vectors - 1) * width + loadBytes256(width) > in.length) {
      return false;
    }
    unpackRun256(width, in, pos, out, outPos, vectors);
    return true;
  }

  /**
   * Writes {@code value} to {@code out[outPos .. outPos + vectors * lanes())}, one vector store per
   * {@link #lanes()} values: an RLE run's fill, covered by whole vectors (the caller keeps the range
   * within {@code out} and overwrites what lies past the run).
   */
  public static void fillInts(int value, int[] out, int outPos, int vectors) {
    IntVector v = IntVector.broadcast(INTS, value);
    for (int s = 0, o = outPos; s < vectors; s++, o += LANES) {
      v.intoArray(out, o);
    }
  }

  /** {@link VectorDeltaUnpacker#selfCheck()}: the delta kernels against the scalar ones. */
  public static String selfCheckDeltas() {
    return VectorDeltaUnpacker.selfCheck();
  }

  /** Vector shape, for {@code VectorSupport.status()}. */
  public static String describe() {
    return INTS.vectorBitSize() + "-bit vectors";
  }

  /**
   * Empty when this kernel gives the scalar kernel's values for every width, at several input
   * offsets and counts; otherwise what differed.
   */
  public static String selfCheck() {
    if (INTS.vectorBitSize() < 256) {
      return "preferred vectors are " + INTS.vectorBitSize() + " bits, below 256";
    }
    SplittableRandom random = new SplittableRandom(0x5EED);
    byte[] in = new byte[4 * BYTE_LANES + 100];
    for (int i = 0; i < in.length; i++) {
      in[i] = (byte) random.nextInt();
    }
    int count = 3 * LANES + 8;
    int[] expected = new int[count];
    int[] actual = new int[count];
    Arrays.fill(actual, -1);
    fillInts(7, actual, 1, 2);
    if (actual[0] != -1 || actual[2 * LANES + 1] != -1 || actual[1] != 7 || actual[2 * LANES] != 7) {
      return "vector fill wrote the wrong lanes";
    }
    for (int w = 1; w <= MAX_WIDTH; w++) {
      for (int pos = 0; pos < 3; pos++) {
        IntBitUnpacker.unpack(w, in, pos, expected, 0, count);
        Arrays.fill(actual, -1);
        int done = unpackInts(w, in, pos, actual, 0, count);
        IntBitUnpacker.unpack(w, in, pos + done / 8 * w, actual, done, count - done);
        if (done == 0 || !Arrays.equals(expected, actual)) {
          return "vector bit unpacking differs from scalar at width " + w;
        }
        Arrays.fill(actual, -1);
        int covered = 3 * unpackLanes(w);
        if (!unpackIntVectors(w, in, pos, actual, 0, 3) || !Arrays.equals(expected, 0, covered, actual, 0, covered)
            || actual[covered] != -1) {
          return "vector bit unpacking of whole vectors differs from scalar at width " + w;
        }
      }
    }
    // Long runs: unpackRunVectors' own loops (from RUN_STEPS vectors on).
    int vectors = RUN_STEPS + 1;
    for (int w = 1; w <= MAX_WIDTH; w++) {
      int values = vectors * unpackLanes(w);
      byte[] run = new byte[values / 8 * w + 2 * BYTE_LANES];
      for (int i = 0; i < run.length; i++) {
        run[i] = (byte) random.nextInt();
      }
      int[] want = new int[values];
      int[] got = new int[values + 1];
      IntBitUnpacker.unpack(w, run, 1, want, 0, values - 8);
      Arrays.fill(got, -1);
      if (!unpackRunVectors(w, run, 1, got, 0, vectors) || !Arrays.equals(want, 0, values - 8, got, 0, values - 8)
          || got[values] != -1) {
        return "vector bit unpacking of long runs differs from scalar at width " + w;
      }
    }
    return "";
  }

  /**
   * Empty when {@link #bitsToInts}, {@link #bitsToBooleans} and {@link #expandBitsToBooleans} give
   * each bit's value (read one bit at a time) at every bit offset 0..7 and both polarities;
   * otherwise what differed.
   */
  public static String selfCheckBits() {
    if (!BITS_FIT) {
      return LANES + " int lanes or " + BYTE_LANES + " byte lanes: too many for the width-1 kernels";
    }
    SplittableRandom random = new SplittableRandom(0xB175);
    byte[] in = new byte[3 * BYTE_LANES / 8 + 16];
    for (int i = 0; i < in.length; i++) {
      in[i] = (byte) random.nextInt();
    }
    int[] ints = new int[3 * BYTE_LANES];
    boolean[] booleans = new boolean[3 * BYTE_LANES];
    long word = random.nextLong();
    expandBitsToBooleans(word, booleans, 1);
    for (int i = 0; i < BYTE_LANES; i++) {
      if (booleans[1 + i] != ((word >>> i & 1) != 0)) {
        return "vector bit expansion to booleans differs from scalar at value " + i;
      }
    }
    for (int offset = 0; offset < 8; offset++) {
      int count = 2 * BYTE_LANES;
      int intsDone = bitsToInts(in, offset, ints, 0, count);
      for (boolean whenSet : new boolean[] {true, false}) {
        int booleansDone = bitsToBooleans(in, offset, booleans, 0, count, whenSet);
        if (intsDone != count || booleansDone != count) {
          return "vector bit expansion stopped early at bit offset " + offset;
        }
        for (int i = 0; i < count; i++) {
          int b = offset + i;
          int v = in[b >>> 3] >>> (b & 7) & 1;
          if (ints[i] != v || booleans[i] != (v == (whenSet ? 1 : 0))) {
            return "vector bit expansion differs from scalar at bit offset " + offset + ", value " + i;
          }
        }
      }
    }
    return "";
  }
}
