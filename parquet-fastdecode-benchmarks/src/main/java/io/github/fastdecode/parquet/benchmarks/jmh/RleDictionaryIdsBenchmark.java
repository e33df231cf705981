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
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.dictionary.DictionaryValuesReader;
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
 * Dictionary ids alone: ns per id to decode a dictionary-encoded data page (its bit-width byte,
 * then the ids in the RLE / bit-packed hybrid, written by parquet-java's encoder) into an {@code
 * int[]}, the step a reader that keeps ids (lazy dictionary decoding) pays per value. {@code
 * shape=random} is all bit-packed; {@code shape=mixed} alternates 64 random ids with runs of
 * every length 1..70, so the page mixes bit-packed and RLE runs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public class RleDictionaryIdsBenchmark {
  /**
   * How parquet-java's per-value calls are compiled: {@code megamorphic} as in a column reader that
   * serves several encodings, or {@code inlined} (pass {@code -p callSite=inlined}) as its best case.
   * See {@link ParquetJavaCalls}.
   */
  @Param({"megamorphic"})
  String callSite;

  @Param({"1", "4", "8", "12", "20"})
  int bitWidth;

  @Param({"random", "mixed"})
  String shape;

  private final int[] ids = new int[VALUES_PER_PAGE];
  private Dictionary dictionary;
  private BatchValuesReader fastReader;
  private BenchmarkPages pages;

  @Setup
  public void setup() {
    ParquetJavaCalls.prepare(callSite);
    // Our reader copies the dictionary (2^bitWidth ints) into an array: keep that reasonable.
    if (bitWidth < 1 || bitWidth > 24) {
      throw new IllegalArgumentException("bit width " + bitWidth + " is outside 1..24");
    }
    pages = pages(shape, bitWidth);
    // Every id of the width is in range: our reader checks ids against the dictionary's size.
    dictionary = new IdentityDictionary(1 << bitWidth);
    fastReader = FastDecode.newDictionaryValuesReader(ParquetJavaPages.column(PrimitiveTypeName.INT32),
        Encoding.RLE_DICTIONARY, dictionary);
    Verify.samePages("RLE_DICTIONARY ids bitWidth=" + bitWidth + " shape=" + shape + " via " + fastReader, pages,
        VALUES_PER_PAGE, ids, this::parquetJavaPage, ids, this::fastdecodePage);
  }

  /** The pages of a shape and width (also {@link TrinoRleDictionaryIdsBenchmark}'s). */
  static BenchmarkPages pages(String shape, int bitWidth) {
    return BenchmarkPages.write(p -> BenchmarkPages.concat(new byte[] {(byte) bitWidth},
        ParquetJavaPages.rleRaw(BenchmarkPages.idShape(shape, p, bitWidth), bitWidth)));
  }

  @Benchmark
  public int[] parquetJava() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      parquetJavaPage(p);
    }
    return ids;
  }

  @Benchmark
  public int[] fastdecode() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      fastdecodePage(p);
    }
    return ids;
  }

  private void parquetJavaPage(int p) throws IOException {
    // One per page, as parquet-java's column reader makes them.
    DictionaryValuesReader r = new DictionaryValuesReader(dictionary);
    pages.init(r, p);
    ParquetJavaCalls.readDictionaryIds(r, ids, VALUES_PER_PAGE);
  }

  private void fastdecodePage(int p) throws IOException {
    BatchValuesReader r = fastReader;
    pages.init(r, p);
    r.readDictionaryIds(ids, 0, VALUES_PER_PAGE);
  }

  /** An INT32 dictionary whose entry {@code i} is {@code i}: decoding ids never looks at entries. */
  static final class IdentityDictionary extends Dictionary {
    private final int size;

    IdentityDictionary(int size) {
      super(Encoding.PLAIN_DICTIONARY);
      this.size = size;
    }

    @Override
    public int getMaxId() {
      return size - 1;
    }

    @Override
    public int decodeToInt(int id) {
      return id;
    }
  }
}
