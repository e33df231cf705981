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

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.api.Binary;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What the Trino benchmarks share. Each {@code Trino<Name>Benchmark} measures Trino's decoders
 * ({@link TrinoContender}) on the pages of {@code <Name>Benchmark}, built by the same code from the
 * same seeds, for the parameter values Trino has a decoder for; its {@code trino} method is the
 * third column of that class in the report. They are classes of their own, not a method of the
 * paired class, because Trino lacks some of the paired class's cases (INT32 delta read as doubles,
 * BYTE_STREAM_SPLIT of INT32, INT64 and FIXED_LEN_BYTE_ARRAY), and because they run in JDK 25
 * forks only: the runner leaves them out of other forks by name ({@link TrinoContender#BENCHMARKS}).
 *
 * <p>In setup, Trino's values for every page are checked against parquet-java's ({@link Verify}),
 * as the other contenders' are. A fork that cannot load Trino's decoders fails in setup, naming why.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public abstract class TrinoBenchmark {
  BenchmarkPages pages;
  TrinoContender.PageDecoder decoder;
  /** The {@code op=skip} pattern: skip 1023 values, read one, to the end of each page. */
  boolean skip;
  /** Trino's vector decoding forced on or off, or null (every benchmark run) for Trino's own choice; tests set it. */
  Boolean vectorized;
  private String describe;

  /** Returns the values (or non-null rows) decoded, so nothing is dead code. */
  @Benchmark
  public int trino() {
    int n = 0;
    for (int p = 0; p < PAGES; p++) {
      n += trinoPage(p);
    }
    return n;
  }

  int trinoPage(int p) {
    byte[] page = pages.bytes(p);
    return skip ? decoder.skipPage(page, READS_PER_SKIPPED_PAGE, SKIP_RUN) : decoder.readPage(page, VALUES_PER_PAGE);
  }

  /** Trino's decoders with Trino's own choice of vector decoding; a failed setup where they cannot run. */
  TrinoContender.Factory loadTrino() {
    TrinoContender.Factory factory = TrinoContender.load(vectorized);
    describe = factory.describe();
    // In the fork's output (JMH's log), where JMH runs setup: after "# Warmup Iteration   1: ",
    // before that iteration's score. Says which of Trino's code paths ran.
    System.out.print("[" + describe + "] ");
    return factory;
  }

  /** Values a skipping or reading benchmark checks per page. */
  int checkedValues() {
    return skip ? READS_PER_SKIPPED_PAGE : VALUES_PER_PAGE;
  }

  /**
   * Checks every page: parquet-java's values (from {@code expected} into {@code expectedDst}) and
   * Trino's, in Trino's destination array or, where it has none, exported into {@code exportTarget}.
   */
  void verify(String label, Object expectedDst, Verify.PageDecoder expected, Object exportTarget) {
    int count = checkedValues();
    String where = label + " via " + describe;
    Object dst = decoder.destination();
    if (dst != null) {
      Verify.samePages(where, pages, count, expectedDst, expected, dst, this::trinoPage);
    } else {
      Verify.samePages(where, pages, count, expectedDst, expected, exportTarget, p -> {
        trinoPage(p);
        decoder.export(exportTarget, count);
      });
    }
  }

  /**
   * parquet-java's reading of page {@code p} into {@code dst} ({@code int[]}, {@code long[]}, {@code
   * float[]}, {@code double[]}, {@code boolean[]} or {@code Binary[]}), a new reader per page: the
   * reference the check compares with. Not timed.
   */
  Verify.PageDecoder parquetJava(Supplier<ValuesReader> readers, Object dst) {
    return p -> {
      ValuesReader r = readers.get();
      pages.init(r, p);
      if (dst instanceof int[]) {
        if (skip) {
          ParquetJavaCalls.skipAndReadIntegers(r, (int[]) dst, READS_PER_SKIPPED_PAGE, SKIP_RUN);
        } else {
          ParquetJavaCalls.readIntegers(r, (int[]) dst, VALUES_PER_PAGE);
        }
      } else if (dst instanceof long[]) {
        if (skip) {
          ParquetJavaCalls.skipAndReadLongs(r, (long[]) dst, READS_PER_SKIPPED_PAGE, SKIP_RUN);
        } else {
          ParquetJavaCalls.readLongs(r, (long[]) dst, VALUES_PER_PAGE);
        }
      } else if (dst instanceof Binary[]) {
        if (skip) {
          ParquetJavaCalls.skipAndReadBytes(r, (Binary[]) dst, READS_PER_SKIPPED_PAGE, SKIP_RUN);
        } else {
          ParquetJavaCalls.readBytes(r, (Binary[]) dst, VALUES_PER_PAGE);
        }
      } else if (skip) {
        throw new IllegalArgumentException("no skip reference for " + dst.getClass().getSimpleName());
      } else if (dst instanceof float[]) {
        ParquetJavaCalls.readFloats(r, (float[]) dst, VALUES_PER_PAGE);
      } else if (dst instanceof double[]) {
        ParquetJavaCalls.readDoubles(r, (double[]) dst, VALUES_PER_PAGE);
      } else if (dst instanceof boolean[]) {
        ParquetJavaCalls.readBooleans(r, (boolean[]) dst, VALUES_PER_PAGE);
      } else {
        throw new IllegalArgumentException("no reference for " + dst.getClass().getSimpleName());
      }
    };
  }
}
