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
package io.github.fastdecode.parquet.deltabytearray;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.PageBytes;
import io.github.fastdecode.parquet.internal.VectorDeltaByteArray;
import io.github.fastdecode.parquet.internal.VectorSupport;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.RequiresPreviousReader;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.api.Binary;

/**
 * DELTA_BYTE_ARRAY (BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY): prefix lengths (DELTA_BINARY_PACKED
 * INT32), then suffixes (DELTA_LENGTH_BYTE_ARRAY); value i is the first {@code prefix[i]} bytes of
 * value i - 1 followed by suffix i.
 *
 * <p>The last value read or skipped is kept in a reusable buffer and carries over to the next page
 * (a page's first value may have a prefix, PARQUET-246), also when parquet-java hands over the
 * previous page's reader through {@link RequiresPreviousReader}. A skip rebuilds only the last
 * skipped value, walking the skipped prefixes backwards so each of its bytes is copied once.
 */
final class DeltaByteArrayReader extends BatchValuesReader implements RequiresPreviousReader {
  private static final String ENCODING = "DELTA_BYTE_ARRAY";

  private final PageBytes page = new PageBytes();
  private final LengthWindow prefixes = new LengthWindow(ENCODING + " prefix lengths");
  private final DeltaLengthByteArrayReader suffixes = new DeltaLengthByteArrayReader(ENCODING + " suffixes");
  private int prefixCount;
  /** Index of the next value among the page's prefixes. */
  private int next;

  /** Bytes of a value built in two registers in {@link #readBinaries}. */
  private static final int WORD = 16;

  /** The previous value; never shorter than {@link #WORD}, so its first two words can be loaded. */
  private byte[] previous = new byte[WORD];
  private int previousLength;
  private byte[] spare = new byte[16];

  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    prefixCount = 0;
    next = 0;
    page.takeAll(in);
    int suffixesAt = prefixes.init(page.array, page.start, page.length);
    prefixCount = prefixes.count();
    suffixes.initFromBytes(page.array, suffixesAt, page.start + page.length - suffixesAt, page.scratch);
  }

  @Override
  public void setPreviousReader(ValuesReader reader) {
    if (reader instanceof DeltaByteArrayReader) {
      DeltaByteArrayReader r = (DeltaByteArrayReader) reader;
      ensurePrevious(r.previousLength);
      System.arraycopy(r.previous, 0, previous, 0, r.previousLength);
      previousLength = r.previousLength;
    }
  }

  private void ensurePrevious(int length) {
    if (previous.length < length) {
      previous = Arrays.copyOf(previous, Math.max(length, previous.length * 2));
    }
  }

  /** Values from which a window's prefixes are checked with {@link VectorDeltaByteArray}. */
  private static final int VECTOR_MIN = 32;

  /** Suffix bytes of the values the last {@link #validate} checked. */
  private int validatedSuffixBytes;

  /**
   * Checks that {@code n} values follow (prefix and suffix both present) and that every prefix fits
   * in the value before it; returns the total length of the {@code n} values and leaves their
   * suffix bytes in {@link #validatedSuffixBytes}, so callers need not sum the suffixes again.
   *
   * <p>With the vector kernels on, values after the first are checked a block at a time by {@link
   * VectorDeltaByteArray#checkPrefixes}; a block that looks bad (or holds a value of 1 MiB or more)
   * is checked again one value at a time, which names the first bad value exactly as the scalar
   * path does.
   */
  private long validate(int n) {
    if (n > prefixCount - next) {
      throw ValuesDecodingException.pastEnd(ENCODING, suffixes.position(), n, Math.min(prefixCount - next, suffixes.remaining()));
    }
    suffixes.need(n);
    prefixes.fill(next, next + n);
    validatedSuffixBytes = 0;
    if (n == 0) {
      return 0;
    }
    long total = checkExact(0, 1, previousLength);
    int i = 1;
    if (VectorSupport.on() && n - i >= VECTOR_MIN) {
      int[] pa = prefixes.lengths;
      int po = next - prefixes.base;
      int[] sa = suffixes.lengths.lengths;
      int so = suffixes.next - suffixes.lengths.base;
      int lanes = VectorDeltaByteArray.lanes();
      while (n - i >= lanes) {
        int block = Math.min(n - i, VectorDeltaByteArray.MAX_BLOCK) / lanes * lanes;
        long sums = VectorDeltaByteArray.checkPrefixes(pa, po + i, sa, so + i, block);
        if (sums < 0) {
          total += checkExact(i, i + block, pa[po + i - 1] + (long) sa[so + i - 1]);
        } else {
          int suffixSum = (int) sums;
          total += (sums >>> 32) + suffixSum;
          validatedSuffixBytes += suffixSum;
        }
        i += block;
      }
    }
    return total + checkExact(i, n, prefixes.get(next + i - 1) + (long) suffixes.lengthAhead(i - 1));
  }

  /**
   * Checks values {@code [from, to)} of the window one by one, {@code before} being the length of
   * the value before {@code from}: throws at the first whose prefix does not fit or which is too
   * long; otherwise returns their total length and adds their suffix bytes to {@link
   * #validatedSuffixBytes}.
   */
  private long checkExact(int from, int to, long before) {
    long total = 0;
    int suffixBytes = 0;
    for (int i = from; i < to; i++) {
      int p = prefixes.get(next + i);
      if (p < 0 || p > before) {
        throw new ValuesDecodingException(ENCODING, suffixes.position(),
            "value " + (next + i) + " has prefix length " + p + " but the value before it has " + before + " bytes");
      }
      int s = suffixes.lengthAhead(i);
      long length = p + (long) s;
      if (length > Integer.MAX_VALUE - 16) {
        throw new ValuesDecodingException(ENCODING, suffixes.position(), "value " + (next + i) + " is longer than 2 GiB");
      }
      total += length;
      suffixBytes += s; // checked suffixes end within the page: no overflow
      before = length;
    }
    validatedSuffixBytes += suffixBytes;
    return total;
  }

  @Override
  public Binary readBytes() {
    validate(1);
    int p = prefixes.get(next);
    int s = suffixes.lengthAhead(0);
    byte[] value = new byte[p + s];
    System.arraycopy(previous, 0, value, 0, p);
    System.arraycopy(suffixes.data(), suffixes.position(), value, p, s);
    suffixes.advance(1, s);
    next++;
    ensurePrevious(value.length);
    System.arraycopy(value, 0, previous, 0, value.length);
    previousLength = value.length;
    return Binary.fromConstantByteArray(value);
  }

  @Override
  public void readBinaries(BinaryBatch dst, int count) {
    checkCount(count);
    if (count == 0) {
      return;
    }
    long total = validate(count);
    // WORD bytes of slack: a short value is stored as two 8-byte words, which may run past it.
    dst.reserve(count, total + WORD);
    byte[] out = dst.bytes();
    int[] offsets = dst.offsets();
    int size = dst.size();
    byte[] in = suffixes.data();
    int from = suffixes.position();
    // Lengths straight from their windows, so nothing is reloaded from a field per value.
    int[] prefixLengths = prefixes.lengths;
    int prefixAt = next - prefixes.base;
    int[] suffixLengths = suffixes.lengths.lengths;
    int suffixAt = suffixes.next - suffixes.lengths.base;
    // The previous value is the batch's last one, except for the first value of the call.
    byte[] prevArray = previous;
    int prevStart = 0;
    int at = offsets[size];
    // The previous value's first WORD bytes, kept in two registers: a value of at most WORD bytes
    // is built from them and its suffix words with shifts, so no value is read back from `out`
    // right after being stored (a load spanning two recent stores cannot be forwarded and stalls).
    long w0 = LittleEndian.getLong(prevArray, 0);
    long w1 = LittleEndian.getLong(prevArray, 8);
    // After a long value the words are loaded again only when a short one needs them.
    boolean stale = false;
    int wordsEnd = in.length - WORD;
    for (int i = 0; i < count; i++) {
      int p = prefixLengths[prefixAt + i];
      int s = suffixLengths[suffixAt + i];
      if (p + s <= WORD && p < WORD && from <= wordsEnd) {
        if (stale) {
          w0 = LittleEndian.getLong(prevArray, prevStart);
          w1 = LittleEndian.getLong(prevArray, prevStart + 8);
          stale = false;
        }
        long s0 = LittleEndian.getLong(in, from);
        long s1 = LittleEndian.getLong(in, from + 8);
        // Bytes past the value's length are junk; a prefix never reaches them.
        if (p < 8) {
          int shift = p << 3;
          long keep = (1L << shift) - 1;
          w1 = (s1 << shift) | (s0 >>> 1 >>> (63 - shift));
          w0 = (w0 & keep) | (s0 << shift);
        } else {
          int shift = (p - 8) << 3;
          long keep = (1L << shift) - 1;
          w1 = (w1 & keep) | (s0 << shift);
        }
        LittleEndian.putLong(out, at, w0);
        LittleEndian.putLong(out, at + 8, w1);
      } else {
        System.arraycopy(prevArray, prevStart, out, at, p);
        System.arraycopy(in, from, out, at + p, s);
        stale = true;
      }
      from += s;
      prevArray = out;
      prevStart = at;
      at += p + s;
      offsets[size + 1 + i] = at;
    }
    dst.commitValues(count);
    int lastLength = at - prevStart;
    ensurePrevious(lastLength);
    System.arraycopy(out, prevStart, previous, 0, lastLength);
    previousLength = lastLength;
    suffixes.advance(count, validatedSuffixBytes);
    next += count;
  }

  @Override
  public void skip() {
    skip(1);
  }

  @Override
  public void skip(int n) {
    checkCount(n);
    if (n > prefixCount - next) {
      validate(n); // throws, naming what is missing
    }
    // A window at a time: a skip over 2^31 empty values needs no 2^31-entry array.
    for (int left = n; left > 0; ) {
      int m = Math.min(left, LengthWindow.AHEAD);
      skipWindow(m);
      left -= m;
    }
  }

  /** Values the backward walk of {@link #skipWindow} passes at once (unrolled) when none of them supplies a byte. */
  private static final int RUN = 8;

  private void skipWindow(int n) {
    validate(n);
    // Rebuild only the last skipped value: its bytes [prefix, length) are its suffix; the bytes
    // before come from earlier values, each supplying the range its own suffix covers, back to the
    // previous value for whatever no skipped suffix covers.
    int last = n - 1;
    int length = prefixes.get(next + last) + suffixes.lengthAhead(last);
    if (spare.length < length) {
      spare = new byte[Math.max(length, spare.length * 2)];
    }
    byte[] in = suffixes.data();
    int suffixEnd = suffixes.position() + validatedSuffixBytes;
    int[] pa = prefixes.lengths;
    int po = next - prefixes.base;
    int[] sa = suffixes.lengths.lengths;
    int so = suffixes.next - suffixes.lengths.base;
    int need = length;
    int i = last;
    while (i >= 0 && need > 0) {
      // Most values share at least `need` bytes with the one before them and supply nothing (the
      // walk often goes back hundreds of values): pass those RUN at a time, on a branch-free min.
      if (i >= RUN - 1) {
        int a = po + i - (RUN - 1);
        int b = so + i - (RUN - 1);
        int min = Math.min(Math.min(Math.min(pa[a], pa[a + 1]), Math.min(pa[a + 2], pa[a + 3])),
            Math.min(Math.min(pa[a + 4], pa[a + 5]), Math.min(pa[a + 6], pa[a + 7])));
        if (min >= need) {
          suffixEnd -= sa[b] + sa[b + 1] + sa[b + 2] + sa[b + 3] + sa[b + 4] + sa[b + 5] + sa[b + 6] + sa[b + 7];
          i -= RUN;
          continue;
        }
      }
      int p = pa[po + i];
      int suffixStart = suffixEnd - sa[so + i];
      if (p < need) {
        System.arraycopy(in, suffixStart, spare, p, need - p);
        need = p;
      }
      suffixEnd = suffixStart;
      i--;
    }
    System.arraycopy(previous, 0, spare, 0, need);
    byte[] t = previous;
    previous = spare;
    spare = t;
    previousLength = length;
    suffixes.advance(n, validatedSuffixBytes);
    next += n;
  }
}
