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
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.io.LocalInputFile;
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
 * The first scans of a fresh JVM: {@link FileScanBenchmark}'s files and scans, but each fork times
 * its first five whole-file scans one by one (single-shot, no warm-up), so iteration 1 is the cold
 * scan an engine's new executor makes and iterations 1 to 5 its first few. Nothing is read before
 * the first timed scan (the files are written by an earlier run, or by the first fork's setup).
 *
 * <ul>
 *   <li>{@code parquetJava}: parquet-java's column readers, as {@link FileScanBenchmark#parquetJava};
 *   <li>{@code fastdecode}: {@link ParquetBatchReader} with default page settings (own pages, CRCs
 *       verified), new batches per scan, and read options built by the first scan and kept (as an
 *       engine keeps its configuration);
 *   <li>{@code fastdecodeHadoopPages}: the same with parquet-hadoop's pages.
 * </ul>
 *
 * <p>The vector kernels run as the library's defaults have them, whatever fork flags the benchmark
 * jar adds: off below JDK 25, and from JDK 25 on switched on 10 s after first use, so never during
 * these scans (see {@code VectorSupport}). Read the JSON's raw data per iteration for scan 1 and
 * scans 1 to 5: the printed score averages all of them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 5)
@Fork(value = 10, jvmArgsAppend = {"-Xmx2g"})
public class ColdScanBenchmark {
  @Param({"snappy_v1", "plain_v2"})
  public String file;

  private Path path;
  /** Built by the first timed scan, which pays for loading Hadoop's configuration as a new JVM does. */
  private ParquetReadOptions options;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    // The jar asks its forks to switch the kernels on at start-up; a cold scan measures the defaults.
    System.clearProperty("fastdecode.vector.background");
    path = FileScanBenchmark.generatedFile(file);
  }

  @Benchmark
  public long parquetJava() throws IOException {
    return FileScanBenchmark.parquetJavaScan(path, new FileScanBenchmark.ParquetJavaArrays(FileScanBenchmark.BATCH));
  }

  @Benchmark
  public long fastdecode() throws IOException {
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(path), null, options(), PageSettings.defaults())) {
      return scan(r);
    }
  }

  @Benchmark
  public long fastdecodeHadoopPages() throws IOException {
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(path), null, options(),
        PageSettings.defaults().withParquetHadoopPages(true))) {
      return scan(r);
    }
  }

  private ParquetReadOptions options() {
    if (options == null) {
      options = ParquetReadOptions.builder().build();
    }
    return options;
  }

  private static long scan(ParquetBatchReader r) throws IOException {
    return FileScanBenchmark.drain(r, r.newBatches(FileScanBenchmark.BATCH, ColumnBatch.Layout.DENSE));
  }
}
