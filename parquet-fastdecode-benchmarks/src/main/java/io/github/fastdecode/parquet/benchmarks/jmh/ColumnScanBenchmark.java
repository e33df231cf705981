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
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Whole-column scans of a generated file of about 100 MB (6.5 million rows, uncompressed, V2
 * pages): an INT64 column in DELTA_BINARY_PACKED, a DOUBLE column in BYTE_STREAM_SPLIT, a
 * dictionary-encoded string column and an optional INT32 column with 10% nulls. {@code dict_str_ids}
 * scans the string column as dictionary ids on both sides (parquet-java's {@code
 * getCurrentValueDictionaryID()}, this library's {@code ColumnBatch.keepDictionaryIds()}), as
 * engines that keep dictionary-encoded vectors do; {@code dict_str} materialises values (parquet-java
 * hands out references to its dictionary's {@code Binary} entries, this library copies bytes into
 * the batch). {@code parquetJava}
 * scans through {@code ColumnReadStoreImpl} and one {@code ColumnReader} call per value, as engines
 * do, storing each entry's level and value into reused arrays of {@value #BATCH}; {@code
 * fastdecode} through {@code ColumnChunkReader} into a {@code ColumnBatch} of the same size. Both
 * include the same parquet-hadoop file reading. Setup checks once that both scans fold every entry
 * into the same checksum (see {@link ColumnScans}); the timed scans only materialise, as a reader
 * hands batches to an engine. Score: milliseconds per whole-column scan.
 *
 * <p>The file is written once into {@code java.io.tmpdir} and reused by later forks and runs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ColumnScanBenchmark {
  static final int ROWS = 6_500_000;
  /** Entries per batch on both sides. */
  static final int BATCH = 4096;
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message scan { required int64 delta_i64; required double bss_d; required binary dict_str (STRING); optional int32 opt_i32; }");

  @Param({"delta_i64", "bss_d", "dict_str", "dict_str_ids", "opt_i32"})
  public String column;

  private Path file;
  private ColumnDescriptor descriptor;
  private ColumnBatch batch;
  private ColumnScans.ParquetJavaBatch parquetJavaBatch;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    file = generatedFile();
    boolean ids = column.endsWith("_ids");
    String name = ids ? column.substring(0, column.length() - "_ids".length()) : column;
    for (ColumnDescriptor c : SCHEMA.getColumns()) {
      if (c.getPath()[0].equals(name)) {
        descriptor = c;
      }
    }
    batch = ColumnBatch.forColumn(descriptor, BATCH);
    if (ids) {
      batch.keepDictionaryIds();
    }
    parquetJavaBatch = new ColumnScans.ParquetJavaBatch(descriptor.getPrimitiveType().getPrimitiveTypeName(), BATCH, ids);
    long expected = ColumnScans.parquetJava(file, descriptor);
    long actual = ColumnScans.fastdecode(file, descriptor, batch);
    if (expected != actual) {
      throw new IllegalStateException(column + ": fastdecode's scan differs from parquet-java's");
    }
    long pjValues = ColumnScans.parquetJavaIntoArrays(file, descriptor, parquetJavaBatch);
    long fdValues = ColumnScans.fastdecodeIntoBatches(file, descriptor, batch);
    if (pjValues != fdValues) {
      throw new IllegalStateException(column + ": " + pjValues + " values through parquet-java, " + fdValues + " through fastdecode");
    }
    if (ids && !firstBatchHasIds()) {
      throw new IllegalStateException(column + ": the batch holds values, not dictionary ids");
    }
  }

  private boolean firstBatchHasIds() throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      reader.setRequestedSchema(java.util.List.of(descriptor));
      new ColumnChunkReader(descriptor, reader.readNextRowGroup().getPageReader(descriptor), 0).readBatch(batch);
      return batch.hasDictionaryIds();
    }
  }

  /** The benchmark file, written on first use. */
  static synchronized Path generatedFile() throws IOException {
    Path file = Path.of(System.getProperty("java.io.tmpdir"), "parquet-fastdecode-columnscan-v1-" + ROWS + ".parquet");
    if (Files.isRegularFile(file)) {
      return file;
    }
    Path partial = Files.createTempFile(file.getParent(), "columnscan", ".partial");
    Random random = new Random(20261122L);
    String[] words = new String[1000];
    for (int i = 0; i < words.length; i++) {
      words[i] = "word-" + Integer.toString(random.nextInt(1 << 30), 36) + "-" + i;
    }
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(partial)).withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(WriterVersion.PARQUET_2_0)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
        .withDictionaryEncoding(false).withDictionaryEncoding("dict_str", true)
        .withByteStreamSplitEncoding("bss_d", true).build()) {
      long time = 1_700_000_000_000L;
      for (int row = 0; row < ROWS; row++) {
        time += random.nextInt(2000);
        Group g = groups.newGroup()
            .append("delta_i64", time)
            .append("bss_d", Math.round(random.nextDouble() * 1e6) / 100.0)
            .append("dict_str", words[random.nextInt(words.length)]);
        if (random.nextInt(10) != 0) {
          g.append("opt_i32", random.nextInt());
        }
        w.write(g);
      }
    }
    Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return file;
  }

  @Benchmark
  public long parquetJava() throws IOException {
    return ColumnScans.parquetJavaIntoArrays(file, descriptor, parquetJavaBatch);
  }

  @Benchmark
  public long fastdecode() throws IOException {
    return ColumnScans.fastdecodeIntoBatches(file, descriptor, batch);
  }
}
