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
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.io.DelegatingSeekableInputStream;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Read-ahead ({@link PageSettings#withReadAhead}) against none, on {@link FileScanBenchmark}'s table
 * written in row groups of 8 MiB ({@code snappy_v1_groups}: 6 row groups; {@code plain_v2_groups}),
 * all four columns into batches of 4,096, one {@link PageBuffers} kept from scan to scan; read-ahead
 * fetches on one other thread, bounded by 64 MiB.
 *
 * <p>{@code input}: {@code local} reads the file from the page cache through parquet-java's {@code
 * LocalInputFile}; {@code remote} is the same file behind an input that makes every read first
 * wait as a request to an object store would: {@value #REQUEST_MS} ms, plus the bytes at {@value
 * #MB_PER_SECOND} MB/s. That input is a model of a remote store's latency and bandwidth, not a
 * measured store; it says how much of a read the decoding hides, not what any store delivers.
 * Setup checks that both scans read the same values. Score: ms per whole-file scan (wall time, both
 * threads' work).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xmx2g"})
public class ReadAheadBenchmark {
  static final int REQUEST_MS = 20;
  static final int MB_PER_SECOND = 400;
  static final long BOUND = 64L << 20;

  @Param({"snappy_v1_groups", "plain_v2_groups"})
  public String file;

  @Param({"local", "remote"})
  public String input;

  private Path path;
  private ColumnBatch[] batches;
  private ExecutorService executor;
  private final ParquetReadOptions options = ParquetReadOptions.builder().build();
  private PageSettings plain;
  private PageSettings ahead;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    path = FileScanBenchmark.generatedFile(file);
    executor = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "read-ahead");
      t.setDaemon(true);
      return t;
    });
    plain = PageSettings.defaults().withParquetHadoopPages(false).withBuffers(new PageBuffers());
    ahead = PageSettings.defaults().withParquetHadoopPages(false).withBuffers(new PageBuffers()).withReadAhead(executor, BOUND);
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(path), null, options, plain)) {
      batches = r.newBatches(FileScanBenchmark.BATCH, ColumnBatch.Layout.DENSE);
    }
    long withOut = FileScanBenchmark.scan(inputFile(), options, plain, batches);
    long with = FileScanBenchmark.scan(inputFile(), options, ahead, batches);
    if (withOut != with || withOut == 0) {
      throw new IllegalStateException(file + ": " + with + " values read with read-ahead, " + withOut + " without");
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    executor.shutdownNow();
  }

  private InputFile inputFile() {
    InputFile local = new LocalInputFile(path);
    return input.equals("remote") ? new Remote(local) : local;
  }

  @Benchmark
  public long noReadAhead() throws IOException {
    return FileScanBenchmark.scan(inputFile(), options, plain, batches);
  }

  @Benchmark
  public long readAhead() throws IOException {
    return FileScanBenchmark.scan(inputFile(), options, ahead, batches);
  }

  /** The model of a remote file: each read waits {@link #REQUEST_MS} plus its bytes at {@link #MB_PER_SECOND}. */
  static final class Remote implements InputFile {
    private final InputFile file;

    Remote(InputFile file) {
      this.file = file;
    }

    @Override
    public long getLength() throws IOException {
      return file.getLength();
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
      SeekableInputStream in = file.newStream();
      return new DelegatingSeekableInputStream(in) {
        @Override
        public long getPos() throws IOException {
          return in.getPos();
        }

        @Override
        public void seek(long newPos) throws IOException {
          in.seek(newPos);
        }

        @Override
        public void readFully(byte[] bytes, int start, int len) throws IOException {
          request(len);
          in.readFully(bytes, start, len); // LocalInputFile's stream has no read(byte[], int, int) of its own: a delegating readFully would read it byte by byte
        }

        @Override
        public void readFully(ByteBuffer buf) throws IOException {
          request(buf.remaining());
          in.readFully(buf);
        }
      };
    }

    private static void request(long bytes) throws IOException {
      long micros = REQUEST_MS * 1000L + bytes / MB_PER_SECOND;
      try {
        TimeUnit.MICROSECONDS.sleep(micros);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted in a modelled request");
      }
    }
  }
}
