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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.conformance.Corruption;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.values.plain.BinaryPlainValuesReader;
import org.apache.parquet.column.values.plain.BooleanPlainValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PlainBooleanAndBinaryTest {
  private static final long SEED = 20261122L;

  static int[] sizes() {
    return DataShapes.PAGE_SIZES;
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void booleansMatchParquetJava(int n) {
    for (Map.Entry<String, boolean[]> shape : DataShapes.booleanShapes(n, SEED).entrySet()) {
      byte[] page = ParquetJavaPages.plainBooleans(shape.getValue());
      for (ValueKind kind : new ValueKind[] {ValueKind.BOOLEAN, ValueKind.BOOLEAN_BITS}) {
        Differential.check("PLAIN BOOLEAN " + shape.getKey() + " n=" + n + " seed=" + SEED,
            BooleanPlainValuesReader::new, PlainBooleanReader::new, page, n, kind, ReadPlan.standard(n));
      }
    }
  }

  @Test
  void booleanValueCountWithNullsBoundsReadsByBytes() {
    // valueCount includes nulls: 16 slots, 13 values written (2 bytes). Both readers return 16
    // (the padding bits read as false); the 17th would be past the section's bytes and must throw.
    boolean[] v = DataShapes.booleanShapes(13, SEED).get("random");
    byte[] page = ParquetJavaPages.plainBooleans(v);
    Differential.check("PLAIN BOOLEAN with nulls", BooleanPlainValuesReader::new, PlainBooleanReader::new, page, 16, 16,
        ValueKind.BOOLEAN, ReadPlan.standard(16), InputKind.values());
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void binariesMatchParquetJava(int n) {
    for (Map.Entry<String, byte[][]> shape : DataShapes.binaryShapes(n, SEED).entrySet()) {
      if (n > 5_000 && shape.getKey().equals("mixedUpTo10k")) {
        continue; // 20 MB page: covered at the smaller sizes
      }
      byte[] page = ParquetJavaPages.plainBinaries(shape.getValue());
      Differential.check("PLAIN BYTE_ARRAY " + shape.getKey() + " n=" + n + " seed=" + SEED,
          BinaryPlainValuesReader::new, PlainBinaryReader::new, page, n, ValueKind.BINARY, ReadPlan.standard(n));
    }
  }

  @Test
  void scalarBinaryFromScratchCopyStaysValidAfterTheNextPage() throws Exception {
    byte[] first = ParquetJavaPages.plainBinaries(new byte[][] {{1, 2, 3}});
    byte[] second = ParquetJavaPages.plainBinaries(new byte[][] {{9, 9, 9}});
    PlainBinaryReader r = new PlainBinaryReader();
    r.initFromPage(1, InputKind.DIRECT.open(first));
    org.apache.parquet.io.api.Binary kept = r.readBytes();
    r.initFromPage(1, InputKind.DIRECT.open(second));
    r.readBytes();
    assertTrue(java.util.Arrays.equals(new byte[] {1, 2, 3}, kept.getBytes()), "a Binary from the previous page changed");
  }

  @Test
  void corruptBinaryPagesFailCleanly() {
    byte[][] values = DataShapes.binaryShapes(12, SEED).get("randomStrings");
    byte[] page = ParquetJavaPages.plainBinaries(values);
    Corruption.everyTruncation("PLAIN BYTE_ARRAY", "PLAIN", PlainBinaryReader::new, page, 12, ValueKind.BINARY);
    Corruption.everyBitFlip("PLAIN BYTE_ARRAY", "PLAIN", PlainBinaryReader::new, page, 12, ValueKind.BINARY);
  }

  /**
   * Skips guess that a value has the length of the one before and check the guesses a run at a
   * time: values of one length with a different one among them, and every truncation and bit flip
   * of such a page (a flipped length ends a run; a truncated page ends it early).
   */
  @Test
  void skipsOverRunsOfOneLengthMatchParquetJavaAndFailCleanly() {
    byte[][] values = new byte[501][];
    java.util.Random r = new java.util.Random(SEED);
    for (int i = 0; i < values.length; i++) {
      values[i] = new byte[i == 300 ? 3 : i == 301 ? 263 : 7];
      r.nextBytes(values[i]);
    }
    byte[] page = ParquetJavaPages.plainBinaries(values);
    Differential.check("PLAIN BYTE_ARRAY runs of 7 bytes seed=" + SEED, BinaryPlainValuesReader::new,
        PlainBinaryReader::new, page, values.length, ValueKind.BINARY, ReadPlan.standard(values.length));
    byte[][] small = java.util.Arrays.copyOf(values, 14);
    small[9] = new byte[] {1, 2};
    byte[] smallPage = ParquetJavaPages.plainBinaries(small);
    Corruption.everyTruncation("PLAIN BYTE_ARRAY", "PLAIN", PlainBinaryReader::new, smallPage, 14, ValueKind.BINARY);
    Corruption.everyBitFlip("PLAIN BYTE_ARRAY", "PLAIN", PlainBinaryReader::new, smallPage, 14, ValueKind.BINARY);
  }

  /**
   * A page of one length cut anywhere: a bulk skip or read that guesses its way along the run must
   * stop at the cut value exactly as a value-at-a-time walk does, with the same message.
   */
  @Test
  void runsOfOneLengthCutShortFailWhereTheCutIs() throws Exception {
    byte[][] values = new byte[60][];
    for (int i = 0; i < values.length; i++) {
      values[i] = new byte[] {1, 2, 3, 4, 5, 6, (byte) i};
    }
    byte[] page = ParquetJavaPages.plainBinaries(values);
    for (int cut = 23; cut < page.length; cut++) {
      byte[] part = java.util.Arrays.copyOf(page, cut);
      PlainBinaryReader one = new PlainBinaryReader();
      one.initFromPage(values.length, InputKind.HEAP.open(part));
      String expected = null;
      for (int i = 0; i < values.length && expected == null; i++) {
        try {
          one.readBytes();
        } catch (ParquetDecodingException e) {
          expected = e.getMessage();
        }
      }
      assertTrue(expected != null, "cut at " + cut + " read whole");
      for (InputKind kind : InputKind.values()) {
        PlainBinaryReader skipper = new PlainBinaryReader();
        skipper.initFromPage(values.length, kind.open(part));
        String skipMessage = assertThrows(ParquetDecodingException.class, () -> skipper.skip(values.length)).getMessage();
        PlainBinaryReader reader = new PlainBinaryReader();
        reader.initFromPage(values.length, kind.open(part));
        String readMessage = assertThrows(ParquetDecodingException.class,
            () -> reader.readBinaries(new BinaryBatch(), values.length)).getMessage();
        if (!expected.contains("cannot read")) { // that one names the count asked for
          assertEquals(expected, skipMessage, kind + " skip, cut at " + cut);
          assertEquals(expected, readMessage, kind + " read, cut at " + cut);
        }
      }
    }
  }

  @Test
  void lyingLengthsAreRejectedBeforeAnyCopy() throws Exception {
    for (int lie : new int[] {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, 5}) {
      ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      b.putInt(lie).putInt(0);
      PlainBinaryReader r = new PlainBinaryReader();
      r.initFromPage(1, InputKind.HEAP.open(b.array()));
      BinaryBatch batch = new BinaryBatch();
      ParquetDecodingException e = assertThrows(ParquetDecodingException.class, () -> r.readBinaries(batch, 1), "length " + lie);
      assertTrue(e.getMessage().contains("PLAIN BYTE_ARRAY"), e.getMessage());
      assertTrue(batch.size() == 0, "batch changed by a failed read");
      assertThrows(ParquetDecodingException.class, () -> r.skip(1));
      assertThrows(ParquetDecodingException.class, r::readBytes);
    }
  }

  @Test
  void corruptBooleanPagesFailCleanly() {
    boolean[] v = DataShapes.booleanShapes(21, SEED).get("random");
    byte[] page = ParquetJavaPages.plainBooleans(v);
    Corruption.everyTruncation("PLAIN BOOLEAN", "PLAIN", PlainBooleanReader::new, page, 21, ValueKind.BOOLEAN);
    Corruption.everyTruncation("PLAIN BOOLEAN", "PLAIN", PlainBooleanReader::new, page, 21, ValueKind.BOOLEAN_BITS);
  }

  /**
   * Bulk reads copy each chunk of values as one fixed width chosen from the chunk's longest value
   * (32 bytes; with the vector kernels also 128 or 256), and values too close to the end of the
   * page array one by one: lengths on both sides of each width, chunks of 256 values and their
   * edges, over every input kind (a heap page ending its array takes the one-by-one path).
   */
  @Test
  void binariesOfEveryCopyWidthMatchParquetJava() {
    int[][] lengthRanges = {{0, 32}, {32, 32}, {33, 33}, {0, 128}, {128, 128}, {129, 129}, {0, 256}, {256, 256},
        {257, 257}, {0, 600}};
    for (int n : new int[] {1, 255, 256, 257, 700}) {
      for (int[] range : lengthRanges) {
        java.util.Random r = new java.util.Random(SEED + 31L * n + range[1]);
        byte[][] values = new byte[n][];
        for (int i = 0; i < n; i++) {
          values[i] = new byte[range[0] + r.nextInt(range[1] - range[0] + 1)];
          r.nextBytes(values[i]);
        }
        byte[] page = ParquetJavaPages.plainBinaries(values);
        Differential.check("PLAIN BYTE_ARRAY lengths " + range[0] + ".." + range[1] + " n=" + n + " seed=" + SEED,
            BinaryPlainValuesReader::new, PlainBinaryReader::new, page, n, ValueKind.BINARY, ReadPlan.standard(n));
      }
    }
  }

  /** Lengths of 64 KiB and more: the length walk reads the low two bytes first and the rest only then. */
  @Test
  void lengthsOfSixtyFourKibibytesAndMoreMatchParquetJava() {
    java.util.Random r = new java.util.Random(SEED);
    int[] lengths = {65535, 65536, 3, 65537, 70000, 0, 131072, 65536, 65536, 255, 256};
    byte[][] values = new byte[lengths.length][];
    for (int i = 0; i < values.length; i++) {
      values[i] = new byte[lengths[i]];
      r.nextBytes(values[i]);
    }
    byte[] page = ParquetJavaPages.plainBinaries(values);
    Differential.check("PLAIN BYTE_ARRAY lengths around 2^16 seed=" + SEED, BinaryPlainValuesReader::new,
        PlainBinaryReader::new, page, values.length, ValueKind.BINARY, ReadPlan.standard(values.length));
  }

  @Test
  void aBadLengthInALaterChunkLeavesTheBatchAsItWas() throws Exception {
    java.util.Random r = new java.util.Random(SEED);
    int n = 600;
    int bad = 520; // in the third chunk of 256
    byte[][] values = new byte[n][];
    int badAt = 0;
    for (int i = 0; i < n; i++) {
      values[i] = new byte[1 + r.nextInt(200)];
      r.nextBytes(values[i]);
      if (i < bad) {
        badAt += 4 + values[i].length;
      }
    }
    byte[] page = ParquetJavaPages.plainBinaries(values);
    ByteBuffer.wrap(page).order(ByteOrder.LITTLE_ENDIAN).putInt(badAt, page.length);
    for (InputKind kind : InputKind.values()) {
      PlainBinaryReader reader = new PlainBinaryReader();
      reader.initFromPage(n, kind.open(page));
      BinaryBatch batch = new BinaryBatch(4, 16);
      batch.add(new byte[] {7, 8, 9}, 0, 3);
      batch.add(new byte[0], 0, 0);
      ParquetDecodingException e = assertThrows(ParquetDecodingException.class, () -> reader.readBinaries(batch, n), kind.name());
      assertTrue(e.getMessage().contains("PLAIN BYTE_ARRAY") && e.getMessage().contains("value length " + page.length),
          e.getMessage());
      assertEquals(2, batch.size(), kind + ": a failed read left values in the batch");
      assertArrayEquals(new byte[] {7, 8, 9}, batch.toByteArray(0), kind.name());
      assertEquals(0, batch.length(1), kind.name());
      // The reader did not move: the good values before the bad one still read.
      reader.readBinaries(batch, bad);
      assertEquals(2 + bad, batch.size());
      for (int i = 0; i < bad; i++) {
        assertArrayEquals(values[i], batch.toByteArray(2 + i), kind + " value " + i);
      }
    }
  }

  @Test
  void truncateDropsTheTailAndRejectsSizesOutsideTheBatch() {
    BinaryBatch batch = new BinaryBatch();
    batch.add(new byte[] {1, 2}, 0, 2);
    batch.add(new byte[] {3}, 0, 1);
    batch.add(new byte[] {4, 5, 6}, 0, 3);
    assertThrows(IllegalArgumentException.class, () -> batch.truncate(4));
    assertThrows(IllegalArgumentException.class, () -> batch.truncate(-1));
    batch.truncate(1);
    assertEquals(1, batch.size());
    assertEquals(2, batch.byteSize());
    batch.add(new byte[] {9, 9}, 0, 2);
    assertArrayEquals(new byte[] {1, 2}, batch.toByteArray(0));
    assertArrayEquals(new byte[] {9, 9}, batch.toByteArray(1));
    batch.truncate(0);
    assertEquals(0, batch.byteSize());
  }
}
