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
package io.github.fastdecode.parquet.writers;

import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.writers.WriterDifferential.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.DirectByteBufferAllocator;
import org.apache.parquet.bytes.HeapByteBufferAllocator;

/** Page sequences and writer settings shared by the writer tests (each in its encoding's package). */
public final class WriterCases {
  private WriterCases() {}

  public static final long SEED = 0x5EED_0005L;

  /** Writer construction settings: initial slab size, page size hint, allocator. */
  public static final class Settings {
    public final int slab;
    public final int page;
    public final ByteBufferAllocator allocator;

    Settings(int slab, int page, ByteBufferAllocator allocator) {
      this.slab = slab;
      this.page = page;
      this.allocator = allocator;
    }

    @Override
    public String toString() {
      return "slab=" + slab + ", page=" + page + ", " + allocator.getClass().getSimpleName();
    }
  }

  /** Small slabs that grow many times on the heap, and parquet-java's usual sizes in direct memory. */
  public static final List<Settings> SETTINGS = List.of(
      new Settings(64, 1 << 20, HeapByteBufferAllocator.getInstance()),
      new Settings(64 * 1024, 1 << 26, DirectByteBufferAllocator.getInstance()));

  /** Every shape at every page size of {@link DataShapes#PAGE_SIZES}, in that order, as one run of pages. */
  public static <T> List<Values> pages(IntFunction<Map<String, T>> shapes, Function<T, Values> values) {
    List<Values> pages = new ArrayList<>();
    for (int n : DataShapes.PAGE_SIZES) {
      for (Map.Entry<String, T> e : shapes.apply(n).entrySet()) {
        pages.add(values.apply(e.getValue()).named(e.getKey()));
      }
    }
    return pages;
  }

  public static List<Values> intPages() {
    return pages(n -> DataShapes.integerShapes(n, SEED, 32), WriterDifferential::ints);
  }

  public static List<Values> longPages() {
    return pages(n -> DataShapes.integerShapes(n, SEED, 64), WriterDifferential::longs);
  }

  public static List<Values> floatPages() {
    return pages(n -> Map.of("floats", DataShapes.floats(n, SEED + n)), WriterDifferential::floats);
  }

  public static List<Values> doublePages() {
    return pages(n -> Map.of("doubles", DataShapes.doubles(n, SEED + n)), WriterDifferential::doubles);
  }

  public static List<Values> booleanPages() {
    return pages(n -> DataShapes.booleanShapes(n, SEED + n), WriterDifferential::booleans);
  }

  public static List<Values> fixedPages(int length) {
    return pages(n -> Map.of("fixed" + length, DataShapes.fixedBytes(n, length, SEED + n)), WriterDifferential::binaries);
  }

  public static List<Values> binaryPages() {
    return pages(n -> DataShapes.binaryShapes(n, SEED + n), WriterDifferential::binaries);
  }
}
