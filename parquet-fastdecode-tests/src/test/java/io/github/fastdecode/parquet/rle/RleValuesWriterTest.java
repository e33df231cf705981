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

import static io.github.fastdecode.parquet.conformance.ParquetJavaPages.column;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.ValueKind;
import io.github.fastdecode.parquet.writers.WriterCases;
import io.github.fastdecode.parquet.writers.WriterCases.Settings;
import io.github.fastdecode.parquet.writers.WriterDifferential;
import io.github.fastdecode.parquet.writers.WriterDifferential.Decode;
import io.github.fastdecode.parquet.writers.WriterDifferential.Values;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesWriter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The RLE / bit-packed hybrid writer against parquet-java's, byte for byte: levels of every width
 * 0..32 over the id shapes (random, long runs, runs of every length 1..70 around the 8-value
 * groups, mixed), with the length prefix (its values writer: V1 levels, BOOLEAN) and without it (its
 * encoder: V2 levels); booleans; scalar, bulk and mixed.
 */
class RleValuesWriterTest {
  static final List<Settings> SETTINGS = WriterCases.SETTINGS;

  static List<Values> levelPages(int width) {
    List<Values> pages = WriterCases.pages(n -> DataShapes.idShapes(n, WriterCases.SEED + n, width), WriterDifferential::ints);
    // Long stretches of one value then 600 distinct-ish values: RLE runs over 2^14 and bit-packed runs past 63 groups.
    int n = 70_000;
    int[] a = new int[n];
    long mask = (1L << width) - 1;
    for (int i = 0; i < n; i++) {
      a[i] = (int) ((i % 20_000 < 19_400 ? 1 : i * 2654435761L) & mask);
    }
    pages.add(WriterDifferential.ints(a).named("longRunsAndLongBitPackedRuns"));
    return pages;
  }

  /** parquet-java's encoder as a writer: the bare encoding parquet-java writes for V2 levels. */
  static final class ParquetJavaEncoder extends ValuesWriter {
    private final RunLengthBitPackingHybridEncoder e;

    ParquetJavaEncoder(int width, Settings c) {
      e = new RunLengthBitPackingHybridEncoder(width, c.slab, c.page, c.allocator);
    }

    @Override public void writeInteger(int v) {
      try {
        e.writeInt(v);
      } catch (IOException ex) {
        throw new UncheckedIOException(ex);
      }
    }
    @Override public long getBufferedSize() { return e.getBufferedSize(); }
    @Override public BytesInput getBytes() {
      try {
        return e.toBytes();
      } catch (IOException ex) {
        throw new UncheckedIOException(ex);
      }
    }
    @Override public Encoding getEncoding() { return Encoding.RLE; }
    @Override public void reset() { e.reset(); }
    @Override public void close() { e.close(); }
    @Override public long getAllocatedSize() { return e.getAllocatedSize(); }
    @Override public String memUsageString(String prefix) { return prefix; }
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void lengthPrefixedLevels(Settings c) {
    for (int width = 0; width <= 32; width++) {
      int w = width;
      WriterDifferential.checkAllModes("RLE levels width " + w + ", length-prefixed, " + c,
          () -> new RunLengthBitPackingHybridValuesWriter(w, c.slab, c.page, c.allocator),
          () -> new RleValuesWriter(w, c.slab, c.page, c.allocator), levelPages(w), WriterCases.SEED + w,
          new Decode(ValueKind.INT32, () -> new RunLengthBitPackingHybridValuesReader(w), () -> new RleValuesReader(w, true)));
    }
  }

  @Test
  void bareLevels() {
    Settings c = SETTINGS.get(0);
    for (int width = 0; width <= 32; width++) {
      int w = width;
      // Decoding is covered by the length-prefixed run: the bytes after the prefix are the same.
      WriterDifferential.checkAllModes("RLE levels width " + w + ", no length prefix, " + c,
          () -> new ParquetJavaEncoder(w, c), () -> new RleValuesWriter(w, false, c.slab, c.page, c.allocator),
          levelPages(w), WriterCases.SEED + w, null);
    }
  }

  @Test
  void forLevelsTakesTheWidthOfTheMaximumLevel() {
    Settings c = SETTINGS.get(0);
    for (int maxLevel : new int[] {0, 1, 2, 3, 7, 8, 100}) {
      int w = 32 - Integer.numberOfLeadingZeros(maxLevel);
      List<Values> pages = WriterCases.pages(n -> DataShapes.idShapes(n, WriterCases.SEED, w), WriterDifferential::ints);
      WriterDifferential.check("RLE forLevels(" + maxLevel + ")", () -> new RunLengthBitPackingHybridValuesWriter(w, c.slab, c.page, c.allocator),
          () -> RleValuesWriter.forLevels(maxLevel, true, c.slab, c.page, c.allocator), pages, WriterDifferential.Mode.BULK, 0, null);
    }
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void booleans(Settings c) {
    WriterDifferential.checkAllModes("RLE BOOLEAN " + c, () -> new RunLengthBitPackingHybridValuesWriter(1, c.slab, c.page, c.allocator),
        () -> new RleValuesWriter(1, c.slab, c.page, c.allocator), WriterCases.booleanPages(), WriterCases.SEED,
        new Decode(ValueKind.BOOLEAN, () -> new RunLengthBitPackingHybridValuesReader(1),
            () -> FastDecode.newValuesReader(column(PrimitiveTypeName.BOOLEAN), Encoding.RLE)));
  }

  @Test
  void getBytesTwiceWithoutResetFailsAsInParquetJava() {
    RleValuesWriter w = new RleValuesWriter(3, 64, 1024, HeapByteBufferAllocator.getInstance());
    w.writeInteger(5);
    w.getBytes();
    assertThrows(IllegalArgumentException.class, w::getBytes);
    w.reset();
    w.getBytes();
    assertThrows(IllegalArgumentException.class, () -> new RleValuesWriter(33, 64, 1024, HeapByteBufferAllocator.getInstance()));
  }
}
