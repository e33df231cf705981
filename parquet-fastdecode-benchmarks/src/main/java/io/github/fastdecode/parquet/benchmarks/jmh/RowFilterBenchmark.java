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
import static org.apache.parquet.filter2.predicate.FilterApi.binaryColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.notEq;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Row filtering against reading everything and filtering afterwards, on a generated file of one
 * predicate column ({@code key}, INT32, uniform over 0..9999, {@link #encoding} PLAIN or
 * dictionary-encoded) and three payload columns ({@code l} INT64, {@code d} DOUBLE, {@code s} a
 * 12-to-20-byte string), 2,000,000 rows, {@link #codec}, V1 pages. The predicate is {@code key <
 * selectivity * 100}, so it keeps {@link #selectivity} percent of the rows, scattered: no row group
 * or page can be skipped, every saving is the row filter's.
 *
 * <ul>
 *   <li>{@code filtered}: {@code ParquetBatchReader} with the predicate and row filtering on (the
 *       default): batches of matching rows only.
 *   <li>{@code readAllThenFilter}: the same columns read whole, then the predicate evaluated on each
 *       batch in a tight loop building a selection vector, what a reader without row filtering
 *       leaves its engine to do.
 *   <li>{@code filteredStringFirst}: as {@code filtered}, with the predicate {@code s != "~" and key
 *       < bound}: a string comparison that every row passes, written first, then the selective one.
 *       The reader evaluates the cheaper, more selective part first and reads {@code s} for the
 *       predicate only at the rows it kept (staged predicate columns).
 *   <li>{@code fileBytesOnly}: the file's bytes read into memory and nothing decoded, the floor
 *       under both where every page holds a match ({@code fileBytesOnly ÷ readAllThenFilter} bounds
 *       the ratio from below on uncompressed files; compressed ones add decompression).
 * </ul>
 * Score: milliseconds per scan, opening the file included. The targets, as {@code filtered
 * ÷ readAllThenFilter}: at most 0.2 at 1%, 0.5 at 10%, 1.05 at 100%. Setup checks both return the
 * same number of rows.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class RowFilterBenchmark {
  static final int ROWS = 2_000_000;
  static final int BATCH = 4096;
  static final int KEYS = 10_000;
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message rows { required int32 key; required int64 l; required double d; required binary s (STRING); }");
  static final List<String> COLUMNS = List.of("key", "l", "d", "s");

  /** How the predicate column is encoded. */
  @Param({"PLAIN", "DICTIONARY"})
  public String encoding;

  /** The file's compression: every page is decompressed whether or not rows of it match, on both sides. */
  @Param({"SNAPPY", "UNCOMPRESSED"})
  public String codec;

  /** Percent of rows that match. */
  @Param({"0.1", "1", "10", "50", "100"})
  public String selectivity;

  private Path file;
  private int bound;
  private ParquetReadOptions filterOptions;
  private ParquetReadOptions stringFirstOptions;
  private int[] selection;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    file = generatedFile("DICTIONARY".equals(encoding), CompressionCodecName.valueOf(codec));
    bound = (int) Math.round(Double.parseDouble(selectivity) * KEYS / 100);
    filterOptions = ParquetReadOptions.builder().withRecordFilter(FilterCompat.get(lt(intColumn("key"), bound))).build();
    stringFirstOptions = ParquetReadOptions.builder().withRecordFilter(FilterCompat.get(
        and(notEq(binaryColumn("s"), Binary.fromString("~")), lt(intColumn("key"), bound)))).build();
    selection = new int[BATCH];
    long a = rows(filtered());
    long b = rows(readAllThenFilter());
    long c = rows(filteredStringFirst());
    if (a != b || a != c) {
      throw new IllegalStateException("row filtering returned " + a + " rows (" + c + " with the string first), filtering afterwards " + b);
    }
    System.out.println("RowFilterBenchmark: " + encoding + " key < " + bound + ": " + a + " of " + ROWS + " rows");
  }

  private static long rows(long h) {
    return h >>> 32;
  }

  /** Row count in the high 32 bits, a hash of values read in the low ones, so no read is dead code. */
  @Benchmark
  public long filtered() throws IOException {
    return filteredWith(filterOptions);
  }

  @Benchmark
  public long filteredStringFirst() throws IOException {
    return filteredWith(stringFirstOptions);
  }

  private long filteredWith(ParquetReadOptions options) throws IOException {
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), COLUMNS, options)) {
      ColumnBatch[] batches = reader.newBatches(BATCH, ColumnBatch.Layout.DENSE);
      long count = 0;
      long h = 0;
      int rows;
      while ((rows = reader.nextBatch(batches)) > 0) {
        count += rows;
        h += batches[1].longs()[rows - 1] + Double.doubleToRawLongBits(batches[2].doubles()[rows - 1]) + batches[3].binaries().byteSize();
      }
      return count << 32 | (h & 0xFFFFFFFFL);
    }
  }

  @Benchmark
  public long readAllThenFilter() throws IOException {
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), COLUMNS)) {
      ColumnBatch[] batches = reader.newBatches(BATCH, ColumnBatch.Layout.DENSE);
      int[] sel = selection;
      int b = bound;
      long count = 0;
      long h = 0;
      int rows;
      while ((rows = reader.nextBatch(batches)) > 0) {
        int[] keys = batches[0].ints();
        int k = 0;
        for (int i = 0; i < rows; i++) {
          sel[k] = i;
          k += keys[i] < b ? 1 : 0;
        }
        count += k;
        if (k > 0) {
          int last = sel[k - 1];
          h += batches[1].longs()[last] + Double.doubleToRawLongBits(batches[2].doubles()[last]) + batches[3].binaries().byteSize();
        }
      }
      return count << 32 | (h & 0xFFFFFFFFL);
    }
  }

  /**
   * The floor under both reads: the file's bytes read from the page cache into fresh 1 MiB
   * arrays, as the reader reads column chunks, decoding nothing. With matches scattered over every
   * page, a filtered read pays this (and decompression) whatever the selectivity.
   */
  @Benchmark
  public long fileBytesOnly() throws IOException {
    long h = 0;
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      long length = in.length();
      for (long at = 0; at < length; at += PIECE) {
        byte[] piece = new byte[PIECE];
        in.readFully(piece, 0, (int) Math.min(PIECE, length - at));
        h += piece[0];
      }
    }
    return h;
  }

  private static final int PIECE = 1 << 20;

  static synchronized Path generatedFile(boolean dictionary, CompressionCodecName codec) throws IOException {
    Path file = Path.of(System.getProperty("java.io.tmpdir"), "parquet-fastdecode-rowfilter-" + (dictionary ? "dict" : "plain") + "-"
        + codec.name().toLowerCase(java.util.Locale.ROOT) + "-" + ROWS + ".parquet");
    if (Files.isRegularFile(file)) {
      return file;
    }
    Path partial = Files.createTempFile(file.getParent(), "rowfilter", ".partial");
    Random random = new Random(20261129L);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    StringBuilder s = new StringBuilder();
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(partial)).withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(WriterVersion.PARQUET_1_0)
        .withCompressionCodec(codec).withDictionaryEncoding(false)
        .withDictionaryEncoding("key", dictionary).build()) {
      for (int row = 0; row < ROWS; row++) {
        s.setLength(0);
        for (int n = 12 + random.nextInt(9); n > 0; n--) {
          s.append((char) ('a' + random.nextInt(26)));
        }
        w.write(groups.newGroup().append("key", random.nextInt(KEYS)).append("l", random.nextLong())
            .append("d", random.nextGaussian()).append("s", s.toString()));
      }
    }
    Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return file;
  }
}
