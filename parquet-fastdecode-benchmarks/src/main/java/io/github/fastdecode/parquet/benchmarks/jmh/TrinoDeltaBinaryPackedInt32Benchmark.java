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

import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Trino's DELTA_BINARY_PACKED INT32 decoders on {@link DeltaBinaryPackedInt32Benchmark}'s pages:
 * into {@code int[]}, and {@code op=asLong} into {@code long[]} (Trino's decoder for an INT32 column
 * read as BIGINT). Trino has no INT32-to-DOUBLE decoder, so there is no {@code asDouble}.
 */
public class TrinoDeltaBinaryPackedInt32Benchmark extends TrinoBenchmark {
  @Param({"constant", "monotonic", "smallDeltas", "wide", "int32Overflow"})
  String shape;

  @Param({"read", "skip", "asLong"})
  String op;

  @Setup
  public void setup() {
    boolean asLong = op.equals("asLong");
    skip = !asLong && BenchmarkPages.isSkip(op);
    pages = DeltaBinaryPackedInt32Benchmark.pages(shape);
    TrinoContender.Factory trino = loadTrino();
    String label = "DELTA_BINARY_PACKED INT32 shape=" + shape + " op=" + op;
    if (asLong) {
      decoder = trino.int32AsLongs(Encoding.DELTA_BINARY_PACKED, VALUES_PER_PAGE);
      long[] expected = new long[VALUES_PER_PAGE];
      verify(label, expected, p -> {
        DeltaBinaryPackingValuesReader r = new DeltaBinaryPackingValuesReader();
        pages.init(r, p);
        ParquetJavaCalls.readIntegersAsLongs(r, expected, VALUES_PER_PAGE);
      }, null);
    } else {
      decoder = trino.values(PrimitiveTypeName.INT32, Encoding.DELTA_BINARY_PACKED, VALUES_PER_PAGE);
      int[] expected = new int[VALUES_PER_PAGE];
      verify(label, expected, parquetJava(DeltaBinaryPackingValuesReader::new, expected), null);
    }
  }
}
