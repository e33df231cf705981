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

import io.github.fastdecode.parquet.delta.DeltaBinaryPackedWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.openjdk.jmh.annotations.Param;

/** DELTA_BINARY_PACKED writers, INT32 and INT64 over the integer shapes, against parquet-java's. */
public class DeltaBinaryPackedWriterBenchmark extends WriterBenchmark {
  @Param({"INT32", "INT64"})
  public String type;

  @Param({"constant", "monotonic", "smallDeltas", "wide"})
  public String shape;

  @Override
  void prepare() {
    boolean int32 = type.equals("INT32");
    if (!int32 && !type.equals("INT64")) {
      throw new IllegalArgumentException("unknown type " + type + "; known: INT32, INT64");
    }
    pages = new Object[PAGES];
    for (int p = 0; p < PAGES; p++) {
      long[] v = BenchmarkPages.integerShape(shape, p, int32 ? 32 : 64);
      pages[p] = int32 ? ints(v) : v;
    }
    parquetJavaWriter = int32 ? new DeltaBinaryPackingValuesWriterForInteger(SLAB, PAGE, HEAP) : new DeltaBinaryPackingValuesWriterForLong(SLAB, PAGE, HEAP);
    int block = DeltaBinaryPackedWriter.DEFAULT_BLOCK_SIZE;
    int mini = DeltaBinaryPackedWriter.DEFAULT_MINIBLOCKS;
    fastWriter = int32 ? DeltaBinaryPackedWriter.forInt32(block, mini, SLAB, PAGE, HEAP)
        : DeltaBinaryPackedWriter.forInt64(block, mini, SLAB, PAGE, HEAP);
  }
}
