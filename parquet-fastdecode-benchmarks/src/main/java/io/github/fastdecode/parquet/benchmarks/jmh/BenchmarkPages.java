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
package io.github.fastdecode.parquet.benchmarks.jmh;

import io.github.fastdecode.parquet.conformance.DataShapes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.function.IntFunction;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.ValuesReader;

/**
 * The pages one benchmark invocation decodes: {@link #PAGES} values sections of {@link
 * #VALUES_PER_PAGE} values each, written once in setup by parquet-java's writers from seeded data.
 * Both readers of a benchmark decode these same bytes, each as it is used in a column reader: the
 * parquet-java side takes a new reader for every page (parquet-java's column reader does, and its
 * delta reader cannot be re-initialised), the fastdecode side re-initialises one reader.
 */
public final class BenchmarkPages {
  /** Pages per invocation: several, so one page's bytes are not always hot in L1. */
  static final int PAGES = 8;
  /** Close to parquet-java's default row-count limit per page (20,000), and a power of two. */
  static final int VALUES_PER_PAGE = 16_384;
  /** Values per invocation: the {@code @OperationsPerInvocation}, so scores are ns per value. */
  static final int VALUES = PAGES * VALUES_PER_PAGE;

  /** The skip op skips {@link #SKIP_RUN} values, then reads one, until the page ends. */
  static final int SKIP_RUN = 1023;
  static final int SKIP_STRIDE = SKIP_RUN + 1;
  static final int READS_PER_SKIPPED_PAGE = VALUES_PER_PAGE / SKIP_STRIDE;

  /** parquet-java's default DELTA_BINARY_PACKED layout: blocks of 128 values in 4 miniblocks. */
  static final int DELTA_BLOCK_SIZE = 128;
  static final int DELTA_MINIBLOCKS = 4;

  /** Page {@code p}'s data comes from seed {@code SEED + p}; failure messages name it. */
  static final long SEED = 0x5EED_2024L;

  private final byte[][] pages;

  private BenchmarkPages(byte[][] pages) {
    this.pages = pages;
  }

  /** Writes every page: {@code writer} maps a page index to its values section. */
  static BenchmarkPages write(IntFunction<byte[]> writer) {
    byte[][] pages = new byte[PAGES][];
    for (int p = 0; p < PAGES; p++) {
      pages[p] = writer.apply(p);
    }
    return new BenchmarkPages(pages);
  }

  static long seed(int page) {
    return SEED + page;
  }

  /** The values section of page {@code p} (not to be modified). */
  byte[] bytes(int p) {
    return pages[p];
  }

  /** Starts {@code reader} on page {@code p}: a heap {@link ByteBufferInputStream} over its values. */
  void init(ValuesReader reader, int p) throws IOException {
    reader.initFromPage(VALUES_PER_PAGE, stream(p));
  }

  /**
   * A new heap stream over page {@code p}, for pages whose sections several readers take in turn
   * (levels, then values), each leaving the stream where the next section starts.
   */
  ByteBufferInputStream stream(int p) {
    return ByteBufferInputStream.wrap(ByteBuffer.wrap(pages[p]));
  }

  /** One page of the named {@link DataShapes#integerShapes} shape, {@code bits} wide. */
  static long[] integerShape(String shape, int page, int bits) {
    return pick(DataShapes.integerShapes(VALUES_PER_PAGE, seed(page), bits), shape, bits + "-bit values");
  }

  /** One page of the named {@link DataShapes#idShapes} shape: ids (or levels) {@code bitWidth} wide. */
  static int[] idShape(String shape, int page, int bitWidth) {
    return pick(DataShapes.idShapes(VALUES_PER_PAGE, seed(page), bitWidth), shape, bitWidth + "-bit ids");
  }

  /**
   * One page of definition levels for an optional column (max level 1): each row is null (0) with
   * probability {@code nullPercent}%, independently, from the page's seed.
   */
  static int[] definitionLevels(int page, int nullPercent) {
    if (nullPercent < 0 || nullPercent > 100) {
      throw new IllegalArgumentException("null percentage " + nullPercent + " is outside 0..100");
    }
    Random r = new Random(seed(page));
    int[] levels = new int[VALUES_PER_PAGE];
    for (int i = 0; i < VALUES_PER_PAGE; i++) {
      levels[i] = r.nextInt(100) < nullPercent ? 0 : 1;
    }
    return levels;
  }

  /** How many of {@code levels} equal {@code maxLevel}: the page's non-null values. */
  static int countEqual(int[] levels, int maxLevel) {
    int n = 0;
    for (int level : levels) {
      if (level == maxLevel) {
        n++;
      }
    }
    return n;
  }

  /** The sections of one page back to back (a V1 page: levels, then values). */
  static byte[] concat(byte[]... sections) {
    int length = 0;
    for (byte[] s : sections) {
      length += s.length;
    }
    byte[] page = new byte[length];
    int at = 0;
    for (byte[] s : sections) {
      System.arraycopy(s, 0, page, at, s.length);
      at += s.length;
    }
    return page;
  }

  /**
   * Whether the benchmark's {@code op} parameter asks for the skip pattern ({@code skip}) or for
   * plain reads ({@code read}); anything else is an error naming both.
   */
  static boolean isSkip(String op) {
    switch (op) {
      case "read":
        return false;
      case "skip":
        return true;
      default:
        throw new IllegalArgumentException("unknown op " + op + "; known: read, skip");
    }
  }

  /** {@code n} random lowercase letters (a..z) from {@code r}. */
  static String lowercase(Random r, int n) {
    char[] c = new char[n];
    for (int j = 0; j < n; j++) {
      c[j] = (char) ('a' + r.nextInt(26));
    }
    return new String(c);
  }

  /** Page {@code p}'s values: random strings over a..z, {@code length} bytes each, sorted. */
  static byte[][] sortedStrings(int p, int length) {
    return sortedStrings(p, length, false);
  }

  /**
   * As {@link #sortedStrings(int, int)}, or, when {@code varied}, each 1 to {@code 2 * length - 1}
   * bytes (the same mean length). Sorted, as a key column is: neighbours share a short prefix.
   */
  static byte[][] sortedStrings(int p, int length, boolean varied) {
    Random r = new Random(seed(p));
    String[] s = new String[VALUES_PER_PAGE];
    for (int i = 0; i < s.length; i++) {
      s[i] = lowercase(r, varied ? 1 + r.nextInt(2 * length - 1) : length);
    }
    Arrays.sort(s);
    return ascii(s);
  }

  /** The strings' bytes, one array each (the strings are ASCII). */
  static byte[][] ascii(String[] s) {
    byte[][] values = new byte[s.length][];
    for (int i = 0; i < s.length; i++) {
      values[i] = s[i].getBytes(StandardCharsets.US_ASCII);
    }
    return values;
  }

  /** Booleans as the 0/1 ints parquet-java's RLE writer takes. */
  static int[] asBits(boolean[] values) {
    int[] bits = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      bits[i] = values[i] ? 1 : 0;
    }
    return bits;
  }

  private static <T> T pick(Map<String, T> shapes, String shape, String what) {
    T values = shapes.get(shape);
    if (values == null) {
      throw new IllegalArgumentException("unknown shape " + shape + " for " + what + "; known: " + shapes.keySet());
    }
    return values;
  }
}
