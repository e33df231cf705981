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
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForDouble;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFLBA;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFloat;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForInteger;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForLong;
import org.apache.parquet.io.api.Binary;
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
 * BYTE_STREAM_SPLIT pages: ns per value to decode a page. {@code FLBA16} is a 16-byte
 * FIXED_LEN_BYTE_ARRAY (UUID, DECIMAL(38)): parquet-java returns one {@link Binary} per value, kept
 * in a reused array as a reader building a column would; fastdecode appends every value to one
 * reused {@link BinaryBatch}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public class ByteStreamSplitBenchmark {
  private static final int FLBA_LENGTH = 16;

  /**
   * How parquet-java's per-value calls are compiled: {@code megamorphic} as in a column reader that
   * serves several encodings, or {@code inlined} (pass {@code -p callSite=inlined}) as its best case.
   * See {@link ParquetJavaCalls}.
   */
  @Param({"megamorphic"})
  String callSite;

  @Param({"FLOAT", "DOUBLE", "INT32", "INT64", "FLBA16"})
  String type;

  private int[] ints;
  private long[] longs;
  private float[] floats;
  private double[] doubles;
  private Binary[] binaries;
  private BinaryBatch batch;
  /** Where each side's values land (the same array except for FLBA16); returned to consume them. */
  private Object parquetJavaDestination;
  private Object fastdecodeDestination;
  private PrimitiveTypeName physical;
  /** A new parquet-java reader for every page, as its column reader makes them. */
  private Supplier<ValuesReader> parquetJavaReaders;
  private BatchValuesReader fastReader;
  private BenchmarkPages pages;

  @Setup
  public void setup() {
    ParquetJavaCalls.prepare(callSite);
    ColumnDescriptor column;
    switch (type) {
      case "FLOAT":
        physical = PrimitiveTypeName.FLOAT;
        column = ParquetJavaPages.column(physical);
        parquetJavaDestination = fastdecodeDestination = floats = new float[VALUES_PER_PAGE];
        parquetJavaReaders = ByteStreamSplitValuesReaderForFloat::new;
        break;
      case "DOUBLE":
        physical = PrimitiveTypeName.DOUBLE;
        column = ParquetJavaPages.column(physical);
        parquetJavaDestination = fastdecodeDestination = doubles = new double[VALUES_PER_PAGE];
        parquetJavaReaders = ByteStreamSplitValuesReaderForDouble::new;
        break;
      case "INT32":
        physical = PrimitiveTypeName.INT32;
        column = ParquetJavaPages.column(physical);
        parquetJavaDestination = fastdecodeDestination = ints = new int[VALUES_PER_PAGE];
        parquetJavaReaders = ByteStreamSplitValuesReaderForInteger::new;
        break;
      case "INT64":
        physical = PrimitiveTypeName.INT64;
        column = ParquetJavaPages.column(physical);
        parquetJavaDestination = fastdecodeDestination = longs = new long[VALUES_PER_PAGE];
        parquetJavaReaders = ByteStreamSplitValuesReaderForLong::new;
        break;
      case "FLBA16":
        physical = PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
        column = ParquetJavaPages.column(physical, FLBA_LENGTH);
        parquetJavaDestination = binaries = new Binary[VALUES_PER_PAGE];
        // Sized for a whole page up front, so the timed loop never grows it.
        fastdecodeDestination = batch = new BinaryBatch(VALUES_PER_PAGE, VALUES_PER_PAGE * FLBA_LENGTH);
        parquetJavaReaders = () -> new ByteStreamSplitValuesReaderForFLBA(FLBA_LENGTH);
        break;
      default:
        throw new IllegalArgumentException("unknown type " + type + "; known: FLOAT, DOUBLE, INT32, INT64, FLBA16");
    }
    pages = pages(type);
    fastReader = FastDecode.newValuesReader(column, Encoding.BYTE_STREAM_SPLIT);
    Verify.samePages("BYTE_STREAM_SPLIT " + type + " via " + fastReader, pages, VALUES_PER_PAGE,
        parquetJavaDestination, this::parquetJavaPage, fastdecodeDestination, this::fastdecodePage);
    Verify.samePages("BYTE_STREAM_SPLIT " + type + " per value via " + fastReader, pages, VALUES_PER_PAGE,
        parquetJavaDestination, this::parquetJavaPage, parquetJavaDestination, this::fastdecodeScalarPage);
  }

  /** The pages of a type (also {@link TrinoByteStreamSplitBenchmark}'s). */
  static BenchmarkPages pages(String type) {
    switch (type) {
      case "FLOAT":
        return BenchmarkPages.write(p -> ParquetJavaPages.bssFloats(DataShapes.floats(VALUES_PER_PAGE, BenchmarkPages.seed(p))));
      case "DOUBLE":
        return BenchmarkPages.write(p -> ParquetJavaPages.bssDoubles(DataShapes.doubles(VALUES_PER_PAGE, BenchmarkPages.seed(p))));
      case "INT32":
        return BenchmarkPages.write(p -> ParquetJavaPages.bssInts(DataShapes.wide(VALUES_PER_PAGE, BenchmarkPages.seed(p), 32)));
      case "INT64":
        return BenchmarkPages.write(p -> ParquetJavaPages.bssLongs(DataShapes.wide(VALUES_PER_PAGE, BenchmarkPages.seed(p), 64)));
      case "FLBA16":
        return BenchmarkPages.write(p -> ParquetJavaPages.bssFixed(
            DataShapes.fixedBytes(VALUES_PER_PAGE, FLBA_LENGTH, BenchmarkPages.seed(p)), FLBA_LENGTH));
      default:
        throw new IllegalArgumentException("unknown type " + type + "; known: FLOAT, DOUBLE, INT32, INT64, FLBA16");
    }
  }

  @Benchmark
  public Object parquetJava() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      parquetJavaPage(p);
    }
    return parquetJavaDestination;
  }

  @Benchmark
  public Object fastdecode() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      fastdecodePage(p);
    }
    return fastdecodeDestination;
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
    return parquetJavaDestination;
  }

  private void parquetJavaPage(int p) throws IOException {
    ValuesReader r = parquetJavaReaders.get();
    pages.init(r, p);
    perValue(r);
  }

  private void fastdecodeScalarPage(int p) throws IOException {
    pages.init(fastReader, p);
    perValue(fastReader);
  }

  private void perValue(ValuesReader r) {
    switch (physical) {
      case FLOAT:
        ParquetJavaCalls.readFloats(r, floats, VALUES_PER_PAGE);
        break;
      case DOUBLE:
        ParquetJavaCalls.readDoubles(r, doubles, VALUES_PER_PAGE);
        break;
      case INT32:
        ParquetJavaCalls.readIntegers(r, ints, VALUES_PER_PAGE);
        break;
      case INT64:
        ParquetJavaCalls.readLongs(r, longs, VALUES_PER_PAGE);
        break;
      default:
        ParquetJavaCalls.readBytes(r, binaries, VALUES_PER_PAGE);
        break;
    }
  }

  private void fastdecodePage(int p) throws IOException {
    BatchValuesReader r = fastReader;
    pages.init(r, p);
    switch (physical) {
      case FLOAT:
        r.readFloats(floats, 0, VALUES_PER_PAGE);
        break;
      case DOUBLE:
        r.readDoubles(doubles, 0, VALUES_PER_PAGE);
        break;
      case INT32:
        r.readIntegers(ints, 0, VALUES_PER_PAGE);
        break;
      case INT64:
        r.readLongs(longs, 0, VALUES_PER_PAGE);
        break;
      default:
        batch.clear();
        r.readBinaries(batch, VALUES_PER_PAGE);
        break;
    }
  }
}
