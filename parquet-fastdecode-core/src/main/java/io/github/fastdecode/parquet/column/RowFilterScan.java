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
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The row-filtered reading of a {@link ParquetBatchReader}, a window of rows at a time: the
 * predicate's columns are read first and the predicate evaluated on them ({@link RowFilter}); the
 * other columns are then read only where rows matched.
 *
 * <p>A predicate that is a conjunction of parts on different columns is read in stages ({@link
 * RowFilter#stages}): the first stage's columns over the whole window; each later stage's columns
 * only at the rows the stages before kept (in the same ways as the other columns, below), and the
 * stage evaluated on those rows alone, where that saves work (few runs of kept rows, byte arrays
 * stepped over, or a test that would otherwise run on every row of the window); else over the
 * window, the kept positions refined in place. Stages go cheapest first per row they remove
 * ({@link #order()}): the bytes their columns decode per row, from the row group's column sizes,
 * over the share of rows each removed so far in the scan.
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

  /** The predicate's stages ({@link RowFilter#stages}), read one after another. */
  private final List<RowFilter.Stage> stages;
  /** Stage indexes in the order this window reads them ({@link #order()}). */
  private final int[] order;
  private final double[] rank;
  /** Per stage: bytes its columns decode per row in the current row group. */
  private final double[] cost;
  /** Per stage: rows it was evaluated on and rows it kept, over the scan so far. */
  private final long[] rowsIn;
  private final long[] rowsOut;
  /** Per position in {@link #order}: this window's rows the stage was evaluated on. */
  private final int[] stageIn;
  /** Per position in {@link #order}: whether the stage read only the rows kept before it, not the window. */
  private final boolean[] compacted;
  /** Per position in {@link #order}, where {@link #compacted}: the window positions of the rows it read. */
  private final int[][] inputs;
  private final FilteredRowGroup.RowRuns stageRuns = new FilteredRowGroup.RowRuns();
  private int[] positions = new int[0];

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
    this.stages = filter.stages();
    int m = stages.size();
    this.order = new int[m];
    this.rank = new double[m];
    this.cost = new double[m];
    this.rowsIn = new long[m];
    this.rowsOut = new long[m];
    this.stageIn = new int[m];
    this.compacted = new boolean[m];
    this.inputs = new int[m][0];
    for (int i = 0; i < m; i++) {
      order[i] = i;
    }
  }

  /** New chunk readers for {@code block}: every column reads from the row group's first row. */
  void startRowGroup(BlockMetaData block) {
    Arrays.fill(position, 0);
    Arrays.fill(idsLikely, true);
    if (stages.size() > 1) {
      double[] bytes = new double[columns.size()];
      for (ColumnChunkMetaData m : block.getColumns()) {
        for (int c = 0; c < bytes.length; c++) {
          if (m.getPath().equals(ColumnPath.get(columns.get(c).getPath()))) {
            bytes[c] = m.getTotalUncompressedSize() / (double) Math.max(1, block.getRowCount());
          }
        }
      }
      for (int i = 0; i < cost.length; i++) {
        double sum = 0;
        for (int s : stages.get(i).slots) {
          sum += slotColumn[s] < 0 ? 0 : bytes[slotColumn[s]];
        }
        cost[i] = sum;
      }
    }
  }

  /**
   * Reads the window of {@code n} candidate rows listed by {@code candidates} (runs of row-group
   * rows): rows that match go after those the caller's batches hold, and their runs to {@code read}.
   * Returns how many matched. {@code out} null: only counts them (a skip), reading the predicate's
   * columns into batches of this reader's own.
   */
  int window(Chunks chunks, ColumnBatch[] out, FilteredRowGroup.RowRuns candidates, int n, FilteredRowGroup.RowRuns read) {
    order();
    int[] sel = selection(n);
    int k = n;
    int reached = 0;
    for (int g = 0; g < order.length && k > 0; g++) {
      RowFilter.Stage stage = stages.get(order[g]);
      int in = k;
      // A later stage reads only the rows kept so far where that saves work: few runs of them to
      // decode, byte arrays stepped over, or a test that would otherwise run on every row of the
      // window (strings, user-defined predicates); else it reads the whole window and refines the
      // window positions in place.
      boolean compact = false;
      if (g > 0 && k < n) {
        stageRuns.clear();
        runsOf(candidates, sel, k, stageRuns);
        compact = !stage.node.refinesInPlace() || (long) stageRuns.count * RUN_READ_MIN_ROWS_PER_RUN <= n
            || selectedReads(chunks, stage, out, candidates, n);
      }
      for (int s : stage.slots) {
        int c = slotColumn[s];
        RowFilter.Window w = windows[s];
        if (c < 0) {
          w.batch = null;
          continue;
        }
        ColumnBatch b = slotBatch(s, c, out, n);
        w.batch = b;
        w.row = b.entryCount;
        w.value = b.valueCount;
        if (compact) {
          readAt(chunks, c, b, candidates, n, sel, k, stageRuns);
        } else {
          readRuns(chunks, c, b, candidates);
        }
      }
      if (g == 0) {
        k = stage.node.select(windows, n, sel);
      } else if (!compact) {
        k = stage.node.refine(windows, n, sel, k);
      } else {
        // Evaluated on the stage's own rows (the window positions inputs[0, in)), then back to window positions.
        int[] rowsRead = inputs(g, in);
        System.arraycopy(sel, 0, rowsRead, 0, in);
        int[] kept = positions(in);
        k = stage.node.select(windows, in, kept);
        for (int j = 0; j < k; j++) {
          sel[j] = rowsRead[kept[j]];
        }
      }
      compacted[g] = compact;
      stageIn[g] = in;
      rowsIn[order[g]] += in;
      rowsOut[order[g]] += k;
      reached = g + 1;
    }
    if (out == null) {
      return k;
    }
    // Thins each stage's batches to the matching rows: those that read the window, at the window
    // positions sel[0, k); those that read only the rows kept before them, at those rows' places
    // among their own.
    for (int g = 0; g < reached; g++) {
      RowFilter.Stage stage = stages.get(order[g]);
      if (!compacted[g]) {
        thin(out, stage, n, sel, k);
        continue;
      }
      int[] rowsRead = inputs[g];
      int[] at = positions(k);
      for (int j = 0, i = 0; j < k; j++) {
        while (rowsRead[i] != sel[j]) {
          i++;
        }
        at[j] = i;
      }
      thin(out, stage, stageIn[g], at, k);
    }
    if (k > 0) {
      matched.clear();
      runsOf(candidates, sel, k, matched);
      for (int c = 0; c < outputs; c++) {
        if (!isPredicate[c]) {
          readAt(chunks, c, out[c], candidates, n, sel, k, matched);
        }
      }
      read.addAll(matched);
    }
    return k;
  }

  /** The batch predicate slot {@code s} (column {@code c}) reads into this window. */
  private ColumnBatch slotBatch(int s, int c, ColumnBatch[] out, int n) {
    boolean own = readsOwnBatch(c, out);
    copied[s] = own && out != null && c < outputs;
    if (!own) {
      return out[c];
    }
    ColumnBatch b = ownBatch(c, n);
    b.clear();
    return b;
  }

  /**
   * Whether predicate column {@code c} is read into a batch of this reader's own: the caller does
   * not read it, or reads it in a way {@link #throughOwnBatch} sends through one (only its
   * matching rows then copied over).
   */
  private boolean readsOwnBatch(int c, ColumnBatch[] out) {
    return out == null || c >= outputs || throughOwnBatch(out[c], c);
  }

  /** Whether every column of {@code stage} would step over the rows not kept (byte arrays of one run of candidates). */
  private boolean selectedReads(Chunks chunks, RowFilter.Stage stage, ColumnBatch[] out, FilteredRowGroup.RowRuns candidates, int n) {
    if (candidates.count != 1) {
      return false;
    }
    for (int s : stage.slots) {
      int c = slotColumn[s];
      if (c >= 0 && !chunks.chunk(c).readsSelected(readsOwnBatch(c, out) ? ownBatch(c, n) : out[c])) {
        return false;
      }
    }
    return true;
  }

  /** Keeps, of the {@code rows} rows each output batch of {@code stage} read this window, those at {@code positions[0, k)}. */
  private void thin(ColumnBatch[] out, RowFilter.Stage stage, int rows, int[] positions, int k) {
    for (int s : stage.slots) {
      int c = slotColumn[s];
      if (c < 0 || c >= outputs) {
        continue;
      }
      RowFilter.Window w = windows[s];
      ColumnBatch b = w.batch;
      if (k < rows) {
        b.keepRows(w.row, rows, w.value, positions, k);
      }
      if (copied[s]) {
        if (out[c].converting == null) {
          // Whether the pages were dictionary-encoded decides the next window's way.
          idsLikely[c] = b.hasDictionaryIds();
        }
        MatchedCopy.append(out[c], b);
      }
    }
  }

  /**
   * Appends to {@code b} column {@code c}'s rows at window positions {@code sel[0, k)} of the
   * {@code n} candidates ({@code runs}: the same rows as runs of row-group rows), whichever way
   * costs less: where few runs, each run read and the rows between skipped; where many, the window
   * decoded whole and thinned; byte arrays of one run of candidates stepped over value by value.
   */
  private void readAt(Chunks chunks, int c, ColumnBatch b, FilteredRowGroup.RowRuns candidates, int n, int[] sel, int k,
      FilteredRowGroup.RowRuns runs) {
    if (k == n) {
      readRuns(chunks, c, b, candidates);
    } else if (candidates.count == 1 && chunks.chunk(c).readsSelected(b)) {
      // Byte arrays: the reader steps over the values of rows not wanted, copying none.
      long start = candidates.start[0];
      moveTo(chunks, c, start);
      if (chunks.chunk(c).appendSelected(b, n, sel, k) != n) {
        throw chunks.ended(c);
      }
      position[c] = start + n;
    } else if ((long) runs.count * RUN_READ_MIN_ROWS_PER_RUN <= n || b.isNested()) {
      readRuns(chunks, c, b, runs);
    } else {
      int row = b.entryCount;
      int value = b.valueCount;
      readRuns(chunks, c, b, candidates);
      b.keepRows(row, n, value, sel, k);
    }
  }

  /**
   * Puts the stages in the order to read them this window: cheapest per row that a stage removes
   * first. A stage's cost is the bytes its columns decode per row (the row group's uncompressed
   * column sizes); the share of rows it removes is what it removed so far in this scan (half until
   * it has been evaluated).
   */
  private void order() {
    int m = order.length;
    if (m == 1) {
      return;
    }
    for (int i = 0; i < m; i++) {
      double removes = 1 - (rowsOut[i] + 1.0) / (rowsIn[i] + 2.0);
      rank[i] = cost[i] / Math.max(removes, 1e-6);
    }
    // Insertion sort of a few stages, stable: ties keep the predicate's order.
    for (int i = 0; i < m; i++) {
      order[i] = i;
    }
    for (int i = 1; i < m; i++) {
      int x = order[i];
      int j = i - 1;
      while (j >= 0 && rank[order[j]] > rank[x]) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = x;
    }
  }

  /** The runs of row-group rows at window positions {@code sel[0, k)} of {@code candidates}, into {@code into}. */
  private void runsOf(FilteredRowGroup.RowRuns candidates, int[] sel, int k, FilteredRowGroup.RowRuns into) {
    if (candidates.count == 1 && sel[k - 1] - sel[0] == k - 1) {
      into.add(candidates.start[0] + sel[0], k); // one run: every row of it matched
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
      into.ensure(m);
      long[] start = into.start;
      int[] length = into.length;
      for (int q = 0; q < m; q++) {
        start[q] = base + sel[bounds[q]];
        length[q] = bounds[q + 1] - bounds[q];
      }
      into.count = m;
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
      into.add(candidates.start[r] + (p - runFirst), q - j);
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

  private int[] inputs(int g, int n) {
    if (inputs[g].length < n) {
      inputs[g] = new int[Math.max(n, 1024)];
    }
    return inputs[g];
  }

  private int[] positions(int n) {
    if (positions.length < n) {
      positions = new int[Math.max(n, 1024)];
    }
    return positions;
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
