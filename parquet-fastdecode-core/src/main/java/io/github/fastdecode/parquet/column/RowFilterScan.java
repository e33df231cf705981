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

import java.util.Arrays;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The row-filtered reading of a {@link ParquetBatchReader}, a window of rows at a time: the
 * predicate's columns are read first and the predicate evaluated on them ({@link RowFilter}); the
 * other columns are then read only where rows matched.
 *
 * <p>A window is a run of the row group's candidate rows (all of them, or those the page index
 * kept). The predicate's columns are read into the caller's batches when the caller reads them too
 * (with physical values or dictionary ids), else into batches of their own, and the rows that did
 * not match are then dropped from the caller's batches ({@link ColumnBatch#keepRows}). A caller's
 * batch that converts values, or holds values of dictionary-encoded pages, gets only the matching
 * rows, copied from a batch of ids or stored values of this reader's own ({@link MatchedCopy}): the
 * predicate compares stored values, once per dictionary entry where it can. Every other
 * column is read in one of two ways, whichever costs less: where few runs of rows matched, each run
 * is read and the rows between them skipped through the decoders' skip paths, which materialise
 * nothing; where many did, the whole window is decoded and the rows that did not match dropped.
 * Repeated columns always take the first way (their rows are whole records). A window where nothing
 * matched reads nothing but the predicate's columns; the others catch up by skipping when rows are
 * next read.
 *
 * <p>Each column knows which row it reads next: in a row group read whole, counted here; in one the
 * page index filtered, from the offset index of its pages ({@link FilteredRowGroup#moveTo}).
 */
final class RowFilterScan {
  /** Where runs average fewer rows of the window than this, the window is decoded whole and then thinned. */
  private static final int RUN_READ_MIN_ROWS_PER_RUN = 16;

  private final RowFilter filter;
  private final List<ColumnDescriptor> columns;
  /** The caller's columns: chunk indexes {@code [0, outputs)}; the predicate's others follow. */
  private final int outputs;
  /** Chunk index of each predicate slot, or -1 for a column the file does not have. */
  private final int[] slotColumn;
  private final boolean[] isPredicate;
  /** Batches of this reader's own, per chunk index, made on first use. */
  private final ColumnBatch[] own;
  /** Per predicate slot: whether this window read it into a batch of this reader's own, its matching rows then copied to the caller's. */
  private final boolean[] copied;
  /** Per chunk index: whether the chunk's pages were dictionary-encoded in the last window (true until seen otherwise). */
  private final boolean[] idsLikely;
  private final RowFilter.Window[] windows;
  /** Per chunk index: the row (of the row group) the chunk reads next, in a row group read whole. */
  private final long[] position;
  private int[] selection = new int[0];
  private final FilteredRowGroup.RowRuns matched = new FilteredRowGroup.RowRuns();

  RowFilterScan(RowFilter filter, List<ColumnDescriptor> columns, int outputs, int[] slotColumn) {
    this.filter = filter;
    this.columns = columns;
    this.outputs = outputs;
    this.slotColumn = slotColumn;
    this.isPredicate = new boolean[columns.size()];
    for (int c : slotColumn) {
      if (c >= 0) {
        isPredicate[c] = true;
      }
    }
    this.own = new ColumnBatch[columns.size()];
    this.copied = new boolean[slotColumn.length];
    this.idsLikely = new boolean[columns.size()];
    Arrays.fill(idsLikely, true);
    this.windows = new RowFilter.Window[slotColumn.length];
    for (int i = 0; i < windows.length; i++) {
      windows[i] = new RowFilter.Window();
    }
    this.position = new long[columns.size()];
  }

  /** New chunk readers: every column reads from the row group's first row. */
  void startRowGroup() {
    Arrays.fill(position, 0);
    Arrays.fill(idsLikely, true);
  }

  /**
   * Reads the window of {@code n} candidate rows listed by {@code candidates} (runs of row-group
   * rows): rows that match go after those the caller's batches hold, and their runs to {@code read}.
   * Returns how many matched. {@code out} null: only counts them (a skip), reading the predicate's
   * columns into batches of this reader's own.
   */
  int window(Chunks chunks, ColumnBatch[] out, FilteredRowGroup.RowRuns candidates, int n, FilteredRowGroup.RowRuns read) {
    for (int s = 0; s < slotColumn.length; s++) {
      int c = slotColumn[s];
      RowFilter.Window w = windows[s];
      if (c < 0) {
        w.batch = null;
        continue;
      }
      ColumnBatch b;
      boolean output = out != null && c < outputs;
      // An output column may still be read into a batch of ids (or stored values) of our own, and
      // only its matching rows copied over.
      copied[s] = output && throughOwnBatch(out[c], c);
      if (output && !copied[s]) {
        b = out[c];
      } else {
        b = ownBatch(c, n);
        b.clear();
      }
      w.batch = b;
      w.row = b.entryCount;
      w.value = b.valueCount;
      readRuns(chunks, c, b, candidates);
    }
    int[] sel = selection(n);
    int k = filter.select(windows, n, sel);
    if (out == null) {
      return k;
    }
    matched.clear();
    if (k > 0) {
      matchedRuns(candidates, sel, k);
    }
    for (int s = 0; s < slotColumn.length; s++) {
      int c = slotColumn[s];
      if (c < 0 || c >= outputs) {
        continue;
      }
      ColumnBatch b = windows[s].batch;
      if (k < n) {
        b.keepRows(windows[s].row, n, windows[s].value, sel, k);
      }
      if (copied[s]) {
        if (out[c].converting == null) {
          // Whether the pages were dictionary-encoded decides the next window's way.
          idsLikely[c] = b.hasDictionaryIds();
        }
        MatchedCopy.append(out[c], b);
      }
    }
    if (k > 0) {
      boolean fewRuns = (long) matched.count * RUN_READ_MIN_ROWS_PER_RUN <= n;
      for (int c = 0; c < outputs; c++) {
        if (isPredicate[c]) {
          continue;
        }
        ColumnBatch b = out[c];
        if (k == n) {
          readRuns(chunks, c, b, candidates);
        } else if (candidates.count == 1 && chunks.chunk(c).readsSelected(b)) {
          // Byte arrays: the reader steps over the values of rows that did not match, copying none.
          long start = candidates.start[0];
          moveTo(chunks, c, start);
          if (chunks.chunk(c).appendSelected(b, n, sel, k) != n) {
            throw chunks.ended(c);
          }
          position[c] = start + n;
        } else if (fewRuns || b.isNested()) {
          readRuns(chunks, c, b, matched);
        } else {
          int row = b.entryCount;
          int value = b.valueCount;
          readRuns(chunks, c, b, candidates);
          b.keepRows(row, n, value, sel, k);
        }
      }
      read.addAll(matched);
    }
    return k;
  }

  /** The runs of row-group rows at window positions {@code sel[0, k)} of {@code candidates}, into {@link #matched}. */
  private void matchedRuns(FilteredRowGroup.RowRuns candidates, int[] sel, int k) {
    if (candidates.count == 1 && sel[k - 1] - sel[0] == k - 1) {
      matched.add(candidates.start[0] + sel[0], k); // one run: every row of it matched
      return;
    }
    if (candidates.count == 1) {
      // One run of candidates (no page index in play): a run of matches begins wherever a position
      // is not the one before plus one. Written with no branch per position: at half the rows
      // matching, a branch on it mispredicts on every other row.
      int[] bounds = runBounds(k + 1);
      int m = 0;
      int prev = -2;
      for (int j = 0; j < k; j++) {
        int p = sel[j];
        bounds[m] = j;
        m += (prev + 1 - p) >>> 31;
        prev = p;
      }
      bounds[m] = k;
      long base = candidates.start[0];
      matched.ensure(m);
      long[] start = matched.start;
      int[] length = matched.length;
      for (int q = 0; q < m; q++) {
        start[q] = base + sel[bounds[q]];
        length[q] = bounds[q + 1] - bounds[q];
      }
      matched.count = m;
      return;
    }
    int r = 0;
    int runFirst = 0; // window position of candidate run r's first row
    for (int j = 0; j < k; ) {
      int p = sel[j];
      while (p >= runFirst + candidates.length[r]) {
        runFirst += candidates.length[r];
        r++;
      }
      // Consecutive positions within one candidate run are one run of rows.
      int runEnd = runFirst + candidates.length[r];
      int q = j + 1;
      while (q < k && sel[q] == sel[q - 1] + 1 && sel[q] < runEnd) {
        q++;
      }
      matched.add(candidates.start[r] + (p - runFirst), q - j);
      j = q;
    }
  }

  private void readRuns(Chunks chunks, int c, ColumnBatch b, FilteredRowGroup.RowRuns runs) {
    ColumnChunkReader chunk = chunks.chunk(c);
    for (int r = 0; r < runs.count; r++) {
      long start = runs.start[r];
      int len = runs.length[r];
      moveTo(chunks, c, start);
      int got = chunk.repeated() ? chunk.appendRecords(b, len) : chunk.appendEntries(b, len);
      if (got != len) {
        throw chunks.ended(c);
      }
      position[c] = start + len;
    }
  }

  private void moveTo(Chunks chunks, int c, long row) {
    if (chunks.pageFiltered()) {
      FilteredRowGroup.moveTo(chunks.chunk(c), row, chunks.name(c), chunks.rowGroup());
      return;
    }
    long gap = row - position[c];
    if (gap > 0) {
      ColumnChunkReader chunk = chunks.chunk(c);
      if (!chunk.repeated() && chunk.remainingEntries() < gap) {
        throw chunks.ended(c);
      }
      try {
        chunk.skipRows(gap);
      } catch (IllegalArgumentException e) {
        throw chunks.ended(c);
      }
      position[c] = row;
    } else if (gap < 0) {
      throw new IllegalStateException("column " + chunks.name(c) + " is at row " + position[c] + ", past row " + row);
    }
  }

  /**
   * Whether predicate column {@code c}, which the caller reads into {@code out}, is read into a batch
   * of this reader's own and only its matching rows copied over ({@link MatchedCopy}): where the
   * caller's batch converts values (the predicate compares stored ones), and where it holds values
   * of pages that are likely dictionary-encoded (the predicate then runs once per dictionary entry
   * and only the matching rows' values are looked up). Pages that turned out plain in the last
   * window read straight into the caller's batch.
   */
  private boolean throughOwnBatch(ColumnBatch out, int c) {
    if (out.converting != null) {
      return true;
    }
    return idsLikely[c] && !out.keepsDictionaryIds() && out.type() != PrimitiveTypeName.BOOLEAN && !out.isNested();
  }

  private ColumnBatch ownBatch(int c, int n) {
    ColumnBatch b = own[c];
    if (b == null || b.capacity() < n) {
      b = ColumnBatch.forColumn(columns.get(c), Math.max(n, 1024), ColumnBatch.Layout.DENSE);
      if (b.type() != PrimitiveTypeName.BOOLEAN) {
        b.keepDictionaryIds();
      }
      own[c] = b;
    }
    return b;
  }

  private int[] runBounds = new int[0];

  private int[] runBounds(int n) {
    if (runBounds.length < n) {
      runBounds = new int[Math.max(n, 1024)];
    }
    return runBounds;
  }

  private int[] selection(int n) {
    if (selection.length < n) {
      selection = new int[Math.max(n, 1024)];
    }
    return selection;
  }

  /** What the window reads from: the reader's current row group. */
  interface Chunks {
    ColumnChunkReader chunk(int c);

    String name(int c);

    int rowGroup();

    /** Whether the row group's pages were filtered by the page index (columns find their rows by the offset index). */
    boolean pageFiltered();

    /** Column {@code c}'s chunk ends before the row group's rows. */
    RuntimeException ended(int c);
  }
}
