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
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.dictionary.DictionaryReader;
import io.github.fastdecode.parquet.dictionary.DictionaryValues;
import io.github.fastdecode.parquet.fallback.ParquetJavaValuesReader;
import io.github.fastdecode.parquet.file.PageReadException;
import io.github.fastdecode.parquet.rle.RleValuesReader;
import java.io.IOException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.Page;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.io.ParquetDecodingException;
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
 * <p>Any failure (corrupt page, decoder error, page reader error) is a {@link ColumnReadException}
 * naming the column, row group and page. Not thread-safe: one reader per column per thread.
 */
public final class ColumnChunkReader {
  private static final byte[] EMPTY = new byte[0];
  /** Definition levels of a skip are decoded through scratch in chunks of this many. */
  private static final int SKIP_CHUNK = 4096;
  /** Levels of a repeated column are decoded this many at a time at most. */
  private static final int LEVEL_WINDOW = 1 << 16;
  /**
   * Most entries (level pairs) one batch of a repeated column may hold by default, whatever its
   * records: bounds what a lying page (one record of billions of entries in a few bytes of RLE)
   * can make the batch allocate.
   */
  public static final int DEFAULT_MAX_BATCH_ENTRIES = 1 << 24;

  private final ColumnDescriptor column;
  private final String path;
  private final PageReader pages;
  private final int rowGroup;
  private final PrimitiveTypeName type;
  private final int maxDef;
  private final int maxRep;
  private final long totalEntries;
  /** The largest uncompressed size a page may claim before its bytes are touched. */
  private final long maxPageBytes;

  private final EnumMap<Encoding, BatchValuesReader> valueReaders = new EnumMap<>(Encoding.class);
  private final RleValuesReader defV1;
  private final RleValuesReader defV2;
  private final RleValuesReader repV1;
  private final RleValuesReader repV2;

  private boolean dictionaryLoaded;
  private Dictionary dictionary;
  private BatchValuesReader dictionaryValues;
  /** The dictionary's entries for batches that keep ids, made on first use. */
  private DictionaryValues dictionaryEntries;

  private long entriesRead;
  /** Index of the current data page in the chunk, -1 before the first. */
  private int pageIndex = -1;
  private int pageEntries;
  private int pageRemaining;
  /** The current page's first row within the row group, from the offset index; -1 if unknown. */
  private long pageFirstRow = -1;
  private BatchValuesReader def;
  private BatchValuesReader rep;
  /** The current page's values reader, or null until the page's first value is needed. */
  private BatchValuesReader values;
  private Encoding valuesEncoding;
  private ByteBufferInputStream valuesIn;
  private int[] levelScratch = new int[0];

  // Repeated columns: the current page's levels are decoded a window at a time, so that record
  // boundaries can be found before entries join a batch.
  /** The current page's row count when its header gives one (V2 pages, V1 with an offset index), else -1. */
  private int pageRows = -1;
  /** Records of a repeated column started in the current page and read or skipped. */
  private int pageRecordsDone;
  private boolean pageIsV2;
  /** The window's repetition levels when the column has more than one repeated level. */
  private int[] windowRep = new int[0];
  /**
   * The window's record starts when the column has one repeated level (max repetition level 1):
   * bit {@code i & 63} of word {@code i >>> 6} is set where entry {@code i} has repetition level 0.
   * Levels of width 1 decode straight into it (no int per level), and record starts are counted and
   * found with bit counts.
   */
  private long[] windowStarts = new long[0];
  private int[] windowDef = new int[0];
  private int windowLength;
  private int windowPos;
  /** Entries with repetition level 0 (record starts) in the window at {@code [windowPos, windowLength)}. */
  private int windowStartCount;
  /** Entries with the maximum definition level (values) in the window at {@code [windowPos, windowLength)}. */
  private int windowValues;
  private int maxBatchEntries = DEFAULT_MAX_BATCH_ENTRIES;

  /**
   * @param column the column the pages belong to
   * @param pages its pages in one row group, decompressed (as parquet-hadoop's page readers give them)
   * @param rowGroup the row group's index, used only in error messages
   * @throws ColumnReadException if the page reader claims a negative number of values
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
   * ColumnReadException} naming both sizes.
   *
   * @param maxPageBytes the largest claimed uncompressed page size accepted ({@link
   *     CodecExpansion#UNBOUNDED}: no check)
   */
  public ColumnChunkReader(ColumnDescriptor column, PageReader pages, int rowGroup, long maxPageBytes) {
    this.maxPageBytes = maxPageBytes;
    this.column = Objects.requireNonNull(column, "column");
    this.pages = Objects.requireNonNull(pages, "pages");
    this.rowGroup = rowGroup;
    this.path = String.join(".", column.getPath());
    this.type = column.getPrimitiveType().getPrimitiveTypeName();
    this.maxDef = column.getMaxDefinitionLevel();
    this.maxRep = column.getMaxRepetitionLevel();
    this.totalEntries = pages.getTotalValueCount();
    if (totalEntries < 0) {
      // The chunk metadata's value count, as parquet-hadoop passes it on.
      throw new ColumnReadException(path, rowGroup, ColumnReadException.CHUNK, "the chunk claims " + totalEntries + " values", null);
    }
    this.defV1 = maxDef > 0 ? RleValuesReader.forLevels(maxDef, true) : null;
    this.defV2 = maxDef > 0 ? RleValuesReader.forLevels(maxDef, false) : null;
    this.repV1 = maxRep > 0 ? RleValuesReader.forLevels(maxRep, true) : null;
    this.repV2 = maxRep > 0 ? RleValuesReader.forLevels(maxRep, false) : null;
  }

  public ColumnDescriptor column() {
    return column;
  }

  /**
   * Sets the most entries (level pairs) a batch of this repeated column may hold ({@link
   * #DEFAULT_MAX_BATCH_ENTRIES} unless set): a read whose records need more fails with a {@link
   * ColumnReadException} instead of growing the batch further.
   *
   * @return this reader
   */
  public ColumnChunkReader maxBatchEntries(int entries) {
    if (entries <= 0) {
      throw new IllegalArgumentException("maxBatchEntries " + entries + " must be positive");
    }
    this.maxBatchEntries = entries;
    return this;
  }

  /** Entries in the chunk: rows for a flat column, level pairs for a repeated one. */
  public long totalEntries() {
    return totalEntries;
  }

  /** Entries not yet read or skipped. */
  public long remainingEntries() {
    return totalEntries - entriesRead;
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
        readRecords(batch, max);
        NestedAssembly.assemble(batch);
      } catch (ColumnReadException e) {
        throw e;
      } catch (ArithmeticException e) {
        throw located(e);
      } catch (RuntimeException e) {
        throw wrap(e, pageIndex);
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
      while (batch.entryCount < end && nextEntriesAvailable()) {
        if (batch.dictionaryIds != null) {
          chooseIdsOrValues(batch);
        }
        readEntries(batch, Math.min(end - batch.entryCount, pageRemaining));
      }
    } catch (ColumnReadException e) {
      throw e;
    } catch (ArithmeticException e) {
      throw located(e);
    } catch (RuntimeException e) {
      throw wrap(e, pageIndex);
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
    int done = 0;
    int s = 0;
    try {
      while (done < n && nextEntriesAvailable()) {
        int m = Math.min(n - done, pageRemaining);
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
      throw wrap(e, pageIndex);
    }
    return done;
  }

  /** {@link #appendSelected} within the current page: {@code m} rows, of which window rows {@code selection[from, to)} (less {@code base}) are kept. */
  private void selectedInPage(ColumnBatch batch, int m, int[] selection, int from, int to, int base) {
    int at = batch.entryCount;
    int kept = to - from;
    int[] positions = selectedScratch(Math.max(kept, m));
    BinaryBatch dst = batch.binaries;
    if (maxDef == 0) {
      for (int j = 0; j < kept; j++) {
        positions[j] = selection[from + j] - base;
      }
      if (m > 0) {
        valuesReader().readBinariesAt(dst, m, positions, 0, kept);
      }
      batch.valueCount += kept;
    } else {
      boolean[] rowNulls = nullScratch(m);
      int nonNull;
      if (def instanceof RleValuesReader) {
        nonNull = ((RleValuesReader) def).readNullMask(rowNulls, 0, m, maxDef);
      } else {
        int[] levels = levelScratch(m);
        nonNull = readDefinitionLevels(levels, 0, m);
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
      BatchValuesReader r = nonNull > 0 ? valuesReader() : null;
      int read = 0; // values of the page's m rows the reader has moved over
      int nulls = 0;
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
      batch.nullCount += nulls;
      batch.valueCount += positioned ? kept : kept - nulls;
    }
    batch.entryCount += kept;
    consumed(m);
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

  /** A converted value that does not fit its target: no corruption, so it stays an ArithmeticException, located. */
  private ArithmeticException located(ArithmeticException e) {
    ArithmeticException located = new ArithmeticException(e.getMessage() + " (column " + path + ", row group " + rowGroup + ", page " + pageIndex + ")");
    located.initCause(e);
    return located;
  }

  /**
   * The row index within the row group of the next entry of a flat column, from the offset index
   * parquet-hadoop attaches to each page (filtered reads hand out only some pages, so rows are not
   * counted from 0); -1 when the page does not know its first row or the chunk has ended.
   */
  long nextRowIndex() {
    try {
      if (!nextEntriesAvailable()) {
        return -1;
      }
    } catch (ColumnReadException e) {
      throw e;
    } catch (RuntimeException e) {
      throw wrap(e, pageIndex);
    }
    if (pageFirstRow < 0) {
      return -1;
    }
    return pageFirstRow + (maxRep > 0 ? pageRecordsDone : pageEntries - pageRemaining);
  }

  /**
   * Rows left in the current page (0 before the first page and at a page's end): entries of a flat
   * column, records of a repeated one (from the page's row count; -1 when its header and the offset
   * index do not say it).
   */
  long rowsLeftInPage() {
    if (maxRep == 0) {
      return pageRemaining;
    }
    return pageRows < 0 ? -1 : pageRows - pageRecordsDone;
  }

  /**
   * Adds up to {@code max} whole records of a repeated column after those {@code batch} holds (a
   * filtered scan fills one batch from several runs of rows; the caller checked the batch's column
   * and that the chunk is at a record's start) and returns how many; {@link #finishRecords} then
   * sets the batch's offsets.
   */
  int appendRecords(ColumnBatch batch, int max) {
    try {
      return readRecords(batch, max);
    } catch (ColumnReadException e) {
      throw e;
    } catch (ArithmeticException e) {
      throw located(e);
    } catch (RuntimeException e) {
      throw wrap(e, pageIndex);
    }
  }

  /** Sets the offsets and nulls of a batch of a repeated column filled by {@link #appendRecords}. */
  void finishRecords(ColumnBatch batch) {
    try {
      NestedAssembly.assemble(batch);
    } catch (ColumnReadException e) {
      throw e;
    } catch (RuntimeException e) {
      throw wrap(e, pageIndex);
    }
  }

  /** Whether this is a repeated column (rows are records). */
  boolean repeated() {
    return maxRep > 0;
  }

  /**
   * For a batch that keeps ids, before the current page's entries join it: the batch's first page
   * decides whether it holds ids or values. A plain page after dictionary pages (a writer's
   * fallback, once per chunk at most) turns the ids read so far into values, and the batch goes on
   * with values; a dictionary page joining a batch of values is decoded to values.
   */
  private void chooseIdsOrValues(ColumnBatch batch) {
    boolean ids = valuesEncoding.usesDictionary();
    if (batch.entryCount == 0) {
      batch.dictionary = ids && dictionary != null ? dictionaryEntries() : null;
    } else if (batch.dictionary != null && !ids) {
      idsToValues(batch);
    }
  }

  /**
   * Replaces the batch's ids by the values they index (a cold path: once per chunk at most). Null
   * rows at row positions hold id 0, which the dictionary may not have, and get zero values.
   */
  private void idsToValues(ColumnBatch batch) {
    DictionaryValues d = batch.dictionary;
    int[] ids = batch.dictionaryIds;
    boolean positioned = !batch.isNested() && batch.layout() == ColumnBatch.Layout.ROW_POSITIONS && batch.nulls.length != 0;
    if (d.binaries() != null) {
      batch.binaries.clear();
    }
    for (int i = 0; i < batch.valueCount; i++) {
      boolean isNull = positioned && batch.nulls[i];
      int id = ids[i];
      switch (type) {
        case INT32:
          batch.ints[i] = isNull ? 0 : d.ints()[id];
          break;
        case INT64:
          batch.longs[i] = isNull ? 0 : d.longs()[id];
          break;
        case FLOAT:
          batch.floats[i] = isNull ? 0 : d.floats()[id];
          break;
        case DOUBLE:
          batch.doubles[i] = isNull ? 0 : d.doubles()[id];
          break;
        default: {
          BinaryBatch entries = d.binaries();
          batch.binaries.add(entries.bytes(), isNull ? 0 : entries.offset(id), isNull ? 0 : entries.length(id));
          break;
        }
      }
    }
    batch.dictionary = null;
  }

  private DictionaryValues dictionaryEntries() {
    if (dictionaryEntries == null) {
      BatchValuesReader r = dictionaryReader();
      dictionaryEntries = r instanceof DictionaryReader ? ((DictionaryReader) r).values() : DictionaryValues.of(column, dictionary);
    }
    return dictionaryEntries;
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
        left = skipRecords(rows);
      } catch (ColumnReadException e) {
        throw e;
      } catch (RuntimeException e) {
        throw wrap(e, pageIndex);
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
      while (left > 0 && nextEntriesAvailable()) {
        if (left >= pageRemaining && pageRemaining == pageEntries && valuesEncoding != Encoding.DELTA_BYTE_ARRAY) {
          // A whole page nobody started: drop it. DELTA_BYTE_ARRAY carries its last value into the
          // next page, so its pages are always decoded.
          left -= pageRemaining;
          consumed(pageRemaining);
          continue;
        }
        int m = (int) Math.min(left, pageRemaining);
        skipInPage(m);
        left -= m;
      }
    } catch (ColumnReadException e) {
      throw e;
    } catch (RuntimeException e) {
      throw wrap(e, pageIndex);
    }
  }

  private void skipInPage(int m) {
    int nonNull = m;
    if (maxDef > 0) {
      nonNull = 0;
      int[] levels = levelScratch(Math.min(m, SKIP_CHUNK));
      for (int done = 0; done < m; ) {
        int c = Math.min(SKIP_CHUNK, m - done);
        nonNull += readDefinitionLevels(levels, 0, c);
        done += c;
      }
    }
    if (nonNull > 0) {
      valuesReader().skip(nonNull);
    }
    consumed(m);
  }

  private void consumed(int m) {
    pageRemaining -= m;
    entriesRead += m;
  }

  /** Makes the current page have entries left, fetching pages as needed; false at the chunk's end. */
  private boolean nextEntriesAvailable() {
    while (pageRemaining == 0) {
      if (entriesRead >= totalEntries) {
        return false;
      }
      nextPage();
    }
    return true;
  }

  private void nextPage() {
    if (!dictionaryLoaded) {
      loadDictionary();
    }
    int next = pageIndex + 1;
    DataPage page;
    try {
      page = pages.readPage();
    } catch (RuntimeException e) {
      throw wrap(e, next);
    }
    pageIndex = next;
    pageFirstRow = page == null ? -1 : page.getFirstRowIndex().orElse(-1L);
    values = null;
    valuesIn = null;
    valuesEncoding = null;
    if (page == null) {
      throw problem("the chunk ends after " + entriesRead + " of its " + totalEntries + " values");
    }
    checkClaimedSize(page, pageIndex);
    int n = page.getValueCount();
    if (n < 0 || n > totalEntries - entriesRead) {
      throw problem("page holds " + n + " values but " + (totalEntries - entriesRead) + " remain in the chunk");
    }
    try {
      if (page instanceof DataPageV1) {
        startV1((DataPageV1) page, n);
      } else if (page instanceof DataPageV2) {
        startV2((DataPageV2) page, n);
      } else {
        throw problem("unknown page type " + page.getClass().getName());
      }
    } catch (IOException e) {
      throw wrap(e, pageIndex);
    }
    pageEntries = n;
    pageRemaining = n;
    windowLength = 0;
    windowPos = 0;
    windowStartCount = 0;
    windowValues = 0;
    pageIsV2 = page instanceof DataPageV2;
    pageRows = pageIsV2 ? ((DataPageV2) page).getRowCount() : page.getIndexRowCount().orElse(-1);
    pageRecordsDone = 0;
  }

  /**
   * Appends whole records to {@code batch}, up to {@code max}: the leading entries of a page that
   * go on with the batch's last record (repetition level above 0) join it first, so a record read
   * to the end of a page is only complete once the next page's first level is known.
   */
  private int readRecords(ColumnBatch batch, int max) {
    int records = 0;
    int startEntries = batch.entryCount;
    while (nextEntriesAvailable()) {
      if (records == max && pageRemaining == pageEntries && pageIsV2) {
        break; // a V2 page starts with a record
      }
      ensureWindow();
      int pos = windowPos;
      int end = pos;
      int stop = windowLength;
      if (!startsRecord(end)) {
        if (batch.entryCount == startEntries) {
          throw problem("entry " + (pageEntries - pageRemaining) + " has repetition level " + repetitionLevel(end) + " but no record is open");
        }
        end = nextRecord(end, stop);
      }
      // The window's record starts are counted: when the batch wants them all (the common case),
      // the rest of the window joins it without looking for record boundaries.
      int want = max - records;
      int starts;
      if (want >= windowStartCount) {
        starts = windowStartCount;
        end = stop;
      } else {
        starts = want;
        end = recordStart(end, stop, want);
      }
      records += starts;
      pageRecordsDone += starts;
      windowStartCount -= starts;
      take(batch, pos, end - pos);
      if (end < stop) {
        break;
      }
    }
    batch.rowCount += records;
    return records;
  }

  /** Whether window entry {@code i} starts a record (has repetition level 0). */
  private boolean startsRecord(int i) {
    if (maxRep == 1) {
      return (windowStarts[i >>> 6] >>> i & 1) != 0;
    }
    return windowRep[i] == 0;
  }

  /** Window entry {@code i}'s repetition level. */
  private int repetitionLevel(int i) {
    return maxRep == 1 ? startsRecord(i) ? 0 : 1 : windowRep[i];
  }

  /** {@link #recordStart(int[], int, int, int)} on the window. */
  private int recordStart(int from, int stop, int k) {
    return maxRep == 1 ? recordStartBit(windowStarts, from, stop, k) : recordStart(windowRep, from, stop, k);
  }

  /** {@link #nextRecord(int[], int, int)} on the window. */
  private int nextRecord(int from, int stop) {
    return maxRep == 1 ? recordStartBit(windowStarts, from, stop, 0) : nextRecord(windowRep, from, stop);
  }

  /**
   * {@link #recordStart(int[], int, int, int)} over record-start bits: whole words are counted with
   * a bit count, and the {@code k}-th set bit of the word holding it is found by clearing the lower
   * ones.
   */
  static int recordStartBit(long[] starts, int from, int stop, int k) {
    if (from >= stop) {
      return stop;
    }
    int word = from >>> 6;
    long w = starts[word] & (-1L << from);
    int seen = 0;
    while (true) {
      int c = Long.bitCount(w);
      if (seen + c > k) {
        for (int j = k - seen; j > 0; j--) {
          w &= w - 1;
        }
        return Math.min(stop, (word << 6) + Long.numberOfTrailingZeros(w));
      }
      seen += c;
      word++;
      if (word << 6 >= stop) {
        return stop;
      }
      w = starts[word];
    }
  }

  /**
   * The index of the record start (repetition level 0) that follows {@code k} record starts at or
   * after {@code from}; the window holds more than {@code k} there. Blocks of entries are counted
   * without branches on the data, then the block holding it is walked.
   */
  private static int recordStart(int[] rep, int from, int stop, int k) {
    int i = from;
    int seen = 0;
    for (; i + 32 <= stop; i += 32) {
      int c = 0;
      for (int j = i; j < i + 32; j++) {
        c += (rep[j] - 1) >>> 31; // 1 for level 0 (levels are validated as non-negative)
      }
      if (seen + c > k) {
        break;
      }
      seen += c;
    }
    for (; i < stop; i++) {
      if (rep[i] == 0) {
        if (seen == k) {
          return i;
        }
        seen++;
      }
    }
    return stop;
  }

  /** The first index at or after {@code from} below {@code stop} whose repetition level is 0, or {@code stop}. */
  private static int nextRecord(int[] rep, int from, int stop) {
    int i = from;
    while (i < stop && rep[i] != 0) {
      i++;
    }
    return i;
  }

  /** Appends {@code n} entries of the window from {@code pos}: their levels, then their values. */
  private void take(ColumnBatch batch, int pos, int n) {
    if (n == 0) {
      return;
    }
    if (batch.dictionaryIds != null) {
      chooseIdsOrValues(batch);
    }
    int at = batch.entryCount;
    if (maxRep == 1 && batch.repeatedDefinitionLevels != null) {
      // One repeated level, with the schema: straight from the window into offsets and positions;
      // the batch's levels are made from those when a caller asks for them.
      NestedAssembly.checkEntries((long) at + n, maxBatchEntries, this);
      NestedAssembly.appendOneLevel(batch, windowStarts, windowDef, pos, n);
    } else {
      NestedAssembly.ensureEntries(batch, (long) at + n, maxBatchEntries, this);
      if (maxRep == 1) {
        int[] r = batch.repetitionLevels;
        long[] starts = windowStarts;
        for (int i = 0; i < n; i++) {
          int e = pos + i;
          r[at + i] = (int) (starts[e >>> 6] >>> e & 1) ^ 1;
        }
      } else {
        System.arraycopy(windowRep, pos, batch.repetitionLevels, at, n);
      }
      System.arraycopy(windowDef, pos, batch.definitionLevels, at, n);
    }
    int nonNull = windowValuesIn(pos, n);
    NestedAssembly.ensureValues(batch, batch.valueCount + nonNull);
    readValues(batch, nonNull);
    batch.entryCount += n;
    windowPos += n;
    consumed(n);
  }

  /**
   * Values (entries at the maximum definition level) among the window's {@code n} entries from
   * {@code pos}, the first ones not yet taken, which leave the window's count: the window's count
   * when they are all it has left, else counted on the shorter side of the split.
   */
  private int windowValuesIn(int pos, int n) {
    int rest = windowLength - pos - n;
    int values;
    if (rest == 0) {
      values = windowValues;
    } else if (n <= rest) {
      values = countValues(windowDef, pos, n);
    } else {
      values = windowValues - countValues(windowDef, pos + n, rest);
    }
    windowValues -= values;
    return values;
  }

  private int countValues(int[] def, int pos, int n) {
    int max = maxDef;
    int c = 0;
    for (int i = pos, end = pos + n; i < end; i++) {
      c += ((def[i] ^ max) - 1) >>> 31; // 1 where equal (levels are validated as non-negative)
    }
    return c;
  }

  /**
   * Skips {@code rows} whole records and the entries that go on with the last one; returns how many
   * records were missing at the chunk's end.
   */
  private long skipRecords(long rows) {
    long left = rows;
    while (nextEntriesAvailable()) {
      boolean unstarted = pageRemaining == pageEntries;
      if (left == 0 && unstarted && pageIsV2) {
        break;
      }
      if (unstarted && left > 0 && pageRows >= 0 && left >= pageRows && valuesEncoding != Encoding.DELTA_BYTE_ARRAY) {
        // The header says how many records start in the page: drop it. DELTA_BYTE_ARRAY carries
        // its last value into the next page, so its pages are always decoded.
        left -= pageRows;
        consumed(pageRemaining);
        continue;
      }
      ensureWindow();
      int pos = windowPos;
      int stop = windowLength;
      int end = pos;
      if (!startsRecord(end)) {
        if (entriesRead == 0) {
          throw problem("entry 0 has repetition level " + repetitionLevel(end) + " but no record is open");
        }
        end = nextRecord(end, stop);
      }
      int starts;
      if (left >= windowStartCount) {
        starts = windowStartCount;
        end = stop;
      } else {
        starts = (int) left;
        end = recordStart(end, stop, starts);
      }
      left -= starts;
      pageRecordsDone += starts;
      windowStartCount -= starts;
      int n = end - pos;
      if (n > 0) {
        int nonNull = windowValuesIn(pos, n);
        if (nonNull > 0) {
          valuesReader().skip(nonNull);
        }
        windowPos += n;
        consumed(n);
      }
      if (end < stop) {
        break;
      }
    }
    return left;
  }

  /** Makes the window hold entries of the current page (which has some left), decoding the next ones if it is used up. */
  private void ensureWindow() {
    if (windowPos < windowLength) {
      return;
    }
    int n = Math.min(LEVEL_WINDOW, pageRemaining);
    if (windowDef.length < n) {
      int size = Math.min(pageEntries, LEVEL_WINDOW);
      windowDef = new int[size];
      if (maxRep == 1) {
        windowStarts = new long[(size + 63) >>> 6];
      } else {
        windowRep = new int[size];
      }
    }
    boolean pageStart = pageRemaining == pageEntries;
    if (maxRep == 1) {
      oneLevelWindow(n, pageStart);
      return;
    }
    rep.readIntegers(windowRep, 0, n);
    if (maxDef == 0) {
      // No schema gives this (repetition adds a definition level), a hand-made descriptor can.
      Arrays.fill(windowDef, 0, n, 0);
    } else {
      def.readIntegers(windowDef, 0, n);
    }
    // One pass without branches on the data: levels out of range make the OR negative; record
    // starts and values are counted for the reads that take whole windows.
    int[] wr = windowRep;
    int[] wd = windowDef;
    int mr = maxRep;
    int md = maxDef;
    int outOfRange = 0;
    int starts = 0;
    int values = 0;
    for (int i = 0; i < n; i++) {
      int r = wr[i];
      int d = wd[i];
      outOfRange |= r | d | (mr - r) | (md - d);
      starts += (r - 1) >>> 31;
      values += ((d ^ md) - 1) >>> 31;
    }
    if (outOfRange < 0) {
      throwLevelOutOfRange(n);
    }
    if (pageStart && n > 0 && windowRep[0] != 0) {
      if (entriesRead == 0) {
        throw problem("the chunk's first page starts with repetition level " + windowRep[0] + ": no record is open");
      }
      if (pageIsV2) {
        throw problem("the V2 page starts with repetition level " + windowRep[0] + ", inside a record");
      }
    }
    windowLength = n;
    windowPos = 0;
    windowStartCount = starts;
    windowValues = values;
  }

  /**
   * {@link #ensureWindow} for one repeated level: the repetition levels become record-start bits
   * ({@link #windowStarts}), counted with bit counts; one pass over the definition levels checks
   * their range and counts the values.
   */
  private void oneLevelWindow(int n, boolean pageStart) {
    int[] wd = windowDef;
    if (maxDef == 0) {
      Arrays.fill(wd, 0, n, 0);
    } else if (def instanceof RleValuesReader) {
      RleValuesReader r = (RleValuesReader) def;
      int got = r.readLevelsUpTo(wd, n, maxDef);
      if (got < n) {
        throw problem("entry " + (pageEntries - pageRemaining + got) + " has definition level " + Integer.toUnsignedString(r.stoppedAtValue())
            + "; the column's maximum levels are " + maxRep + " and " + maxDef);
      }
    } else {
      def.readIntegers(wd, 0, n);
    }
    long[] starts = windowStarts;
    int words = (n + 63) >>> 6;
    if (rep instanceof RleValuesReader) {
      RleValuesReader r = (RleValuesReader) rep;
      int got = r.readLevelBits(starts, n, true);
      if (got < n) {
        throw problem("entry " + (pageEntries - pageRemaining + got) + " has repetition level " + r.stoppedAtValue()
            + " and definition level " + wd[got] + "; the column's maximum levels are " + maxRep + " and " + maxDef);
      }
    } else {
      // The deprecated BIT_PACKED levels: through ints.
      int[] levels = levelScratch(n);
      rep.readIntegers(levels, 0, n);
      Arrays.fill(starts, 0, words, 0L);
      for (int i = 0; i < n; i++) {
        int r = levels[i];
        if (r != 0 && r != 1) {
          throw problem("entry " + (pageEntries - pageRemaining + i) + " has repetition level " + r
              + " and definition level " + wd[i] + "; the column's maximum levels are " + maxRep + " and " + maxDef);
        }
        starts[i >>> 6] |= (long) (r ^ 1) << i;
      }
    }
    int md = maxDef;
    int outOfRange = 0;
    int values = 0;
    for (int i = 0; i < n; i++) {
      int d = wd[i];
      outOfRange |= d | (md - d);
      values += ((d ^ md) - 1) >>> 31;
    }
    if (outOfRange < 0) {
      for (int i = 0; i < n; i++) {
        int d = wd[i];
        if (d < 0 || d > md) {
          throw problem("entry " + (pageEntries - pageRemaining + i) + " has repetition level " + ((int) (starts[i >>> 6] >>> i & 1) ^ 1)
              + " and definition level " + d + "; the column's maximum levels are " + maxRep + " and " + maxDef);
        }
      }
    }
    int count = 0;
    for (int k = 0; k < words; k++) {
      count += Long.bitCount(starts[k]);
    }
    if (pageStart && n > 0 && (starts[0] & 1) == 0) {
      if (entriesRead == 0) {
        throw problem("the chunk's first page starts with repetition level 1: no record is open");
      }
      if (pageIsV2) {
        throw problem("the V2 page starts with repetition level 1, inside a record");
      }
    }
    windowLength = n;
    windowPos = 0;
    windowStartCount = count;
    windowValues = values;
  }

  /** Reports the window's first level outside the column's range (a cold path). */
  private void throwLevelOutOfRange(int n) {
    int first = pageEntries - pageRemaining;
    for (int i = 0; i < n; i++) {
      int r = windowRep[i];
      int d = windowDef[i];
      if (r < 0 || r > maxRep || d < 0 || d > maxDef) {
        throw problem("entry " + (first + i) + " has repetition level " + r + " and definition level " + d
            + "; the column's maximum levels are " + maxRep + " and " + maxDef);
      }
    }
    throw new IllegalStateException("no level out of range found");
  }

  private void startV1(DataPageV1 page, int n) throws IOException {
    ByteBufferInputStream in = open(page.getBytes(), "V1 page body");
    rep = maxRep == 0 ? null : levelReader(page.getRlEncoding(), ValuesType.REPETITION_LEVEL, repV1);
    if (rep != null) {
      rep.initFromPage(n, in);
    }
    def = maxDef == 0 ? null : levelReader(page.getDlEncoding(), ValuesType.DEFINITION_LEVEL, defV1);
    if (def != null) {
      def.initFromPage(n, in);
    }
    valuesEncoding = page.getValueEncoding();
    valuesIn = in;
  }

  private void startV2(DataPageV2 page, int n) throws IOException {
    if (page.isCompressed()) {
      throw problem("V2 page is still compressed: take pages from a decompressing PageReader such as ParquetFileReader's");
    }
    rep = repV2;
    if (rep != null) {
      rep.initFromPage(n, open(page.getRepetitionLevels(), "V2 repetition levels"));
    }
    def = defV2;
    if (def != null) {
      def.initFromPage(n, open(page.getDefinitionLevels(), "V2 definition levels"));
    }
    valuesEncoding = page.getDataEncoding();
    valuesIn = open(page.getData(), "V2 values section");
  }

  /**
   * One section of a page as a stream. parquet-hadoop computes a V2 page's values length as the
   * page size less the levels lengths, all from the header, so a lying header gives a negative
   * length, which {@code BytesInput} would pass to an array allocation.
   */
  private ByteBufferInputStream open(BytesInput section, String what) throws IOException {
    long size = section.size();
    if (size < 0) {
      throw problem(what + " has a negative length " + size + ": the page header's lengths do not add up");
    }
    return section.toInputStream();
  }

  /** Rejects a page claiming more than {@link #maxPageBytes}; called before the page's bytes are touched. */
  private void checkClaimedSize(Page page, int number) {
    long claimed = page.getUncompressedSize();
    if (claimed > maxPageBytes) {
      throw new ColumnReadException(path, rowGroup, number, "the page claims an uncompressed size of " + claimed
          + " bytes, more than the " + maxPageBytes + " its chunk's stored bytes can inflate to", null);
    }
  }

  /** RLE levels get the bulk reader; the deprecated BIT_PACKED gets parquet-java's. */
  private BatchValuesReader levelReader(Encoding encoding, ValuesType kind, RleValuesReader rle) {
    if (encoding == Encoding.RLE) {
      return rle;
    }
    return new ParquetJavaValuesReader(encoding.getValuesReader(column, kind));
  }

  private void loadDictionary() {
    dictionaryLoaded = true;
    try {
      DictionaryPage page = pages.readDictionaryPage();
      if (page == null) {
        return;
      }
      checkClaimedSize(page, ColumnReadException.DICTIONARY_PAGE);
      // Checks the header's entry count against the page's bytes before parquet-java sizes arrays by it.
      dictionary = FastDecode.readDictionary(column, page);
    } catch (ColumnReadException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw wrap(e, ColumnReadException.DICTIONARY_PAGE);
    }
  }

  /** The current page's values reader, initialised on first use (an all-null page may have no values section). */
  private BatchValuesReader valuesReader() {
    BatchValuesReader r = values;
    if (r != null) {
      return r;
    }
    Encoding encoding = valuesEncoding;
    if (encoding.usesDictionary()) {
      r = dictionaryReader();
    } else {
      r = valueReaders.get(encoding);
      if (r == null) {
        r = FastDecode.newValuesReader(column, encoding);
        valueReaders.put(encoding, r);
      }
    }
    try {
      r.initFromPage(pageEntries, valuesIn);
    } catch (IOException e) {
      throw wrap(e, pageIndex);
    }
    valuesIn = null;
    values = r;
    return r;
  }

  /** The chunk's one dictionary-encoded values reader (the current page's encoding uses the dictionary). */
  private BatchValuesReader dictionaryReader() {
    if (dictionary == null) {
      throw problem("page is " + valuesEncoding + " but the chunk has no dictionary page");
    }
    if (dictionaryValues == null) {
      dictionaryValues = FastDecode.newDictionaryValuesReader(column, valuesEncoding, dictionary);
    }
    return dictionaryValues;
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
        nonNull = readDefinitionLevels(levels, at, m);
        int max = maxDef;
        for (int i = at, end = at + m; i < end; i++) {
          nulls[i] = levels[i] != max;
        }
      } else if (def instanceof RleValuesReader) {
        nonNull = ((RleValuesReader) def).readNullMask(nulls, at, m, maxDef);
      } else {
        int[] levels = levelScratch(m);
        nonNull = readDefinitionLevels(levels, 0, m);
        int max = maxDef;
        for (int i = 0; i < m; i++) {
          nulls[at + i] = levels[i] != max;
        }
      }
      if (batch.layout() == ColumnBatch.Layout.DENSE || nonNull == m) {
        readValues(batch, nonNull);
      } else {
        readAtRowPositions(batch, at, m, nonNull);
      }
    } else {
      nonNull = m;
      readValues(batch, m);
    }
    batch.nullCount += m - nonNull;
    batch.entryCount += m;
    consumed(m);
  }

  private int readDefinitionLevels(int[] dst, int offset, int m) {
    if (def instanceof RleValuesReader) {
      return ((RleValuesReader) def).readLevels(dst, offset, m, maxDef);
    }
    def.readIntegers(dst, offset, m);
    int nonNull = 0;
    for (int i = 0; i < m; i++) {
      nonNull += dst[offset + i] == maxDef ? 1 : 0;
    }
    return nonNull;
  }

  /** Appends {@code n} values after the batch's stored values. */
  private void readValues(ColumnBatch batch, int n) {
    if (n == 0) {
      return;
    }
    BatchValuesReader r = valuesReader();
    int at = batch.valueCount;
    if (batch.converting != null) {
      batch.converting.read(r, batch, at, n);
      batch.valueCount += n;
      return;
    }
    if (batch.dictionary != null) {
      r.readDictionaryIds(batch.dictionaryIds, at, n);
      batch.valueCount += n;
      return;
    }
    switch (type) {
      case INT32:
        r.readIntegers(batch.ints, at, n);
        break;
      case INT64:
        r.readLongs(batch.longs, at, n);
        break;
      case FLOAT:
        r.readFloats(batch.floats, at, n);
        break;
      case DOUBLE:
        r.readDoubles(batch.doubles, at, n);
        break;
      case BOOLEAN:
        r.readBooleans(batch.booleans, at, n);
        break;
      default:
        r.readBinaries(batch.binaries, n);
        break;
    }
    batch.valueCount += n;
  }

  /**
   * Reads {@code nonNull} values for rows {@code [at, at + m)} and places each at its row: numeric
   * values are read densely into the start of the range, then spread backwards over the null mask
   * (a value only ever moves right, so nothing is overwritten before it moves).
   */
  private void readAtRowPositions(ColumnBatch batch, int at, int m, int nonNull) {
    boolean[] nulls = batch.nulls;
    BatchValuesReader r = nonNull > 0 ? valuesReader() : null;
    if (batch.converting != null) {
      if (r != null) {
        batch.converting.read(r, batch, at, nonNull);
      }
      batch.converting.spread(batch, nulls, at, m, nonNull);
      batch.valueCount += m;
      return;
    }
    if (batch.dictionary != null) {
      int[] a = batch.dictionaryIds;
      if (r != null) {
        r.readDictionaryIds(a, at, nonNull);
      }
      spread(a, nulls, at, m, nonNull);
      batch.valueCount += m;
      return;
    }
    switch (type) {
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
    batch.valueCount += m;
  }

  /** Moves {@code nonNull} values at {@code a[at..]} to their rows among {@code m}, zeroing null rows. */
  private static void spread(int[] a, boolean[] nulls, int at, int m, int nonNull) {
    for (int i = at + m - 1, k = at + nonNull - 1; i >= at; i--) {
      a[i] = nulls[i] ? 0 : a[k--];
    }
  }

  private int[] levelScratch(int n) {
    if (levelScratch.length < n) {
      levelScratch = new int[Math.max(n, levelScratch.length + (levelScratch.length >> 1))];
    }
    return levelScratch;
  }

  /** A {@link ColumnReadException} at the current page (for the batch assembly's checks). */
  ColumnReadException problem(String what) {
    return new ColumnReadException(path, rowGroup, pageIndex, what, null);
  }

  private ColumnReadException wrap(Throwable e, int page) {
    if (e instanceof PageReadException) {
      // Pages read by this library's chunk reading name their own page (and say it once).
      return new ColumnReadException(path, rowGroup, ((PageReadException) e).page(), ((PageReadException) e).problem(), e);
    }
    String what = e.getMessage();
    if (!(e instanceof ParquetDecodingException) || what == null) {
      // Name the exception type when it is not a decoding error, so the one line says what broke.
      what = e.getClass().getSimpleName() + (what == null ? "" : ": " + what);
    }
    return new ColumnReadException(path, rowGroup, page, what, e);
  }
}
