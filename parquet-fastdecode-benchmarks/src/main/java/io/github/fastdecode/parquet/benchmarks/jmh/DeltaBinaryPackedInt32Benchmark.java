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
 * DELTA_BINARY_PACKED INT32 pages: ns per value to decode into {@code int[]} ({@code op=read}),
 * widened into {@code long[]} ({@code asLong}) or {@code double[]} ({@code asDouble}), or to skip
 * 1023 values and read the next over the whole page ({@code skip}). {@code int32Overflow}
 * alternates INT32 MIN and MAX, so every delta needs 32 bits and wraps. {@code fastdecodeScalar}
 * runs parquet-java's per-value calls of each op on this library's reader.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public class DeltaBinaryPackedInt32Benchmark {
  private static final int READ = 0;
  private static final int SKIP = 1;
  private static final int AS_LONG = 2;
  private static final int AS_DOUBLE = 3;

  /**
   * How parquet-java's per-value calls are compiled: {@code megamorphic} as in a column reader that
   * serves several encodings, or {@code inlined} (pass {@code -p callSite=inlined}) as its best case.
   * See {@link ParquetJavaCalls}.
   */
  @Param({"megamorphic"})
  String callSite;

  @Param({"constant", "monotonic", "smallDeltas", "wide", "int32Overflow"})
  String shape;

  @Param({"read", "skip", "asLong", "asDouble"})
  String op;

  private final int[] ints = new int[VALUES_PER_PAGE];
  private long[] longs;
  private double[] doubles;
  private BatchValuesReader fastReader;
  private BenchmarkPages pages;
  private int operation;
  /** The op's destination, returned so the decoded values are consumed. */
  private Object destination;

  @Setup
  public void setup() {
    ParquetJavaCalls.prepare(callSite);
    int count = VALUES_PER_PAGE;
    destination = ints;
    switch (op) {
      case "read":
        operation = READ;
        break;
      case "skip":
        operation = SKIP;
        count = READS_PER_SKIPPED_PAGE;
        break;
      case "asLong":
        operation = AS_LONG;
        destination = longs = new long[VALUES_PER_PAGE];
        break;
      case "asDouble":
        operation = AS_DOUBLE;
        destination = doubles = new double[VALUES_PER_PAGE];
        break;
      default:
        throw new IllegalArgumentException("unknown op " + op + "; known: read, skip, asLong, asDouble");
    }
    pages = pages(shape);
    fastReader = FastDecode.newValuesReader(ParquetJavaPages.column(PrimitiveTypeName.INT32), Encoding.DELTA_BINARY_PACKED);
    Verify.samePages("DELTA_BINARY_PACKED INT32 shape=" + shape + " op=" + op + " via " + fastReader, pages, count,
        destination, this::parquetJavaPage, destination, this::fastdecodePage);
    Verify.samePages("DELTA_BINARY_PACKED INT32 shape=" + shape + " op=" + op + " via " + fastReader + " (per value)", pages, count,
        destination, this::parquetJavaPage, destination, this::fastdecodeScalarPage);
  }

  /** The pages of a shape (also {@link TrinoDeltaBinaryPackedInt32Benchmark}'s). */
  static BenchmarkPages pages(String shape) {
    return BenchmarkPages.write(p -> ParquetJavaPages.deltaInts(BenchmarkPages.integerShape(shape, p, 32),
        BenchmarkPages.DELTA_BLOCK_SIZE, BenchmarkPages.DELTA_MINIBLOCKS));
  }

  @Benchmark
  public Object parquetJava() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      parquetJavaPage(p);
    }
    return destination;
  }

  @Benchmark
  public Object fastdecode() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      fastdecodePage(p);
    }
    return destination;
  }

  /**
   * This library's reader through parquet-java's per-value calls, as parquet-java's column reader
   * makes them when this library's readers are plugged in.
   */
  @Benchmark
  public Object fastdecodeScalar() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      fastdecodeScalarPage(p);
    }
    return destination;
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
    switch (operation) {
      case READ:
        ParquetJavaCalls.readIntegers(r, ints, VALUES_PER_PAGE);
        break;
      case SKIP:
        ParquetJavaCalls.skipAndReadIntegers(r, ints, READS_PER_SKIPPED_PAGE, SKIP_RUN);
        break;
      case AS_LONG:
        ParquetJavaCalls.readIntegersAsLongs(r, longs, VALUES_PER_PAGE);
        break;
      default:
        ParquetJavaCalls.readIntegersAsDoubles(r, doubles, VALUES_PER_PAGE);
        break;
    }
  }

  private void fastdecodePage(int p) throws IOException {
    BatchValuesReader r = fastReader;
    pages.init(r, p);
    switch (operation) {
      case READ:
        r.readIntegers(ints, 0, VALUES_PER_PAGE);
        break;
      case SKIP:
        for (int k = 0; k < READS_PER_SKIPPED_PAGE; k++) {
          r.skip(SKIP_RUN);
          ints[k] = r.readInteger();
        }
        break;
      case AS_LONG:
        r.readIntegersAsLongs(longs, 0, VALUES_PER_PAGE);
        break;
      default:
        r.readIntegersAsDoubles(doubles, 0, VALUES_PER_PAGE);
        break;
    }
  }
}
