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

import java.util.concurrent.Executor;

/**
 * How a file reader gets its pages: through this library's own chunk reading ({@link
 * RowGroupReader}: one positioned read per run of adjacent chunks, headers parsed from the buffer,
 * pages decompressed into reused buffers, page CRCs checked) or through parquet-hadoop's {@code
 * ParquetFileReader} (the path every release before had), and whether page CRC32 checksums are
 * verified, and which {@link PageBuffers} (if any) carry buffers from one file to the next. Immutable
 * itself; settings that name buffers are for one thread, as the buffers are.
 *
 * <p>{@link #defaults()} reads two system properties, so that a benchmark or a cautious deployment
 * can switch without code: {@code fastdecode.pages=parquet-hadoop} (default {@code fastdecode})
 * and {@code fastdecode.pages.checksums=false} (default {@code true}).
 */
public final class PageSettings {
  /** System property choosing the page source: {@code fastdecode} (default) or {@code parquet-hadoop}. */
  public static final String SOURCE_PROPERTY = "fastdecode.pages";
  /** System property turning page CRC verification off ({@code false}); on by default. */
  public static final String CHECKSUMS_PROPERTY = "fastdecode.pages.checksums";
  /** Bytes of file between two requested chunks that are read rather than skipped (one read instead of two). */
  public static final int DEFAULT_HOLE_BYTES = 8 * 1024;
  /** A run of coalesced chunks stops growing at this size (a single larger chunk is read alone). */
  public static final int DEFAULT_RANGE_BYTES = 32 * 1024 * 1024;
  public static final int DEFAULT_LOCAL_PIECE_BYTES = 1 << 20;
  /** The largest chunk this library's chunk reading holds in one buffer: the largest Java array. */
  public static final long DEFAULT_MAX_CHUNK_BYTES = Integer.MAX_VALUE - 8;

  private final boolean parquetHadoopPages;
  private final boolean verifyChecksums;
  private final int holeBytes;
  private final int rangeBytes;
  private final PageBuffers buffers;

  private final int localPieceBytes;
  private final long maxChunkBytes;
  private final Executor readAhead;
  private final long readAheadBytes;

  private PageSettings(boolean parquetHadoopPages, boolean verifyChecksums, int holeBytes, int rangeBytes, PageBuffers buffers,
      int localPieceBytes, long maxChunkBytes, Executor readAhead, long readAheadBytes) {
    this.readAhead = readAhead;
    this.readAheadBytes = readAheadBytes;
    this.localPieceBytes = localPieceBytes;
    this.maxChunkBytes = maxChunkBytes;
    this.parquetHadoopPages = parquetHadoopPages;
    this.verifyChecksums = verifyChecksums;
    this.holeBytes = holeBytes;
    this.rangeBytes = rangeBytes;
    this.buffers = buffers;
  }

  /** This library's pages with CRC verification, unless the system properties say otherwise. */
  public static PageSettings defaults() {
    String source = System.getProperty(SOURCE_PROPERTY, "fastdecode");
    boolean hadoop;
    if (source.equals("parquet-hadoop")) {
      hadoop = true;
    } else if (source.equals("fastdecode")) {
      hadoop = false;
    } else {
      throw new IllegalArgumentException(SOURCE_PROPERTY + "=" + source + ": expected fastdecode or parquet-hadoop");
    }
    boolean checksums = !"false".equals(System.getProperty(CHECKSUMS_PROPERTY, "true"));
    return new PageSettings(hadoop, checksums, DEFAULT_HOLE_BYTES, DEFAULT_RANGE_BYTES, null, DEFAULT_LOCAL_PIECE_BYTES, DEFAULT_MAX_CHUNK_BYTES, null, 0);
  }

  /** Pages from parquet-hadoop's {@code ParquetFileReader} (true) or from this library's chunk reading (false). */
  public PageSettings withParquetHadoopPages(boolean parquetHadoop) {
    return new PageSettings(parquetHadoop, verifyChecksums, holeBytes, rangeBytes, buffers, localPieceBytes, maxChunkBytes, readAhead, readAheadBytes);
  }

  /** Whether a page whose header carries a CRC32 has it checked (this library's pages only). */
  public PageSettings withChecksumVerification(boolean verify) {
    return new PageSettings(parquetHadoopPages, verify, holeBytes, rangeBytes, buffers, localPieceBytes, maxChunkBytes, readAhead, readAheadBytes);
  }

  /**
   * Chunks at most {@code holeBytes} apart are read in one positioned read, stopping at {@code
   * rangeBytes} per read; (0, 0) reads every chunk alone.
   */
  public PageSettings withCoalescing(int holeBytes, int rangeBytes) {
    if (holeBytes < 0 || rangeBytes < 0) {
      throw new IllegalArgumentException("hole " + holeBytes + " and range " + rangeBytes + " must not be negative");
    }
    return new PageSettings(parquetHadoopPages, verifyChecksums, holeBytes, rangeBytes, buffers, localPieceBytes, maxChunkBytes, readAhead, readAheadBytes);
  }

  /** Buffers to take from and give back to (one thread's); null: each reader allocates its own. */
  public PageSettings withBuffers(PageBuffers buffers) {
    return new PageSettings(parquetHadoopPages, verifyChecksums, holeBytes, rangeBytes, buffers, localPieceBytes, maxChunkBytes, readAhead, readAheadBytes);
  }

  /** The buffers readers share, or null. */
  public PageBuffers buffers() {
    return buffers;
  }

  public boolean parquetHadoopPages() {
    return parquetHadoopPages;
  }

  public boolean verifyChecksums() {
    return verifyChecksums;
  }

  /**
   * Reads of a local file ({@code RowGroupReader.local}: parquet-java's {@code LocalInputFile}, or
   * parquet-hadoop's {@code HadoopInputFile} of a {@code file:} path) are cut into pieces of at most
   * {@code bytes} (0: one read per range, as for other inputs). The JDK reads a file into a heap array
   * through a native buffer of the read's size, which for a read of many megabytes is fresh memory
   * every time; pieces of 1 MiB (the default) made the reads of a 45 MB row group 2.5-4x faster
   * ({@code LocalReadBenchmark}). Remote inputs are never cut: a piece could be a request.
   */
  public PageSettings withLocalReadPieces(int bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("piece of " + bytes + " bytes");
    }
    return new PageSettings(parquetHadoopPages, verifyChecksums, holeBytes, rangeBytes, buffers, bytes, maxChunkBytes, readAhead, readAheadBytes);
  }

  /**
   * A row group in which a chunk to read is larger than {@code bytes} is read through parquet-hadoop's
   * pages, which read a chunk in pieces, rather than into one buffer of this library's. The default
   * and the most allowed is {@link #DEFAULT_MAX_CHUNK_BYTES} (2 GiB less 8 bytes: one array); a
   * lower limit caps the buffer a scan thread keeps for its chunks.
   */
  public PageSettings withMaxChunkBytes(long bytes) {
    if (bytes < 0 || bytes > DEFAULT_MAX_CHUNK_BYTES) {
      throw new IllegalArgumentException("chunks of at most " + bytes + " bytes: must be in [0, " + DEFAULT_MAX_CHUNK_BYTES + "]");
    }
    return new PageSettings(parquetHadoopPages, verifyChecksums, holeBytes, rangeBytes, buffers, localPieceBytes, bytes, readAhead, readAheadBytes);
  }

  /**
   * Read-ahead: while the caller decodes a row group, the chunks of the next one it will read are
   * fetched by a task on {@code executor} into a second set of buffers, when they total at most
   * {@code maxBytes} (a larger row group is read when it is reached, as without read-ahead). The
   * caller's thread still decodes everything; only the file's reads move to the executor, so a
   * remote file's request latency, or a local file's copy from the page cache, overlaps the
   * decoding. At most one fetch is under way per reader, so a reader holds at most {@code maxBytes}
   * more than without read-ahead. A reader that needs a fetch the executor has not started yet runs
   * it itself, and close drops it, so the reader may itself run on the executor's threads (a
   * bounded pool of decode tasks); one that refuses a task just leaves that row group to be read
   * when reached. Filtered scans read ahead only row groups they
   * read whole. {@code executor} null (the default) turns read-ahead off.
   */
  public PageSettings withReadAhead(Executor executor, long maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("read-ahead of " + maxBytes + " bytes");
    }
    return new PageSettings(parquetHadoopPages, verifyChecksums, holeBytes, rangeBytes, buffers, localPieceBytes, maxChunkBytes,
        executor, executor == null ? 0 : maxBytes);
  }

  /** The executor fetching the next row group, or null when read-ahead is off ({@link #withReadAhead}). */
  public Executor readAheadExecutor() {
    return readAhead;
  }

  /** The most bytes one read-ahead fetches ({@link #withReadAhead}); 0 when off. */
  public long readAheadBytes() {
    return readAheadBytes;
  }

  /** The largest chunk read into this library's own buffer; see {@link #withMaxChunkBytes}. */
  public long maxChunkBytes() {
    return maxChunkBytes;
  }

  /** Largest read of a local file, 0 for no limit. */
  public int localPieceBytes() {
    return localPieceBytes;
  }

  public int holeBytes() {
    return holeBytes;
  }

  public int rangeBytes() {
    return rangeBytes;
  }

  @Override
  public String toString() {
    return "PageSettings[" + (parquetHadoopPages ? "parquet-hadoop pages" : "fastdecode pages")
        + ", checksums " + (verifyChecksums ? "verified" : "not verified") + ", hole " + holeBytes + ", range " + rangeBytes + ", local pieces " + localPieceBytes
        + ", chunks up to " + maxChunkBytes + (readAhead == null ? "" : ", read-ahead up to " + readAheadBytes) + "]";
  }
}
