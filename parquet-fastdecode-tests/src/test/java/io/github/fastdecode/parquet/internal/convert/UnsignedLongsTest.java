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
package io.github.fastdecode.parquet.internal.convert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fastdecode.parquet.conformance.ConversionShapes;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** UINT_64 encodings equal BigInteger's, value by value and in bulk, and stay inside their room. */
class UnsignedLongsTest {
  static final long SEED = 0x5EED_0006L;

  static byte[] reference(long v) {
    return new BigInteger(Long.toUnsignedString(v)).toByteArray();
  }

  static void checkOne(long v, String where) {
    byte[] expected = reference(v);
    assertEquals(expected.length, UnsignedLongs.bigEndianLength(v), where + " length of " + Long.toUnsignedString(v));
    byte[] dst = new byte[expected.length + 2];
    Arrays.fill(dst, (byte) 0x5A);
    assertEquals(expected.length, UnsignedLongs.writeBigEndian(v, dst, 1), where);
    assertArrayEquals(expected, Arrays.copyOfRange(dst, 1, 1 + expected.length), where + " bytes of " + Long.toUnsignedString(v));
    assertEquals(0x5A, dst[0], where);
    assertEquals(0x5A, dst[dst.length - 1], where);
  }

  /** Bulk: each value's bytes and end offset as BigInteger gives them, nothing written outside the 9-per-value room. */
  static void checkBulk(long[] values, String where) {
    int n = values.length;
    int pad = 5;
    byte[] dst = new byte[pad + 9 * n + pad];
    Arrays.fill(dst, (byte) 0x5A);
    int[] ends = new int[n + 2];
    Arrays.fill(ends, -7);
    int end = UnsignedLongs.writeBigEndian(values, 0, n, dst, pad, ends, 1);
    int pos = pad;
    for (int i = 0; i < n; i++) {
      byte[] expected = reference(values[i]);
      assertEquals(pos + expected.length, ends[1 + i], where + " end of value " + i);
      assertArrayEquals(expected, Arrays.copyOfRange(dst, pos, ends[1 + i]), where + " value " + i + " = " + Long.toUnsignedString(values[i]));
      pos = ends[1 + i];
    }
    assertEquals(pos, end, where);
    assertEquals(-7, ends[0], where);
    assertEquals(-7, ends[n + 1], where);
    for (int i = 0; i < pad; i++) {
      assertEquals(0x5A, dst[i], where + " wrote before dstPos");
      assertEquals(0x5A, dst[dst.length - 1 - i], where + " wrote past 9 bytes per value");
    }
  }

  @Test
  void edgeValues() {
    long[] edges = ConversionShapes.unsignedEdges();
    for (long v : edges) {
      checkOne(v, "edge");
      checkBulk(new long[] {v}, "edge alone");
    }
    checkBulk(edges, "edges");
    // Descending lengths: each value's trailing word store lands on the next value's bytes.
    long[] sorted = edges.clone();
    Arrays.sort(sorted);
    checkBulk(sorted, "edges sorted signed");
  }

  @Test
  void aMillionRandomValues() {
    Random r = new Random(SEED);
    long[] values = new long[1_000_000];
    for (int i = 0; i < values.length; i++) {
      // Every length equally likely: shift a random word right by 0..63 bits.
      values[i] = r.nextLong() >>> r.nextInt(64);
    }
    for (int i = 0; i < values.length; i += 97) {
      checkOne(values[i], "random seed=" + SEED + " i=" + i);
    }
    checkBulk(values, "random seed=" + SEED);
  }
}
