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
package io.github.fastdecode.parquet.internal.bitpacking;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.BytePackerForLong;
import org.apache.parquet.column.values.bitpacking.Packer;
import org.junit.jupiter.api.Test;

/**
 * {@link BitPacker} against parquet-java's generated little-endian packers, every width, with
 * values whose bits above the width are set (both must drop them), and back through {@link
 * BitUnpacker}.
 */
class BitPackerTest {
  static final long SEED = 0xB17_9ACCL;
  static final int[] COUNTS = {0, 8, 16, 24, 32, 64, 512};

  @Test
  void intsMatchParquetJava() {
    Random r = new Random(SEED);
    for (int width = 0; width <= 32; width++) {
      BytePacker packer = Packer.LITTLE_ENDIAN.newBytePacker(width);
      for (int count : COUNTS) {
        int[] values = new int[count + 5];
        for (int i = 0; i < values.length; i++) {
          values[i] = r.nextInt();
        }
        byte[] expected = new byte[count / 8 * width];
        for (int g = 0; g < count / 8; g++) {
          packer.pack8Values(values, 5 + 8 * g, expected, g * width);
        }
        byte[] got = new byte[expected.length + 6];
        Arrays.fill(got, (byte) 0x5A);
        int end = BitPacker.packInts(width, values, 5, count, got, 3);
        String where = "width " + width + " count " + count + " seed " + SEED;
        assertEquals(3 + expected.length, end, where);
        assertArrayEquals(expected, Arrays.copyOfRange(got, 3, end), where);
        assertEquals((byte) 0x5A, got[end], where + ": wrote past the packed bytes");
        int[] back = new int[count];
        BitUnpacker.unpackInts(width, got, 3, back, 0, count);
        for (int i = 0; i < count; i++) {
          assertEquals(width == 32 ? values[5 + i] : values[5 + i] & ((1 << width) - 1), back[i], where + " value " + i);
        }
      }
    }
  }

  @Test
  void longsMatchParquetJava() {
    Random r = new Random(SEED);
    for (int width = 0; width <= 64; width++) {
      BytePackerForLong packer = Packer.LITTLE_ENDIAN.newBytePackerForLong(width);
      for (int count : COUNTS) {
        long[] values = new long[count + 5];
        for (int i = 0; i < values.length; i++) {
          values[i] = r.nextLong();
        }
        byte[] expected = new byte[count / 8 * width];
        for (int g = 0; g < count / 8; g++) {
          packer.pack8Values(values, 5 + 8 * g, expected, g * width);
        }
        byte[] got = new byte[expected.length + 6];
        Arrays.fill(got, (byte) 0x5A);
        int end = BitPacker.packLongs(width, values, 5, count, got, 3);
        String where = "width " + width + " count " + count + " seed " + SEED;
        assertEquals(3 + expected.length, end, where);
        assertArrayEquals(expected, Arrays.copyOfRange(got, 3, end), where);
        assertEquals((byte) 0x5A, got[end], where + ": wrote past the packed bytes");
        long[] back = new long[count];
        BitUnpacker.unpackLongs(width, got, 3, back, 0, count);
        for (int i = 0; i < count; i++) {
          assertEquals(width == 64 ? values[5 + i] : values[5 + i] & ((1L << width) - 1), back[i], where + " value " + i);
        }
      }
    }
  }
}
