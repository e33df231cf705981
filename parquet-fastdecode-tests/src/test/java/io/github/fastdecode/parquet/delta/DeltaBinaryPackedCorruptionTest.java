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
package io.github.fastdecode.parquet.delta;

import static io.github.fastdecode.parquet.conformance.DeltaPageBuilder.concat;
import static io.github.fastdecode.parquet.conformance.DeltaPageBuilder.uleb;
import static io.github.fastdecode.parquet.conformance.DeltaPageBuilder.zigzag;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.DeltaPageBuilder;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Corrupt and truncated pages fail with a ParquetDecodingException naming the encoding; never
 * another exception, a hang, or an allocation sized by a header field. Where a damaged page is
 * still one parquet-java decodes, we decode it to the same values.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DeltaBinaryPackedCorruptionTest {
  private static final long SEED = 0xBADF00DL;
  private static final String INT64 = "DELTA_BINARY_PACKED INT64";
  private static final String INT32 = "DELTA_BINARY_PACKED INT32";

  /** Small valid pages, by name; names ending in "32" are INT32 pages. */
  private static Map<String, byte[]> smallPages() {
    Map<String, byte[]> m = new LinkedHashMap<>();
    m.put("parquet-java 40 small deltas 128/4 int64", ParquetJavaPages.deltaLongs(DataShapes.smallDeltas(40, SEED), 128, 4));
    m.put("parquet-java 1 value int64", ParquetJavaPages.deltaLongs(DataShapes.wide(1, SEED, 64), 128, 4));
    // Several whole blocks of 4 miniblocks with one-byte min deltas, the layout whose blocks the
    // header walk checks by one 4-byte load, and alike blocks (the same widths) by none.
    m.put("parquet-java 700 constant 128/4 int64", ParquetJavaPages.deltaLongs(DataShapes.constant(700, -3), 128, 4));
    m.put("parquet-java 600 small deltas 128/4 int32", ParquetJavaPages.deltaInts(DataShapes.narrow(DataShapes.smallDeltas(600, SEED)), 128, 4));
    // 1 + 4 x 128 values: the last block is whole too, so the walk's shortcut is what meets its end.
    long[] cyclic = new long[513];
    for (int i = 1; i < cyclic.length; i++) {
      cyclic[i] = cyclic[i - 1] + i % 8; // deltas 0..7: every miniblock 3 bits wide, every block alike
    }
    m.put("parquet-java 513 cyclic deltas 128/4 int32", ParquetJavaPages.deltaInts(cyclic, 128, 4));
    m.put("parquet-java 0 values int64", ParquetJavaPages.deltaLongs(new long[0], 128, 4));
    m.put("parquet-java 30 overflow 32/4 int32", ParquetJavaPages.deltaInts(DataShapes.int32Overflow(30), 32, 4));
    m.put("parquet-java 50 wide 8/1 int32", ParquetJavaPages.deltaInts(DataShapes.wide(50, SEED, 32), 8, 1));
    m.put("hand-built 21 extremes 16/2 stale widths int64",
        new DeltaPageBuilder(16, 2).staleWidth(250).randomPadding(SEED).build(DataShapes.extremes(21, SEED, 64)));
    m.put("hand-built 12 monotonic 64/2 width 64 int32",
        new DeltaPageBuilder(64, 2).minWidth(64).build(DataShapes.narrow(DataShapes.monotonic(12, SEED))));
    return m;
  }

  private static boolean isInt32(String name) {
    return name.endsWith("32");
  }

  /** decodeOurs skips values [SKIP_FROM, SKIP_FROM + SKIP) and leaves them 0. */
  private static final int SKIP_FROM = 10;
  private static final int SKIP = 3;

  /** Our decode of every value, mixing call kinds; the exception if it fails. */
  private static Object decodeOurs(byte[] page, boolean int32) {
    try {
      DeltaBinaryPackedReader r = int32 ? DeltaBinaryPackedReader.forInt32() : DeltaBinaryPackedReader.forInt64();
      ByteBufferInputStream in = InputKind.HEAP.open(page);
      r.initFromPage(0, in);
      int n = r.remaining();
      long[] out = new long[n + 1];
      int i = 0;
      if (n > 0) {
        out[i++] = int32 ? r.readInteger() : r.readLong();
      }
      int bulk = Math.min(n - i, SKIP_FROM - 1);
      readBulk(r, int32, out, i, bulk);
      i += bulk;
      r.skip(Math.min(n - i, SKIP));
      i += Math.min(n - i, SKIP);
      readBulk(r, int32, out, i, n - i);
      out[n] = page.length - in.available(); // where the stream was left
      return out;
    } catch (ParquetDecodingException e) {
      return e;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static void readBulk(DeltaBinaryPackedReader r, boolean int32, long[] out, int from, int count) {
    if (int32) {
      int[] d = new int[count];
      r.readIntegers(d, 0, count);
      for (int j = 0; j < count; j++) {
        out[from + j] = d[j];
      }
    } else {
      r.readLongs(out, from, count);
    }
  }

  /**
   * parquet-java's values for the first {@code n} values and the stream position, or null if it
   * rejects the page (any exception, or a configuration it would loop on forever).
   */
  private static long[] decodeParquetJava(byte[] page, boolean int32, long[] ours) {
    if (parquetJavaWouldHang(page)) {
      return null;
    }
    try {
      DeltaBinaryPackingValuesReader r = new DeltaBinaryPackingValuesReader();
      ByteBufferInputStream in = InputKind.HEAP.open(page);
      r.initFromPage(0, in);
      int n = ours == null ? 0 : ours.length - 1;
      long[] out = new long[n + 1];
      for (int i = 0; i < n; i++) {
        if (i >= SKIP_FROM && i < SKIP_FROM + SKIP) {
          r.skip(); // skipped by decodeOurs too: left 0
        } else {
          out[i] = int32 ? r.readInteger() : r.readLong();
        }
      }
      out[n] = page.length - in.available();
      return out;
    } catch (Exception | OutOfMemoryError e) {
      return null;
    }
  }

  /** parquet-java loops forever on a miniblock size <= 0 when the page has more than one value. */
  private static boolean parquetJavaWouldHang(byte[] page) {
    try {
      ByteBufferInputStream in = InputKind.HEAP.open(page);
      int blockSize = org.apache.parquet.bytes.BytesUtils.readUnsignedVarInt(in);
      int miniBlocks = org.apache.parquet.bytes.BytesUtils.readUnsignedVarInt(in);
      int total = org.apache.parquet.bytes.BytesUtils.readUnsignedVarInt(in);
      double miniSize = (double) blockSize / miniBlocks;
      return miniSize % 8 == 0 && (int) miniSize <= 0 && total > 1;
    } catch (IOException e) {
      return false;
    }
  }

  private static void assertNamesEncoding(Throwable e, boolean int32, String where) {
    String message = String.valueOf(e.getMessage());
    assertTrue(message.contains(int32 ? INT32 : INT64), where + ": message does not name the encoding: " + message);
  }

  @Test
  void everyTruncationFails() {
    for (Map.Entry<String, byte[]> page : smallPages().entrySet()) {
      boolean int32 = isInt32(page.getKey());
      byte[] full = page.getValue();
      assertTrue(decodeOurs(full, int32) instanceof long[], page.getKey() + " decodes when whole");
      for (int length = 0; length < full.length; length++) {
        String where = page.getKey() + " cut to " + length + " of " + full.length + " bytes (seed " + SEED + ")";
        Object result = decodeOurs(Arrays.copyOf(full, length), int32);
        if (!(result instanceof ParquetDecodingException)) {
          fail(where + ": decoded " + Arrays.toString((long[]) result));
        }
        assertNamesEncoding((Throwable) result, int32, where);
        // The embedded entry point sees the same truncation even with bytes following the range.
        DeltaBinaryPackedReader r = int32 ? DeltaBinaryPackedReader.forInt32() : DeltaBinaryPackedReader.forInt64();
        byte[] padded = Arrays.copyOf(full, full.length + 16);
        int cut = length;
        assertThrows(ValuesDecodingException.class, () -> r.initFromBytes(padded, 0, cut), where + " (initFromBytes)");
      }
    }
  }

  /** Any outcome but a foreign exception or a hang; a page that still decodes decodes as parquet-java does. */
  @Test
  void everySingleBitFlipFailsCleanlyOrMatchesParquetJava() {
    int flips = 0;
    int accepted = 0;
    StringBuilder deviations = new StringBuilder();
    for (Map.Entry<String, byte[]> page : smallPages().entrySet()) {
      boolean int32 = isInt32(page.getKey());
      byte[] full = page.getValue();
      for (int bit = 0; bit < full.length * 8; bit++) {
        byte[] flipped = full.clone();
        flipped[bit >>> 3] ^= (byte) (1 << (bit & 7));
        String where = page.getKey() + " with bit " + bit + " flipped (seed " + SEED + ")";
        flips++;
        Object ours;
        try {
          ours = decodeOurs(flipped, int32);
        } catch (Throwable t) {
          throw new AssertionError(where + ": threw " + t, t);
        }
        if (ours instanceof Throwable) {
          assertNamesEncoding((Throwable) ours, int32, where);
          long[] theirs = decodeParquetJava(flipped, int32, null);
          if (theirs != null && !deliberatelyStricter(((Throwable) ours).getMessage())) {
            deviations.append(where).append(": parquet-java accepts, we throw ").append(((Throwable) ours).getMessage()).append('\n');
          }
          continue;
        }
        accepted++;
        long[] values = (long[]) ours;
        long[] theirs = decodeParquetJava(flipped, int32, values);
        if (theirs == null) {
          deviations.append(where).append(": we accept, parquet-java rejects\n");
          continue;
        }
        assertArrayEquals(theirs, values, where + ": values and end position against parquet-java");
      }
    }
    assertEquals("", deviations.toString(), "pages where we and parquet-java disagree on validity");
    assertTrue(accepted > 0 && accepted < flips, "flips both accepted and rejected: " + accepted + " of " + flips);
  }

  /**
   * Where we reject on purpose what parquet-java lets through: block size 0 (parquet-java accepts it
   * when the page has at most one value, and hangs otherwise), a total value count of 2^31 or more
   * (parquet-java's int goes negative: some such pages read as empty, others fail on a negative
   * array size), and varints longer than 10 bytes.
   */
  private static boolean deliberatelyStricter(String message) {
    return message.contains("block size 0 ") || message.matches(".*total value count \\d+ is above 2147483647.*")
        || message.contains("is a varint longer than 10 bytes");
  }

  private static byte[] header(long blockSize, long miniBlocks, long total, long first) {
    return concat(uleb(blockSize), uleb(miniBlocks), uleb(total), uleb(zigzag(first)));
  }

  private static ParquetDecodingException rejects(byte[] page, boolean int32, String phrase) {
    DeltaBinaryPackedReader r = int32 ? DeltaBinaryPackedReader.forInt32() : DeltaBinaryPackedReader.forInt64();
    ValuesDecodingException e = assertThrows(ValuesDecodingException.class, () -> r.initFromPage(0, InputKind.HEAP.open(page)),
        "page " + Arrays.toString(page));
    assertNamesEncoding(e, int32, phrase);
    assertTrue(e.getMessage().contains(phrase), "expected '" + phrase + "' in: " + e.getMessage());
    assertEquals(int32 ? INT32 : INT64, e.encoding());
    return e;
  }

  @Test
  void bitWidthsAbove64AreRejected() {
    for (int width : new int[] {65, 66, 128, 255}) {
      byte[] page = concat(header(128, 4, 40, 3), uleb(zigzag(-2)), width, 0, 0, 0, new byte[32 * width / 8]);
      ValuesDecodingException e = (ValuesDecodingException) rejects(page, false, "bit width " + width);
      assertEquals(header(128, 4, 40, 3).length + 1, e.position(), "position of the width byte");
      rejects(page, true, "bit width " + width);
    }
    // In the second miniblock, after a valid first one.
    rejects(concat(header(64, 2, 40, 3), uleb(zigzag(0)), 1, 65, new byte[4], new byte[260]), false, "bit width 65 of miniblock 1");
    // In the second of two whole blocks of 4 miniblocks with one-byte min deltas (checked by one
    // 4-byte load in the walk), after an all-zero block.
    for (int width : new int[] {65, 100, 127}) {
      rejects(concat(header(128, 4, 257, 3), uleb(zigzag(0)), 0, 0, 0, 0, uleb(zigzag(0)), 0, 0, width, 0, new byte[32 * width / 8]),
          false, "bit width " + width + " of miniblock 2 in block 1");
    }
  }

  @Test
  void badBlockLayoutsAreRejected() {
    byte[] block = concat(uleb(0), 0, 0, 0, 0);
    rejects(concat(header(0, 1, 5, 0), block), false, "block size 0");
    // parquet-java accepts block size 0 when the page has at most one value (it never reads a block); we reject it always.
    rejects(concat(header(0, 1, 1, 0)), true, "block size 0");
    rejects(concat(header(128, 0, 5, 0), block), false, "miniblock count 0");
    rejects(concat(header(128, 3, 5, 0), block), false, "not a multiple of 8");
    rejects(concat(header(12, 1, 5, 0), block), false, "not a multiple of 8");
    rejects(concat(header(128, 32, 5, 0), block), true, "not a multiple of 8");
    rejects(concat(header(1L << 31, 1, 5, 0), block), false, "block size 2147483648");
    rejects(concat(header(0xFFFF_FFFFL, 1, 5, 0), block), false, "block size 4294967295");
    rejects(concat(header(128, 1L << 31, 5, 0), block), true, "miniblock count 2147483648");
    rejects(concat(header(128, 4, 1L << 31, 0), block), false, "total value count 2147483648");
  }

  @Test
  void aHugeValueCountInATinyPageFailsFastWithoutAllocating() {
    com.sun.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean
        ? (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean() : null;
    DeltaBinaryPackedReader r = DeltaBinaryPackedReader.forInt64();
    byte[] page = concat(header(128, 4, Integer.MAX_VALUE, 7), uleb(zigzag(1)), 1, 1, 1, 1, new byte[16]);
    rejects(page, false, "page ends inside the min delta of block 1");
    long before = bean == null ? 0 : bean.getThreadAllocatedBytes(Thread.currentThread().getId());
    long start = System.nanoTime();
    for (int i = 0; i < 100; i++) {
      assertThrows(ValuesDecodingException.class, () -> r.initFromBytes(page, 0, page.length));
    }
    long micros = (System.nanoTime() - start) / 1000 / 100;
    assertTrue(micros < 10_000, "each rejection took " + micros + " us");
    if (bean != null) {
      long perPage = (bean.getThreadAllocatedBytes(Thread.currentThread().getId()) - before) / 100;
      assertTrue(perPage < 16_384, "allocated " + perPage + " bytes per rejected page");
    }
    // Width-0 blocks hold many values in few bytes, but not 2^31 - 1 in two blocks of 128.
    rejects(concat(header(128, 4, Integer.MAX_VALUE, 7), uleb(0), 0, 0, 0, 0, uleb(0), 0, 0, 0, 0), false, "page ends");
  }

  @Test
  void varintsLongerThanTenBytesAreRejected() {
    byte[] eleven = concat(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80,
        (byte) 0x80, (byte) 0x80, (byte) 0x80}, 0);
    byte[] block = concat(uleb(0), 0, 0, 0, 0);
    rejects(concat(eleven, uleb(4), uleb(5), uleb(0), block), false, "block size is a varint longer than 10 bytes");
    rejects(concat(uleb(128), eleven, uleb(5), uleb(0), block), false, "miniblock count is a varint longer");
    rejects(concat(uleb(128), uleb(4), eleven, uleb(0), block), false, "total value count is a varint longer");
    rejects(concat(uleb(128), uleb(4), uleb(5), eleven, block), true, "first value is a varint longer");
    rejects(concat(header(128, 4, 5, 0), eleven, 0, 0, 0, 0), false, "min delta of block 0 is a varint longer");
  }

  /** Non-canonical varints up to 10 bytes fold their excess bits exactly as parquet-java's readers do. */
  @Test
  void tenByteVarintsFoldLikeParquetJava() {
    byte[] blockSize128 = {(byte) 0x80, (byte) 0x81, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x00}; // shift 35 wraps to 3
    byte[] miniBlocks4 = {(byte) 0x84, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80,
        (byte) 0x80, (byte) 0x00};
    byte[] firstValue = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
        (byte) 0xFF, (byte) 0x7E}; // the 10th byte keeps only its lowest bit
    byte[] minDelta = {(byte) 0x83, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80,
        (byte) 0x80, (byte) 0x7F};
    long[] deltas = new long[32];
    for (int i = 0; i < 32; i++) {
      deltas[i] = i * 7 % 13;
    }
    byte[] page = concat(blockSize128, miniBlocks4, uleb(20), firstValue, minDelta, 4, 99, 99, 99, DeltaPageBuilder.pack(deltas, 4));
    for (boolean int32 : new boolean[] {false, true}) {
      Differential.check("non-canonical varints " + (int32 ? INT32 : INT64), DeltaBinaryPackingValuesReader::new,
          int32 ? DeltaBinaryPackedReader::forInt32 : DeltaBinaryPackedReader::forInt64, page, 20, 20,
          int32 ? ValueKind.INT32 : ValueKind.INT64, ReadPlan.standard(20), InputKind.values());
    }
  }

  /** A read past the page's values fails before writing anything and leaves the reader where it was. */
  @Test
  void readingPastTheEndFailsBeforeWriting() {
    long[] values = DataShapes.smallDeltas(50, SEED);
    byte[] page = ParquetJavaPages.deltaLongs(values, 128, 4);
    DeltaBinaryPackedReader r = DeltaBinaryPackedReader.forInt64();
    r.initFromBytes(page, 0, page.length);
    long[] dst = new long[60];
    Arrays.fill(dst, 42);
    r.readLongs(dst, 0, 10);
    long[] before = dst.clone();
    ValuesDecodingException e = assertThrows(ValuesDecodingException.class, () -> r.readLongs(dst, 10, 41));
    assertTrue(e.getMessage().contains(INT64) && e.getMessage().contains("41"), e.getMessage());
    assertArrayEquals(before, dst, "nothing written by the failed read");
    assertThrows(ValuesDecodingException.class, () -> r.skip(41));
    r.readLongs(dst, 10, 40);
    assertArrayEquals(values, Arrays.copyOf(dst, 50), "values after the failed reads");
    assertThrows(ValuesDecodingException.class, r::readLong);
    assertThrows(ValuesDecodingException.class, r::skip);

    DeltaBinaryPackedReader r32 = DeltaBinaryPackedReader.forInt32();
    byte[] page32 = ParquetJavaPages.deltaInts(DataShapes.int32Overflow(9), 128, 4);
    r32.initFromBytes(page32, 0, page32.length);
    int[] ints = new int[20];
    ValuesDecodingException e32 = assertThrows(ValuesDecodingException.class, () -> r32.readIntegers(ints, 0, 10));
    assertTrue(e32.getMessage().contains(INT32), e32.getMessage());
    assertThrows(ValuesDecodingException.class, () -> r32.readIntegersAsLongs(new long[10], 0, 10));
    assertThrows(ValuesDecodingException.class, () -> r32.readIntegersAsDoubles(new double[10], 0, 10));
    assertArrayEquals(new int[20], ints);
    r32.readIntegers(ints, 0, 9);
    assertEquals(Integer.MIN_VALUE, ints[0]);
    assertEquals(Integer.MAX_VALUE, ints[8 - 1]);
  }
}
