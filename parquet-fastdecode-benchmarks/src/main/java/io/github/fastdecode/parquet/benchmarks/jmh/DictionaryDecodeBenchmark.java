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
import static io.github.fastdecode.parquet.benchmarks.jmh.BinaryRows.DEFINED;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.DictionaryPages;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.rle.RleValuesReader;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.dictionary.DictionaryValuesReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesReader;
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
 * Dictionary-encoded V1 data pages of an optional column, levels included: ns per row to go from
 * page bytes to row-positioned values. Each page is the definition levels (length-prefixed RLE,
 * max level 1, nulls at random) followed by the dictionary ids of its non-null values (uniformly
 * random over {@value #DICTIONARY_SIZE} entries), both written by parquet-java.
 *
 * <ul>
 *   <li>{@code parquetJava}: per row, read its level and, if defined, the value from {@link
 *       DictionaryValuesReader}, into the row's slot (0 or null for a null row).
 *   <li>{@code fastdecode}: the way a vectorised reader works: {@code readLevels} (which counts the
 *       non-null rows), one bulk read of that many values into the front of the array, then, when
 *       there are nulls, one backward pass that moves each value to its row and zeroes null rows.
 *       BINARY values stay where the bulk read put them in a {@link BinaryRows} batch; a pass over
 *       the levels gives each row its offsets instead.
 * </ul>
 *
 * <p>parquet-java writes each page with its own dictionary (ids in first-seen order), so each page
 * has its own {@link Dictionary} and its own fastdecode reader, made in setup: materialising a
 * dictionary is a per-column-chunk cost, not a per-page one, and is left out of both sides.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public class DictionaryDecodeBenchmark {
  static final int DICTIONARY_SIZE = 1000;

  /**
   * How parquet-java's per-value calls are compiled: {@code megamorphic} as in a column reader that
   * serves several encodings, or {@code inlined} (pass {@code -p callSite=inlined}) as its best case.
   * See {@link ParquetJavaCalls}.
   */
  @Param({"megamorphic"})
  String callSite;

  @Param({"INT64", "DOUBLE", "BINARY"})
  String type;

  @Param({"0", "10"})
  int nullPercent;

  private PrimitiveTypeName physical;
  private long[] longs;
  private double[] doubles;
  private Binary[] binaries;
  private BinaryRows binaryRows;
  /** Where each side's rows land (the same array except for BINARY); returned to consume them. */
  private Object parquetJavaDestination;
  private Object fastdecodeDestination;
  /** Each side's levels: not shared, so neither can pass on levels the other decoded. */
  private final int[] parquetJavaLevels = new int[VALUES_PER_PAGE];
  private int[] fastLevels;

  private final Dictionary[] dictionaries = new Dictionary[PAGES];
  private final BatchValuesReader[] fastValueReaders = new BatchValuesReader[PAGES];
  private final RleValuesReader fastLevelReader = RleValuesReader.forLevels(DEFINED, true);
  private BenchmarkPages pages;

  @Setup
  public void setup() {
    ParquetJavaCalls.prepare(callSite);
    switch (type) {
      case "INT64":
        physical = PrimitiveTypeName.INT64;
        parquetJavaDestination = fastdecodeDestination = longs = new long[VALUES_PER_PAGE];
        fastLevels = new int[VALUES_PER_PAGE];
        break;
      case "DOUBLE":
        physical = PrimitiveTypeName.DOUBLE;
        parquetJavaDestination = fastdecodeDestination = doubles = new double[VALUES_PER_PAGE];
        fastLevels = new int[VALUES_PER_PAGE];
        break;
      case "BINARY":
        physical = PrimitiveTypeName.BINARY;
        parquetJavaDestination = binaries = new Binary[VALUES_PER_PAGE];
        // Dictionary values are under 20 bytes: room for a whole page, so the timed loop never grows it.
        fastdecodeDestination = binaryRows = new BinaryRows(VALUES_PER_PAGE, VALUES_PER_PAGE * 20);
        fastLevels = binaryRows.levels;
        break;
      default:
        throw new IllegalArgumentException("unknown type " + type + "; known: INT64, DOUBLE, BINARY");
    }
    ColumnDescriptor column = ParquetJavaPages.column(physical);
    pages = BenchmarkPages.write(p -> {
      int[] levels = BenchmarkPages.definitionLevels(p, nullPercent);
      int nonNull = BenchmarkPages.countEqual(levels, DEFINED);
      DictionaryPages.Encoded ids = DictionaryPages.write(column, nonNull, DICTIONARY_SIZE, null, BenchmarkPages.seed(p));
      dictionaries[p] = ids.dictionary;
      return BenchmarkPages.concat(ParquetJavaPages.rleLengthPrefixed(levels, 1), ids.page);
    });
    for (int p = 0; p < PAGES; p++) {
      fastValueReaders[p] = FastDecode.newDictionaryValuesReader(column, Encoding.RLE_DICTIONARY, dictionaries[p]);
    }
    String label = "RLE_DICTIONARY " + type + " nullPercent=" + nullPercent + " via " + fastValueReaders[0];
    Verify.samePagesAndCounts(label, pages, VALUES_PER_PAGE,
        parquetJavaDestination, this::parquetJavaPage, fastdecodeDestination, this::fastdecodePage);
    // A zeroed null row and a defined 0 look alike in the values: the levels tell them apart.
    Verify.samePages(label + " (levels)", pages, VALUES_PER_PAGE,
        parquetJavaLevels, p -> parquetJavaPage(p), fastLevels, p -> fastdecodePage(p));
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

  /** Returns the page's non-null rows. */
  private int parquetJavaPage(int p) throws IOException {
    // The readers parquet-java's column reader makes for a V1 page, one of each per page.
    ByteBufferInputStream in = pages.stream(p);
    RunLengthBitPackingHybridValuesReader levels = new RunLengthBitPackingHybridValuesReader(1);
    levels.initFromPage(VALUES_PER_PAGE, in);
    DictionaryValuesReader values = new DictionaryValuesReader(dictionaries[p]);
    values.initFromPage(VALUES_PER_PAGE, in);
    int[] rowLevels = parquetJavaLevels;
    switch (physical) {
      case INT64:
        return ParquetJavaCalls.readLongsWithLevels(levels, values, rowLevels, longs, VALUES_PER_PAGE, DEFINED);
      case DOUBLE:
        return ParquetJavaCalls.readDoublesWithLevels(levels, values, rowLevels, doubles, VALUES_PER_PAGE, DEFINED);
      default:
        return ParquetJavaCalls.readBytesWithLevels(levels, values, rowLevels, binaries, VALUES_PER_PAGE, DEFINED);
    }
  }

  /** Returns the page's non-null rows. */
  private int fastdecodePage(int p) throws IOException {
    ByteBufferInputStream in = pages.stream(p);
    RleValuesReader levels = fastLevelReader;
    levels.initFromPage(VALUES_PER_PAGE, in);
    BatchValuesReader values = fastValueReaders[p];
    values.initFromPage(VALUES_PER_PAGE, in);
    int[] rowLevels = fastLevels;
    int nonNull = levels.readLevels(rowLevels, 0, VALUES_PER_PAGE, DEFINED);
    switch (physical) {
      case INT64:
        values.readLongs(longs, 0, nonNull);
        if (nonNull < VALUES_PER_PAGE) {
          spread(longs, rowLevels, nonNull, VALUES_PER_PAGE);
        }
        break;
      case DOUBLE:
        values.readDoubles(doubles, 0, nonNull);
        if (nonNull < VALUES_PER_PAGE) {
          spread(doubles, rowLevels, nonNull, VALUES_PER_PAGE);
        }
        break;
      default:
        binaryRows.values.clear();
        values.readBinaries(binaryRows.values, nonNull);
        binaryRows.spreadToRows(VALUES_PER_PAGE);
        break;
    }
    return nonNull;
  }

  /**
   * Moves the {@code nonNull} values at the front of {@code v} to the defined rows among the first
   * {@code rows}, zeroing null rows. Backwards, so no value is overwritten before it moves; stops
   * as soon as the rows left are all defined (they are then in place).
   */
  static void spread(long[] v, int[] levels, int nonNull, int rows) {
    int k = nonNull;
    for (int i = rows - 1; i >= k; i--) {
      v[i] = levels[i] == DEFINED ? v[--k] : 0;
    }
  }

  static void spread(double[] v, int[] levels, int nonNull, int rows) {
    int k = nonNull;
    for (int i = rows - 1; i >= k; i--) {
      v[i] = levels[i] == DEFINED ? v[--k] : 0;
    }
  }
}
