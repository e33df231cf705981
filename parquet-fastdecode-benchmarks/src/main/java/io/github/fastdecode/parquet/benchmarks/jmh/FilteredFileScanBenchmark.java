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

import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.conformance.ColumnChecksum;
import io.github.fastdecode.parquet.file.PageBuffers;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.compat.FilterCompat;
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
 * Filtered scans of {@link FileScanBenchmark}'s files (same table, same two layouts): a range
 * predicate on the sorted id column keeping {@code percent} of the rows (1 or 30, from the middle of
 * the file), the column index filter on, all four columns read into batches. In the same run:
 *
 * <ul>
 *   <li>{@code hadoopPages}: pages from parquet-hadoop's {@code readFilteredRowGroup} (the old path);
 *   <li>{@code ownPages}: the library's own filtered page reading ({@code RowGroupReader.readSelected}:
 *       only the pages holding selected rows, by the offset index, in coalesced positioned reads),
 *       buffers kept from scan to scan in one {@link PageBuffers}.
 * </ul>
 *
 * Setup checks that both return the same rows (a checksum over every column and the row indexes).
 * Score: milliseconds per scan; {@code -prof gc} gives the bytes allocated per scan.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xmx2g"})
public class FilteredFileScanBenchmark {
  /** The ids {@link FileScanBenchmark#generatedFile} writes start above this and grow by 2 on average per row. */
  static final long FIRST_ID = 1_000_000_000L;

  @Param({"snappy_v1", "plain_v2"})
  public String file;

  @Param({"1", "30"})
  public int percent;

  private Path path;
  private ColumnBatch[] batches;
  private long[] rowIndexes;
  private ParquetReadOptions options;
  private final PageSettings hadoop = PageSettings.defaults().withParquetHadoopPages(true);
  private final PageSettings own = PageSettings.defaults().withParquetHadoopPages(false).withBuffers(new PageBuffers());

  @Setup(Level.Trial)
  public void setup() throws IOException {
    path = FileScanBenchmark.generatedFile(file);
    long span = 2L * FileScanBenchmark.ROWS;
    long from = FIRST_ID + span * 35 / 100;
    long to = from + span * percent / 100;
    options = ParquetReadOptions.builder()
        .withRecordFilter(FilterCompat.get(and(gtEq(longColumn("id"), from), lt(longColumn("id"), to))))
        .useColumnIndexFilter(true).useRecordFilter(false).build();
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(path), null, options, own)) {
      batches = r.newBatches(FileScanBenchmark.BATCH, ColumnBatch.Layout.DENSE);
    }
    rowIndexes = new long[FileScanBenchmark.BATCH];
    long expected = checksum(hadoop);
    long actual = checksum(own);
    if (actual != expected) {
      throw new IllegalStateException(file + " " + percent + "%: own pages' checksum " + actual + ", parquet-hadoop pages' " + expected);
    }
  }

  @Benchmark
  public long hadoopPages() throws IOException {
    return scan(hadoop);
  }

  @Benchmark
  public long ownPages() throws IOException {
    return scan(own);
  }

  private long scan(PageSettings settings) throws IOException {
    return FileScanBenchmark.scan(new LocalInputFile(path), options, settings, batches);
  }

  /** Every value of every column and every row index folded into one number. */
  private long checksum(PageSettings settings) throws IOException {
    long h = 0;
    long rows = 0;
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(path), null, options, settings)) {
      if (r.readsOwnPages() == settings.parquetHadoopPages()) {
        throw new IllegalStateException(settings + " but own pages " + r.readsOwnPages());
      }
      int n;
      while ((n = r.nextBatch(batches)) > 0) {
        r.rowIndexes(rowIndexes);
        long[] ids = batches[0].longs();
        double[] prices = batches[1].doubles();
        io.github.fastdecode.parquet.BinaryBatch names = batches[2].binaries();
        int[] qty = batches[3].ints();
        boolean[] nulls = batches[3].nulls();
        int k = 0;
        for (int i = 0; i < n; i++) {
          h = h * 31 + rowIndexes[i];
          h = h * 31 + ids[i];
          h = h * 31 + Double.doubleToRawLongBits(prices[i]);
          h = h * 31 + ColumnChecksum.bytesHash(names.bytes(), names.offset(i), names.length(i));
          h = h * 31 + (nulls[i] ? -1 : qty[k++]);
        }
        rows += n;
      }
    }
    if (rows == 0) {
      throw new IllegalStateException(file + " " + percent + "%: the filter kept no rows");
    }
    return h * 31 + rows;
  }
}
