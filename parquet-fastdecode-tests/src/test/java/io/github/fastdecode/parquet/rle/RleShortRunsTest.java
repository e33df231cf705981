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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link RleBitPackedHybridDecoder#readIntsWhileRleBelow}, the dictionary-id path for short runs,
 * against parquet-java's hybrid decoder on the same bytes: every width 1..32, runs of every length
 * 1..70 between bit-packed stretches, read in seeded random steps mixed with skips and with the
 * general read (so runs are entered mid-group and at odd bit offsets), the data at the end of its
 * array or followed by junk bytes. Values written past the requested range would show in the
 * guard cells around it.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RleShortRunsTest {
  private static final long SEED = 19_019L;
  private static final int GUARD = 70;
  private static final int SENTINEL = 0x5EA1_5EA1;

  @Test
  void shortRunsMatchParquetJavaAtEveryWidth() throws IOException {
    Random random = new Random(SEED);
    for (int width = 1; width <= 32; width++) {
      for (int n : new int[] {1, 9, 70, 1000, 5000}) {
        Map<String, int[]> shapes = DataShapes.idShapes(n, SEED + 31L * width + n, width);
        for (String shape : new String[] {"mixed", "runs1to70", "random"}) {
          int[] values = shapes.get(shape);
          byte[] runs = ParquetJavaPages.rleRaw(values, width);
          int[] expected = oracle(runs, width, n);
          for (int junk : new int[] {0, 3, 80}) {
            byte[] data = new byte[5 + runs.length + junk];
            System.arraycopy(runs, 0, data, 5, runs.length);
            for (int i = 5 + runs.length; i < data.length; i++) {
              data[i] = (byte) random.nextInt();
            }
            long planSeed = random.nextLong();
            String where = "width " + width + " n=" + n + " " + shape + " junk=" + junk + " plan seed " + planSeed + " (SEED " + SEED + ")";
            check(where, data, runs.length, width, expected, new Random(planSeed));
          }
        }
      }
    }
  }

  private static void check(String where, byte[] data, int length, int width, int[] expected, Random plan) {
    RleBitPackedHybridDecoder d = new RleBitPackedHybridDecoder("test");
    d.init(data, 5, 5 + length, width);
    int n = expected.length;
    int[] dst = new int[n + 2 * GUARD];
    Arrays.fill(dst, SENTINEL);
    int pos = 0;
    // Every value is below the bound, so nothing stops early.
    int bound = width == 32 ? -1 : 1 << width;
    while (pos < n) {
      int k = Math.min(n - pos, plan.nextInt(4) == 0 ? plan.nextInt(9) : plan.nextInt(300));
      switch (plan.nextInt(5)) {
        case 0:
          d.skip(k);
          for (int i = 0; i < k; i++) {
            dst[GUARD + pos + i] = expected[pos + i];
          }
          break;
        case 1:
          d.readInts(dst, GUARD + pos, k);
          break;
        default:
          if (width == 32 && contains(expected, pos, k, -1)) {
            d.readInts(dst, GUARD + pos, k);
          } else {
            assertEquals(k, d.readIntsWhileRleBelow(dst, GUARD + pos, k, bound), where + " at " + pos);
          }
      }
      for (int i = 0; i < GUARD; i++) {
        assertEquals(SENTINEL, dst[GUARD + n + i], where + ": written past the range at " + pos);
      }
      for (int i = 0; i < k; i++) {
        if (dst[GUARD + pos + i] != expected[pos + i]) {
          throw new AssertionError(where + ": value " + (pos + i) + " is " + dst[GUARD + pos + i] + ", expected " + expected[pos + i]);
        }
      }
      // Values past a read are left for the next one: reset them so stale values cannot pass.
      Arrays.fill(dst, GUARD + pos + k, GUARD + n, SENTINEL);
      pos += k;
    }
    for (int i = 0; i < GUARD; i++) {
      assertEquals(SENTINEL, dst[i], where + ": written before the range");
    }
  }

  /**
   * Width 1 (where short runs of both kinds take one branch-free loop) over hand-built runs: bit-packed
   * runs of 1 to 63 groups (the loop stops at those above 16 and hands them on), RLE runs of 1 to 40
   * values with values 0 and 1 and, now and then, 2 to 255 (a width-1 run's value byte, which
   * parquet-java returns as it is), and RLE runs with two-byte headers. Read in seeded steps of 1 to
   * 300 with a bound of 256 (nothing stops) and of 2 (reads stop before runs of 2 and above, which
   * the general read then takes), with guard cells after the range.
   */
  @Test
  void widthOneRunsOfEveryKindMatchParquetJava() throws IOException {
    long seed = SEED + 1;
    Random random = new Random(seed);
    ByteArrayOutputStream page = new ByteArrayOutputStream();
    int n = 0;
    for (int run = 0; run < 800; run++) {
      int kind = random.nextInt(6);
      if (kind <= 1) {
        int groups = kind == 0 ? 1 + random.nextInt(16) : 17 + random.nextInt(47);
        page.write(groups << 1 | 1);
        for (int g = 0; g < groups; g++) {
          page.write(random.nextInt(256));
        }
        n += 8 * groups;
      } else if (kind <= 4) {
        int length = 1 + random.nextInt(40);
        page.write(length << 1);
        page.write(random.nextInt(12) == 0 ? 2 + random.nextInt(254) : random.nextInt(2));
        n += length;
      } else {
        int length = 64 + random.nextInt(200);
        int header = length << 1;
        page.write(header & 0x7F | 0x80);
        page.write(header >>> 7);
        page.write(random.nextInt(2));
        n += length;
      }
    }
    byte[] runs = page.toByteArray();
    int[] expected = oracle(runs, 1, n);
    for (int bound : new int[] {256, 2}) {
      long planSeed = random.nextLong();
      String where = "bound " + bound + " plan seed " + planSeed + " (SEED " + seed + ")";
      Random plan = new Random(planSeed);
      RleBitPackedHybridDecoder d = new RleBitPackedHybridDecoder("test");
      d.init(runs, 0, runs.length, 1);
      int[] dst = new int[n + GUARD];
      Arrays.fill(dst, SENTINEL);
      for (int pos = 0; pos < n; ) {
        int k = Math.min(n - pos, 1 + plan.nextInt(300));
        int read = 0;
        while (read < k) {
          read += d.readIntsWhileRleBelow(dst, pos + read, k - read, bound);
          if (read < k) {
            assertTrue(Integer.compareUnsigned(expected[pos + read], bound) >= 0, where + ": stopped at " + (pos + read));
            int rest = Math.min(k - read, d.runLength(k - read));
            d.readInts(dst, pos + read, rest);
            read += rest;
          }
        }
        for (int i = pos + k; i < n + GUARD; i++) {
          assertEquals(SENTINEL, dst[i], where + ": written past the range of the read at " + pos);
        }
        for (int i = 0; i < k; i++) {
          if (dst[pos + i] != expected[pos + i]) {
            throw new AssertionError(where + ": value " + (pos + i) + " is " + dst[pos + i] + ", expected " + expected[pos + i]);
          }
        }
        Arrays.fill(dst, pos + k, n, SENTINEL);
        pos += k;
      }
    }
  }

  private static boolean contains(int[] a, int from, int k, int v) {
    for (int i = from; i < from + k; i++) {
      if (a[i] == v) {
        return true;
      }
    }
    return false;
  }

  /** Stops before the first RLE run whose value is not below the bound, and leaves it to be read. */
  @Test
  void stopsBeforeAnRleRunAtOrAboveTheBound() throws IOException {
    int width = 4;
    int[] values = new int[200];
    for (int i = 0; i < values.length; i++) {
      values[i] = i < 100 ? i * 7 % 9 : i < 150 ? 12 : i % 5;
    }
    byte[] runs = ParquetJavaPages.rleRaw(values, width);
    RleBitPackedHybridDecoder d = new RleBitPackedHybridDecoder("test");
    d.init(runs, 0, runs.length, width);
    int[] dst = new int[200];
    int read = d.readIntsWhileRleBelow(dst, 0, 200, 9);
    // The 12s start at 100; the writer may put the first few in the last bit-packed group.
    assertTrue(read >= 100 && read < 150, "stopped at " + read);
    for (int i = 0; i < read; i++) {
      assertEquals(values[i], dst[i], "value " + i);
    }
    // The rest, with the stopping run, through the general read.
    d.readInts(dst, read, 200 - read);
    for (int i = read; i < 200; i++) {
      assertEquals(values[i], dst[i], "value " + i);
    }
  }

  private static int[] oracle(byte[] runs, int width, int n) throws IOException {
    RunLengthBitPackingHybridDecoder d = new RunLengthBitPackingHybridDecoder(width, new ByteArrayInputStream(runs));
    int[] v = new int[n];
    for (int i = 0; i < n; i++) {
      v[i] = d.readInt();
    }
    return v;
  }
}
