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
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * then come from a {@code ChunkPageReader} over its part of the buffer (one per column, also
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
 *
 * <p>With read-ahead on ({@link PageSettings#withReadAhead}), {@link #readAhead} starts fetching the
 * next row group's chunks on the settings' executor, into a second set of buffers, while the caller
 * decodes the current one; {@link #read} of that row group then waits for the fetch instead of
 * reading. Not thread-safe (the read-ahead task touches only its own buffers and stream); {@link
 * #close()} waits for a fetch under way, closes the streams and frees the codecs' native state.
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

  /** The next row group's fetch on the read-ahead executor, or null ({@link #readAhead}). */
  private Fetch ahead;
  /** Buffers for the next fetch: the ones the last fetch replaced. */
  private byte[][] spare = new byte[0][];
  /** The stream the read-ahead tasks read through (one task at a time), opened on first use. */
  private SeekableInputStream aheadStream;

  /** A fetch of one row group's byte ranges into its own buffers, under way or done. */
  private static final class Fetch {
    final BlockMetaData block;
    final int rowGroup;
    final List<ColumnDescriptor> columns;
    /** Start and end of each range, in pairs. */
    final long[] ranges;
    final byte[][] into;
    final CompletableFuture<Void> done = new CompletableFuture<>();
    /**
     * Set by whoever runs the fetch first: the executor's task, or the reader when it needs the
     * bytes (or closes) before the executor got to the task. A reader whose own thread is one of
     * the executor's (decode tasks on the same bounded pool) would otherwise wait for a task queued
     * behind itself.
     */
    final AtomicBoolean started = new AtomicBoolean();
    /** Reads the ranges into {@link #into} and completes {@link #done}, unless someone started it before. */
    Runnable task;

    Fetch(BlockMetaData block, int rowGroup, List<ColumnDescriptor> columns, long[] ranges, byte[][] into) {
      this.block = block;
      this.rowGroup = rowGroup;
      this.columns = columns;
      this.ranges = ranges;
      this.into = into;
    }
  }

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

  /**
   * Reads the chunks of {@code columns} in row group {@code rowGroup} ({@code block}) and returns a
   * page reader for each, in order. {@code maxPageBytes[i]} bounds the uncompressed size a page of
   * column {@code i} may claim ({@code CodecExpansion} gives one from the chunk's codec and size).
   *
   * @throws PageReadException naming the column and the row group if a chunk is missing or does not
   *     lie within the file
   * @throws IOException if reading the file fails
   */
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
    long[] ranges = plan(block, rowGroup, columns, rows, offsetIndexes, chunks, names);
    if (!takeFetched(block, rowGroup, columns, rows, ranges)) {
      fetch(ranges, stream());
    }
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
   * Finds each column's chunk in {@code block} (into {@code chunks}, with its dotted name in {@code
   * names}), checks it, lays out the parts to read (whole chunks, or a filtered chunk's dictionary
   * and selected pages) and groups them into coalesced ranges; returns the ranges' starts and ends in
   * pairs, and leaves where each part lands in the part fields.
   */
  private long[] plan(BlockMetaData block, int rowGroup, List<ColumnDescriptor> columns, SelectedRows rows,
      OffsetIndex[] offsetIndexes, ColumnChunkMetaData[] chunks, String[] names) {
    int n = columns.size();
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
    return planRanges(names, rowGroup);
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
   * Groups the parts into ranges: sorted by position, parts at most {@link PageSettings#holeBytes()}
   * apart (or overlapping) are read together, one positioned read per range; sets where each part
   * lands (range and offset) and returns the ranges' starts and ends in pairs.
   */
  private long[] planRanges(String[] names, int rowGroup) {
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
    long[] pairs = new long[2 * ranges.size()];
    for (int r = 0; r < ranges.size(); r++) {
      pairs[2 * r] = ranges.get(r)[0];
      pairs[2 * r + 1] = ranges.get(r)[1];
    }
    return pairs;
  }

  /** Reads {@code ranges} (pairs of start and end) into {@link #buffers}, grown where needed, through {@code s}. */
  private void fetch(long[] ranges, SeekableInputStream s) throws IOException {
    int count = ranges.length / 2;
    if (buffers.length < count) {
      buffers = Arrays.copyOf(buffers, count);
    }
    for (int r = 0; r < count; r++) {
      int length = (int) (ranges[2 * r + 1] - ranges[2 * r]);
      buffers[r] = fit(buffers[r], length);
      s.seek(ranges[2 * r]);
      readFully(s, buffers[r], length);
    }
  }

  /**
   * {@code b} if it holds {@code length} bytes; otherwise a buffer that does, from the shared ones
   * (giving {@code b} back) or new, grown by a quarter and bounded by the file's size.
   */
  private byte[] fit(byte[] b, int length) {
    if ((b == null || b.length < length) && shared != null) {
      byte[] kept = shared.take(length);
      if (kept != null) {
        shared.give(b);
        return kept;
      }
    }
    if (b == null || b.length < length) {
      long grown = b == null ? length : Math.max(length, (long) b.length + (b.length >> 2));
      return new byte[(int) Math.min(grown, Math.max(length, Math.min(fileLength, ChunkPageReader.MAX_ARRAY)))];
    }
    return b;
  }

  /**
   * Starts fetching row group {@code rowGroup} ({@code block}), all of {@code columns}' chunks, on
   * the read-ahead executor ({@link PageSettings#withReadAhead}), so that a later {@link #read} of the
   * same row group and columns finds its bytes read. Nothing happens, and false is returned, when
   * read-ahead is off, a fetch is already under way, the chunks total more than the read-ahead bound
   * or do not check out (the read reports why), or the executor refuses the task. Call it after
   * {@link #read} of the current row group: the pages handed out stay valid, the fetch fills other
   * buffers.
   */
  public boolean readAhead(BlockMetaData block, int rowGroup, List<ColumnDescriptor> columns) {
    Executor executor = settings.readAheadExecutor();
    if (executor == null || ahead != null || !holds(block, columns)) {
      return false;
    }
    long[] ranges;
    try {
      ranges = plan(block, rowGroup, columns, null, null, new ColumnChunkMetaData[columns.size()], new String[columns.size()]);
    } catch (RuntimeException e) {
      return false;
    }
    long total = 0;
    for (int r = 0; r < ranges.length; r += 2) {
      total += ranges[r + 1] - ranges[r];
    }
    if (total > settings.readAheadBytes()) {
      return false;
    }
    SeekableInputStream s;
    try {
      if (aheadStream == null) {
        aheadStream = input.newStream();
      }
      s = aheadStream;
    } catch (IOException e) {
      return false;
    }
    int count = ranges.length / 2;
    byte[][] into = new byte[count][];
    for (int r = 0; r < count; r++) {
      into[r] = fit(r < spare.length ? spare[r] : null, (int) (ranges[2 * r + 1] - ranges[2 * r]));
    }
    for (int r = count; r < spare.length; r++) {
      if (shared != null) {
        shared.give(spare[r]);
      }
    }
    spare = new byte[0][];
    Fetch f = new Fetch(block, rowGroup, List.copyOf(columns), ranges, into);
    f.task = () -> {
      if (!f.started.compareAndSet(false, true)) {
        return; // the reader ran it already
      }
      try {
        for (int r = 0; r < count; r++) {
          s.seek(ranges[2 * r]);
          readFully(s, into[r], (int) (ranges[2 * r + 1] - ranges[2 * r]));
        }
        f.done.complete(null);
      } catch (Throwable t) {
        f.done.completeExceptionally(t);
      }
    };
    try {
      executor.execute(f.task);
    } catch (RejectedExecutionException e) {
      spare = into;
      return false;
    }
    ahead = f;
    return true;
  }

  /**
   * Waits for the fetch under way, if any. If it fetched exactly {@code ranges} of this row group and
   * columns for a whole-chunk read, its buffers become {@link #buffers} (the old ones are kept for
   * the next fetch) and true is returned; a failed fetch then throws what the read would have. Any
   * other fetch is dropped, its buffers kept for the next one.
   */
  private boolean takeFetched(BlockMetaData block, int rowGroup, List<ColumnDescriptor> columns, SelectedRows rows, long[] ranges)
      throws IOException {
    Fetch f = ahead;
    if (f == null) {
      return false;
    }
    Throwable failure;
    // Not started yet: the executor is busy (perhaps with this very thread), so read here.
    f.task.run();
    try {
      f.done.get();
      failure = null;
    } catch (ExecutionException e) {
      failure = e.getCause();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted waiting for row group " + f.rowGroup + "'s read-ahead");
    }
    ahead = null;
    boolean same = rows == null && f.rowGroup == rowGroup && f.block == block && f.columns.equals(columns) && Arrays.equals(f.ranges, ranges);
    if (!same) {
      keepSpare(f.into);
      return false;
    }
    if (failure != null) {
      keepSpare(f.into);
      if (failure instanceof IOException) {
        throw (IOException) failure;
      }
      if (failure instanceof RuntimeException) {
        throw (RuntimeException) failure;
      }
      if (failure instanceof Error) {
        throw (Error) failure;
      }
      throw new IOException(failure);
    }
    keepSpare(buffers);
    buffers = f.into;
    return true;
  }

  /** Keeps {@code old} for the next fetch, giving back to the shared buffers whatever was kept before. */
  private void keepSpare(byte[][] old) {
    if (shared != null) {
      for (byte[] b : spare) {
        shared.give(b);
      }
    }
    spare = old;
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
    Fetch f = ahead;
    ahead = null;
    if (f != null) {
      // The task may still be reading into its buffers through aheadStream: let it finish first.
      // A task not started is dropped instead: the executor may never run it, and no one needs its bytes.
      if (!f.started.compareAndSet(false, true)) {
        try {
          f.done.join();
        } catch (RuntimeException e) {
          // a failed fetch of a row group no one reads
        }
      }
      keepSpare(f.into);
    }
    if (aheadStream != null) {
      SeekableInputStream s = aheadStream;
      aheadStream = null;
      s.close();
    }
    codecs.release();
    if (shared != null) {
      for (byte[] b : spare) {
        shared.give(b);
      }
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
    spare = new byte[0][];
    readers = new ChunkPageReader[0];
    if (stream != null) {
      SeekableInputStream s = stream;
      stream = null;
      s.close();
    }
  }
}
