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
 * The RLE / bit-packed hybrid decoder (bit widths 0..32) over a {@code byte[]} range, in three
 * parts named by what they do: run decoding ({@link HybridRunDecoder}: headers, fills, extraction,
 * skips), ints out ({@link HybridIntReads}: dictionary ids, levels), and, here, masks and bits out
 * (null masks and validity bits from definition levels, RLE booleans) with no int per value in
 * between.
 *
 * <p>Like parquet-java, values of a bit-packed run whose bits lie past the end of the data read as
 * 0 (some writers end the data inside the last group). A run may claim any length: nothing is
 * allocated from it, and work is linear in the values returned.
 */
public final class RleBitPackedHybridDecoder extends HybridIntReads {
  /** @param encoding what to call the data in error messages, e.g. {@code "RLE definition levels"} */
  public RleBitPackedHybridDecoder(String encoding) {
    super(encoding);
  }

  /**
   * Writes {@code dst[i] = (value i != level)} for the next {@code n} values and returns how many
   * equal {@code level}: a flat column's null mask straight from its definition levels ({@code
   * level} = the max level), or RLE booleans ({@code level} = 0), with no int per value in between.
   */
  public int readNotEqual(boolean[] dst, int off, int n, int level) {
    int done = 0;
    int equal = 0;
    boolean vector = n >= VECTOR_MIN_COUNT;
    // Null masks of flat optional columns (level 1) take whole short runs at a time; RLE booleans
    // (level 0) measured slower that way (BooleanBenchmark RLE, 512-bit vectors).
    boolean vectorOn = VectorSupport.on() && !scalarOnly;
    boolean wholeRuns = vector && bitWidth == 1 && level == 1 && vectorOn;
    boolean scalarRuns = bitWidth == 1 && level == 1 && !vectorOn;
    while (done < n) {
      if (runLeft == 0) {
        if (scalarRuns) {
          int k = scalarRunsNotEqual(dst, off + done, off + n);
          done += k;
          equal += runOnes;
          if (done >= n) {
            break;
          }
        }
        // A long bit-packed run next (at 50% nulls nearly every run: 63 groups) goes straight to the
        // general loop: calling the whole-run loop only to stop there cost 50% nulls about 13%
        // (fastdecodeNullMask, JDK 25, 512-bit vectors: 0.106 -> 0.120 ns per value).
        if (wholeRuns && (pos >= end || !longPackedHeader(data[pos]))) {
          int k = widthOneRunsNotEqual(dst, off + done, off + n, false);
          if (k > 0) {
            equal += runOnes;
            done += k;
            continue;
          }
        }
        nextRun(n - done);
      }
      int m = (int) Math.min(runLeft, n - done);
      int at = off + done;
      if (packed) {
        equal += packedNotEqual(dst, at, m, level, off + n, vector);
      } else {
        boolean differs = rleValue != level;
        Arrays.fill(dst, at, at + m, differs);
        equal += differs ? 0 : m;
      }
      runLeft -= m;
      done += m;
    }
    return equal;
  }

  /**
   * {@link #widthOneRuns} into booleans: {@code dst[i] = } (value i is 1) when {@code whenSet}, (it
   * is 0) otherwise, a vector of {@link VectorBitUnpacker#byteLanes()} booleans per step (a null
   * mask from levels with scattered nulls, where the general loop's cost is per run). Stops where
   * {@link #widthOneRuns} stops, and before a bit-packed run of more than 4 groups; returns how
   * many values it wrote, and how many of them are 1 in {@link #runOnes}.
   */
  private int widthOneRunsNotEqual(boolean[] dst, int at, int limit, boolean whenSet) {
    byte[] d = data;
    int lanes = VectorBitUnpacker.byteLanes();
    int stepBytes = lanes >>> 3;
    long flip = whenSet ? 0 : -1L;
    int p = pos;
    int o = at;
    int ones = 0;
    while (p + 10 <= end) {
      int h = d[p];
      int half = h >>> 1;
      int packedMask = -(h & 1);
      long packedBits = packedMask;
      // An RLE run's value as 64 equal bits: 0 or -1 for values 0 and 1, anything else for others.
      long rleBits = -(long) (d[p + 1] & 0xFF) & ~packedBits;
      int m = half << (3 & packedMask);
      // The steps load 8 bytes from each step's first byte of the run: within the data. Bit-packed
      // runs of more than 4 groups go to the general loop: its cost per run is then small against
      // the values', and with 16 groups allowed here 50% nulls measured slower.
      if (h <= 0 || p + half + 10 > end || o + ((m + lanes - 1) & -lanes) > limit
          || (rleBits + 1 & -2L) != 0 || (half & packedMask) > 4) {
        break;
      }
      int advance = stepBytes & packedMask;
      for (int k = 0, q = p + 1; k < m; k += lanes, q += advance) {
        long bits = LittleEndian.getLong(d, q) & packedBits | rleBits;
        ones += Long.bitCount(bits & (-1L >>> (64 - Math.min(lanes, m - k))));
        VectorBitUnpacker.expandBitsToBooleans(bits ^ flip, dst, o + k);
      }
      o += m;
      p += 1 + (half & packedMask | 1 & ~packedMask);
    }
    pos = p;
    runOnes = ones;
    return o - at;
  }

  /**
   * The scalar null mask's whole-run loop (width 1, level 1, no vector module): short runs with
   * one-byte headers from a run boundary, each decoded in place without the per-run call chain; a
   * bit-packed run's bytes become 8 booleans each by {@link BitUnpacker#byteToBooleans}, an RLE run is
   * written 8 booleans at a time where the caller's range allows (the runs after it overwrite what
   * it writes past its end). Stops, at a run boundary, before a run that reaches past {@code limit}
   * or the data, a longer header, an empty run, or an RLE value other than 0 and 1. Returns how many
   * values it wrote, and how many of them are 1 in {@link #runOnes}.
   */
  private int scalarRunsNotEqual(boolean[] dst, int at, int limit) {
    byte[] d = data;
    int p = pos;
    int o = at;
    int ones = 0;
    int e = end - 1;
    while (p < e) {
      int h = d[p];
      int half = h >>> 1;
      if (h <= 1) {
        break;
      }
      if ((h & 1) == 0) {
        int v = d[p + 1];
        if ((v & ~1) != 0 || o + half > limit) {
          break;
        }
        // Level 1 is not null: value 1 writes false, value 0 true.
        int eight = v == 1 ? 0 : 0xFF;
        if (o + ((half + 7) & -8) <= limit) {
          for (int k = 0; k < half; k += 8) {
            BitUnpacker.byteToBooleans(eight, dst, o + k);
          }
        } else {
          Arrays.fill(dst, o, o + half, v == 0);
        }
        ones += half & -v;
        o += half;
        p += 2;
      } else {
        int m = half << 3;
        int q = p + 1;
        if (o + m > limit || q + half > end) {
          break;
        }
        for (int k = 0; k < half; k++) {
          int b = d[q + k] & 0xFF;
          ones += Integer.bitCount(b);
          BitUnpacker.byteToBooleans(b | 256, dst, o + 8 * k);
        }
        o += m;
        p = q + half;
      }
    }
    pos = p;
    runOnes = ones;
    return o - at;
  }

  /** {@link #readNotEqual} over {@code m} values of the current bit-packed run; returns how many equal. */
  private int packedNotEqual(boolean[] dst, int off, int m, int level, int limit, boolean vector) {
    if (bitWidth == 1 && (level == 0 || level == 1)) {
      return bitsNotEqual(dst, off, m, level, limit, vector);
    }
    int[] s = scratch;
    if (s == null) {
      s = scratch = new int[SCRATCH];
    }
    int equal = 0;
    for (int done = 0; done < m; ) {
      int k = Math.min(s.length, m - done);
      extract(s, 0, k);
      for (int i = 0, o = off + done; i < k; i++) {
        boolean differs = s[i] != level;
        dst[o + i] = differs;
        equal += differs ? 0 : 1;
      }
      done += k;
    }
    return equal;
  }

  /**
   * Width 1, the levels of every flat optional column and all RLE booleans: up to 56 values per
   * 8-byte load (a load at any bit offset holds at least 57 bits), counted with one bit count. Short
   * runs (a column with scattered nulls has a run every 20 or so values) take one load too. With
   * {@code vector}, whole vectors as in {@link #bitsToInts}.
   */
  private int bitsNotEqual(boolean[] dst, int off, int m, int level, int limit, boolean vector) {
    long b = bit;
    int i = 0;
    int ones = 0;
    if (vector && VectorSupport.on() && b + m <= 8L * end) {
      int cover = Math.min(m + VectorBitUnpacker.byteLanes() - 1, limit - off);
      i = Math.min(m, VectorBitUnpacker.bitsToBooleans(data, b, dst, off, cover, level == 0));
      ones = onesIn(b, i);
      b += i;
    }
    long fastEnd = 8L * (end - 8);
    // dst = (bit != level): the bits as they are for level 0, complemented for level 1.
    int flip = level == 1 ? 256 : 0;
    while (i < m) {
      int r = Math.min(56, m - i);
      long w = bits(b, fastEnd);
      ones += Long.bitCount(w & (-1L >>> (64 - r)));
      int o = off + i;
      int k = 0;
      for (; k <= r - 8; k += 8) {
        BitUnpacker.byteToBooleans((int) (w >>> k) & 0xFF | flip, dst, o + k);
      }
      if (k < r) {
        // The last bits: a whole byte's booleans where the caller's range has room (the runs after
        // this one overwrite them), else just the bits left.
        if (o + k + 8 <= limit) {
          BitUnpacker.byteToBooleans((int) (w >>> k) & 0xFF | flip, dst, o + k);
        } else {
          BitUnpacker.byteToBooleans((int) (w >>> k) & 0xFF | flip, dst, o + k, r - k);
        }
      }
      i += r;
      b += r;
    }
    bit = b;
    return level == 1 ? ones : m - ones;
  }

  /**
   * Reads {@code n} width-1 values as bits: value {@code i} goes to bit {@code i & 63} of {@code
   * dst[i >>> 6]}, complemented when {@code invert} (so that level 0 sets the bit); the bits from
   * {@code n} to the end of the last word are 0. Bit-packed runs move up to 56 values per 8-byte
   * load and RLE runs are word fills, with nothing per value: the repetition levels of a column
   * with one repeated field (records start where the level is 0). Stops before an RLE run whose
   * value is neither 0 nor 1 (a level out of range), which {@link #runValue()} then returns, and
   * returns how many values it read.
   */
  public int readBits(long[] dst, int n, boolean invert) {
    if (bitWidth != 1) {
      throw new IllegalStateException("bits need bit width 1, not " + bitWidth);
    }
    Arrays.fill(dst, 0, (n + 63) >>> 6, 0L);
    long flip = invert ? -1L : 0L;
    int o = 0;
    while (o < n) {
      if (runLeft == 0) {
        nextRun(n - o);
      }
      int m = (int) Math.min(runLeft, n - o);
      if (packed) {
        orPackedBits(dst, o, m, flip);
      } else {
        int v = rleValue;
        if ((v & ~1) != 0) {
          break;
        }
        if ((v ^ (int) (flip & 1)) == 1) {
          setBits(dst, o, o + m);
        }
      }
      runLeft -= m;
      o += m;
    }
    return o;
  }

  /**
   * {@link #readBits}'s loop (a copy, so that its callers keep their compiled shape), without
   * inversion, from value {@code o} on into words already cleared there: ORs in the bits of the
   * values from {@code o} to {@code n} and returns how many values it read in all ({@code o} plus
   * those).
   */
  private int orBits(long[] dst, int o, int n) {
    while (o < n) {
      if (runLeft == 0) {
        nextRun(n - o);
      }
      int m = (int) Math.min(runLeft, n - o);
      if (packed) {
        orPackedBits(dst, o, m, 0L);
      } else {
        int v = rleValue;
        if ((v & ~1) != 0) {
          break;
        }
        if (v == 1) {
          setBits(dst, o, o + m);
        }
      }
      runLeft -= m;
      o += m;
    }
    return o;
  }

  /**
   * ORs the next {@code m} bit-packed values of the current run (bit width 1), XOR {@code flip},
   * into bits {@code [o, o + m)} of {@code dst}, whose words are clear from bit {@code o} on, and
   * moves past them. Short runs (most of them where nulls are few) take {@link #orBitsAt}'s small
   * loop, which inlines into the caller; long ones whole words first, in {@link #orWords}.
   */
  private void orPackedBits(long[] dst, int o, int m, long flip) {
    long b = bit;
    if (m < 128) {
      orBitsAt(dst, o, m, b, flip);
    } else {
      orWords(dst, o, m, b, flip);
    }
    bit = b + m;
  }

  /**
   * {@link #orPackedBits} for long runs: 64 values a load, each word stored once with the bits
   * carried from the last rather than read back, while 16 bytes of data are left; the rest by
   * {@link #orBitsAt}.
   */
  private void orWords(long[] dst, int o, int m, long b, long flip) {
    // Word j reads bytes (b + 64 j) / 8 to that + 15, all before the end when b + 64 j < 8 (end - 15).
    long room = 8L * (end - 15) - b;
    int words = room <= 0 ? 0 : (int) Math.min(m >>> 6, (room + 63) >>> 6);
    if (words > 0) {
      byte[] a = data;
      int s = o & 63;
      int k = o >>> 6;
      int q = (int) (b >>> 3);
      int sh = (int) b & 7;
      long carry = dst[k];
      long lo = LittleEndian.getLong(a, q);
      for (int j = 0; j < words; j++) {
        long hi = LittleEndian.getLong(a, q + 8 + (j << 3));
        long v = (lo >>> sh | hi << 1 << (63 - sh)) ^ flip;
        lo = hi;
        dst[k + j] = carry | v << s;
        carry = v >>> 1 >>> (63 - s);
      }
      if (s != 0) {
        dst[k + words] = carry;
      }
    }
    int done = words << 6;
    orBitsAt(dst, o + done, m - done, b + done, flip);
  }

  /**
   * ORs {@code m} bits from bit index {@code b} of the data, XOR {@code flip}, into {@code dst} from
   * bit {@code o}, 56 at a time (bytes past the end read as zero).
   */
  private void orBitsAt(long[] dst, int o, int m, long b, long flip) {
    long fastEnd = 8L * (end - 8);
    for (int i = 0; i < m; ) {
      int r = Math.min(56, m - i);
      long keep = -1L >>> (64 - r);
      long w = (bits(b, fastEnd) ^ flip) & keep;
      int t = o + i;
      int k = t >>> 6;
      int s = t & 63;
      dst[k] |= w << s;
      if (s + r > 64) {
        dst[k + 1] |= w >>> (64 - s);
      }
      i += r;
      b += r;
    }
  }

  /** Sets bits {@code [from, to)} of {@code dst} ({@code from < to}). */
  private static void setBits(long[] dst, int from, int to) {
    int first = from >>> 6;
    int last = (to - 1) >>> 6;
    long head = -1L << from;
    long tail = -1L >>> -to;
    if (first == last) {
      dst[first] |= head & tail;
      return;
    }
    dst[first] |= head;
    Arrays.fill(dst, first + 1, last, -1L);
    dst[last] |= tail;
  }

  /**
   * Consumes values equal to {@code level}, up to {@code n} of them, writing nothing: whole RLE
   * runs of {@code level}, and the part in range of a bit-packed run when all of its values there
   * are {@code level}. Stops before the first run (or the part of it in range) that holds another
   * value, leaving that run unread, and returns how many values it consumed: {@code n} when every
   * value is {@code level}. For definition levels, how many rows from here are defined before the
   * first null (or level out of range).
   */
  public int skipWhileEqual(int n, int level) {
    int o = 0;
    while (o < n) {
      if (runLeft == 0) {
        nextRun(n - o);
      }
      int m = (int) Math.min(runLeft, n - o);
      if (packed) {
        if (!packedAllEqual(bit, m, level)) {
          break;
        }
        bit += (long) m * bitWidth;
      } else if (rleValue != level) {
        break;
      }
      runLeft -= m;
      o += m;
    }
    return o;
  }

  /**
   * Whether the {@code m} bit-packed values from bit index {@code b} all equal {@code level} (bits
   * past the data read as 0): 56 at a time at width 1, one at a time at other widths.
   */
  private boolean packedAllEqual(long b, int m, int level) {
    int w = bitWidth;
    long fastEnd = 8L * (end - 8);
    if (w == 1) {
      if ((level & ~1) != 0) {
        return false;
      }
      long flip = level == 1 ? -1L : 0L;
      for (int i = 0; i < m; ) {
        int r = Math.min(56, m - i);
        if (((bits(b, fastEnd) ^ flip) & (-1L >>> (64 - r))) != 0) {
          return false;
        }
        i += r;
        b += r;
      }
      return true;
    }
    int msk = mask;
    for (int i = 0; i < m; i++, b += w) {
      if (((int) bits(b, fastEnd) & msk) != level) {
        return false;
      }
    }
    return true;
  }

  /**
   * Validity bits from row {@code o} on, for {@link RleValuesReader#readValidity} after {@link
   * #skipWhileEqual} stopped at a run with a null (or a level above 1) at row {@code o}: sets bits
   * {@code [0, o)} of {@code dst}, clears the rest of the range's words, then sets the bits of the
   * defined rows from {@code o} to {@code n} as {@link #readBits} does. Returns how many levels the
   * range has read: {@code n}, or fewer where an RLE run holds a value other than 0 and 1.
   */
  public int readValidityFrom(long[] dst, int o, int n) {
    if (bitWidth != 1) {
      throw new IllegalStateException("validity bits need bit width 1, not " + bitWidth);
    }
    int words = (n + 63) >>> 6;
    int full = o >>> 6;
    Arrays.fill(dst, 0, full, -1L);
    Arrays.fill(dst, full, words, 0L);
    if ((o & 63) != 0) {
      dst[full] = -1L >>> -o;
    }
    return orBits(dst, o, n);
  }
}
