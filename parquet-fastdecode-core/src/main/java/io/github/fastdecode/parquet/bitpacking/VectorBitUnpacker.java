package io.github.fastdecode.parquet.bitpacking;

import io.github.fastdecode.parquet.internal.LittleEndian;
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
 * store per 16 values). Width 1 (definition levels, booleans) has its own kernels that expand a
 * broadcast word: {@link #bitsToInts}, {@link #bitsToBooleans}. Only {@link
 * io.github.fastdecode.parquet.internal.VectorSupport} decides whether this class is used; nothing
 * else may load it.
 */
public final class VectorBitUnpacker {
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_PREFERRED;
  private static final int LANES = INTS.length();
  private static final int BYTE_LANES = BYTES.length();
  private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;

  /** Widest value a lane's 4-byte window holds at any bit offset (7 + 25 = 32 bits). */
  public static final int MAX_WIDTH = 25;

  private static final VectorShuffle<Byte>[] WINDOWS = windows();
  private static final IntVector[] SHIFTS = shifts();

  /** Lane i of an int vector: i, the shift that brings bit i of a broadcast word down to bit 0. */
  private static final IntVector LANE_BIT = IntVector.fromArray(INTS, laneIndex(LANES, 0), 0);
  /** Byte lane i takes byte i / 8 of a broadcast 8-byte word ... */
  private static final VectorShuffle<Byte> BYTE_OF_LANE = VectorShuffle.fromArray(BYTES, laneIndex(BYTE_LANES, 3), 0);
  /** ... and keeps bit i % 8 of it. */
  private static final ByteVector BIT_OF_LANE = bitOfLane();

  /**
   * Whether the width-1 kernels fit the vector shape: an int vector's bits come from one int (and
   * one 8-byte load at any bit offset), a byte vector's from one 8-byte word. The self-check turns
   * the vector kernels off where they do not (vectors above 512 bits).
   */
  private static final boolean BITS_FIT = LANES <= 32 && BYTE_LANES <= 64;

  private VectorBitUnpacker() {}

  private static int[] laneIndex(int lanes, int shift) {
    int[] index = new int[lanes];
    for (int i = 0; i < lanes; i++) {
      index[i] = i >>> shift;
    }
    return index;
  }

  private static ByteVector bitOfLane() {
    byte[] bits = new byte[BYTE_LANES];
    for (int i = 0; i < BYTE_LANES; i++) {
      bits[i] = (byte) (1 << (i & 7));
    }
    return ByteVector.fromArray(BYTES, bits, 0);
  }

  @SuppressWarnings("unchecked")
  private static VectorShuffle<Byte>[] windows() {
    VectorShuffle<Byte>[] windows = new VectorShuffle[MAX_WIDTH + 1];
    for (int w = 1; w <= MAX_WIDTH; w++) {
      int[] index = new int[BYTE_LANES];
      for (int lane = 0; lane < LANES; lane++) {
        int firstByte = lane * w >>> 3;
        for (int k = 0; k < 4; k++) {
          index[lane * 4 + k] = firstByte + k;
        }
      }
      windows[w] = VectorShuffle.fromArray(BYTES, index, 0);
    }
    return windows;
  }

  private static IntVector[] shifts() {
    IntVector[] shifts = new IntVector[MAX_WIDTH + 1];
    for (int w = 1; w <= MAX_WIDTH; w++) {
      int[] shift = new int[LANES];
      for (int lane = 0; lane < LANES; lane++) {
        shift[lane] = lane * w & 7;
      }
      shifts[w] = IntVector.fromArray(INTS, shift, 0);
    }
    return shifts;
  }

  /** Values per vector step: the decoders call this kernel only for runs of at least a few steps. */
  public static int lanes() {
    return LANES;
  }

  /**
   * Unpacks as many whole vectors of {@code width}-bit values (1 <= width <= {@link #MAX_WIDTH})
   * from {@code in[pos..]} into {@code out[outPos..]} as fit in {@code count} and whose vector
   * load stays inside {@code in}; returns how many values it wrote (a multiple of 8, possibly 0).
   * The caller unpacks the rest with the scalar kernel, from {@code pos + written / 8 * width}.
   */
  public static int unpackInts(int width, byte[] in, int pos, int[] out, int outPos, int count) {
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
    for (int w = 1; w <= MAX_WIDTH; w++) {
      for (int pos = 0; pos < 3; pos++) {
        IntBitUnpacker.unpack(w, in, pos, expected, 0, count);
        Arrays.fill(actual, -1);
        int done = unpackInts(w, in, pos, actual, 0, count);
        IntBitUnpacker.unpack(w, in, pos + done / 8 * w, actual, done, count - done);
        if (done == 0 || !Arrays.equals(expected, actual)) {
          return "vector bit unpacking differs from scalar at width " + w;
        }
      }
    }
    return "";
  }

  /**
   * Empty when {@link #bitsToInts} and {@link #bitsToBooleans} give each bit's value (read one bit
   * at a time) at every bit offset 0..7 and both polarities; otherwise what differed.
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
