package io.github.fastdecode.parquet.bitpacking;

import io.github.fastdecode.parquet.internal.LittleEndian;

/**
 * Parquet's little-endian bit packing, the inverse of {@link BitUnpacker}: groups of 8 values of
 * {@code width} bits take exactly {@code width} bytes, LSB first; each value contributes its low
 * {@code width} bits (higher bits are dropped, as parquet-java's packers drop them).
 *
 * <p>One loop per element type rather than generated per-width code: values go into a 64-bit
 * accumulator and leave 4 (ints) or 8 (longs) bytes at a time, so the loop does one shift-or per
 * value and one store per 32 or 64 output bits. {@code BitPackingBenchmark} compares it with
 * parquet-java's generated per-width packers. Callers size {@code out}; nothing is checked here.
 */
public final class BitPacker {
  private BitPacker() {}

  /**
   * Packs {@code in[inPos .. inPos + count)} ({@code count} a multiple of 8, {@code width} 0..32)
   * into {@code out} at {@code pos}; returns {@code pos + count / 8 * width}.
   */
  public static int packInts(int width, int[] in, int inPos, int count, byte[] out, int pos) {
    if (width == 0) {
      return pos;
    }
    long mask = (1L << width) - 1;
    long acc = 0;
    int bits = 0;
    for (int i = inPos, end = inPos + count; i < end; i++) {
      acc |= (in[i] & mask) << bits;
      bits += width;
      if (bits >= 32) {
        LittleEndian.putInt(out, pos, (int) acc);
        pos += 4;
        acc >>>= 32;
        bits -= 32;
      }
    }
    // A whole number of groups ends on a byte boundary: at most 3 bytes are left.
    for (; bits > 0; bits -= 8) {
      out[pos++] = (byte) acc;
      acc >>>= 8;
    }
    return pos;
  }

  /**
   * Packs {@code in[inPos .. inPos + count)} ({@code count} a multiple of 8, {@code width} 0..64)
   * into {@code out} at {@code pos}; returns {@code pos + count / 8 * width}.
   */
  public static int packLongs(int width, long[] in, int inPos, int count, byte[] out, int pos) {
    if (width == 0) {
      return pos;
    }
    long mask = width == 64 ? -1L : (1L << width) - 1;
    long acc = 0;
    int bits = 0;
    for (int i = inPos, end = inPos + count; i < end; i++) {
      long v = in[i] & mask;
      acc |= v << bits;
      int filled = bits + width;
      if (filled >= 64) {
        LittleEndian.putLong(out, pos, acc);
        pos += 8;
        // The bits of v that did not fit; two shifts so that bits == 0 gives 0, not v.
        acc = (v >>> 1) >>> (63 - bits);
        filled -= 64;
      }
      bits = filled;
    }
    for (; bits > 0; bits -= 8) {
      out[pos++] = (byte) acc;
      acc >>>= 8;
    }
    return pos;
  }
}
