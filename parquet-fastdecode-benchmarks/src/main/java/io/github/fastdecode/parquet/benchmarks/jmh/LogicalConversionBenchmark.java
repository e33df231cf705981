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
import io.github.fastdecode.parquet.column.Conversion;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
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
 * Converted reads against physical reads of the same column of a generated file (2 million rows,
 * uncompressed, V1 pages, PLAIN): {@code physical} reads the physical values through {@code
 * ParquetBatchReader}, {@code converted} the same column with a {@link Conversion} (converted in the
 * decode pass), {@code physicalThenLoop} the physical values followed by a separate conversion loop
 * over each batch, the way a caller converts without the library's help ({@code Math.multiplyExact}
 * per value for the time units). Cases: {@code
 * ts_millis_micros} (INT64 TIMESTAMP(MILLIS) to microseconds), {@code date_micros} (INT32 DATE to
 * microseconds), {@code int32_long} (INT32 widened to long), {@code decimal_flba_long}
 * (FIXED_LEN_BYTE_ARRAY(8) DECIMAL(18, 2) to unscaled long), {@code uint32_long} (UINT_32
 * zero-extended). Setup checks that {@code converted} and {@code physicalThenLoop} give the same
 * checksum. Score: milliseconds per whole-column scan; target: {@code converted} within 10% of
 * {@code physical}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class LogicalConversionBenchmark {
  static final int ROWS = 2_000_000;
  static final long MICROS_PER_MILLI = 1_000L;
  static final long MICROS_PER_DAY = 86_400_000_000L;
  static final int BATCH = 4096;
  static final MessageType SCHEMA = Types.buildMessage()
      .required(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MILLIS)).named("ts_millis_micros")
      .required(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType()).named("date_micros")
      .required(PrimitiveTypeName.INT32).named("int32_long")
      .required(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(8).as(LogicalTypeAnnotation.decimalType(2, 18)).named("decimal_flba_long")
      .required(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(32, false)).named("uint32_long")
      .named("conversions");

  @Param({"ts_millis_micros", "date_micros", "int32_long", "decimal_flba_long", "uint32_long"})
  public String column;

  private Path file;
  private Conversion conversion;
  private long[] loopOut;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    file = generatedFile();
    conversion = column.startsWith("ts_") ? Conversion.TIMESTAMP_MICROS : column.startsWith("date") ? Conversion.DATE_MICROS
        : column.startsWith("decimal") ? Conversion.DECIMAL_LONG : Conversion.TO_LONG;
    loopOut = new long[BATCH];
    long a = converted();
    long b = physicalThenLoop();
    if (a != b) {
      throw new IllegalStateException(column + ": converted read " + a + " differs from physical read plus loop " + b);
    }
  }

  static synchronized Path generatedFile() throws IOException {
    Path file = Path.of(System.getProperty("java.io.tmpdir"), "parquet-fastdecode-conversions-v1-" + ROWS + ".parquet");
    if (Files.isRegularFile(file)) {
      return file;
    }
    Path partial = Files.createTempFile(file.getParent(), "conversions", ".partial");
    Random random = new Random(20261126L);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(partial)).withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(WriterVersion.PARQUET_1_0)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED).withDictionaryEncoding(false).build()) {
      long time = 1_700_000_000_000L;
      for (int row = 0; row < ROWS; row++) {
        time += random.nextInt(2000);
        w.write(groups.newGroup()
            .append("ts_millis_micros", time)
            .append("date_micros", 19_000 + random.nextInt(3000))
            .append("int32_long", random.nextInt())
            .append("decimal_flba_long", Binary.fromConstantByteArray(ByteBuffer.allocate(8).putLong(random.nextLong() % 1_000_000_000_000L).array()))
            .append("uint32_long", random.nextInt()));
      }
    }
    Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return file;
  }

  @Benchmark
  public long physical() throws IOException {
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), List.of(column))) {
      ColumnBatch[] batches = reader.newBatches(BATCH, ColumnBatch.Layout.DENSE);
      ColumnBatch b = batches[0];
      long h = 0;
      int rows;
      while ((rows = reader.nextBatch(batches)) > 0) {
        h = h * 31 + (b.longs() != null ? b.longs()[rows - 1] : b.ints() != null ? b.ints()[rows - 1] : b.binaries().byteSize());
      }
      return h;
    }
  }

  @Benchmark
  public long converted() throws IOException {
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), List.of(column))) {
      ColumnBatch[] batches = reader.newBatches(BATCH, ColumnBatch.Layout.DENSE);
      ColumnBatch b = batches[0].convert(conversion);
      long h = 0;
      int rows;
      while ((rows = reader.nextBatch(batches)) > 0) {
        long[] v = b.longs();
        h = h * 31 + v[rows - 1] + v[rows >> 1];
      }
      return h;
    }
  }

  @Benchmark
  public long physicalThenLoop() throws IOException {
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), List.of(column))) {
      ColumnBatch[] batches = reader.newBatches(BATCH, ColumnBatch.Layout.DENSE);
      ColumnBatch b = batches[0];
      long[] out = loopOut;
      long h = 0;
      int rows;
      while ((rows = reader.nextBatch(batches)) > 0) {
        switch (conversion) {
          case TIMESTAMP_MICROS: {
            long[] in = b.longs();
            for (int i = 0; i < rows; i++) {
              out[i] = Math.multiplyExact(in[i], MICROS_PER_MILLI);
            }
            break;
          }
          case DATE_MICROS: {
            int[] in = b.ints();
            for (int i = 0; i < rows; i++) {
              out[i] = Math.multiplyExact((long) in[i], MICROS_PER_DAY);
            }
            break;
          }
          case DECIMAL_LONG: {
            byte[] bytes = b.binaries().bytes();
            for (int i = 0; i < rows; i++) {
              int o = b.binaries().offset(i);
              long v = bytes[o];
              for (int k = 1; k < 8; k++) {
                v = (v << 8) | (bytes[o + k] & 0xFF);
              }
              out[i] = v;
            }
            break;
          }
          default: {
            int[] in = b.ints();
            boolean unsigned = column.startsWith("uint");
            for (int i = 0; i < rows; i++) {
              out[i] = unsigned ? in[i] & 0xFFFF_FFFFL : in[i];
            }
            break;
          }
        }
        h = h * 31 + out[rows - 1] + out[rows >> 1];
      }
      return h;
    }
  }
}
