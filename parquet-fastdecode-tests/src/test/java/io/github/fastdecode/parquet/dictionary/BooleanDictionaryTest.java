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
package io.github.fastdecode.parquet.dictionary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ParquetJavaRelease;
import java.io.IOException;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/**
 * BOOLEAN dictionary pages (entries bit-packed as PLAIN booleans) and the ids that index them, read
 * the same on every parquet-java release: parquet-java reads such dictionary pages itself from
 * 1.17.0 on and is the oracle there (before, it refuses them and the entries written are the
 * oracle); it reads their data pages on no release, so there the ids written are the oracle.
 */
class BooleanDictionaryTest {
  private static final long SEED = 16_118L;
  private static final ColumnDescriptor COLUMN = ParquetJavaPages.column(PrimitiveTypeName.BOOLEAN);

  /** {@code entries} as parquet-java's PLAIN boolean writer writes them. */
  static byte[] plain(boolean[] entries) throws IOException {
    BooleanPlainValuesWriter w = new BooleanPlainValuesWriter();
    for (boolean b : entries) {
      w.writeBoolean(b);
    }
    return w.getBytes().toByteArray();
  }

  /** A dictionary-encoded data page: the bit width, then the ids RLE/bit-packed. */
  static byte[] idsPage(int[] ids, int bitWidth) throws IOException {
    RunLengthBitPackingHybridEncoder e = new RunLengthBitPackingHybridEncoder(bitWidth, 64, 1 << 20, HeapByteBufferAllocator.getInstance());
    for (int id : ids) {
      e.writeInt(id);
    }
    return BytesInput.concat(BytesInput.from(new byte[] {(byte) bitWidth}), e.toBytes()).toByteArray();
  }

  @Test
  void entriesAndIdsAsParquetJavaReadsThem() throws IOException {
    Random r = new Random(SEED);
    System.out.println("BooleanDictionaryTest: seed " + SEED + ", parquet-java " + ParquetJavaRelease.VERSION);
    int pages = 0;
    for (int size : new int[] {1, 2, 3, 7, 8, 9, 17, 64, 1000}) {
      boolean[] entries = new boolean[size];
      for (int i = 0; i < size; i++) {
        entries[i] = r.nextBoolean();
      }
      for (Encoding encoding : new Encoding[] {Encoding.PLAIN_DICTIONARY, Encoding.PLAIN}) {
        DictionaryPage page = new DictionaryPage(BytesInput.from(plain(entries)), size, encoding);
        Dictionary ours = FastDecode.readDictionary(COLUMN, page);
        assertEquals(size - 1, ours.getMaxId());
        Dictionary theirs = null;
        if (ParquetJavaRelease.atLeast("1.17.0")) {
          theirs = encoding.initDictionary(COLUMN, page);
          assertEquals(theirs.getMaxId(), ours.getMaxId());
        } else {
          assertThrows(ParquetDecodingException.class, () -> encoding.initDictionary(COLUMN, page),
              "parquet-java " + ParquetJavaRelease.VERSION + " reads BOOLEAN dictionaries: update BooleanDictionary's comment");
        }
        for (int id = 0; id < size; id++) {
          assertEquals(entries[id], ours.decodeToBoolean(id), "size " + size + " entry " + id);
          if (theirs != null) {
            assertEquals(theirs.decodeToBoolean(id), ours.decodeToBoolean(id), "size " + size + " entry " + id);
          }
        }

        // Ids over the dictionary, through the library's dictionary reader (bulk) and parquet-java's where it has one.
        int n = 1 + r.nextInt(3000);
        int[] ids = new int[n];
        boolean[] expected = new boolean[n];
        for (int i = 0; i < n; i++) {
          ids[i] = i % 50 < 20 ? 0 : r.nextInt(size); // runs and bit-packed groups
          expected[i] = entries[ids[i]];
        }
        byte[] data = idsPage(ids, 32 - Integer.numberOfLeadingZeros(Math.max(1, size - 1)));
        BatchValuesReader reader = FastDecode.newDictionaryValuesReader(COLUMN, Encoding.RLE_DICTIONARY, ours);
        reader.initFromPage(n, InputKind.HEAP.open(data));
        boolean[] got = new boolean[n];
        reader.readBooleans(got, 0, n);
        assertArrayEquals(expected, got, "size " + size + ", " + n + " ids");
        // parquet-java has no reader for these pages on any release (its DictionaryValuesReader has no
        // readBoolean), so the oracle is the entries the ids written by its encoder pick; the ids too.
        BatchValuesReader ids2 = FastDecode.newDictionaryValuesReader(COLUMN, Encoding.RLE_DICTIONARY, ours);
        ids2.initFromPage(n, InputKind.HEAP.open(data));
        int[] gotIds = new int[n];
        ids2.readDictionaryIds(gotIds, 0, n);
        assertArrayEquals(ids, gotIds);
        assertThrows(ParquetDecodingException.class,
            () -> Encoding.RLE_DICTIONARY.getDictionaryBasedValuesReader(COLUMN, ValuesType.VALUES, ours),
            "parquet-java " + ParquetJavaRelease.VERSION + " reads BOOLEAN dictionary data pages: update DictionaryReader's comment");
        pages++;
      }
    }
    assertEquals(18, pages);
  }
}
