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
import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.READS_PER_SKIPPED_PAGE;
import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.SKIP_RUN;
import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.VALUES_PER_PAGE;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
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
 * DELTA_BINARY_PACKED INT64 pages: ns per value to decode ({@code op=read}) or to skip 1023 values
 * and read the next, over the whole page ({@code op=skip}). Both count from {@code initFromPage},
 * where parquet-java decodes the whole page. {@code fastdecodeScalar} runs parquet-java's
 * per-value calls of each op on this library's reader.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public class DeltaBinaryPackedInt64Benchmark {
  /**
   * How parquet-java's per-value calls are compiled: {@code megamorphic} as in a column reader that
   * serves several encodings, or {@code inlined} (pass {@code -p callSite=inlined}) as its best case.
   * See {@link ParquetJavaCalls}.
   */
  @Param({"megamorphic"})
  String callSite;

  @Param({"constant", "monotonic", "smallDeltas", "wide"})
  String shape;

  @Param({"read", "skip"})
  String op;

  private final long[] values = new long[VALUES_PER_PAGE];
  private BatchValuesReader fastReader;
  private BenchmarkPages pages;
  private boolean skip;

  @Setup
  public void setup() {
    ParquetJavaCalls.prepare(callSite);
    skip = BenchmarkPages.isSkip(op);
    pages = pages(shape);
    fastReader = FastDecode.newValuesReader(ParquetJavaPages.column(PrimitiveTypeName.INT64), Encoding.DELTA_BINARY_PACKED);
    Verify.samePages("DELTA_BINARY_PACKED INT64 shape=" + shape + " op=" + op + " via " + fastReader, pages,
        skip ? READS_PER_SKIPPED_PAGE : VALUES_PER_PAGE, values, this::parquetJavaPage, values, this::fastdecodePage);
    Verify.samePages("DELTA_BINARY_PACKED INT64 shape=" + shape + " op=" + op + " via " + fastReader + " (per value)", pages,
        skip ? READS_PER_SKIPPED_PAGE : VALUES_PER_PAGE, values, this::parquetJavaPage, values, this::fastdecodeScalarPage);
  }

  /** The pages of a shape (also {@link TrinoDeltaBinaryPackedInt64Benchmark}'s). */
  static BenchmarkPages pages(String shape) {
    return BenchmarkPages.write(p -> ParquetJavaPages.deltaLongs(BenchmarkPages.integerShape(shape, p, 64),
        BenchmarkPages.DELTA_BLOCK_SIZE, BenchmarkPages.DELTA_MINIBLOCKS));
  }

  @Benchmark
  public long[] parquetJava() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      parquetJavaPage(p);
    }
    return values;
  }

  @Benchmark
  public long[] fastdecode() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      fastdecodePage(p);
    }
    return values;
  }

  /**
   * This library's reader through parquet-java's per-value calls, as parquet-java's column reader
   * makes them when this library's readers are plugged in.
   */
  @Benchmark
  public long[] fastdecodeScalar() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      fastdecodeScalarPage(p);
    }
    return values;
  }

  private void parquetJavaPage(int p) throws IOException {
    // One per page, as parquet-java's column reader does: this reader cannot be re-initialised.
    DeltaBinaryPackingValuesReader r = new DeltaBinaryPackingValuesReader();
    pages.init(r, p);
    perValue(r);
  }

  private void fastdecodeScalarPage(int p) throws IOException {
    pages.init(fastReader, p);
    perValue(fastReader);
  }

  private void perValue(ValuesReader r) {
    if (skip) {
      ParquetJavaCalls.skipAndReadLongs(r, values, READS_PER_SKIPPED_PAGE, SKIP_RUN);
    } else {
      ParquetJavaCalls.readLongs(r, values, VALUES_PER_PAGE);
    }
  }

  private void fastdecodePage(int p) throws IOException {
    BatchValuesReader r = fastReader;
    pages.init(r, p);
    if (skip) {
      for (int k = 0; k < READS_PER_SKIPPED_PAGE; k++) {
        r.skip(SKIP_RUN);
        values[k] = r.readLong();
      }
    } else {
      r.readLongs(values, 0, VALUES_PER_PAGE);
    }
  }
}
