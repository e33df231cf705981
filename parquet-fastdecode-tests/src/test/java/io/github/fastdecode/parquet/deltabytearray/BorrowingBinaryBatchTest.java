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
package io.github.fastdecode.parquet.deltabytearray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InMemoryPageReader;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import io.github.fastdecode.parquet.plain.PlainReaders;
import io.github.fastdecode.parquet.plain.PlainWriters;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.column.values.plain.BinaryPlainValuesReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A {@link BinaryBatch} that allows borrowing: DELTA_LENGTH_BYTE_ARRAY lends its page, every other
 * path copies (the borrowed values first), and borrowed bytes of a page the reader has left are
 * refused, never returned.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class BorrowingBinaryBatchTest {
  private static final long SEED = 3_118L;

  static int[] sizes() {
    return DataShapes.PAGE_SIZES;
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void borrowedReadsMatchParquetJava(int n) {
    for (Map.Entry<String, byte[][]> shape : DataShapes.binaryShapes(n, SEED).entrySet()) {
      if (n > 5_000 && shape.getKey().equals("mixedUpTo10k")) {
        continue;
      }
      byte[] page = ParquetJavaPages.deltaLengthBinaries(shape.getValue());
      Differential.check("DELTA_LENGTH_BYTE_ARRAY " + shape.getKey() + " n=" + n + " seed=" + SEED,
          DeltaLengthByteArrayValuesReader::new, DeltaLengthByteArrayReader::new, page, n, ValueKind.borrowingBinary(),
          ReadPlan.standard(n));
    }
  }

  @Test
  void encodingsWhoseValuesAreNotContiguousCopy() throws IOException {
    int n = 1024;
    for (Map.Entry<String, byte[][]> shape : DataShapes.binaryShapes(n, SEED).entrySet()) {
      byte[] plain = ParquetJavaPages.plainBinaries(shape.getValue());
      byte[] delta = ParquetJavaPages.deltaBinaries(shape.getValue());
      String label = shape.getKey() + " n=" + n + " seed=" + SEED;
      Differential.check("PLAIN " + label, BinaryPlainValuesReader::new, BorrowingBinaryBatchTest::plainBinaryReader, plain, n,
          ValueKind.borrowingBinary(), ReadPlan.standard(n));
      Differential.check("DELTA_BYTE_ARRAY " + label, org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader::new,
          DeltaByteArrayReader::new, delta, n, ValueKind.borrowingBinary(), ReadPlan.standard(n));
      for (BatchValuesReader r : List.of(plainBinaryReader(), new DeltaByteArrayReader())) {
        r.initFromPage(n, InputKind.HEAP.open(r instanceof DeltaByteArrayReader ? delta : plain));
        BinaryBatch b = borrowing();
        r.readBinaries(b, 10);
        assertFalse(b.holdsBorrowedValues(), label + " " + r);
        assertEquals(0, b.offsets()[0], label + " " + r);
      }
    }
  }

  /** Values of a page as parquet-java reads them. */
  private static byte[][] oracle(byte[] page, int n) throws IOException {
    DeltaLengthByteArrayValuesReader r = new DeltaLengthByteArrayValuesReader();
    r.initFromPage(n, InputKind.HEAP.open(page));
    byte[][] v = new byte[n][];
    for (int i = 0; i < n; i++) {
      v[i] = r.readBytes().getBytes();
    }
    return v;
  }

  private static BinaryBatch borrowing() {
    BinaryBatch b = new BinaryBatch(1, 1); // tiny own storage: copies must grow it
    b.setBorrowing(true);
    return b;
  }

  private static byte[][] values(int n, long seed) {
    return DataShapes.binaryShapes(n, seed).get("randomStrings");
  }

  private static void assertHolds(List<byte[]> expected, BinaryBatch b, String where) {
    assertEquals(expected.size(), b.size(), where);
    long total = 0;
    for (int i = 0; i < expected.size(); i++) {
      assertArrayEquals(expected.get(i), b.toByteArray(i), where + ": value " + i);
      assertArrayEquals(expected.get(i), b.toBinary(i).getBytes(), where + ": value " + i + " as Binary");
      byte[] viaArrays = Arrays.copyOfRange(b.bytes(), b.offsets()[i], b.offsets()[i + 1]);
      assertArrayEquals(expected.get(i), viaArrays, where + ": value " + i + " via bytes()/offsets()");
      assertEquals(b.offset(i), b.offsets()[i], where);
      assertEquals(expected.get(i).length, b.length(i), where);
      total += expected.get(i).length;
    }
    assertEquals(total, b.byteSize(), where);
  }

  @Test
  void borrowingIsOffByDefault() throws IOException {
    byte[] page = ParquetJavaPages.deltaLengthBinaries(values(50, SEED));
    DeltaLengthByteArrayReader r = new DeltaLengthByteArrayReader();
    r.initFromPage(50, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
    BinaryBatch b = new BinaryBatch();
    assertFalse(b.isBorrowing());
    r.readBinaries(b, 50);
    assertFalse(b.holdsBorrowedValues());
    assertNotSame(page, b.bytes());
    assertEquals(0, b.offsets()[0]);
    assertHolds(Arrays.asList(oracle(page, 50)), b, "copying batch");
  }

  @Test
  void aHeapPageIsLentAndContinuingReadsExtendTheLoan() throws IOException {
    byte[][] v = values(100, SEED);
    byte[] page = ParquetJavaPages.deltaLengthBinaries(v);
    byte[][] expected = oracle(page, 100);
    byte[] before = page.clone();
    DeltaLengthByteArrayReader r = new DeltaLengthByteArrayReader();
    r.initFromPage(100, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
    BinaryBatch b = borrowing();
    r.readBinaries(b, 0);
    assertFalse(b.holdsBorrowedValues(), "no values, nothing borrowed");
    assertEquals(0, b.offsets()[0]);
    r.readBinaries(b, 5);
    assertTrue(b.holdsBorrowedValues());
    assertSame(page, b.bytes());
    // The values end the page: the first one starts after the lengths header.
    int valuesStart = page.length - Arrays.stream(v).mapToInt(x -> x.length).sum();
    assertEquals(valuesStart, b.offsets()[0]);
    for (int step : new int[] {1, 0, 7, 87}) {
      r.readBinaries(b, step);
      assertTrue(b.holdsBorrowedValues(), "after a continuing read of " + step);
      assertSame(page, b.bytes());
    }
    assertHolds(Arrays.asList(expected), b, "100 values in 5 continuing reads");
    assertEquals(page.length, b.offsets()[100]);
    b.clear();
    assertFalse(b.holdsBorrowedValues());
    assertEquals(0, b.offsets()[0]);
    b.add(new byte[] {1, 2, 3}, 0, 3);
    assertNotSame(page, b.bytes());
    assertHolds(List.of(new byte[] {1, 2, 3}), b, "own storage after clear()");
    assertArrayEquals(before, page, "the lender's page was written");
  }

  /** One way of adding values to a batch that holds borrowed ones; returns the values it added. */
  @FunctionalInterface
  interface Append {
    List<byte[]> apply(BinaryBatch b, DeltaLengthByteArrayReader lender, byte[][] lenderValues) throws IOException;
  }

  static Map<String, Append> appends() {
    byte[][] other = values(40, SEED + 1);
    byte[] otherDelta = ParquetJavaPages.deltaLengthBinaries(other);
    Map<String, Append> m = new java.util.LinkedHashMap<>();
    m.put("a read from another reader's page", (b, lender, v) -> {
      DeltaLengthByteArrayReader r = new DeltaLengthByteArrayReader();
      r.initFromPage(40, InputKind.HEAP.open(otherDelta));
      r.readBinaries(b, 40);
      return Arrays.asList(other);
    });
    m.put("add()", (b, lender, v) -> {
      b.add(new byte[] {7, 8, 9, 10}, 1, 2);
      return List.of(new byte[] {8, 9});
    });
    m.put("reserve() and appendUnchecked()", (b, lender, v) -> {
      b.reserve(1, 3);
      b.appendUnchecked(new byte[] {4, 5, 6}, 0, 3);
      return List.of(new byte[] {4, 5, 6});
    });
    m.put("a read after a skip", (b, lender, v) -> {
      lender.skip(2);
      lender.readBinaries(b, 4);
      return Arrays.asList(v).subList(12, 16);
    });
    m.put("a read after a scalar read", (b, lender, v) -> {
      lender.readBytes();
      lender.readBinaries(b, 4);
      return Arrays.asList(v).subList(11, 15);
    });
    m.put("a PLAIN read", (b, lender, v) -> {
      BatchValuesReader r = plainBinaryReader();
      r.initFromPage(40, InputKind.HEAP.open(ParquetJavaPages.plainBinaries(other)));
      r.readBinaries(b, 40);
      return Arrays.asList(other);
    });
    m.put("a DELTA_BYTE_ARRAY read", (b, lender, v) -> {
      DeltaByteArrayReader r = new DeltaByteArrayReader();
      r.initFromPage(40, InputKind.HEAP.open(ParquetJavaPages.deltaBinaries(other)));
      r.readBinaries(b, 40);
      return Arrays.asList(other);
    });
    m.put("copyBorrowed()", (b, lender, v) -> {
      b.copyBorrowed();
      return List.of();
    });
    return m;
  }

  @ParameterizedTest
  @EnumSource(InputKind.class)
  void anyOtherAppendCopiesTheBorrowedValuesFirst(InputKind input) throws IOException {
    byte[] page = ParquetJavaPages.deltaLengthBinaries(values(30, SEED));
    byte[][] expected = oracle(page, 30);
    for (Map.Entry<String, Append> append : appends().entrySet()) {
      String where = input + ", " + append.getKey();
      DeltaLengthByteArrayReader r = new DeltaLengthByteArrayReader();
      r.initFromPage(30, input.open(page));
      BinaryBatch b = borrowing();
      r.readBinaries(b, 4);
      r.readBinaries(b, 6);
      assertTrue(b.holdsBorrowedValues(), where);
      byte[] lent = b.bytes();
      byte[] lentBefore = lent.clone();
      List<byte[]> want = new ArrayList<>(Arrays.asList(expected).subList(0, 10));
      want.addAll(append.getValue().apply(b, r, expected));
      assertFalse(b.holdsBorrowedValues(), where);
      assertNotSame(lent, b.bytes(), where);
      assertEquals(0, b.offsets()[0], where);
      assertHolds(want, b, where);
      assertArrayEquals(lentBefore, lent, where + ": the lender's page was written");
      // A copying batch borrows nothing more, even from a continuing read.
      r.readBinaries(b, 1);
      assertFalse(b.holdsBorrowedValues(), where);
    }
  }

  @ParameterizedTest
  @EnumSource(InputKind.class)
  void borrowedBytesOfAPageTheReaderHasLeftAreRefused(InputKind input) throws IOException {
    byte[] page1 = ParquetJavaPages.deltaLengthBinaries(values(20, SEED));
    byte[] page2 = ParquetJavaPages.deltaLengthBinaries(values(20, SEED + 2));
    byte[][] expected2 = oracle(page2, 20);
    DeltaLengthByteArrayReader r = new DeltaLengthByteArrayReader();
    r.initFromPage(20, input.open(page1));
    BinaryBatch b = borrowing();
    r.readBinaries(b, 8);
    // Another reader moving on does not matter.
    new DeltaLengthByteArrayReader().initFromPage(20, input.open(page2));
    assertHolds(Arrays.asList(oracle(page1, 20)).subList(0, 8), b, input + " before the reader moves");

    r.initFromPage(20, input.open(page2));
    assertEquals(8, b.size());
    assertTrue(b.holdsBorrowedValues());
    Map<String, Executable> accesses = new java.util.LinkedHashMap<>();
    accesses.put("bytes()", b::bytes);
    accesses.put("offsets()", b::offsets);
    accesses.put("offset(0)", () -> b.offset(0));
    accesses.put("length(0)", () -> b.length(0));
    accesses.put("byteSize()", b::byteSize);
    accesses.put("toByteArray(0)", () -> b.toByteArray(0));
    accesses.put("toBinary(0)", () -> b.toBinary(0));
    accesses.put("copyBorrowed()", b::copyBorrowed);
    accesses.put("add()", () -> b.add(new byte[1], 0, 1));
    accesses.put("reserve()", () -> b.reserve(1, 1));
    accesses.put("a read from the same reader", () -> r.readBinaries(b, 1));
    for (Map.Entry<String, Executable> access : accesses.entrySet()) {
      IllegalStateException e = assertThrows(IllegalStateException.class, access.getValue()::run, input + " " + access.getKey());
      assertTrue(e.getMessage().contains("clear()"), e.getMessage());
      assertEquals(8, b.size(), input + " " + access.getKey() + " changed the batch");
    }
    b.clear();
    r.readBinaries(b, 20);
    assertHolds(Arrays.asList(expected2), b, input + " after clear()");
  }

  @Test
  void writersTakeABorrowedBatch() throws IOException {
    byte[][] v = DataShapes.binaryShapes(200, SEED).get("sortedSharedPrefix");
    byte[] page = ParquetJavaPages.deltaLengthBinaries(v);
    DeltaLengthByteArrayReader r = new DeltaLengthByteArrayReader();
    r.initFromPage(200, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
    BinaryBatch b = borrowing();
    r.readBinaries(b, 200);
    assertTrue(b.holdsBorrowedValues());
    assertTrue(b.offsets()[0] > 0, "borrowed values start past the page's lengths");
    HeapByteBufferAllocator heap = HeapByteBufferAllocator.getInstance();
    for (int[] range : new int[][] {{0, 200}, {50, 100}}) {
      int from = range[0];
      int count = range[1];
      List<ValuesWriter[]> pairs = List.of(
          new ValuesWriter[] {new PlainValuesWriter(64, 1 << 20, heap), PlainWriters.forType(PrimitiveTypeName.BINARY, 0, 64, 1 << 20, heap)},
          new ValuesWriter[] {new DeltaLengthByteArrayValuesWriter(64, 1 << 20, heap), new DeltaLengthByteArrayWriter(64, 1 << 20, heap)},
          new ValuesWriter[] {new org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter(64, 1 << 20, heap),
              new DeltaByteArrayWriter(64, 1 << 20, heap)});
      for (ValuesWriter[] pair : pairs) {
        for (int i = from; i < from + count; i++) {
          pair[0].writeBytes(Binary.fromConstantByteArray(v[i]));
        }
        ((BatchValuesWriter) pair[1]).writeBinaries(b, from, count);
        assertArrayEquals(pair[0].getBytes().toByteArray(), pair[1].getBytes().toByteArray(),
            pair[1] + " values " + from + ".." + (from + count) + " of a borrowed batch");
      }
    }
  }

  @Test
  void aColumnBatchRefusesToBorrow() {
    ColumnBatch batch = ColumnBatch.forColumn(ParquetJavaPages.column(PrimitiveTypeName.BINARY), 10);
    batch.binaries().setBorrowing(true);
    ColumnChunkReader chunk = new ColumnChunkReader(ParquetJavaPages.column(PrimitiveTypeName.BINARY),
        InMemoryPageReader.of(null, List.of()), 0);
    assertThrows(IllegalStateException.class, () -> chunk.readBatch(batch));
  }

  /** The JUnit Executable, minus its checked exception, for a map of accesses. */
  @FunctionalInterface
  interface Executable {
    void run();
  }

  private static BatchValuesReader plainBinaryReader() {
    return PlainReaders.forType(PrimitiveTypeName.BINARY, 0);
  }
}
