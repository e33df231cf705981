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
package io.github.fastdecode.parquet.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.DictionaryPages;
import io.github.fastdecode.parquet.conformance.InputKind;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesReader;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * {@code readBinariesAt}, the read a row filter uses to keep only the matching rows' byte arrays:
 * for PLAIN, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY and dictionary pages, after seeded random
 * reads and skips, with kept positions from none to all, the values kept are parquet-java's values
 * at those positions and the reader stands where parquet-java's does after the same count.
 */
class ReadBinariesAtTest {
  static final long SEED = 20261130L;
  static final PrimitiveType TYPE = Types.required(PrimitiveTypeName.BINARY).named("b");
  static final ColumnDescriptor COLUMN = new ColumnDescriptor(new String[] {"b"}, TYPE, 0, 0);

  static Binary[] values(Random random, int n) {
    Binary[] v = new Binary[n];
    for (int i = 0; i < n; i++) {
      // Shared prefixes (for DELTA_BYTE_ARRAY), runs of one length, empties and long values.
      int kind = random.nextInt(10);
      String s = kind == 0 ? "" : kind == 1 ? "x".repeat(200 + random.nextInt(100)) : "prefix-" + (i / 7) + "-" + random.nextInt(1000);
      v[i] = Binary.fromString(s);
    }
    return v;
  }

  static byte[] page(ValuesWriter w, Binary[] values) throws IOException {
    for (Binary b : values) {
      w.writeBytes(b);
    }
    return w.getBytes().toByteArray();
  }

  /** Reads {@code values} (encoded as {@code page}) with read/skip/readBinariesAt steps, checked against {@code reference}. */
  static void check(String what, BatchValuesReader ours, java.util.function.Supplier<ValuesReader> references, byte[] page, Binary[] values,
      Random random) throws IOException {
    for (InputKind kind : new InputKind[] {InputKind.HEAP, InputKind.DIRECT}) {
      ValuesReader reference = references.get();
      ours.initFromPage(values.length, kind.open(page));
      reference.initFromPage(values.length, org.apache.parquet.bytes.ByteBufferInputStream.wrap(java.nio.ByteBuffer.wrap(page)));
      int at = 0;
      while (at < values.length) {
        int count = Math.min(values.length - at, 1 + random.nextInt(300));
        int step = random.nextInt(4);
        if (step == 0) {
          ours.skip(count);
          for (int i = 0; i < count; i++) {
            reference.skip();
          }
        } else {
          // Kept positions: none, all, or each with a chance of 1 in 1 to 1 in 30.
          int every = step == 1 ? 1 + random.nextInt(30) : step == 2 ? 1 : Integer.MAX_VALUE;
          int[] positions = new int[count];
          int k = 0;
          for (int i = 0; i < count; i++) {
            if (every != Integer.MAX_VALUE && random.nextInt(every) == 0) {
              positions[k++] = i;
            }
          }
          BinaryBatch dst = new BinaryBatch(4, 16);
          dst.add(new byte[] {9}, 0, 1); // values already there stay
          ours.readBinariesAt(dst, count, positions, 0, k);
          Binary[] expected = new Binary[count];
          for (int i = 0; i < count; i++) {
            expected[i] = reference.readBytes();
          }
          assertEquals(1 + k, dst.size(), what + " at " + at);
          for (int j = 0; j < k; j++) {
            assertArrayEquals(expected[positions[j]].getBytes(), dst.toByteArray(1 + j), what + " value " + (at + positions[j]));
          }
        }
        at += count;
      }
    }
  }

  @Test
  void keptValuesAreParquetJavasForEveryByteArrayEncoding() throws IOException {
    Random random = new Random(SEED);
    HeapByteBufferAllocator alloc = new HeapByteBufferAllocator();
    for (int n : new int[] {1, 7, 33, 1000, 20_000}) {
      Binary[] values = values(random, n);
      byte[] plain = page(new PlainValuesWriter(64, 1 << 20, alloc), values);
      check("PLAIN " + n, FastDecode.newValuesReader(COLUMN, Encoding.PLAIN), () -> Encoding.PLAIN.getValuesReader(COLUMN,
          org.apache.parquet.column.ValuesType.VALUES), plain, values, random);
      byte[] dlba = page(new DeltaLengthByteArrayValuesWriter(64, 1 << 20, alloc), values);
      check("DELTA_LENGTH_BYTE_ARRAY " + n, FastDecode.newValuesReader(COLUMN, Encoding.DELTA_LENGTH_BYTE_ARRAY),
          () -> Encoding.DELTA_LENGTH_BYTE_ARRAY.getValuesReader(COLUMN, org.apache.parquet.column.ValuesType.VALUES), dlba, values, random);
      byte[] dba = page(new DeltaByteArrayWriter(64, 1 << 20, alloc), values);
      check("DELTA_BYTE_ARRAY " + n, FastDecode.newValuesReader(COLUMN, Encoding.DELTA_BYTE_ARRAY),
          () -> Encoding.DELTA_BYTE_ARRAY.getValuesReader(COLUMN, org.apache.parquet.column.ValuesType.VALUES), dba, values, random);
    }
  }

  @Test
  void keptDictionaryEntriesAreParquetJavas() throws IOException {
    Random random = new Random(SEED + 1);
    for (int n : new int[] {1, 33, 5000}) {
      DictionaryPages.Encoded e = DictionaryPages.write(COLUMN, n, 1 + random.nextInt(200), null, SEED + n);
      Binary[] values = new Binary[n];
      DictionaryValuesReader all = new DictionaryValuesReader(e.dictionary);
      all.initFromPage(n, org.apache.parquet.bytes.ByteBufferInputStream.wrap(java.nio.ByteBuffer.wrap(e.page)));
      for (int i = 0; i < n; i++) {
        values[i] = all.readBytes();
      }
      check("RLE_DICTIONARY " + n, FastDecode.newDictionaryValuesReader(COLUMN, Encoding.RLE_DICTIONARY, e.dictionary),
          () -> new DictionaryValuesReader(e.dictionary), e.page, values, random);
    }
  }

  @Test
  void positionsOutOfOrderOrPastTheCountAreRefusedAndACutPageIsADecodingError() throws IOException {
    Binary[] values = values(new Random(SEED + 2), 50);
    byte[] plain = page(new PlainValuesWriter(64, 1 << 20, new HeapByteBufferAllocator()), values);
    BatchValuesReader r = FastDecode.newValuesReader(COLUMN, Encoding.PLAIN);
    r.initFromPage(50, InputKind.HEAP.open(plain));
    assertThrows(IllegalArgumentException.class, () -> r.readBinariesAt(new BinaryBatch(), 10, new int[] {3, 2}, 0, 2));
    r.initFromPage(50, InputKind.HEAP.open(plain));
    assertThrows(IllegalArgumentException.class, () -> r.readBinariesAt(new BinaryBatch(), 10, new int[] {10}, 0, 1));
    byte[] cut = Arrays.copyOf(plain, plain.length / 2);
    r.initFromPage(50, InputKind.HEAP.open(cut));
    BinaryBatch dst = new BinaryBatch();
    assertThrows(ParquetDecodingException.class, () -> r.readBinariesAt(dst, 50, new int[] {0, 49}, 0, 2));
    assertEquals(0, dst.size(), "a failed read leaves the batch as it was");
  }
}
