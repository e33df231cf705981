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
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.conformance.Corruption;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;

/** Malformed BYTE_STREAM_SPLIT sections are rejected where parquet-java rejects them, with a clean exception. */
class ByteStreamSplitCorruptionTest {
  static final long SEED = 0x5EED_0004L;

  static final Object[][] TYPES = {
      {PrimitiveTypeName.INT32, 0, 4}, {PrimitiveTypeName.INT64, 0, 8}, {PrimitiveTypeName.FLOAT, 0, 4},
      {PrimitiveTypeName.DOUBLE, 0, 8}, {PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 3, 3},
      {PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 17, 17}};

  static String label(ColumnDescriptor c) {
    PrimitiveType t = c.getPrimitiveType();
    return "BYTE_STREAM_SPLIT " + t.getPrimitiveTypeName()
        + (t.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? "(" + t.getTypeLength() + ")" : "");
  }

  /** Both parquet-java and ours reject the page; ours with a ValuesDecodingException naming the encoding. */
  static ValuesDecodingException expectRejected(ColumnDescriptor c, byte[] page, int valueCount, InputKind input) {
    ValuesReader oracle = Encoding.BYTE_STREAM_SPLIT.getValuesReader(c, ValuesType.VALUES);
    assertThrows(ParquetDecodingException.class, () -> oracle.initFromPage(valueCount, InputKind.HEAP.open(page)),
        "parquet-java accepts it: the test is wrong");
    BatchValuesReader r = ByteStreamSplitReaders.forColumn(c);
    ValuesDecodingException e = assertThrows(ValuesDecodingException.class, () -> r.initFromPage(valueCount, input.open(page)),
        label(c) + " " + page.length + " bytes, valueCount " + valueCount + ", " + input);
    assertEquals(label(c), e.encoding());
    assertTrue(e.getMessage().startsWith(label(c)), e.getMessage());
    // Nothing from the rejected page, or an earlier one, is readable afterwards.
    assertThrows(ParquetDecodingException.class, r::skip);
    return e;
  }

  @Test
  void sectionNotAWholeNumberOfValues() {
    for (Object[] t : TYPES) {
      ColumnDescriptor c = column((PrimitiveTypeName) t[0], (Integer) t[1]);
      int width = (Integer) t[2];
      for (int n : new int[] {0, 1, 9, 100}) {
        for (int extra = 1; extra < width; extra++) {
          byte[] page = new byte[n * width + extra];
          new java.util.Random(SEED + n).nextBytes(page);
          for (InputKind input : InputKind.values()) {
            ValuesDecodingException e = expectRejected(c, page, n + 1, input);
            assertEquals(page.length, e.position());
          }
        }
      }
    }
  }

  @Test
  void moreEncodedValuesThanThePageHas() {
    for (Object[] t : TYPES) {
      ColumnDescriptor c = column((PrimitiveTypeName) t[0], (Integer) t[1]);
      int width = (Integer) t[2];
      for (int n : new int[] {1, 8, 33}) {
        byte[] page = new byte[n * width];
        for (InputKind input : InputKind.values()) {
          expectRejected(c, page, n - 1, input);
          expectRejected(c, page, -1, input);
        }
      }
    }
  }

  /**
   * A zero-length FIXED_LEN_BYTE_ARRAY (only a hand-made schema can have one): parquet-java fails
   * with ArithmeticException (division by zero); we reject it as a decoding error.
   */
  @Test
  void zeroLengthFixedValuesAreRejected() {
    ColumnDescriptor c = new ColumnDescriptor(new String[] {"c"},
        new PrimitiveType(Type.Repetition.REQUIRED, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 0, "c"), 0, 0);
    ValuesReader oracle = Encoding.BYTE_STREAM_SPLIT.getValuesReader(c, ValuesType.VALUES);
    assertThrows(ArithmeticException.class, () -> oracle.initFromPage(0, InputKind.HEAP.open(new byte[0])));
    for (byte[] page : new byte[][] {new byte[0], new byte[5]}) {
      BatchValuesReader r = ByteStreamSplitReaders.forColumn(c);
      assertThrows(ValuesDecodingException.class, () -> r.initFromPage(5, InputKind.HEAP.open(page)));
    }
  }

  @Test
  void readAndSkipPastTheEnd() throws IOException {
    int n = 21;
    long[] values = DataShapes.wide(n, SEED, 64);
    BatchValuesReader r = ByteStreamSplitReaders.forColumn(column(PrimitiveTypeName.INT64));
    r.initFromPage(n, InputKind.DIRECT.open(ParquetJavaPages.bssLongs(values)));
    r.skip(5);
    long[] dst = new long[n];
    Arrays.fill(dst, 42);
    ValuesDecodingException e = assertThrows(ValuesDecodingException.class, () -> r.readLongs(dst, 0, n - 4));
    assertEquals("BYTE_STREAM_SPLIT INT64", e.encoding());
    assertEquals(5, e.position()); // the next value's index, which is its byte in stream 0
    assertThrows(ValuesDecodingException.class, () -> r.readTimestampMillisAsMicros(dst, 0, n - 4));
    assertThrows(ValuesDecodingException.class, () -> r.readUnsignedLongsAsBigEndian(new BinaryBatch(), n - 4));
    assertThrows(ValuesDecodingException.class, () -> r.skip(n - 4));
    long[] untouched = new long[n];
    Arrays.fill(untouched, 42);
    assertArrayEquals(untouched, dst);
    r.readLongs(dst, 0, n - 5);
    assertArrayEquals(Arrays.copyOfRange(values, 5, n), Arrays.copyOf(dst, n - 5));
    assertThrows(ValuesDecodingException.class, r::readLong);
    assertThrows(ValuesDecodingException.class, r::skip);
  }

  @Test
  void callerMistakesAreNotDecodingErrors() throws IOException {
    BatchValuesReader r = ByteStreamSplitReaders.forColumn(column(PrimitiveTypeName.FLOAT));
    byte[] page = ParquetJavaPages.bssFloats(DataShapes.floats(8, SEED));
    r.initFromPage(8, InputKind.HEAP.open(page));
    assertThrows(IllegalArgumentException.class, () -> r.skip(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> r.readFloats(new float[4], 2, 3));
    // The first value's bytes, one per stream: taken from the page rather than the input, since
    // some parquet-java writers (1.15.2, for one) canonicalise NaN payloads.
    int firstBits = (page[0] & 0xFF) | (page[8] & 0xFF) << 8 | (page[16] & 0xFF) << 16 | (page[24] & 0xFF) << 24;
    assertEquals(firstBits, Float.floatToRawIntBits(r.readFloat()));
  }

  /** Every truncation and bit flip of small pages of each type fails cleanly, naming BYTE_STREAM_SPLIT. */
  @Test
  void everyTruncationAndBitFlip() {
    int n = 9;
    Object[][] cases = {
        {PrimitiveTypeName.INT32, 0, ParquetJavaPages.bssInts(DataShapes.wide(n, SEED, 32)), ValueKind.INT32},
        {PrimitiveTypeName.INT64, 0, ParquetJavaPages.bssLongs(DataShapes.wide(n, SEED, 64)), ValueKind.INT64},
        {PrimitiveTypeName.FLOAT, 0, ParquetJavaPages.bssFloats(DataShapes.floats(n, SEED)), ValueKind.FLOAT},
        {PrimitiveTypeName.DOUBLE, 0, ParquetJavaPages.bssDoubles(DataShapes.doubles(n, SEED)), ValueKind.DOUBLE},
        {PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 3, ParquetJavaPages.bssFixed(DataShapes.fixedBytes(n, 3, SEED), 3), ValueKind.BINARY}};
    for (Object[] c : cases) {
      ColumnDescriptor column = column((PrimitiveTypeName) c[0], (Integer) c[1]);
      byte[] page = (byte[]) c[2];
      ValueKind kind = (ValueKind) c[3];
      String l = label(column) + " seed=" + SEED;
      Corruption.everyTruncation(l, "BYTE_STREAM_SPLIT", () -> ByteStreamSplitReaders.forColumn(column), page, n, kind);
      Corruption.everyBitFlip(l, "BYTE_STREAM_SPLIT", () -> ByteStreamSplitReaders.forColumn(column), page, n, kind);
    }
  }
}
