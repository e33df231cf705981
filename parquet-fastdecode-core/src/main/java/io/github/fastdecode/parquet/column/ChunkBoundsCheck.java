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

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Checks a row group against the file's length before parquet-hadoop reads it, so that no size in
 * the footer or in a page header makes parquet-hadoop allocate more than the file holds.
 *
 * <p>What parquet-hadoop 1.18 does with a row group ({@code ParquetFileReader.readNextRowGroup}):
 * it groups the requested column chunks, in footer order, into runs that follow each other in the
 * file, allocates one buffer per run of the summed chunk sizes and reads it; then it cuts every
 * chunk's pages out of its buffer. The chunk added last (the last of the last run) is special: old
 * writers under-reported chunk sizes, so when one of its page headers asks for more bytes than are
 * left in the buffer, parquet-hadoop allocates the missing bytes ({@code ByteBuffer.allocate}) and
 * reads them from the file stream, which stands at the end of that run. Nothing compares that size
 * with the file, so a {@code compressed_page_size} near 2^31 allocates 2 GB before a read fails.
 * Other chunks only ever slice their buffer.
 *
 * <p>Checks, in that order: every requested chunk's byte range lies within the file, and together
 * they claim no more bytes than the file has (a chunk listed twice or overlapping chunks would
 * otherwise multiply the buffers); then the last chunk's pages are walked as parquet-hadoop walks
 * them (headers parsed, bodies skipped, until the chunk's value count is reached, a header does not
 * parse or the bytes run out) and a page whose body would end past the end of the file is rejected.
 * A page may still run a few bytes past its chunk's declared size, as the old writers' files need,
 * as long as the bytes are in the file. Whatever the walk cannot parse is left to parquet-hadoop,
 * which then fails on the same bytes without reading further. With Hadoop vectored I/O in effect
 * the file stream's position after the buffered reads is not the run's end, so there a page may not
 * run past its chunk at all.
 *
 * <p>Claimed uncompressed sizes: parquet-hadoop inflates a page into an array of its header's
 * {@code uncompressed_page_size}. For most codecs it does so lazily, after {@link ColumnChunkReader}
 * has checked the claim against {@link CodecExpansion}'s bound; for ZSTD and LZ4_RAW (and for every
 * codec on its direct-buffer path) it does so inside {@code PageReader.readPage}, before any reader
 * of ours sees the page. So the walk also rejects a page claiming more than its chunk's bound, and
 * such chunks are walked too (their own bytes only; a page that does not fit ends the walk, left to
 * parquet-hadoop to report).
 *
 * <p>Cost per row group: a few comparisons per requested chunk, plus, for the last chunk and the
 * ZSTD and LZ4_RAW chunks, one positioned read of up to {@value #WINDOW} bytes for each page header
 * that is not in the window read before, and the parsing of those headers. Page bodies are never
 * read. The file stream is opened on the first check and kept until {@link #close()}.
 */
final class ChunkBoundsCheck implements Closeable {
  /** Bytes read at a time around page headers; a header of statistics longer than this takes more reads. */
  static final int WINDOW = 8192;

  private final InputFile input;
  private final long fileLength;
  private final ParquetReadOptions options;
  private final Set<ColumnPath> requested;
  private SeekableInputStream stream;
  private Boolean vectored;
  private final byte[] window = new byte[WINDOW];
  private long windowStart;
  private int windowLength;

  ChunkBoundsCheck(InputFile input, ParquetReadOptions options, Set<ColumnPath> requested) throws IOException {
    this.input = input;
    this.fileLength = input.getLength();
    this.options = options;
    this.requested = Set.copyOf(requested);
  }

  /**
   * Checks row group {@code rowGroup} ({@code block}) before parquet-hadoop reads it.
   *
   * @throws ColumnReadException naming the column, the row group and the page (or the chunk) that
   *     does not fit in the file
   * @throws IOException if reading page headers from the file fails
   */
  void check(BlockMetaData block, int rowGroup) throws IOException {
    // The requested chunks as parquet-hadoop lists them: footer order, runs of adjacent chunks.
    List<ColumnChunkMetaData> chunks = new ArrayList<>();
    long claimed = 0;
    long runEnd = -1;
    long runLength = 0;
    boolean runsFit = true;
    for (ColumnChunkMetaData c : block.getColumns()) {
      if (!requested.contains(c.getPath())) {
        continue;
      }
      long start = c.getStartingPos();
      long size = c.getTotalSize();
      if (start < 0 || size < 0 || start > fileLength - size) {
        throw new ColumnReadException(c.getPath().toDotString(), rowGroup, ColumnReadException.CHUNK,
            "the chunk's bytes [" + start + ", " + start + " + " + size + ") are not within the file of "
                + fileLength + " bytes", null);
      }
      claimed += size;
      if (claimed > fileLength) {
        throw new ColumnReadException(c.getPath().toDotString(), rowGroup, ColumnReadException.CHUNK,
            "the row group's requested chunks claim at least " + claimed + " bytes, more than the file's "
                + fileLength + " (chunks listed twice or overlapping)", null);
      }
      runLength = start == runEnd ? runLength + size : size;
      runEnd = start + size;
      // parquet-hadoop reads a run of 2^31 - 1 bytes or more without vectored I/O.
      runsFit &= runLength < Integer.MAX_VALUE;
      chunks.add(c);
    }
    if (chunks.isEmpty()) {
      return;
    }
    ColumnChunkMetaData last = chunks.get(chunks.size() - 1);
    // The last chunk's buffers: every listing of its column (parquet-hadoop joins them), in order.
    List<long[]> segments = new ArrayList<>();
    for (ColumnChunkMetaData c : chunks) {
      if (c.getPath().equals(last.getPath())) {
        segments.add(new long[] {c.getStartingPos(), c.getTotalSize()});
      }
    }
    if (!(runsFit && usesVectoredIo())) {
      // Bytes past the buffers come from the file stream, which stands at the end of the last run.
      segments.add(new long[] {runEnd, fileLength - runEnd});
    }
    walkPages(last, rowGroup, segments, true, CodecExpansion.maxUncompressedPageBytes(block, last.getPath()));
    // Chunks whose pages parquet-hadoop inflates while handing them out (ColumnChunkReader checks the
    // others' claimed sizes before touching their bytes) have their claims checked here, before.
    for (ColumnChunkMetaData c : chunks) {
      if (!c.getPath().equals(last.getPath()) && inflatesEagerly(c.getCodec())) {
        List<long[]> own = new ArrayList<>();
        own.add(new long[] {c.getStartingPos(), c.getTotalSize()});
        walkPages(c, rowGroup, own, false, CodecExpansion.maxUncompressedPageBytes(block, c.getPath()));
      }
    }
  }

  /**
   * Whether parquet-hadoop 1.18 inflates a page of {@code codec} into an array of its claimed size
   * inside {@code PageReader.readPage}: its heap decompressor does so for ZSTD and LZ4_RAW, and its
   * direct-buffer path (a direct allocator with off-heap decryption buffers) for every codec.
   */
  private boolean inflatesEagerly(CompressionCodecName codec) {
    return codec == CompressionCodecName.ZSTD || codec == CompressionCodecName.LZ4_RAW
        || (options.getAllocator().isDirect() && options.useOffHeapDecryptBuffer());
  }

  private boolean usesVectoredIo() throws IOException {
    if (vectored == null) {
      vectored = options.useHadoopVectoredIo() && stream().readVectoredAvailable(options.getAllocator());
    }
    return vectored;
  }

  /**
   * Walks the pages parquet-hadoop reads from {@code segments} of the file for {@code chunk},
   * rejecting a page that claims more than {@code maxPageBytes} uncompressed and, if {@code
   * completedFromFile} (the last chunk, whose pages parquet-hadoop completes from the file), one
   * whose sections run past the segments; otherwise such a page ends the walk (parquet-hadoop
   * reports it when it cuts the page from the chunk's buffer).
   */
  private void walkPages(ColumnChunkMetaData chunk, int rowGroup, List<long[]> segments, boolean completedFromFile,
      long maxPageBytes) throws IOException {
    Pages pages = new Pages(segments);
    long valueCount = chunk.getValueCount();
    long values = 0;
    int dataPages = 0;
    while (values < valueCount && pages.remaining() > 0) {
      long headerAt = pages.fileOffset();
      PageHeader h;
      try {
        h = Util.readPageHeader(pages);
      } catch (IOException | RuntimeException e) {
        // parquet-hadoop fails on these same bytes before reading further; its error is the one to report.
        return;
      }
      if (h.getType() == null) {
        return;
      }
      int page = h.getType() == PageType.DICTIONARY_PAGE ? ColumnReadException.DICTIONARY_PAGE : dataPages;
      if (h.getType() == PageType.DICTIONARY_PAGE || h.getType() == PageType.DATA_PAGE
          || h.getType() == PageType.DATA_PAGE_V2) {
        checkClaim(h, chunk, rowGroup, page, headerAt, maxPageBytes);
      }
      boolean fits;
      switch (h.getType()) {
        case DATA_PAGE:
          fits = pages.skip(h.getCompressed_page_size(), "compressed_page_size", chunk, rowGroup, page, headerAt, completedFromFile);
          if (!fits || !h.isSetData_page_header()) {
            return;
          }
          values += h.getData_page_header().getNum_values();
          dataPages++;
          break;
        case DATA_PAGE_V2:
          if (!h.isSetData_page_header_v2()) {
            return;
          }
          // Read in three parts, the values' length in int arithmetic, as parquet-hadoop does.
          int rep = h.getData_page_header_v2().getRepetition_levels_byte_length();
          int def = h.getData_page_header_v2().getDefinition_levels_byte_length();
          fits = pages.skip(rep, "repetition_levels_byte_length", chunk, rowGroup, page, headerAt, completedFromFile)
              && pages.skip(def, "definition_levels_byte_length", chunk, rowGroup, page, headerAt, completedFromFile)
              && pages.skip(h.getCompressed_page_size() - rep - def, "compressed_page_size " + h.getCompressed_page_size()
                  + " less its levels, a values section of", chunk, rowGroup, page, headerAt, completedFromFile);
          if (!fits) {
            return;
          }
          values += h.getData_page_header_v2().getNum_values();
          dataPages++;
          break;
        default:
          // The dictionary page, and pages parquet-hadoop passes over.
          if (!pages.skip(h.getCompressed_page_size(), "compressed_page_size", chunk, rowGroup, page, headerAt, completedFromFile)) {
            return;
          }
          break;
      }
    }
  }

  /** Rejects a page header whose {@code uncompressed_page_size} is over {@code maxPageBytes}. */
  private static void checkClaim(PageHeader h, ColumnChunkMetaData chunk, int rowGroup, int page, long headerAt, long maxPageBytes) {
    if (h.getUncompressed_page_size() > maxPageBytes) {
      throw new ColumnReadException(chunk.getPath().toDotString(), rowGroup, page,
          "the page header at file offset " + headerAt + " claims uncompressed_page_size " + h.getUncompressed_page_size()
              + ", more than the " + maxPageBytes + " bytes the chunk's " + chunk.getTotalSize() + " stored bytes can inflate to under "
              + chunk.getCodec(), null);
    }
  }

  private SeekableInputStream stream() throws IOException {
    if (stream == null) {
      stream = input.newStream();
    }
    return stream;
  }

  /** The byte at {@code at} of the file, through the window. */
  private int byteAt(long at) throws IOException {
    if (at < windowStart || at >= windowStart + windowLength) {
      fill(at);
    }
    return window[(int) (at - windowStart)] & 0xFF;
  }

  /** Copies up to {@code len} bytes at {@code at}, no further than the window; returns how many. */
  private int copy(long at, byte[] dst, int off, int len) throws IOException {
    if (at < windowStart || at >= windowStart + windowLength) {
      fill(at);
    }
    int n = (int) Math.min(len, windowStart + windowLength - at);
    System.arraycopy(window, (int) (at - windowStart), dst, off, n);
    return n;
  }

  private void fill(long at) throws IOException {
    int n = (int) Math.min(WINDOW, fileLength - at);
    SeekableInputStream s = stream();
    windowLength = 0;
    s.seek(at);
    s.readFully(window, 0, n);
    windowStart = at;
    windowLength = n;
  }

  /**
   * The bytes parquet-hadoop reads a chunk's pages from, as one stream: file segments one after
   * another. Every segment lies within the file.
   */
  private final class Pages extends InputStream {
    private final List<long[]> segments;
    private int segment;
    private long inSegment;

    Pages(List<long[]> segments) {
      this.segments = segments;
      settle();
    }

    /** Moves past exhausted segments. */
    private void settle() {
      while (segment < segments.size() && inSegment >= segments.get(segment)[1]) {
        inSegment -= segments.get(segment)[1];
        segment++;
      }
    }

    long remaining() {
      long n = 0;
      for (int i = segment; i < segments.size(); i++) {
        n += segments.get(i)[1];
      }
      return n - inSegment;
    }

    /** Where the next byte is in the file (the file's length at the end). */
    long fileOffset() {
      return segment < segments.size() ? segments.get(segment)[0] + inSegment : fileLength;
    }

    /**
     * Moves past a page section of {@code size} bytes (none if negative: parquet-hadoop then reads
     * nothing) and returns true; if the bytes left are fewer, rejects it when {@code mustFit}, else
     * returns false.
     */
    boolean skip(int size, String field, ColumnChunkMetaData chunk, int rowGroup, int page, long headerAt, boolean mustFit) {
      if (size <= 0) {
        return true;
      }
      long left = remaining();
      if (size > left) {
        if (!mustFit) {
          return false;
        }
        throw new ColumnReadException(chunk.getPath().toDotString(), rowGroup, page,
            "the page header at file offset " + headerAt + " claims " + field + " " + size + ", but only " + left
                + " bytes of the file are left for it (file length " + fileLength + ")", null);
      }
      inSegment += size;
      settle();
      return true;
    }

    @Override
    public int read() throws IOException {
      if (segment >= segments.size()) {
        return -1;
      }
      int b = byteAt(fileOffset());
      inSegment++;
      settle();
      return b;
    }

    @Override
    public int read(byte[] dst, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (segment >= segments.size()) {
        return -1;
      }
      long inThis = segments.get(segment)[1] - inSegment;
      int n = copy(fileOffset(), dst, off, (int) Math.min(len, inThis));
      inSegment += n;
      settle();
      return n;
    }
  }

  @Override
  public void close() throws IOException {
    if (stream != null) {
      stream.close();
      stream = null;
    }
  }
}
