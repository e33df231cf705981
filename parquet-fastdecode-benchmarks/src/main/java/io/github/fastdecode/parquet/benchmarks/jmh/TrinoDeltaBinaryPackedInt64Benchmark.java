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

/** Trino's DELTA_BINARY_PACKED INT64 decoder on {@link DeltaBinaryPackedInt64Benchmark}'s pages. */
public class TrinoDeltaBinaryPackedInt64Benchmark extends TrinoBenchmark {
  @Param({"constant", "monotonic", "smallDeltas", "wide"})
  String shape;

  @Param({"read", "skip"})
  String op;

  @Setup
  public void setup() {
    skip = BenchmarkPages.isSkip(op);
    pages = DeltaBinaryPackedInt64Benchmark.pages(shape);
    decoder = loadTrino().values(PrimitiveTypeName.INT64, Encoding.DELTA_BINARY_PACKED, VALUES_PER_PAGE);
    long[] expected = new long[VALUES_PER_PAGE];
    verify("DELTA_BINARY_PACKED INT64 shape=" + shape + " op=" + op, expected,
        parquetJava(DeltaBinaryPackingValuesReader::new, expected), null);
  }
}
