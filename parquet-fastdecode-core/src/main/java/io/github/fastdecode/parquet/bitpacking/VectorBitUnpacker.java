package io.github.fastdecode.parquet.bitpacking;

import java.util.Arrays;
import java.util.SplittableRandom;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Bit unpacking into {@code int[]} with the Vector API, one vector of values per step: a byte
 * shuffle moves the 4 bytes holding each value into its int lane, then a per-lane shift and a
 * mask finish it (on AVX-512 VBMI: one load, {@code vpermb}, {@code vpsrlvd}, {@code vpandd}, one
 * store per 16 values). Only {@link io.github.fastdecode.parquet.internal.VectorSupport} decides
 * whether this class is used; nothing else may load it.
 */
public final class VectorBitUnpacker {
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_PREFERRED;
  private static final int LANES = INTS.length();
  private static final int BYTE_LANES = BYTES.length();

  /** Widest value a lane's 4-byte window holds at any bit offset (7 + 25 = 32 bits). */
  public static final int MAX_WIDTH = 25;

  private static final VectorShuffle<Byte>[] WINDOWS = windows();
  private static final IntVector[] SHIFTS = shifts();

  private VectorBitUnpacker() {}

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
}
