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
package io.github.fastdecode.parquet.file;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The pages of one column chunk whose bytes are in memory (a slice of a buffer {@link
 * RowGroupReader} filled with one positioned read), handed out as parquet-java pages the way
 * parquet-hadoop's page readers give them: decompressed, the dictionary page first. Headers are
 * parsed one page at a time from the buffer, each field checked before it is used (sizes within the
 * chunk, counts not negative, the uncompressed size within the bound the caller gives); a page whose
 * header carries a CRC32 has it checked when verification is on. Uncompressed pages are slices of
 * the chunk's buffer; compressed ones are inflated into one buffer the reader keeps and reuses, so a
 * page is valid until the next page is read (the dictionary page's bytes are copied by whoever
 * decodes them). Pages of types other than data and dictionary pages (index pages) are passed over.
 *
 * <p>Any problem is a {@link PageReadException} naming the column, the row group and the page (data
 * pages count from 0, the dictionary page is {@link PageReadException#DICTIONARY_PAGE}). Reused from
 * row group to row group ({@link #reset}); not thread-safe. Package-private: callers get its pages
 * through {@link RowGroupReader}, as parquet-java {@code PageReader}s.
 */
final class ChunkPageReader implements PageReader {
  private static final Encoding[] ENCODINGS = encodings();
  private static final BytesInput EMPTY = BytesInput.empty();
  /** The largest array the JVM is sure to allocate. */
  static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

  private final String column;
  private final PageCodecs codecs;
  private final boolean verifyChecksums;
  private final CRC32 crc = new CRC32();
  private final HeaderStream headerStream = new HeaderStream();
  /** Where buffers come from and go back to, shared across readers of one thread; null: none. */
  private final PageBuffers buffers;

  private int rowGroup;
  private byte[] chunk;
  private int pos;
  private int end;
  private int chunkStart;
  private long valueCount;
  private CompressionCodecName codec;
  private PageDecompressor decompressor;
  private long maxPageBytes;
  /** Reads the chunk again, longer, when a page runs past the chunk's declared end; null: no file behind the bytes. */
  private RowGroupReader file;
  /** Where {@code chunk[chunkStart]} is in the file. */
  private long fileOffset;
  /** The buffer a chunk read past its declared end is kept in, reused. */
  private byte[] longer = new byte[0];
  /** The reused buffer compressed pages are inflated into. */
  private byte[] inflated = new byte[0];

  /**
   * Filtered reads: the chunk's pages are not walked from its start, but handed out from these,
   * each a page the offset index locates ({@link #resetSelected}); false: the chunk is read whole.
   */
  private boolean selected;
  private int selectedCount;
  private int nextSelected;
  private byte[][] selBytes = new byte[0][];
  private int[] selAt = new int[0];
  private int[] selLength = new int[0];
  private long[] selFileOffset = new long[0];
  private int[] selOrdinal = new int[0];
  private long[] selFirstRow = new long[0];
  private int[] selRows = new int[0];
  private int[] selBody = new int[0];
  private PageHeader[] selHeaders = new PageHeader[0];
  /** The bytes before the offset index's first page (the dictionary page), or null. */
  private byte[] dictBytes;
  private int dictAt;
  private int dictLength;
  /** Where the chunk starts in the file (for offsets in messages). */
  private long chunkFileStart;
  /**
   * A whole chunk read for a filtered scan (its column has no offset index): its pages get first
   * row indexes counted from the chunk's start where they say their rows; {@link #flat}: one row
   * per value in V1 pages.
   */
  private boolean countRows;
  private boolean flat;
  private long rowsBefore;

  private boolean dictionaryDone;
  /** A data page's header read while looking for the dictionary page; its body starts at {@link #pendingBody}. */
  private PageHeader pending;
  private int pendingBody;
  private int dataPages;

  ChunkPageReader(String column, PageCodecs codecs, boolean verifyChecksums, PageBuffers buffers) {
    this.buffers = buffers;
    this.column = column;
    this.codecs = codecs;
    this.verifyChecksums = verifyChecksums;
  }

  /**
   * A reader of the chunk in {@code bytes[start, start + length)} of column {@code column} (its path
   * joined with {@code .}), for tests that have a chunk's bytes: {@code codec} the chunk's
   * codec, {@code valueCount} the chunk metadata's value count, {@code maxPageBytes} the largest
   * uncompressed size a page may claim. Codecs without a decoder of this package's (or whose library
   * did not load) are rejected: use {@link RowGroupReader}, which falls back to a codec factory.
   */
  static ChunkPageReader of(String column, int rowGroup, byte[] bytes, int start, int length, long valueCount,
      CompressionCodecName codec, long maxPageBytes, boolean verifyChecksums) {
    if (!PageCodecs.direct(codec)) {
      throw new IllegalArgumentException(codec + " pages need a codec factory: read them through RowGroupReader");
    }
    ChunkPageReader r = new ChunkPageReader(column, new PageCodecs(null), verifyChecksums, null);
    r.reset(rowGroup, bytes, start, length, valueCount, codec, maxPageBytes, null, 0);
    return r;
  }

  /** Points the reader at the next chunk of its column. */
  void reset(int rowGroup, byte[] bytes, int start, int length, long valueCount, CompressionCodecName codec, long maxPageBytes,
      RowGroupReader file, long fileOffset) {
    this.rowGroup = rowGroup;
    this.file = file;
    this.fileOffset = fileOffset;
    this.chunk = bytes;
    this.pos = start;
    this.chunkStart = start;
    this.end = start + length;
    this.valueCount = valueCount;
    this.codec = codec;
    this.decompressor = codec == CompressionCodecName.UNCOMPRESSED ? null : codecs.forCodec(codec);
    this.maxPageBytes = maxPageBytes;
    this.dictionaryDone = false;
    this.pending = null;
    this.dataPages = 0;
    this.selected = false;
    this.countRows = false;
    this.dictBytes = null;
  }

  /**
   * For a filtered scan of a chunk read whole: data pages get first row indexes counted from the
   * chunk's first row, from V2 pages' row counts, or, if {@code flat} (the column repeats nothing),
   * one row per value of V1 pages; V1 pages of a repeated column say no first row.
   */
  void countRows(boolean flat) {
    this.countRows = true;
    this.flat = flat;
    this.rowsBefore = 0;
  }

  /**
   * Points the reader at the next chunk of its column for a filtered scan: its pages are then
   * given one at a time ({@link #selectDictionary}, {@link #selectPage}, in file order) and {@link
   * #selectionDone} ends the list.
   */
  void resetSelected(int rowGroup, CompressionCodecName codec, long maxPageBytes, long chunkFileStart) {
    reset(rowGroup, null, 0, 0, 0, codec, maxPageBytes, null, chunkFileStart);
    this.selected = true;
    this.chunkFileStart = chunkFileStart;
    this.selectedCount = 0;
    this.nextSelected = 0;
  }

  /** The chunk's bytes before its first page, {@code bytes[at, at + length)}: where its dictionary page is. */
  void selectDictionary(byte[] bytes, int at, int length) {
    dictBytes = bytes;
    dictAt = at;
    dictLength = length;
  }

  /**
   * Data page {@code ordinal} of the chunk, header and body in {@code bytes[at, at + length)} (at
   * {@code fileOffset} in the file), holding rows {@code firstRow} to {@code firstRow + rows - 1}
   * of the row group, by the offset index.
   */
  void selectPage(byte[] bytes, int at, int length, long fileOffset, int ordinal, long firstRow, int rows) {
    int k = selectedCount;
    if (k == selAt.length) {
      int grown = Math.max(8, k * 2);
      selBytes = Arrays.copyOf(selBytes, grown);
      selAt = Arrays.copyOf(selAt, grown);
      selLength = Arrays.copyOf(selLength, grown);
      selFileOffset = Arrays.copyOf(selFileOffset, grown);
      selOrdinal = Arrays.copyOf(selOrdinal, grown);
      selFirstRow = Arrays.copyOf(selFirstRow, grown);
      selRows = Arrays.copyOf(selRows, grown);
      selBody = Arrays.copyOf(selBody, grown);
      selHeaders = Arrays.copyOf(selHeaders, grown);
    }
    selBytes[k] = bytes;
    selAt[k] = at;
    selLength[k] = length;
    selFileOffset[k] = fileOffset;
    selOrdinal[k] = ordinal;
    selFirstRow[k] = firstRow;
    selRows[k] = rows;
    selectedCount = k + 1;
  }

  /**
   * Ends the list of selected pages: parses each one's header (it must be a data page's, within
   * the page's bytes) and counts their values, the chunk's value count from now on.
   */
  void selectionDone() {
    long values = 0;
    for (int k = 0; k < selectedCount; k++) {
      point(k);
      int page = selOrdinal[k];
      PageHeader h = header(page);
      PageType type = h.getType();
      int n;
      if (type == PageType.DATA_PAGE && h.isSetData_page_header()) {
        n = h.getData_page_header().getNum_values();
      } else if (type == PageType.DATA_PAGE_V2 && h.isSetData_page_header_v2()) {
        n = h.getData_page_header_v2().getNum_values();
      } else {
        throw problem(page, "the offset index locates the page at chunk offset " + (selAt[k] - chunkStart)
            + ", but a " + type + " header" + (type == PageType.DATA_PAGE || type == PageType.DATA_PAGE_V2
            ? " without its data page header" : "") + " is there, not a data page's");
      }
      if (n < 0) {
        throw problem(page, "the header claims " + n + " values");
      }
      values += n;
      selHeaders[k] = h;
      selBody[k] = pos;
    }
    this.valueCount = values;
  }

  /** Makes selected page {@code k}'s bytes the ones read: {@link #pos} at its header. */
  private void point(int k) {
    chunk = selBytes[k];
    pos = selAt[k];
    end = selAt[k] + selLength[k];
    chunkStart = (int) (selAt[k] - (selFileOffset[k] - chunkFileStart));
  }

  @Override
  public long getTotalValueCount() {
    return valueCount;
  }

  @Override
  public DictionaryPage readDictionaryPage() {
    if (dictionaryDone) {
      return null;
    }
    dictionaryDone = true;
    if (selected) {
      if (dictBytes == null) {
        return null;
      }
      chunk = dictBytes;
      pos = dictAt;
      end = dictAt + dictLength;
      chunkStart = dictAt;
      PageHeader h = header(PageReadException.DICTIONARY_PAGE);
      if (h.getType() != PageType.DICTIONARY_PAGE) {
        throw problem(PageReadException.DICTIONARY_PAGE, "the " + dictLength + " bytes before the offset index's first page hold a "
            + h.getType() + " page, not the chunk's dictionary page");
      }
      return dictionaryPage(h, dictAt);
    }
    if (pos >= end) {
      return null;
    }
    int headerAt = pos;
    PageHeader h = header(PageReadException.DICTIONARY_PAGE);
    if (h.getType() != PageType.DICTIONARY_PAGE) {
      // The chunk has no dictionary: this is its first data page (or a page passed over).
      pending = h;
      pendingBody = pos;
      return null;
    }
    return dictionaryPage(h, headerAt);
  }

  @Override
  public DataPage readPage() {
    if (!dictionaryDone) {
      // A caller that does not ask for the dictionary gets past it all the same.
      readDictionaryPage();
    }
    if (selected) {
      if (nextSelected >= selectedCount) {
        return null;
      }
      int k = nextSelected++;
      point(k);
      pos = selBody[k];
      PageHeader h = selHeaders[k];
      dataPages++;
      return h.getType() == PageType.DATA_PAGE
          ? dataPageV1(h, selOrdinal[k], selFirstRow[k], selRows[k])
          : dataPageV2(h, selOrdinal[k], selFirstRow[k]);
    }
    while (true) {
      PageHeader h;
      if (pending != null) {
        h = pending;
        pending = null;
        pos = pendingBody;
      } else {
        if (pos >= end) {
          return null;
        }
        h = header(dataPages);
      }
      int page = dataPages;
      PageType type = h.getType();
      if (type == PageType.DATA_PAGE) {
        dataPages++;
        return dataPageV1(h, page, -1, -1);
      } else if (type == PageType.DATA_PAGE_V2) {
        dataPages++;
        return dataPageV2(h, page, -1);
      } else if (type == PageType.DICTIONARY_PAGE) {
        throw problem(page, "a second dictionary page, or one after the chunk's first data page, at chunk offset "
            + (pos - chunkStart));
      }
      // Index pages and page types of later format versions carry nothing to read here.
      body(h, page);
    }
  }

  private DictionaryPage dictionaryPage(PageHeader h, int headerAt) {
    int page = PageReadException.DICTIONARY_PAGE;
    if (!h.isSetDictionary_page_header()) {
      throw problem(page, "a DICTIONARY_PAGE header without its dictionary_page_header");
    }
    DictionaryPageHeader d = h.getDictionary_page_header();
    if (d.getNum_values() < 0) {
      throw problem(page, "the header claims " + d.getNum_values() + " dictionary entries");
    }
    Encoding encoding = encoding(d.getEncoding(), page, "dictionary encoding");
    int bodyAt = body(h, page);
    BytesInput bytes = inflate(h, page, bodyAt, h.getCompressed_page_size(), h.getUncompressed_page_size());
    return new DictionaryPage(bytes, h.getUncompressed_page_size(), d.getNum_values(), encoding);
  }

  /** {@code firstRow}: the page's first row in the row group and {@code rows} its rows, by the offset index; -1: not known. */
  private DataPage dataPageV1(PageHeader h, int page, long firstRow, int rows) {
    if (!h.isSetData_page_header()) {
      throw problem(page, "a DATA_PAGE header without its data_page_header");
    }
    DataPageHeader d = h.getData_page_header();
    if (d.getNum_values() < 0) {
      throw problem(page, "the header claims " + d.getNum_values() + " values");
    }
    Encoding values = encoding(d.getEncoding(), page, "values encoding");
    Encoding def = encoding(d.getDefinition_level_encoding(), page, "definition level encoding");
    Encoding rep = encoding(d.getRepetition_level_encoding(), page, "repetition level encoding");
    int bodyAt = body(h, page);
    BytesInput bytes = inflate(h, page, bodyAt, h.getCompressed_page_size(), h.getUncompressed_page_size());
    if (countRows && flat) {
      firstRow = rowsBefore;
      rows = d.getNum_values();
      rowsBefore += rows;
    }
    if (firstRow >= 0) {
      return new DataPageV1(bytes, d.getNum_values(), h.getUncompressed_page_size(), firstRow, rows, null, rep, def, values);
    }
    return new DataPageV1(bytes, d.getNum_values(), h.getUncompressed_page_size(), null, rep, def, values);
  }

  private DataPage dataPageV2(PageHeader h, int page, long firstRow) {
    if (!h.isSetData_page_header_v2()) {
      throw problem(page, "a DATA_PAGE_V2 header without its data_page_header_v2");
    }
    DataPageHeaderV2 d = h.getData_page_header_v2();
    if (d.getNum_values() < 0 || d.getNum_nulls() < 0 || d.getNum_rows() < 0) {
      throw problem(page, "the header claims " + d.getNum_values() + " values, " + d.getNum_nulls() + " nulls and "
          + d.getNum_rows() + " rows");
    }
    int rl = d.getRepetition_levels_byte_length();
    int dl = d.getDefinition_levels_byte_length();
    int compressed = h.getCompressed_page_size();
    int uncompressed = h.getUncompressed_page_size();
    if (rl < 0 || dl < 0 || (long) rl + dl > compressed) {
      throw problem(page, "the header's level lengths (repetition " + rl + ", definition " + dl
          + ") do not fit its compressed_page_size " + compressed);
    }
    boolean compressedData = d.isIs_compressed() && codec != CompressionCodecName.UNCOMPRESSED;
    if (compressedData && (long) rl + dl > uncompressed) {
      throw problem(page, "the header's level lengths (repetition " + rl + ", definition " + dl
          + ") do not fit its uncompressed_page_size " + uncompressed);
    }
    Encoding values = encoding(d.getEncoding(), page, "values encoding");
    int bodyAt = body(h, page);
    BytesInput repLevels = slice(bodyAt, rl);
    BytesInput defLevels = slice(bodyAt + rl, dl);
    int dataAt = bodyAt + rl + dl;
    int dataLength = compressed - rl - dl;
    BytesInput data = compressedData
        ? inflate(h, page, dataAt, dataLength, uncompressed - rl - dl)
        : slice(dataAt, dataLength);
    if (countRows) {
      firstRow = rowsBefore;
      rowsBefore += d.getNum_rows();
    }
    if (firstRow >= 0) {
      return DataPageV2.uncompressed(d.getNum_rows(), d.getNum_nulls(), d.getNum_values(), firstRow, repLevels, defLevels, values, data,
          null);
    }
    return DataPageV2.uncompressed(d.getNum_rows(), d.getNum_nulls(), d.getNum_values(), repLevels, defLevels, values, data, null);
  }

  /**
   * Checks the header's sizes and CRC, moves past the page's body and returns where the body starts.
   * The uncompressed size is checked for every page, whichever codec, before anything is allocated.
   */
  private int body(PageHeader h, int page) {
    int compressed = h.getCompressed_page_size();
    int uncompressed = h.getUncompressed_page_size();
    int at = pos;
    if (compressed > end - at && file != null) {
      // Old writers under-reported a chunk's size; parquet-hadoop then reads on into the file, and so do we.
      at = readPast((long) (at - chunkStart) + compressed, at, page);
    }
    if (compressed < 0 || compressed > end - at) {
      throw problem(page, "the header claims compressed_page_size " + compressed + ", but " + (end - at)
          + (selected ? " bytes of its place by the offset index are left after its header at chunk offset "
          : " bytes of the chunk are left at chunk offset ") + (at - chunkStart));
    }
    if (uncompressed < 0 || uncompressed > maxPageBytes) {
      throw problem(page, "the header claims uncompressed_page_size " + uncompressed
          + (uncompressed < 0 ? "" : ", more than the " + maxPageBytes + " bytes its chunk's stored bytes can inflate to under " + codec));
    }
    if (verifyChecksums && h.isSetCrc()) {
      crc.reset();
      crc.update(chunk, at, compressed);
      int actual = (int) crc.getValue();
      if (actual != h.getCrc()) {
        throw problem(page, "the page's CRC32 is " + Integer.toHexString(actual) + " but its header says "
            + Integer.toHexString(h.getCrc()) + ": the page's bytes are corrupt");
      }
    }
    pos = at + compressed;
    return at;
  }

  /**
   * Reads the chunk again from the file, {@code length} bytes from its start, if the file has them;
   * returns where {@code at} is then (unchanged if the file ends first).
   */
  private int readPast(long length, int at, int page) {
    if (length > MAX_ARRAY || !file.has(fileOffset, length)) {
      return at;
    }
    int n = (int) length;
    if (longer.length < n) {
      longer = new byte[n];
    }
    try {
      file.readFully(fileOffset, longer, n);
    } catch (IOException e) {
      throw new PageReadException(column, rowGroup, page, "cannot read the chunk past its declared end: " + e, e);
    }
    int shifted = at - chunkStart;
    chunk = longer;
    chunkStart = 0;
    end = n;
    return shifted;
  }

  /** The {@code length} stored bytes at {@code at}, decompressed to {@code size} bytes. */
  private BytesInput inflate(PageHeader h, int page, int at, int length, int size) {
    if (decompressor == null) {
      // UNCOMPRESSED: the stored bytes are the page, whatever the header says of its size (as parquet-hadoop reads it).
      return slice(at, length);
    }
    if (size == 0) {
      return EMPTY;
    }
    if (inflated.length < size) {
      // Grows with the largest page; each claim was checked against the chunk's bound first.
      byte[] kept = buffers == null ? null : buffers.take(size);
      if (kept != null) {
        giveBack(inflated);
        inflated = kept;
      }
    }
    if (inflated.length < size) {
      long grown = Math.max(size, (long) inflated.length + (inflated.length >> 2));
      inflated = new byte[(int) Math.min(grown, Math.max(size, Math.min(maxPageBytes, MAX_ARRAY)))];
    }
    try {
      decompressor.decompress(chunk, at, length, inflated, size);
    } catch (IOException | RuntimeException e) {
      throw new PageReadException(column, rowGroup, page, codec + " page of " + length + " stored bytes, "
          + size + " claimed: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
    }
    return BytesInput.from(ByteBuffer.wrap(inflated, 0, size).slice());
  }

  private void giveBack(byte[] b) {
    if (buffers != null) {
      buffers.give(b);
    }
  }

  /** Gives the reader's buffers back to the shared ones; the reader is not used afterwards. */
  void release() {
    giveBack(inflated);
    giveBack(longer);
    inflated = new byte[0];
    longer = new byte[0];
    chunk = null;
    dictBytes = null;
    Arrays.fill(selBytes, null);
    Arrays.fill(selHeaders, null);
  }

  private BytesInput slice(int at, int length) {
    return length == 0 ? EMPTY : BytesInput.from(ByteBuffer.wrap(chunk, at, length).slice());
  }

  /** Parses the page header at {@link #pos} and moves past it. */
  private PageHeader header(int page) {
    headerStream.reset(chunk, pos, end);
    PageHeader h;
    try {
      h = Util.readPageHeader(headerStream);
    } catch (IOException | RuntimeException e) {
      throw new PageReadException(column, rowGroup, page, "cannot parse the page header at chunk offset " + (pos - chunkStart)
          + " (" + (end - pos) + " bytes left in the chunk): " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
    }
    if (h.getType() == null) {
      throw problem(page, "the page header at chunk offset " + (pos - chunkStart) + " has no known page type");
    }
    pos = headerStream.position();
    return h;
  }

  private Encoding encoding(org.apache.parquet.format.Encoding e, int page, String what) {
    int v = e == null ? -1 : e.getValue();
    if (v < 0 || v >= ENCODINGS.length || ENCODINGS[v] == null) {
      throw problem(page, "the header's " + what + " is not one parquet-java knows (" + (e == null ? "missing" : e + "") + ")");
    }
    return ENCODINGS[v];
  }

  private PageReadException problem(int page, String what) {
    return new PageReadException(column, rowGroup, page, what, null);
  }

  /** parquet-java's encodings by the thrift value of parquet-format's, where both have one. */
  private static Encoding[] encodings() {
    org.apache.parquet.format.Encoding[] format = org.apache.parquet.format.Encoding.values();
    int max = 0;
    for (org.apache.parquet.format.Encoding e : format) {
      max = Math.max(max, e.getValue());
    }
    Encoding[] byValue = new Encoding[max + 1];
    for (org.apache.parquet.format.Encoding e : format) {
      try {
        byValue[e.getValue()] = Encoding.valueOf(e.name());
      } catch (IllegalArgumentException unknown) {
        // a format encoding this parquet-java cannot read: left null, rejected per page
      }
    }
    return byValue;
  }

  /** The chunk's bytes from a position, as the stream parquet-format's header parser reads; reused. */
  private static final class HeaderStream extends InputStream {
    private byte[] bytes;
    private int pos;
    private int end;

    void reset(byte[] bytes, int pos, int end) {
      this.bytes = bytes;
      this.pos = pos;
      this.end = end;
    }

    int position() {
      return pos;
    }

    @Override
    public int read() {
      return pos < end ? bytes[pos++] & 0xff : -1;
    }

    @Override
    public int read(byte[] dst, int off, int len) {
      if (len == 0) {
        return 0;
      }
      if (pos >= end) {
        return -1;
      }
      int n = Math.min(len, end - pos);
      System.arraycopy(bytes, pos, dst, off, n);
      pos += n;
      return n;
    }

    @Override
    public long skip(long n) {
      long k = Math.max(0, Math.min(n, end - pos));
      pos += (int) k;
      return k;
    }

    @Override
    public int available() {
      return end - pos;
    }
  }
}
