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
package io.github.fastdecode.parquet.column;

import io.github.fastdecode.parquet.file.SelectedRows;
import java.util.Arrays;
import java.util.PrimitiveIterator;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * The rows of one row group a filtered scan returns, as runs of consecutive row indexes, and the
 * reading that keeps every column on them.
 *
 * <p>parquet-hadoop's page filtering ({@code ParquetFileReader.readFilteredRowGroup}) hands out,
 * per column, only the pages that overlap the selected rows, and says which rows were selected.
 * Columns' pages end at different rows, so each column's first page may start before a selected
 * run, and its pages may go on past it. Before a run is read, each column skips (inside its current
 * page, through the decoders' skip paths) to the run's first row, whose index it knows from the
 * offset index parquet-hadoop attaches to each page; within a run every page of every column is
 * present, so a run is read straight through. A repeated column counts rows as records
 * (repetition level 0) and its batch gets its offsets once all runs are in. Skips of selected rows move the cursor only: the
 * columns catch up when rows are next read.
 */
final class FilteredRowGroup {
  private final int rowGroup;
  /** Runs {@code [from[i], to[i])} of selected rows, ascending and disjoint. */
  private long[] from = new long[8];
  private long[] to = new long[8];
  private int runs;
  /** The run holding the next row to return, and that row. */
  private int run;
  private long next;

  private FilteredRowGroup(int rowGroup) {
    this.rowGroup = rowGroup;
  }

  /** The selected rows that {@code rows} lists in ascending order, gathered into runs. */
  static FilteredRowGroup of(int rowGroup, PrimitiveIterator.OfLong rows) {
    FilteredRowGroup g = new FilteredRowGroup(rowGroup);
    while (rows.hasNext()) {
      long r = rows.nextLong();
      if (g.runs > 0 && g.to[g.runs - 1] == r) {
        g.to[g.runs - 1] = r + 1;
        continue;
      }
      if (g.runs > 0 && r < g.to[g.runs - 1]) {
        throw new ParquetDecodingException("row group " + rowGroup + ": the page filter's row indexes are out of order: " + r
            + " after " + (g.to[g.runs - 1] - 1));
      }
      if (g.runs == g.from.length) {
        g.from = Arrays.copyOf(g.from, g.runs * 2);
        g.to = Arrays.copyOf(g.to, g.runs * 2);
      }
      g.from[g.runs] = r;
      g.to[g.runs] = r + 1;
      g.runs++;
    }
    g.next = g.runs == 0 ? 0 : g.from[0];
    return g;
  }

  /** The runs of {@code rows}, adjacent ones joined. */
  static FilteredRowGroup of(int rowGroup, SelectedRows rows) {
    FilteredRowGroup g = new FilteredRowGroup(rowGroup);
    int n = rows.runs();
    g.from = new long[Math.max(1, n)];
    g.to = new long[Math.max(1, n)];
    for (int i = 0; i < n; i++) {
      if (g.runs > 0 && g.to[g.runs - 1] == rows.from(i)) {
        g.to[g.runs - 1] = rows.to(i);
        continue;
      }
      g.from[g.runs] = rows.from(i);
      g.to[g.runs] = rows.to(i);
      g.runs++;
    }
    g.next = g.runs == 0 ? 0 : g.from[0];
    return g;
  }

  /** Selected rows in all runs. */
  long rowCount() {
    long n = 0;
    for (int i = 0; i < runs; i++) {
      n += to[i] - from[i];
    }
    return n;
  }

  /**
   * Reads the next {@code want} selected rows (the caller knows that many remain) into the batches,
   * which it has cleared, appending the runs read to {@code read}.
   */
  void read(ColumnChunkReader[] chunks, ColumnBatch[] batches, int want, String[] names, RowRuns read) {
    int done = 0;
    while (done < want) {
      long start = next;
      int len = (int) Math.min(to[run] - start, want - done);
      for (int i = 0; i < chunks.length; i++) {
        moveTo(chunks[i], start, names[i], rowGroup);
        int got = chunks[i].repeated() ? chunks[i].appendRecords(batches[i], len) : chunks[i].appendEntries(batches[i], len);
        if (got != len) {
          throw new ColumnReadException(names[i], rowGroup, ColumnReadException.CHUNK,
              "the column's pages end inside the selected rows " + start + ".." + (start + len - 1), null);
        }
      }
      read.add(start, len);
      done += len;
      advance(len);
    }
    for (int i = 0; i < chunks.length; i++) {
      if (chunks[i].repeated()) {
        chunks[i].finishRecords(batches[i]);
      }
    }
  }

  /**
   * Lists the next {@code n} selected rows (the caller knows that many remain) as runs into {@code
   * out}, which it cleared, and moves past them; no column is touched.
   */
  void take(int n, RowRuns out) {
    int left = n;
    while (left > 0) {
      int len = (int) Math.min(to[run] - next, left);
      out.add(next, len);
      left -= len;
      advance(len);
    }
  }

  /** Moves past {@code n} selected rows (the caller knows that many remain); no column is touched. */
  void advance(long n) {
    while (n > 0) {
      long k = Math.min(n, to[run] - next);
      next += k;
      n -= k;
      if (next == to[run] && run + 1 < runs) {
        run++;
        next = from[run];
      }
    }
  }

  /**
   * Skips {@code chunk} forward to row {@code row}, a page at a time (a repeated column's rows are
   * records, counted by repetition level 0; its pages start with a record, as the page index needs).
   */
  static void moveTo(ColumnChunkReader chunk, long row, String name, int rowGroup) {
    while (true) {
      long at = chunk.nextRowIndex();
      if (at == row) {
        return;
      }
      if (at < 0 || at > row) {
        throw new ColumnReadException(name, rowGroup, ColumnReadException.CHUNK, at < 0
            ? "the filtered pages do not say their first row, or end before row " + row
            : "the filtered pages skip row " + row + " (the next page starts at row " + at + ")", null);
      }
      long inPage = chunk.rowsLeftInPage();
      if (inPage <= 0) {
        throw new ColumnReadException(name, rowGroup, ColumnReadException.CHUNK,
            "the filtered page starting before row " + row + " does not say how many rows it holds", null);
      }
      chunk.skipRows(Math.min(row - at, inPage));
    }
  }

  /** Runs of row indexes a batch holds, for {@link ParquetBatchReader#rowIndexes}. */
  static final class RowRuns {
    long[] start = new long[4];
    int[] length = new int[4];
    int count;

    void clear() {
      count = 0;
    }

    void add(long first, int n) {
      if (count > 0 && start[count - 1] + length[count - 1] == first) {
        length[count - 1] += n;
        return;
      }
      if (count == start.length) {
        start = Arrays.copyOf(start, count * 2);
        length = Arrays.copyOf(length, count * 2);
      }
      start[count] = first;
      length[count] = n;
      count++;
    }

    /** Room for {@code n} runs, keeping those held. */
    void ensure(int n) {
      if (start.length < n) {
        int size = Math.max(n, start.length * 2);
        start = Arrays.copyOf(start, size);
        length = Arrays.copyOf(length, size);
      }
    }

    /** Appends the runs of {@code other}, its first joined to this one's last where they touch. */
    void addAll(RowRuns other) {
      int from = 0;
      if (other.count > 0 && count > 0 && start[count - 1] + length[count - 1] == other.start[0]) {
        length[count - 1] += other.length[0];
        from = 1;
      }
      int m = other.count - from;
      ensure(count + m);
      System.arraycopy(other.start, from, start, count, m);
      System.arraycopy(other.length, from, length, count, m);
      count += m;
    }
  }
}
