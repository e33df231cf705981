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
import io.github.fastdecode.parquet.internal.PageBytes;
import io.github.fastdecode.parquet.internal.PageLease;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.io.api.Binary;

/**
 * DELTA_LENGTH_BYTE_ARRAY: all lengths (DELTA_BINARY_PACKED INT32), then all values back to back.
 * Lengths are decoded on demand in a window ({@link LengthWindow}) that grows only with the
 * largest batch asked for, never with the header's count; a bulk read is one copy of the batch's
 * bytes (or none, below) plus its offsets, and a skip sums lengths and moves once per window.
 *
 * <p>The values lie back to back in the page, exactly as a {@link BinaryBatch} stores them, so a
 * batch that allows borrowing ({@link BinaryBatch#setBorrowing}) gets a view of the page instead
 * of a copy, valid until this reader is initialised on another page.
 *
 * <p>Lengths are checked as they are decoded, and a bad one (negative, or past the end of the data)
 * fails only when a read reaches it, so the values before it read as parquet-java reads them.
 */
final class DeltaLengthByteArrayReader extends BatchValuesReader {
  private final String encoding;
  private final PageBytes page = new PageBytes();
  /** Renewed on every page: batches that borrowed the previous page's bytes can tell. */
  private final PageLease lease = new PageLease();
  final LengthWindow lengths;

  private byte[] data;
  private int count;
  /** Values before this one have been decoded and checked; the value at it is bad if it is below {@link #count} and {@link #bad} is set. */
  private int checkedEnd;
  /** Index in {@link #data} just after the last checked value. */
  private long checkedPos;
  private boolean bad;
  int next;
  /** Index in {@link #data} of the next value's first byte. */
  private int pos;
  private int base;
  private int end;
  private boolean scratchBacked;

  DeltaLengthByteArrayReader() {
    this("DELTA_LENGTH_BYTE_ARRAY");
  }

  DeltaLengthByteArrayReader(String encoding) {
    this.encoding = encoding;
    this.lengths = new LengthWindow(encoding + " lengths");
  }

  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    // Before the scratch copy of the new page overwrites the bytes lent from the last one.
    lease.renew();
    page.takeAll(in);
    scratchBacked = page.scratch;
    initFromBytes(page.array, page.start, page.length);
  }

  /** Starts on {@code bytes[offset, offset + length)}, used in place (DELTA_BYTE_ARRAY's suffixes). */
  void initFromBytes(byte[] bytes, int offset, int length, boolean scratch) {
    lease.renew();
    scratchBacked = scratch;
    initFromBytes(bytes, offset, length);
  }

  private void initFromBytes(byte[] bytes, int offset, int length) {
    count = 0;
    next = 0;
    data = bytes;
    base = offset;
    end = offset + length;
    int valuesAt = lengths.init(bytes, offset, length);
    count = lengths.count();
    checkedEnd = 0;
    checkedPos = valuesAt;
    bad = false;
    pos = valuesAt;
  }

  /** Checks the lengths decoded since the last call, stopping at the first bad one. */
  private void checkDecoded() {
    int[] a = lengths.lengths;
    int off = lengths.base;
    int i = checkedEnd;
    long p = checkedPos;
    int stop = lengths.decoded;
    // Blocks of lengths all below 2^20 (so an int sum of 1024 cannot overflow) are checked with two
    // reductions the JIT vectorises: none negative, and their sum fits in what is left.
    while (i < stop) {
      int c = Math.min(stop - i, 1024);
      int or = 0;
      int sum = 0;
      for (int k = i - off, e = k + c; k < e; k++) {
        int l = a[k];
        or |= l;
        sum += l;
      }
      if ((or >>> 20) != 0 || sum > end - p) {
        break; // a negative, long or overrunning length: the loop below finds which
      }
      p += sum;
      i += c;
    }
    for (; i < stop; i++) {
      int l = a[i - off];
      if (l < 0 || l > end - p) {
        bad = true;
        break;
      }
      p += l;
    }
    checkedEnd = i;
    checkedPos = p;
  }

  /** Values left in the page. */
  int remaining() {
    return count - next;
  }

  /** Length of value {@code next + k} (after {@code need(n)}, k < n). */
  int lengthAhead(int k) {
    return lengths.get(next + k);
  }

  /** Index in the page array of the next value's bytes. */
  int position() {
    return pos;
  }

  byte[] data() {
    return data;
  }

  /**
   * Throws unless {@code n} more values are readable, naming the first bad length if that is the
   * reason; otherwise makes their lengths available to {@link #lengthAhead}.
   */
  void need(int n) {
    if (n > count - next) {
      throw ValuesDecodingException.pastEnd(encoding, pos - base, n, count - next);
    }
    lengths.fill(next, next + n);
    if (!bad) {
      checkDecoded();
    }
    if (n <= checkedEnd - next) {
      return;
    }
    int l = lengths.get(checkedEnd);
    throw new ValuesDecodingException(encoding, checkedPos - base, l < 0
        ? "value " + checkedEnd + " has negative length " + l
        : "value " + checkedEnd + " has length " + l + " but only " + (end - checkedPos) + " bytes are left");
  }

  /** Moves over {@code n} values (already checked by {@link #need}) and returns their total length. */
  long advance(int n) {
    int total = lengthSum(n);
    advance(n, total);
    return total;
  }

  /**
   * Total length of the next {@code n} values (already checked by {@link #need}). The check knows
   * where the checked values end ({@link #checkedPos}), so the total is that distance less the
   * lengths of the checked values past the {@code n}, when those are fewer: a read of everything
   * checked sums nothing, and a skip stopping just short of the checked ones sums a few.
   */
  private int lengthSum(int n) {
    int target = next + n;
    int past = checkedEnd - target;
    if (past < n) {
      return (int) (checkedPos - pos) - sumLengths(target, past);
    }
    return sumLengths(next, n);
  }

  /** Sum of the {@code n} checked lengths from value {@code first} on. */
  private int sumLengths(int first, int n) {
    int[] a = lengths.lengths;
    int from = first - lengths.base;
    // Checked lengths are non-negative and end within the page, so an int sum cannot overflow.
    // Four independent sums: the JIT leaves a lone sum loop scalar, one dependent add per length.
    int t0 = 0;
    int t1 = 0;
    int t2 = 0;
    int t3 = 0;
    int i = from;
    for (int e = from + n - 3; i < e; i += 4) {
      t0 += a[i];
      t1 += a[i + 1];
      t2 += a[i + 2];
      t3 += a[i + 3];
    }
    for (int e = from + n; i < e; i++) {
      t0 += a[i];
    }
    return t0 + t1 + t2 + t3;
  }

  /** Moves over {@code n} checked values whose lengths the caller has already summed to {@code total}. */
  void advance(int n, int total) {
    pos += total;
    next += n;
  }

  @Override
  public Binary readBytes() {
    need(1);
    int l = lengths.get(next);
    int at = pos;
    advance(1);
    return scratchBacked
        ? Binary.fromConstantByteArray(Arrays.copyOfRange(data, at, at + l))
        : Binary.fromConstantByteArray(data, at, l);
  }

  @Override
  public void readBinaries(BinaryBatch dst, int count) {
    checkCount(count);
    need(count);
    int total = lengthSum(count);
    // Moves only once the batch took the values: one that refuses (it holds bytes of a page this
    // reader has left) leaves the reader where it was.
    dst.appendOrBorrowContiguous(lease, data, pos, lengths.lengths, next - lengths.base, count, total);
    advance(count, total);
  }

  @Override
  public void skip() {
    skip(1);
  }

  @Override
  public void skip(int n) {
    checkCount(n);
    if (n > count - next) {
      throw ValuesDecodingException.pastEnd(encoding, pos - base, n, count - next);
    }
    // A window at a time: a skip over 2^31 empty values needs no 2^31-entry array. Whole blocks of
    // lengths that step by a constant (width-0 miniblocks: values of one length, say) are summed
    // from their headers without being decoded; the lengths up to the first such block boundary, and
    // blocks that are not constant, are decoded and checked as for a read.
    for (int left = n; left > 0; ) {
      int m;
      if (next == lengths.decoded && checkedEnd == next && !bad && lengths.atBlockBoundary()) {
        int k = lengths.skipConstantBlocks(left, end - pos);
        if (k > 0) {
          pos += (int) lengths.skippedSum();
          next += k;
          checkedEnd = next;
          checkedPos = pos;
          left -= k;
          continue;
        }
        m = Math.min(left, LengthWindow.AHEAD);
      } else {
        long boundary = lengths.boundaryAtOrAfter(Math.max(next, lengths.decoded));
        m = boundary > next && boundary - next <= (long) left - lengths.blockSize()
            ? (int) (boundary - next)
            : Math.min(left, LengthWindow.AHEAD);
      }
      need(m);
      advance(m);
      left -= m;
    }
  }
}
