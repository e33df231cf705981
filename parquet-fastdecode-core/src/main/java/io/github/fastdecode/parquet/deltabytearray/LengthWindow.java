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

import io.github.fastdecode.parquet.delta.DeltaBinaryPackedReader;

/**
 * A section of lengths (DELTA_BINARY_PACKED INT32) decoded on demand into a window that holds the
 * values the caller is working on. A header may claim 2^31 - 1 lengths in a few bytes (all zero, one
 * miniblock of width 0), so nothing is sized by the count: the window grows only to the largest
 * range asked for at once, plus {@link #AHEAD}.
 */
final class LengthWindow {
  /** Lengths decoded ahead of a request, so small reads do not call the decoder each time. */
  static final int AHEAD = 1024;

  private final DeltaBinaryPackedReader reader;
  /** Lengths {@code [base, decoded)} of the page, lengths[i - base]. */
  int[] lengths = new int[0];
  int base;
  int decoded;
  private int count;

  LengthWindow(String section) {
    this.reader = DeltaBinaryPackedReader.forInt32Section(section);
  }

  /** Starts on the lengths at {@code bytes[offset, offset + length)}; returns the index just after them. */
  int init(byte[] bytes, int offset, int length) {
    base = 0;
    decoded = 0;
    count = 0;
    int end = reader.initFromBytes(bytes, offset, length);
    count = reader.remaining();
    return end;
  }

  /** Lengths in the section. */
  int count() {
    return count;
  }

  /**
   * Makes lengths {@code [from, to)} readable with {@link #get} (and {@code lengths[from - base ..]}),
   * decoding ahead at most to the lengths' next block boundary after them (and at most {@link
   * #AHEAD} more), so that a skip after a short read can still sum whole blocks ({@link
   * #skipConstantBlocks}); lengths before {@code from} may be dropped. Needs {@code from <= decoded}
   * and {@code to <= count()}.
   */
  void fill(int from, int to) {
    if (to <= decoded) {
      return;
    }
    long ahead = Math.min((long) decoded + AHEAD, boundaryAtOrAfter(to));
    int want = (int) Math.min(count, Math.max(to, ahead));
    int kept = decoded - from;
    int size = want - from;
    if (lengths.length < size) {
      int[] grown = new int[Math.max(size, lengths.length + (lengths.length >> 1))];
      System.arraycopy(lengths, from - base, grown, 0, kept);
      lengths = grown;
    } else {
      System.arraycopy(lengths, from - base, lengths, 0, kept);
    }
    base = from;
    reader.readIntegers(lengths, kept, want - decoded);
    decoded = want;
  }

  /**
   * The first index at or after {@code i} where a block of the lengths starts: 1 (index 0 is the
   * header's first value), then every {@link DeltaBinaryPackedReader#blockSize} values.
   */
  long boundaryAtOrAfter(long i) {
    if (i <= 1) {
      return 1;
    }
    long size = reader.blockSize();
    return 1 + (i - 1 + size - 1) / size * size;
  }

  /** Values per block of the lengths. */
  int blockSize() {
    return reader.blockSize();
  }

  /**
   * With every decoded length used ({@code decoded} is the caller's next value) and the lengths at
   * a block boundary, skips whole blocks of constant step without decoding them; see {@link
   * DeltaBinaryPackedReader#skipConstantBlocks}. Returns how many; their sum is {@link #skippedSum}.
   */
  int skipConstantBlocks(int n, long budget) {
    int k = reader.skipConstantBlocks(n, budget);
    decoded += k;
    base = decoded;
    return k;
  }

  long skippedSum() {
    return reader.skippedSum();
  }

  boolean atBlockBoundary() {
    return reader.atBlockBoundary();
  }

  /** Length {@code i} of the page (within the last {@link #fill}). */
  int get(int i) {
    return lengths[i - base];
  }
}
