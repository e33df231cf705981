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

import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.rle.RleValuesReader;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesReader;
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
 * Definition levels of an optional top-level column (max level 1) in a V1 data page (the
 * length-prefixed RLE / bit-packed hybrid, written by parquet-java): ns per level to decode them
 * into an {@code int[]} and count the non-null rows, the first thing a reader does with every
 * page. Nulls are placed at random, so at 10% and 50% the page is mostly bit-packed; at 0% it is
 * one RLE run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public class DefinitionLevelsBenchmark {
  private static final int MAX_LEVEL = 1;

  /**
   * How parquet-java's per-value calls are compiled: {@code megamorphic} as in a column reader that
   * serves several encodings, or {@code inlined} (pass {@code -p callSite=inlined}) as its best case.
   * See {@link ParquetJavaCalls}.
   */
  @Param({"megamorphic"})
  String callSite;

  @Param({"0", "10", "50"})
  int nullPercent;

  private final int[] levels = new int[VALUES_PER_PAGE];
  private final boolean[] nulls = new boolean[VALUES_PER_PAGE];
  /** {@link #fastdecodeNullMaskIfNulls}'s mask: left as it was on a page without nulls. */
  private final boolean[] ifNullsMask = new boolean[VALUES_PER_PAGE];
  private final long[] validity = new long[(VALUES_PER_PAGE + 63) / 64];
  private RleValuesReader fastReader;
  private BenchmarkPages pages;

  @Setup
  public void setup() {
    ParquetJavaCalls.prepare(callSite);
    pages = pages(nullPercent);
    fastReader = RleValuesReader.forLevels(MAX_LEVEL, true);
    Verify.samePagesAndCounts("RLE definition levels nullPercent=" + nullPercent + " via " + fastReader, pages,
        VALUES_PER_PAGE, levels, this::parquetJavaPage, levels, this::fastdecodePage);
    for (int p = 0; p < PAGES; p++) {
      int nonNull;
      int maskNonNull;
      int ifNullsNonNull;
      int bitsNonNull;
      try {
        nonNull = parquetJavaPage(p);
        maskNonNull = fastdecodeNullMaskPage(p);
        // The two that may leave their output unwritten start from stale values.
        Arrays.fill(ifNullsMask, true);
        ifNullsNonNull = fastdecodeNullMaskIfNullsPage(p);
        Arrays.fill(validity, 0x5EED_5EEDL);
        int fromBytesNonNull = fastdecodeValidityBitsFromBytesPage(p);
        long[] fromBytes = validity.clone();
        Arrays.fill(validity, 0x5EED_5EEDL);
        bitsNonNull = fastdecodeValidityBitsPage(p);
        if (fromBytesNonNull != bitsNonNull || !Arrays.equals(fromBytes, validity)) {
          throw new IllegalStateException("page " + p + ": validity bits from the array differ from those from the stream");
        }
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
      boolean noNulls = nonNull == VALUES_PER_PAGE;
      for (int i = 0; i < VALUES_PER_PAGE; i++) {
        boolean valid = noNulls || (validity[i >>> 6] >>> i & 1) != 0;
        boolean ifNullsNull = !noNulls && ifNullsMask[i];
        if (nulls[i] != (levels[i] != MAX_LEVEL) || valid != (levels[i] == MAX_LEVEL) || maskNonNull != nonNull
            || bitsNonNull != nonNull || ifNullsNonNull != nonNull || ifNullsNull != (levels[i] != MAX_LEVEL)) {
          throw new IllegalStateException("RLE definition levels null mask nullPercent=" + nullPercent + " page " + p
              + " value " + i + ": null " + nulls[i] + ", level " + levels[i] + "; non-null " + maskNonNull + ", "
              + ifNullsNonNull + ", " + bitsNonNull + ", parquet-java " + nonNull);
        }
      }
      if (noNulls && (validity[0] != 0x5EED_5EEDL || !ifNullsMask[0])) {
        throw new IllegalStateException("no nulls on page " + p + ", yet the validity bits or the mask were written");
      }
    }
  }

  /** The pages of a null percentage (also {@link TrinoDefinitionLevelsBenchmark}'s). */
  static BenchmarkPages pages(int nullPercent) {
    return BenchmarkPages.write(p -> ParquetJavaPages.rleLengthPrefixed(BenchmarkPages.definitionLevels(p, nullPercent), 1));
  }

  /** Returns the non-null rows of all pages, so the counting is not dead code. */
  @Benchmark
  public int parquetJava() throws IOException {
    int nonNull = 0;
    for (int p = 0; p < PAGES; p++) {
      nonNull += parquetJavaPage(p);
    }
    return nonNull;
  }

  @Benchmark
  public int fastdecode() throws IOException {
    int nonNull = 0;
    for (int p = 0; p < PAGES; p++) {
      nonNull += fastdecodePage(p);
    }
    return nonNull;
  }

  /**
   * The null mask ({@code boolean[]}, true where null) and the non-null count, without the levels:
   * what a flat optional column's batch holds ({@link #fastdecode} writes an int per level), through
   * {@code RleValuesReader.readNullMask}, which writes every row. Not like for like with {@link
   * TrinoDefinitionLevelsBenchmark}: Trino's nulls decoder writes a bit per row into its bitmap, this
   * a byte per row (8 times the bytes written at 10% and 50% nulls); {@link #fastdecodeValidityBits}
   * is the like-for-like figure.
   */
  @Benchmark
  public int fastdecodeNullMask() throws IOException {
    int nonNull = 0;
    for (int p = 0; p < PAGES; p++) {
      nonNull += fastdecodeNullMaskPage(p);
    }
    return nonNull;
  }

  /**
   * {@link #fastdecodeNullMask} through {@code RleValuesReader.readNullMaskIfNulls}, which leaves
   * the mask unwritten when the page has no nulls (the count says so): at 0% nulls it parses the
   * one RLE run's header and writes nothing, as Trino's decoder does; at 10% and 50% it is the
   * same work as {@link #fastdecodeNullMask}.
   */
  @Benchmark
  public int fastdecodeNullMaskIfNulls() throws IOException {
    int nonNull = 0;
    for (int p = 0; p < PAGES; p++) {
      nonNull += fastdecodeNullMaskIfNullsPage(p);
    }
    return nonNull;
  }

  /**
   * A validity bitmap (bit set where the value is defined, 64 rows per {@code long}) and the
   * non-null count: the same output as Trino's nulls decoder ({@link TrinoDefinitionLevelsBenchmark}
   * fills a bitmap), through {@code RleValuesReader.readValidity}, which counts the non-null rows as
   * it reads and leaves the bitmap unwritten when the page has none (at 0% nulls: one RLE run, whose
   * header is all it parses; Trino's decoder writes nothing for such a run either, into a bitmap its
   * harness zero-fills per page). {@link #fastdecodeNullMask} writes a {@code boolean} per row instead.
   */
  @Benchmark
  public int fastdecodeValidityBits() throws IOException {
    int nonNull = 0;
    for (int p = 0; p < PAGES; p++) {
      nonNull += fastdecodeValidityBitsPage(p);
    }
    return nonNull;
  }

  /**
   * {@link #fastdecodeValidityBits} with the reader started on the page's array ({@code
   * RleValuesReader.initFromBytes}) instead of a stream over it: what an engine holding the page in
   * an array does, as Trino's harness hands its decoder a slice of the page. At 0% nulls a page is
   * one run header, and the stream and the slice it is read through are most of the time.
   */
  @Benchmark
  public int fastdecodeValidityBitsFromBytes() {
    int nonNull = 0;
    for (int p = 0; p < PAGES; p++) {
      nonNull += fastdecodeValidityBitsFromBytesPage(p);
    }
    return nonNull;
  }

  private int fastdecodeValidityBitsFromBytesPage(int p) {
    RleValuesReader r = fastReader;
    byte[] page = pages.bytes(p);
    r.initFromBytes(VALUES_PER_PAGE, page, 0, page.length);
    int nonNull = r.readValidity(validity, VALUES_PER_PAGE);
    if (nonNull < 0) {
      throw new IllegalStateException("a definition level above 1 on page " + p);
    }
    return nonNull;
  }

  private int fastdecodeValidityBitsPage(int p) throws IOException {
    RleValuesReader r = fastReader;
    pages.init(r, p);
    int nonNull = r.readValidity(validity, VALUES_PER_PAGE);
    if (nonNull < 0) {
      throw new IllegalStateException("a definition level above 1 on page " + p);
    }
    return nonNull;
  }

  private int fastdecodeNullMaskIfNullsPage(int p) throws IOException {
    RleValuesReader r = fastReader;
    pages.init(r, p);
    return r.readNullMaskIfNulls(ifNullsMask, 0, VALUES_PER_PAGE, MAX_LEVEL);
  }

  private int fastdecodeNullMaskPage(int p) throws IOException {
    RleValuesReader r = fastReader;
    pages.init(r, p);
    return r.readNullMask(nulls, 0, VALUES_PER_PAGE, MAX_LEVEL);
  }

  private int parquetJavaPage(int p) throws IOException {
    // The reader parquet-java's column reader makes for V1 levels, one per page.
    RunLengthBitPackingHybridValuesReader r = new RunLengthBitPackingHybridValuesReader(1);
    pages.init(r, p);
    return ParquetJavaCalls.readLevels(r, levels, VALUES_PER_PAGE, MAX_LEVEL);
  }

  private int fastdecodePage(int p) throws IOException {
    RleValuesReader r = fastReader;
    pages.init(r, p);
    return r.readLevels(levels, 0, VALUES_PER_PAGE, MAX_LEVEL);
  }
}
