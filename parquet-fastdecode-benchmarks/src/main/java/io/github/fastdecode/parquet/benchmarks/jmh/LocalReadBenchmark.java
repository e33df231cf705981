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
package io.github.fastdecode.parquet.benchmarks.jmh;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.file.PageBuffers;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the I/O of a local whole-file scan costs, and what another way of reading would save:
 * {@link FileScanBenchmark}'s files (in the page cache), the library's own pages. The {@code
 * read*} methods do only what {@code RowGroupReader} does with the file (one positioned read of each
 * row group's chunks into a reused heap buffer), through parquet-java's {@code LocalInputFile}
 * (RandomAccessFile), parquet-hadoop's {@code HadoopInputFile} on Hadoop's local file system (with
 * its checksum layer), a {@code FileChannel} positioned read into the heap buffer, and (for
 * reference, not usable by the heap-array decoders as they are) a {@code FileChannel} read into a
 * reused direct buffer. The {@code scan*} methods are whole scans ({@code ownPages} of {@link
 * FileScanBenchmark}) through the first two, reading local files in 1 MiB pieces (the default) or
 * whole ({@code WholeReads}); a read's time over its scan's is the I/O share.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xmx2g"})
public class LocalReadBenchmark {
  @Param({"snappy_v1", "plain_v2"})
  public String file;

  private Path path;
  private long[] starts;
  private int[] lengths;
  private byte[] buffer;
  private ByteBuffer direct;
  private InputFile local;
  private InputFile hadoop;
  private ColumnBatch[] batches;
  private final ParquetReadOptions options = ParquetReadOptions.builder().build();
  private final PageSettings own = PageSettings.defaults().withParquetHadoopPages(false).withBuffers(new PageBuffers());
  private final PageSettings wholeReads = own.withLocalReadPieces(0);

  @Setup(Level.Trial)
  public void setup() throws IOException {
    path = FileScanBenchmark.generatedFile(file);
    local = new LocalInputFile(path);
    hadoop = HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(path.toUri()), new Configuration());
    try (ParquetFileReader r = ParquetFileReader.open(local)) {
      int n = r.getRowGroups().size();
      starts = new long[n];
      lengths = new int[n];
      int largest = 0;
      for (int i = 0; i < n; i++) {
        BlockMetaData b = r.getRowGroups().get(i);
        long start = Long.MAX_VALUE;
        long end = 0;
        for (ColumnChunkMetaData c : b.getColumns()) {
          start = Math.min(start, c.getStartingPos());
          end = Math.max(end, c.getStartingPos() + c.getTotalSize());
        }
        starts[i] = start;
        lengths[i] = (int) (end - start);
        largest = Math.max(largest, lengths[i]);
      }
      buffer = new byte[largest];
      direct = ByteBuffer.allocateDirect(largest);
    }
    try (ParquetBatchReader r = ParquetBatchReader.open(local, null, options, own)) {
      batches = r.newBatches(FileScanBenchmark.BATCH, ColumnBatch.Layout.DENSE);
    }
    if (scan(local) != scan(hadoop)) {
      throw new IllegalStateException("the two inputs read different values");
    }
  }

  private long read(InputFile input) throws IOException {
    long h = 0;
    try (SeekableInputStream s = input.newStream()) {
      for (int i = 0; i < starts.length; i++) {
        s.seek(starts[i]);
        s.readFully(buffer, 0, lengths[i]);
        h += buffer[lengths[i] - 1];
      }
    }
    return h;
  }

  @Benchmark
  public long readLocalInputFile() throws IOException {
    return read(local);
  }

  @Benchmark
  public long readHadoopInputFile() throws IOException {
    return read(hadoop);
  }

  @Benchmark
  public long readFileChannel() throws IOException {
    long h = 0;
    try (FileChannel c = FileChannel.open(path, StandardOpenOption.READ)) {
      for (int i = 0; i < starts.length; i++) {
        ByteBuffer b = ByteBuffer.wrap(buffer, 0, lengths[i]);
        long at = starts[i];
        while (b.hasRemaining()) {
          int n = c.read(b, at);
          if (n < 0) {
            throw new IOException("end of file");
          }
          at += n;
        }
        h += buffer[lengths[i] - 1];
      }
    }
    return h;
  }

  /** As {@link #readLocalInputFile}, each read cut into pieces of {@value #PIECE} bytes. */
  @Benchmark
  public long readLocalInputFilePieces() throws IOException {
    long h = 0;
    try (SeekableInputStream s = local.newStream()) {
      for (int i = 0; i < starts.length; i++) {
        s.seek(starts[i]);
        for (int off = 0; off < lengths[i]; off += PIECE) {
          s.readFully(buffer, off, Math.min(PIECE, lengths[i] - off));
        }
        h += buffer[lengths[i] - 1];
      }
    }
    return h;
  }

  /** As {@link #readFileChannel}, each read cut into pieces of {@value #PIECE} bytes (the JDK's temporary direct buffer stays that small). */
  @Benchmark
  public long readFileChannelPieces() throws IOException {
    long h = 0;
    try (FileChannel c = FileChannel.open(path, StandardOpenOption.READ)) {
      for (int i = 0; i < starts.length; i++) {
        for (int off = 0; off < lengths[i]; ) {
          int n = c.read(ByteBuffer.wrap(buffer, off, Math.min(PIECE, lengths[i] - off)), starts[i] + off);
          if (n < 0) {
            throw new IOException("end of file");
          }
          off += n;
        }
        h += buffer[lengths[i] - 1];
      }
    }
    return h;
  }

  static final int PIECE = 1 << 20;

  @Benchmark
  public long readFileChannelDirect() throws IOException {
    long h = 0;
    try (FileChannel c = FileChannel.open(path, StandardOpenOption.READ)) {
      for (int i = 0; i < starts.length; i++) {
        direct.clear().limit(lengths[i]);
        long at = starts[i];
        while (direct.hasRemaining()) {
          int n = c.read(direct, at);
          if (n < 0) {
            throw new IOException("end of file");
          }
          at += n;
        }
        h += direct.get(lengths[i] - 1);
      }
    }
    return h;
  }

  @Benchmark
  public long scanLocalInputFile() throws IOException {
    return scan(local);
  }

  @Benchmark
  public long scanHadoopInputFile() throws IOException {
    return scan(hadoop);
  }

  /** As {@link #scanLocalInputFile}, each row group's chunks read in one read (before local reads were cut into pieces). */
  @Benchmark
  public long scanLocalInputFileWholeReads() throws IOException {
    return scan(local, wholeReads);
  }

  @Benchmark
  public long scanHadoopInputFileWholeReads() throws IOException {
    return scan(hadoop, wholeReads);
  }

  private long scan(InputFile input) throws IOException {
    return scan(input, own);
  }

  private long scan(InputFile input, PageSettings settings) throws IOException {
    return FileScanBenchmark.scan(input, options, settings, batches);
  }
}
