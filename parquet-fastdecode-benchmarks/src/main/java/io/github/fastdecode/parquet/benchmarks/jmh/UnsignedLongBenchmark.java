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

import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.PAGES;
import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.VALUES_PER_PAGE;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.io.IOException;
import java.math.BigInteger;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.plain.PlainValuesReader;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * UINT_64 (PLAIN INT64 pages of uniformly random longs, so half need 9 bytes) decoded to the
 * big-endian bytes of a non-negative {@code BigInteger}, the form readers hand to decimal columns.
 * Every side appends the bytes to the same reused {@link BinaryBatch}, as a reader copies them into
 * its column vector. Run with {@code -prof gc}: {@code fastdecode} should allocate about 0 B per
 * value (only the per-page input stream), the BigInteger routes several objects per value.
 *
 * <ul>
 *   <li>{@code parquetJava}: {@code readLong()}, then {@code BigInteger.valueOf(v & Long.MAX_VALUE)}
 *       with bit 63 set back for negative {@code v}, then {@code toByteArray()}: the cheapest common
 *       BigInteger route (the one Guava's {@code UnsignedLong.bigIntegerValue()} takes).
 *   <li>{@code parquetJavaViaString}: {@code new BigInteger(Long.toUnsignedString(v)).toByteArray()},
 *       the route Spark 3.x's vectorized reader takes for UINT_64 (its newer versions encode
 *       into a scratch array instead).
 *   <li>{@code fastdecode}: {@code readUnsignedLongsAsBigEndian(batch, n)}.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public class UnsignedLongBenchmark {
  /** The longest UINT_64 encoding: a zero sign byte and eight value bytes. */
  static final int MAX_BIG_ENDIAN_LENGTH = 9;

  /** Room for a whole page at the longest encoding, so the timed loop never grows the batch. */
  private final BinaryBatch batch = new BinaryBatch(VALUES_PER_PAGE, VALUES_PER_PAGE * MAX_BIG_ENDIAN_LENGTH);
  private BatchValuesReader fastReader;
  private BenchmarkPages pages;

  @Setup
  public void setup() {
    pages = BenchmarkPages.write(p -> ParquetJavaPages.plainLongs(DataShapes.wide(VALUES_PER_PAGE, BenchmarkPages.seed(p), 64)));
    ColumnDescriptor column = new ColumnDescriptor(new String[] {"c"},
        Types.required(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.intType(64, false)).named("c"), 0, 0);
    fastReader = FastDecode.newValuesReader(column, Encoding.PLAIN);
    // The string route is the most literal definition; both others must give its bytes.
    String label = "PLAIN INT64 as UINT_64 via " + fastReader;
    Verify.samePages(label, pages, VALUES_PER_PAGE, batch, this::viaStringPage, batch, this::fastdecodePage);
    Verify.samePages(label + " (BigInteger.valueOf route)", pages, VALUES_PER_PAGE,
        batch, this::viaStringPage, batch, this::parquetJavaPage);
  }

  @Benchmark
  public BinaryBatch parquetJava() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      parquetJavaPage(p);
    }
    return batch;
  }

  @Benchmark
  public BinaryBatch parquetJavaViaString() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      viaStringPage(p);
    }
    return batch;
  }

  @Benchmark
  public BinaryBatch fastdecode() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      fastdecodePage(p);
    }
    return batch;
  }

  private void parquetJavaPage(int p) throws IOException {
    PlainValuesReader.LongPlainValuesReader r = new PlainValuesReader.LongPlainValuesReader();
    pages.init(r, p);
    BinaryBatch b = batch;
    b.clear();
    for (int i = 0; i < VALUES_PER_PAGE; i++) {
      long v = r.readLong();
      BigInteger unsigned = BigInteger.valueOf(v & Long.MAX_VALUE);
      if (v < 0) {
        unsigned = unsigned.setBit(Long.SIZE - 1);
      }
      byte[] bytes = unsigned.toByteArray();
      b.add(bytes, 0, bytes.length);
    }
  }

  private void viaStringPage(int p) throws IOException {
    PlainValuesReader.LongPlainValuesReader r = new PlainValuesReader.LongPlainValuesReader();
    pages.init(r, p);
    BinaryBatch b = batch;
    b.clear();
    for (int i = 0; i < VALUES_PER_PAGE; i++) {
      byte[] bytes = new BigInteger(Long.toUnsignedString(r.readLong())).toByteArray();
      b.add(bytes, 0, bytes.length);
    }
  }

  private void fastdecodePage(int p) throws IOException {
    BatchValuesReader r = fastReader;
    pages.init(r, p);
    batch.clear();
    r.readUnsignedLongsAsBigEndian(batch, VALUES_PER_PAGE);
  }
}
