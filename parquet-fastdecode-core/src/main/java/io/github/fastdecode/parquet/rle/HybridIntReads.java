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
package io.github.fastdecode.parquet.rle;

import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.VectorSupport;
import io.github.fastdecode.parquet.internal.bitpacking.BitUnpacker;
import io.github.fastdecode.parquet.internal.bitpacking.VectorBitUnpacker;
import java.util.Arrays;

/**
 * Ids and levels out of hybrid runs as ints: dictionary ids while the runs stay below the
 * dictionary's size, levels counted against one level, with whole-vector fills and extraction
 * where the vector kernels are on.
 */
abstract class HybridIntReads extends HybridRunDecoder {
  HybridIntReads(String encoding) {
    super(encoding);
  }

  /**
   * Reads up to {@code n} values into {@code dst[off..off+n)} while every RLE run's value is below
   * {@code bound} (unsigned); stops before the first RLE run whose value is not, leaving that run
   * unread, and returns how many values it read. Bit-packed values are not compared with {@code
   * bound}: for dictionary ids whose bit width cannot reach past the dictionary.
   *
   * <p>Made for short runs (a few dozen values, where the cost per run outweighs the cost per value):
   * a run is covered by whole vectors (or groups of 8, or blocks of 8 values for a fill) when they
   * end within the caller's range; what they write past the run is overwritten by the runs that
   * follow in the same call. On a stop, or an exception, values past the returned count are
   * unspecified.
   */
  public int readIntsWhileRleBelow(int[] dst, int off, int n, int bound) {
    if (!VectorSupport.on() || scalarOnly) {
      return scalarIdsWhileRleBelow(dst, off, n, bound);
    }
    if (n >= VECTOR_MIN_COUNT && bitWidth >= 1 && bitWidth <= VectorBitUnpacker.MAX_WIDTH) {
      return vectorIdsWhileRleBelow(dst, off, n, bound);
    }
    // Short reads and widths the vector kernels do not take: the general steps alone.
    int o = off;
    int limit = off + n;
    while (o < limit) {
      if (runLeft == 0) {
        nextRun(limit - o);
      }
      int m = (int) Math.min(runLeft, limit - o);
      if (packed) {
        coverPacked(dst, o, m, limit);
      } else {
        int v = rleValue;
        if (Integer.compareUnsigned(v, bound) >= 0) {
          break;
        }
        coverFill(dst, o, m, v, limit);
      }
      runLeft -= m;
      o += m;
    }
    return o - off;
  }

  /**
   * {@link #readIntsWhileRleBelow} without the vector kernels: whole runs from each run boundary by
   * {@link #wholeRuns}, the run it stops at (and a run the previous read left part of) by the
   * general steps. A method of its own so that the vector path's loop stays as it was measured.
   */
  int scalarIdsWhileRleBelow(int[] dst, int off, int n, int bound) {
    int o = off;
    int limit = off + n;
    while (o < limit) {
      if (runLeft == 0) {
        o += wholeRuns(dst, o, limit, bound);
        if (o >= limit) {
          break;
        }
        nextRun(limit - o);
      }
      int m = (int) Math.min(runLeft, limit - o);
      if (packed) {
        coverPacked(dst, o, m, limit);
      } else {
        int v = rleValue;
        if (Integer.compareUnsigned(v, bound) >= 0) {
          break;
        }
        coverFill(dst, o, m, v, limit);
      }
      runLeft -= m;
      o += m;
    }
    return o - off;
  }

  /**
   * {@link #scalarIdsWhileRleBelow} with the vector kernels: whole runs by {@link
   * #vectorWholeRuns}, the run it stops at by the general steps.
   */
  int vectorIdsWhileRleBelow(int[] dst, int off, int n, int bound) {
    int o = off;
    int limit = off + n;
    while (o < limit) {
      if (runLeft == 0) {
        // A long bit-packed run next goes straight to the general steps (see vectorWholeRuns).
        if (pos >= end || !longPackedRun(data[pos])) {
          o += vectorWholeRuns(dst, o, limit, bound);
          if (o >= limit) {
            break;
          }
        }
        nextRun(limit - o);
      }
      int m = (int) Math.min(runLeft, limit - o);
      if (packed) {
        coverPacked(dst, o, m, limit);
      } else {
        int v = rleValue;
        if (Integer.compareUnsigned(v, bound) >= 0) {
          break;
        }
        coverFill(dst, o, m, v, limit);
      }
      runLeft -= m;
      o += m;
    }
    return o - off;
  }

  /**
   * {@link #wholeRuns} with the vector kernels: a bit-packed run as whole vectors where they end
   * within {@code limit} (the last may run past the run, into values the runs after it overwrite),
   * an RLE run as whole-vector fills where they do; otherwise as {@link #wholeRuns} writes them.
   * Stops where {@link #wholeRuns} stops, and before a bit-packed run of more than {@link
   * #SHORT_GROUPS} groups, which the general steps take as before: ids with short runs gained at
   * every width measured (CPU time, JDK 25, 512-bit and AVX2: widths 1, 2, 4, 8, 12, 16 and 20, by
   * 15 to 40%), while all-random ids taken here moved by -20% to +20% by width, with no pattern.
   */
  int vectorWholeRuns(int[] dst, int at, int limit, int bound) {
    byte[] d = data;
    int w = bitWidth;
    int vb = valueBytes;
    int vmask = valueMask;
    int lanes = VectorBitUnpacker.unpackLanes(w);
    int e = end - 5;
    int p = pos;
    int o = at;
    while (p < e) {
      int h = d[p];
      int hl = 1;
      if (h < 0) {
        int h2 = d[p + 1];
        if (h2 <= 0) {
          break;
        }
        h = h & 0x7F | h2 << 7;
        hl = 2;
      }
      int half = h >>> 1;
      if ((h & 1) == 0) {
        int v = LittleEndian.getInt(d, p + hl) & vmask;
        if (half == 0 || o + half > limit || Integer.compareUnsigned(v, bound) >= 0) {
          break;
        }
        coverFill(dst, o, half, v, limit);
        o += half;
        p += hl + vb;
      } else {
        int m = half << 3;
        int q = p + hl;
        if (half == 0 || o + m > limit || q + half * w > end || half > SHORT_GROUPS) {
          break;
        }
        int vectors = (m + lanes - 1) / lanes;
        if (o + vectors * lanes > limit || !VectorBitUnpacker.unpackIntVectors(w, d, q, dst, o, vectors)) {
          BitUnpacker.unpackInts(w, d, q, dst, o, m);
        }
        o += m;
        p = q + half * w;
      }
    }
    pos = p;
    return o - at;
  }

  /**
   * The scalar path's whole-run loop (no vector module): whole runs with headers of one or two bytes
   * from a run boundary, each decoded in place with no per-run call chain ({@link #nextRun}, the
   * checks of {@link #coverPacked}); bit-packed runs go straight to the scalar kernel, RLE runs are
   * fills. Stops, at a run boundary, before a run that reaches past {@code limit} or near the end of
   * the data, a longer header, an empty run, or an RLE value not below {@code bound} (unsigned); the
   * general loop takes that one. Returns how many values it wrote.
   */
  int wholeRuns(int[] dst, int at, int limit, int bound) {
    byte[] d = data;
    int w = bitWidth;
    int vb = valueBytes;
    int vmask = valueMask;
    int e = end - 5;
    int p = pos;
    int o = at;
    // Header (one or two bytes) plus a 4-byte load of an RLE value: 6 bytes from p.
    while (p < e) {
      int h = d[p];
      int hl = 1;
      if (h < 0) {
        int h2 = d[p + 1];
        if (h2 <= 0) {
          break;
        }
        h = h & 0x7F | h2 << 7;
        hl = 2;
      }
      int half = h >>> 1;
      if ((h & 1) == 0) {
        int v = LittleEndian.getInt(d, p + hl) & vmask;
        if (half == 0 || o + half > limit || Integer.compareUnsigned(v, bound) >= 0) {
          break;
        }
        Arrays.fill(dst, o, o + half, v);
        o += half;
        p += hl + vb;
      } else {
        int m = half << 3;
        int q = p + hl;
        if (half == 0 || o + m > limit || q + half * w > end) {
          break;
        }
        BitUnpacker.unpackInts(w, d, q, dst, o, m);
        o += m;
        p = q + half * w;
      }
    }
    pos = p;
    return o - at;
  }

  /**
   * {@link #extract} of {@code m} values at {@code dst[o..]} that may also write values past them,
   * up to {@code limit}: from a byte boundary, with all of the run's bits inside the data, whole
   * vectors (or whole groups of 8) in one kernel call with no tail.
   */
  void coverPacked(int[] dst, int o, int m, int limit) {
    int w = bitWidth;
    long b = bit;
    if ((b & 7) == 0 && w > 0 && b + (long) m * w <= 8L * end) {
      int p = (int) (b >>> 3);
      if (VectorSupport.on() && w <= VectorBitUnpacker.MAX_WIDTH) {
        int lanes = VectorBitUnpacker.unpackLanes(w);
        int vectors = (m + lanes - 1) / lanes;
        if (o + vectors * lanes <= limit && VectorBitUnpacker.unpackRunVectors(w, data, p, dst, o, vectors)) {
          bit = b + (long) m * w;
          return;
        }
      } else {
        int groups = (m + 7) >>> 3;
        if (o + (groups << 3) <= limit && p + (long) groups * w <= data.length) {
          BitUnpacker.unpackInts(w, data, p, dst, o, groups << 3);
          bit = b + (long) m * w;
          return;
        }
      }
    }
    extract(dst, o, m);
  }

  /** {@code m} copies of {@code v} at {@code dst[o..]}, which may run on up to {@code limit}. */
  static void coverFill(int[] dst, int o, int m, int v, int limit) {
    if (VectorSupport.on()) {
      int lanes = VectorBitUnpacker.lanes();
      int vectors = (m + lanes - 1) / lanes;
      if (o + vectors * lanes <= limit) {
        VectorBitUnpacker.fillInts(v, dst, o, vectors);
        return;
      }
    } else if (o + ((m + 7) & -8) <= limit) {
      for (int i = o, e = o + m; i < e; i += 8) {
        dst[i] = v;
        dst[i + 1] = v;
        dst[i + 2] = v;
        dst[i + 3] = v;
        dst[i + 4] = v;
        dst[i + 5] = v;
        dst[i + 6] = v;
        dst[i + 7] = v;
      }
      return;
    }
    Arrays.fill(dst, o, o + m, v);
  }

  /**
   * Reads {@code n} values and returns how many equal {@code level}: for definition levels, the
   * number of non-null values, counted in the same pass.
   */
  public int readIntsCountingEqual(int[] dst, int off, int n, int level) {
    int done = 0;
    int equal = 0;
    boolean vector = n >= VECTOR_MIN_COUNT;
    boolean wholeRuns = vector && VectorSupport.on() && bitWidth == 1;
    while (done < n) {
      if (runLeft == 0) {
        if (wholeRuns) {
          int k = widthOneRuns(dst, off + done, off + n);
          if (k > 0) {
            int ones = runOnes;
            equal += level == 1 ? ones : level == 0 ? k - ones : 0;
            done += k;
            continue;
          }
        }
        nextRun(n - done);
      }
      int m = (int) Math.min(runLeft, n - done);
      int at = off + done;
      if (packed && bitWidth == 1) {
        // Levels of a flat optional column: counted by bit counts, not per value.
        int ones = bitsToInts(dst, at, m, off + n, vector);
        equal += level == 1 ? ones : level == 0 ? m - ones : 0;
      } else if (packed) {
        extract(dst, at, m);
        for (int i = at; i < at + m; i++) {
          equal += dst[i] == level ? 1 : 0;
        }
      } else {
        Arrays.fill(dst, at, at + m, rleValue);
        equal += rleValue == level ? m : 0;
      }
      runLeft -= m;
      done += m;
    }
    return equal;
  }

  /**
   * Width-1 values 0 and 1 with the vector kernel, whole runs at a time from a run boundary (the
   * levels of a nullable column with scattered nulls: a run every 20 or so values, alternating
   * between bit-packed and RLE without a pattern). Both kinds of run take the same branch-free steps:
   * a vector of bits per step, loaded for a bit-packed run and all equal for an RLE run, so the only
   * branch per run that depends on the data is the number of steps. (Always taking two steps, to
   * cover most runs without that branch, measured slower: 1.28 against 1.18 cycles per level.) Stops before the first run that
   * has a long header, an RLE value other than 0 or 1, whole vectors reaching past {@code limit}, or
   * bytes too close to the end of the data; the general loop takes that one. Returns how many values
   * it wrote, and how many of them are 1 in {@link #runOnes}.
   */
  int widthOneRuns(int[] dst, int at, int limit) {
    byte[] d = data;
    int lanes = VectorBitUnpacker.intLanes();
    int stepBytes = lanes >>> 3;
    int p = pos;
    int o = at;
    int ones = 0;
    while (p + 10 <= end) {
      int h = d[p];
      int half = h >>> 1;
      // All ones for a bit-packed run (header's low bit set), zero for an RLE run.
      int packedMask = -(h & 1);
      // An RLE run's value as 32 equal bits: 0 or -1 for values 0 and 1, anything else for others.
      int rleBits = -(d[p + 1] & 0xFF) & ~packedMask;
      // A bit-packed run has `half` groups of 8; an RLE run `half` values.
      int m = half << (3 & packedMask);
      // The steps load 8 bytes from each step's first byte of the run: within the data.
      if (h <= 0 || p + half + 10 > end || o + ((m + lanes - 1) & -lanes) > limit
          || (rleBits + 1 & -2) != 0) {
        break;
      }
      int advance = stepBytes & packedMask;
      for (int k = 0, q = p + 1; k < m; k += lanes, q += advance) {
        int bits = (int) LittleEndian.getLong(d, q) & packedMask | rleBits;
        ones += Integer.bitCount(bits & (int) ((1L << Math.min(lanes, m - k)) - 1));
        VectorBitUnpacker.expandBits(bits, dst, o + k);
      }
      o += m;
      // Past the header and the run's bytes: `half` bytes of bits, or one RLE value byte.
      p += 1 + (half & packedMask | 1 & ~packedMask);
    }
    pos = p;
    runOnes = ones;
    return o - at;
  }

  /**
   * Width 1 into ints, returning how many are 1: up to 56 values per 8-byte load, with no per-run
   * kernel dispatch (short runs are the norm for levels with scattered nulls). With {@code vector},
   * whole vectors cover the run and may run on up to {@code limit}, the end of the caller's range:
   * the values they write past the run are overwritten by the runs that follow in the same call.
   */
  int bitsToInts(int[] dst, int off, int m, int limit, boolean vector) {
    long b = bit;
    int i = 0;
    int ones = 0;
    if (vector && VectorSupport.on() && b + m <= 8L * end) {
      int cover = Math.min(m + VectorBitUnpacker.intLanes() - 1, limit - off);
      i = Math.min(m, VectorBitUnpacker.bitsToInts(data, b, dst, off, cover));
      ones = onesIn(b, i);
      b += i;
    }
    long fastEnd = 8L * (end - 8);
    while (i < m) {
      int r = Math.min(56, m - i);
      long w = bits(b, fastEnd);
      ones += Long.bitCount(w & (-1L >>> (64 - r)));
      for (int k = 0, o = off + i; k < r; k++) {
        dst[o + k] = (int) (w >>> k) & 1;
      }
      i += r;
      b += r;
    }
    bit = b;
    return ones;
  }
}
