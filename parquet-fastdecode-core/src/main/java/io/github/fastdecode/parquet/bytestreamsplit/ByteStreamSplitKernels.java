package io.github.fastdecode.parquet.bytestreamsplit;

import io.github.fastdecode.parquet.internal.LittleEndian;

/**
 * Byte gathers for BYTE_STREAM_SPLIT. A section of {@code N} values of {@code W} bytes is {@code W}
 * streams of {@code N} bytes; stream {@code k} holds byte {@code k} (little-endian order) of every
 * value. Here {@code p} is the index of the first wanted value in stream 0 and {@code stride = N},
 * so byte {@code k} of the {@code i}-th wanted value is {@code a[p + k * stride + i]}.
 *
 * <p>The 4- and 8-byte kernels take 8 values at a time: one 8-byte load per stream gives a
 * {@code W x 8} byte matrix (row = stream, column = value) that a few mask-and-shift block swaps
 * transpose in registers, so each value costs about one load's worth of work instead of {@code W}
 * byte loads. Callers check every bound once; the kernels trust them.
 */
final class ByteStreamSplitKernels {
  private ByteStreamSplitKernels() {}

  private static final long SWAP32 = 0x0000_0000_FFFF_FFFFL;
  private static final long SWAP16 = 0x0000_FFFF_0000_FFFFL;
  private static final long SWAP8 = 0x00FF_00FF_00FF_00FFL;

  static int gatherInt(byte[] a, int p, int stride) {
    return (a[p] & 0xFF)
        | (a[p + stride] & 0xFF) << 8
        | (a[p + 2 * stride] & 0xFF) << 16
        | a[p + 3 * stride] << 24;
  }

  static long gatherLong(byte[] a, int p, int stride) {
    long v = 0;
    for (int k = 7; k >= 0; k--) {
      v = v << 8 | (a[p + k * stride] & 0xFF);
    }
    return v;
  }

  static void gatherInts(byte[] a, int p, int stride, int[] dst, int off, int n) {
    int p1 = p + stride;
    int p2 = p1 + stride;
    int p3 = p2 + stride;
    int i = 0;
    for (; i <= n - 8; i += 8) {
      long r0 = LittleEndian.getLong(a, p + i);
      long r1 = LittleEndian.getLong(a, p1 + i);
      long r2 = LittleEndian.getLong(a, p2 + i);
      long r3 = LittleEndian.getLong(a, p3 + i);
      // Transpose the two 4x4 byte blocks (values 0-3 in the low halves, 4-7 in the high halves):
      // swap 2x2 blocks of 16 bits, then single bytes.
      long t = ((r0 >>> 16) ^ r2) & SWAP16; r0 ^= t << 16; r2 ^= t;
      t = ((r1 >>> 16) ^ r3) & SWAP16; r1 ^= t << 16; r3 ^= t;
      t = ((r0 >>> 8) ^ r1) & SWAP8; r0 ^= t << 8; r1 ^= t;
      t = ((r2 >>> 8) ^ r3) & SWAP8; r2 ^= t << 8; r3 ^= t;
      // Now r_k holds value k (low half) and value k + 4 (high half).
      int o = off + i;
      dst[o] = (int) r0;
      dst[o + 1] = (int) r1;
      dst[o + 2] = (int) r2;
      dst[o + 3] = (int) r3;
      dst[o + 4] = (int) (r0 >>> 32);
      dst[o + 5] = (int) (r1 >>> 32);
      dst[o + 6] = (int) (r2 >>> 32);
      dst[o + 7] = (int) (r3 >>> 32);
    }
    for (; i < n; i++) {
      dst[off + i] = gatherInt(a, p + i, stride);
    }
  }

  /** {@link #gatherInts} for FLOAT: the same bits, stored raw (NaN payloads kept). */
  static void gatherFloats(byte[] a, int p, int stride, float[] dst, int off, int n) {
    int p1 = p + stride;
    int p2 = p1 + stride;
    int p3 = p2 + stride;
    int i = 0;
    for (; i <= n - 8; i += 8) {
      long r0 = LittleEndian.getLong(a, p + i);
      long r1 = LittleEndian.getLong(a, p1 + i);
      long r2 = LittleEndian.getLong(a, p2 + i);
      long r3 = LittleEndian.getLong(a, p3 + i);
      long t = ((r0 >>> 16) ^ r2) & SWAP16; r0 ^= t << 16; r2 ^= t;
      t = ((r1 >>> 16) ^ r3) & SWAP16; r1 ^= t << 16; r3 ^= t;
      t = ((r0 >>> 8) ^ r1) & SWAP8; r0 ^= t << 8; r1 ^= t;
      t = ((r2 >>> 8) ^ r3) & SWAP8; r2 ^= t << 8; r3 ^= t;
      int o = off + i;
      dst[o] = Float.intBitsToFloat((int) r0);
      dst[o + 1] = Float.intBitsToFloat((int) r1);
      dst[o + 2] = Float.intBitsToFloat((int) r2);
      dst[o + 3] = Float.intBitsToFloat((int) r3);
      dst[o + 4] = Float.intBitsToFloat((int) (r0 >>> 32));
      dst[o + 5] = Float.intBitsToFloat((int) (r1 >>> 32));
      dst[o + 6] = Float.intBitsToFloat((int) (r2 >>> 32));
      dst[o + 7] = Float.intBitsToFloat((int) (r3 >>> 32));
    }
    for (; i < n; i++) {
      dst[off + i] = Float.intBitsToFloat(gatherInt(a, p + i, stride));
    }
  }

  static void gatherLongs(byte[] a, int p, int stride, long[] dst, int off, int n) {
    int i = 0;
    for (; i <= n - 8; i += 8) {
      int q = p + i;
      long r0 = LittleEndian.getLong(a, q);
      long r1 = LittleEndian.getLong(a, q += stride);
      long r2 = LittleEndian.getLong(a, q += stride);
      long r3 = LittleEndian.getLong(a, q += stride);
      long r4 = LittleEndian.getLong(a, q += stride);
      long r5 = LittleEndian.getLong(a, q += stride);
      long r6 = LittleEndian.getLong(a, q += stride);
      long r7 = LittleEndian.getLong(a, q + stride);
      // 8x8 byte transpose: swap 4x4 blocks of 32 bits, then 2x2 blocks of 16 bits, then bytes.
      long t;
      t = ((r0 >>> 32) ^ r4) & SWAP32; r0 ^= t << 32; r4 ^= t;
      t = ((r1 >>> 32) ^ r5) & SWAP32; r1 ^= t << 32; r5 ^= t;
      t = ((r2 >>> 32) ^ r6) & SWAP32; r2 ^= t << 32; r6 ^= t;
      t = ((r3 >>> 32) ^ r7) & SWAP32; r3 ^= t << 32; r7 ^= t;
      t = ((r0 >>> 16) ^ r2) & SWAP16; r0 ^= t << 16; r2 ^= t;
      t = ((r1 >>> 16) ^ r3) & SWAP16; r1 ^= t << 16; r3 ^= t;
      t = ((r4 >>> 16) ^ r6) & SWAP16; r4 ^= t << 16; r6 ^= t;
      t = ((r5 >>> 16) ^ r7) & SWAP16; r5 ^= t << 16; r7 ^= t;
      t = ((r0 >>> 8) ^ r1) & SWAP8; r0 ^= t << 8; r1 ^= t;
      t = ((r2 >>> 8) ^ r3) & SWAP8; r2 ^= t << 8; r3 ^= t;
      t = ((r4 >>> 8) ^ r5) & SWAP8; r4 ^= t << 8; r5 ^= t;
      t = ((r6 >>> 8) ^ r7) & SWAP8; r6 ^= t << 8; r7 ^= t;
      int o = off + i;
      dst[o] = r0;
      dst[o + 1] = r1;
      dst[o + 2] = r2;
      dst[o + 3] = r3;
      dst[o + 4] = r4;
      dst[o + 5] = r5;
      dst[o + 6] = r6;
      dst[o + 7] = r7;
    }
    for (; i < n; i++) {
      dst[off + i] = gatherLong(a, p + i, stride);
    }
  }

  /** {@link #gatherLongs} for DOUBLE: the same bits, stored raw. */
  static void gatherDoubles(byte[] a, int p, int stride, double[] dst, int off, int n) {
    int i = 0;
    for (; i <= n - 8; i += 8) {
      int q = p + i;
      long r0 = LittleEndian.getLong(a, q);
      long r1 = LittleEndian.getLong(a, q += stride);
      long r2 = LittleEndian.getLong(a, q += stride);
      long r3 = LittleEndian.getLong(a, q += stride);
      long r4 = LittleEndian.getLong(a, q += stride);
      long r5 = LittleEndian.getLong(a, q += stride);
      long r6 = LittleEndian.getLong(a, q += stride);
      long r7 = LittleEndian.getLong(a, q + stride);
      long t;
      t = ((r0 >>> 32) ^ r4) & SWAP32; r0 ^= t << 32; r4 ^= t;
      t = ((r1 >>> 32) ^ r5) & SWAP32; r1 ^= t << 32; r5 ^= t;
      t = ((r2 >>> 32) ^ r6) & SWAP32; r2 ^= t << 32; r6 ^= t;
      t = ((r3 >>> 32) ^ r7) & SWAP32; r3 ^= t << 32; r7 ^= t;
      t = ((r0 >>> 16) ^ r2) & SWAP16; r0 ^= t << 16; r2 ^= t;
      t = ((r1 >>> 16) ^ r3) & SWAP16; r1 ^= t << 16; r3 ^= t;
      t = ((r4 >>> 16) ^ r6) & SWAP16; r4 ^= t << 16; r6 ^= t;
      t = ((r5 >>> 16) ^ r7) & SWAP16; r5 ^= t << 16; r7 ^= t;
      t = ((r0 >>> 8) ^ r1) & SWAP8; r0 ^= t << 8; r1 ^= t;
      t = ((r2 >>> 8) ^ r3) & SWAP8; r2 ^= t << 8; r3 ^= t;
      t = ((r4 >>> 8) ^ r5) & SWAP8; r4 ^= t << 8; r5 ^= t;
      t = ((r6 >>> 8) ^ r7) & SWAP8; r6 ^= t << 8; r7 ^= t;
      int o = off + i;
      dst[o] = Double.longBitsToDouble(r0);
      dst[o + 1] = Double.longBitsToDouble(r1);
      dst[o + 2] = Double.longBitsToDouble(r2);
      dst[o + 3] = Double.longBitsToDouble(r3);
      dst[o + 4] = Double.longBitsToDouble(r4);
      dst[o + 5] = Double.longBitsToDouble(r5);
      dst[o + 6] = Double.longBitsToDouble(r6);
      dst[o + 7] = Double.longBitsToDouble(r7);
    }
    for (; i < n; i++) {
      dst[off + i] = Double.longBitsToDouble(gatherLong(a, p + i, stride));
    }
  }

  /**
   * Any width: {@code n} values of {@code width} bytes, back to back at {@code dst[dstPos..]}. One
   * stream at a time, in runs short enough that the destination run stays in cache.
   */
  static void gatherBytes(byte[] a, int p, int stride, int width, byte[] dst, int dstPos, int n) {
    final int run = 256;
    for (int from = 0; from < n; from += run) {
      int m = Math.min(run, n - from);
      int out = dstPos + from * width;
      for (int k = 0; k < width; k++) {
        int src = p + k * stride + from;
        int o = out + k;
        for (int i = 0; i < m; i++, o += width) {
          dst[o] = a[src + i];
        }
      }
    }
  }
}
