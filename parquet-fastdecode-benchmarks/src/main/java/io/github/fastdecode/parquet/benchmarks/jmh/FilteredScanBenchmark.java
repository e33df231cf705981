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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A selective filtered scan against an unfiltered scan of the same columns of a generated file
 * (10 million rows in about 100 row groups, SNAPPY, dictionary for the string column, page index
 * written as parquet-java does by default): {@code unfiltered} reads every row of {@code id},
 * {@code value} and {@code name} with {@code ParquetBatchReader}; {@code filtered} opens it with
 * {@code id >= lo and id < lo + 1000}, a range inside one row group (1% of row groups), so row groups
 * drop by statistics and pages by the column index. Setup checks that the filtered read returns every
 * matching row and reads at most one row group. Score: milliseconds per scan, including opening the
 * file; target: {@code filtered} at least 20x faster.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class FilteredScanBenchmark {
  static final int ROWS = 10_000_000;
  static final int BATCH = 4096;
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message filtered { required int64 id; required double value; optional binary name (STRING); }");
  static final List<String> COLUMNS = List.of("id", "value", "name");

  private Path file;
  private FilterCompat.Filter filter;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    file = generatedFile();
    List<BlockMetaData> groups;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      groups = r.getRowGroups();
    }
    // id == row index, so the middle row group's first row is an id inside it.
    long lo = groups.get(groups.size() / 2).getRowIndexOffset();
    filter = FilterCompat.get(and(gtEq(longColumn("id"), lo), lt(longColumn("id"), lo + 1000)));
    long matching = 0;
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), COLUMNS,
        org.apache.parquet.ParquetReadOptions.builder().withRecordFilter(filter).useRecordFilter(false).build())) {
      if (reader.fileReader().getRowGroups().size() != 1) {
        throw new IllegalStateException(reader.fileReader().getRowGroups().size() + " of " + groups.size() + " row groups left by the filter");
      }
      ColumnBatch[] batches = reader.newBatches(BATCH, ColumnBatch.Layout.DENSE);
      int rows;
      while ((rows = reader.nextBatch(batches)) > 0) {
        for (int i = 0; i < rows; i++) {
          long id = batches[0].longs()[i];
          matching += id >= lo && id < lo + 1000 ? 1 : 0;
        }
      }
    }
    if (matching != 1000) {
      throw new IllegalStateException("the filtered scan returned " + matching + " of the 1000 matching rows");
    }
    System.out.println("FilteredScanBenchmark: " + groups.size() + " row groups; filter " + filter);
  }

  static synchronized Path generatedFile() throws IOException {
    Path file = Path.of(System.getProperty("java.io.tmpdir"), "parquet-fastdecode-filtered-v2-" + ROWS + ".parquet");
    if (Files.isRegularFile(file)) {
      return file;
    }
    Path partial = Files.createTempFile(file.getParent(), "filtered", ".partial");
    Random random = new Random(20261127L);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(partial)).withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(WriterVersion.PARQUET_1_0)
        .withCompressionCodec(CompressionCodecName.SNAPPY).withRowGroupSize(1_350_000L)
        .withDictionaryEncoding(false).withDictionaryEncoding("name", true).build()) {
      for (int row = 0; row < ROWS; row++) {
        Group g = groups.newGroup().append("id", (long) row).append("value", random.nextGaussian());
        if (random.nextInt(10) != 0) {
          g.append("name", "name-" + random.nextInt(500));
        }
        w.write(g);
      }
    }
    Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return file;
  }

  private long scan(FilterCompat.Filter f) throws IOException {
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), COLUMNS, f)) {
      ColumnBatch[] batches = reader.newBatches(BATCH, ColumnBatch.Layout.DENSE);
      long h = 0;
      int rows;
      while ((rows = reader.nextBatch(batches)) > 0) {
        h = h * 31 + batches[0].longs()[rows - 1] + Double.doubleToRawLongBits(batches[1].doubles()[rows - 1]) + batches[2].valueCount();
      }
      return h;
    }
  }

  @Benchmark
  public long unfiltered() throws IOException {
    return scan(FilterCompat.NOOP);
  }

  @Benchmark
  public long filtered() throws IOException {
    return scan(filter);
  }
}
