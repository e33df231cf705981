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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.DeltaPageBuilder;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import io.github.fastdecode.parquet.internal.VectorSupport;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Layouts parquet-java's writer does not produce but its reader accepts, and the reader's stream contract. */
class DeltaBinaryPackedHandBuiltTest {
  private static final long SEED = 0x5EED_D17AL;
  private static final int[] SIZES = {1, 2, 9, 33, 100, 130, 1000};

  private static void differential(String label, byte[] page, int n, boolean int32, ValueKind kind, List<ReadPlan> plans) {
    Differential.check(label + " seed=" + SEED, DeltaBinaryPackingValuesReader::new,
        int32 ? DeltaBinaryPackedReader::forInt32 : DeltaBinaryPackedReader::forInt64, page, n, n, kind, plans, InputKind.values());
  }

  private static List<ReadPlan> somePlans(int n) {
    return List.of(ReadPlan.bulk(n, 1024), ReadPlan.bulk(n, 7), ReadPlan.scalar(n), ReadPlan.readSkip(n, 3),
        ReadPlan.readSkip(n, 32), ReadPlan.skipThenRead(n, Math.min(n, 33)), ReadPlan.random(n, SEED, 40),
        ReadPlan.random(n, SEED + 1, 300));
  }

  // 2048/2: miniblocks of 1024 values, larger than the reader's window.
  @ParameterizedTest(name = "block {0} / {1} miniblocks, stale width {2}")
  @CsvSource({"128, 4, 255", "128, 4, 65", "32, 4, 200", "64, 2, 64", "8, 1, 99", "256, 8, 255", "1024, 4, 70", "2048, 2, 66"})
  void staleWidthsAndRandomPaddingAreIgnored(int blockSize, int miniBlocks, int stale) {
    for (int n : SIZES) {
      DeltaPageBuilder builder = new DeltaPageBuilder(blockSize, miniBlocks).staleWidth(stale).randomPadding(SEED + n);
      for (Map.Entry<String, long[]> shape : DataShapes.integerShapes(n, SEED, 64).entrySet()) {
        String label = "INT64 " + shape.getKey() + " n=" + n + " layout=" + blockSize + "/" + miniBlocks + " stale=" + stale;
        differential(label, builder.build(shape.getValue()), n, false, ValueKind.INT64, somePlans(n));
      }
      for (Map.Entry<String, long[]> shape : DataShapes.integerShapes(n, SEED, 32).entrySet()) {
        String label = "INT32 " + shape.getKey() + " n=" + n + " layout=" + blockSize + "/" + miniBlocks + " stale=" + stale;
        differential(label, builder.build(shape.getValue()), n, true, ValueKind.INT32, somePlans(n));
      }
    }
  }

  /** parquet-java sums in 64 bits and narrows, so an INT32 page may use any width up to 64. */
  @ParameterizedTest(name = "min width {0}")
  @CsvSource({"0", "31", "32", "33", "40", "57", "63", "64"})
  void wideBitWidthsMatchParquetJava(int minWidth) {
    for (int n : new int[] {9, 40, 129, 1000}) {
      DeltaPageBuilder builder = new DeltaPageBuilder(128, 4).minWidth(minWidth).randomPadding(SEED);
      for (Map.Entry<String, long[]> shape : DataShapes.integerShapes(n, SEED, 32).entrySet()) {
        // Deltas in 64 bits: the INT32 overflow pattern needs 33 bits even without minWidth.
        String label = "INT32 " + shape.getKey() + " n=" + n + " minWidth=" + minWidth;
        byte[] page = builder.build(shape.getValue());
        differential(label, page, n, true, ValueKind.INT32, somePlans(n));
        differential(label, page, n, true, ValueKind.INT32_AS_INT64, List.of(ReadPlan.bulk(n, 33), ReadPlan.random(n, SEED, 100)));
        differential(label, page, n, true, ValueKind.INT32_AS_DOUBLE, List.of(ReadPlan.bulk(n, 33)));
      }
      for (Map.Entry<String, long[]> shape : DataShapes.integerShapes(n, SEED, 64).entrySet()) {
        String label = "INT64 " + shape.getKey() + " n=" + n + " minWidth=" + minWidth;
        byte[] page = builder.build(shape.getValue());
        differential(label, page, n, false, ValueKind.INT64, somePlans(n));
        // readInteger on an INT64 page narrows, as parquet-java's does.
        differential(label, page, n, false, ValueKind.INT32, List.of(ReadPlan.bulk(n, 33), ReadPlan.scalar(n)));
      }
    }
  }

  /**
   * Read k values, skip to exactly a block (or miniblock) boundary, then read at a non-zero offset:
   * the running value must survive the skip.
   */
  @ParameterizedTest(name = "block {0} / {1} miniblocks")
  @CsvSource({"128, 4", "8, 1", "32, 4", "1024, 4"})
  void skipToABlockBoundaryKeepsTheRunningValue(int blockSize, int miniBlocks) {
    int n = 3 * blockSize + 64;
    int miniSize = blockSize / miniBlocks;
    long[] longs = DataShapes.smallDeltas(n, SEED);
    long[] ints = DataShapes.int32Overflow(n);
    byte[][] pages = {ParquetJavaPages.deltaLongs(longs, blockSize, miniBlocks), ParquetJavaPages.deltaInts(ints, blockSize, miniBlocks)};
    // Value 0 is the header's; block b holds values 1 + b * blockSize ...
    int[] boundaries = {1, 1 + miniSize, 1 + blockSize, 1 + 2 * blockSize, 1 + 2 * blockSize + miniSize};
    for (int t = 0; t < 2; t++) {
      boolean int32 = t == 1;
      long[] expected = int32 ? ints : longs;
      for (int boundary : boundaries) {
        for (int k : new int[] {0, 1, 5, 8, 33}) {
          if (k > boundary) {
            continue;
          }
          for (int mode = 0; mode < 3; mode++) {
            for (int m : new int[] {1, 7, 8, 50}) {
              String where = (int32 ? "INT32" : "INT64") + " layout " + blockSize + "/" + miniBlocks + ": read " + k + " (mode " + mode
                  + "), skip to " + boundary + ", read " + m + " seed=" + SEED;
              DeltaBinaryPackedReader r = int32 ? DeltaBinaryPackedReader.forInt32() : DeltaBinaryPackedReader.forInt64();
              r.initFromBytes(pages[t], 0, pages[t].length);
              long[] head = new long[k];
              if (mode == 0) {
                readInto(r, int32, head, 0, k);
              } else {
                for (int i = 0; i < k; i++) {
                  head[i] = int32 ? r.readInteger() : r.readLong();
                }
              }
              assertEquals(Arrays.toString(Arrays.copyOf(expected, k)), Arrays.toString(head), where);
              if (mode == 2) {
                for (int i = k; i < boundary; i++) {
                  r.skip();
                }
              } else {
                r.skip(boundary - k);
              }
              long[] dst = new long[m + 9];
              Arrays.fill(dst, 0x5A5AL);
              readInto(r, int32, dst, 5, m);
              for (int i = 0; i < dst.length; i++) {
                long want = i >= 5 && i < 5 + m ? expected[boundary + i - 5] : 0x5A5AL;
                assertEquals(want, dst[i], where + ": dst[" + i + "]");
              }
              assertEquals(n - boundary - m, r.remaining(), where);
            }
          }
        }
      }
    }
  }

  private static void readInto(DeltaBinaryPackedReader r, boolean int32, long[] dst, int offset, int count) {
    if (int32) {
      int[] d = new int[dst.length];
      for (int i = 0; i < d.length; i++) {
        d[i] = (int) dst[i];
      }
      r.readIntegers(d, offset, count);
      for (int i = 0; i < d.length; i++) {
        dst[i] = d[i];
      }
    } else {
      r.readLongs(dst, offset, count);
    }
  }

  /** Bytes after the DELTA_BINARY_PACKED data stay in the stream for whoever embeds the encoding. */
  @Test
  void streamIsLeftRightAfterTheData() throws IOException {
    Random random = new Random(SEED);
    for (int n : new int[] {0, 1, 2, 40, 129, 1000}) {
      long[] values = DataShapes.wide(n, SEED, 64);
      byte[][] pages = {ParquetJavaPages.deltaLongs(values, 128, 4), new DeltaPageBuilder(32, 4).staleWidth(255).build(values)};
      for (byte[] data : pages) {
        byte[] extra = new byte[1 + random.nextInt(40)];
        random.nextBytes(extra);
        byte[] page = DeltaPageBuilder.concat(data, extra);
        for (InputKind input : InputKind.values()) {
          String where = "n=" + n + " " + input + " seed=" + SEED;
          ByteBufferInputStream oracleIn = InputKind.HEAP.open(page);
          DeltaBinaryPackingValuesReader oracle = new DeltaBinaryPackingValuesReader();
          oracle.initFromPage(n, oracleIn);
          assertEquals(extra.length, oracleIn.available(), where + ": parquet-java's reader stops before the extra bytes");

          ByteBufferInputStream in = input.open(page);
          BatchValuesReader r = DeltaBinaryPackedReader.forInt64();
          r.initFromPage(n, in);
          assertEquals(extra.length, in.available(), where);
          assertEquals(extra[0] & 0xFF, in.read(), where + ": next byte");
          long[] got = new long[n];
          r.readLongs(got, 0, n);
          for (int i = 0; i < n; i++) {
            assertEquals(oracle.readLong(), got[i], where + ": value " + i);
          }
        }
        // The embedded entry point, in the middle of a larger array.
        byte[] big = DeltaPageBuilder.concat(new byte[] {9, 9, 9}, page);
        DeltaBinaryPackedReader r = DeltaBinaryPackedReader.forInt64();
        assertEquals(3 + data.length, r.initFromBytes(big, 3, page.length), "n=" + n + " initFromBytes end");
        assertEquals(3 + data.length, r.endOffset());
        long[] got = new long[n];
        r.readLongs(got, 0, n);
        assertEquals(Arrays.toString(values), Arrays.toString(got), "n=" + n + " initFromBytes values");
      }
    }
  }

  @Test
  void forColumnCoversExactlyInt32AndInt64() {
    assertNotNull(DeltaBinaryPackedReader.forColumn(ParquetJavaPages.column(PrimitiveTypeName.INT32)));
    assertNotNull(DeltaBinaryPackedReader.forColumn(ParquetJavaPages.column(PrimitiveTypeName.INT64)));
    for (PrimitiveTypeName t : new PrimitiveTypeName[] {PrimitiveTypeName.BOOLEAN, PrimitiveTypeName.FLOAT, PrimitiveTypeName.DOUBLE,
        PrimitiveTypeName.BINARY, PrimitiveTypeName.INT96}) {
      assertNull(DeltaBinaryPackedReader.forColumn(ParquetJavaPages.column(t)), t.toString());
    }
    assertNull(DeltaBinaryPackedReader.forColumn(ParquetJavaPages.column(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 4)));
  }

  /** A width-0 page can hold far more values than bytes: still decoded lazily, nothing sized by the count. */
  @Test
  void hugeConstantBlocksDecodeLazily() {
    int n = 3_000_001;
    byte[] page = DeltaPageBuilder.concat(DeltaPageBuilder.uleb(1 << 20), DeltaPageBuilder.uleb(1), DeltaPageBuilder.uleb(n),
        DeltaPageBuilder.uleb(DeltaPageBuilder.zigzag(-5)),
        DeltaPageBuilder.uleb(DeltaPageBuilder.zigzag(3)), 0,
        DeltaPageBuilder.uleb(DeltaPageBuilder.zigzag(-1)), 0,
        DeltaPageBuilder.uleb(DeltaPageBuilder.zigzag(7)), 0);
    DeltaBinaryPackedReader r = DeltaBinaryPackedReader.forInt64();
    assertEquals(page.length, r.initFromBytes(page, 0, page.length));
    long[] dst = new long[1000];
    r.skip(1_048_000);
    r.readLongs(dst, 0, 1000);
    long v = -5;
    for (int i = 1; i < 1_049_000; i++) {
      v += i <= 1 << 20 ? 3 : -1;
      if (i >= 1_048_000) {
        assertEquals(v, dst[i - 1_048_000], "value " + i);
      }
    }
    r.skip(n - 1_049_000 - 1);
    assertEquals(-5 + 3L * (1 << 20) - (1 << 20) + 7L * (n - 1 - 2 * (1 << 20)), r.readLong());
  }

  /**
   * Decoding a page again into arrays the caller owns allocates nothing, once compiled: until C2
   * compiles them the Vector API kernels (when on) box their vectors, so rounds are repeated until
   * one allocates nothing, within a bound.
   */
  @Test
  void steadyStateAllocatesNothing() {
    assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean, "needs allocation counters");
    com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(bean.isThreadAllocatedMemorySupported() && bean.isThreadAllocatedMemoryEnabled(), "needs allocation counters");
    // Below VectorSupport.AUTO_FROM_JDK the kernels run only when forced (the tests force them), and there
    // JDK 17's JIT boxes vectors once other tests' kernels of other shapes share the Vector API's call
    // profiles: the reason the library keeps them off there. The promise holds for the scalar code and
    // for the kernels from JDK 25 on, which .ci/run's JDK 21 and JDK 25 passes check.
    assumeTrue(!VectorSupport.on() || Runtime.version().feature() >= VectorSupport.AUTO_FROM_JDK,
        "vector kernels forced on JDK " + Runtime.version().feature());
    int n = 10_000;
    byte[] page64 = ParquetJavaPages.deltaLongs(DataShapes.smallDeltas(n, SEED), 128, 4);
    byte[] page32 = ParquetJavaPages.deltaInts(DataShapes.narrow(DataShapes.smallDeltas(n, SEED)), 128, 4);
    DeltaBinaryPackedReader r64 = DeltaBinaryPackedReader.forInt64();
    DeltaBinaryPackedReader r32 = DeltaBinaryPackedReader.forInt32();
    long[] longs = new long[n];
    int[] ints = new int[n];
    double[] doubles = new double[n];
    long allocated = -1;
    for (int round = 0; round < 3000 && allocated != 0; round++) {
      long before = bean.getThreadAllocatedBytes(Thread.currentThread().getId());
      r64.initFromBytes(page64, 0, page64.length);
      r64.readLongs(longs, 0, 100);
      r64.skip(3000);
      r64.readLong();
      r64.readLongs(longs, 0, n - 3101);
      r32.initFromBytes(page32, 0, page32.length);
      r32.readIntegers(ints, 0, 5);
      r32.skip(4000);
      r32.readIntegersAsLongs(longs, 0, 1000);
      r32.readIntegersAsDoubles(doubles, 0, n - 5005);
      allocated = round < 3 ? -1 : bean.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    }
    assertEquals(0, allocated, "bytes allocated by the last of 3000 rounds of a steady-state decode");
  }
}
