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

import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.VALUES_PER_PAGE;

import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesReader;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Trino's definition-level decoder for an optional top-level column on {@link
 * DefinitionLevelsBenchmark}'s pages: the levels become Trino's validity bitmap and a count of
 * non-null rows (fastdecode's become an {@code int[]} of levels and the same count). The check
 * compares the bitmap, as levels, and the counts with parquet-java's. The like-for-like figure on
 * fastdecode's side is {@code DefinitionLevelsBenchmark.fastdecodeValidityBits} (a bit per row, no
 * bitmap written for a page without nulls, as here); {@code fastdecodeNullMask} writes a {@code
 * boolean} per row, 8 times the bytes of this bitmap, and is not like for like.
 */
public class TrinoDefinitionLevelsBenchmark extends TrinoBenchmark {
  @Param({"0", "10", "50"})
  int nullPercent;

  @Setup
  public void setup() {
    pages = DefinitionLevelsBenchmark.pages(nullPercent);
    TrinoContender.Factory trino = loadTrino();
    decoder = trino.definitionLevels(VALUES_PER_PAGE);
    int[] expected = new int[VALUES_PER_PAGE];
    int[] exported = new int[VALUES_PER_PAGE];
    Verify.samePagesAndCounts("RLE definition levels nullPercent=" + nullPercent + " via " + trino.describe(), pages,
        VALUES_PER_PAGE, expected, p -> {
          RunLengthBitPackingHybridValuesReader r = new RunLengthBitPackingHybridValuesReader(1);
          pages.init(r, p);
          return ParquetJavaCalls.readLevels(r, expected, VALUES_PER_PAGE, 1);
        }, exported, p -> {
          int nonNull = trinoPage(p);
          decoder.export(exported, VALUES_PER_PAGE);
          return nonNull;
        });
  }
}
