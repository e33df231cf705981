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

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.BinaryBatch;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.io.api.Binary;
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
 * What the writer benchmarks share: an invocation writes {@link BenchmarkPages#PAGES} pages of
 * {@link BenchmarkPages#VALUES_PER_PAGE} values through one writer, as a column writer does (write,
 * {@code getBytes().toByteArray()}, {@code reset()} per page), with parquet-java's writer (one
 * scalar call per value, see {@link ParquetJavaWriterCalls}) and with this library's (one bulk call
 * per page). Setup checks both write the same bytes. Scores are ns per value.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public abstract class WriterBenchmark {
  static final ByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();
  /** parquet-java's defaults: 64 KiB initial slab... */
  static final int SLAB = 64 * 1024;
  /** ...growing towards a 1 MiB page. */
  static final int PAGE = 1024 * 1024;

  /** {@code megamorphic} (default) or {@code inlined}: see {@link ParquetJavaWriterCalls}. */
  @Param({"megamorphic"})
  public String callSite;

  /**
   * The values of each page: {@code int[]}, {@code long[]}, {@code float[]}, {@code double[]},
   * {@code boolean[]} or {@link BinaryPage}.
   */
  Object[] pages;
  ValuesWriter parquetJavaWriter;
  BatchValuesWriter fastWriter;

  /** Fills {@link #pages} and creates both writers. */
  abstract void prepare();

  @Setup
  public void setup() throws IOException {
    ParquetJavaWriterCalls.prepare(callSite);
    prepare();
    for (int p = 0; p < PAGES; p++) {
      byte[] expected = parquetJavaPage(p);
      byte[] got = fastdecodePage(p);
      if (!Arrays.equals(expected, got)) {
        throw new IllegalStateException(getClass().getSimpleName() + ": page " + p + " differs from parquet-java's (seed "
            + BenchmarkPages.seed(p) + ")");
      }
    }
  }

  @Benchmark
  public int parquetJava() throws IOException {
    int bytes = 0;
    for (int p = 0; p < PAGES; p++) {
      bytes += parquetJavaPage(p).length;
    }
    return bytes;
  }

  @Benchmark
  public int fastdecode() throws IOException {
    int bytes = 0;
    for (int p = 0; p < PAGES; p++) {
      bytes += fastdecodePage(p).length;
    }
    return bytes;
  }

  private byte[] parquetJavaPage(int p) throws IOException {
    ValuesWriter w = parquetJavaWriter;
    Object v = pages[p];
    if (v instanceof int[]) {
      ParquetJavaWriterCalls.writeIntegers(w, (int[]) v, VALUES_PER_PAGE);
    } else if (v instanceof long[]) {
      ParquetJavaWriterCalls.writeLongs(w, (long[]) v, VALUES_PER_PAGE);
    } else if (v instanceof float[]) {
      ParquetJavaWriterCalls.writeFloats(w, (float[]) v, VALUES_PER_PAGE);
    } else if (v instanceof boolean[]) {
      ParquetJavaWriterCalls.writeBooleans(w, (boolean[]) v, VALUES_PER_PAGE);
    } else if (v instanceof BinaryPage) {
      ParquetJavaWriterCalls.writeBinaries(w, ((BinaryPage) v).binaries, VALUES_PER_PAGE);
    } else {
      ParquetJavaWriterCalls.writeDoubles(w, (double[]) v, VALUES_PER_PAGE);
    }
    byte[] bytes = w.getBytes().toByteArray();
    w.reset();
    return bytes;
  }

  private byte[] fastdecodePage(int p) throws IOException {
    BatchValuesWriter w = fastWriter;
    Object v = pages[p];
    if (v instanceof int[]) {
      w.writeIntegers((int[]) v, 0, VALUES_PER_PAGE);
    } else if (v instanceof long[]) {
      w.writeLongs((long[]) v, 0, VALUES_PER_PAGE);
    } else if (v instanceof float[]) {
      w.writeFloats((float[]) v, 0, VALUES_PER_PAGE);
    } else if (v instanceof boolean[]) {
      w.writeBooleans((boolean[]) v, 0, VALUES_PER_PAGE);
    } else if (v instanceof BinaryPage) {
      w.writeBinaries(((BinaryPage) v).batch, 0, VALUES_PER_PAGE);
    } else {
      w.writeDoubles((double[]) v, 0, VALUES_PER_PAGE);
    }
    byte[] bytes = w.getBytes().toByteArray();
    w.reset();
    return bytes;
  }

  /** One page of byte-array values both ways: parquet-java's {@link Binary}s and the same bytes as a batch. */
  static final class BinaryPage {
    final Binary[] binaries;
    final BinaryBatch batch = new BinaryBatch();

    BinaryPage(byte[][] values) {
      binaries = new Binary[values.length];
      for (int i = 0; i < values.length; i++) {
        binaries[i] = Binary.fromConstantByteArray(values[i]);
        batch.add(values[i], 0, values[i].length);
      }
    }
  }

  /** {@code count} random values of {@code length} bytes each (fixed-length columns). */
  static byte[][] fixedLength(int count, int length, long seed) {
    java.util.Random r = new java.util.Random(seed);
    byte[][] v = new byte[count][length];
    for (byte[] b : v) {
      r.nextBytes(b);
    }
    return v;
  }

  static boolean[] booleans(long[] v) {
    boolean[] a = new boolean[v.length];
    for (int i = 0; i < v.length; i++) {
      a[i] = (v[i] & 1) != 0;
    }
    return a;
  }

  static int[] ints(long[] v) {
    int[] a = new int[v.length];
    for (int i = 0; i < v.length; i++) {
      a[i] = (int) v[i];
    }
    return a;
  }
}
