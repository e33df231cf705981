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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.Corruption;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RleValuesReaderTest {
  private static final long SEED = 77_001L;
  private static final int[] SIZES = {0, 1, 7, 8, 9, 31, 32, 33, 127, 128, 129, 1024};

  /** parquet-java's raw hybrid decoder (no length prefix) as a ValuesReader, for the oracle. */
  static final class ParquetJavaRawRle extends ValuesReader {
    private final int bitWidth;
    private RunLengthBitPackingHybridDecoder decoder;

    ParquetJavaRawRle(int bitWidth) {
      this.bitWidth = bitWidth;
    }

    @Override
    public void initFromPage(int valueCount, ByteBufferInputStream in) {
      decoder = new RunLengthBitPackingHybridDecoder(bitWidth, in);
    }

    @Override
    public int readInteger() {
      try {
        return decoder.readInt();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public boolean readBoolean() {
      return readInteger() != 0;
    }

    @Override
    public void skip() {
      readInteger();
    }
  }

  static IntStream widths() {
    return IntStream.rangeClosed(0, 32);
  }

  @ParameterizedTest
  @MethodSource("widths")
  void lengthPrefixedMatchesParquetJava(int width) {
    for (int n : SIZES) {
      for (Map.Entry<String, int[]> shape : DataShapes.idShapes(n, SEED + width, width).entrySet()) {
        byte[] page = ParquetJavaPages.rleLengthPrefixed(shape.getValue(), width);
        List<ReadPlan> plans = ReadPlan.standard(n);
        String label = "RLE width=" + width + " " + shape.getKey() + " n=" + n + " seed=" + (SEED + width);
        Differential.check(label, () -> new RunLengthBitPackingHybridValuesReader(width),
            () -> new RleValuesReader(width, true), page, n, ValueKind.INT32, plans);
        if (width == 1) {
          Differential.check(label, () -> new RunLengthBitPackingHybridValuesReader(width),
              () -> new RleValuesReader(width, true), page, n, ValueKind.BOOLEAN, plans);
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("widths")
  void rawMatchesParquetJava(int width) {
    for (int n : SIZES) {
      for (Map.Entry<String, int[]> shape : DataShapes.idShapes(n, SEED - width, width).entrySet()) {
        byte[] page = ParquetJavaPages.rleRaw(shape.getValue(), width);
        Differential.check("raw RLE width=" + width + " " + shape.getKey() + " n=" + n + " seed=" + (SEED - width),
            () -> new ParquetJavaRawRle(width), () -> new RleValuesReader(width, false), page, n, n, ValueKind.INT32,
            ReadPlan.standard(n), InputKind.HEAP, InputKind.DIRECT, InputKind.MULTI_BUFFER);
      }
    }
  }

  /**
   * Length-prefixed sections from empty to about 1,200 bytes, read by one reader page after page (a
   * small page after a large one, so nothing of the earlier page may leak into the later), each
   * followed by bytes that must stay in the stream for the next reader: the values match, and the
   * stream is left right after the section, on every kind of input.
   */
  @Test
  void smallAndLargeSectionsLeaveTheStreamAfterThem() throws IOException {
    Random random = new Random(SEED + 5);
    System.out.println("smallAndLargeSectionsLeaveTheStreamAfterThem seed=" + (SEED + 5));
    int width = 3;
    for (InputKind kind : new InputKind[] {InputKind.HEAP, InputKind.HEAP_SLICED, InputKind.DIRECT,
        InputKind.READ_ONLY, InputKind.MULTI_BUFFER}) {
      RleValuesReader reader = new RleValuesReader(width, true);
      int pages = 0;
      for (int n = 0; n <= 400; n += 1 + (n & 7)) {
        for (int size : new int[] {n, 3000 - n}) {
          int[] values = new int[size];
          for (int i = 0; i < size; i++) {
            values[i] = (i & 16) == 0 ? random.nextInt(8) : 5;
          }
          byte[] section = ParquetJavaPages.rleLengthPrefixed(values, width);
          byte[] page = Arrays.copyOf(section, section.length + 2);
          page[section.length] = 0x5A;
          page[section.length + 1] = (byte) 0xA5;
          ByteBufferInputStream in = kind.open(page);
          reader.initFromPage(size, in);
          int[] got = new int[size];
          reader.readIntegers(got, 0, size);
          String label = kind + " values=" + size + " section=" + (section.length - 4) + " bytes";
          assertArrayEquals(values, got, label);
          assertEquals(0x5A, in.read(), label);
          assertEquals(0xA5, in.read(), label);
          assertEquals(0, in.available(), label);
          pages++;
        }
      }
      assertTrue(pages > 100);
    }
  }

  @Test
  void initFromBytesReadsWhatInitFromPageReads() throws IOException {
    Random random = new Random(SEED + 6);
    System.out.println("initFromBytesReadsWhatInitFromPageReads seed=" + (SEED + 6));
    int width = 2;
    for (boolean prefixed : new boolean[] {true, false}) {
      RleValuesReader fromBytes = RleValuesReader.forLevels(3, prefixed);
      RleValuesReader fromStream = RleValuesReader.forLevels(3, prefixed);
      for (int size : new int[] {0, 1, 7, 64, 1000, 20_000}) {
        int[] values = new int[size];
        for (int i = 0; i < size; i++) {
          values[i] = (i & 32) == 0 ? random.nextInt(4) : 3;
        }
        byte[] encoded = ParquetJavaPages.rleLengthPrefixed(values, width);
        byte[] section = prefixed ? encoded : Arrays.copyOfRange(encoded, 4, encoded.length);
        // The section at offset 3 of a larger array, with bytes after it that are not its own.
        byte[] data = new byte[section.length + 5];
        System.arraycopy(section, 0, data, 3, section.length);
        Arrays.fill(data, 3 + section.length, data.length, (byte) 0x5A);
        String label = (prefixed ? "prefixed" : "unprefixed") + " values=" + size;
        int length = prefixed ? data.length - 3 : section.length;
        assertEquals(3 + section.length, fromBytes.initFromBytes(size, data, 3, length), label);
        fromStream.initFromPage(size, ByteBufferInputStream.wrap(ByteBuffer.wrap(section)));
        int[] got = new int[size];
        int[] expected = new int[size];
        fromBytes.readIntegers(got, 0, size);
        fromStream.readIntegers(expected, 0, size);
        assertArrayEquals(values, got, label);
        assertArrayEquals(expected, got, label);
        assertThrows(ParquetDecodingException.class, () -> fromBytes.readInteger(), label);
      }
    }
  }

  @Test
  void initFromBytesRefusesBadPrefixesAndRanges() {
    RleValuesReader reader = RleValuesReader.forLevels(1, true);
    byte[] data = {5, 0, 0, 0, 2, 1, 0};
    // The prefix says 5 bytes, 3 follow it.
    assertThrows(ParquetDecodingException.class, () -> reader.initFromBytes(4, data, 0, data.length));
    assertThrows(ParquetDecodingException.class, () -> reader.initFromBytes(4, data, 0, 3));
    data[0] = (byte) 0xFF;
    data[3] = (byte) 0xFF;
    assertThrows(ParquetDecodingException.class, () -> reader.initFromBytes(4, data, 0, data.length));
    assertThrows(ParquetDecodingException.class, () -> reader.initFromBytes(-1, new byte[] {0, 0, 0, 0}, 0, 4));
    assertThrows(IndexOutOfBoundsException.class, () -> reader.initFromBytes(4, data, 2, data.length));
    assertThrows(IndexOutOfBoundsException.class, () -> reader.initFromBytes(4, data, -1, 2));
    // A valid section: the prefix says 2 bytes, one RLE run of four 1s.
    byte[] ok = {2, 0, 0, 0, 8, 1, 9};
    assertEquals(6, reader.initFromBytes(4, ok, 0, ok.length));
    int[] got = new int[4];
    reader.readIntegers(got, 0, 4);
    assertArrayEquals(new int[] {1, 1, 1, 1}, got);
  }

  @Test
  void largePagesMatchParquetJava() {
    int n = 100_003;
    for (int width : new int[] {1, 3, 8, 13, 20, 32}) {
      for (Map.Entry<String, int[]> shape : DataShapes.idShapes(n, SEED, width).entrySet()) {
        byte[] page = ParquetJavaPages.rleLengthPrefixed(shape.getValue(), width);
        Differential.check("RLE width=" + width + " " + shape.getKey() + " n=" + n + " seed=" + SEED,
            () -> new RunLengthBitPackingHybridValuesReader(width), () -> new RleValuesReader(width, true), page, n, n,
            ValueKind.INT32, ReadPlan.standard(n), InputKind.HEAP, InputKind.DIRECT);
      }
    }
  }

  @Test
  void levelCountsMatchAPlainCount() throws Exception {
    for (int maxLevel : new int[] {1, 2, 3, 7}) {
      int width = 32 - Integer.numberOfLeadingZeros(maxLevel);
      for (Map.Entry<String, int[]> shape : DataShapes.idShapes(5000, SEED, width).entrySet()) {
        int[] levels = shape.getValue().clone();
        for (int i = 0; i < levels.length; i++) {
          levels[i] = Math.min(levels[i], maxLevel);
        }
        RleValuesReader r = RleValuesReader.forLevels(maxLevel, false);
        r.initFromPage(levels.length, InputKind.HEAP.open(ParquetJavaPages.rleRaw(levels, width)));
        int[] got = new int[levels.length];
        int counted = 0;
        for (int off = 0; off < levels.length; off += 333) {
          counted += r.readLevels(got, off, Math.min(333, levels.length - off), maxLevel);
        }
        assertArrayEquals(levels, got, shape.getKey());
        final int max = maxLevel;
        assertEquals(IntStream.of(levels).filter(l -> l == max).count(), counted, shape.getKey() + " maxLevel=" + maxLevel);
      }
    }
  }

  @Test
  void nullMasksMatchTheLevels() throws Exception {
    for (int maxLevel : new int[] {1, 2, 3, 7}) {
      int width = 32 - Integer.numberOfLeadingZeros(maxLevel);
      for (Map.Entry<String, int[]> shape : DataShapes.idShapes(5000, SEED, width).entrySet()) {
        int[] levels = shape.getValue().clone();
        for (int i = 0; i < levels.length; i++) {
          levels[i] = Math.min(levels[i], maxLevel);
        }
        RleValuesReader r = RleValuesReader.forLevels(maxLevel, false);
        r.initFromPage(levels.length, InputKind.HEAP.open(ParquetJavaPages.rleRaw(levels, width)));
        // Batches of 1..130 at shifting offsets cross run, group and 56-value word boundaries.
        boolean[] got = new boolean[levels.length + 1];
        int counted = 0;
        for (int off = 0, step = 1; off < levels.length; off += step, step = step % 130 + 1) {
          counted += r.readNullMask(got, off + 1, Math.min(step, levels.length - off), maxLevel);
        }
        String label = shape.getKey() + " maxLevel=" + maxLevel + " seed=" + SEED;
        for (int i = 0; i < levels.length; i++) {
          assertEquals(levels[i] != maxLevel, got[i + 1], label + " level " + i);
        }
        final int max = maxLevel;
        assertEquals(IntStream.of(levels).filter(l -> l == max).count(), counted, label);
        assertThrows(ParquetDecodingException.class, () -> r.readNullMask(new boolean[1], 0, 1, max), label);
      }
    }
  }

  /**
   * Levels with scattered nulls (a run every few values, as in a nullable column): every batch
   * size 1..130 at shifting offsets gives the right levels, null mask, booleans and counts, and a
   * read writes nothing past its own range, though short runs inside it are covered by whole
   * vectors when the vector kernels are on.
   */
  @Test
  void scatteredNullsStayInsideEachRead() throws Exception {
    for (int nullPercent : new int[] {3, 10, 50}) {
      long seed = SEED + nullPercent;
      Random random = new Random(seed);
      int[] levels = new int[4000];
      for (int i = 0; i < levels.length; i++) {
        levels[i] = random.nextInt(100) < nullPercent ? 0 : 1;
      }
      String label = "nullPercent=" + nullPercent + " seed=" + seed;
      byte[] page = ParquetJavaPages.rleRaw(levels, 1);
      RleValuesReader ints = RleValuesReader.forLevels(1, false);
      ints.initFromPage(levels.length, InputKind.HEAP.open(page));
      RleValuesReader masks = RleValuesReader.forLevels(1, false);
      masks.initFromPage(levels.length, InputKind.HEAP.open(page));
      // The same bits read as RLE booleans (true where the level is 1).
      RleValuesReader booleans = RleValuesReader.forLevels(1, false);
      booleans.initFromPage(levels.length, InputKind.HEAP.open(page));
      boolean[] values = new boolean[levels.length];
      int[] got = new int[levels.length];
      Arrays.fill(got, -1);
      boolean[] isNull = new boolean[levels.length];
      int counted = 0;
      int maskCounted = 0;
      for (int off = 0, step = 1; off < levels.length; off += step, step = step % 130 + 1) {
        int k = Math.min(step, levels.length - off);
        // Past the range, the mask is set to what the next level would not give.
        boolean after = off + k < levels.length && levels[off + k] == 1;
        Arrays.fill(isNull, off + k, isNull.length, after);
        Arrays.fill(values, off + k, values.length, !after);
        counted += ints.readLevels(got, off, k, 1);
        maskCounted += masks.readNullMask(isNull, off, k, 1);
        booleans.readBooleans(values, off, k);
        for (int i = off + k; i < levels.length; i++) {
          assertEquals(-1, got[i], label + ": level " + i + " written by the read of [" + off + ", " + (off + k) + ")");
          assertEquals(after, isNull[i], label + ": mask " + i + " written by the read of [" + off + ", " + (off + k) + ")");
          assertEquals(!after, values[i], label + ": boolean " + i + " written by the read of [" + off + ", " + (off + k) + ")");
        }
      }
      assertArrayEquals(levels, got, label);
      for (int i = 0; i < levels.length; i++) {
        assertEquals(levels[i] == 0, isNull[i], label + ": mask " + i);
        assertEquals(levels[i] == 1, values[i], label + ": boolean " + i);
      }
      long nonNull = IntStream.of(levels).filter(l -> l == 1).count();
      assertEquals(nonNull, counted, label);
      assertEquals(nonNull, maskCounted, label);
    }
  }

  /**
   * Width-1 RLE runs whose value byte is not 0 or 1 (parquet-java returns the byte as it is) among
   * short runs of both kinds: the level reads give parquet-java's values and counts.
   */
  @Test
  void widthOneRleValuesAbove1MatchParquetJava() throws Exception {
    Random random = new Random(SEED);
    ByteArrayOutputStream page = new ByteArrayOutputStream();
    int n = 0;
    for (int run = 0; run < 300; run++) {
      if (run % 2 == 0) {
        int groups = 1 + random.nextInt(3);
        page.write(groups << 1 | 1);
        for (int g = 0; g < groups; g++) {
          page.write(random.nextInt(256));
        }
        n += 8 * groups;
      } else {
        int length = 8 + random.nextInt(20);
        page.write(length << 1);
        page.write(run % 7 == 1 ? 2 + random.nextInt(254) : random.nextInt(2));
        n += length;
      }
    }
    byte[] bytes = page.toByteArray();
    ParquetJavaRawRle oracle = new ParquetJavaRawRle(1);
    oracle.initFromPage(n, InputKind.HEAP.open(bytes));
    int[] expected = new int[n];
    for (int i = 0; i < n; i++) {
      expected[i] = oracle.readInteger();
    }
    for (int level : new int[] {0, 1, 2}) {
      RleValuesReader r = RleValuesReader.forLevels(1, false);
      r.initFromPage(n, InputKind.HEAP.open(bytes));
      int[] got = new int[n];
      int counted = 0;
      for (int off = 0; off < n; off += 500) {
        counted += r.readLevels(got, off, Math.min(500, n - off), level);
      }
      assertArrayEquals(expected, got, "seed " + SEED);
      assertEquals(IntStream.of(expected).filter(v -> v == level).count(), counted, "level " + level + " seed " + SEED);
    }
  }

  /**
   * Null masks over short runs of both kinds mixed with bit-packed runs of 5 to 63 groups (whose
   * headers the whole-run loop reads and hands to the general loop) and RLE runs with long headers,
   * read in batches of 32 to 500 values (so that batches end at every kind of run boundary, and
   * just after a long run's header): the masks and non-null counts match parquet-java's levels.
   */
  @Test
  void nullMasksOverLongBitPackedRunsMatchParquetJava() throws Exception {
    long seed = SEED + 19;
    Random random = new Random(seed);
    ByteArrayOutputStream page = new ByteArrayOutputStream();
    int n = 0;
    for (int run = 0; run < 600; run++) {
      int kind = random.nextInt(5);
      if (kind <= 1) {
        int groups = kind == 0 ? 1 + random.nextInt(4) : 5 + random.nextInt(59);
        page.write(groups << 1 | 1);
        for (int g = 0; g < groups; g++) {
          page.write(random.nextInt(256));
        }
        n += 8 * groups;
      } else if (kind <= 3) {
        int length = 1 + random.nextInt(40);
        page.write(length << 1);
        page.write(random.nextInt(2));
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
    byte[] bytes = page.toByteArray();
    ParquetJavaRawRle oracle = new ParquetJavaRawRle(1);
    oracle.initFromPage(n, InputKind.HEAP.open(bytes));
    int[] expected = new int[n];
    for (int i = 0; i < n; i++) {
      expected[i] = oracle.readInteger();
    }
    long nonNull = IntStream.of(expected).filter(v -> v == 1).count();
    int[] batches = {32, 33, 40, 64, 65, 100, 129, 200, 500};
    for (int first = 0; first < batches.length; first++) {
      String label = "seed " + seed + ", batches from " + batches[first];
      RleValuesReader r = RleValuesReader.forLevels(1, false);
      r.initFromPage(n, InputKind.HEAP.open(bytes));
      boolean[] isNull = new boolean[n];
      int counted = 0;
      for (int off = 0, b = first; off < n; b = (b + 1) % batches.length) {
        int k = Math.min(batches[b], n - off);
        counted += r.readNullMask(isNull, off, k, 1);
        off += k;
      }
      for (int i = 0; i < n; i++) {
        assertEquals(expected[i] == 0, isNull[i], label + ": mask " + i);
      }
      assertEquals(nonNull, counted, label);
    }
  }

  @Test
  void corruptPagesFailCleanly() {
    for (int width : new int[] {1, 5, 17}) {
      int[] values = DataShapes.idShapes(40, SEED, width).get("mixed");
      byte[] page = ParquetJavaPages.rleLengthPrefixed(values, width);
      Corruption.everyTruncation("RLE width=" + width, "RLE", () -> new RleValuesReader(width, true), page, 40, ValueKind.INT32);
      Corruption.everyBitFlip("RLE width=" + width, "RLE", () -> new RleValuesReader(width, true), page, 40, ValueKind.INT32);
      byte[] raw = ParquetJavaPages.rleRaw(values, width);
      Corruption.everyTruncation("raw RLE width=" + width, "RLE", () -> new RleValuesReader(width, false), raw, 40, ValueKind.INT32);
      Corruption.everyBitFlip("raw RLE width=" + width, "RLE", () -> new RleValuesReader(width, false), raw, 40, ValueKind.INT32);
    }
  }

  @Test
  void hugeRunsInATinyPageCostOnlyWhatIsRead() throws Exception {
    // header 0xFFFFFFFE>>1 = 2^31-1 repeats of value 1; then a bit-packed run claiming 2^28 groups in 1 byte.
    byte[] rle = {(byte) 0xFE, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F, 0x01};
    RleValuesReader r = new RleValuesReader(1, false);
    r.initFromPage(Integer.MAX_VALUE, InputKind.HEAP.open(rle));
    int[] dst = new int[10];
    r.readIntegers(dst, 0, 10);
    assertArrayEquals(new int[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, dst);
    r.skip(1 << 30);
    byte[] packed = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x7F, (byte) 0b1010_1010};
    RleValuesReader p = new RleValuesReader(1, false);
    p.initFromPage(Integer.MAX_VALUE, InputKind.HEAP.open(packed));
    p.readIntegers(dst, 0, 10);
    // 8 bits of data, then zeros: parquet-java zero-fills a bit-packed run past the end of the data.
    assertArrayEquals(new int[] {0, 1, 0, 1, 0, 1, 0, 1, 0, 0}, dst);
  }

  @Test
  void lyingHeadersAreRejected() {
    byte[][] bad = {
        {0x05, 0, 0, 0, 0x02},                 // length prefix 5 with 1 byte after it
        {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x02}, // negative length prefix
        {0x01, 0, 0},                          // 3 of 4 prefix bytes
        {0x06, 0, 0, 0, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01}, // 6-byte varint
        {0x02, 0, 0, 0, 0x04, 0x00},           // RLE run value truncated at width 9 (needs 2 bytes)
    };
    for (byte[] page : bad) {
      ParquetDecodingException e = assertThrows(ParquetDecodingException.class, () -> {
        RleValuesReader r = new RleValuesReader(9, true);
        r.initFromPage(4, InputKind.HEAP.open(page));
        r.readIntegers(new int[4], 0, 4);
      });
      assertTrue(e.getMessage().startsWith("RLE"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> new RleValuesReader(33, true));
  }
}
