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
import io.github.fastdecode.parquet.dictionary.DictionaryWriter;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.openjdk.jmh.annotations.Param;

/**
 * Dictionary writers for the numeric types: parquet-java's {@code Plain*DictionaryValuesWriter}
 * against {@link DictionaryWriter#forColumn}, both writing RLE_DICTIONARY ids with a PLAIN
 * dictionary, on pages of values drawn from {@code distinct} values (so the dictionary stays under
 * its byte limit and neither side falls back). Each page's ids are checked equal to parquet-java's
 * in setup; the dictionary persists across pages as it does in a column chunk.
 */
public class DictionaryWriterBenchmark extends WriterBenchmark {
  /** Bytes a dictionary may grow to before the writer falls back: parquet-java's default page size. */
  static final int MAX_DICTIONARY_BYTES = 1024 * 1024;

  @Param({"INT32", "INT64", "FLOAT", "DOUBLE"})
  public String type;

  @Param({"1000"})
  public int distinct;

  @Override
  void prepare() {
    PrimitiveTypeName physical = PrimitiveTypeName.valueOf(type);
    pages = new Object[PAGES];
    for (int p = 0; p < PAGES; p++) {
      long[] v = DataShapes.wide(VALUES_PER_PAGE, BenchmarkPages.seed(p), 62);
      for (int i = 0; i < v.length; i++) {
        v[i] = Math.floorMod(v[i], distinct) * 7919L - 3;
      }
      switch (physical) {
        case INT32: pages[p] = ints(v); break;
        case INT64: pages[p] = v; break;
        case FLOAT: pages[p] = floats(v); break;
        case DOUBLE: pages[p] = doubles(v); break;
        default: throw new IllegalArgumentException("unknown type " + type + "; known: INT32, INT64, FLOAT, DOUBLE");
      }
    }
    Encoding data = Encoding.RLE_DICTIONARY;
    Encoding dictionary = Encoding.PLAIN;
    switch (physical) {
      case INT32:
        parquetJavaWriter = new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(MAX_DICTIONARY_BYTES, data, dictionary, HEAP);
        break;
      case INT64:
        parquetJavaWriter = new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(MAX_DICTIONARY_BYTES, data, dictionary, HEAP);
        break;
      case FLOAT:
        parquetJavaWriter = new DictionaryValuesWriter.PlainFloatDictionaryValuesWriter(MAX_DICTIONARY_BYTES, data, dictionary, HEAP);
        break;
      default:
        parquetJavaWriter = new DictionaryValuesWriter.PlainDoubleDictionaryValuesWriter(MAX_DICTIONARY_BYTES, data, dictionary, HEAP);
        break;
    }
    ColumnDescriptor column = new ColumnDescriptor(new String[] {"v"}, Types.required(physical).named("v"), 0, 0);
    fastWriter = DictionaryWriter.forColumn(column, MAX_DICTIONARY_BYTES, data, dictionary, HEAP);
  }

  private static float[] floats(long[] v) {
    float[] f = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      f[i] = v[i] * 0.25f;
    }
    return f;
  }

  private static double[] doubles(long[] v) {
    double[] d = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      d[i] = v[i] * 0.125;
    }
    return d;
  }
}
