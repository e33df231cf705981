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

import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.bitpacking.BitUnpacker;
import io.github.fastdecode.parquet.bitpacking.VectorBitUnpacker;
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.VectorSupport;
import java.util.Arrays;

/**
 * The RLE / bit-packed hybrid kernel (bit widths 0..32) over a {@code byte[]} range: runs of one
 * repeated value become fills, bit-packed runs are extracted straight into the caller's array, and
 * skips move over bit-packed runs without extracting them.
 *
 * <p>Like parquet-java, values of a bit-packed run whose bits lie past the end of the data read as
 * 0 (some writers end the data inside the last group). A run may claim any length: nothing is
 * allocated from it, and work is linear in the values returned.
 */
public final class RleBitPackedHybridDecoder {
  /** Values per extraction into {@link #scratch} when a mask is made from wider values. */
  private static final int SCRATCH = 256;
  /** Shortest read that uses the vector kernels: vector code pays off once C2 has compiled it. */
  private static final int VECTOR_MIN_COUNT = 32;

  /** Whether a run's first header byte is that of a bit-packed run of more than {@link #SHORT_GROUPS} groups (one-byte header). */
  private static boolean longPackedRun(int h) {
    return (h & 0x81) == 1 && h >>> 1 > SHORT_GROUPS;
  }

  /** Whether a run's first header byte is that of a bit-packed run of more than 4 groups (one-byte header). */
  private static boolean longPackedHeader(int h) {
    return (h & 0x81) == 1 && h > 9;
  }
  /**
   * Longest bit-packed run, in groups of 8, that {@link #vectorWholeRuns} takes: the short runs of
   * ids with runs among them (64 random ids, then runs); longer ones (all-random ids: 63 groups) go
   * to the general steps' whole-vector kernel call.
   */
  private static final int SHORT_GROUPS = 16;

  private final String encoding;
  /** Extracted values on their way to a mask; made on first use. */
  private int[] scratch;

  private byte[] data;
  private int start;
  private int pos;
  private int end;
  private int bitWidth;
  private int valueBytes;
  /** The low {@link #valueBytes} bytes of an int: an RLE value read as one 4-byte load. */
  private int valueMask;
  private int mask;

  /** Values left in the current run. */
  private long runLeft;
  private boolean packed;
  private int rleValue;
  /** Absolute bit index in {@link #data} of the next value of the current bit-packed run. */
  private long bit;
  /** How many of the values {@link #widthOneRuns} last wrote are 1. */
  private int runOnes;
  /** Take the scalar paths even where the vector kernels are on: for tests of the scalar code. */
  private boolean scalarOnly;

  /** @param encoding what to call the data in error messages, e.g. {@code "RLE definition levels"} */
  public RleBitPackedHybridDecoder(String encoding) {
    this.encoding = encoding;
  }

  /** Decodes {@code data[from, to)} with values {@code bitWidth} bits wide. */
  public void init(byte[] data, int from, int to, int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new ValuesDecodingException(encoding, 0, "bit width " + bitWidth + " is outside 0..32");
    }
    this.data = data;
    this.start = from;
    this.pos = from;
    this.end = to;
    this.bitWidth = bitWidth;
    this.valueBytes = (bitWidth + 7) >>> 3;
    this.valueMask = valueBytes == 4 ? -1 : (1 << 8 * valueBytes) - 1;
    this.mask = bitWidth == 32 ? -1 : (1 << bitWidth) - 1;
    this.runLeft = 0;
  }

  /** Tests: the scalar paths (the whole-run loops) from now on, whether or not the vector kernels are on. */
  void scalarOnly() {
    scalarOnly = true;
  }

  public int bitWidth() {
    return bitWidth;
  }

  /** Byte position (relative to the start of the data) of the next run header. */
  public int position() {
    return pos - start;
  }

  private ValuesDecodingException corrupt(int at, String what) {
    return new ValuesDecodingException(encoding, at - start, what);
  }

  /** Reads the next run header; throws when the data is exhausted. */
  private void nextRun(int wanted) {
    do {
      if (pos >= end) {
        throw corrupt(pos, "no more runs: " + wanted + " more values were requested");
      }
      // Runs shorter than 64 values (or 8 groups) have a one-byte header.
      long header = data[pos];
      if (header >= 0) {
        pos++;
      } else {
        header = longHeader();
      }
      if ((header & 1) == 0) {
        packed = false;
        runLeft = header >>> 1;
        if (pos > end - valueBytes) {
          throw corrupt(pos, "truncated RLE run value: " + valueBytes + " bytes needed, " + (end - pos) + " left");
        }
        int v;
        if (pos <= end - 4) {
          v = LittleEndian.getInt(data, pos) & valueMask;
        } else {
          v = 0;
          for (int i = 0; i < valueBytes; i++) {
            v |= (data[pos + i] & 0xFF) << (8 * i);
          }
        }
        pos += valueBytes;
        // Bits above the width are kept, as parquet-java keeps them: callers range-check values
        // (dictionary ids, levels) where it matters.
        rleValue = v;
      } else {
        packed = true;
        long groups = header >>> 1;
        runLeft = groups * 8;
        bit = 8L * pos;
        // The run's bytes; the last ones may be missing at the end of the data (zero-filled).
        pos = (int) Math.min(end, pos + groups * bitWidth);
      }
    } while (runLeft == 0);
  }

  /** A run header of more than one byte (the ULEB128 varint at {@code pos}), moving past it. */
  private long longHeader() {
    int headerAt = pos;
    long header = 0;
    int shift = 0;
    while (true) {
      if (pos >= end) {
        throw corrupt(headerAt, "truncated run header");
      }
      int b = data[pos++];
      header |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        break;
      }
      shift += 7;
      if (shift > 28) {
        throw corrupt(headerAt, "run header varint longer than 5 bytes");
      }
    }
    if (header > 0xFFFF_FFFFL) {
      throw corrupt(headerAt, "run header " + header + " exceeds 32 bits");
    }
    return header;
  }

  /** Reads {@code n} values into {@code dst[off..off+n)}. */
  public void readInts(int[] dst, int off, int n) {
    int done = 0;
    while (done < n) {
      if (runLeft == 0) {
        nextRun(n - done);
      }
      int m = (int) Math.min(runLeft, n - done);
      if (packed) {
        extract(dst, off + done, m);
      } else {
        Arrays.fill(dst, off + done, off + done + m, rleValue);
      }
      runLeft -= m;
      done += m;
    }
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
  private int scalarIdsWhileRleBelow(int[] dst, int off, int n, int bound) {
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
  private int vectorIdsWhileRleBelow(int[] dst, int off, int n, int bound) {
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
  private int vectorWholeRuns(int[] dst, int at, int limit, int bound) {
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
  private int wholeRuns(int[] dst, int at, int limit, int bound) {
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
  private void coverPacked(int[] dst, int o, int m, int limit) {
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
  private static void coverFill(int[] dst, int o, int m, int v, int limit) {
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
  private int widthOneRuns(int[] dst, int at, int limit) {
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
  private int bitsToInts(int[] dst, int off, int m, int limit, boolean vector) {
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

  /** How many of the {@code m} bits from bit index {@code b} are set. */
  private int onesIn(long b, int m) {
    long fastEnd = 8L * (end - 8);
    int ones = 0;
    for (int i = 0; i < m; ) {
      int r = Math.min(56, m - i);
      ones += Long.bitCount(bits(b, fastEnd) & (-1L >>> (64 - r)));
      i += r;
      b += r;
    }
    return ones;
  }

  /** At least 57 bits from bit index {@code b} (the rest of the data where fewer remain, then zeros). */
  private long bits(long b, long fastEnd) {
    return b <= fastEnd ? LittleEndian.getLong(data, (int) (b >>> 3)) >>> (b & 7) : slowBits(b);
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

  /** Skips {@code n} values without extracting bit-packed ones. */
  public void skip(int n) {
    int done = 0;
    while (done < n) {
      if (runLeft == 0) {
        nextRun(n - done);
      }
      int m = (int) Math.min(runLeft, n - done);
      if (packed) {
        bit += (long) m * bitWidth;
      }
      runLeft -= m;
      done += m;
    }
  }

  /**
   * Runs, for callers that turn them into something else (dictionary ids into values): makes the
   * current run non-empty and returns how many of its values are left.
   */
  public int runLength(int wanted) {
    if (runLeft == 0) {
      nextRun(wanted);
    }
    return (int) Math.min(runLeft, Integer.MAX_VALUE);
  }

  /** Whether the current run (after {@link #runLength}) is bit-packed. */
  public boolean runIsPacked() {
    return packed;
  }

  /** The repeated value of the current RLE run. */
  public int runValue() {
    return rleValue;
  }

  /** Extracts {@code m} values of the current bit-packed run ({@code m <= } what is left in it). */
  public void readPacked(int[] dst, int off, int m) {
    extract(dst, off, m);
    runLeft -= m;
  }

  /** Consumes {@code m} values of the current RLE run ({@code m <= } what is left in it). */
  public void consumeRle(int m) {
    runLeft -= m;
  }

  private void extract(int[] dst, int off, int m) {
    int w = bitWidth;
    if (w == 0) {
      Arrays.fill(dst, off, off + m, 0);
      return;
    }
    long b = bit;
    int i = 0;
    // From a byte boundary the packed values are one continuous LSB-first bit stream, so whole
    // groups of 8 go through the generated kernel while their bytes lie inside the data.
    if ((b & 7) == 0 && m >= 8) {
      int groups = m >>> 3;
      long bytePos = b >>> 3;
      long fit = (end - bytePos) / w;
      groups = (int) Math.min(groups, fit);
      if (groups > 0) {
        BitUnpacker.unpackInts(w, data, (int) bytePos, dst, off, groups << 3);
        i = groups << 3;
        b += (long) i * w;
      }
    }
    int msk = mask;
    byte[] d = data;
    // One 8-byte load per value while 8 bytes of the data remain: a value is at most 32 bits at a
    // bit offset of at most 7, so it lies within the loaded word.
    long fastEnd = 8L * (end - 8);
    for (; i < m && b <= fastEnd; i++, b += w) {
      dst[off + i] = (int) (LittleEndian.getLong(d, (int) (b >>> 3)) >>> (b & 7)) & msk;
    }
    for (; i < m; i++, b += w) {
      dst[off + i] = slowValue(b) & msk;
    }
    bit = b;
  }

  /** A value near or past the end of the data: bytes past the end read as zero. */
  private int slowValue(long b) {
    return (int) slowBits(b);
  }

  /** 57 bits from bit index {@code b} near or past the end of the data: bytes past the end read as zero. */
  private long slowBits(long b) {
    long byteAt = b >>> 3;
    long v = 0;
    for (int k = 0; k < 8; k++) {
      long p = byteAt + k;
      if (p < end) {
        v |= (long) (data[(int) p] & 0xFF) << (8 * k);
      }
    }
    return v >>> (b & 7);
  }
}
