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
package io.github.fastdecode.parquet;

import static io.github.fastdecode.parquet.conformance.DeltaPageBuilder.concat;
import static io.github.fastdecode.parquet.conformance.DeltaPageBuilder.uleb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.DictionaryPages;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ParquetJavaRelease;
import io.github.fastdecode.parquet.rle.RleValuesReader;
import java.lang.management.ManagementFactory;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Headers that lie about sizes are rejected before anything sized by them is allocated, and pages
 * that legitimately describe 2^31 values in a few bytes cost work and memory linear in what a call
 * returns, never in what the header claims. Allocation is measured per thread
 * ({@code com.sun.management.ThreadMXBean}) and must stay under {@link #SMALL} bytes; the class
 * timeout catches a decoder that expands a claimed count.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ResourceBoundsTest {
  /** Reader objects, fixed scratch (a few chunks of 4096 values), the exception and its stack trace. */
  static final long SMALL = 256 * 1024;
  static final int MAX = Integer.MAX_VALUE;

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  interface Body {
    void run() throws Exception;
  }

  /**
   * Bytes allocated by this thread running {@code body} once warm: the fewest of three runs after a
   * first that warms class loading. Code the JIT has not compiled yet allocates what compiled code
   * does not (a Vector API kernel run by the interpreter or C1 boxes every vector: about 30 bytes
   * per value in the DELTA_BYTE_ARRAY checks), so one run can count garbage of the moment; an
   * allocation sized by a header field shows in every run.
   */
  static long allocatedBy(Body body) throws Exception {
    body.run();
    long fewest = Long.MAX_VALUE;
    for (int run = 0; run < 3; run++) {
      long before = THREADS.getCurrentThreadAllocatedBytes();
      body.run();
      fewest = Math.min(fewest, THREADS.getCurrentThreadAllocatedBytes() - before);
    }
    return fewest;
  }

  /** {@code body} fails with a ParquetDecodingException naming {@code encoding}, allocating little. */
  static void rejectedCheaply(String encoding, Body body) throws Exception {
    long allocated = allocatedBy(() -> {
      ParquetDecodingException e = assertThrows(ParquetDecodingException.class, body::run);
      assertTrue(e.getMessage().contains(encoding), "message does not name " + encoding + ": " + e.getMessage());
    });
    assertTrue(allocated < SMALL, encoding + ": allocated " + allocated + " bytes");
  }

  static ColumnDescriptor column(PrimitiveTypeName type) {
    return ParquetJavaPages.column(type, type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? 4 : 0);
  }

  // ---------------------------------------------------------------- counts the page cannot hold

  /** DELTA_BINARY_PACKED header: 2^31 - 1 values, block 128 / 4 miniblocks, then 6 bytes. */
  @Test
  void deltaCountBeyondThePage() throws Exception {
    byte[] page = concat(uleb(128), uleb(4), uleb(MAX), uleb(0), new byte[6]);
    for (PrimitiveTypeName type : new PrimitiveTypeName[] {PrimitiveTypeName.INT32, PrimitiveTypeName.INT64}) {
      rejectedCheaply("DELTA_BINARY_PACKED", () ->
          FastDecode.newValuesReader(column(type), Encoding.DELTA_BINARY_PACKED).initFromPage(MAX, InputKind.HEAP.open(page)));
    }
  }

  /** Value counts near 2^31 with a page of a few values: reads stop at what the bytes hold. */
  @Test
  void valueCountBeyondThePage() throws Exception {
    byte[] ints = ParquetJavaPages.plainInts(new long[] {1, 2, 3});
    rejectedCheaply("PLAIN", () -> {
      BatchValuesReader r = FastDecode.newValuesReader(column(PrimitiveTypeName.INT32), Encoding.PLAIN);
      r.initFromPage(MAX, InputKind.DIRECT.open(ints));
      r.readIntegers(new int[4], 0, 4);
    });
    rejectedCheaply("BYTE_STREAM_SPLIT", () -> {
      BatchValuesReader r = FastDecode.newValuesReader(column(PrimitiveTypeName.FLOAT), Encoding.BYTE_STREAM_SPLIT);
      r.initFromPage(MAX, InputKind.HEAP.open(ints));
      r.readFloats(new float[4], 0, 4);
    });
    byte[] levels = ParquetJavaPages.rleLengthPrefixed(new int[] {1, 0, 1}, 1);
    rejectedCheaply("RLE", () -> {
      RleValuesReader r = RleValuesReader.forLevels(1, true);
      r.initFromPage(MAX, InputKind.HEAP.open(levels));
      r.readLevels(new int[1024], 0, 1024, 1);
    });
    DictionaryPages.Encoded e = DictionaryPages.write(column(PrimitiveTypeName.INT64), 3, 2, null, 7);
    rejectedCheaply("DICTIONARY", () -> {
      BatchValuesReader r = FastDecode.newDictionaryValuesReader(e.column, Encoding.RLE_DICTIONARY, e.dictionary);
      r.initFromPage(MAX, InputKind.HEAP.open(e.page));
      r.readLongs(new long[1024], 0, 1024);
    });
  }

  /** DELTA_LENGTH_BYTE_ARRAY whose lengths add up to more than the page: the values before stay readable. */
  @Test
  void deltaLengthSumBeyondThePage() throws Exception {
    byte[] lengths = ParquetJavaPages.deltaInts(new long[] {3, MAX - 8, 2}, 128, 4);
    byte[] page = concat(lengths, new byte[] {'a', 'b', 'c', 'd', 'e'});
    rejectedCheaply("DELTA_LENGTH_BYTE_ARRAY", () -> {
      BatchValuesReader r = FastDecode.newValuesReader(column(PrimitiveTypeName.BINARY), Encoding.DELTA_LENGTH_BYTE_ARRAY);
      r.initFromPage(3, InputKind.HEAP.open(page));
      assertEquals("abc", r.readBytes().toStringUsingUTF8());
      r.readBinaries(new BinaryBatch(), 2);
    });
  }

  // ---------------------------------------------------------------- dictionary pages

  /**
   * A dictionary page claiming 2^31 entries (the Thrift i32 wraps to -2^31) or 2^31 - 1. parquet-java's
   * {@code initDictionary} allocates the claimed count first: NegativeArraySizeException for the
   * negative count, an OutOfMemoryError for the other (not run here). Ours rejects both first.
   */
  @ParameterizedTest
  @EnumSource(value = PrimitiveTypeName.class, names = {"INT32", "INT64", "FLOAT", "DOUBLE", "BINARY", "FIXED_LEN_BYTE_ARRAY", "INT96", "BOOLEAN"})
  void dictionaryPageClaiming2To31Entries(PrimitiveTypeName type) throws Exception {
    ColumnDescriptor c = column(type);
    byte[] bytes = new byte[64];
    DictionaryPage negative = new DictionaryPage(BytesInput.from(bytes), Integer.MIN_VALUE, Encoding.PLAIN_DICTIONARY);
    if (type == PrimitiveTypeName.BOOLEAN && !ParquetJavaRelease.atLeast("1.17.0")) {
      // parquet-java reads BOOLEAN dictionaries from 1.17.0 on; before, it refuses them whatever the count.
      assertThrows(ParquetDecodingException.class, () -> Encoding.PLAIN_DICTIONARY.initDictionary(c, negative));
    } else {
      assertThrows(NegativeArraySizeException.class, () -> Encoding.PLAIN_DICTIONARY.initDictionary(c, negative));
    }
    for (int claimed : new int[] {Integer.MIN_VALUE, MAX, 8 * bytes.length + 1}) {
      DictionaryPage page = new DictionaryPage(BytesInput.from(bytes), claimed, Encoding.PLAIN_DICTIONARY);
      rejectedCheaply("DICTIONARY_PAGE", () -> FastDecode.readDictionary(c, page));
    }
  }

  @Test
  void dictionaryEntryLongerThanThePage() throws Exception {
    byte[] bytes = concat(new byte[] {2, 0, 0, 0, 'h', 'i'}, new byte[] {(byte) 0xFF, (byte) 0xFF, 0, 0, 'x'});
    DictionaryPage page = new DictionaryPage(BytesInput.from(bytes), 2, Encoding.PLAIN);
    rejectedCheaply("DICTIONARY_PAGE", () -> FastDecode.readDictionary(column(PrimitiveTypeName.BINARY), page));
    assertEquals(1, FastDecode.readDictionary(column(PrimitiveTypeName.BINARY),
        new DictionaryPage(BytesInput.from(bytes), 1, Encoding.PLAIN)).getMaxId() + 1);
  }

  // ---------------------------------------------------------------- bit width 255

  @Test
  void bitWidth255() throws Exception {
    DictionaryPages.Encoded e = DictionaryPages.write(column(PrimitiveTypeName.INT32), 20, 5, null, 3);
    byte[] ids = e.page.clone();
    ids[0] = (byte) 255;
    rejectedCheaply("DICTIONARY", () ->
        FastDecode.newDictionaryValuesReader(e.column, Encoding.RLE_DICTIONARY, e.dictionary).initFromPage(20, InputKind.HEAP.open(ids)));
    // A DELTA_BINARY_PACKED miniblock of width 255: block 8 / 1 miniblock, 2 values, min delta 0.
    byte[] delta = concat(uleb(8), uleb(1), uleb(2), uleb(0), uleb(0), 255, new byte[64]);
    rejectedCheaply("DELTA_BINARY_PACKED", () ->
        FastDecode.newValuesReader(column(PrimitiveTypeName.INT64), Encoding.DELTA_BINARY_PACKED).initFromPage(2, InputKind.HEAP.open(delta)));
  }

  // ---------------------------------------------------------------- 2^31 values in a few bytes

  /** An RLE run header of 2^31 - 1 repeats of 1 (width 1): 6 bytes. */
  static final byte[] LONG_RUN = concat(uleb((long) MAX << 1), 1);

  @Test
  void runOf2To31RepeatsCostsWhatACallReturns() throws Exception {
    long allocated = allocatedBy(() -> {
      RleValuesReader levels = RleValuesReader.forLevels(1, false);
      levels.initFromPage(MAX, InputKind.HEAP.open(LONG_RUN));
      assertEquals(1000, levels.readLevels(new int[1000], 0, 1000, 1));
      levels.skip(MAX - 1001);
      assertEquals(1, levels.readInteger());
      assertThrows(ParquetDecodingException.class, levels::readInteger);

      BatchValuesReader booleans = FastDecode.newValuesReader(column(PrimitiveTypeName.BOOLEAN), Encoding.RLE);
      booleans.initFromPage(MAX, InputKind.HEAP.open(concat(new byte[] {6, 0, 0, 0}, LONG_RUN)));
      boolean[] b = new boolean[1000];
      booleans.readBooleans(b, 0, 1000);
      assertTrue(b[999]);
      booleans.skip(MAX - 1000);
    });
    assertTrue(allocated < SMALL, "allocated " + allocated);

    DictionaryPages.Encoded e = DictionaryPages.write(column(PrimitiveTypeName.INT64), 20, 2, null, 5);
    long dictionaryAllocated = allocatedBy(() -> {
      BatchValuesReader ids = FastDecode.newDictionaryValuesReader(e.column, Encoding.RLE_DICTIONARY, e.dictionary);
      ids.initFromPage(MAX, InputKind.HEAP.open(concat(1, LONG_RUN)));
      long[] v = new long[1000];
      ids.readLongs(v, 0, 1000);
      assertEquals(e.dictionary.decodeToLong(1), v[999]);
      ids.skip(MAX - 1000);
    });
    assertTrue(dictionaryAllocated < SMALL, "allocated " + dictionaryAllocated);
  }

  /**
   * 2^31 - 7 empty strings in 15 bytes of lengths (one miniblock of width 0 after the first value):
   * reading some is cheap, and a skip over 2^24 allocates nothing sized by it.
   */
  @Test
  void twoTo31EmptyValuesInAFewBytes() throws Exception {
    byte[] lengths = concat(uleb(MAX - 7), uleb(1), uleb(MAX - 6), uleb(0), uleb(0), 0);
    long allocated = allocatedBy(() -> {
      BatchValuesReader dlba = FastDecode.newValuesReader(column(PrimitiveTypeName.BINARY), Encoding.DELTA_LENGTH_BYTE_ARRAY);
      dlba.initFromPage(MAX, InputKind.HEAP.open(lengths));
      BinaryBatch batch = new BinaryBatch();
      dlba.readBinaries(batch, 1000);
      assertEquals(1000, batch.size());
      dlba.skip(1 << 24);
      assertEquals(0, dlba.readBytes().length());

      BatchValuesReader dba = FastDecode.newValuesReader(column(PrimitiveTypeName.BINARY), Encoding.DELTA_BYTE_ARRAY);
      dba.initFromPage(MAX, InputKind.HEAP.open(concat(lengths, lengths)));
      batch.clear();
      dba.readBinaries(batch, 1000);
      assertEquals(0, batch.byteSize());
      dba.skip(1 << 24);
      assertEquals(0, dba.readBytes().length());
    });
    assertTrue(allocated < SMALL, "allocated " + allocated);
  }
}
