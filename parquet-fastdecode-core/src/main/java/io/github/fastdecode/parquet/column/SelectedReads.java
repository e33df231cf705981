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
import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.rle.RleValuesReader;

/**
 * Reads of the selected rows of a flat byte-array column, for {@link ColumnChunkReader#appendSelected}:
 * the values of the rows not selected are stepped over, not copied.
 */
final class SelectedReads {
  private static final byte[] EMPTY = new byte[0];

  private final PageCursor cursor;
  private final int maxDef;

  SelectedReads(PageCursor cursor) {
    this.cursor = cursor;
    this.maxDef = cursor.maxDef;
  }

  /**
   * Moves over the next {@code n} rows of a flat column and appends to {@code batch} only the rows
   * at {@code selection[0, k)} (ascending, below {@code n}); returns the rows moved over (fewer at
   * the chunk's end). Only for batches {@link ColumnChunkReader#readsSelected} takes: the values of the other rows
   * are stepped over, not copied ({@link BatchValuesReader#readBinariesAt}).
   */
  int appendSelected(ColumnBatch batch, int n, int[] selection, int k) {
    int done = 0;
    int s = 0;
    try {
      while (done < n && cursor.nextEntriesAvailable()) {
        int m = Math.min(n - done, cursor.pageRemaining);
        int e = s;
        while (e < k && selection[e] < done + m) {
          e++;
        }
        selectedInPage(batch, m, selection, s, e, done);
        s = e;
        done += m;
      }
    } catch (ColumnReadException e) {
      throw e;
    } catch (RuntimeException e) {
      throw cursor.wrap(e, cursor.pageIndex);
    }
    return done;
  }

  /** {@link #appendSelected} within the current page: {@code m} rows, of which window rows {@code selection[from, to)} (less {@code base}) are kept. */
  private void selectedInPage(ColumnBatch batch, int m, int[] selection, int from, int to, int base) {
    int nulls = 0;
    int at = batch.entryCount;
    int kept = to - from;
    int[] positions = selectedScratch(Math.max(kept, m));
    BinaryBatch dst = batch.binaries;
    if (maxDef == 0) {
      for (int j = 0; j < kept; j++) {
        positions[j] = selection[from + j] - base;
      }
      if (m > 0) {
        cursor.valuesReader().readBinariesAt(dst, m, positions, 0, kept);
      }
      batch.addValues(kept);
    } else {
      boolean[] rowNulls = nullScratch(m);
      int nonNull;
      if (cursor.def instanceof RleValuesReader) {
        nonNull = ((RleValuesReader) cursor.def).readNullMask(rowNulls, 0, m, maxDef);
      } else {
        int[] levels = cursor.levelScratch(m);
        nonNull = cursor.readDefinitionLevels(levels, 0, m);
        for (int i = 0; i < m; i++) {
          rowNulls[i] = levels[i] != maxDef;
        }
      }
      // Each row's value index: the non-null rows before it.
      int[] valueOf = positions;
      for (int i = 0, v = 0; i < m; i++) {
        valueOf[i] = v;
        v += rowNulls[i] ? 0 : 1;
      }
      boolean positioned = batch.layout() == ColumnBatch.Layout.ROW_POSITIONS;
      boolean[] flags = batch.nulls;
      BatchValuesReader r = nonNull > 0 ? cursor.valuesReader() : null;
      int read = 0; // values of the page's m rows the reader has moved over
      for (int j = 0; j < kept; ) {
        int row = selection[from + j] - base;
        if (rowNulls[row]) {
          flags[at + j] = true;
          nulls++;
          if (positioned) {
            dst.add(EMPTY, 0, 0);
          }
          j++;
          continue;
        }
        // A run of kept rows that hold values: read it in one call, relative to where the reader is.
        int[] relative = runScratch(kept);
        int q = 0;
        while (j < kept && !rowNulls[selection[from + j] - base]) {
          flags[at + j] = false;
          relative[q++] = valueOf[selection[from + j] - base] - read;
          j++;
        }
        int through = relative[q - 1] + 1;
        r.readBinariesAt(dst, through, relative, 0, q);
        read += through;
      }
      if (nonNull > read) {
        r.skip(nonNull - read);
      }
      batch.addValues(positioned ? kept : kept - nulls);
    }
    batch.addEntries(kept, nulls);
    cursor.consumed(m);
  }

  private int[] selectedScratch = new int[0];
  private int[] runScratch = new int[0];
  private boolean[] nullScratch = new boolean[0];

  private int[] selectedScratch(int n) {
    if (selectedScratch.length < n) {
      selectedScratch = new int[Math.max(n, selectedScratch.length * 2)];
    }
    return selectedScratch;
  }

  private int[] runScratch(int n) {
    if (runScratch.length < n) {
      runScratch = new int[Math.max(n, runScratch.length * 2)];
    }
    return runScratch;
  }

  private boolean[] nullScratch(int n) {
    if (nullScratch.length < n) {
      nullScratch = new boolean[Math.max(n, nullScratch.length * 2)];
    }
    return nullScratch;
  }
}
