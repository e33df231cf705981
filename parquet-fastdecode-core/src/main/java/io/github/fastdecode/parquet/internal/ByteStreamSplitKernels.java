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


/**
 * Byte gathers for BYTE_STREAM_SPLIT. A section of {@code N} values of {@code W} bytes is {@code W}
 * streams of {@code N} bytes; stream {@code k} holds byte {@code k} (little-endian order) of every
 * value. Here {@code p} is the index of the first wanted value in stream 0 and {@code stride = N},
 * so byte {@code k} of the {@code i}-th wanted value is {@code a[p + k * stride + i]}.
 *
 * <p>The 4- and 8-byte kernels take 8 values at a time: one 8-byte load per stream gives a
 * {@code W x 8} byte matrix (row = stream, column = value) that a few mask-and-shift block swaps
 * transpose, so each value costs about one load's worth of work instead of {@code W} byte loads.
 * The 4-byte kernel transposes one group in registers; the 8-byte kernels run up to
 * {@link #GROUPS} groups through each swap stage in turn (see {@link #transpose8}). Callers check
 * every bound once; the kernels trust them.
 *
 * <p>When {@link VectorSupport#on()}, reads of at least {@link #VECTOR_MIN_COUNT} values of 4,
 * 8 and 16 bytes go to {@link VectorByteStreamSplit} instead of the scalar kernels ({@code scalar*},
 * the vector kernels' reference).
 */
public final class ByteStreamSplitKernels {
  private ByteStreamSplitKernels() {}

  private static final long SWAP32 = 0x0000_0000_FFFF_FFFFL;
  private static final long SWAP16 = 0x0000_FFFF_0000_FFFFL;
  private static final long SWAP8 = 0x00FF_00FF_00FF_00FFL;

  public static int gatherInt(byte[] a, int p, int stride) {
    return (a[p] & 0xFF)
        | (a[p + stride] & 0xFF) << 8
        | (a[p + 2 * stride] & 0xFF) << 16
        | a[p + 3 * stride] << 24;
  }

  public static long gatherLong(byte[] a, int p, int stride) {
    long v = 0;
    for (int k = 7; k >= 0; k--) {
      v = v << 8 | (a[p + k * stride] & 0xFF);
    }
    return v;
  }

  /** Shortest read given to the vector kernels: below it, vector code is not worth its set-up. */
  public static final int VECTOR_MIN_COUNT = 32;

  // The dispatchers below finish a vector kernel's few leftover values one by one, rather than
  // through the scalar kernels: a read that took the vector path then compiles without them, which
  // keeps the caller within C2's inlining budget (a vector call it fails to inline boxes every
  // vector and runs several times slower than the scalar code).

  public static void gatherInts(byte[] a, int p, int stride, int[] dst, int off, int n) {
    if (VectorSupport.on() && n >= VECTOR_MIN_COUNT) {
      for (int i = VectorByteStreamSplit.gatherInts(a, p, stride, dst, off, n); i < n; i++) {
        dst[off + i] = gatherInt(a, p + i, stride);
      }
      return;
    }
    scalarInts(a, p, stride, dst, off, n);
  }

  public static void gatherFloats(byte[] a, int p, int stride, float[] dst, int off, int n) {
    if (VectorSupport.on() && n >= VECTOR_MIN_COUNT) {
      for (int i = VectorByteStreamSplit.gatherFloats(a, p, stride, dst, off, n); i < n; i++) {
        dst[off + i] = Float.intBitsToFloat(gatherInt(a, p + i, stride));
      }
      return;
    }
    scalarFloats(a, p, stride, dst, off, n);
  }

  public static void gatherLongs(byte[] a, int p, int stride, long[][] rows, long[] dst, int off, int n) {
    if (VectorSupport.on() && n >= VECTOR_MIN_COUNT && VectorByteStreamSplit.longLanes() > 0) {
      for (int i = VectorByteStreamSplit.gatherLongs(a, p, stride, dst, off, n); i < n; i++) {
        dst[off + i] = gatherLong(a, p + i, stride);
      }
      return;
    }
    scalarLongs(a, p, stride, rows, dst, off, n);
  }

  public static void gatherDoubles(byte[] a, int p, int stride, long[][] rows, double[] dst, int off, int n) {
    if (VectorSupport.on() && n >= VECTOR_MIN_COUNT && VectorByteStreamSplit.longLanes() > 0) {
      for (int i = VectorByteStreamSplit.gatherDoubles(a, p, stride, dst, off, n); i < n; i++) {
        dst[off + i] = Double.longBitsToDouble(gatherLong(a, p + i, stride));
      }
      return;
    }
    scalarDoubles(a, p, stride, rows, dst, off, n);
  }

  public static void scalarInts(byte[] a, int p, int stride, int[] dst, int off, int n) {
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

  /** {@link #scalarInts} for FLOAT: the same bits, stored raw (NaN payloads kept). */
  public static void scalarFloats(byte[] a, int p, int stride, float[] dst, int off, int n) {
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

  /** Groups of 8 values the 8-byte kernels transpose per pass: 4 KiB of rows, kept in L1. */
  public static final int GROUPS = 64;

  /** Scratch rows for {@link #gatherLongs} and {@link #gatherDoubles}, one set per reader. */
  public static long[][] newRows() {
    return new long[8][GROUPS];
  }

  /**
   * The 8x8 byte transpose for {@code groups} groups of 8 values at once, stage by stage over rows
   * of words: each stage is a loop of independent word operations the JIT vectorizes, where the
   * one-group-at-a-time transpose is bound by scalar ALU throughput. Afterwards {@code r[k][g]} is
   * value {@code 8 * g + k}.
   */
  private static void transpose8(byte[] a, int p, int stride, long[][] r, int groups) {
    // Stage 1 (swap 32-bit halves) runs as the rows are loaded.
    for (int k = 0; k < 4; k++) {
      long[] x = r[k];
      long[] y = r[k + 4];
      int px = p + k * stride;
      int py = px + 4 * stride;
      for (int g = 0; g < groups; g++) {
        long u = LittleEndian.getLong(a, px + 8 * g);
        long v = LittleEndian.getLong(a, py + 8 * g);
        long t = ((u >>> 32) ^ v) & SWAP32;
        x[g] = u ^ (t << 32);
        y[g] = v ^ t;
      }
    }
    swap(r[0], r[2], 16, SWAP16, groups);
    swap(r[1], r[3], 16, SWAP16, groups);
    swap(r[4], r[6], 16, SWAP16, groups);
    swap(r[5], r[7], 16, SWAP16, groups);
    swap(r[0], r[1], 8, SWAP8, groups);
    swap(r[2], r[3], 8, SWAP8, groups);
    swap(r[4], r[5], 8, SWAP8, groups);
    swap(r[6], r[7], 8, SWAP8, groups);
  }

  /** Exchanges the {@code mask} bits of each {@code y[g]} with the bits {@code shift} above them in {@code x[g]}. */
  private static void swap(long[] x, long[] y, int shift, long mask, int groups) {
    for (int g = 0; g < groups; g++) {
      long t = ((x[g] >>> shift) ^ y[g]) & mask;
      x[g] ^= t << shift;
      y[g] ^= t;
    }
  }

  public static void scalarLongs(byte[] a, int p, int stride, long[][] rows, long[] dst, int off, int n) {
    int done = 0;
    while (n - done >= 8) {
      int groups = Math.min(GROUPS, (n - done) >>> 3);
      transpose8(a, p + done, stride, rows, groups);
      long[] r0 = rows[0], r1 = rows[1], r2 = rows[2], r3 = rows[3];
      long[] r4 = rows[4], r5 = rows[5], r6 = rows[6], r7 = rows[7];
      for (int g = 0, o = off + done; g < groups; g++, o += 8) {
        dst[o] = r0[g];
        dst[o + 1] = r1[g];
        dst[o + 2] = r2[g];
        dst[o + 3] = r3[g];
        dst[o + 4] = r4[g];
        dst[o + 5] = r5[g];
        dst[o + 6] = r6[g];
        dst[o + 7] = r7[g];
      }
      done += groups << 3;
    }
    for (; done < n; done++) {
      dst[off + done] = gatherLong(a, p + done, stride);
    }
  }

  /** {@link #scalarLongs} for DOUBLE: the same bits, stored raw. */
  public static void scalarDoubles(byte[] a, int p, int stride, long[][] rows, double[] dst, int off, int n) {
    int done = 0;
    while (n - done >= 8) {
      int groups = Math.min(GROUPS, (n - done) >>> 3);
      transpose8(a, p + done, stride, rows, groups);
      long[] r0 = rows[0], r1 = rows[1], r2 = rows[2], r3 = rows[3];
      long[] r4 = rows[4], r5 = rows[5], r6 = rows[6], r7 = rows[7];
      for (int g = 0, o = off + done; g < groups; g++, o += 8) {
        dst[o] = Double.longBitsToDouble(r0[g]);
        dst[o + 1] = Double.longBitsToDouble(r1[g]);
        dst[o + 2] = Double.longBitsToDouble(r2[g]);
        dst[o + 3] = Double.longBitsToDouble(r3[g]);
        dst[o + 4] = Double.longBitsToDouble(r4[g]);
        dst[o + 5] = Double.longBitsToDouble(r5[g]);
        dst[o + 6] = Double.longBitsToDouble(r6[g]);
        dst[o + 7] = Double.longBitsToDouble(r7[g]);
      }
      done += groups << 3;
    }
    for (; done < n; done++) {
      dst[off + done] = Double.longBitsToDouble(gatherLong(a, p + done, stride));
    }
  }

  /** Any width: {@code n} values of {@code width} bytes, back to back at {@code dst[dstPos..]}. */
  public static void gatherBytes(byte[] a, int p, int stride, int width, long[][] rows, byte[] dst, int dstPos, int n) {
    if (VectorSupport.on() && width == 16 && n >= VECTOR_MIN_COUNT && VectorByteStreamSplit.longLanes() > 0) {
      int i = VectorByteStreamSplit.gatherFixed16(a, p, stride, rows[0], rows[1], dst, dstPos, n);
      for (int o = dstPos + i * 16; i < n; i++) {
        for (int k = 0; k < 16; k++, o++) {
          dst[o] = a[p + k * stride + i];
        }
      }
      return;
    }
    scalarBytes(a, p, stride, width, rows, dst, dstPos, n);
  }

  /**
   * {@link #gatherBytes} in scalar code, any width. Streams go eight at a time through {@link
   * #transpose8}, each value's 8 bytes from them stored as
   * one word; the streams left over (width not a multiple of 8) one byte at a time, in runs short
   * enough that the destination run stays in cache.
   */
  public static void scalarBytes(byte[] a, int p, int stride, int width, long[][] rows, byte[] dst, int dstPos, int n) {
    int wide = width & ~7;
    for (int k0 = 0; k0 < wide; k0 += 8) {
      int sp = p + k0 * stride;
      int done = 0;
      while (n - done >= 8) {
        int groups = Math.min(GROUPS, (n - done) >>> 3);
        transpose8(a, sp + done, stride, rows, groups);
        int o = dstPos + done * width + k0;
        for (int g = 0; g < groups; g++) {
          for (int j = 0; j < 8; j++, o += width) {
            LittleEndian.putLong(dst, o, rows[j][g]);
          }
        }
        done += groups << 3;
      }
      for (; done < n; done++) {
        LittleEndian.putLong(dst, dstPos + done * width + k0, gatherLong(a, sp + done, stride));
      }
    }
    if (wide == width) {
      return;
    }
    final int run = 256;
    for (int from = 0; from < n; from += run) {
      int m = Math.min(run, n - from);
      int out = dstPos + from * width;
      for (int k = wide; k < width; k++) {
        int src = p + k * stride + from;
        int o = out + k;
        for (int i = 0; i < m; i++, o += width) {
          dst[o] = a[src + i];
        }
      }
    }
  }

  // Scatters for the writers: the same block swaps run the other way. A chunk of n values goes to
  // dst with stream k at dst[k * n ..]; each swap is its own inverse, so undoing a gather's stages
  // in reverse order turns 8 values into one 8-byte row per stream.

  public static void scatterInts(int[] src, int off, int n, byte[] dst) {
    int p1 = n;
    int p2 = 2 * n;
    int p3 = 3 * n;
    int i = 0;
    for (; i <= n - 8; i += 8) {
      int o = off + i;
      long r0 = (src[o] & 0xFFFF_FFFFL) | (long) src[o + 4] << 32;
      long r1 = (src[o + 1] & 0xFFFF_FFFFL) | (long) src[o + 5] << 32;
      long r2 = (src[o + 2] & 0xFFFF_FFFFL) | (long) src[o + 6] << 32;
      long r3 = (src[o + 3] & 0xFFFF_FFFFL) | (long) src[o + 7] << 32;
      long t = ((r0 >>> 8) ^ r1) & SWAP8; r0 ^= t << 8; r1 ^= t;
      t = ((r2 >>> 8) ^ r3) & SWAP8; r2 ^= t << 8; r3 ^= t;
      t = ((r0 >>> 16) ^ r2) & SWAP16; r0 ^= t << 16; r2 ^= t;
      t = ((r1 >>> 16) ^ r3) & SWAP16; r1 ^= t << 16; r3 ^= t;
      LittleEndian.putLong(dst, i, r0);
      LittleEndian.putLong(dst, p1 + i, r1);
      LittleEndian.putLong(dst, p2 + i, r2);
      LittleEndian.putLong(dst, p3 + i, r3);
    }
    for (; i < n; i++) {
      int v = src[off + i];
      dst[i] = (byte) v;
      dst[p1 + i] = (byte) (v >>> 8);
      dst[p2 + i] = (byte) (v >>> 16);
      dst[p3 + i] = (byte) (v >>> 24);
    }
  }

  /** {@link #scatterInts} of the floats' raw bits. */
  public static void scatterFloats(float[] src, int off, int n, byte[] dst) {
    int p1 = n;
    int p2 = 2 * n;
    int p3 = 3 * n;
    int i = 0;
    for (; i <= n - 8; i += 8) {
      int o = off + i;
      long r0 = (Float.floatToRawIntBits(src[o]) & 0xFFFF_FFFFL) | (long) Float.floatToRawIntBits(src[o + 4]) << 32;
      long r1 = (Float.floatToRawIntBits(src[o + 1]) & 0xFFFF_FFFFL) | (long) Float.floatToRawIntBits(src[o + 5]) << 32;
      long r2 = (Float.floatToRawIntBits(src[o + 2]) & 0xFFFF_FFFFL) | (long) Float.floatToRawIntBits(src[o + 6]) << 32;
      long r3 = (Float.floatToRawIntBits(src[o + 3]) & 0xFFFF_FFFFL) | (long) Float.floatToRawIntBits(src[o + 7]) << 32;
      long t = ((r0 >>> 8) ^ r1) & SWAP8; r0 ^= t << 8; r1 ^= t;
      t = ((r2 >>> 8) ^ r3) & SWAP8; r2 ^= t << 8; r3 ^= t;
      t = ((r0 >>> 16) ^ r2) & SWAP16; r0 ^= t << 16; r2 ^= t;
      t = ((r1 >>> 16) ^ r3) & SWAP16; r1 ^= t << 16; r3 ^= t;
      LittleEndian.putLong(dst, i, r0);
      LittleEndian.putLong(dst, p1 + i, r1);
      LittleEndian.putLong(dst, p2 + i, r2);
      LittleEndian.putLong(dst, p3 + i, r3);
    }
    for (; i < n; i++) {
      int v = Float.floatToRawIntBits(src[off + i]);
      dst[i] = (byte) v;
      dst[p1 + i] = (byte) (v >>> 8);
      dst[p2 + i] = (byte) (v >>> 16);
      dst[p3 + i] = (byte) (v >>> 24);
    }
  }

  /**
   * 8-byte values: the 8x8 byte transpose of each group of 8 (row k = value k in, row k = stream k
   * out); a transpose is its own inverse, so the gather's three stages serve here too.
   */
  public static void scatterLongs(long[] src, int off, int n, byte[] dst) {
    int i = 0;
    for (; i <= n - 8; i += 8) {
      int o = off + i;
      scatterGroup(src[o], src[o + 1], src[o + 2], src[o + 3], src[o + 4], src[o + 5], src[o + 6], src[o + 7], n, i, dst);
    }
    for (; i < n; i++) {
      scatterOne(src[off + i], n, i, dst);
    }
  }

  /** {@link #scatterLongs} of the doubles' raw bits. */
  public static void scatterDoubles(double[] src, int off, int n, byte[] dst) {
    int i = 0;
    for (; i <= n - 8; i += 8) {
      int o = off + i;
      scatterGroup(Double.doubleToRawLongBits(src[o]), Double.doubleToRawLongBits(src[o + 1]),
          Double.doubleToRawLongBits(src[o + 2]), Double.doubleToRawLongBits(src[o + 3]),
          Double.doubleToRawLongBits(src[o + 4]), Double.doubleToRawLongBits(src[o + 5]),
          Double.doubleToRawLongBits(src[o + 6]), Double.doubleToRawLongBits(src[o + 7]), n, i, dst);
    }
    for (; i < n; i++) {
      scatterOne(Double.doubleToRawLongBits(src[off + i]), n, i, dst);
    }
  }

  private static void scatterGroup(long r0, long r1, long r2, long r3, long r4, long r5, long r6, long r7, int n, int i, byte[] dst) {
    long t = ((r0 >>> 32) ^ r4) & SWAP32; r0 ^= t << 32; r4 ^= t;
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
    LittleEndian.putLong(dst, i, r0);
    LittleEndian.putLong(dst, n + i, r1);
    LittleEndian.putLong(dst, 2 * n + i, r2);
    LittleEndian.putLong(dst, 3 * n + i, r3);
    LittleEndian.putLong(dst, 4 * n + i, r4);
    LittleEndian.putLong(dst, 5 * n + i, r5);
    LittleEndian.putLong(dst, 6 * n + i, r6);
    LittleEndian.putLong(dst, 7 * n + i, r7);
  }

  private static void scatterOne(long v, int n, int i, byte[] dst) {
    for (int k = 0; k < 8; k++) {
      dst[k * n + i] = (byte) (v >>> (8 * k));
    }
  }

  /** Fixed-length values of {@code width} bytes, contiguous from {@code src[p]}: stream by stream. */
  public static void scatterBytes(byte[] src, int p, int width, int n, byte[] dst) {
    for (int k = 0; k < width; k++) {
      int o = k * n;
      for (int i = 0, q = p + k; i < n; i++, q += width) {
        dst[o + i] = src[q];
      }
    }
  }
}
