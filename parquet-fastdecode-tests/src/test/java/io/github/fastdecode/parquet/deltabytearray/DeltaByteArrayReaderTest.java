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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.Corruption;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.io.ByteArrayOutputStream;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(value = 180, unit = TimeUnit.SECONDS)
/** DELTA_BYTE_ARRAY reads against parquet-java's reader (DELTA_LENGTH_BYTE_ARRAY: {@link DeltaLengthByteArrayReaderTest}). */
class DeltaByteArrayReaderTest {
  private static final long SEED = 1_246L;

  static int[] sizes() {
    return DataShapes.PAGE_SIZES;
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void deltaByteArrayMatchesParquetJava(int n) {
    for (Map.Entry<String, byte[][]> shape : DataShapes.binaryShapes(n, SEED).entrySet()) {
      if (n > 5_000 && shape.getKey().equals("mixedUpTo10k")) {
        continue;
      }
      byte[] page = ParquetJavaPages.deltaBinaries(shape.getValue());
      Differential.check("DELTA_BYTE_ARRAY " + shape.getKey() + " n=" + n + " seed=" + SEED,
          org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader::new, DeltaByteArrayReader::new, page, n,
          ValueKind.BINARY, ReadPlan.standard(n));
    }
  }

  @Test
  void fixedLengthColumnsUseTheSameReaders() {
    byte[][] values = DataShapes.fixedBytes(300, 16, SEED);
    java.util.Arrays.sort(values, java.util.Arrays::compare); // shared prefixes
    byte[] page = ParquetJavaPages.deltaBinaries(values);
    Differential.check("DELTA_BYTE_ARRAY FLBA(16)", org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader::new,
        () -> FastDecode.newValuesReader(ParquetJavaPages.column(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 16), Encoding.DELTA_BYTE_ARRAY),
        page, 300, ValueKind.BINARY, ReadPlan.standard(300));
    assertInstanceOf(DeltaByteArrayReader.class,
        FastDecode.newValuesReader(ParquetJavaPages.column(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 16), Encoding.DELTA_BYTE_ARRAY));
  }

  /** A DELTA_BYTE_ARRAY page built by hand, so its first value can have a prefix (old writers, PARQUET-246). */
  static byte[] handPage(int[] prefixes, byte[][] suffixes) {
    long[] p = new long[prefixes.length];
    for (int i = 0; i < p.length; i++) {
      p[i] = prefixes[i];
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(ParquetJavaPages.deltaInts(p, 128, 4));
    out.writeBytes(ParquetJavaPages.deltaLengthBinaries(suffixes));
    return out.toByteArray();
  }

  @Test
  void firstValueOfAPageMayShareAPrefixWithThePreviousPage() throws Exception {
    byte[] page1 = ParquetJavaPages.deltaBinaries(new byte[][] {"apple".getBytes(), "applesauce".getBytes()});
    byte[] page2 = handPage(new int[] {5, 7}, new byte[][] {"-pie".getBytes(), "x".getBytes()});
    byte[][] expected = {"apple".getBytes(), "applesauce".getBytes(), "apple-pie".getBytes(), "apple-px".getBytes()};

    // parquet-java: a new reader per page, handed the previous one.
    org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader pj1 = new org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader();
    pj1.initFromPage(2, InputKind.HEAP.open(page1));
    pj1.readBytes();
    pj1.readBytes();
    org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader pj2 = new org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader();
    pj2.setPreviousReader(pj1);
    pj2.initFromPage(2, InputKind.HEAP.open(page2));
    assertArrayEquals(expected[2], pj2.readBytes().getBytes());
    assertArrayEquals(expected[3], pj2.readBytes().getBytes());

    // ours, reused across pages, with bulk reads and skips
    for (int skipFirst = 0; skipFirst <= 2; skipFirst++) {
      DeltaByteArrayReader r = new DeltaByteArrayReader();
      r.initFromPage(2, InputKind.DIRECT.open(page1));
      r.skip(skipFirst);
      r.readBinaries(new BinaryBatch(), 2 - skipFirst);
      r.initFromPage(2, InputKind.HEAP.open(page2));
      BinaryBatch b = new BinaryBatch();
      r.readBinaries(b, 2);
      assertArrayEquals(expected[2], b.toByteArray(0), "skipFirst=" + skipFirst);
      assertArrayEquals(expected[3], b.toByteArray(1), "skipFirst=" + skipFirst);
    }
    // ours, a new reader per page handed the previous one, as parquet-java's column reader does
    DeltaByteArrayReader a = new DeltaByteArrayReader();
    a.initFromPage(2, InputKind.HEAP.open(page1));
    a.skip(2);
    DeltaByteArrayReader b = new DeltaByteArrayReader();
    b.setPreviousReader(a);
    b.initFromPage(2, InputKind.HEAP.open(page2));
    b.skip(1);
    assertArrayEquals(expected[3], b.readBytes().getBytes());
  }

  /**
   * Values of 0..18 bytes, each sharing 0..its length bytes with the one before: every prefix and
   * suffix length around the 16 bytes the bulk read builds in registers, and values straddling
   * that limit, with the last suffixes at the very end of the page.
   */
  @Test
  void shortValuesWithEveryPrefixAndSuffixLengthMatchParquetJava() {
    java.util.Random random = new java.util.Random(SEED + 7);
    int n = 4000;
    byte[][] values = new byte[n][];
    byte[] previous = new byte[0];
    for (int i = 0; i < n; i++) {
      int length = random.nextInt(19);
      int prefix = random.nextInt(Math.min(length, previous.length) + 1);
      byte[] v = new byte[length];
      System.arraycopy(previous, 0, v, 0, prefix);
      for (int k = prefix; k < length; k++) {
        v[k] = (byte) random.nextInt();
      }
      values[i] = previous = v;
    }
    byte[] page = ParquetJavaPages.deltaBinaries(values);
    Differential.check("DELTA_BYTE_ARRAY short values, seed=" + (SEED + 7),
        org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader::new, DeltaByteArrayReader::new, page, n,
        ValueKind.BINARY, ReadPlan.standard(n));
  }

  @Test
  void oddSkipsKeepPrefixesRight() throws Exception {
    byte[][] values = DataShapes.binaryShapes(1000, SEED).get("sortedSharedPrefix");
    byte[] page = ParquetJavaPages.deltaBinaries(values);
    for (int skip = 1; skip <= 13; skip += 2) {
      DeltaByteArrayReader r = new DeltaByteArrayReader();
      r.initFromPage(1000, InputKind.HEAP.open(page));
      int i = 0;
      while (i + skip + 1 <= 1000) {
        r.skip(skip);
        i += skip;
        assertArrayEquals(values[i], r.readBytes().getBytes(), "skip=" + skip + " at " + i);
        i++;
      }
    }
  }

  @Test
  void lyingPrefixesFailCleanly() throws Exception {
    // prefix longer than the previous value
    byte[] tooLong = handPage(new int[] {0, 9}, new byte[][] {"abc".getBytes(), "d".getBytes()});
    DeltaByteArrayReader r = new DeltaByteArrayReader();
    r.initFromPage(2, InputKind.HEAP.open(tooLong));
    r.readBytes();
    ParquetDecodingException e = assertThrows(ParquetDecodingException.class, r::readBytes);
    assertTrue(e.getMessage().contains("prefix length 9"), e.getMessage());
    // negative prefix
    byte[] negative = handPage(new int[] {0, -1}, new byte[][] {"abc".getBytes(), "d".getBytes()});
    DeltaByteArrayReader n = new DeltaByteArrayReader();
    n.initFromPage(2, InputKind.HEAP.open(negative));
    assertThrows(ParquetDecodingException.class, () -> n.skip(2));
  }

  @Test
  void corruptPagesFailCleanly() {
    byte[][] values = DataShapes.binaryShapes(20, SEED).get("sortedSharedPrefix");
    byte[] dba = ParquetJavaPages.deltaBinaries(values);
    Corruption.everyTruncation("DELTA_BYTE_ARRAY", "DELTA_BYTE_ARRAY", DeltaByteArrayReader::new, dba, 20, ValueKind.BINARY);
    Corruption.everyBitFlip("DELTA_BYTE_ARRAY", "DELTA_BYTE_ARRAY", DeltaByteArrayReader::new, dba, 20, ValueKind.BINARY);
  }
}
