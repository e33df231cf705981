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
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.io.IOException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.plain.PlainValuesReader;
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
 * PLAIN fixed-width pages: ns per value for parquet-java, for fastdecode, and for {@code copy}, a
 * bulk little-endian copy of the same bytes into the same array with {@code java.nio} (no decoding
 * at all): the ceiling PLAIN decoding is measured against.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public class PlainBenchmark {
  /**
   * How parquet-java's per-value calls are compiled: {@code megamorphic} as in a column reader that
   * serves several encodings, or {@code inlined} (pass {@code -p callSite=inlined}) as its best case.
   * See {@link ParquetJavaCalls}.
   */
  @Param({"megamorphic"})
  String callSite;

  @Param({"INT32", "INT64", "FLOAT", "DOUBLE"})
  String type;

  private PrimitiveTypeName physical;

  private int[] ints;
  private long[] longs;
  private float[] floats;
  private double[] doubles;
  private Object destination;
  /** Little-endian typed views of each page, made once: {@code copy} allocates nothing. */
  private Buffer[] views;
  /** A new parquet-java reader for every page, as its column reader makes them. */
  private Supplier<ValuesReader> parquetJavaReaders;
  private BatchValuesReader fastReader;
  private BenchmarkPages pages;

  @Setup
  public void setup() {
    ParquetJavaCalls.prepare(callSite);
    physical = physicalType(type);
    switch (physical) {
      case INT32:
        destination = ints = new int[VALUES_PER_PAGE];
        parquetJavaReaders = PlainValuesReader.IntegerPlainValuesReader::new;
        break;
      case INT64:
        destination = longs = new long[VALUES_PER_PAGE];
        parquetJavaReaders = PlainValuesReader.LongPlainValuesReader::new;
        break;
      case FLOAT:
        destination = floats = new float[VALUES_PER_PAGE];
        parquetJavaReaders = PlainValuesReader.FloatPlainValuesReader::new;
        break;
      case DOUBLE:
        destination = doubles = new double[VALUES_PER_PAGE];
        parquetJavaReaders = PlainValuesReader.DoublePlainValuesReader::new;
        break;
      default:
        throw new AssertionError(physical);
    }
    pages = pages(physical);
    views = new Buffer[PAGES];
    for (int p = 0; p < PAGES; p++) {
      ByteBuffer b = ByteBuffer.wrap(pages.bytes(p)).order(ByteOrder.LITTLE_ENDIAN);
      views[p] = physical == PrimitiveTypeName.INT32 ? b.asIntBuffer()
          : physical == PrimitiveTypeName.INT64 ? b.asLongBuffer()
          : physical == PrimitiveTypeName.FLOAT ? b.asFloatBuffer()
          : b.asDoubleBuffer();
    }
    fastReader = FastDecode.newValuesReader(ParquetJavaPages.column(physical), Encoding.PLAIN);
    String label = "PLAIN " + type + " via " + fastReader;
    Verify.samePages(label, pages, VALUES_PER_PAGE, destination, this::parquetJavaPage, destination, this::fastdecodePage);
    Verify.samePages(label + " (per value)", pages, VALUES_PER_PAGE, destination, this::parquetJavaPage, destination, this::fastdecodeScalarPage);
    Verify.samePages(label + " (copy)", pages, VALUES_PER_PAGE, destination, this::parquetJavaPage, destination, this::copyPage);
  }

  /** The pages of a type (also {@link TrinoPlainBenchmark}'s). */
  static BenchmarkPages pages(PrimitiveTypeName physical) {
    switch (physical) {
      case INT32:
        return BenchmarkPages.write(p -> ParquetJavaPages.plainInts(DataShapes.wide(VALUES_PER_PAGE, BenchmarkPages.seed(p), 32)));
      case INT64:
        return BenchmarkPages.write(p -> ParquetJavaPages.plainLongs(DataShapes.wide(VALUES_PER_PAGE, BenchmarkPages.seed(p), 64)));
      case FLOAT:
        return BenchmarkPages.write(p -> ParquetJavaPages.plainFloats(DataShapes.floats(VALUES_PER_PAGE, BenchmarkPages.seed(p))));
      case DOUBLE:
        return BenchmarkPages.write(p -> ParquetJavaPages.plainDoubles(DataShapes.doubles(VALUES_PER_PAGE, BenchmarkPages.seed(p))));
      default:
        throw new IllegalArgumentException("no PLAIN benchmark pages for " + physical);
    }
  }

  static PrimitiveTypeName physicalType(String type) {
    switch (type) {
      case "INT32":
      case "INT64":
      case "FLOAT":
      case "DOUBLE":
        return PrimitiveTypeName.valueOf(type);
      default:
        throw new IllegalArgumentException("unknown type " + type + "; known: INT32, INT64, FLOAT, DOUBLE");
    }
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

  @Benchmark
  public Object copy() {
    for (int p = 0; p < PAGES; p++) {
      copyPage(p);
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
      case INT32:
        ParquetJavaCalls.readIntegers(r, ints, VALUES_PER_PAGE);
        break;
      case INT64:
        ParquetJavaCalls.readLongs(r, longs, VALUES_PER_PAGE);
        break;
      case FLOAT:
        ParquetJavaCalls.readFloats(r, floats, VALUES_PER_PAGE);
        break;
      default:
        ParquetJavaCalls.readDoubles(r, doubles, VALUES_PER_PAGE);
        break;
    }
  }

  private void fastdecodePage(int p) throws IOException {
    BatchValuesReader r = fastReader;
    pages.init(r, p);
    switch (physical) {
      case INT32:
        r.readIntegers(ints, 0, VALUES_PER_PAGE);
        break;
      case INT64:
        r.readLongs(longs, 0, VALUES_PER_PAGE);
        break;
      case FLOAT:
        r.readFloats(floats, 0, VALUES_PER_PAGE);
        break;
      default:
        r.readDoubles(doubles, 0, VALUES_PER_PAGE);
        break;
    }
  }

  private void copyPage(int p) {
    // Absolute bulk gets: no position to reset, nothing allocated.
    switch (physical) {
      case INT32:
        ((IntBuffer) views[p]).get(0, ints, 0, VALUES_PER_PAGE);
        break;
      case INT64:
        ((LongBuffer) views[p]).get(0, longs, 0, VALUES_PER_PAGE);
        break;
      case FLOAT:
        ((FloatBuffer) views[p]).get(0, floats, 0, VALUES_PER_PAGE);
        break;
      default:
        ((DoubleBuffer) views[p]).get(0, doubles, 0, VALUES_PER_PAGE);
        break;
    }
  }
}
