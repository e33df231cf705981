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
import io.github.fastdecode.parquet.conformance.ColumnChecksum;
import io.github.fastdecode.parquet.file.PageBuffers;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
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
 * Whole-file scans, all four columns, of the table issue 18 measures: 4,000,000 rows of INT64 ids,
 * DOUBLE prices, dictionary strings (1,000 distinct) and an optional INT32 with 10% nulls, written by
 * parquet-java (default 128 MB row groups, 1 MB pages) in two layouts ({@code file}): {@code
 * snappy_v1} (SNAPPY, V1 pages, dictionary encoding on as parquet-java's default, which keeps it for
 * the strings only) and {@code plain_v2} (uncompressed V2 pages: DELTA_BINARY_PACKED ids and
 * quantities, BYTE_STREAM_SPLIT prices, dictionary strings). The scans, in the same run:
 *
 * <ul>
 *   <li>{@code parquetJava}: parquet-java's {@code ColumnReadStoreImpl}, one {@code ColumnReader}
 *       call per value into reused arrays of {@value #BATCH} (as engines built on it do);
 *   <li>{@code hadoopPages}: {@link ParquetBatchReader} with pages from parquet-hadoop's {@code
 *       ParquetFileReader} (this library before it read its own chunks);
 *   <li>{@code ownPages}: {@link ParquetBatchReader} reading the chunks itself (one positioned read
 *       per row group, pages decompressed into reused buffers, CRCs verified), its buffers kept from
 *       scan to scan in one {@link PageBuffers};
 *   <li>{@code ownPagesNoCrc}: the same without CRC verification, which prices the checksums;
 *   <li>{@code ownPagesFreshBuffers}: as {@code ownPages}, each scan allocating its own buffers (a
 *       file of one row group then reuses nothing);
 *   <li>{@code ownPagesDictionaryIds}: as {@code ownPages}, the string column keeping its
 *       dictionary ids ({@link ColumnBatch#keepDictionaryIds()}) instead of copying each row's
 *       string into the batch: what an engine that keeps dictionaries reads (Spark's reader does,
 *       pyarrow's {@code read_table(read_dictionary=...)} does).
 * </ul>
 *
 * <p>Like pyarrow's {@code read_table}, the scans decode every value into arrays and do not visit
 * them afterwards (the values are counted); so these figures, not {@code SparkFileScanBenchmark}'s
 * (which folds every value through each reader's accessors), are the ones to set beside
 * {@code bench/pyarrow_filescan.py}'s.
 *
 * Setup checks once that the three scans return the same values (a checksum over every column).
 * Files are written once into {@code java.io.tmpdir} and reused. Score: milliseconds per whole-file
 * scan; {@code -prof gc} gives the bytes allocated per scan.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xmx2g"})
public class FileScanBenchmark {
  static final int ROWS = 4_000_000;
  static final int BATCH = 4096;
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message scan { required int64 id; required double price; required binary name (STRING); optional int32 qty; }");

  @Param({"snappy_v1", "plain_v2"})
  public String file;

  private Path path;
  private ColumnBatch[] batches;
  private ColumnBatch[] idBatches;
  private final ParquetReadOptions options = ParquetReadOptions.builder().build();
  private final PageSettings hadoop = PageSettings.defaults().withParquetHadoopPages(true);
  private final PageSettings ownFresh = PageSettings.defaults().withParquetHadoopPages(false);
  /** One thread's buffers, kept from scan to scan as an engine's scan thread keeps them from file to file. */
  private final PageSettings own = ownFresh.withBuffers(new PageBuffers());
  private final PageSettings ownNoCrc = own.withChecksumVerification(false);
  private ParquetJavaArrays arrays;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    path = generatedFile(file);
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(path), null, options, own)) {
      batches = r.newBatches(BATCH, ColumnBatch.Layout.DENSE);
      idBatches = r.newBatches(BATCH, ColumnBatch.Layout.DENSE);
    }
    idBatches[2].keepDictionaryIds();
    arrays = new ParquetJavaArrays(BATCH);
    long expected = parquetJavaChecksum(path);
    for (PageSettings s : new PageSettings[] {hadoop, own, ownNoCrc, ownFresh}) {
      long actual = checksum(path, s);
      if (actual != expected) {
        throw new IllegalStateException(file + " with " + s + ": checksum " + actual + ", parquet-java's " + expected);
      }
    }
    long withIds = checksum(path, own, idBatches);
    if (withIds != expected) {
      throw new IllegalStateException(file + " keeping dictionary ids: checksum " + withIds + ", parquet-java's " + expected);
    }
  }

  @Benchmark
  public long parquetJava() throws IOException {
    return parquetJavaScan(path, arrays);
  }

  @Benchmark
  public long hadoopPages() throws IOException {
    return scan(hadoop);
  }

  @Benchmark
  public long ownPages() throws IOException {
    return scan(own);
  }

  @Benchmark
  public long ownPagesNoCrc() throws IOException {
    return scan(ownNoCrc);
  }

  @Benchmark
  public long ownPagesFreshBuffers() throws IOException {
    return scan(ownFresh);
  }

  @Benchmark
  public long ownPagesDictionaryIds() throws IOException {
    return scan(new LocalInputFile(path), options, own, idBatches);
  }

  private long scan(PageSettings settings) throws IOException {
    return scan(new LocalInputFile(path), options, settings, batches);
  }

  /** Reads every row of {@code input} into {@code batches}: the scan every file benchmark times. Returns the values read. */
  static long scan(InputFile input, ParquetReadOptions options, PageSettings settings, ColumnBatch[] batches) throws IOException {
    try (ParquetBatchReader r = ParquetBatchReader.open(input, null, options, settings)) {
      return drain(r, batches);
    }
  }

  /** Reads {@code r} to its end into {@code batches}; returns the values read. */
  static long drain(ParquetBatchReader r, ColumnBatch[] batches) throws IOException {
    long values = 0;
    while (r.nextBatch(batches) > 0) {
      for (ColumnBatch b : batches) {
        values += b.valueCount();
      }
    }
    return values;
  }

  /** Every value of every column folded into one number, through this library. */
  long checksum(Path file, PageSettings settings) throws IOException {
    return checksum(file, settings, batches);
  }

  /** The fold into {@code into}; a string column keeping dictionary ids is folded through its dictionary. */
  long checksum(Path file, PageSettings settings, ColumnBatch[] into) throws IOException {
    ColumnBatch[] batches = into;
    long h = 0;
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(file), null, options, settings)) {
      int n;
      while ((n = r.nextBatch(batches)) > 0) {
        long[] ids = batches[0].longs();
        double[] prices = batches[1].doubles();
        boolean viaIds = batches[2].hasDictionaryIds();
        io.github.fastdecode.parquet.BinaryBatch names = viaIds ? batches[2].dictionary().binaries() : batches[2].binaries();
        int[] nameIds = viaIds ? batches[2].dictionaryIds() : null;
        int[] qty = batches[3].ints();
        boolean[] nulls = batches[3].nulls();
        int k = 0;
        for (int i = 0; i < n; i++) {
          h = h * 31 + ids[i];
          h = h * 31 + Double.doubleToRawLongBits(prices[i]);
          int e = viaIds ? nameIds[i] : i;
          h = h * 31 + ColumnChecksum.bytesHash(names.bytes(), names.offset(e), names.length(e));
          h = h * 31 + (nulls[i] ? -1 : qty[k++]);
        }
      }
    }
    return h;
  }

  /** The same fold through parquet-java's column readers. */
  static long parquetJavaChecksum(Path file) throws IOException {
    long h = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      List<ColumnDescriptor> cs = schema.getColumns();
      PageReadStore store;
      while ((store = reader.readNextRowGroup()) != null) {
        ColumnReadStoreImpl columns = new ColumnReadStoreImpl(store, new GroupRecordConverter(schema).getRootConverter(), schema, createdBy);
        ColumnReader id = columns.getColumnReader(cs.get(0));
        ColumnReader price = columns.getColumnReader(cs.get(1));
        ColumnReader name = columns.getColumnReader(cs.get(2));
        ColumnReader qty = columns.getColumnReader(cs.get(3));
        for (long i = 0, n = store.getRowCount(); i < n; i++) {
          h = h * 31 + id.getLong();
          id.consume();
          h = h * 31 + Double.doubleToRawLongBits(price.getDouble());
          price.consume();
          Binary b = name.getBinary();
          h = h * 31 + ColumnChecksum.bytesHash(b.getBytesUnsafe(), 0, b.length());
          name.consume();
          h = h * 31 + (qty.getCurrentDefinitionLevel() == 1 ? qty.getInteger() : -1);
          qty.consume();
        }
      }
    }
    return h;
  }

  /** Reused arrays parquet-java's scan fills, wrapping every {@code capacity} rows. */
  static final class ParquetJavaArrays {
    final long[] ids;
    final double[] prices;
    final Binary[] names;
    final int[] qty;
    final boolean[] qtyNull;

    ParquetJavaArrays(int capacity) {
      ids = new long[capacity];
      prices = new double[capacity];
      names = new Binary[capacity];
      qty = new int[capacity];
      qtyNull = new boolean[capacity];
    }
  }

  /** Scans all four columns with parquet-java's column readers, a column at a time; returns the non-null values. */
  static long parquetJavaScan(Path file, ParquetJavaArrays out) throws IOException {
    long values = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      List<ColumnDescriptor> cs = schema.getColumns();
      int capacity = out.ids.length;
      PageReadStore store;
      while ((store = reader.readNextRowGroup()) != null) {
        ColumnReadStoreImpl columns = new ColumnReadStoreImpl(store, new GroupRecordConverter(schema).getRootConverter(), schema, createdBy);
        long n = store.getRowCount();
        ColumnReader r = columns.getColumnReader(cs.get(0));
        for (long i = 0; i < n; i++) {
          out.ids[(int) (i % capacity)] = r.getLong();
          r.consume();
        }
        r = columns.getColumnReader(cs.get(1));
        for (long i = 0; i < n; i++) {
          out.prices[(int) (i % capacity)] = r.getDouble();
          r.consume();
        }
        r = columns.getColumnReader(cs.get(2));
        for (long i = 0; i < n; i++) {
          out.names[(int) (i % capacity)] = r.getBinary();
          r.consume();
        }
        r = columns.getColumnReader(cs.get(3));
        for (long i = 0; i < n; i++) {
          int j = (int) (i % capacity);
          boolean isNull = r.getCurrentDefinitionLevel() != 1;
          out.qtyNull[j] = isNull;
          if (!isNull) {
            out.qty[j] = r.getInteger();
            values++;
          }
          r.consume();
        }
        values += 3 * n;
      }
    }
    return values;
  }

  /**
   * The benchmark file of {@code layout} ({@code snappy_v1} or {@code plain_v2}, one row group; with
   * {@code _groups} appended, row groups of 8 MiB), written on first use.
   */
  static synchronized Path generatedFile(String layout) throws IOException {
    Path file = Path.of(System.getProperty("java.io.tmpdir"), "parquet-fastdecode-filescan-" + layout + "-" + ROWS + ".parquet");
    if (Files.isRegularFile(file)) {
      return file;
    }
    Path partial = Files.createTempFile(file.getParent(), "filescan", ".partial");
    ExampleParquetWriter.Builder b = ExampleParquetWriter.builder(new LocalOutputFile(partial)).withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE);
    // "<layout>_groups": the same table in row groups of 8 MiB instead of one (ReadAheadBenchmark).
    boolean small = layout.endsWith("_groups");
    String base = small ? layout.substring(0, layout.length() - "_groups".length()) : layout;
    if (small) {
      b = b.withRowGroupSize(8L << 20);
    }
    if (base.equals("snappy_v1")) {
      b = b.withWriterVersion(WriterVersion.PARQUET_1_0).withCompressionCodec(CompressionCodecName.SNAPPY);
    } else if (base.equals("plain_v2")) {
      b = b.withWriterVersion(WriterVersion.PARQUET_2_0).withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
          .withDictionaryEncoding(false).withDictionaryEncoding("name", true).withByteStreamSplitEncoding("price", true);
    } else {
      throw new IllegalArgumentException("no file layout " + layout);
    }
    Random random = new Random(20261126L);
    String[] words = new String[1000];
    for (int i = 0; i < words.length; i++) {
      words[i] = "name-" + Integer.toString(random.nextInt(1 << 30), 36) + "-" + i;
    }
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = b.build()) {
      long id = 1_000_000_000L;
      for (int row = 0; row < ROWS; row++) {
        id += 1 + random.nextInt(3);
        Group g = groups.newGroup()
            .append("id", id)
            .append("price", Math.round(random.nextDouble() * 1e6) / 100.0)
            .append("name", words[random.nextInt(words.length)]);
        if (random.nextInt(10) != 0) {
          g.append("qty", random.nextInt(1000));
        }
        w.write(g);
      }
    }
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
    return file;
  }
}
