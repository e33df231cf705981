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
package io.github.fastdecode.parquet.rle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.nio.ByteBuffer;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.junit.jupiter.api.Test;

/**
 * {@link RleValuesReader#readLevelBits}: width-1 levels as bits (the record starts of a column with
 * one repeated field) equal the levels parquet-java's encoder wrote, over long RLE runs of either
 * value, bit-packed runs, their mixes, reads in pieces of every size 1..130 (so runs and bytes are
 * entered at any bit), with and without inversion; and it stops before an RLE run holding a value
 * other than 0 and 1.
 */
class RleLevelBitsTest {
  static final long SEED = 0x17_0b17L;

  @Test
  void bitsEqualTheLevels() {
    Random random = new Random(SEED);
    System.out.println("RleLevelBitsTest seed " + SEED);
    for (int round = 0; round < 60; round++) {
      int[] levels = levels(random, 1 + random.nextInt(round < 30 ? 300 : 5000));
      for (boolean v2 : new boolean[] {false, true}) {
        byte[] bytes = v2 ? ParquetJavaPages.rleRaw(levels, 1) : ParquetJavaPages.rleLengthPrefixed(levels, 1);
        for (boolean invert : new boolean[] {false, true}) {
          for (int piece = 1; piece <= 130; piece += round < 30 ? 1 : 17) {
            check(levels, bytes, v2, invert, piece, "seed " + SEED + ", round " + round + ", v2 " + v2 + ", piece " + piece);
          }
        }
      }
    }
  }

  private static void check(int[] levels, byte[] bytes, boolean v2, boolean invert, int piece, String where) {
    RleValuesReader r = RleValuesReader.forLevels(1, !v2);
    try {
      r.initFromPage(levels.length, ByteBufferInputStream.wrap(ByteBuffer.wrap(bytes)));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    long[] bits = new long[(piece + 63) / 64 + 1];
    for (int done = 0; done < levels.length; ) {
      int n = Math.min(piece, levels.length - done);
      java.util.Arrays.fill(bits, -1L); // stale bits must be cleared
      assertEquals(n, r.readLevelBits(bits, n, invert), where);
      for (int i = 0; i < (n + 63) / 64 * 64; i++) {
        boolean set = (bits[i >>> 6] >>> i & 1) != 0;
        boolean expected = i < n && (levels[done + i] == 1) != invert;
        assertEquals(expected, set, where + ", level " + (done + i));
      }
      done += n;
    }
  }

  /** Width-1 levels in runs of random lengths: long ones of either value and random bits. */
  static int[] levels(Random random, int n) {
    int[] levels = new int[n];
    for (int i = 0; i < n; ) {
      int len = Math.min(n - i, 1 + random.nextInt(random.nextBoolean() ? 8 : 200));
      int kind = random.nextInt(3);
      for (int k = 0; k < len; k++) {
        levels[i + k] = kind == 2 ? random.nextInt(2) : kind;
      }
      i += len;
    }
    return levels;
  }

  @Test
  void stopsAtAnRleRunOutOfRange() throws Exception {
    // 8 bit-packed levels (one group), then an RLE run of 5 threes, then an RLE run of 3 zeros
    byte[] bytes = {(1 << 1) | 1, (byte) 0b1011_0010, 5 << 1, 3, 3 << 1, 0};
    RleValuesReader r = RleValuesReader.forLevels(1, false);
    r.initFromPage(16, ByteBufferInputStream.wrap(ByteBuffer.wrap(bytes)));
    long[] bits = new long[1];
    assertEquals(8, r.readLevelBits(bits, 16, true));
    assertEquals(3, r.stoppedAtValue());
    assertEquals(~0b1011_0010L & 0xFF, bits[0]);
  }
}
