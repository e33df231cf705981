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
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.bitpacking.BitUnpacker;
import java.util.Arrays;

/**
 * Run decoding of the RLE / bit-packed hybrid encoding (bit widths 0..32) over a {@code byte[]}
 * range: run headers read and checked, runs of one repeated value handed out as fills, bit-packed
 * runs extracted, skips that move over bit-packed runs without extracting them. What the values
 * are read into is the subclasses' part: {@link HybridIntReads} (ids and levels as ints) and {@link
 * RleBitPackedHybridDecoder} (masks and bits).
 *
 * <p>Like parquet-java, values of a bit-packed run whose bits lie past the end of the data read as
 * 0 (some writers end the data inside the last group). A run may claim any length: nothing is
 * allocated from it, and work is linear in the values returned.
 */
abstract class HybridRunDecoder {
  /** Values per extraction into {@link #scratch} when a mask is made from wider values. */
  static final int SCRATCH = 256;
  /** Shortest read that uses the vector kernels: vector code pays off once C2 has compiled it. */
  static final int VECTOR_MIN_COUNT = 32;

  /** Whether a run's first header byte is that of a bit-packed run of more than {@link #SHORT_GROUPS} groups (one-byte header). */
  static boolean longPackedRun(int h) {
    return (h & 0x81) == 1 && h >>> 1 > SHORT_GROUPS;
  }

  /** Whether a run's first header byte is that of a bit-packed run of more than 4 groups (one-byte header). */
  static boolean longPackedHeader(int h) {
    return (h & 0x81) == 1 && h > 9;
  }
  /**
   * Longest bit-packed run, in groups of 8, that {@link #vectorWholeRuns} takes: the short runs of
   * ids with runs among them (64 random ids, then runs); longer ones (all-random ids: 63 groups) go
   * to the general steps' whole-vector kernel call.
   */
  static final int SHORT_GROUPS = 16;

  final String encoding;
  /** Extracted values on their way to a mask; made on first use. */
  int[] scratch;

  byte[] data;
  int start;
  int pos;
  int end;
  int bitWidth;
  int valueBytes;
  /** The low {@link #valueBytes} bytes of an int: an RLE value read as one 4-byte load. */
  int valueMask;
  int mask;

  /** Values left in the current run. */
  long runLeft;
  boolean packed;
  int rleValue;
  /** Absolute bit index in {@link #data} of the next value of the current bit-packed run. */
  long bit;
  /** How many of the values {@link #widthOneRuns} last wrote are 1. */
  int runOnes;
  /** Take the scalar paths even where the vector kernels are on: for tests of the scalar code. */
  boolean scalarOnly;

  /** @param encoding what to call the data in error messages, e.g. {@code "RLE definition levels"} */
  HybridRunDecoder(String encoding) {
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

  ValuesDecodingException corrupt(int at, String what) {
    return new ValuesDecodingException(encoding, at - start, what);
  }

  /** Reads the next run header; throws when the data is exhausted. */
  void nextRun(int wanted) {
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
  long longHeader() {
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

  /** How many of the {@code m} bits from bit index {@code b} are set. */
  int onesIn(long b, int m) {
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
  long bits(long b, long fastEnd) {
    return b <= fastEnd ? LittleEndian.getLong(data, (int) (b >>> 3)) >>> (b & 7) : slowBits(b);
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

  void extract(int[] dst, int off, int m) {
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
  int slowValue(long b) {
    return (int) slowBits(b);
  }

  /** 57 bits from bit index {@code b} near or past the end of the data: bytes past the end read as zero. */
  long slowBits(long b) {
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
