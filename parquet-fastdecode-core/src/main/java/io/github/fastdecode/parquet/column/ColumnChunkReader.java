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
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.file.PageReadException;
import io.github.fastdecode.parquet.rle.RleValuesReader;
import java.util.Objects;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Reads one column chunk, page by page, into caller-owned {@link ColumnBatch}es.
 *
 * <p>It takes the {@link PageReader} parquet-hadoop hands out for a row group ({@code
 * ParquetFileReader.readNextRowGroup().getPageReader(column)}), whose pages arrive decompressed;
 * handles the dictionary page, V1 pages (levels length-prefixed in the page body) and V2 pages
 * (levels in their own sections), value counts that include nulls, and empty pages. Levels go
 * through {@link RleValuesReader}, values through the readers {@link FastDecode} picks for each
 * page's encoding (one reader per encoding per chunk, so scratch buffers are reused).
 *
 * <pre>{@code
 * PageReadStore rowGroup = fileReader.readNextRowGroup();
 * ColumnChunkReader chunk = new ColumnChunkReader(column, rowGroup.getPageReader(column), 0);
 * ColumnBatch batch = ColumnBatch.forColumn(column, 4096);
 * chunk.skipRows(100);                       // decoders' skip paths: nothing is materialised
 * while (chunk.readBatch(batch) > 0) {       // rows; for a repeated column whole records
 *   long[] values = batch.longs();           // INT64 column: batch.valueCount() non-null values
 *   boolean[] nulls = batch.nulls();         // optional column: which of batch.rowCount() rows are null
 * }
 * }</pre>
 *
 * <p>Any failure (corrupt page, decoder error, page reader error) is a {@link PageReadException}
 * naming the column, row group and page. Not thread-safe: one reader per column per thread.
 */
public final class ColumnChunkReader {
  private static final byte[] EMPTY = new byte[0];
  /** Definition levels of a skip are decoded through scratch in chunks of this many. */
  private static final int SKIP_CHUNK = 4096;
  /**
   * Most entries (level pairs) one batch of a repeated column may hold by default, whatever its
   * records: bounds what a lying page (one record of billions of entries in a few bytes of RLE)
   * can make the batch allocate.
   */
  public static final int DEFAULT_MAX_BATCH_ENTRIES = 1 << 24;

  private final PageCursor cursor;
  /** Reads and skips whole records; null for a flat column. */
  private final RepeatedRecords records;
  /** Reads of selected rows, made on first use. */
  private SelectedReads selected;
  private final ColumnDescriptor column;
  private final String path;
  private final PrimitiveTypeName type;
  private final int maxDef;
  private final int maxRep;
  private final long totalEntries;

  /**
   * @param column the column the pages belong to
   * @param pages its pages in one row group, decompressed (as parquet-hadoop's page readers give them)
   * @param rowGroup the row group's index, used only in error messages
   * @throws PageReadException if the page reader claims a negative number of values
   */
  public ColumnChunkReader(ColumnDescriptor column, PageReader pages, int rowGroup) {
    this(column, pages, rowGroup, CodecExpansion.UNBOUNDED);
  }

  /**
   * As {@link #ColumnChunkReader(ColumnDescriptor, PageReader, int)}, rejecting any page (dictionary
   * or data) whose claimed uncompressed size is over {@code maxPageBytes} before its bytes are
   * touched. parquet-hadoop's page readers inflate a page lazily into an array of the size its
   * header claims, so this bounds that allocation; {@link CodecExpansion#maxUncompressedPageBytes}
   * gives a bound no legitimate page exceeds from the chunk's codec and stored size
   * ({@code ColumnChunkMetaData.getCodec()}, {@code getTotalSize()}). A page over it is a {@link
   * PageReadException} naming both sizes.
   *
   * @param maxPageBytes the largest claimed uncompressed page size accepted ({@link
   *     CodecExpansion#UNBOUNDED}: no check)
   */
  public ColumnChunkReader(ColumnDescriptor column, PageReader pages, int rowGroup, long maxPageBytes) {
    this.cursor = new PageCursor(column, pages, rowGroup, maxPageBytes);
    this.column = cursor.column;
    this.path = cursor.path;
    this.type = cursor.type;
    this.maxDef = cursor.maxDef;
    this.maxRep = cursor.maxRep;
    this.totalEntries = cursor.totalEntries;
    this.records = maxRep > 0 ? new RepeatedRecords(this, cursor) : null;
  }

  public ColumnDescriptor column() {
    return column;
  }

  /**
   * Sets the most entries (level pairs) a batch of this repeated column may hold ({@link
   * #DEFAULT_MAX_BATCH_ENTRIES} unless set): a read whose records need more fails with a {@link
   * PageReadException} instead of growing the batch further.
   *
   * @return this reader
   */
  public ColumnChunkReader maxBatchEntries(int entries) {
    if (entries <= 0) {
      throw new IllegalArgumentException("maxBatchEntries " + entries + " must be positive");
    }
    if (records != null) {
      records.maxBatchEntries = entries;
    }
    return this;
  }

  /** Entries in the chunk: rows for a flat column, level pairs for a repeated one. */
  public long totalEntries() {
    return totalEntries;
  }

  /** Entries not yet read or skipped. */
  public long remainingEntries() {
    return totalEntries - cursor.entriesRead;
  }

  /** Fills {@code batch} with up to {@code batch.capacity()} rows (records); see {@link #readBatch(ColumnBatch, int)}. */
  public int readBatch(ColumnBatch batch) {
    return readBatch(batch, batch.capacity());
  }

  /**
   * Replaces {@code batch}'s contents with the next {@code max} rows (fewer at the end of the
   * chunk) and returns how many were read; 0 means the chunk is exhausted. For a repeated column
   * the rows are whole records: a batch never ends inside a record, even when the record goes on
   * in the next page; {@link ColumnBatch#entryCount()} then says how many level pairs they took,
   * and a batch made with the schema also gets its offsets ({@link ColumnBatch#offsets(int)}).
   */
  public int readBatch(ColumnBatch batch, int max) {
    Objects.requireNonNull(batch, "batch");
    if (!batch.column().equals(column)) {
      throw new IllegalArgumentException("batch is for column " + batch.column() + ", not " + column);
    }
    if (max < 0 || max > batch.capacity()) {
      throw new IllegalArgumentException("max " + max + " outside 0.." + batch.capacity());
    }
    batch.clear();
    if (maxRep > 0) {
      try {
        records.readRecords(batch, max);
        NestedAssembly.assemble(batch);
      } catch (ColumnReadException e) {
        throw e;
      } catch (ArithmeticException e) {
        throw cursor.located(e);
      } catch (RuntimeException e) {
        throw cursor.wrap(e, cursor.pageIndex);
      }
      return batch.rowCount;
    }
    return appendEntries(batch, max);
  }

  /**
   * Adds up to {@code max} entries of a flat column after those {@code batch} holds (the caller
   * checked the batch's column and room) and returns how many: a filtered scan fills one batch from
   * several runs of rows.
   */
  int appendEntries(ColumnBatch batch, int max) {
    int end = batch.entryCount + max;
    int start = batch.entryCount;
    try {
      while (batch.entryCount < end && cursor.nextEntriesAvailable()) {
        if (batch.dictionaryIds != null) {
          cursor.chooseIdsOrValues(batch);
        }
        readEntries(batch, Math.min(end - batch.entryCount, cursor.pageRemaining));
      }
    } catch (ColumnReadException e) {
      throw e;
    } catch (ArithmeticException e) {
      throw cursor.located(e);
    } catch (RuntimeException e) {
      throw cursor.wrap(e, cursor.pageIndex);
    }
    return batch.entryCount - start;
  }

  /**
   * Whether {@link #appendSelected} takes {@code batch}: byte arrays kept as physical values (no
   * conversion, no dictionary ids), with no definition levels to keep.
   */
  boolean readsSelected(ColumnBatch batch) {
    return maxRep == 0 && batch.binaries != null && batch.converting == null && batch.dictionaryIds == null
        && batch.definitionLevels == null;
  }

  /**
   * Moves over the next {@code n} rows of a flat column and appends to {@code batch} only the rows
   * at {@code selection[0, k)} (ascending, below {@code n}); returns the rows moved over (fewer at
   * the chunk's end). Only for batches {@link #readsSelected} takes: the values of the other rows
   * are stepped over, not copied ({@link BatchValuesReader#readBinariesAt}).
   */
  int appendSelected(ColumnBatch batch, int n, int[] selection, int k) {
    if (selected == null) {
      selected = new SelectedReads(cursor);
    }
    return selected.appendSelected(batch, n, selection, k);
  }

  /**
   * The row index within the row group of the next entry of a flat column, from the offset index
   * parquet-hadoop attaches to each page (filtered reads hand out only some pages, so rows are not
   * counted from 0); -1 when the page does not know its first row or the chunk has ended.
   */
  long nextRowIndex() {
    try {
      if (!cursor.nextEntriesAvailable()) {
        return -1;
      }
    } catch (ColumnReadException e) {
      throw e;
    } catch (RuntimeException e) {
      throw cursor.wrap(e, cursor.pageIndex);
    }
    if (cursor.pageFirstRow < 0) {
      return -1;
    }
    return cursor.pageFirstRow + (maxRep > 0 ? cursor.pageRecordsDone : cursor.pageEntries - cursor.pageRemaining);
  }

  /**
   * Rows left in the current page (0 before the first page and at a page's end): entries of a flat
   * column, records of a repeated one (from the page's row count; -1 when its header and the offset
   * index do not say it).
   */
  long rowsLeftInPage() {
    if (maxRep == 0) {
      return cursor.pageRemaining;
    }
    return cursor.pageRows < 0 ? -1 : cursor.pageRows - cursor.pageRecordsDone;
  }

  /**
   * Adds up to {@code max} whole records of a repeated column after those {@code batch} holds (a
   * filtered scan fills one batch from several runs of rows; the caller checked the batch's column
   * and that the chunk is at a record's start) and returns how many; {@link #finishRecords} then
   * sets the batch's offsets.
   */
  int appendRecords(ColumnBatch batch, int max) {
    try {
      return records.readRecords(batch, max);
    } catch (ColumnReadException e) {
      throw e;
    } catch (ArithmeticException e) {
      throw cursor.located(e);
    } catch (RuntimeException e) {
      throw cursor.wrap(e, cursor.pageIndex);
    }
  }

  /** Sets the offsets and nulls of a batch of a repeated column filled by {@link #appendRecords}. */
  void finishRecords(ColumnBatch batch) {
    try {
      NestedAssembly.assemble(batch);
    } catch (ColumnReadException e) {
      throw e;
    } catch (RuntimeException e) {
      throw cursor.wrap(e, cursor.pageIndex);
    }
  }

  /** Whether this is a repeated column (rows are records). */
  boolean repeated() {
    return maxRep > 0;
  }

  /**
   * Moves past {@code rows} rows of a flat column without materialising them: whole pages are
   * dropped undecoded where the encoding allows, otherwise levels are counted and the values
   * reader's {@code skip} moves over the non-null values.
   *
   * <p>For a repeated column the rows are records, counted by repetition level 0: a page whose
   * header gives its row count (V2 pages, or V1 pages with an offset index) and that the skip
   * covers is dropped undecoded; otherwise its levels are decoded and its values skipped.
   *
   * @throws IllegalArgumentException if fewer rows remain (for a repeated column, found at the
   *     chunk's end, after the records there were skipped)
   */
  public void skipRows(long rows) {
    if (maxRep > 0) {
      if (rows < 0) {
        throw new IllegalArgumentException("cannot skip " + rows + " rows");
      }
      long left;
      try {
        left = records.skipRecords(rows);
      } catch (ColumnReadException e) {
        throw e;
      } catch (RuntimeException e) {
        throw cursor.wrap(e, cursor.pageIndex);
      }
      if (left > 0) {
        throw new IllegalArgumentException("cannot skip " + rows + " rows: only " + (rows - left) + " records remained in " + path);
      }
      return;
    }
    if (rows < 0 || rows > remainingEntries()) {
      throw new IllegalArgumentException("cannot skip " + rows + " rows: " + remainingEntries() + " remain in " + path);
    }
    try {
      long left = rows;
      while (left > 0 && cursor.nextEntriesAvailable()) {
        if (left >= cursor.pageRemaining && cursor.pageRemaining == cursor.pageEntries && cursor.valuesEncoding != Encoding.DELTA_BYTE_ARRAY) {
          // A whole page nobody started: drop it. DELTA_BYTE_ARRAY carries its last value into the
          // next page, so its pages are always decoded.
          left -= cursor.pageRemaining;
          cursor.consumed(cursor.pageRemaining);
          continue;
        }
        int m = (int) Math.min(left, cursor.pageRemaining);
        skipInPage(m);
        left -= m;
      }
    } catch (ColumnReadException e) {
      throw e;
    } catch (RuntimeException e) {
      throw cursor.wrap(e, cursor.pageIndex);
    }
  }

  private void skipInPage(int m) {
    int nonNull = m;
    if (maxDef > 0) {
      nonNull = 0;
      int[] levels = cursor.levelScratch(Math.min(m, SKIP_CHUNK));
      for (int done = 0; done < m; ) {
        int c = Math.min(SKIP_CHUNK, m - done);
        nonNull += cursor.readDefinitionLevels(levels, 0, c);
        done += c;
      }
    }
    if (nonNull > 0) {
      cursor.valuesReader().skip(nonNull);
    }
    cursor.consumed(m);
  }

  private void readEntries(ColumnBatch batch, int m) {
    int at = batch.entryCount;
    int nonNull;
    if (maxRep > 0) {
      throw new IllegalStateException("repeated columns are read by readRecords");
    } else if (maxDef > 0) {
      boolean[] nulls = batch.nulls;
      if (batch.definitionLevels != null) {
        // An optional field inside an optional group: keep the levels, which say which ancestor is null.
        int[] levels = batch.definitionLevels;
        nonNull = cursor.readDefinitionLevels(levels, at, m);
        int max = maxDef;
        for (int i = at, end = at + m; i < end; i++) {
          nulls[i] = levels[i] != max;
        }
      } else if (cursor.def instanceof RleValuesReader) {
        nonNull = ((RleValuesReader) cursor.def).readNullMask(nulls, at, m, maxDef);
      } else {
        int[] levels = cursor.levelScratch(m);
        nonNull = cursor.readDefinitionLevels(levels, 0, m);
        int max = maxDef;
        for (int i = 0; i < m; i++) {
          nulls[at + i] = levels[i] != max;
        }
      }
      if (batch.layout() == ColumnBatch.Layout.DENSE || nonNull == m) {
        cursor.readValues(batch, nonNull);
      } else {
        readAtRowPositions(batch, at, m, nonNull);
      }
    } else {
      nonNull = m;
      cursor.readValues(batch, m);
    }
    batch.addEntries(m, m - nonNull);
    cursor.consumed(m);
  }

  /**
   * Reads {@code nonNull} values for rows {@code [at, at + m)} and places each at its row: numeric
   * values are read densely into the start of the range, then spread backwards over the null mask
   * (a value only ever moves right, so nothing is overwritten before it moves).
   */
  private void readAtRowPositions(ColumnBatch batch, int at, int m, int nonNull) {
    placeValues(batch, nonNull > 0 ? cursor.valuesReader() : null, at, m, nonNull);
  }

  /**
   * Reads {@code nonNull} values from {@code r} (null when there are none) for the rows {@code [at,
   * at + m)} of a batch with row positions, each at its row by the batch's null flags (see {@link
   * #readAtRowPositions}).
   */
  static void placeValues(ColumnBatch batch, BatchValuesReader r, int at, int m, int nonNull) {
    boolean[] nulls = batch.nulls;
    if (batch.converting != null) {
      if (r != null) {
        ConversionLoops.read(batch.converting, r, batch, at, nonNull);
      }
      ConversionLoops.spread(batch.converting, batch, nulls, at, m, nonNull);
      batch.addValues(m);
      return;
    }
    if (batch.dictionary != null) {
      int[] a = batch.dictionaryIds;
      if (r != null) {
        r.readDictionaryIds(a, at, nonNull);
      }
      spread(a, nulls, at, m, nonNull);
      batch.addValues(m);
      return;
    }
    switch (batch.type()) {
      case INT32: {
        int[] a = batch.ints;
        if (r != null) {
          r.readIntegers(a, at, nonNull);
        }
        spread(a, nulls, at, m, nonNull);
        break;
      }
      case INT64: {
        long[] a = batch.longs;
        if (r != null) {
          r.readLongs(a, at, nonNull);
        }
        for (int i = at + m - 1, k = at + nonNull - 1; i >= at; i--) {
          a[i] = nulls[i] ? 0 : a[k--];
        }
        break;
      }
      case FLOAT: {
        float[] a = batch.floats;
        if (r != null) {
          r.readFloats(a, at, nonNull);
        }
        for (int i = at + m - 1, k = at + nonNull - 1; i >= at; i--) {
          a[i] = nulls[i] ? 0 : a[k--];
        }
        break;
      }
      case DOUBLE: {
        double[] a = batch.doubles;
        if (r != null) {
          r.readDoubles(a, at, nonNull);
        }
        for (int i = at + m - 1, k = at + nonNull - 1; i >= at; i--) {
          a[i] = nulls[i] ? 0 : a[k--];
        }
        break;
      }
      case BOOLEAN: {
        boolean[] a = batch.booleans;
        if (r != null) {
          r.readBooleans(a, at, nonNull);
        }
        for (int i = at + m - 1, k = at + nonNull - 1; i >= at; i--) {
          a[i] = !nulls[i] && a[k--];
        }
        break;
      }
      default: {
        // Byte arrays append in order: one bulk read per run of non-null rows.
        for (int i = at, end = at + m; i < end; ) {
          boolean isNull = nulls[i];
          int j = i + 1;
          while (j < end && nulls[j] == isNull) {
            j++;
          }
          if (isNull) {
            for (int k = i; k < j; k++) {
              batch.binaries.add(EMPTY, 0, 0);
            }
          } else {
            r.readBinaries(batch.binaries, j - i);
          }
          i = j;
        }
        break;
      }
    }
    batch.addValues(m);
  }

  /** Moves {@code nonNull} values at {@code a[at..]} to their rows among {@code m}, zeroing null rows. */
  private static void spread(int[] a, boolean[] nulls, int at, int m, int nonNull) {
    for (int i = at + m - 1, k = at + nonNull - 1; i >= at; i--) {
      a[i] = nulls[i] ? 0 : a[k--];
    }
  }

  /** A {@link ColumnReadException} at the current page (for the batch assembly's checks). */
  ColumnReadException problem(String what) {
    return cursor.problem(what);
  }
}
