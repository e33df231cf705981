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

import io.github.fastdecode.parquet.rle.RleValuesWriter;
import java.util.Random;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesWriter;
import org.openjdk.jmh.annotations.Param;

/**
 * V1 definition levels (length-prefixed RLE, max level 1 unless {@code maxLevel} says otherwise)
 * of a column with {@code nullPercent}% nulls, against parquet-java's {@code
 * RunLengthBitPackingHybridValuesWriter}.
 */
public class RleLevelsWriterBenchmark extends WriterBenchmark {
  @Param({"0", "10", "50"})
  public int nullPercent;

  @Param({"1"})
  public int maxLevel;

  @Override
  void prepare() {
    pages = new Object[PAGES];
    for (int p = 0; p < PAGES; p++) {
      Random r = new Random(BenchmarkPages.seed(p));
      int[] levels = new int[VALUES_PER_PAGE];
      for (int i = 0; i < VALUES_PER_PAGE; i++) {
        levels[i] = r.nextInt(100) < nullPercent ? r.nextInt(maxLevel) : maxLevel;
      }
      pages[p] = levels;
    }
    int width = 32 - Integer.numberOfLeadingZeros(maxLevel);
    parquetJavaWriter = new RunLengthBitPackingHybridValuesWriter(width, SLAB, PAGE, HEAP);
    fastWriter = RleValuesWriter.forLevels(maxLevel, true, SLAB, PAGE, HEAP);
  }
}
