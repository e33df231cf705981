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

import static io.github.fastdecode.parquet.conformance.ParquetJavaPages.column;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.ValueKind;
import io.github.fastdecode.parquet.writers.WriterCases;
import io.github.fastdecode.parquet.writers.WriterCases.Settings;
import io.github.fastdecode.parquet.writers.WriterDifferential;
import io.github.fastdecode.parquet.writers.WriterDifferential.Decode;
import io.github.fastdecode.parquet.writers.WriterDifferential.Mode;
import io.github.fastdecode.parquet.writers.WriterDifferential.Values;
import java.util.List;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * DELTA_BINARY_PACKED writers against parquet-java's, byte for byte: every integer shape and page
 * size, several block layouts, scalar, bulk and mixed, one writer pair across all pages so the state
 * parquet-java carries between blocks and pages (stale miniblock widths, stale padding values, the
 * first value of an empty page) is exercised and matched rather than assumed away.
 */
class DeltaBinaryPackedWritersTest {
  static final List<Settings> SETTINGS = WriterCases.SETTINGS;
  /** Block size and miniblock count: parquet-java's default, and two other valid layouts. */
  static final int[][] LAYOUTS = {{128, 4}, {256, 8}, {128, 1}};

  static Decode intDecode() {
    return new Decode(ValueKind.INT32, DeltaBinaryPackingValuesReader::new,
        () -> FastDecode.newValuesReader(column(PrimitiveTypeName.INT32), Encoding.DELTA_BINARY_PACKED));
  }

  static Decode longDecode() {
    return new Decode(ValueKind.INT64, DeltaBinaryPackingValuesReader::new,
        () -> FastDecode.newValuesReader(column(PrimitiveTypeName.INT64), Encoding.DELTA_BINARY_PACKED));
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void int32(Settings c) {
    for (int[] l : LAYOUTS) {
      WriterDifferential.checkAllModes("DELTA_BINARY_PACKED INT32 block=" + l[0] + "/" + l[1] + " " + c,
          () -> new DeltaBinaryPackingValuesWriterForInteger(l[0], l[1], c.slab, c.page, c.allocator),
          () -> new DeltaBinaryPackedIntWriter(l[0], l[1], c.slab, c.page, c.allocator),
          WriterCases.intPages(), WriterCases.SEED, intDecode());
    }
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void int64(Settings c) {
    for (int[] l : LAYOUTS) {
      WriterDifferential.checkAllModes("DELTA_BINARY_PACKED INT64 block=" + l[0] + "/" + l[1] + " " + c,
          () -> new DeltaBinaryPackingValuesWriterForLong(l[0], l[1], c.slab, c.page, c.allocator),
          () -> new DeltaBinaryPackedLongWriter(l[0], l[1], c.slab, c.page, c.allocator),
          WriterCases.longPages(), WriterCases.SEED, longDecode());
    }
  }

  /** Seeded random page sizes and shapes in one long run: more orders of wide and narrow pages. */
  @Test
  void randomPageSequences() {
    for (long seed = 1; seed <= 4; seed++) {
      java.util.Random r = new java.util.Random(seed);
      List<Values> ints = new java.util.ArrayList<>();
      List<Values> longs = new java.util.ArrayList<>();
      for (int p = 0; p < 40; p++) {
        int n = r.nextInt(400);
        int bits = 1 + r.nextInt(64);
        long[] v = DataShapes.wide(n, seed * 1000 + p, bits);
        ints.add(WriterDifferential.ints(v).named("wide" + bits));
        longs.add(WriterDifferential.longs(v).named("wide" + bits));
      }
      WriterDifferential.check("DELTA_BINARY_PACKED INT32 random pages", () -> new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP),
          () -> new DeltaBinaryPackedIntWriter(64, 1 << 20, HEAP), ints, Mode.MIXED, seed, intDecode());
      WriterDifferential.check("DELTA_BINARY_PACKED INT64 random pages", () -> new DeltaBinaryPackingValuesWriterForLong(64, 1 << 20, HEAP),
          () -> new DeltaBinaryPackedLongWriter(64, 1 << 20, HEAP), longs, Mode.MIXED, seed, longDecode());
    }
  }

  static final HeapByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();

  /**
   * The stale bytes are real, so matching them is not a coincidence of zeros: after a page of wide
   * deltas, a 33-value page uses 1 of 4 miniblocks, and parquet-java writes the wide page's widths
   * for the other 3 and packs the wide page's leftover deltas as padding. A clean encoder would write
   * zeros there. The page still decodes to its 33 values.
   */
  @Test
  void staleWidthsAndPaddingAreParquetJavas() {
    long[] wide = DataShapes.wide(128 * 3 + 1, 42, 32);
    long[] small = DataShapes.smallDeltas(33, 43);
    DeltaBinaryPackingValuesWriterForInteger o = new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
    DeltaBinaryPackedIntWriter s = new DeltaBinaryPackedIntWriter(64, 1 << 20, HEAP);
    List<Values> pages = List.of(WriterDifferential.ints(wide).named("wide"), WriterDifferential.ints(small).named("small"));
    WriterDifferential.check("DELTA_BINARY_PACKED stale bytes", () -> o, () -> s, pages, Mode.BULK, 0, intDecode());

    DeltaBinaryPackingValuesWriterForInteger fresh = new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
    WriterDifferential.ints(wide).scalar(fresh, 0, wide.length);
    fresh.reset();
    WriterDifferential.ints(small).scalar(fresh, 0, small.length);
    byte[] afterWide = WriterDifferential.bytes(fresh);
    DeltaBinaryPackingValuesWriterForInteger clean = new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
    WriterDifferential.ints(small).scalar(clean, 0, small.length);
    byte[] alone = WriterDifferential.bytes(clean);
    assertNotEquals(java.util.Arrays.toString(alone), java.util.Arrays.toString(afterWide),
        "parquet-java's page after a wide page should carry stale widths/padding; if not, this test no longer proves anything");
    // Header (4 varints) then min delta, then 4 width bytes: the last 3 are stale (non-zero) after the wide page.
    int widths = headerAndMinDeltaLength(afterWide);
    assertNotEquals(0, afterWide[widths + 1] | afterWide[widths + 2] | afterWide[widths + 3]);
    assertArrayEquals(new byte[] {0, 0, 0}, java.util.Arrays.copyOfRange(alone, headerAndMinDeltaLength(alone) + 1, headerAndMinDeltaLength(alone) + 4));
  }

  private static int headerAndMinDeltaLength(byte[] page) {
    int pos = 0;
    for (int varints = 0; varints < 5; varints++) {
      while ((page[pos++] & 0x80) != 0) {
        // skip continuation bytes
      }
    }
    return pos;
  }

  @Test
  void rejectsTheLayoutsParquetJavaRejects() {
    assertThrows(IllegalArgumentException.class, () -> new DeltaBinaryPackedIntWriter(128, 5, 64, 1024, HEAP));
    assertThrows(IllegalArgumentException.class, () -> new DeltaBinaryPackingValuesWriterForInteger(128, 5, 64, 1024, HEAP));
    assertThrows(IllegalArgumentException.class, () -> new DeltaBinaryPackedLongWriter(100, 4, 64, 1024, HEAP));
    assertThrows(IllegalArgumentException.class, () -> new DeltaBinaryPackingValuesWriterForLong(100, 4, 64, 1024, HEAP));
  }
}
