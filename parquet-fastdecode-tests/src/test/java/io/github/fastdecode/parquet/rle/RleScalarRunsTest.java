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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.ValuesDecodingException;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The scalar whole-run loop of {@link RleBitPackedHybridDecoder#readIntsWhileRleBelow} (the path
 * without the vector module, forced here with {@code scalarOnly()} whatever the test JVM has) over
 * hand-built runs whose values the test knows: bit-packed runs of 1 to 63 groups (one-byte header)
 * and 64 to 200 (two-byte header), RLE runs of 1 to 63 and 64 to 300 values, RLE values at or
 * above the bound now and then (the read stops there), empty runs, and a last bit-packed run whose
 * bytes end early (its missing values read as 0). Every width 0..32, read in seeded steps of 0 to
 * 600 values (batch ends inside runs, runs entered mid-way), with guard cells after the range;
 * each page is also read by a decoder on the default path, which must agree.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RleScalarRunsTest {
  private static final long SEED = 19_519L;
  private static final int GUARD = 80;
  private static final int SENTINEL = 0x5CA1_AB1E;

  /** A page of runs and the values it holds. */
  private static final class Page {
    final byte[] bytes;
    final int[] values;
    /** Whether value i is in an RLE run whose value is the stopping one: reads must stop before it. */
    final boolean[] stops;

    Page(byte[] bytes, int[] values, boolean[] stops) {
      this.bytes = bytes;
      this.values = values;
      this.stops = stops;
    }
  }

  @Test
  void handBuiltRunsMatchTheirValuesAtEveryWidth() {
    Random random = new Random(SEED);
    for (int width = 0; width <= 32; width++) {
      for (int page = 0; page < 3; page++) {
        long pageSeed = random.nextLong();
        // A bound the RLE values sometimes reach: the largest value of the width (or -1 at 32,
        // compared unsigned), so ids of a dictionary one entry short of the width's range.
        int bound = width == 0 ? 1 : width == 32 ? -1 : (1 << width) - 1;
        boolean stops = width > 0;
        Page p = page(width, new Random(pageSeed), stops ? bound : -1);
        for (boolean scalar : new boolean[] {true, false}) {
          long planSeed = random.nextLong();
          String where = "width " + width + " page seed " + pageSeed + " plan seed " + planSeed + " scalar " + scalar
              + " (SEED " + SEED + ")";
          read(where, p, width, stops ? bound : (width == 32 ? -1 : 1 << width), scalar, new Random(planSeed));
        }
      }
    }
  }

  /**
   * Random bytes as runs: the scalar loop reads what the general loop reads, or both throw a {@link
   * ValuesDecodingException} (a {@code ParquetDecodingException}); never another exception.
   */
  @Test
  void corruptRunsFailAsTheGeneralLoopDoes() {
    Random random = new Random(SEED + 1);
    for (int trial = 0; trial < 3000; trial++) {
      int width = random.nextInt(33);
      byte[] data = new byte[1 + random.nextInt(120)];
      random.nextBytes(data);
      if (random.nextBoolean()) {
        // Mostly short one-byte headers, as the scalar loop takes them.
        for (int i = 0; i < data.length; i += 1 + random.nextInt(8)) {
          data[i] = (byte) (random.nextInt(128));
        }
      }
      int n = 1 + random.nextInt(400);
      String where = "trial " + trial + " width " + width + " n " + n + " (SEED " + (SEED + 1) + ")";
      int bound = width == 32 ? -1 : 1 << width;
      int[] general = new int[n];
      int[] scalar = new int[n];
      Object a = outcome(data, width, general, bound, false);
      Object b = outcome(data, width, scalar, bound, true);
      if (a instanceof Integer && b instanceof Integer) {
        assertEquals(a, b, where + ": values read");
        for (int i = 0; i < (Integer) a; i++) {
          assertEquals(general[i], scalar[i], where + ": value " + i);
        }
      } else {
        assertEquals(a.getClass(), b.getClass(), where + ": " + a + " / " + b);
        assertTrue(a instanceof ValuesDecodingException, where + ": " + a);
      }
    }
    RleBitPackedHybridDecoder d = new RleBitPackedHybridDecoder("test");
    d.scalarOnly();
    byte[] one = {2 << 1, 1, 0, 0, 0, 0, 0, 0};
    d.init(one, 0, one.length, 8);
    assertThrows(ValuesDecodingException.class, () -> d.readIntsWhileRleBelow(new int[10], 0, 10, 256));
  }

  /**
   * Width 1 as a null mask (level 1: true where the value is 0) and as RLE booleans (level 0: true
   * where it is not 0), through the scalar whole-run loop and the default path: hand-built runs of
   * both kinds with one- and two-byte headers, RLE values 0 and 1 and now and then 2 to 255 (which
   * the loop leaves to the general one), empty runs and a truncated last run, read in seeded steps
   * of 0 to 600; the counts of values equal to the level, the booleans, and a random pattern after
   * each read's range left as it was.
   */
  @Test
  void nullMasksAndBooleansMatchTheirValues() {
    Random random = new Random(SEED + 2);
    for (int page = 0; page < 12; page++) {
      long pageSeed = random.nextLong();
      Random r = new Random(pageSeed);
      Page p = page(1, r, 2 + r.nextInt(254));
      int n = p.values.length;
      boolean[] pattern = new boolean[n + GUARD];
      for (int i = 0; i < pattern.length; i++) {
        pattern[i] = random.nextBoolean();
      }
      for (int level : new int[] {1, 0}) {
        for (boolean scalar : new boolean[] {true, false}) {
          long planSeed = random.nextLong();
          String where = "page seed " + pageSeed + " level " + level + " plan seed " + planSeed + " scalar " + scalar
              + " (SEED " + (SEED + 2) + ")";
          Random plan = new Random(planSeed);
          RleBitPackedHybridDecoder d = new RleBitPackedHybridDecoder("test");
          if (scalar) {
            d.scalarOnly();
          }
          d.init(p.bytes, 0, p.bytes.length, 1);
          boolean[] dst = pattern.clone();
          for (int pos = 0; pos < n; ) {
            int k = Math.min(n - pos, plan.nextInt(5) == 0 ? plan.nextInt(9) : plan.nextInt(600));
            int equal = d.readNotEqual(dst, pos, k, level);
            int expectedEqual = 0;
            for (int i = pos; i < pos + k; i++) {
              boolean differs = p.values[i] != level;
              expectedEqual += differs ? 0 : 1;
              if (dst[i] != differs) {
                throw new AssertionError(where + ": value " + i + " (" + p.values[i] + ") gave " + dst[i]);
              }
            }
            assertEquals(expectedEqual, equal, where + ": values equal to the level in the read at " + pos);
            for (int i = pos + k; i < Math.min(pos + k + GUARD, dst.length); i++) {
              if (dst[i] != pattern[i]) {
                throw new AssertionError(where + ": written past the range of the read at " + pos + ", at " + i);
              }
            }
            pos += k;
          }
        }
      }
    }
  }

  /** The count read (an Integer) or the exception thrown. */
  private static Object outcome(byte[] data, int width, int[] dst, int bound, boolean scalar) {
    RleBitPackedHybridDecoder d = new RleBitPackedHybridDecoder("test");
    if (scalar) {
      d.scalarOnly();
    }
    d.init(data, 0, data.length, width);
    try {
      return d.readIntsWhileRleBelow(dst, 0, dst.length, bound);
    } catch (RuntimeException e) {
      return e;
    }
  }

  private static void read(String where, Page page, int width, int bound, boolean scalar, Random plan) {
    int[] expected = page.values;
    int n = expected.length;
    RleBitPackedHybridDecoder d = new RleBitPackedHybridDecoder("test");
    if (scalar) {
      d.scalarOnly();
    }
    d.init(page.bytes, 0, page.bytes.length, width);
    int[] dst = new int[n + GUARD];
    Arrays.fill(dst, SENTINEL);
    for (int pos = 0; pos < n; ) {
      int k = Math.min(n - pos, plan.nextInt(5) == 0 ? plan.nextInt(9) : plan.nextInt(600));
      int read = 0;
      while (read < k) {
        int got = d.readIntsWhileRleBelow(dst, pos + read, k - read, bound);
        for (int i = pos + read; i < pos + read + got; i++) {
          if (page.stops[i]) {
            throw new AssertionError(where + ": read on past an RLE run of the bound at " + i);
          }
        }
        read += got;
        if (read < k) {
          assertTrue(page.stops[pos + read], where + ": stopped at " + (pos + read));
          int rest = Math.min(k - read, d.runLength(k - read));
          d.readInts(dst, pos + read, rest);
          read += rest;
        }
      }
      // Nothing past the read has been written yet: the cells after it still hold the sentinel.
      for (int i = pos + k; i < pos + k + GUARD; i++) {
        if (dst[i] != SENTINEL) {
          throw new AssertionError(where + ": written past the range of the read at " + pos + ", at " + i);
        }
      }
      for (int i = 0; i < k; i++) {
        if (dst[pos + i] != expected[pos + i]) {
          throw new AssertionError(where + ": value " + (pos + i) + " is " + dst[pos + i] + ", expected " + expected[pos + i]);
        }
      }
      pos += k;
    }
  }

  /** Runs of every kind at {@code width}; RLE values equal {@code stopAt} now and then (unless -1). */
  private static Page page(int width, Random r, int stopAt) {
    long mask = width == 32 ? 0xFFFF_FFFFL : (1L << width) - 1;
    int valueBytes = (width + 7) / 8;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int[] values = new int[300 * 1600 + 200];
    boolean[] stops = new boolean[values.length];
    int n = 0;
    for (int run = 0; run < 300; run++) {
      int kind = r.nextInt(10);
      if (kind <= 3) {
        int groups = kind <= 2 ? 1 + r.nextInt(63) : 64 + r.nextInt(137);
        header(out, groups << 1 | 1);
        int[] v = new int[groups * 8];
        for (int i = 0; i < v.length; i++) {
          v[i] = (int) (r.nextLong() & mask);
        }
        out.writeBytes(pack(v, width));
        System.arraycopy(v, 0, values, n, v.length);
        n += v.length;
      } else if (kind <= 8) {
        int length = kind <= 6 ? 1 + r.nextInt(63) : 64 + r.nextInt(237);
        int v = stopAt != -1 && r.nextInt(15) == 0 ? stopAt : (int) (r.nextLong() & mask);
        header(out, length << 1);
        for (int b = 0; b < valueBytes; b++) {
          out.write(v >>> 8 * b);
        }
        Arrays.fill(values, n, n + length, v);
        Arrays.fill(stops, n, n + length, stopAt != -1 && v == stopAt);
        n += length;
      } else {
        // An empty run: an RLE run of no values (with its value), or a bit-packed run of no groups.
        if (r.nextBoolean()) {
          header(out, 0);
          for (int b = 0; b < valueBytes; b++) {
            out.write(r.nextInt(256));
          }
        } else {
          header(out, 1);
        }
      }
    }
    // Last, a bit-packed run whose bytes end early: its missing values read as 0.
    int groups = 1 + r.nextInt(20);
    int[] v = new int[groups * 8];
    for (int i = 0; i < v.length; i++) {
      v[i] = (int) (r.nextLong() & mask);
    }
    byte[] packed = pack(v, width);
    int kept = width == 0 ? 0 : r.nextInt(packed.length + 1);
    header(out, groups << 1 | 1);
    out.write(packed, 0, kept);
    byte[] bytes = out.toByteArray();
    int[] tail = unpack(Arrays.copyOf(packed, packed.length), kept, v.length, width);
    System.arraycopy(tail, 0, values, n, tail.length);
    n += tail.length;
    return new Page(bytes, Arrays.copyOf(values, n), Arrays.copyOf(stops, n));
  }

  private static void header(ByteArrayOutputStream out, int header) {
    while ((header & ~0x7F) != 0) {
      out.write(header & 0x7F | 0x80);
      header >>>= 7;
    }
    out.write(header);
  }

  /** LSB first, one bit at a time. */
  private static byte[] pack(int[] v, int width) {
    byte[] out = new byte[v.length / 8 * width];
    long bit = 0;
    for (int x : v) {
      for (int b = 0; b < width; b++, bit++) {
        if ((x >>> b & 1) != 0) {
          out[(int) (bit >>> 3)] |= (byte) (1 << (bit & 7));
        }
      }
    }
    return out;
  }

  /** {@code count} values of {@code packed}, whose bytes from {@code kept} on read as 0. */
  private static int[] unpack(byte[] packed, int kept, int count, int width) {
    Arrays.fill(packed, kept, packed.length, (byte) 0);
    int[] out = new int[count];
    long bit = 0;
    for (int i = 0; i < count; i++) {
      for (int b = 0; b < width; b++, bit++) {
        if ((packed[(int) (bit >>> 3)] >>> (bit & 7) & 1) != 0) {
          out[i] |= 1 << b;
        }
      }
    }
    return out;
  }
}
