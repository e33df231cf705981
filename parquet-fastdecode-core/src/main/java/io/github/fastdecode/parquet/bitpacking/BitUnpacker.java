package io.github.fastdecode.parquet.bitpacking;

/**
 * Parquet's little-endian bit unpacking (DELTA_BINARY_PACKED miniblocks, RLE/bit-packed hybrid
 * runs): runs of values in groups of 8, each group of {@code width} bits per value taking exactly
 * {@code width} bytes.
 *
 * <p>The per-width kernels are generated straight-line code ({@link LongBitUnpacker}, {@link
 * IntBitUnpacker}); these loops hand them 32 values at a time, then 8. Nothing here checks the
 * input range: callers validate once per run that {@code packedBytes(width, count)} bytes exist
 * at {@code pos}, so the kernels never read past a run that ends at the array's end.
 */
public final class BitUnpacker {
  /** Widest value: 64 bits. */
  public static final int MAX_WIDTH = 64;

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
    int i = 0;
    int groupBytes = width << 2;
    for (; i <= count - 32; i += 32) {
      LongBitUnpacker.unpack32(width, in, pos, out, outPos + i);
      pos += groupBytes;
    }
    for (; i < count; i += 8) {
      LongBitUnpacker.unpack8(width, in, pos, out, outPos + i);
      pos += width;
    }
    return pos;
  }

  /**
   * As {@link #unpackLongs} into {@code int[]}; widths above 32 keep each value's low 32 bits
   * (what narrowing the 64-bit value gives).
   */
  public static int unpackInts(int width, byte[] in, int pos, int[] out, int outPos, int count) {
    int i = 0;
    int groupBytes = width << 2;
    for (; i <= count - 32; i += 32) {
      IntBitUnpacker.unpack32(width, in, pos, out, outPos + i);
      pos += groupBytes;
    }
    for (; i < count; i += 8) {
      IntBitUnpacker.unpack8(width, in, pos, out, outPos + i);
      pos += width;
    }
    return pos;
  }
}
