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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * DELTA_LENGTH_BYTE_ARRAY skips sum whole blocks of lengths that step by a constant (every
 * miniblock of width 0) from the block headers, without decoding them. These pages put such blocks
 * everywhere a skip can meet them: values of one length, lengths rising or falling by a step, runs
 * of constant blocks between blocks that are not, and other block sizes; and the corrupt ones hide a
 * bad length inside a constant block, where the skip must fail exactly as a read does.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DeltaLengthByteArrayConstantBlockSkipTest {
  private static final long SEED = 20261123L;

  @Test
  void constantBlocksSkipAsParquetJavaReads() {
    Random r = new Random(SEED);
    List<int[]> shapes = new ArrayList<>();
    shapes.add(lengths(5000, i -> 16));
    shapes.add(lengths(3000, i -> 0));
    shapes.add(lengths(700, i -> 3 + i)); // step +1
    shapes.add(lengths(1000, i -> 2000 - 2 * i)); // step -2, down to 2
    // constant runs, then random lengths, then constant again: blocks of both kinds, and blocks
    // that straddle the change
    shapes.add(lengths(1200, i -> i < 300 ? 10 : i < 500 ? r.nextInt(31) : 50));
    // a page whose lengths change from constant to random part way through every block
    shapes.add(lengths(2000, i -> (i % 128) < 100 ? 7 : 7 + r.nextInt(3)));
    for (int[] shape : shapes) {
      byte[][] values = valuesOf(shape, r);
      byte[] page = ParquetJavaPages.deltaLengthBinaries(values);
      String label = "DELTA_LENGTH_BYTE_ARRAY n=" + shape.length + " lengths " + shape[0] + ", " + shape[1] + ", "
          + shape[shape.length / 2] + ", " + shape[shape.length - 1] + " seed=" + SEED;
      Differential.check(label, DeltaLengthByteArrayValuesReader::new, DeltaLengthByteArrayReader::new, page,
          shape.length, ValueKind.BINARY, ReadPlan.standard(shape.length));
      Differential.check(label + " (borrowing)", DeltaLengthByteArrayValuesReader::new, DeltaLengthByteArrayReader::new,
          page, shape.length, ValueKind.borrowingBinary(), ReadPlan.standard(shape.length));
    }
  }

  @Test
  void otherBlockSizesSkipAsParquetJavaReads() {
    Random r = new Random(SEED + 1);
    int[][] sizes = {{8, 1}, {32, 4}, {256, 8}, {1024, 2}};
    for (int[] size : sizes) {
      for (int[] shape : new int[][] {lengths(3000, i -> 12), lengths(3000, i -> i < 1500 ? 4 : r.nextInt(9))}) {
        byte[] page = handPage(shape, valuesOf(shape, r), size[0], size[1]);
        Differential.check("DELTA_LENGTH_BYTE_ARRAY block " + size[0] + "/" + size[1] + " first " + shape[0] + " last "
            + shape[shape.length - 1] + " seed=" + SEED, DeltaLengthByteArrayValuesReader::new,
            DeltaLengthByteArrayReader::new, page, shape.length, ValueKind.BINARY, ReadPlan.standard(shape.length));
      }
    }
  }

  /**
   * A negative length inside a width-0 block (lengths falling by 1 past 0), a width-0 block whose
   * lengths step past 2^31 - 1, and constant lengths that run past the page's bytes: skips of any
   * size from any start fail with the read's message.
   */
  @Test
  void badLengthsInsideConstantBlocksFailAsReadsDo() throws Exception {
    List<long[]> lies = new ArrayList<>();
    long[] falling = new long[600];
    for (int i = 0; i < falling.length; i++) {
      falling[i] = i < 257 ? 5 : 5 - (i - 256); // from the block at 257: 4, 3, ... 0, -1 at 262, one step
    }
    lies.add(falling);
    long[] wrapping = new long[600];
    for (int i = 0; i < wrapping.length; i++) {
      wrapping[i] = i < 129 ? 0 : (i - 128) * (1L << 24); // one step of 2^24 a block, past 2^31 - 1 by its end
    }
    lies.add(wrapping);
    long[] tooLong = new long[600];
    java.util.Arrays.fill(tooLong, 3);
    lies.add(tooLong); // 1800 bytes claimed, 1400 in the page
    for (long[] lengths : lies) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.writeBytes(ParquetJavaPages.deltaInts(lengths, 128, 4));
      out.writeBytes(new byte[1400]);
      byte[] page = out.toByteArray();
      int n = lengths.length;
      DeltaLengthByteArrayReader reader = new DeltaLengthByteArrayReader();
      reader.initFromPage(n, InputKind.HEAP.open(page));
      String expected = assertThrows(ParquetDecodingException.class, () -> reader.readBinaries(new BinaryBatch(), n))
          .getMessage();
      assertTrue(expected.contains("DELTA_LENGTH_BYTE_ARRAY") && expected.contains("value "), expected);
      java.util.regex.Matcher bad = java.util.regex.Pattern.compile("value (\\d+) has").matcher(expected);
      assertTrue(bad.find(), expected);
      int badIndex = Integer.parseInt(bad.group(1));
      for (int first : new int[] {0, 1, 2, 128, 129, 130, 257}) {
        if (first > badIndex) {
          continue; // the skip to the start would already fail
        }
        for (InputKind kind : InputKind.values()) {
          DeltaLengthByteArrayReader skipper = new DeltaLengthByteArrayReader();
          skipper.initFromPage(n, kind.open(page));
          skipper.skip(first);
          String actual = assertThrows(ParquetDecodingException.class, () -> skipper.skip(n - first),
              kind + " skip from " + first).getMessage();
          assertEquals(expected, actual, kind + " skip from " + first);
        }
      }
    }
  }

  /** The skips must leave the reader where a read would: values after a skipped run read correctly. */
  @Test
  void readsAfterSkippedConstantBlocksGetTheRightBytes() throws Exception {
    Random r = new Random(SEED + 2);
    int[] shape = lengths(4000, i -> i < 2000 ? 9 : 1 + (i % 5));
    byte[][] values = valuesOf(shape, r);
    byte[] page = ParquetJavaPages.deltaLengthBinaries(values);
    for (int skip : new int[] {1, 127, 128, 129, 130, 255, 256, 1023, 1024, 1025, 1999, 2000, 2001, 3999}) {
      DeltaLengthByteArrayReader reader = new DeltaLengthByteArrayReader();
      reader.initFromPage(shape.length, InputKind.HEAP.open(page));
      BinaryBatch batch = new BinaryBatch();
      reader.readBinaries(batch, 1);
      reader.skip(skip);
      int at = 1 + skip;
      int take = Math.min(5, shape.length - at);
      reader.readBinaries(batch, take);
      for (int i = 0; i < take; i++) {
        assertTrue(java.util.Arrays.equals(values[at + i], batch.toByteArray(1 + i)), "skip " + skip + " value " + (at + i));
      }
    }
  }

  private interface Length {
    int at(int i);
  }

  private static int[] lengths(int n, Length f) {
    int[] l = new int[n];
    for (int i = 0; i < n; i++) {
      l[i] = f.at(i);
    }
    return l;
  }

  private static byte[][] valuesOf(int[] lengths, Random r) {
    byte[][] values = new byte[lengths.length][];
    for (int i = 0; i < lengths.length; i++) {
      values[i] = new byte[lengths[i]];
      r.nextBytes(values[i]);
    }
    return values;
  }

  /** A DELTA_LENGTH_BYTE_ARRAY page with the lengths in blocks of {@code blockSize}. */
  private static byte[] handPage(int[] lengths, byte[][] values, int blockSize, int miniBlocks) {
    long[] l = new long[lengths.length];
    for (int i = 0; i < l.length; i++) {
      l[i] = lengths[i];
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(ParquetJavaPages.deltaInts(l, blockSize, miniBlocks));
    for (byte[] v : values) {
      out.writeBytes(v);
    }
    return out.toByteArray();
  }
}
