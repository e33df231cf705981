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

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Reads the chosen column chunks of one row group after another from any {@link InputFile}: the
 * chunks are sorted by position and those at most {@link PageSettings#holeBytes()} apart are read
 * together, one positioned read per run (up to {@link PageSettings#rangeBytes()}; a larger chunk is
 * read alone), into buffers the reader keeps and reuses for the next row group. Each chunk's pages
 * then come from a {@link ChunkPageReader} over its part of the buffer (one per column, also
 * reused). Remote files gain most: a row group of adjacent chunks is one request. A filtered scan
 * ({@link #readSelected}) reads, of each chunk, only its dictionary and the pages holding selected
 * rows, by the column's offset index, coalesced the same way.
 *
 * <p>Buffers live as long as the reader, or longer when {@link PageSettings#withBuffers} names a
 * {@link PageBuffers}: they are taken from it and given back at {@link #close()}, so a thread
 * scanning many files allocates them once.
 *
 * <p>Every chunk must lie within the file before anything is read, so the buffers never exceed the
 * file's size (times 1.25 for growth); a chunk larger than {@link PageSettings#maxChunkBytes} (at
 * most 2 GiB) is rejected: {@link #holds} tells a caller beforehand, so that it can read that row
 * group with parquet-hadoop, which reads such chunks in several buffers. Pages of a row group are valid until the next row group is read.
 * Not thread-safe; {@link #close()} closes the stream and frees the codecs' native state.
 */
public final class RowGroupReader implements Closeable {
  private final InputFile input;
  private final long fileLength;
  private final PageSettings settings;
  private final PageCodecs codecs;
  /** Buffers shared with later readers of the thread, or null. */
  private final PageBuffers shared;
  /** Largest single read, for a local file (0: no limit). */
  private final int piece;
  private SeekableInputStream stream;
  private byte[][] buffers = new byte[0][];
  private ChunkPageReader[] readers = new ChunkPageReader[0];

  private static final int WHOLE = -2;
  private static final int DICTIONARY = -1;
  /** The parts of the file the current row group needs: byte ranges, by column in order, each a whole chunk, a dictionary or a page. */
  private int parts;
  private int[] partColumn = new int[8];
  private long[] partStart = new long[8];
  private long[] partEnd = new long[8];
  /** {@link #WHOLE}, {@link #DICTIONARY} or the page's index in the offset index. */
  private int[] partPage = new int[8];
  /** Where each part was read: which buffer, and at which offset in it. */
  private int[] partRange = new int[8];
  private int[] partAt = new int[8];

  /**
   * @param codecFactory decompresses codecs this package has no direct decoder for (LZO, BROTLI,
   *     Hadoop's LZ4) or whose library did not load; the read options' factory
   */
  public RowGroupReader(InputFile input, CompressionCodecFactory codecFactory, PageSettings settings) throws IOException {
    this.input = Objects.requireNonNull(input, "input");
    this.fileLength = input.getLength();
    this.settings = Objects.requireNonNull(settings, "settings");
    this.codecs = new PageCodecs(Objects.requireNonNull(codecFactory, "codecFactory"));
    this.shared = settings.buffers();
    this.piece = local(input) ? settings.localPieceBytes() : 0;
  }

  /**
   * Whether {@code input} is known to be a local file: parquet-java's {@code LocalInputFile}, or
   * parquet-hadoop's {@code HadoopInputFile} whose path has the {@code file} scheme (Hadoop's local
   * file system). Anything else (object stores, streams of unknown origin) is not.
   */
  static boolean local(InputFile input) {
    if (input instanceof LocalInputFile) {
      return true;
    }
    if (input.getClass().getName().equals("org.apache.parquet.hadoop.util.HadoopInputFile")) {
      try {
        return "file".equals(((HadoopInputFile) input).getPath().toUri().getScheme());
      } catch (LinkageError e) {
        return false;
      }
    }
    return false;
  }

  /** Reads {@code length} bytes at the stream's position into {@code dst[0, length)}, in pieces of {@link #piece} bytes for a local file. */
  private void readFully(SeekableInputStream s, byte[] dst, int length) throws IOException {
    if (piece <= 0 || length <= piece) {
      s.readFully(dst, 0, length);
      return;
    }
    for (int off = 0; off < length; off += piece) {
      s.readFully(dst, off, Math.min(piece, length - off));
    }
  }

  /**
   * Reads the chunks of {@code columns} in row group {@code rowGroup} ({@code block}) and returns a
   * page reader for each, in order. {@code maxPageBytes[i]} bounds the uncompressed size a page of
   * column {@code i} may claim ({@code CodecExpansion} gives one from the chunk's codec and size).
   *
   * @throws PageReadException naming the column and the row group if a chunk is missing or does not
   *     lie within the file
   * @throws IOException if reading the file fails
   */
  /**
   * Whether every chunk of {@code columns} in {@code block} fits this reader's buffers (at most
   * {@link PageSettings#maxChunkBytes} bytes), so that {@link #read} and {@link #readSelected} can
   * read it. A column without a chunk counts as fitting ({@code read} reports it).
   */
  public boolean holds(BlockMetaData block, List<ColumnDescriptor> columns) {
    for (ColumnDescriptor c : columns) {
      ColumnPath path = ColumnPath.get(c.getPath());
      for (ColumnChunkMetaData m : block.getColumns()) {
        if (m.getPath().equals(path) && m.getTotalSize() > settings.maxChunkBytes()) {
          return false;
        }
      }
    }
    return true;
  }

  public PageReader[] read(BlockMetaData block, int rowGroup, List<ColumnDescriptor> columns, long[] maxPageBytes) throws IOException {
    return read(block, rowGroup, columns, maxPageBytes, null, null);
  }

  /**
   * As {@link #read(BlockMetaData, int, List, long[])} for a filtered scan: of each chunk only the
   * pages that hold a row of {@code rows} are read, found through the column's offset index ({@code
   * offsetIndexes[i]}), with the dictionary page (the bytes before the first page), in coalesced
   * positioned reads as whole chunks are. Each data page handed out carries its first row index and
   * row count from the offset index, as parquet-hadoop's filtered pages do, and the readers' value
   * counts are those of the pages handed out. A column whose offset index is null is read whole;
   * its pages then carry first rows counted from the chunk's start where the pages say their rows
   * (V2 pages; V1 pages of a column that repeats nothing: one row per value).
   *
   * <p>Each offset index is checked first, whole: pages within the chunk, in file order and not
   * overlapping, first row indexes from 0 and increasing within the row group; any other is a
   * {@link PageReadException} naming the column, the row group and the page.
   */
  public PageReader[] readSelected(BlockMetaData block, int rowGroup, List<ColumnDescriptor> columns, long[] maxPageBytes,
      SelectedRows rows, OffsetIndex[] offsetIndexes) throws IOException {
    Objects.requireNonNull(rows, "rows");
    if (offsetIndexes.length != columns.size()) {
      throw new IllegalArgumentException(offsetIndexes.length + " offset indexes for " + columns.size() + " columns");
    }
    return read(block, rowGroup, columns, maxPageBytes, rows, offsetIndexes);
  }

  private PageReader[] read(BlockMetaData block, int rowGroup, List<ColumnDescriptor> columns, long[] maxPageBytes,
      SelectedRows rows, OffsetIndex[] offsetIndexes) throws IOException {
    int n = columns.size();
    if (readers.length < n) {
      readers = Arrays.copyOf(readers, n);
    }
    ColumnChunkMetaData[] chunks = new ColumnChunkMetaData[n];
    String[] names = new String[n];
    for (int i = 0; i < n; i++) {
      ColumnDescriptor c = columns.get(i);
      names[i] = String.join(".", c.getPath());
      ColumnPath path = ColumnPath.get(c.getPath());
      for (ColumnChunkMetaData m : block.getColumns()) {
        if (m.getPath().equals(path)) {
          chunks[i] = m;
          break;
        }
      }
      ColumnChunkMetaData m = chunks[i];
      if (m == null) {
        throw new PageReadException(names[i], rowGroup, PageReadException.CHUNK, "the row group has no chunk for the column", null);
      }
      long start = m.getStartingPos();
      long size = m.getTotalSize();
      if (start < 0 || size < 0 || start > fileLength - size) {
        throw new PageReadException(names[i], rowGroup, PageReadException.CHUNK, "the chunk's bytes [" + start + ", "
            + start + " + " + size + ") are not within the file of " + fileLength + " bytes", null);
      }
      if (size > settings.maxChunkBytes()) {
        throw new PageReadException(names[i], rowGroup, PageReadException.CHUNK, "the chunk's " + size
            + " bytes are more than this reader's buffers take (" + settings.maxChunkBytes()
            + "); read the row group with parquet-hadoop's pages", null);
      }
      if (m.getCodec() == null) {
        throw new PageReadException(names[i], rowGroup, PageReadException.CHUNK, "the chunk has no known codec", null);
      }
    }
    // The parts of the file to read: whole chunks, or a filtered chunk's dictionary and selected pages.
    parts = 0;
    for (int i = 0; i < n; i++) {
      long start = chunks[i].getStartingPos();
      OffsetIndex index = offsetIndexes == null ? null : offsetIndexes[i];
      if (index == null) {
        addPart(i, start, start + chunks[i].getTotalSize(), WHOLE);
        continue;
      }
      long rowGroupRows = block.getRowCount();
      checkOffsetIndex(index, chunks[i], rowGroupRows, names[i], rowGroup);
      long firstPage = index.getOffset(0);
      if (firstPage > start) {
        addPart(i, start, firstPage, DICTIONARY);
      }
      int run = 0;
      for (int p = 0, pages = index.getPageCount(); p < pages; p++) {
        long first = index.getFirstRowIndex(p);
        long last = p + 1 < pages ? index.getFirstRowIndex(p + 1) - 1 : rowGroupRows - 1;
        run = rows.runEndingAfter(first, run);
        if (run < rows.runs() && rows.from(run) <= last) {
          long offset = index.getOffset(p);
          addPart(i, offset, offset + index.getCompressedPageSize(p), p);
        }
      }
    }
    readParts(names, rowGroup);
    PageReader[] pages = new PageReader[n];
    int k = 0;
    for (int i = 0; i < n; i++) {
      ChunkPageReader reader = readers[i];
      if (reader == null) {
        reader = new ChunkPageReader(names[i], codecs, settings.verifyChecksums(), shared);
        readers[i] = reader;
      }
      ColumnChunkMetaData m = chunks[i];
      if (partPage[k] == WHOLE) {
        reader.reset(rowGroup, buffers[partRange[k]], partAt[k], (int) m.getTotalSize(), m.getValueCount(), m.getCodec(),
            maxPageBytes[i], this, m.getStartingPos());
        if (rows != null) {
          reader.countRows(columns.get(i).getMaxRepetitionLevel() == 0);
        }
        k++;
      } else {
        OffsetIndex index = offsetIndexes[i];
        reader.resetSelected(rowGroup, m.getCodec(), maxPageBytes[i], m.getStartingPos());
        for (; k < parts && partColumn[k] == i; k++) {
          int length = (int) (partEnd[k] - partStart[k]);
          int p = partPage[k];
          if (p == DICTIONARY) {
            reader.selectDictionary(buffers[partRange[k]], partAt[k], length);
          } else {
            long first = index.getFirstRowIndex(p);
            long next = p + 1 < index.getPageCount() ? index.getFirstRowIndex(p + 1) : block.getRowCount();
            reader.selectPage(buffers[partRange[k]], partAt[k], length, partStart[k], p, first, (int) (next - first));
          }
        }
        reader.selectionDone();
      }
      pages[i] = reader;
    }
    return pages;
  }

  /**
   * Checks a column's offset index before anything is read by it: at least one page; each page of a
   * positive size within the chunk, after the previous one (in file order, not overlapping); first
   * row indexes from 0, increasing, within the row group.
   */
  private static void checkOffsetIndex(OffsetIndex index, ColumnChunkMetaData chunk, long rowGroupRows, String column, int rowGroup) {
    int pages = index.getPageCount();
    if (pages <= 0) {
      throw new PageReadException(column, rowGroup, PageReadException.CHUNK, "the offset index lists " + pages
          + " pages for a row group of " + rowGroupRows + " rows", null);
    }
    long chunkStart = chunk.getStartingPos();
    long chunkEnd = chunkStart + chunk.getTotalSize();
    long previousEnd = chunkStart;
    long previousFirst = -1;
    for (int p = 0; p < pages; p++) {
      long offset = index.getOffset(p);
      int size = index.getCompressedPageSize(p);
      if (size <= 0 || offset < previousEnd || offset > chunkEnd - size) {
        throw new PageReadException(column, rowGroup, p, "the offset index puts the page at file bytes [" + offset + ", "
            + offset + " + " + size + "), " + (size <= 0 ? "an empty page"
            : offset < previousEnd ? (p == 0 ? "before the chunk's start " + chunkStart : "overlapping page " + (p - 1)
                + ", which ends at " + previousEnd)
            : "past the chunk's end " + chunkEnd), null);
      }
      long first = index.getFirstRowIndex(p);
      if ((p == 0 && first != 0) || first <= previousFirst || first >= rowGroupRows || first - previousFirst > Integer.MAX_VALUE
          || (p == pages - 1 && rowGroupRows - first > Integer.MAX_VALUE)) {
        throw new PageReadException(column, rowGroup, p, "the offset index says the page starts at row " + first
            + (p == 0 ? "" : ", after page " + (p - 1) + " starting at row " + previousFirst) + ", in a row group of "
            + rowGroupRows + " rows", null);
      }
      previousEnd = offset + size;
      previousFirst = first;
    }
  }

  private void addPart(int column, long start, long end, int page) {
    if (parts == partColumn.length) {
      int grown = parts * 2;
      partColumn = Arrays.copyOf(partColumn, grown);
      partStart = Arrays.copyOf(partStart, grown);
      partEnd = Arrays.copyOf(partEnd, grown);
      partPage = Arrays.copyOf(partPage, grown);
      partRange = Arrays.copyOf(partRange, grown);
      partAt = Arrays.copyOf(partAt, grown);
    }
    partColumn[parts] = column;
    partStart[parts] = start;
    partEnd[parts] = end;
    partPage[parts] = page;
    parts++;
  }

  /**
   * Reads the parts: sorted by position, parts at most {@link PageSettings#holeBytes()} apart (or
   * overlapping) are read together, one positioned read per run, into the reused buffers; sets
   * where each part landed.
   */
  private void readParts(String[] names, int rowGroup) throws IOException {
    int n = parts;
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    long[] starts = partStart;
    Arrays.sort(order, (a, b) -> Long.compare(starts[a], starts[b]));
    List<long[]> ranges = new ArrayList<>();
    long runStart = -1;
    long runEnd = -1;
    for (int k = 0; k < n; k++) {
      int i = order[k];
      long start = partStart[i];
      long end = partEnd[i];
      boolean overlaps = runStart >= 0 && start < runEnd;
      boolean near = runStart >= 0 && start - runEnd <= settings.holeBytes() && Math.max(end, runEnd) - runStart <= settings.rangeBytes();
      if (overlaps || near) {
        runEnd = Math.max(runEnd, end);
        if (runEnd - runStart > ChunkPageReader.MAX_ARRAY) {
          throw new PageReadException(names[partColumn[i]], rowGroup, PageReadException.CHUNK, "the chunk overlaps others so that together they span "
              + (runEnd - runStart) + " bytes, more than one buffer holds", null);
        }
        ranges.get(ranges.size() - 1)[1] = runEnd;
      } else {
        runStart = start;
        runEnd = end;
        ranges.add(new long[] {start, end});
      }
      partRange[i] = ranges.size() - 1;
      partAt[i] = (int) (start - runStart);
    }
    if (buffers.length < ranges.size()) {
      buffers = Arrays.copyOf(buffers, ranges.size());
    }
    SeekableInputStream s = stream();
    for (int r = 0; r < ranges.size(); r++) {
      long start = ranges.get(r)[0];
      int length = (int) (ranges.get(r)[1] - start);
      byte[] b = buffers[r];
      if ((b == null || b.length < length) && shared != null) {
        byte[] kept = shared.take(length);
        if (kept != null) {
          shared.give(b);
          b = kept;
          buffers[r] = b;
        }
      }
      if (b == null || b.length < length) {
        long grown = b == null ? length : Math.max(length, (long) b.length + (b.length >> 2));
        b = new byte[(int) Math.min(grown, Math.max(length, Math.min(fileLength, ChunkPageReader.MAX_ARRAY)))];
        buffers[r] = b;
      }
      s.seek(start);
      readFully(s, b, length);
    }
  }

  /** Whether the file holds {@code length} bytes from {@code offset}. */
  boolean has(long offset, long length) {
    return offset >= 0 && length >= 0 && offset <= fileLength - length;
  }

  /** Reads {@code length} bytes of the file from {@code offset} into {@code dst} (which {@link #has} them). */
  void readFully(long offset, byte[] dst, int length) throws IOException {
    SeekableInputStream s = stream();
    s.seek(offset);
    readFully(s, dst, length);
  }

  private SeekableInputStream stream() throws IOException {
    if (stream == null) {
      stream = input.newStream();
    }
    return stream;
  }

  @Override
  public void close() throws IOException {
    codecs.release();
    if (shared != null) {
      for (byte[] b : buffers) {
        shared.give(b);
      }
      for (ChunkPageReader r : readers) {
        if (r != null) {
          r.release();
        }
      }
    }
    buffers = new byte[0][];
    readers = new ChunkPageReader[0];
    if (stream != null) {
      SeekableInputStream s = stream;
      stream = null;
      s.close();
    }
  }
}
