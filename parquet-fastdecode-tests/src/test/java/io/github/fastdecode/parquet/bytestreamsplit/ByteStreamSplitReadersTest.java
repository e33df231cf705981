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
package io.github.fastdecode.parquet.bytestreamsplit;

import static io.github.fastdecode.parquet.conformance.ParquetJavaPages.column;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.conformance.ConversionShapes;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForDouble;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFLBA;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFloat;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForInteger;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForLong;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every BYTE_STREAM_SPLIT reader against parquet-java's, over shapes, page sizes, read plans and inputs. */
class ByteStreamSplitReadersTest {
  static final long SEED = 0x5EED_0002L;
  static final int[] FIXED_LENGTHS = {1, 2, 3, 4, 8, 12, 16, 17, 33};

  static IntStream sizes() {
    return Arrays.stream(DataShapes.PAGE_SIZES);
  }

  /** As in the PLAIN test: the 100k-value page runs its first kind on three inputs only. */
  static void check(String label, Supplier<? extends ValuesReader> oracle, Supplier<BatchValuesReader> subject,
      byte[] page, int valueCount, int readable, ValueKind... kinds) {
    boolean big = readable > 5_000;
    InputKind[] inputs = big ? new InputKind[] {InputKind.HEAP, InputKind.DIRECT, InputKind.MULTI_BUFFER} : InputKind.values();
    List<ReadPlan> plans = ReadPlan.standard(readable);
    for (ValueKind kind : big ? Arrays.copyOf(kinds, 1) : kinds) {
      Differential.check(label, oracle, subject, page, valueCount, readable, kind, plans, inputs);
    }
  }

  static Supplier<BatchValuesReader> reader(PrimitiveTypeName type, int length) {
    return () -> ByteStreamSplitReaders.forColumn(column(type, length));
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void int32(int n) {
    for (Map.Entry<String, long[]> shape : DataShapes.integerShapes(n, SEED, 32).entrySet()) {
      check("BYTE_STREAM_SPLIT INT32 " + shape.getKey() + " n=" + n + " seed=" + SEED, ByteStreamSplitValuesReaderForInteger::new,
          reader(PrimitiveTypeName.INT32, 0), ParquetJavaPages.bssInts(shape.getValue()), n, n,
          ValueKind.INT32, ValueKind.INT32_AS_INT64, ValueKind.INT32_UNSIGNED_AS_INT64, ValueKind.INT32_AS_DOUBLE);
    }
    long[] days = ConversionShapes.daysThatFitMicros(DataShapes.extremes(n, SEED, 32));
    check("BYTE_STREAM_SPLIT INT32 DATE n=" + n + " seed=" + SEED, ByteStreamSplitValuesReaderForInteger::new,
        reader(PrimitiveTypeName.INT32, 0), ParquetJavaPages.bssInts(days), n, n, ValueKind.DATE_AS_MICROS);
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void int64(int n) {
    for (Map.Entry<String, long[]> shape : DataShapes.integerShapes(n, SEED, 64).entrySet()) {
      String label = "BYTE_STREAM_SPLIT INT64 " + shape.getKey() + " n=" + n + " seed=" + SEED;
      check(label, ByteStreamSplitValuesReaderForLong::new, reader(PrimitiveTypeName.INT64, 0),
          ParquetJavaPages.bssLongs(shape.getValue()), n, n,
          ValueKind.INT64, ValueKind.NANOS_AS_MICROS, ValueKind.UNSIGNED_BIG_ENDIAN);
      check(label + " millis", ByteStreamSplitValuesReaderForLong::new, reader(PrimitiveTypeName.INT64, 0),
          ParquetJavaPages.bssLongs(ConversionShapes.millisThatFitMicros(shape.getValue())), n, n, ValueKind.MILLIS_AS_MICROS);
    }
    check("BYTE_STREAM_SPLIT INT64 unsigned edges n=" + n + " seed=" + SEED, ByteStreamSplitValuesReaderForLong::new,
        reader(PrimitiveTypeName.INT64, 0), ParquetJavaPages.bssLongs(ConversionShapes.unsigned(n, SEED)), n, n,
        ValueKind.UNSIGNED_BIG_ENDIAN, ValueKind.INT64);
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void floats(int n) {
    check("BYTE_STREAM_SPLIT FLOAT n=" + n + " seed=" + SEED, ByteStreamSplitValuesReaderForFloat::new,
        reader(PrimitiveTypeName.FLOAT, 0), ParquetJavaPages.bssFloats(DataShapes.floats(n, SEED)), n, n,
        ValueKind.FLOAT, ValueKind.FLOAT_AS_DOUBLE);
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void doubles(int n) {
    check("BYTE_STREAM_SPLIT DOUBLE n=" + n + " seed=" + SEED, ByteStreamSplitValuesReaderForDouble::new,
        reader(PrimitiveTypeName.DOUBLE, 0), ParquetJavaPages.bssDoubles(DataShapes.doubles(n, SEED)), n, n, ValueKind.DOUBLE);
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void fixedLenByteArray(int n) {
    for (int length : n > 5_000 ? new int[] {3, 16} : FIXED_LENGTHS) {
      check("BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY(" + length + ") n=" + n + " seed=" + SEED,
          () -> new ByteStreamSplitValuesReaderForFLBA(length), reader(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, length),
          ParquetJavaPages.bssFixed(DataShapes.fixedBytes(n, length, SEED), length), n, n, ValueKind.BINARY);
    }
  }

  /** Fewer encoded values than the page's count (the rest are nulls) is fine; the bytes bound the values. */
  @Test
  void valueCountWithNulls() {
    int n = 129;
    int withNulls = n + 40;
    check("BYTE_STREAM_SPLIT INT32 with nulls seed=" + SEED, ByteStreamSplitValuesReaderForInteger::new,
        reader(PrimitiveTypeName.INT32, 0), ParquetJavaPages.bssInts(DataShapes.wide(n, SEED, 32)), withNulls, n, ValueKind.INT32);
    check("BYTE_STREAM_SPLIT INT64 with nulls seed=" + SEED, ByteStreamSplitValuesReaderForLong::new,
        reader(PrimitiveTypeName.INT64, 0), ParquetJavaPages.bssLongs(DataShapes.wide(n, SEED, 64)), withNulls, n,
        ValueKind.INT64, ValueKind.UNSIGNED_BIG_ENDIAN);
    check("BYTE_STREAM_SPLIT FLOAT with nulls seed=" + SEED, ByteStreamSplitValuesReaderForFloat::new,
        reader(PrimitiveTypeName.FLOAT, 0), ParquetJavaPages.bssFloats(DataShapes.floats(n, SEED)), withNulls, n, ValueKind.FLOAT);
    check("BYTE_STREAM_SPLIT DOUBLE with nulls seed=" + SEED, ByteStreamSplitValuesReaderForDouble::new,
        reader(PrimitiveTypeName.DOUBLE, 0), ParquetJavaPages.bssDoubles(DataShapes.doubles(n, SEED)), withNulls, n, ValueKind.DOUBLE);
    check("BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY(7) with nulls seed=" + SEED, () -> new ByteStreamSplitValuesReaderForFLBA(7),
        reader(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 7), ParquetJavaPages.bssFixed(DataShapes.fixedBytes(n, 7, SEED), 7),
        withNulls, n, ValueKind.BINARY);
  }

  @Test
  void typesParquetJavaDoesNotSplitAreLeftToIt() {
    assertNull(ByteStreamSplitReaders.forColumn(column(PrimitiveTypeName.BOOLEAN)));
    assertNull(ByteStreamSplitReaders.forColumn(column(PrimitiveTypeName.BINARY)));
    assertNull(ByteStreamSplitReaders.forColumn(column(PrimitiveTypeName.INT96)));
  }
}
