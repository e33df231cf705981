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
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Reads the chosen column chunks of one row group after another from any {@link InputFile}: the
 * chunks are sorted by position and those at most {@link PageSettings#holeBytes()} apart are read
 * together, one positioned read per run (up to {@link PageSettings#rangeBytes()}; a larger chunk is
 * read alone), into buffers the reader keeps and reuses for the next row group. Each chunk's pages
 * then come from a {@link ChunkPageReader} over its part of the buffer (one per column, also
 * reused). Remote files gain most: a row group of adjacent chunks is one request.
 *
 * <p>Buffers live as long as the reader, or longer when {@link PageSettings#withBuffers} names a
 * {@link PageBuffers}: they are taken from it and given back at {@link #close()}, so a thread
 * scanning many files allocates them once.
 *
 * <p>Every chunk must lie within the file before anything is read, so the buffers never exceed the
 * file's size (times 1.25 for growth); a chunk of 2 GiB or more is rejected (parquet-hadoop reads
 * those in several buffers). Pages of a row group are valid until the next row group is read.
 * Not thread-safe; {@link #close()} closes the stream and frees the codecs' native state.
 */
public final class RowGroupReader implements Closeable {
  private final InputFile input;
  private final long fileLength;
  private final PageSettings settings;
  private final PageCodecs codecs;
  /** Buffers shared with later readers of the thread, or null. */
  private final PageBuffers shared;
  private SeekableInputStream stream;
  private byte[][] buffers = new byte[0][];
  private ChunkPageReader[] readers = new ChunkPageReader[0];

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
      if (size > ChunkPageReader.MAX_ARRAY) {
        throw new PageReadException(names[i], rowGroup, PageReadException.CHUNK, "the chunk's " + size
            + " bytes are more than one buffer holds (2 GiB); read the file with parquet-hadoop's pages", null);
      }
      if (m.getCodec() == null) {
        throw new PageReadException(names[i], rowGroup, PageReadException.CHUNK, "the chunk has no known codec", null);
      }
    }
    // Runs of chunks in file order, each read at once.
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(chunks[a].getStartingPos(), chunks[b].getStartingPos()));
    List<long[]> ranges = new ArrayList<>();
    int[] rangeOf = new int[n];
    long runStart = -1;
    long runEnd = -1;
    for (int k = 0; k < n; k++) {
      int i = order[k];
      long start = chunks[i].getStartingPos();
      long end = start + chunks[i].getTotalSize();
      boolean overlaps = runStart >= 0 && start < runEnd;
      boolean near = runStart >= 0 && start - runEnd <= settings.holeBytes() && Math.max(end, runEnd) - runStart <= settings.rangeBytes();
      if (overlaps || near) {
        runEnd = Math.max(runEnd, end);
        if (runEnd - runStart > ChunkPageReader.MAX_ARRAY) {
          throw new PageReadException(names[i], rowGroup, PageReadException.CHUNK, "the chunk overlaps others so that together they span "
              + (runEnd - runStart) + " bytes, more than one buffer holds", null);
        }
        ranges.get(ranges.size() - 1)[1] = runEnd;
      } else {
        runStart = start;
        runEnd = end;
        ranges.add(new long[] {start, end});
      }
      rangeOf[i] = ranges.size() - 1;
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
      s.readFully(b, 0, length);
    }
    PageReader[] pages = new PageReader[n];
    for (int i = 0; i < n; i++) {
      ChunkPageReader reader = readers[i];
      if (reader == null) {
        reader = new ChunkPageReader(names[i], codecs, settings.verifyChecksums(), shared);
        readers[i] = reader;
      }
      long[] range = ranges.get(rangeOf[i]);
      reader.reset(rowGroup, buffers[rangeOf[i]], (int) (chunks[i].getStartingPos() - range[0]), (int) chunks[i].getTotalSize(),
          chunks[i].getValueCount(), chunks[i].getCodec(), maxPageBytes[i], this, chunks[i].getStartingPos());
      pages[i] = reader;
    }
    return pages;
  }

  /** Whether the file holds {@code length} bytes from {@code offset}. */
  boolean has(long offset, long length) {
    return offset >= 0 && length >= 0 && offset <= fileLength - length;
  }

  /** Reads {@code length} bytes of the file from {@code offset} into {@code dst} (which {@link #has} them). */
  void readFully(long offset, byte[] dst, int length) throws IOException {
    SeekableInputStream s = stream();
    s.seek(offset);
    s.readFully(dst, 0, length);
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
