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

import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.plain.PlainWriters;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.Param;

/**
 * PLAIN writers for every type: parquet-java's {@code PlainValuesWriter} ({@code
 * BooleanPlainValuesWriter}, {@code FixedLenByteArrayPlainValuesWriter}) against the writers {@link
 * PlainWriters#forType} gives. BYTE_ARRAY values are the sorted
 * 16-byte strings of the reader benchmark; FLBA16 and INT96 random bytes.
 */
public class PlainWriterBenchmark extends WriterBenchmark {
  @Param({"INT32", "INT64", "FLOAT", "DOUBLE", "BOOLEAN", "BYTE_ARRAY", "FLBA16", "INT96"})
  public String type;

  @Override
  void prepare() {
    pages = new Object[PAGES];
    for (int p = 0; p < PAGES; p++) {
      long seed = BenchmarkPages.seed(p);
      switch (type) {
        case "INT32": pages[p] = ints(DataShapes.wide(VALUES_PER_PAGE, seed, 32)); break;
        case "INT64": pages[p] = DataShapes.wide(VALUES_PER_PAGE, seed, 64); break;
        case "FLOAT": pages[p] = DataShapes.floats(VALUES_PER_PAGE, seed); break;
        case "DOUBLE": pages[p] = DataShapes.doubles(VALUES_PER_PAGE, seed); break;
        case "BOOLEAN": pages[p] = booleans(DataShapes.wide(VALUES_PER_PAGE, seed, 64)); break;
        case "BYTE_ARRAY": pages[p] = new BinaryPage(BenchmarkPages.sortedStrings(p, 16)); break;
        case "FLBA16": pages[p] = new BinaryPage(fixedLength(VALUES_PER_PAGE, 16, seed)); break;
        case "INT96": pages[p] = new BinaryPage(fixedLength(VALUES_PER_PAGE, 12, seed)); break;
        default: throw new IllegalArgumentException(
            "unknown type " + type + "; known: INT32, INT64, FLOAT, DOUBLE, BOOLEAN, BYTE_ARRAY, FLBA16, INT96");
      }
    }
    switch (type) {
      case "BOOLEAN":
        parquetJavaWriter = new BooleanPlainValuesWriter();
        fastWriter = PlainWriters.forType(PrimitiveTypeName.BOOLEAN, 0, SLAB, PAGE, HEAP);
        break;
      case "FLBA16":
        parquetJavaWriter = new FixedLenByteArrayPlainValuesWriter(16, SLAB, PAGE, HEAP);
        fastWriter = PlainWriters.forType(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 16, SLAB, PAGE, HEAP);
        break;
      case "INT96":
        parquetJavaWriter = new FixedLenByteArrayPlainValuesWriter(12, SLAB, PAGE, HEAP);
        fastWriter = PlainWriters.forType(PrimitiveTypeName.INT96, 12, SLAB, PAGE, HEAP);
        break;
      default:
        parquetJavaWriter = new PlainValuesWriter(SLAB, PAGE, HEAP);
        fastWriter = PlainWriters.forType(
            type.equals("BYTE_ARRAY") ? PrimitiveTypeName.BINARY : PrimitiveTypeName.valueOf(type), 0, SLAB, PAGE, HEAP);
        break;
    }
  }
}
