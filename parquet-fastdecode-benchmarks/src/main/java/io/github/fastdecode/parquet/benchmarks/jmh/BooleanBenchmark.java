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
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.plain.BooleanPlainValuesReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesReader;
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
 * BOOLEAN pages, PLAIN (bit-packed, the V1 writer's choice) or RLE (length-prefixed hybrid, the V2
 * writer's): ns per value to decode into a {@code boolean[]}. {@code shape=random} is fair coin
 * flips; {@code shape=runs} is runs of every length 1..70 of random values, so an RLE page mixes
 * bit-packed groups and RLE runs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public class BooleanBenchmark {
  /**
   * How parquet-java's per-value calls are compiled: {@code megamorphic} as in a column reader that
   * serves several encodings, or {@code inlined} (pass {@code -p callSite=inlined}) as its best case.
   * See {@link ParquetJavaCalls}.
   */
  @Param({"megamorphic"})
  String callSite;

  @Param({"PLAIN", "RLE"})
  String encoding;

  @Param({"random", "runs"})
  String shape;

  private final boolean[] values = new boolean[VALUES_PER_PAGE];
  /** A new parquet-java reader for every page, as its column reader makes them. */
  private Supplier<ValuesReader> parquetJavaReaders;
  private BatchValuesReader fastReader;
  private BenchmarkPages pages;

  @Setup
  public void setup() {
    ParquetJavaCalls.prepare(callSite);
    Encoding enc;
    switch (encoding) {
      case "PLAIN":
        enc = Encoding.PLAIN;
        parquetJavaReaders = BooleanPlainValuesReader::new;
        break;
      case "RLE":
        enc = Encoding.RLE;
        parquetJavaReaders = () -> new RunLengthBitPackingHybridValuesReader(1);
        break;
      default:
        throw new IllegalArgumentException("unknown encoding " + encoding + "; known: PLAIN, RLE");
    }
    pages = pages(encoding, shape);
    fastReader = FastDecode.newValuesReader(ParquetJavaPages.column(PrimitiveTypeName.BOOLEAN), enc);
    Verify.samePages(encoding + " BOOLEAN shape=" + shape + " via " + fastReader, pages, VALUES_PER_PAGE,
        values, this::parquetJavaPage, values, this::fastdecodePage);
  }

  /** The pages of an encoding and shape (also {@link TrinoBooleanBenchmark}'s). */
  static BenchmarkPages pages(String encoding, String shape) {
    switch (encoding) {
      case "PLAIN":
        return BenchmarkPages.write(p -> ParquetJavaPages.plainBooleans(page(shape, p)));
      case "RLE":
        return BenchmarkPages.write(p -> ParquetJavaPages.rleLengthPrefixed(BenchmarkPages.asBits(page(shape, p)), 1));
      default:
        throw new IllegalArgumentException("unknown encoding " + encoding + "; known: PLAIN, RLE");
    }
  }

  private static boolean[] page(String shape, int p) {
    switch (shape) {
      case "random":
        return DataShapes.booleanShapes(VALUES_PER_PAGE, BenchmarkPages.seed(p)).get("random");
      case "runs":
        int[] bits = BenchmarkPages.idShape("runs1to70", p, 1);
        boolean[] b = new boolean[bits.length];
        for (int i = 0; i < bits.length; i++) {
          b[i] = bits[i] != 0;
        }
        return b;
      default:
        throw new IllegalArgumentException("unknown shape " + shape + "; known: random, runs");
    }
  }

  @Benchmark
  public boolean[] parquetJava() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      parquetJavaPage(p);
    }
    return values;
  }

  @Benchmark
  public boolean[] fastdecode() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      fastdecodePage(p);
    }
    return values;
  }

  private void parquetJavaPage(int p) throws IOException {
    ValuesReader r = parquetJavaReaders.get();
    pages.init(r, p);
    ParquetJavaCalls.readBooleans(r, values, VALUES_PER_PAGE);
  }

  private void fastdecodePage(int p) throws IOException {
    BatchValuesReader r = fastReader;
    pages.init(r, p);
    r.readBooleans(values, 0, VALUES_PER_PAGE);
  }
}
