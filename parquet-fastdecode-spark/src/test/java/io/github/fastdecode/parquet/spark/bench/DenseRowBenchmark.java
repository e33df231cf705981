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
package io.github.fastdecode.parquet.spark.bench;

import io.github.fastdecode.parquet.denserow.DenseRowCodec;
import io.github.fastdecode.parquet.spark.denserow.DenseRowColumns;
import io.github.fastdecode.parquet.denserow.DenseVector;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.Platform;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * DenseRow against Spark's {@code UnsafeRow} (the format Spark shuffles, made by {@code
 * UnsafeProjection}) on the same 1000-row batches ({@link DenseRowCases}), in ns per row:
 *
 * <ul>
 *   <li>{@code size}: every row's serialised size. DenseRow: {@code rowSizes}; UnsafeRow has no
 *       size pass, so the projection runs and {@code getSizeInBytes} is read.
 *   <li>{@code serialize}: the batch into one buffer, row after row, as a shuffle writer lays them
 *       out. DenseRow: sizes, offsets, {@code serialize}; UnsafeRow: project each row of the
 *       columnar batch and copy it into the buffer ({@code writeToMemory}).
 *   <li>{@code deserialize}: the rows back into a columnar batch (a {@link DenseVector}). DenseRow:
 *       {@code deserialize} at the rows' offsets; UnsafeRow: {@code pointTo} each row and append
 *       its fields.
 *   <li>{@code roundTrip}: serialize then deserialize.
 * </ul>
 *
 * Both read the same {@link DenseVector}s; Spark sees them as a {@link ColumnarBatch} through
 * {@link DenseRowColumns} (no copy). Bytes per row (not timed) are printed by the setup and
 * checked by {@code DenseRowBenchmarkTest}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(DenseRowCases.ROWS)
public class DenseRowBenchmark {
  static final long SEED = 0xD3_5E_0021L;

  @Param({"BIGINT_BELOW_2_8", "BIGINT_BELOW_2_32", "BIGINT_RANDOM", "BIGINT_RANDOM_NULLS_40", "DOUBLE", "STRING_8",
      "STRING_100", "SCALARS_5", "SCALARS_5_SMALL", "SCALARS_10", "SCALARS_10_SMALL", "ARRAY_BIGINT",
      "ARRAY_SMALL_BIGINT", "NESTED_ARRAY", "NESTED_ARRAY_SMALL", "MAP", "MAP_SMALL"})
  public String shape;

  List<Object> rows;
  DenseVector batch;
  DenseRowCodec codec;
  int[] sizes;
  int[] offsets;
  byte[] denseBytes;
  int denseTotal;
  DenseVector back;

  ColumnarBatch sparkBatch;
  UnsafeProjection projection;
  byte[] unsafeBytes;
  int[] unsafeOffsets;
  int[] unsafeSizes;
  int unsafeTotal;
  UnsafeRow reader;

  @Setup
  public void setup() {
    DenseRowCases c = DenseRowCases.valueOf(shape);
    rows = c.rows(SEED);
    batch = c.batch(rows);
    codec = new DenseRowCodec(c.type);
    int n = batch.size();
    sizes = new int[n];
    offsets = new int[n];
    denseTotal = (int) codec.rowSizes(batch, sizes);
    denseBytes = new byte[denseTotal];
    denseSerialize();
    back = DenseVector.create(c.type, n);

    StructType schema = (StructType) DenseRowColumns.sparkType(c.type);
    sparkBatch = DenseRowColumns.batch(batch);
    projection = UnsafeProjection.create(schema);
    unsafeOffsets = new int[n];
    unsafeSizes = new int[n];
    unsafeTotal = 0;
    for (int i = 0; i < n; i++) {
      unsafeSizes[i] = projection.apply(sparkBatch.getRow(i)).getSizeInBytes();
      unsafeTotal += unsafeSizes[i];
    }
    unsafeBytes = new byte[unsafeTotal];
    unsafeSerialize();
    reader = new UnsafeRow(schema.size());
    System.out.printf("%n# DenseRow %s: %.2f bytes/row, UnsafeRow %.2f bytes/row%n", shape, (double) denseTotal / n, (double) unsafeTotal / n);
  }

  @Benchmark
  public long denseSize() {
    return codec.rowSizes(batch, sizes);
  }

  @Benchmark
  public int denseSerialize() {
    codec.rowSizes(batch, sizes);
    int p = 0;
    int n = batch.size();
    for (int i = 0; i < n; i++) {
      offsets[i] = p;
      p += sizes[i];
    }
    codec.serialize(batch, sizes, denseBytes, offsets);
    return p;
  }

  @Benchmark
  public DenseVector denseDeserialize() {
    back.reset();
    codec.deserialize(DenseRowCodec.formatByte(0), denseBytes, offsets, sizes, batch.size(), back);
    return back;
  }

  @Benchmark
  public DenseVector denseRoundTrip() {
    denseSerialize();
    return denseDeserialize();
  }

  @Benchmark
  public long unsafeSize() {
    long total = 0;
    int n = sparkBatch.numRows();
    for (int i = 0; i < n; i++) {
      total += projection.apply(sparkBatch.getRow(i)).getSizeInBytes();
    }
    return total;
  }

  @Benchmark
  public int unsafeSerialize() {
    int p = 0;
    int n = sparkBatch.numRows();
    for (int i = 0; i < n; i++) {
      InternalRow row = sparkBatch.getRow(i);
      UnsafeRow u = projection.apply(row);
      int size = u.getSizeInBytes();
      u.writeToMemory(unsafeBytes, Platform.BYTE_ARRAY_OFFSET + p);
      unsafeOffsets[i] = p;
      unsafeSizes[i] = size;
      p += size;
    }
    return p;
  }

  @Benchmark
  public DenseVector unsafeDeserialize() {
    back.reset();
    int n = unsafeOffsets.length;
    for (int i = 0; i < n; i++) {
      reader.pointTo(unsafeBytes, Platform.BYTE_ARRAY_OFFSET + unsafeOffsets[i], unsafeSizes[i]);
      DenseRowColumns.append(reader, back);
    }
    return back;
  }

  @Benchmark
  public DenseVector unsafeRoundTrip() {
    unsafeSerialize();
    return unsafeDeserialize();
  }
}
