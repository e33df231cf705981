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
import io.github.fastdecode.parquet.dictionary.DictionaryReader;
import io.github.fastdecode.parquet.dictionary.DictionaryValues;
import io.github.fastdecode.parquet.file.PageReadException;
import io.github.fastdecode.parquet.rle.RleValuesReader;
import java.io.IOException;
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
 * The page cursor of one column chunk, for {@link ColumnChunkReader}: the dictionary page, each
 * data page's start (V1: levels length-prefixed in the page body; V2: levels in their own
 * sections), the level readers, the values reader per encoding (one per encoding per chunk, so
 * scratch buffers are reused), claimed-size checks, the entries consumed, and errors located at
 * the column, row group and page. It also appends the current page's values to a batch, keeping
 * dictionary ids or values.
 */
final class PageCursor {
  final ColumnDescriptor column;
  final String path;
  private final PageReader pages;
  final int rowGroup;
  final PrimitiveTypeName type;
  final int maxDef;
  final int maxRep;
  final long totalEntries;
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

  long entriesRead;
  /** Index of the current data page in the chunk, -1 before the first. */
  int pageIndex = -1;
  int pageEntries;
  int pageRemaining;
  /** The current page's first row within the row group, from the offset index; -1 if unknown. */
  long pageFirstRow = -1;
  BatchValuesReader def;
  BatchValuesReader rep;
  /** The current page's values reader, or null until the page's first value is needed. */
  private BatchValuesReader values;
  Encoding valuesEncoding;
  private ByteBufferInputStream valuesIn;
  private int[] levelScratch = new int[0];
  /** The current page's row count when its header gives one (V2 pages, V1 with an offset index), else -1. */
  int pageRows = -1;
  /** Records of a repeated column started in the current page and read or skipped. */
  int pageRecordsDone;
  boolean pageIsV2;
  /** Repeated columns only: told when a page starts, so that its level window starts empty. */
  RepeatedRecords records;

  /**
   * @param column the column the pages belong to
   * @param pages its pages in one row group, decompressed
   * @param rowGroup the row group's index, used only in error messages
   * @param maxPageBytes the largest claimed uncompressed page size accepted
   * @throws ColumnReadException if the page reader claims a negative number of values
   */
  PageCursor(ColumnDescriptor column, PageReader pages, int rowGroup, long maxPageBytes) {
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

  /** A converted value that does not fit its target: no corruption, so it stays an ArithmeticException, located. */
  ArithmeticException located(ArithmeticException e) {
    ArithmeticException located = new ArithmeticException(e.getMessage() + " (column " + path + ", row group " + rowGroup + ", page " + pageIndex + ")");
    located.initCause(e);
    return located;
  }

  /**
   * For a batch that keeps ids, before the current page's entries join it: the batch's first page
   * decides whether it holds ids or values. A plain page after dictionary pages (a writer's
   * fallback, once per chunk at most) turns the ids read so far into values, and the batch goes on
   * with values; a dictionary page joining a batch of values is decoded to values.
   */
  void chooseIdsOrValues(ColumnBatch batch) {
    boolean ids = valuesEncoding.usesDictionary();
    if (batch.entryCount == 0) {
      batch.useDictionary(ids && dictionary != null ? dictionaryEntries() : null);
    } else if (batch.dictionary != null && !ids) {
      batch.idsToValues();
    }
  }

  private DictionaryValues dictionaryEntries() {
    if (dictionaryEntries == null) {
      BatchValuesReader r = dictionaryReader();
      dictionaryEntries = r instanceof DictionaryReader ? ((DictionaryReader) r).values() : DictionaryValues.of(column, dictionary);
    }
    return dictionaryEntries;
  }

  void consumed(int m) {
    pageRemaining -= m;
    entriesRead += m;
  }

  /** Makes the current page have entries left, fetching pages as needed; false at the chunk's end. */
  boolean nextEntriesAvailable() {
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
    if (records != null) {
      records.pageStarted();
    }
    pageIsV2 = page instanceof DataPageV2;
    pageRows = pageIsV2 ? ((DataPageV2) page).getRowCount() : page.getIndexRowCount().orElse(-1);
    pageRecordsDone = 0;
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
    return FastDecode.wrap(encoding.getValuesReader(column, kind));
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
  BatchValuesReader valuesReader() {
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

  int readDefinitionLevels(int[] dst, int offset, int m) {
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
  void readValues(ColumnBatch batch, int n) {
    if (n == 0) {
      return;
    }
    appendValues(batch, valuesReader(), n);
  }

  /**
   * Appends {@code n} values from {@code r} after the batch's stored values: converted, as
   * dictionary ids, or as they are, whichever the batch holds.
   */
  static void appendValues(ColumnBatch batch, BatchValuesReader r, int n) {
    int at = batch.valueCount;
    if (batch.converting != null) {
      ConversionLoops.read(batch.converting, r, batch, at, n);
      batch.addValues(n);
      return;
    }
    if (batch.dictionary != null) {
      r.readDictionaryIds(batch.dictionaryIds, at, n);
      batch.addValues(n);
      return;
    }
    switch (batch.type()) {
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
    batch.addValues(n);
  }

  int[] levelScratch(int n) {
    if (levelScratch.length < n) {
      levelScratch = new int[Math.max(n, levelScratch.length + (levelScratch.length >> 1))];
    }
    return levelScratch;
  }

  /** A {@link ColumnReadException} at the current page (for the batch assembly's checks). */
  ColumnReadException problem(String what) {
    return new ColumnReadException(path, rowGroup, pageIndex, what, null);
  }

  ColumnReadException wrap(Throwable e, int page) {
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
