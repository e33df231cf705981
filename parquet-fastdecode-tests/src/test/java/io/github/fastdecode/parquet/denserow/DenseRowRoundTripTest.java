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
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random row types (every kind, nullable or not, containers three deep, empty arrays and maps) and
 * rows at null rates 0, 40 and 100%, through runs with and without length prefixes and through rows
 * scattered over a buffer in shuffled order with gaps; the rows read back must equal those written.
 * Dictionary and constant forms must give the bytes of the plain form.
 */
class DenseRowRoundTripTest {
  static final long SEED = 0xDE45E_2021L;
  static final int SCHEMAS = 150;

  @ParameterizedTest
  @ValueSource(doubles = {0.0, 0.4, 1.0})
  void randomSchemasAndRows(double nullRate) {
    Random random = new Random(SEED + (long) (nullRate * 10));
    System.out.println("DenseRowRoundTripTest seed " + (SEED + (long) (nullRate * 10)) + ", null rate " + nullRate);
    for (int s = 0; s < SCHEMAS; s++) {
      DenseType type = DenseRowData.rowType(random, 6, 3);
      int count = random.nextInt(4) == 0 ? random.nextInt(3) : 1 + random.nextInt(60);
      List<Object> rows = new ArrayList<>();
      DenseVector batch = DenseRowData.batch(random, type, count, nullRate, rows);
      String what = "schema " + s + " " + type;
      roundTrip(random, type, batch, rows, what);
    }
  }

  static void roundTrip(Random random, DenseType type, DenseVector batch, List<Object> rows, String what) {
    DenseRowCodec codec = new DenseRowCodec(type);
    int count = rows.size();
    int[] sizes = new int[count + 2];
    long total = codec.rowSizes(batch, sizes);

    // A plain run.
    byte[] run = new byte[(int) codec.runSize(batch, 0, sizes)];
    assertEquals(total + 1, run.length, what);
    assertEquals(run.length, codec.serializeRun(batch, 0, sizes, run, 0), what);
    DenseVector back = DenseVector.create(type, 1);
    assertEquals(count, codec.deserializeRun(run, 0, run.length, back), what);
    assertRows(rows, back, what + " (run)");

    // A length-prefixed run at an offset, reading into a used batch after reset.
    int at = random.nextInt(5);
    int prefixedSize = (int) codec.runSize(batch, DenseRowCodec.LENGTH_PREFIXED, sizes);
    byte[] prefixed = new byte[at + prefixedSize + random.nextInt(3)];
    assertEquals(at + prefixedSize, codec.serializeRun(batch, DenseRowCodec.LENGTH_PREFIXED, sizes, prefixed, at), what);
    back.reset();
    assertEquals(count, codec.deserializeRun(prefixed, at, at + prefixedSize, back), what);
    assertRows(rows, back, what + " (length-prefixed run)");

    // Scattered rows: shuffled order, random gaps.
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      order.add(i);
    }
    Collections.shuffle(order, random);
    int[] offsets = new int[count];
    int p = random.nextInt(7);
    for (int i : order) {
      offsets[i] = p;
      p += sizes[i] + random.nextInt(7);
    }
    byte[] scattered = new byte[p];
    Arrays.fill(scattered, (byte) 0xA5);
    codec.serialize(batch, sizes, scattered, offsets);
    for (int i = 0; i < count; i++) {
      assertArrayEquals(Arrays.copyOfRange(run, 1 + start(sizes, i), 1 + start(sizes, i) + sizes[i]),
          Arrays.copyOfRange(scattered, offsets[i], offsets[i] + sizes[i]), what + " row " + i);
    }
    back.reset();
    codec.deserialize(DenseRowCodec.formatByte(0), scattered, offsets, Arrays.copyOf(sizes, count), count, back);
    assertRows(rows, back, what + " (scattered)");

    // A codec that never sized this batch chooses the widths itself: the same bytes.
    byte[] fresh = new byte[scattered.length];
    Arrays.fill(fresh, (byte) 0xA5);
    new DenseRowCodec(type).serialize(batch, sizes, fresh, offsets);
    assertArrayEquals(scattered, fresh, what + " (without rowSizes)");
  }

  /**
   * serialize reuses the widths rowSizes chose only for the batch and sizes array it last sized; a
   * value changed in place afterwards that still fits its width is written, one that does not is an
   * IllegalStateException, never a truncated value.
   */
  @Test
  void widthsChosenByRowSizes() {
    DenseType type = DenseType.row(false, DenseType.array(DenseType.int64(false), false));
    DenseRowCodec codec = new DenseRowCodec(type);
    DenseVector batch = DenseVector.create(type, 2);
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      values.add(10_000L + i); // zig-zag values in [2^14, 2^16): 3-byte varints, width 2
    }
    batch.appendObject(List.of(values));
    int[] sizes = new int[1];
    assertEquals(1 + 1 + 20, codec.rowSizes(batch, sizes));
    byte[] out = new byte[sizes[0]];
    int[] offsets = {0};

    batch.child(0).child(0).longs()[3] = 10_100L; // still width 2, same size
    codec.serialize(batch, sizes, out, offsets);
    DenseVector back = DenseVector.create(type, 1);
    codec.deserialize(DenseRowCodec.formatByte(0), out, offsets, sizes, 1, back);
    assertEquals(10_100L, back.child(0).child(0).longs()[3]);

    batch.child(0).child(0).longs()[3] = 40_000L; // needs 3 bytes: the recorded width 2 no longer holds
    assertThrows(IllegalStateException.class, () -> codec.serialize(batch, sizes, out, offsets));
    // Sized again, the row is varints (30 bytes: 3 bytes each beat width 3 by nothing).
    sizes[0] = 0;
    assertEquals(1 + 30, codec.rowSizes(batch, sizes));
    byte[] again = new byte[sizes[0]];
    codec.serialize(batch, sizes, again, offsets);
    back.reset();
    codec.deserialize(DenseRowCodec.formatByte(0), again, offsets, sizes, 1, back);
    assertEquals(40_000L, back.child(0).child(0).longs()[3]);
  }

  private static int start(int[] sizes, int row) {
    int s = 0;
    for (int i = 0; i < row; i++) {
      s += sizes[i];
    }
    return s;
  }

  static void assertRows(List<Object> rows, DenseVector back, String what) {
    assertEquals(rows.size(), back.size(), what);
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(rows.get(i), back.getObject(i), what + ", row " + i);
    }
  }

  /** Flat columns in dictionary and constant form serialise to the bytes of their plain form. */
  @ParameterizedTest
  @ValueSource(doubles = {0.0, 0.4, 1.0})
  void dictionaryAndConstantFormsGiveThePlainBytes(double nullRate) {
    long seed = SEED + 7 + (long) (nullRate * 10);
    Random random = new Random(seed);
    System.out.println("DenseRowRoundTripTest dictionary seed " + seed + ", null rate " + nullRate);
    for (int s = 0; s < 60; s++) {
      DenseType type = DenseRowData.rowType(random, 5, 0);
      int count = 1 + random.nextInt(50);
      DenseVector plain = DenseVector.create(type, count);
      DenseVector dict = DenseVector.create(type, count);
      DenseVector constant = DenseVector.create(type, count);
      List<Object> constantRows = new ArrayList<>();
      for (int f = 0; f < type.childCount(); f++) {
        DenseType ft = type.child(f);
        // a few distinct values, repeated
        List<Object> distinct = new ArrayList<>();
        for (int k = 0; k < 1 + random.nextInt(4); k++) {
          Object v = DenseRowData.value(random, ft.withNullable(false), 0);
          if (!distinct.contains(v)) {
            distinct.add(v);
          }
        }
        DenseVector dictionary = DenseVector.create(ft.withNullable(false), distinct.size());
        Map<Object, Integer> index = new LinkedHashMap<>();
        for (Object v : distinct) {
          index.put(v, index.size());
          dictionary.appendObject(v);
        }
        int[] ids = new int[count];
        DenseVector pf = plain.child(f);
        DenseVector df = dict.child(f);
        for (int r = 0; r < count; r++) {
          Object v = ft.nullable() && random.nextDouble() < nullRate ? null : distinct.get(random.nextInt(distinct.size()));
          pf.appendObject(v);
          df.appendObject(v);
          ids[r] = v == null ? 0 : index.get(v);
        }
        df.setDictionary(dictionary, ids);
        Object c = ft.nullable() && random.nextDouble() < nullRate ? null : distinct.get(0);
        DenseVector cf = constant.child(f);
        for (int r = 0; r < count; r++) {
          cf.appendObject(c);
        }
        cf.setConstant(true);
        constantRows.add(c);
      }
      plain.setSize(count);
      dict.setSize(count);
      constant.setSize(count);
      DenseRowCodec codec = new DenseRowCodec(type);
      int[] sizes = new int[count];
      int[] dictSizes = new int[count];
      byte[] a = new byte[(int) codec.runSize(plain, 0, sizes)];
      codec.serializeRun(plain, 0, sizes, a, 0);
      byte[] b = new byte[(int) codec.runSize(dict, 0, dictSizes)];
      assertArrayEquals(sizes, dictSizes, "schema " + s + " " + type);
      codec.serializeRun(dict, 0, dictSizes, b, 0);
      assertArrayEquals(a, b, "schema " + s + " " + type);

      // constant: every row is constantRows; compare against the plain form of the same rows
      DenseVector constantPlain = DenseVector.create(type, count);
      for (int r = 0; r < count; r++) {
        constantPlain.appendObject(constantRows);
      }
      byte[] c1 = new byte[(int) codec.runSize(constantPlain, 0, sizes)];
      codec.serializeRun(constantPlain, 0, sizes, c1, 0);
      byte[] c2 = new byte[(int) codec.runSize(constant, 0, dictSizes)];
      codec.serializeRun(constant, 0, dictSizes, c2, 0);
      assertArrayEquals(c1, c2, "constant, schema " + s + " " + type);
    }
  }

  /**
   * Containers of not-nullable integers whose zig-zag values need exactly 1..8 bytes (1..4 for
   * INT32), class boundaries and Long.MIN_VALUE/MAX_VALUE included, in arrays and maps nested up to
   * three deep, nullable or not, next to non-packable children; null rates 0, 40 and 100 %.
   */
  @ParameterizedTest
  @ValueSource(doubles = {0.0, 0.4, 1.0})
  void packedWidths(double nullRate) {
    long seed = SEED + 11 + (long) (nullRate * 10);
    Random random = new Random(seed);
    System.out.println("DenseRowRoundTripTest packed widths seed " + seed + ", null rate " + nullRate);
    DenseType i64 = DenseType.int64(false);
    DenseType i32 = DenseType.int32(false);
    DenseType[] fields = {
        DenseType.array(i64, false), DenseType.array(i32, true), DenseType.map(i64, i32, false),
        DenseType.map(DenseType.binary(false), i64, true), DenseType.map(i32, DenseType.array(i64, false), false),
        DenseType.array(DenseType.array(i64, true), false), DenseType.array(DenseType.array(DenseType.array(i32, false), false), true),
        DenseType.array(DenseType.int64(true), false), DenseType.map(i64, DenseType.int32(true), false),
        DenseType.array(DenseType.row(true, i64, DenseType.array(i64, false)), false)};
    for (int s = 0; s < 100; s++) {
      DenseType[] picked = new DenseType[1 + random.nextInt(3)];
      for (int f = 0; f < picked.length; f++) {
        picked[f] = fields[random.nextInt(fields.length)];
      }
      DenseType type = DenseType.row(false, picked);
      int count = 1 + random.nextInt(20);
      List<Object> rows = new ArrayList<>();
      DenseVector batch = DenseVector.create(type, 1);
      for (int r = 0; r < count; r++) {
        Object row = packedValue(random, type, nullRate);
        rows.add(row);
        batch.appendObject(row);
      }
      roundTrip(random, type, batch, rows, "packed schema " + s + " " + type);
    }
  }

  /** Every width class alone in one ARRAY: the row takes the fewer bytes of varints and fixed width. */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void packedRowSizes(boolean int32) {
    Random random = new Random(SEED + 13);
    DenseType type = DenseType.row(false, DenseType.array(int32 ? DenseType.int32(false) : DenseType.int64(false), false));
    DenseRowCodec codec = new DenseRowCodec(type);
    for (int k = 1; k <= (int32 ? 4 : 8); k++) {
      for (int c : new int[] {1, 2, 3, 7, 8, 9, 63, 64, 65, 200}) {
        List<Object> values = new ArrayList<>();
        long varints = 0;
        for (int i = 0; i < c; i++) {
          long z = i == 0 ? classMax(k) : zigzagOfClass(random, k);
          values.add(int32 ? (Object) (int) unzigzag(z) : (Object) unzigzag(z));
          varints += varintBytes(z);
        }
        long fixed = (long) c * k;
        boolean f = fixed < varints;
        long header = ((long) c << 1) | (f ? 1 : 0);
        long expected = varintBytes(header) + (f ? 1 + fixed : varints);
        DenseVector batch = DenseVector.create(type, 1);
        List<Object> row = new ArrayList<>(List.of((Object) values));
        batch.appendObject(row);
        int[] sizes = new int[1];
        assertEquals(expected, codec.rowSizes(batch, sizes), "width class " + k + ", " + c + " values");
        roundTrip(random, type, batch, List.of(row), "width class " + k + ", " + c + " values");
      }
    }
  }

  /**
   * Runs of containers of one kind and then one that differs by a single value: the size pass tries
   * each container for the last one's kind first (all one-byte varints, all of 9 or 10 bytes), so
   * every switch and every boundary value (-65, -64, 63, 64; -2^55 - 1, -2^55, 2^55 - 1, 2^55)
   * must still give the exact rule's size.
   */
  @Test
  void containerKindsSwitchingRowAfterRow() {
    long seed = SEED + 17;
    Random random = new Random(seed);
    System.out.println("DenseRowRoundTripTest container kinds seed " + seed);
    DenseType type = DenseType.row(false, DenseType.array(DenseType.int64(false), false));
    DenseRowCodec codec = new DenseRowCodec(type);
    long[] smallEdges = {-64, 63, -65, 64};
    long[] wideEdges = {-(1L << 55) - 1, 1L << 55, -(1L << 55), (1L << 55) - 1};
    List<Object> rows = new ArrayList<>();
    for (int r = 0; r < 3000; r++) {
      int kind = (r / (1 + random.nextInt(6))) % 3;
      int c = random.nextInt(20);
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < c; i++) {
        long x;
        if (kind == 0) {
          x = random.nextInt(128) - 64;
        } else if (kind == 1) {
          x = random.nextLong();
          x = x >= -(1L << 55) && x < (1L << 55) ? x ^ Long.MIN_VALUE : x;
        } else {
          x = random.nextLong() >> random.nextInt(64);
        }
        values.add(x);
      }
      if (c > 0 && random.nextInt(3) == 0) {
        long[] edges = kind == 0 ? smallEdges : wideEdges;
        values.set(random.nextInt(c), edges[random.nextInt(4)]);
      }
      rows.add(new ArrayList<>(List.of((Object) values)));
    }
    DenseVector batch = DenseVector.create(type, rows.size());
    for (Object row : rows) {
      batch.appendObject(row);
    }
    int[] sizes = new int[rows.size()];
    codec.rowSizes(batch, sizes);
    for (int r = 0; r < rows.size(); r++) {
      @SuppressWarnings("unchecked")
      List<Object> values = (List<Object>) ((List<Object>) rows.get(r)).get(0);
      long varints = 0;
      long or = 0;
      for (Object v : values) {
        long x = (Long) v;
        long z = (x << 1) ^ (x >> 63);
        varints += varintBytes(z);
        or |= z;
      }
      int w = Math.max(1, (64 - Long.numberOfLeadingZeros(or) + 7) / 8);
      long fixed = (long) values.size() * w;
      boolean f = fixed < varints;
      long expected = varintBytes(((long) values.size() << 1) | (f ? 1 : 0)) + (f ? 1 + fixed : varints);
      assertEquals(expected, sizes[r], "row " + r + " " + values + " (seed " + seed + ")");
    }
    roundTrip(random, type, batch, rows, "container kinds");
  }

  static long varintBytes(long u) {
    int n = 1;
    while ((u & ~0x7FL) != 0) {
      u >>>= 7;
      n++;
    }
    return n;
  }

  static long unzigzag(long z) {
    return (z >>> 1) ^ -(z & 1);
  }

  /** The largest zig-zag value of {@code k} bytes. */
  static long classMax(int k) {
    return k == 8 ? -1L : (1L << (8 * k)) - 1;
  }

  /** A zig-zag value needing exactly {@code k} bytes: a boundary or a random one. */
  static long zigzagOfClass(Random random, int k) {
    long lo = k == 1 ? 0 : 1L << (8 * (k - 1));
    long hi = classMax(k);
    switch (random.nextInt(4)) {
      case 0: return lo;
      case 1: return hi;
      case 2: return hi - random.nextInt(2);
      default: {
        long span = hi - lo;
        long r = random.nextLong();
        return k == 8 ? lo | r : lo + Math.floorMod(r, span + 1);
      }
    }
  }

  /** A value of {@code t} whose packable containers draw each container's values from one width class. */
  static Object packedValue(Random random, DenseType t, double nullRate) {
    if (t.nullable() && nullRate > 0 && random.nextDouble() < nullRate) {
      return null;
    }
    switch (t.kind()) {
      case ARRAY:
      case MAP: {
        int n = random.nextInt(4) == 0 ? 0 : random.nextInt(12);
        int[] classes = new int[t.childCount()];
        for (int c = 0; c < classes.length; c++) {
          classes[c] = 1 + random.nextInt(t.child(c).kind() == DenseType.Kind.INT32 ? 4 : 8);
        }
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          Object[] pair = new Object[classes.length];
          for (int c = 0; c < classes.length; c++) {
            DenseType ct = t.child(c);
            if (!ct.nullable() && (ct.kind() == DenseType.Kind.INT64 || ct.kind() == DenseType.Kind.INT32)) {
              long v = unzigzag(zigzagOfClass(random, classes[c]));
              pair[c] = ct.kind() == DenseType.Kind.INT32 ? (Object) (int) v : (Object) v;
            } else {
              pair[c] = packedValue(random, ct, nullRate);
            }
          }
          out.add(t.kind() == DenseType.Kind.ARRAY ? pair[0] : Arrays.asList(pair));
        }
        return out;
      }
      case ROW: {
        List<Object> out = new ArrayList<>();
        for (int f = 0; f < t.childCount(); f++) {
          out.add(packedValue(random, t.child(f), nullRate));
        }
        return out;
      }
      case INT64:
        return random.nextBoolean() ? (Object) unzigzag(zigzagOfClass(random, 1 + random.nextInt(8))) : (Object) DenseRowData.integer(random, 64);
      default:
        return DenseRowData.value(random, t, nullRate);
    }
  }
}
