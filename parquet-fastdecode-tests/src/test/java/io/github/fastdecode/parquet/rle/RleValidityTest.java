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

import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link RleValuesReader#readValidity} and {@link RleValuesReader#readNullMaskIfNulls}: reads that
 * leave their destination untouched when no row of the range is null. Every destination starts
 * filled with a sentinel: a range without nulls must leave it whole; a range with a null must
 * write every word (or element) of the range to the levels' values and nothing outside it. Pages
 * from parquet-java's writer and hand-built ones (bit-packed runs of all 1s, RLE runs of 1 that
 * cross the read's edges, a last bit-packed run whose bytes end early), read in pieces of many
 * sizes from a fixed, printed seed; levels above 1 stop the read; corrupt pages throw {@link
 * ParquetDecodingException}.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RleValidityTest {
  static final long SEED = 0x19_0a11_d17L;
  private static final long SENTINEL = 0x5EED_0F_5EED_0F_5EL;
  private static final int GUARD = 70;

  @Test
  void validityBitsAndNullMaskMatchTheLevels() {
    Random random = new Random(SEED);
    System.out.println("RleValidityTest seed " + SEED);
    for (int round = 0; round < 120; round++) {
      int[] levels;
      byte[] raw;
      if (round % 2 == 0) {
        levels = writerLevels(random, 1 + random.nextInt(round < 60 ? 400 : 9000));
        raw = ParquetJavaPages.rleRaw(levels, 1);
      } else {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        levels = handBuilt(random, 1 + random.nextInt(round < 60 ? 400 : 9000), out);
        raw = out.toByteArray();
      }
      long planSeed = random.nextLong();
      String where = "seed " + SEED + ", round " + round + ", plan seed " + planSeed;
      read(levels, raw, new Random(planSeed), where);
    }
  }

  /** Reads the page by both methods in the same pieces and checks each piece against the levels. */
  private static void read(int[] levels, byte[] raw, Random plan, String where) {
    RleValuesReader bits = reader(raw, levels.length, 1);
    RleValuesReader mask = reader(raw, levels.length, 1);
    int sizes = plan.nextInt(4);
    for (int done = 0; done < levels.length; ) {
      int n = Math.min(levels.length - done, sizes == 0 ? 1 + plan.nextInt(130)
          : sizes == 1 ? 4096 : sizes == 2 ? plan.nextInt(700) : 1 + plan.nextInt(64));
      String at = where + ", rows " + done + ".." + (done + n);
      int nonNull = 0;
      for (int i = 0; i < n; i++) {
        nonNull += levels[done + i] == 1 ? 1 : 0;
      }
      checkBits(levels, done, n, nonNull, bits, at);
      checkMask(levels, done, n, nonNull, mask, 1, plan.nextInt(9), at);
      done += n;
    }
  }

  private static void checkBits(int[] levels, int done, int n, int nonNull, RleValuesReader r, String at) {
    int words = (n + 63) >>> 6;
    long[] dst = new long[words + 2];
    Arrays.fill(dst, SENTINEL);
    assertEquals(nonNull, r.readValidity(dst, n), at);
    if (nonNull == n) {
      for (int k = 0; k < dst.length; k++) {
        assertEquals(SENTINEL, dst[k], at + ": no nulls, yet word " + k + " was written");
      }
      return;
    }
    for (int i = 0; i < words * 64; i++) {
      boolean set = (dst[i >>> 6] >>> i & 1) != 0;
      assertEquals(i < n && levels[done + i] == 1, set, at + ", row " + (done + i));
    }
    assertEquals(SENTINEL, dst[words], at + ": a word past the range was written");
  }

  private static void checkMask(int[] levels, int done, int n, int nonNull, RleValuesReader r, int maxLevel, int off,
      String at) {
    boolean[] isNull = new boolean[off + n + GUARD];
    Arrays.fill(isNull, true);
    assertEquals(nonNull, r.readNullMaskIfNulls(isNull, off, n, maxLevel), at);
    for (int i = 0; i < isNull.length; i++) {
      boolean inRange = i >= off && i < off + n;
      boolean expected = !inRange || nonNull == n || levels[done + i - off] != maxLevel;
      assertEquals(expected, isNull[i], at + ", element " + i + " (offset " + off + ", no nulls " + (nonNull == n) + ")");
    }
  }

  @Test
  void nullMaskOfWiderLevelsMatchesTheLevels() {
    Random random = new Random(SEED + 1);
    for (int maxLevel : new int[] {2, 3, 7}) {
      int width = 32 - Integer.numberOfLeadingZeros(maxLevel);
      for (int round = 0; round < 20; round++) {
        int[] levels = new int[1 + random.nextInt(3000)];
        for (int i = 0; i < levels.length; ) {
          int len = Math.min(levels.length - i, 1 + random.nextInt(random.nextBoolean() ? 8 : 400));
          boolean runOfMax = random.nextInt(3) != 0;
          for (int k = 0; k < len; k++) {
            levels[i + k] = runOfMax || random.nextInt(4) == 0 ? maxLevel : random.nextInt(maxLevel + 1);
          }
          i += len;
        }
        byte[] raw = ParquetJavaPages.rleRaw(levels, width);
        RleValuesReader r = RleValuesReader.forLevels(maxLevel, false);
        init(r, raw, levels.length);
        long planSeed = random.nextLong();
        Random plan = new Random(planSeed);
        for (int done = 0; done < levels.length; ) {
          int n = Math.min(levels.length - done, plan.nextInt(600));
          int nonNull = 0;
          for (int i = 0; i < n; i++) {
            nonNull += levels[done + i] == maxLevel ? 1 : 0;
          }
          checkMask(levels, done, n, nonNull, r, maxLevel, plan.nextInt(5),
              "seed " + (SEED + 1) + ", max level " + maxLevel + ", plan seed " + planSeed + ", rows " + done);
          done += n;
        }
      }
    }
  }

  @Test
  void bitPackedOnesAreNoNulls() {
    // RLE 8 x 1, a bit-packed group of eight 1s, RLE 4 x 1: no nulls, nothing written.
    byte[] page = {8 << 1, 1, (1 << 1) | 1, (byte) 0xFF, 4 << 1, 1};
    long[] dst = {SENTINEL, SENTINEL};
    assertEquals(20, reader(page, 20, 1).readValidity(dst, 20));
    assertEquals(SENTINEL, dst[0]);
    assertEquals(SENTINEL, dst[1]);
    boolean[] isNull = new boolean[20];
    Arrays.fill(isNull, true);
    assertEquals(20, reader(page, 20, 1).readNullMaskIfNulls(isNull, 0, 20, 1));
    for (boolean b : isNull) {
      assertTrue(b);
    }
  }

  @Test
  void nullAfterDefinedRunsWritesTheWholeRange() {
    // RLE 100 x 1 (a two-byte header), a bit-packed group 0b0111_1111 (row 107 null), RLE 30 x 1.
    byte[] page = {(byte) 0xC8, 0x01, 1, (1 << 1) | 1, 0x7F, 30 << 1, 1};
    long[] dst = {SENTINEL, SENTINEL, SENTINEL, SENTINEL};
    assertEquals(137, reader(page, 138, 1).readValidity(dst, 138));
    assertEquals(-1L, dst[0]);
    assertEquals(~(1L << (107 - 64)), dst[1]);
    assertEquals((1L << (138 - 128)) - 1, dst[2]);
    assertEquals(SENTINEL, dst[3]);
  }

  @Test
  void missingBytesOfTheLastGroupReadAsNulls() {
    // A bit-packed run of 2 groups of which only the first byte is there: rows 8..15 read as 0.
    byte[] page = {(2 << 1) | 1, (byte) 0xFF};
    long[] dst = {SENTINEL};
    assertEquals(8, reader(page, 16, 1).readValidity(dst, 16));
    assertEquals(0xFFL, dst[0]);
  }

  @Test
  void stopsAtALevelAboveOne() {
    // RLE 8 x 1, then RLE 5 x 3: the read stops after 8 rows.
    byte[] afterDefined = {8 << 1, 1, 5 << 1, 3, 3 << 1, 0};
    RleValuesReader r = reader(afterDefined, 16, 1);
    assertEquals(-1 - 8, r.readValidity(new long[1], 16));
    assertEquals(3, r.stoppedAtValue());
    // A bit-packed group with a null, then RLE 5 x 3.
    byte[] afterNull = {(1 << 1) | 1, (byte) 0b1011_0010, 5 << 1, 3, 3 << 1, 0};
    r = reader(afterNull, 16, 1);
    assertEquals(-1 - 8, r.readValidity(new long[1], 16));
    assertEquals(3, r.stoppedAtValue());
    // At the very start.
    r = reader(new byte[] {5 << 1, 2}, 5, 1);
    assertEquals(-1, r.readValidity(new long[1], 5));
    assertEquals(2, r.stoppedAtValue());
  }

  @Test
  void misuseAndCorruptPagesThrow() {
    assertThrows(IllegalStateException.class, () -> reader(new byte[] {8 << 1, 2}, 8, 2).readValidity(new long[1], 8));
    assertThrows(IndexOutOfBoundsException.class, () -> reader(new byte[] {(byte) 200, 1, 1}, 100, 1).readValidity(new long[1], 65));
    // More rows than the page's value count.
    assertThrows(ParquetDecodingException.class, () -> reader(new byte[] {8 << 1, 1}, 8, 1).readValidity(new long[1], 9));
    // Runs that end before the rows asked for (defined rows, then nothing).
    assertThrows(ParquetDecodingException.class, () -> reader(new byte[] {8 << 1, 1}, 20, 1).readValidity(new long[1], 20));
    assertThrows(ParquetDecodingException.class,
        () -> reader(new byte[] {8 << 1, 1}, 20, 1).readNullMaskIfNulls(new boolean[20], 0, 20, 1));
    // A truncated header, a truncated RLE value.
    assertThrows(ParquetDecodingException.class, () -> reader(new byte[] {(byte) 0x80}, 20, 1).readValidity(new long[1], 20));
    assertThrows(ParquetDecodingException.class, () -> reader(new byte[] {8 << 1}, 8, 1).readValidity(new long[1], 8));
  }

  @Test
  void randomBytesThrowOnlyDecodingExceptions() {
    Random random = new Random(SEED + 2);
    for (int round = 0; round < 3000; round++) {
      byte[] page = new byte[random.nextInt(40)];
      random.nextBytes(page);
      int count = random.nextInt(600);
      String where = "seed " + (SEED + 2) + ", round " + round;
      try {
        int n = reader(page, count, 1).readValidity(new long[(count + 63) / 64], count);
        assertTrue(n >= -1 - count && n <= count, where);
      } catch (ParquetDecodingException expected) {
        // fine: corrupt input
      }
      try {
        int n = reader(page, count, 1).readNullMaskIfNulls(new boolean[count], 0, count, 1);
        assertTrue(n >= 0 && n <= count, where);
      } catch (ParquetDecodingException expected) {
        // fine
      }
    }
  }

  /** Levels as parquet-java's writer would get them: mostly long runs of 1, some nulls, some bit-packed stretches. */
  private static int[] writerLevels(Random random, int n) {
    int[] levels = new int[n];
    for (int i = 0; i < n; ) {
      int len = Math.min(n - i, 1 + random.nextInt(random.nextBoolean() ? 10 : 700));
      int kind = random.nextInt(5);
      for (int k = 0; k < len; k++) {
        levels[i + k] = kind <= 2 ? 1 : kind == 3 ? 0 : random.nextInt(8) == 0 ? 0 : 1;
      }
      i += len;
    }
    return levels;
  }

  /**
   * Hand-built runs: RLE runs of 1 (long and short), of 0, bit-packed runs of all 1s, of 1s with a
   * null now and then, of random bits; headers of one or two bytes. Returns the levels; the last
   * bit-packed group's values past {@code n} are not levels of the page.
   */
  private static int[] handBuilt(Random random, int n, ByteArrayOutputStream out) {
    int[] levels = new int[n + 8 * 300];
    int i = 0;
    while (i < n) {
      int kind = random.nextInt(6);
      if (kind <= 2) {
        int len = 1 + random.nextInt(kind == 0 ? 8 : 500);
        int v = kind == 2 ? 0 : 1;
        varint(out, len << 1);
        out.write(v);
        Arrays.fill(levels, i, i + len, v);
        i += len;
      } else {
        int groups = 1 + random.nextInt(random.nextBoolean() ? 3 : 140);
        varint(out, groups << 1 | 1);
        for (int g = 0; g < groups * 8; g += 8) {
          int b = kind == 3 ? 0xFF : kind == 4 ? (random.nextInt(6) == 0 ? 0xFF & ~(1 << random.nextInt(8)) : 0xFF)
              : random.nextInt(256);
          out.write(b);
          for (int k = 0; k < 8; k++) {
            levels[i + g + k] = b >>> k & 1;
          }
        }
        i += groups * 8;
      }
    }
    return Arrays.copyOf(levels, n);
  }

  private static void varint(ByteArrayOutputStream out, int v) {
    while ((v & ~0x7F) != 0) {
      out.write(v & 0x7F | 0x80);
      v >>>= 7;
    }
    out.write(v);
  }

  private static RleValuesReader reader(byte[] raw, int count, int maxLevel) {
    RleValuesReader r = RleValuesReader.forLevels(maxLevel, false);
    init(r, raw, count);
    return r;
  }

  private static void init(RleValuesReader r, byte[] raw, int count) {
    try {
      r.initFromPage(count, ByteBufferInputStream.wrap(ByteBuffer.wrap(raw)));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
