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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.Corruption;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.DictionaryPages;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.dictionary.DictionaryValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DictionaryReaderTest {
  private static final long SEED = 4_242L;
  private static final int[] DICTIONARY_SIZES = {1, 2, 300, 70_000};
  private static final int[] SIZES = {1, 7, 8, 9, 33, 129, 1024};

  static List<ValueKind> kinds(PrimitiveTypeName type) {
    switch (type) {
      case INT32: return List.of(ValueKind.DICTIONARY_IDS, ValueKind.INT32, ValueKind.INT32_AS_INT64, ValueKind.INT32_AS_DOUBLE);
      case INT64: return List.of(ValueKind.DICTIONARY_IDS, ValueKind.INT64, ValueKind.UNSIGNED_BIG_ENDIAN, ValueKind.NANOS_AS_MICROS);
      case FLOAT: return List.of(ValueKind.DICTIONARY_IDS, ValueKind.FLOAT, ValueKind.FLOAT_AS_DOUBLE);
      case DOUBLE: return List.of(ValueKind.DICTIONARY_IDS, ValueKind.DOUBLE);
      case INT96: return List.of(ValueKind.DICTIONARY_IDS, ValueKind.BINARY, ValueKind.INT96_AS_MICROS, ValueKind.INT96_AS_NANOS);
      default: return List.of(ValueKind.DICTIONARY_IDS, ValueKind.BINARY);
    }
  }

  @ParameterizedTest
  @EnumSource(value = PrimitiveTypeName.class, names = {"INT32", "INT64", "FLOAT", "DOUBLE", "BINARY", "FIXED_LEN_BYTE_ARRAY", "INT96"})
  void matchesParquetJava(PrimitiveTypeName type) {
    ColumnDescriptor column = ParquetJavaPages.column(type, 7);
    for (int dictionarySize : DICTIONARY_SIZES) {
      for (int n : SIZES) {
        if (n < dictionarySize && dictionarySize > 300) {
          continue; // a dictionary needs n >= its size distinct values
        }
        checkAll(column, type, n, dictionarySize, null, "random");
        int width = 32 - Integer.numberOfLeadingZeros(dictionarySize - 1);
        int[] runs = DataShapes.idShapes(n, SEED, width).get("runs1to70");
        checkAll(column, type, n, dictionarySize, runs, "runs1to70");
      }
    }
    // big pages: 100,003 values over 70,000 and 300 entries
    for (int dictionarySize : new int[] {300, 70_000}) {
      DictionaryPages.Encoded e = DictionaryPages.write(column, 100_003, dictionarySize, null, SEED);
      Differential.check(type + " dict=" + dictionarySize + " n=100003 seed=" + SEED, () -> new DictionaryValuesReader(e.dictionary),
          () -> new DictionaryReader(column, e.dictionary), e.page, 100_003, 100_003, kinds(type).get(1), ReadPlan.standard(100_003),
          InputKind.HEAP, InputKind.DIRECT);
    }
  }

  /**
   * BINARY entries of 0..70 bytes: the bulk read copies entries of up to 32 bytes as whole words
   * and longer ones with arraycopy, so both and the boundary between them are covered.
   */
  @Test
  void binaryEntriesOfEveryLengthUpTo70MatchParquetJava() {
    ColumnDescriptor column = ParquetJavaPages.column(PrimitiveTypeName.BINARY);
    for (int n : new int[] {33, 1024, 5000}) {
      DictionaryPages.Encoded e = DictionaryPages.write(column, n, 300, null, SEED + n, 71);
      Differential.check("BINARY entries 0..70 bytes, dict=300 n=" + n + " seed=" + (SEED + n),
          () -> new DictionaryValuesReader(e.dictionary), () -> new DictionaryReader(column, e.dictionary),
          e.page, n, ValueKind.BINARY, ReadPlan.standard(n));
    }
  }

  /**
   * Dictionaries whose longest entry fills its slot exactly (8, 16, 32 bytes) or is empty: bulk
   * reads copy such entries as whole 8-, 16- or 32-byte slots, so the slot sizes and the last entry
   * of the table are covered, over random ids and over an RLE run longer than a chunk of ids.
   */
  @Test
  void binaryEntriesFillingTheirSlotsMatchParquetJava() {
    ColumnDescriptor column = ParquetJavaPages.column(PrimitiveTypeName.BINARY);
    for (int bound : new int[] {1, 8, 9, 16, 17, 32, 33}) {
      int dictionarySize = bound == 1 ? 1 : 300;
      for (int n : new int[] {1, 33, 5000}) {
        long seed = SEED + 31L * n + bound;
        DictionaryPages.Encoded e = DictionaryPages.write(column, n, dictionarySize, null, seed, bound);
        Differential.check("BINARY entries 0.." + (bound - 1) + " bytes, dict=" + dictionarySize + " n=" + n + " seed=" + seed,
            () -> new DictionaryValuesReader(e.dictionary), () -> new DictionaryReader(column, e.dictionary),
            e.page, n, ValueKind.BINARY, ReadPlan.standard(n));
      }
      // 3000 repeats of one entry in the middle: an RLE run of almost three chunks of ids
      int n = 5000;
      int[] ids = DataShapes.idShapes(n, SEED + bound, 9).get("random");
      for (int i = 0; i < ids.length; i++) {
        ids[i] = i >= 1000 && i < 4000 ? dictionarySize - 1 : ids[i] % dictionarySize;
      }
      long seed = SEED + bound;
      DictionaryPages.Encoded e = DictionaryPages.write(column, n, dictionarySize, ids, seed, bound);
      Differential.check("BINARY entries 0.." + (bound - 1) + " bytes, long run, dict=" + dictionarySize + " seed=" + seed,
          () -> new DictionaryValuesReader(e.dictionary), () -> new DictionaryReader(column, e.dictionary),
          e.page, n, ValueKind.BINARY, ReadPlan.standard(n));
    }
  }

  private static void checkAll(ColumnDescriptor column, PrimitiveTypeName type, int n, int dictionarySize, int[] ids, String shape) {
    DictionaryPages.Encoded e = DictionaryPages.write(column, n, dictionarySize, ids, SEED + n);
    for (ValueKind kind : kinds(type)) {
      Differential.check(type + " dict=" + dictionarySize + " " + shape + " n=" + n + " seed=" + (SEED + n),
          () -> new DictionaryValuesReader(e.dictionary), () -> FastDecode.newDictionaryValuesReader(column, Encoding.RLE_DICTIONARY, e.dictionary),
          e.page, n, kind, ReadPlan.standard(n));
    }
  }

  @Test
  void facadeUsesTheBulkReader() {
    ColumnDescriptor column = ParquetJavaPages.column(PrimitiveTypeName.INT64);
    DictionaryPages.Encoded e = DictionaryPages.write(column, 10, 3, null, SEED);
    BatchValuesReader r = FastDecode.newDictionaryValuesReader(column, Encoding.PLAIN_DICTIONARY, e.dictionary);
    assertInstanceOf(DictionaryReader.class, r);
  }

  @Test
  void idsOutsideTheDictionaryFailCleanly() throws Exception {
    ColumnDescriptor column = ParquetJavaPages.column(PrimitiveTypeName.DOUBLE);
    DictionaryPages.Encoded e = DictionaryPages.write(column, 50, 3, null, SEED);
    // ids 0..7 at width 3, bit-packed and RLE: 3..7 are outside a 3-entry dictionary
    int[] bad = {0, 1, 2, 7, 0, 1, 2, 3};
    byte[] packed = ParquetJavaPages.rleRaw(bad, 3);
    byte[] page = new byte[packed.length + 1];
    page[0] = 3;
    System.arraycopy(packed, 0, page, 1, packed.length);
    for (ValueKind kind : List.of(ValueKind.DOUBLE, ValueKind.DICTIONARY_IDS)) {
      ParquetDecodingException ex = assertThrows(ParquetDecodingException.class, () -> {
        DictionaryReader r = new DictionaryReader(column, e.dictionary);
        r.initFromPage(8, InputKind.HEAP.open(page));
        double[] dst = new double[8];
        int[] ids = new int[8];
        if (kind == ValueKind.DOUBLE) {
          r.readDoubles(dst, 0, 8);
        } else {
          r.readDictionaryIds(ids, 0, 8);
        }
      });
      assertTrue(ex.getMessage().contains("is outside the dictionary of " + (e.dictionary.getMaxId() + 1) + " entries"), ex.getMessage());
    }
    byte[] rleRun = {2, 10 << 1, 5}; // width 2, RLE run of 10 x id 5
    assertThrows(ParquetDecodingException.class, () -> {
      DictionaryReader r = new DictionaryReader(column, e.dictionary);
      r.initFromPage(10, InputKind.HEAP.open(rleRun));
      r.readDouble();
    });
    byte[] wide = {33, 2, 0};
    assertThrows(ParquetDecodingException.class, () -> new DictionaryReader(column, e.dictionary).initFromPage(1, InputKind.HEAP.open(wide)));
  }

  /**
   * Ids of bit-packed runs are range-checked only where the page's bit width can reach past the
   * dictionary: with 8 entries, width 3 holds only ids 0..7 (all read back, no check needed), while
   * width 4 can hold 8..15, which must fail, in the id read and in the value read.
   */
  @Test
  void packedIdsAreCheckedWhereTheirWidthCanReachPastTheDictionary() throws Exception {
    ColumnDescriptor column = ParquetJavaPages.column(PrimitiveTypeName.INT32);
    DictionaryPages.Encoded e = DictionaryPages.write(column, 64, 8, null, SEED);
    assertEquals(8, e.dictionary.getMaxId() + 1);
    int[] every = new int[64];
    for (int i = 0; i < every.length; i++) {
      every[i] = i * 5 % 8;
    }
    for (int width : new int[] {3, 4}) {
      DictionaryReader r = new DictionaryReader(column, e.dictionary);
      r.initFromPage(64, InputKind.HEAP.open(idsPage(every, width)));
      int[] ids = new int[64];
      r.readDictionaryIds(ids, 0, 64);
      assertArrayEquals(every, ids, "width " + width);
    }
    int[] bad = every.clone();
    bad[37] = 15;
    for (ValueKind kind : List.of(ValueKind.INT32, ValueKind.DICTIONARY_IDS)) {
      ParquetDecodingException ex = assertThrows(ParquetDecodingException.class, () -> {
        DictionaryReader r = new DictionaryReader(column, e.dictionary);
        r.initFromPage(64, InputKind.HEAP.open(idsPage(bad, 4)));
        if (kind == ValueKind.INT32) {
          r.readIntegers(new int[64], 0, 64);
        } else {
          r.readDictionaryIds(new int[64], 0, 64);
        }
      }, kind.toString());
      assertTrue(ex.getMessage().contains("dictionary id 15 is outside the dictionary of 8 entries"), ex.getMessage());
    }
  }

  /** A data page's ids section: the bit-width byte, then the ids as parquet-java's RLE / bit-packed hybrid encodes them. */
  private static byte[] idsPage(int[] ids, int width) {
    byte[] runs = ParquetJavaPages.rleRaw(ids, width);
    byte[] page = new byte[runs.length + 1];
    page[0] = (byte) width;
    System.arraycopy(runs, 0, page, 1, runs.length);
    return page;
  }

  @Test
  void corruptPagesFailCleanly() {
    for (PrimitiveTypeName type : new PrimitiveTypeName[] {PrimitiveTypeName.INT64, PrimitiveTypeName.BINARY}) {
      ColumnDescriptor column = ParquetJavaPages.column(type);
      DictionaryPages.Encoded e = DictionaryPages.write(column, 40, 20, null, SEED);
      ValueKind kind = kinds(type).get(1);
      Corruption.everyTruncation("dictionary " + type, "DICTIONARY", () -> new DictionaryReader(column, e.dictionary), e.page, 40, kind);
      Corruption.everyBitFlip("dictionary " + type, "DICTIONARY", () -> new DictionaryReader(column, e.dictionary), e.page, 40, kind);
    }
  }

  @Test
  void emptyPageOfNullsRefusesReads() throws Exception {
    ColumnDescriptor column = ParquetJavaPages.column(PrimitiveTypeName.INT32);
    DictionaryPages.Encoded e = DictionaryPages.write(column, 5, 2, null, SEED);
    DictionaryReader r = new DictionaryReader(column, e.dictionary);
    r.initFromPage(5, InputKind.HEAP.open(new byte[0]));
    assertThrows(ParquetDecodingException.class, r::readInteger);
    r.readIntegers(new int[0], 0, 0);
  }
}
