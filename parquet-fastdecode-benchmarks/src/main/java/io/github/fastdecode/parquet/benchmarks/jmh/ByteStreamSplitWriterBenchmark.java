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

import io.github.fastdecode.parquet.bytestreamsplit.ByteStreamSplitWriters;
import io.github.fastdecode.parquet.conformance.DataShapes;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.Param;

/** BYTE_STREAM_SPLIT writers: parquet-java's {@code ByteStreamSplitValuesWriter} family against {@link ByteStreamSplitWriters}'. */
public class ByteStreamSplitWriterBenchmark extends WriterBenchmark {
  @Param({"FLOAT", "DOUBLE", "INT32", "INT64", "FLBA16"})
  public String type;

  @Override
  void prepare() {
    pages = new Object[PAGES];
    for (int p = 0; p < PAGES; p++) {
      long seed = BenchmarkPages.seed(p);
      switch (type) {
        case "FLOAT": pages[p] = DataShapes.floats(VALUES_PER_PAGE, seed); break;
        case "DOUBLE": pages[p] = DataShapes.doubles(VALUES_PER_PAGE, seed); break;
        case "INT32": pages[p] = ints(DataShapes.wide(VALUES_PER_PAGE, seed, 32)); break;
        case "INT64": pages[p] = DataShapes.wide(VALUES_PER_PAGE, seed, 64); break;
        case "FLBA16": pages[p] = new BinaryPage(fixedLength(VALUES_PER_PAGE, 16, seed)); break;
        default: throw new IllegalArgumentException("unknown type " + type + "; known: FLOAT, DOUBLE, INT32, INT64, FLBA16");
      }
    }
    switch (type) {
      case "FLOAT":
        parquetJavaWriter = new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(SLAB, PAGE, HEAP);
        fastWriter = ByteStreamSplitWriters.forType(PrimitiveTypeName.FLOAT, 0, SLAB, PAGE, HEAP);
        break;
      case "DOUBLE":
        parquetJavaWriter = new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(SLAB, PAGE, HEAP);
        fastWriter = ByteStreamSplitWriters.forType(PrimitiveTypeName.DOUBLE, 0, SLAB, PAGE, HEAP);
        break;
      case "INT32":
        parquetJavaWriter = new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(SLAB, PAGE, HEAP);
        fastWriter = ByteStreamSplitWriters.forType(PrimitiveTypeName.INT32, 0, SLAB, PAGE, HEAP);
        break;
      case "FLBA16":
        parquetJavaWriter = new ByteStreamSplitValuesWriter.FixedLenByteArrayByteStreamSplitValuesWriter(16, SLAB, PAGE, HEAP);
        fastWriter = ByteStreamSplitWriters.forType(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 16, SLAB, PAGE, HEAP);
        break;
      default:
        parquetJavaWriter = new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(SLAB, PAGE, HEAP);
        fastWriter = ByteStreamSplitWriters.forType(PrimitiveTypeName.INT64, 0, SLAB, PAGE, HEAP);
        break;
    }
  }
}
