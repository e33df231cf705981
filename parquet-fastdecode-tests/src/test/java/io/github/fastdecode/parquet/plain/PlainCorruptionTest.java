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
package io.github.fastdecode.parquet.plain;

import static io.github.fastdecode.parquet.conformance.ParquetJavaPages.column;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesReader;
import org.apache.parquet.column.values.plain.PlainValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.column.ColumnDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Truncated and over-read PLAIN pages fail cleanly, naming the encoding and the byte position. */
class PlainCorruptionTest {
  static final long SEED = 0x5EED_0003L;

  static BatchValuesReader open(PrimitiveTypeName type, int length, byte[] page, int valueCount) throws IOException {
    BatchValuesReader r = PlainReaders.forColumn(column(type, length));
    r.initFromPage(valueCount, InputKind.HEAP.open(page));
    return r;
  }

  static byte[] withTail(byte[] page, int extra) {
    byte[] p = Arrays.copyOf(page, page.length + extra);
    Arrays.fill(p, page.length, p.length, (byte) 0x7B);
    return p;
  }

  /**
   * A partial last value: parquet-java reads the whole values and fails on the partial one, and so
   * must we, under every plan and input (the harness checks the read past the end fails cleanly).
   */
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 9, 33, 1024})
  void truncatedLastValueIsNotReadable(int n) {
    for (int extra = 1; extra < 8; extra++) {
      String label = "PLAIN truncated n=" + n + " +" + extra + " bytes seed=" + SEED;
      if (extra < 4) {
        byte[] ints = withTail(ParquetJavaPages.plainInts(DataShapes.wide(n, SEED, 32)), extra);
        Differential.check(label + " INT32", PlainValuesReader.IntegerPlainValuesReader::new,
            () -> PlainReaders.forColumn(column(PrimitiveTypeName.INT32)), ints, n + 1, n, ValueKind.INT32,
            ReadPlan.standard(n), InputKind.values());
        byte[] floats = withTail(ParquetJavaPages.plainFloats(DataShapes.floats(n, SEED)), extra);
        Differential.check(label + " FLOAT", PlainValuesReader.FloatPlainValuesReader::new,
            () -> PlainReaders.forColumn(column(PrimitiveTypeName.FLOAT)), floats, n + 1, n, ValueKind.FLOAT,
            ReadPlan.standard(n), InputKind.values());
      }
      byte[] longs = withTail(ParquetJavaPages.plainLongs(DataShapes.wide(n, SEED, 64)), extra);
      Differential.check(label + " INT64", PlainValuesReader.LongPlainValuesReader::new,
          () -> PlainReaders.forColumn(column(PrimitiveTypeName.INT64)), longs, n + 1, n, ValueKind.INT64,
          ReadPlan.standard(n), InputKind.values());
      byte[] doubles = withTail(ParquetJavaPages.plainDoubles(DataShapes.doubles(n, SEED)), extra);
      Differential.check(label + " DOUBLE", PlainValuesReader.DoublePlainValuesReader::new,
          () -> PlainReaders.forColumn(column(PrimitiveTypeName.DOUBLE)), doubles, n + 1, n, ValueKind.DOUBLE,
          ReadPlan.standard(n), InputKind.values());
      byte[] int96 = withTail(ParquetJavaPages.plainFixed(DataShapes.fixedBytes(n, 12, SEED), 12), extra);
      Differential.check(label + " INT96", () -> new FixedLenByteArrayPlainValuesReader(12),
          () -> PlainReaders.forColumn(column(PrimitiveTypeName.INT96)), int96, n + 1, n, ValueKind.BINARY,
          ReadPlan.standard(n), InputKind.values());
      byte[] flba = withTail(ParquetJavaPages.plainFixed(DataShapes.fixedBytes(n, 17, SEED), 17), extra);
      Differential.check(label + " FIXED_LEN_BYTE_ARRAY(17)", () -> new FixedLenByteArrayPlainValuesReader(17),
          () -> PlainReaders.forColumn(column(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 17)), flba, n + 1, n, ValueKind.BINARY,
          ReadPlan.standard(n), InputKind.values());
    }
  }

  @Test
  void readPastTheEndNamesEncodingAndPosition() throws IOException {
    int n = 10;
    BatchValuesReader r = open(PrimitiveTypeName.INT32, 0, withTail(ParquetJavaPages.plainInts(DataShapes.wide(n, SEED, 32)), 3), n + 1);
    r.skip(n);
    ValuesDecodingException e = assertThrows(ValuesDecodingException.class, r::readInteger);
    assertEquals("PLAIN INT32", e.encoding());
    assertEquals(4L * n, e.position());
    assertTrue(e.getMessage().startsWith("PLAIN INT32"), e.getMessage());

    BatchValuesReader f = open(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 17, ParquetJavaPages.plainFixed(DataShapes.fixedBytes(n, 17, SEED), 17), n);
    f.skip(3);
    e = assertThrows(ValuesDecodingException.class, () -> f.readBinaries(new BinaryBatch(), n));
    assertEquals("PLAIN FIXED_LEN_BYTE_ARRAY(17)", e.encoding());
    assertEquals(17L * 3, e.position());
  }

  /** A bulk read of more values than are left writes nothing and leaves the position where it was. */
  @Test
  void overlongBulkReadWritesNothingAndKeepsPosition() throws IOException {
    int n = 50;
    long[] values = DataShapes.wide(n, SEED, 64);
    BatchValuesReader r = open(PrimitiveTypeName.INT64, 0, ParquetJavaPages.plainLongs(values), n);
    r.skip(7);
    long[] dst = new long[n];
    Arrays.fill(dst, 42);
    assertThrows(ParquetDecodingException.class, () -> r.readLongs(dst, 0, n - 6));
    assertThrows(ParquetDecodingException.class, () -> r.readTimestampNanosAsMicros(dst, 0, n - 6));
    assertThrows(ParquetDecodingException.class, () -> r.skip(n - 6));
    long[] untouched = new long[n];
    Arrays.fill(untouched, 42);
    assertArrayEquals(untouched, dst);
    r.readLongs(dst, 0, n - 7);
    assertArrayEquals(Arrays.copyOfRange(values, 7, n), Arrays.copyOf(dst, n - 7));
  }

  @Test
  void callerMistakesAreNotDecodingErrors() throws IOException {
    BatchValuesReader r = open(PrimitiveTypeName.INT32, 0, ParquetJavaPages.plainInts(DataShapes.wide(8, SEED, 32)), 8);
    assertThrows(IllegalArgumentException.class, () -> r.skip(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> r.readIntegers(new int[4], 2, 3));
    assertThrows(IndexOutOfBoundsException.class, () -> r.readIntegers(new int[4], 0, -1));
    assertEquals(DataShapes.wide(8, SEED, 32)[0], r.readInteger());
  }

  /** A page that failed to open, or an empty one, leaves nothing of the previous page readable. */
  @Test
  void newPageForgetsTheOldOne() throws IOException {
    BatchValuesReader r = open(PrimitiveTypeName.DOUBLE, 0, ParquetJavaPages.plainDoubles(DataShapes.doubles(20, SEED)), 20);
    r.readDouble();
    r.initFromPage(0, InputKind.HEAP.open(new byte[0]));
    assertThrows(ParquetDecodingException.class, r::readDouble);
    assertThrows(ParquetDecodingException.class, () -> r.readDoubles(new double[1], 0, 1));
  }

  /**
   * A zero-length FIXED_LEN_BYTE_ARRAY (only a hand-made schema can have one): parquet-java returns
   * empty values without end; we return them up to the page's value count, then fail.
   */
  @Test
  void zeroLengthFixedValuesAreBoundedByTheValueCount() throws IOException {
    ColumnDescriptor c = new ColumnDescriptor(new String[] {"c"},
        new PrimitiveType(Type.Repetition.REQUIRED, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 0, "c"), 0, 0);
    FixedLenByteArrayPlainValuesReader oracle = new FixedLenByteArrayPlainValuesReader(0);
    oracle.initFromPage(5, InputKind.HEAP.open(new byte[3]));
    for (int i = 0; i < 10; i++) {
      assertEquals(0, oracle.readBytes().length()); // no end, even past the value count
    }
    for (InputKind input : InputKind.values()) {
      BatchValuesReader r = PlainReaders.forColumn(c);
      r.initFromPage(5, input.open(new byte[3]));
      assertEquals(0, r.readBytes().length(), input.name());
      r.skip();
      BinaryBatch b = new BinaryBatch();
      r.readBinaries(b, 3);
      assertEquals(3, b.size(), input.name());
      assertEquals(0, b.byteSize(), input.name());
      assertThrows(ValuesDecodingException.class, r::readBytes, input.name());
      assertThrows(ValuesDecodingException.class, () -> r.readBinaries(new BinaryBatch(), 1), input.name());
    }
  }

  @Test
  void int96ConversionOnlyForTwelveByteValues() throws IOException {
    BatchValuesReader r = open(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 8, ParquetJavaPages.plainFixed(DataShapes.fixedBytes(4, 8, SEED), 8), 4);
    assertThrows(ParquetDecodingException.class, () -> r.readInt96AsMicros(new long[4], 0, 4));
    assertThrows(ParquetDecodingException.class, () -> r.readInt96AsNanos(new long[4], 0, 4));
  }

  /** Fixed-width PLAIN types: every truncation and bit flip fails cleanly, naming PLAIN. */
  @Test
  void everyTruncationAndBitFlipOfFixedWidthTypes() {
    int n = 9;
    Object[][] cases = {
        {PrimitiveTypeName.INT32, 0, ParquetJavaPages.plainInts(DataShapes.wide(n, SEED, 32)), ValueKind.INT32},
        {PrimitiveTypeName.INT64, 0, ParquetJavaPages.plainLongs(DataShapes.wide(n, SEED, 64)), ValueKind.INT64},
        {PrimitiveTypeName.FLOAT, 0, ParquetJavaPages.plainFloats(DataShapes.floats(n, SEED)), ValueKind.FLOAT},
        {PrimitiveTypeName.DOUBLE, 0, ParquetJavaPages.plainDoubles(DataShapes.doubles(n, SEED)), ValueKind.DOUBLE},
        {PrimitiveTypeName.INT96, 0, ParquetJavaPages.plainFixed(DataShapes.fixedBytes(n, 12, SEED), 12), ValueKind.BINARY},
        {PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 5, ParquetJavaPages.plainFixed(DataShapes.fixedBytes(n, 5, SEED), 5), ValueKind.BINARY}};
    for (Object[] c : cases) {
      ColumnDescriptor column = column((PrimitiveTypeName) c[0], (Integer) c[1]);
      byte[] page = (byte[]) c[2];
      ValueKind kind = (ValueKind) c[3];
      String label = "PLAIN " + c[0] + " seed=" + SEED;
      io.github.fastdecode.parquet.conformance.Corruption.everyTruncation(label, "PLAIN", () -> PlainReaders.forColumn(column), page, n, kind);
      io.github.fastdecode.parquet.conformance.Corruption.everyBitFlip(label, "PLAIN", () -> PlainReaders.forColumn(column), page, n, kind);
    }
  }
}
