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
import org.apache.parquet.column.values.plain.PlainValuesReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** Trino's PLAIN decoders on {@link PlainBenchmark}'s pages (FLOAT and DOUBLE into their bits, as Trino keeps them). */
public class TrinoPlainBenchmark extends TrinoBenchmark {
  @Param({"INT32", "INT64", "FLOAT", "DOUBLE"})
  String type;

  @Setup
  public void setup() {
    PrimitiveTypeName physical = PlainBenchmark.physicalType(type);
    pages = PlainBenchmark.pages(physical);
    decoder = loadTrino().values(physical, Encoding.PLAIN, VALUES_PER_PAGE);
    String label = "PLAIN " + type;
    Object expected;
    Verify.PageDecoder reference;
    switch (physical) {
      case INT32:
        expected = new int[VALUES_PER_PAGE];
        reference = parquetJava(PlainValuesReader.IntegerPlainValuesReader::new, expected);
        break;
      case INT64:
        expected = new long[VALUES_PER_PAGE];
        reference = parquetJava(PlainValuesReader.LongPlainValuesReader::new, expected);
        break;
      case FLOAT:
        expected = new float[VALUES_PER_PAGE];
        reference = parquetJava(PlainValuesReader.FloatPlainValuesReader::new, expected);
        break;
      default:
        expected = new double[VALUES_PER_PAGE];
        reference = parquetJava(PlainValuesReader.DoublePlainValuesReader::new, expected);
        break;
    }
    verify(label, expected, reference, null);
  }
}
