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
package io.github.fastdecode.parquet.denserow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.internal.VarInts;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The codec's varint kernels against the project's plain varint writer: sizes at every bit length,
 * the 8-byte and the branch-free 10-byte store writers, and the 8-byte load reader (through a run of one long column, with the
 * value at the row's end and followed by other rows, so both the wide and the checked paths read).
 */
class DenseRowVarintTest {
  static final long SEED = 0x7A21;

  static long[] values() {
    Random random = new Random(SEED);
    System.out.println("DenseRowVarintTest seed " + SEED);
    long[] v = new long[64 * 4 + 1000];
    int k = 0;
    for (int bit = 0; bit < 64; bit++) {
      v[k++] = 1L << bit;
      v[k++] = (1L << bit) - 1;
      v[k++] = (1L << bit) + 1;
      v[k++] = -(1L << bit);
    }
    while (k < v.length) {
      v[k++] = random.nextLong() >>> random.nextInt(64);
    }
    return v;
  }

  @Test
  void sizesAndWideWriterMatchThePlainWriter() {
    byte[] plain = new byte[32];
    byte[] wide = new byte[32];
    for (long u : values()) {
      int n = VarInts.putUnsigned(plain, 3, u) - 3;
      assertEquals(n, VarInts.size(u), Long.toHexString(u));
      Arrays.fill(wide, (byte) 0x55);
      assertEquals(3 + n, VarInts.putUnsignedWide(wide, 3, u), Long.toHexString(u));
      assertArrayEquals(Arrays.copyOfRange(plain, 3, 3 + n), Arrays.copyOfRange(wide, 3, 3 + n), Long.toHexString(u));
      assertEquals(0x55, wide[3 + Math.max(n, 8)], "wide writer stored past its 8 bytes, " + Long.toHexString(u));
      Arrays.fill(wide, (byte) 0x55);
      assertEquals(3 + n, VarInts.putUnsignedTen(wide, 3, u), Long.toHexString(u));
      assertArrayEquals(Arrays.copyOfRange(plain, 3, 3 + n), Arrays.copyOfRange(wide, 3, 3 + n), Long.toHexString(u));
      assertEquals(0x55, wide[3 + 10], "ten-byte writer stored past its 10 bytes, " + Long.toHexString(u));
      assertEquals(3 + n, VarInts.putUnsigned(wide, 3, u), Long.toHexString(u));
      assertEquals(u, VarInts.compress7(VarInts.spread7(u)) | (u & 0xFF00000000000000L), Long.toHexString(u));
    }
  }

  /**
   * Version 3's prefix varint writers (two 8-byte stores with 9 bytes of room, byte by byte
   * without) and sizes against the test's byte-by-byte encoder of the grammar, for not-nullable
   * values (u = zz64) and nullable ones (zz64 + 1 below 2^56, else 0xFF and zz64).
   */
  @Test
  void prefixWritersMatchTheGrammar() {
    byte[] out = new byte[32];
    for (long v : values()) {
      for (long x : new long[] {v, ~v, v >> 1}) {
        long z = (x << 1) ^ (x >> 63);
        java.io.ByteArrayOutputStream ref = new java.io.ByteArrayOutputStream();
        DenseRowRoundTripTest.referencePrefix(z, ref);
        checkPrefix(ref.toByteArray(), out, x, false);
        ref.reset();
        if (Long.compareUnsigned(z + 1, 1L << 56) < 0 && z + 1 != 0) {
          DenseRowRoundTripTest.referencePrefix(z + 1, ref);
        } else {
          ref.write(0xFF);
          for (int k = 0; k < 8; k++) {
            ref.write((int) (z >>> (8 * k)) & 0xFF);
          }
        }
        checkPrefix(ref.toByteArray(), out, x, true);
      }
    }
  }

  /**
   * Version 4's INT32 writer (one 8-byte store with 8 bytes of room, else as the INT64 writer)
   * against the test's byte-by-byte encoder of the grammar, zz32 and zz32 + 1 (nullable, up to
   * 2^32), in rows of every room from the value's length to 12 bytes: the value's bytes, and
   * nothing stored before it or past the row's end.
   */
  @Test
  void int32PrefixWriterMatchesTheGrammar() {
    byte[] out = new byte[32];
    for (long v : values()) {
      int x = (int) v;
      long z = Integer.toUnsignedLong((x << 1) ^ (x >> 31));
      for (long u : new long[] {z, z + 1}) {
        java.io.ByteArrayOutputStream ref = new java.io.ByteArrayOutputStream();
        DenseRowRoundTripTest.referencePrefix(u, ref);
        byte[] expected = ref.toByteArray();
        int n = expected.length;
        assertTrue(n <= 5, u + " takes " + n + " bytes");
        for (int room = n; room <= 12; room++) {
          Arrays.fill(out, (byte) 0x55);
          int end = 3 + room;
          assertEquals(3 + n, PrefixVarints.putPrefix32(out, 3, u, n - 1, end), u + " with room " + room);
          assertArrayEquals(expected, Arrays.copyOfRange(out, 3, 3 + n), u + " with room " + room);
          assertEquals(0x55, out[2], Long.toString(u));
          assertEquals(0x55, out[end], "stored past the row's end, " + u + " with room " + room);
        }
      }
    }
  }

  private static void checkPrefix(byte[] expected, byte[] out, long x, boolean nullable) {
    String what = (nullable ? "nullable " : "") + x;
    long z = (x << 1) ^ (x >> 63);
    int n = expected.length;
    assertEquals(n, nullable ? PrefixVarints.nullablePrefixSize(x) : PrefixVarints.prefixSize(z), what);
    for (int room : new int[] {9, 12, n, 4, 5, 6, 7, 8}) {
      Arrays.fill(out, (byte) 0x55);
      int end = 3 + Math.max(n, room);
      assertEquals(3 + n, nullable ? PrefixVarints.putNullablePrefix(out, 3, x, end) : PrefixVarints.putPrefix(out, 3, z, end), what);
      assertArrayEquals(expected, Arrays.copyOfRange(out, 3, 3 + n), what + " with room " + room);
      assertEquals(0x55, out[2], what);
      assertEquals(0x55, out[end], "stored past the row's end, " + what);
    }
    Arrays.fill(out, (byte) 0x55);
    assertEquals(3 + n, nullable ? PrefixVarints.putNullablePrefixBytes(out, 3, x) : PrefixVarints.putPrefixBytes(out, 3, z), what);
    assertArrayEquals(expected, Arrays.copyOfRange(out, 3, 3 + n), what);
    assertEquals(0x55, out[3 + n], "stored past the value, " + what);
  }

  @Test
  void readersGiveTheValuesBack() {
    long[] values = values();
    for (boolean nullable : new boolean[] {false, true}) {
      DenseType type = DenseType.row(false, DenseType.int64(nullable), DenseType.int32(true));
      DenseVector batch = DenseVector.create(type, values.length);
      for (long v : values) {
        batch.child(0).appendLong(v);
        batch.child(1).appendInt((int) v);
        batch.appendRow();
      }
      for (long v : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, -(1L << 55) - 1, -(1L << 55), (1L << 55) - 1, 1L << 55}) {
        batch.child(0).appendLong(v);
        batch.child(1).appendInt((int) v);
        batch.appendRow();
      }
      if (nullable) {
        batch.child(0).appendNull();
        batch.child(1).appendNull();
        batch.appendRow();
      }
      DenseRowCodec codec = new DenseRowCodec(type);
      int[] sizes = new int[batch.size()];
      for (int options : new int[] {0, DenseRowCodec.LENGTH_PREFIXED}) {
        byte[] run = new byte[(int) codec.runSize(batch, options, sizes)];
        codec.serializeRun(batch, options, sizes, run, 0);
        DenseVector back = DenseVector.create(type, 1);
        assertEquals(batch.size(), codec.deserializeRun(run, 0, run.length, back));
        for (int i = 0; i < batch.size(); i++) {
          assertEquals(batch.getObject(i), back.getObject(i), "row " + i);
        }
      }
    }
  }
}
