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

import java.util.function.Supplier;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.plain.BooleanPlainValuesReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** Trino's BOOLEAN decoders on {@link BooleanBenchmark}'s pages, into a {@code byte[]} of 0 and 1 as Trino keeps booleans. */
public class TrinoBooleanBenchmark extends TrinoBenchmark {
  @Param({"PLAIN", "RLE"})
  String encoding;

  @Param({"random", "runs"})
  String shape;

  @Setup
  public void setup() {
    pages = BooleanBenchmark.pages(encoding, shape);
    Supplier<ValuesReader> readers = encoding.equals("RLE")
        ? () -> new RunLengthBitPackingHybridValuesReader(1) : BooleanPlainValuesReader::new;
    decoder = loadTrino().values(PrimitiveTypeName.BOOLEAN, Encoding.valueOf(encoding), VALUES_PER_PAGE);
    boolean[] expected = new boolean[VALUES_PER_PAGE];
    verify(encoding + " BOOLEAN shape=" + shape, expected, parquetJava(readers, expected), null);
  }
}
