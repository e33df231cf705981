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

  /**
   * The one-byte copy of a child's values looks at the values as serialize finds them: a container
   * rowSizes gave a width keeps it when its values became one-byte, and a value no longer one byte
   * after rowSizes sized its container as one-byte varints fails the write, never truncated.
   */
  @Test
  void oneByteValuesChangedAfterRowSizes() {
    DenseType type = DenseType.row(false, DenseType.array(DenseType.int64(false), false));
    DenseRowCodec codec = new DenseRowCodec(type);
    DenseVector batch = DenseVector.create(type, 1);
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      values.add(10_000L + i); // width 2
    }
    batch.appendObject(List.of(values));
    int[] sizes = new int[1];
    assertEquals(1 + 1 + 20, codec.rowSizes(batch, sizes));
    long[] longs = batch.child(0).child(0).longs();
    for (int i = 0; i < 10; i++) {
      longs[i] = i - 5; // all one-byte now; the recorded width 2 still holds them
    }
    byte[] out = new byte[sizes[0]];
    int[] offsets = {0};
    codec.serialize(batch, sizes, out, offsets);
    assertEquals(0x15, out[0]); // header: 10 values, flag set
    assertEquals(0x02, out[1]); // width 2
    DenseVector back = DenseVector.create(type, 1);
    codec.deserialize(DenseRowCodec.formatByte(0), out, offsets, sizes, 1, back);
    assertEquals(List.of(List.of(-5L, -4L, -3L, -2L, -1L, 0L, 1L, 2L, 3L, 4L)), back.getObject(0));

    sizes[0] = 0;
    assertEquals(1 + 10, codec.rowSizes(batch, sizes)); // one-byte varints
    longs[0] = 64; // a two-byte varint
    byte[] roomy = new byte[64];
    assertThrows(IllegalStateException.class, () -> codec.serialize(batch, sizes, roomy, offsets));
  }

  /**
   * A batch changed after rowSizes so that a row grows, serialized into a buffer of exactly the
   * rows' sizes: an IllegalStateException, not an index exception from a write past the buffer.
   */
  @Test
  void rowGrownAfterRowSizesIntoAnExactBuffer() {
    for (DenseType column : List.of(DenseType.int64(false), DenseType.int64(true), DenseType.int32(false),
        DenseType.array(DenseType.int64(false), false))) {
      DenseType type = DenseType.row(false, column);
      DenseRowCodec codec = new DenseRowCodec(type);
      DenseVector batch = DenseVector.create(type, 2);
      Object small;
      if (column.kind() == DenseType.Kind.ARRAY) {
        small = List.of(1L, 2L);
      } else if (column.kind() == DenseType.Kind.INT32) {
        small = Integer.valueOf(1);
      } else {
        small = Long.valueOf(1);
      }
      batch.appendObject(List.of(small));
      batch.appendObject(List.of(small));
      int[] sizes = new int[2];
      int total = (int) codec.rowSizes(batch, sizes);
      if (column.kind() == DenseType.Kind.ARRAY) {
        batch.child(0).child(0).longs()[3] = Long.MIN_VALUE + 1; // the last row's last value, 10 bytes
      } else if (column.kind() == DenseType.Kind.INT32) {
        batch.child(0).ints()[1] = Integer.MIN_VALUE;
      } else {
        batch.child(0).longs()[1] = Long.MIN_VALUE + 1;
      }
      byte[] exact = new byte[total];
      int[] offsets = {0, sizes[0]};
      assertThrows(IllegalStateException.class, () -> codec.serialize(batch, sizes, exact, offsets), column.toString());
    }
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
          varints += int32 ? varintBytes(z) : prefixBytes(z);
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
   * each container for the last one's kind first (all one-byte varints, all of 9 bytes), so
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
        varints += prefixBytes(z);
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

  /**
   * Containers whose packable children are one-byte varints throughout the batch (the writer then
   * copies their zig-zag bytes, and the size pass decides the whole child in one loop), next to
   * batches where one value anywhere is not (-65, 64 or a random long): every row's bytes must be
   * those of a reference encoder written from the grammar, at scattered offsets with and without
   * room after the row, through containers of 0 to 200 values (two-byte headers from 64 on),
   * nullable and not, ARRAY and MAP, nested.
   */
  @ParameterizedTest
  @ValueSource(doubles = {0.0, 0.4})
  void oneByteContainersAgainstTheGrammar(double nullRate) {
    long seed = SEED + 19 + (long) (nullRate * 10);
    Random random = new Random(seed);
    System.out.println("DenseRowRoundTripTest one-byte containers seed " + seed + ", null rate " + nullRate);
    DenseType i64 = DenseType.int64(false);
    DenseType i32 = DenseType.int32(false);
    DenseType[] fields = {
        DenseType.array(i64, false), DenseType.array(i32, true), DenseType.map(i64, i32, false),
        DenseType.map(i32, i64, true), DenseType.array(DenseType.array(i64, false), false),
        DenseType.array(DenseType.array(i64, true), true), DenseType.map(i64, DenseType.array(i32, false), false),
        DenseType.map(DenseType.binary(false), i64, false)};
    for (int s = 0; s < 300; s++) {
      DenseType[] picked = new DenseType[1 + random.nextInt(3)];
      for (int f = 0; f < picked.length; f++) {
        picked[f] = fields[random.nextInt(fields.length)];
      }
      DenseType type = DenseType.row(false, picked);
      int count = 1 + random.nextInt(12);
      List<Object> rows = new ArrayList<>();
      DenseVector batch = DenseVector.create(type, 1);
      for (int r = 0; r < count; r++) {
        Object row = oneByteValue(random, type, nullRate);
        rows.add(row);
        batch.appendObject(row);
      }
      String what = "one-byte schema " + s + " " + type + " (seed " + seed + ")";
      if (random.nextInt(3) == 0 && spoilOne(random, batch, rows, type)) {
        what += ", one value spoilt";
      }
      DenseRowCodec codec = new DenseRowCodec(type);
      int[] sizes = new int[count];
      codec.rowSizes(batch, sizes);
      int[] offsets = new int[count];
      int p = 0;
      for (int r = count - 1; r >= 0; r--) { // last row first, the last row at the buffer's end
        offsets[r] = p;
        p += sizes[r] + (random.nextBoolean() ? 0 : random.nextInt(9));
      }
      byte[] out = new byte[p];
      codec.serialize(batch, sizes, out, offsets);
      for (int r = 0; r < count; r++) {
        java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
        reference(type, rows.get(r), expected);
        assertArrayEquals(expected.toByteArray(), Arrays.copyOfRange(out, offsets[r], offsets[r] + sizes[r]), what + ", row " + r);
      }
      roundTrip(random, type, batch, rows, what);
    }
  }

  /** A value of {@code t} whose packable children are in [-64, 64), the edges often. */
  private static Object oneByteValue(Random random, DenseType t, double nullRate) {
    if (t.nullable() && random.nextDouble() < nullRate) {
      return null;
    }
    switch (t.kind()) {
      case ARRAY:
      case MAP: {
        int n = random.nextInt(20) < 17 ? random.nextInt(13) : new int[] {63, 64, 65, 200}[random.nextInt(4)];
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          Object[] pair = new Object[t.childCount()];
          for (int c = 0; c < pair.length; c++) {
            pair[c] = oneByteValue(random, t.child(c), nullRate);
          }
          out.add(t.kind() == DenseType.Kind.ARRAY ? pair[0] : Arrays.asList(pair));
        }
        return out;
      }
      case ROW: {
        List<Object> out = new ArrayList<>();
        for (int f = 0; f < t.childCount(); f++) {
          out.add(oneByteValue(random, t.child(f), nullRate));
        }
        return out;
      }
      case INT64:
      case INT32: {
        long x = random.nextInt(4) == 0 ? (random.nextBoolean() ? -64 : 63) : random.nextInt(128) - 64;
        return t.kind() == DenseType.Kind.INT32 ? (Object) (int) x : (Object) x;
      }
      default:
        return DenseRowData.value(random, t, nullRate);
    }
  }

  /**
   * Replaces one packable value of the batch (and of {@code rows}) by -65, 64 or a random value;
   * false where the batch has none.
   */
  private static boolean spoilOne(Random random, DenseVector batch, List<Object> rows, DenseType type) {
    long x = new long[] {-65, 64, random.nextInt(), random.nextLong()}[random.nextInt(4)];
    // the first packable value of the first row that has one, in the rows and in a rebuilt batch
    for (int r = 0; r < rows.size(); r++) {
      Object spoilt = spoil(type, rows.get(r), x, new boolean[1]);
      if (spoilt != null) {
        rows.set(r, spoilt);
        batch.reset();
        for (Object row : rows) {
          batch.appendObject(row);
        }
        return true;
      }
    }
    return false;
  }

  /** A not-nullable INT32 or INT64: the grammar's packable container child. */
  private static boolean packable(DenseType t) {
    return !t.nullable() && (t.kind() == DenseType.Kind.INT64 || t.kind() == DenseType.Kind.INT32);
  }

  /** {@code value} of {@code t} with its first packable container value replaced by {@code x}, or null where it has none. */
  @SuppressWarnings("unchecked")
  private static Object spoil(DenseType t, Object value, long x, boolean[] done) {
    if (value == null || done[0]) {
      return null;
    }
    switch (t.kind()) {
      case ARRAY:
      case MAP: {
        List<Object> list = new ArrayList<>((List<Object>) value);
        for (int i = 0; i < list.size() && !done[0]; i++) {
          List<Object> pair = t.kind() == DenseType.Kind.ARRAY ? new ArrayList<>(Arrays.asList(list.get(i))) : new ArrayList<>((List<Object>) list.get(i));
          for (int c = 0; c < pair.size() && !done[0]; c++) {
            DenseType ct = t.child(c);
            if (packable(ct)) {
              pair.set(c, ct.kind() == DenseType.Kind.INT32 ? (Object) (int) x : (Object) x);
              done[0] = true;
            } else {
              Object inner = spoil(ct, pair.get(c), x, done);
              if (inner != null) {
                pair.set(c, inner);
              }
            }
          }
          list.set(i, t.kind() == DenseType.Kind.ARRAY ? pair.get(0) : Arrays.asList(pair.toArray()));
        }
        return done[0] ? list : null;
      }
      case ROW: {
        List<Object> fields = new ArrayList<>((List<Object>) value);
        for (int f = 0; f < fields.size() && !done[0]; f++) {
          Object inner = spoil(t.child(f), fields.get(f), x, done);
          if (inner != null) {
            fields.set(f, inner);
          }
        }
        return done[0] ? fields : null;
      }
      default:
        return null;
    }
  }

  /**
   * The grammar's bytes of {@code value} of {@code t}, for the types of {@link
   * #oneByteContainersAgainstTheGrammar}: containers with the exact width rule, not-nullable
   * integers, BINARY.
   */
  @SuppressWarnings("unchecked")
  static void reference(DenseType t, Object value, java.io.ByteArrayOutputStream out) {
    int add = t.nullable() ? 1 : 0;
    if (t.nullable() && value == null) {
      out.write(0);
      return;
    }
    switch (t.kind()) {
      case ROW:
        if (t.nullable()) {
          out.write(1);
        }
        for (int f = 0; f < t.childCount(); f++) {
          reference(t.child(f), ((List<Object>) value).get(f), out);
        }
        return;
      case INT64: {
        long x = (Long) value;
        referencePrefix((x << 1) ^ (x >> 63), out);
        return;
      }
      case INT32: {
        int x = (Integer) value;
        referencePrefix(Integer.toUnsignedLong((x << 1) ^ (x >> 31)), out); // version 4: INT32 as prefix varints too
        return;
      }
      case BINARY: {
        java.nio.ByteBuffer b = ((java.nio.ByteBuffer) value).duplicate();
        referenceVarint(b.remaining() + add, out);
        while (b.hasRemaining()) {
          out.write(b.get());
        }
        return;
      }
      case ARRAY:
      case MAP: {
        List<Object> list = (List<Object>) value;
        int n = list.size();
        int kinds = t.childCount();
        List<List<Object>> children = new ArrayList<>();
        for (int c = 0; c < kinds; c++) {
          List<Object> child = new ArrayList<>();
          for (Object e : list) {
            child.add(kinds == 1 ? e : ((List<Object>) e).get(c));
          }
          children.add(child);
        }
        int widths = 0;
        boolean packable = false;
        for (int c = 0; c < kinds; c++) {
          DenseType ct = t.child(c);
          if (!packable(ct)) {
            continue;
          }
          packable = true;
          long varints = 0;
          long or = 0;
          for (Object e : children.get(c)) {
            long z = ct.kind() == DenseType.Kind.INT64 ? ((Long) e << 1) ^ ((Long) e >> 63) : Integer.toUnsignedLong(((Integer) e << 1) ^ ((Integer) e >> 31));
            varints += ct.kind() == DenseType.Kind.INT64 ? prefixBytes(z) : varintBytes(z);
            or |= z;
          }
          int w = Math.max(1, (64 - Long.numberOfLeadingZeros(or) + 7) / 8);
          if ((long) n * w < varints) {
            widths |= w << (4 * c);
          }
        }
        referenceVarint((packable ? ((long) n << 1) | (widths != 0 ? 1 : 0) : n) + add, out);
        if (widths != 0) {
          out.write(widths);
        }
        for (int c = 0; c < kinds; c++) {
          int w = (widths >>> (4 * c)) & 0xF;
          for (Object e : children.get(c)) {
            if (w == 0) {
              reference(t.child(c), e, out);
            } else {
              long z = e instanceof Long ? ((Long) e << 1) ^ ((Long) e >> 63) : Integer.toUnsignedLong(((Integer) e << 1) ^ ((Integer) e >> 31));
              for (int k = 0; k < w; k++) {
                out.write((int) (z >>> (8 * k)) & 0xFF);
              }
            }
          }
        }
        return;
      }
      default:
        throw new AssertionError(t);
    }
  }

  private static void referenceVarint(long u, java.io.ByteArrayOutputStream out) {
    while ((u & ~0x7FL) != 0) {
      out.write((int) (u & 0x7F) | 0x80);
      u >>>= 7;
    }
    out.write((int) u);
  }

  /**
   * The grammar's prefix varint of {@code u} (version 3's INT64), byte by byte: k = ceil(bits / 7)
   * bytes up to 56 bits, the first byte's low k - 1 bits ones and the next a zero, the value
   * above them little-endian; 0xFF and 8 bytes above 56 bits.
   */
  static void referencePrefix(long u, java.io.ByteArrayOutputStream out) {
    int bits = 64 - Long.numberOfLeadingZeros(u);
    if (bits > 56) {
      out.write(0xFF);
      for (int k = 0; k < 8; k++) {
        out.write((int) (u >>> (8 * k)) & 0xFF);
      }
      return;
    }
    int k = Math.max(1, (bits + 6) / 7);
    long word = (u << k) | ((1L << (k - 1)) - 1);
    for (int i = 0; i < k; i++) {
      out.write((int) (word >>> (8 * i)) & 0xFF);
    }
  }

  /** Bytes of {@link #referencePrefix}. */
  static long prefixBytes(long u) {
    int bits = 64 - Long.numberOfLeadingZeros(u);
    return bits > 56 ? 9 : Math.max(1, (bits + 6) / 7);
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
