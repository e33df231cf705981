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
package io.github.fastdecode.parquet.spark.shuffle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.SerializerInstance;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import scala.Tuple2;
import scala.reflect.ClassTag$;

/**
 * The serializer alone, without a shuffle: rows of every kind of value (nulls included) through
 * its streams come back as the same {@code UnsafeRow} bytes; records written one per flush read back
 * in any order (relocation); every truncation and damaged byte of a stream is a {@link
 * DenseShuffleFormatException} naming the shuffle and the offset, or (a cut between blocks) the
 * rows of the whole blocks before it, never another row. Seeded, printed on failure.
 */
class DenseRowSerializerTest {
  private static final long SEED = 36;
  static final StructType SCHEMA = new StructType(new StructField[] {
      DataTypes.createStructField("id", DataTypes.LongType, false),
      DataTypes.createStructField("i", DataTypes.IntegerType, true),
      DataTypes.createStructField("s", DataTypes.StringType, true),
      DataTypes.createStructField("d", DataTypes.createDecimalType(10, 2), true),
      DataTypes.createStructField("w", DataTypes.createDecimalType(30, 4), true),
      DataTypes.createStructField("arr", DataTypes.createArrayType(DataTypes.LongType, false), true),
      DataTypes.createStructField("m", DataTypes.createMapType(DataTypes.StringType, DataTypes.IntegerType, true), true),
      DataTypes.createStructField("st", DataTypes.createStructType(new StructField[] {
          DataTypes.createStructField("a", DataTypes.IntegerType, true),
          DataTypes.createStructField("b", DataTypes.DoubleType, true)}), true),
      DataTypes.createStructField("bin", DataTypes.BinaryType, true),
      DataTypes.createStructField("b", DataTypes.BooleanType, true),
      DataTypes.createStructField("sh", DataTypes.ShortType, true),
      DataTypes.createStructField("by", DataTypes.ByteType, true),
      DataTypes.createStructField("f", DataTypes.FloatType, true),
      DataTypes.createStructField("dt", DataTypes.DateType, true),
      DataTypes.createStructField("ts", DataTypes.TimestampType, true)});

  /** {@code n} rows (copies) with nulls at {@code nullRate}, ids 0 to n - 1. */
  static List<UnsafeRow> rows(int n, double nullRate, Random random) {
    UnsafeProjection toUnsafe = UnsafeProjection.create(SCHEMA);
    List<UnsafeRow> rows = new ArrayList<>();
    for (int r = 0; r < n; r++) {
      Object[] v = new Object[SCHEMA.fields().length];
      v[0] = (long) r;
      v[1] = random.nextInt();
      v[2] = UTF8String.fromString("s" + random.nextInt(1000) + "é".repeat(random.nextInt(3)) + "x".repeat(random.nextInt(40)));
      v[3] = Decimal.apply(BigDecimal.valueOf(random.nextLong() % 10_000_000_000L, 2), 10, 2);
      v[4] = Decimal.apply(new BigDecimal(new java.math.BigInteger(90, random), 4).negate(), 30, 4);
      long[] arr = new long[random.nextInt(12)];
      for (int k = 0; k < arr.length; k++) {
        arr[k] = random.nextBoolean() ? random.nextInt(100) - 50 : random.nextLong();
      }
      v[5] = new GenericArrayData(Arrays.stream(arr).boxed().toArray());
      int entries = random.nextInt(4);
      Object[] keys = new Object[entries];
      Object[] values = new Object[entries];
      for (int k = 0; k < entries; k++) {
        keys[k] = UTF8String.fromString("k" + k);
        values[k] = random.nextInt(5) == 0 ? null : random.nextInt();
      }
      v[6] = new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(values));
      v[7] = new GenericInternalRow(new Object[] {random.nextInt(4) == 0 ? null : random.nextInt(), random.nextDouble() * 1e6});
      byte[] bin = new byte[random.nextInt(20)];
      random.nextBytes(bin);
      v[8] = bin;
      v[9] = random.nextBoolean();
      v[10] = (short) random.nextInt();
      v[11] = (byte) random.nextInt();
      v[12] = random.nextInt(20) == 0 ? Float.NaN : random.nextFloat() - 0.5f;
      v[13] = random.nextInt(100000) - 50000;
      v[14] = random.nextLong() / 1000;
      for (int k = 1; k < v.length; k++) {
        if (random.nextDouble() < nullRate) {
          v[k] = null;
        }
      }
      rows.add(toUnsafe.apply(new GenericInternalRow(v)).copy());
    }
    return rows;
  }

  private static DenseRowSerializer serializer() {
    DenseRowSerializer s = new DenseRowSerializer(SCHEMA, null);
    s.setShuffleId(7);
    return s;
  }

  /** Writes {@code rows}, flushing after every {@code flushEvery} (0: never). */
  static byte[] write(SerializerInstance instance, List<UnsafeRow> rows, int flushEvery) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SerializationStream out = instance.serializeStream(bytes);
    for (int i = 0; i < rows.size(); i++) {
      out.writeKey(i % 5, ClassTag$.MODULE$.Any());
      out.writeValue(rows.get(i), ClassTag$.MODULE$.Any());
      if (flushEvery > 0 && (i + 1) % flushEvery == 0) {
        out.flush();
      }
    }
    out.close();
    return bytes.toByteArray();
  }

  /** The rows of {@code bytes}, copied. */
  static List<UnsafeRow> read(SerializerInstance instance, byte[] bytes, int from, int to) {
    List<UnsafeRow> rows = new ArrayList<>();
    scala.collection.Iterator<Tuple2<Object, Object>> it =
        instance.deserializeStream(new ByteArrayInputStream(bytes, from, to - from)).asKeyValueIterator();
    while (it.hasNext()) {
      rows.add(((UnsafeRow) it.next()._2()).copy());
    }
    return rows;
  }

  @Test
  void rowsComeBackByteForByte() {
    for (double nullRate : new double[] {0, 0.1, 1}) {
      Random random = new Random(SEED);
      List<UnsafeRow> rows = rows(3000, nullRate, random);
      SerializerInstance instance = serializer().newInstance();
      for (int flushEvery : new int[] {0, 1, 7, 1000}) {
        byte[] bytes = write(instance, rows, flushEvery);
        List<UnsafeRow> back = read(instance, bytes, 0, bytes.length);
        assertEquals(rows.size(), back.size(), "null rate " + nullRate + ", flush every " + flushEvery);
        for (int i = 0; i < rows.size(); i++) {
          assertEquals(rows.get(i), back.get(i), "seed " + SEED + ", null rate " + nullRate + ", flush every " + flushEvery + ", row " + i);
        }
      }
    }
  }

  /** A row type of scalars and strings only, which readers write with Spark's UnsafeRowWriter (no projection). */
  static final StructType FLAT = new StructType().add("id", DataTypes.LongType, false).add("i", DataTypes.IntegerType)
      .add("s", DataTypes.StringType).add("d", DataTypes.createDecimalType(10, 2)).add("bin", DataTypes.BinaryType)
      .add("b", DataTypes.BooleanType).add("sh", DataTypes.ShortType).add("by", DataTypes.ByteType).add("f", DataTypes.FloatType)
      .add("g", DataTypes.DoubleType).add("dt", DataTypes.DateType).add("ts", DataTypes.TimestampType).add("e", DataTypes.StringType);

  @Test
  void flatRowsComeBackByteForByte() {
    UnsafeProjection toUnsafe = UnsafeProjection.create(FLAT);
    for (double nullRate : new double[] {0, 0.1, 1}) {
      Random random = new Random(SEED + 4);
      List<UnsafeRow> rows = new ArrayList<>();
      for (int r = 0; r < 3000; r++) {
        byte[] bin = new byte[random.nextInt(30)];
        random.nextBytes(bin);
        Object[] v = {(long) r, random.nextInt(), UTF8String.fromString("s" + "é".repeat(random.nextInt(3)) + "x".repeat(random.nextInt(40))),
            Decimal.apply(BigDecimal.valueOf(random.nextLong() % 10_000_000_000L, 2), 10, 2), bin, random.nextBoolean(),
            (short) random.nextInt(), (byte) random.nextInt(), random.nextInt(20) == 0 ? Float.NaN : random.nextFloat() - 0.5f,
            random.nextInt(20) == 0 ? -0.0 : random.nextGaussian() * 1e9, random.nextInt(100000) - 50000, random.nextLong() / 1000,
            UTF8String.fromString("")};
        for (int k = 1; k < v.length; k++) {
          if (random.nextDouble() < nullRate) {
            v[k] = null;
          }
        }
        rows.add(toUnsafe.apply(new GenericInternalRow(v)).copy());
      }
      SerializerInstance instance = new DenseRowSerializer(FLAT, null).newInstance();
      for (int flushEvery : new int[] {0, 1, 1000}) {
        byte[] bytes = write(instance, rows, flushEvery);
        List<UnsafeRow> back = read(instance, bytes, 0, bytes.length);
        assertEquals(rows.size(), back.size());
        for (int i = 0; i < rows.size(); i++) {
          assertEquals(rows.get(i), back.get(i), "seed " + (SEED + 4) + ", null rate " + nullRate + ", flush every " + flushEvery + ", row " + i);
        }
      }
    }
  }

  @Test
  void recordsFlushedOneByOneCanBeRelocated() {
    Random random = new Random(SEED + 1);
    List<UnsafeRow> rows = rows(500, 0.1, random);
    SerializerInstance instance = serializer().newInstance();
    // Each record with its own flush, as UnsafeShuffleWriter writes them; then in shuffled order,
    // concatenated, as its sorter and spill merges move them.
    List<byte[]> records = new ArrayList<>();
    for (UnsafeRow row : rows) {
      records.add(write(instance, List.of(row), 1));
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      order.add(i);
    }
    Collections.shuffle(order, random);
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (int i : order) {
      all.writeBytes(records.get(i));
    }
    byte[] bytes = all.toByteArray();
    List<UnsafeRow> back = read(instance, bytes, 0, bytes.length);
    assertEquals(rows.size(), back.size());
    for (int k = 0; k < order.size(); k++) {
      assertEquals(rows.get(order.get(k)), back.get(k), "record " + k + " (row " + order.get(k) + ")");
    }
  }

  /** Reads damaged bytes: the rows they give, or the exception, which must name the shuffle and an offset. */
  private static List<UnsafeRow> readDamaged(SerializerInstance instance, byte[] bytes, int length, String what) {
    try {
      return read(instance, bytes, 0, length);
    } catch (DenseShuffleFormatException e) {
      assertEquals(7, e.shuffleId(), what);
      assertTrue(e.getMessage().startsWith("DenseRow shuffle 7: ") && e.getMessage().matches("(?s).* at byte \\d+ of the block stream.*"),
          what + ": " + e.getMessage());
      assertTrue(e.offset() >= 0 && e.offset() <= length, what + ": offset " + e.offset());
      return null;
    }
  }

  @Test
  void everyTruncationFailsOrEndsAtABlock() {
    Random random = new Random(SEED + 2);
    List<UnsafeRow> rows = rows(60, 0.1, random);
    SerializerInstance instance = serializer().newInstance();
    byte[] bytes = write(instance, rows, 20); // three blocks of 20 rows
    List<Integer> ends = new ArrayList<>();
    for (int b = 0; b <= 3; b++) {
      ends.add(b == 3 ? bytes.length : write(instance, rows.subList(0, 20 * b), 20).length);
    }
    int failures = 0;
    for (int cut = 0; cut < bytes.length; cut++) {
      List<UnsafeRow> back = readDamaged(instance, bytes, cut, "cut at " + cut);
      if (back == null) {
        failures++;
        continue;
      }
      int blocks = ends.indexOf(cut);
      assertTrue(blocks >= 0, "a cut at " + cut + " inside a block read " + back.size() + " rows");
      assertEquals(rows.subList(0, 20 * blocks), back, "cut at block boundary " + cut);
    }
    assertEquals(bytes.length - 3, failures, "every cut but the three at block boundaries (0 and two more) fails");
  }

  @Test
  void everyDamagedByteFails() {
    Random random = new Random(SEED + 3);
    List<UnsafeRow> rows = rows(60, 0.1, random);
    SerializerInstance instance = serializer().newInstance();
    byte[] bytes = write(instance, rows, 20);
    for (int at = 0; at < bytes.length; at++) {
      byte[] damaged = bytes.clone();
      damaged[at] ^= (byte) (1 + random.nextInt(255));
      assertNull(readDamaged(instance, damaged, damaged.length, "byte " + at + " changed"), "byte " + at + " changed, yet read (seed " + (SEED + 3) + ")");
    }
    for (int trial = 0; trial < 2000; trial++) {
      byte[] damaged = bytes.clone();
      int n = 1 + random.nextInt(8);
      for (int k = 0; k < n; k++) {
        damaged[random.nextInt(damaged.length)] = (byte) random.nextInt();
      }
      if (Arrays.equals(damaged, bytes)) {
        continue;
      }
      assertNull(readDamaged(instance, damaged, damaged.length, "trial " + trial), "trial " + trial + " read (seed " + (SEED + 3) + ")");
    }
  }

  /** The blocks of a stream: {@code [start, end)} of each. */
  private static List<int[]> blocks(byte[] bytes) {
    List<int[]> blocks = new ArrayList<>();
    int p = 0;
    while (p < bytes.length) {
      int start = p;
      long len = 0;
      int shift = 0;
      int b;
      do {
        b = bytes[p++];
        len |= (long) (b & 0x7F) << shift;
        shift += 7;
      } while (b < 0);
      p += 4 + (int) len;
      blocks.add(new int[] {start, p});
    }
    return blocks;
  }

  @Test
  void damagedRunsUnderValidChecksumsFailCleanly() {
    // Damage inside a block's run, with the checksum made to match: what a writer bug would send.
    // The reader must give rows or a DenseShuffleFormatException, never another exception.
    Random random = new Random(SEED + 5);
    for (StructType schema : new StructType[] {SCHEMA, FLAT}) {
      List<UnsafeRow> rows = schema == SCHEMA ? rows(40, 0.1, random) : null;
      if (rows == null) {
        UnsafeProjection toUnsafe = UnsafeProjection.create(FLAT);
        rows = new ArrayList<>();
        for (int r = 0; r < 40; r++) {
          rows.add(toUnsafe.apply(new GenericInternalRow(new Object[] {(long) r, r, UTF8String.fromString("s" + r),
              Decimal.apply(BigDecimal.valueOf(r, 2), 10, 2), new byte[] {(byte) r}, r % 2 == 0, (short) r, (byte) r, (float) r,
              (double) r, r, (long) r, UTF8String.fromString("")})).copy());
        }
      }
      DenseRowSerializer serializer = new DenseRowSerializer(schema, null);
      serializer.setShuffleId(7);
      SerializerInstance instance = serializer.newInstance();
      byte[] bytes = write(instance, rows, 10);
      List<int[]> blocks = blocks(bytes);
      int failures = 0;
      for (int trial = 0; trial < 3000; trial++) {
        byte[] damaged = bytes.clone();
        int[] block = blocks.get(random.nextInt(blocks.size()));
        int header = block[0];
        while (damaged[header] < 0) {
          header++;
        }
        int runStart = header + 1 + 4;
        int n = 1 + random.nextInt(4);
        for (int k = 0; k < n; k++) {
          damaged[runStart + random.nextInt(block[1] - runStart)] = (byte) random.nextInt();
        }
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(damaged, runStart, block[1] - runStart);
        int sum = (int) crc.getValue();
        for (int k = 0; k < 4; k++) {
          damaged[header + 1 + k] = (byte) (sum >>> (k << 3));
        }
        try {
          read(instance, damaged, 0, damaged.length);
        } catch (DenseShuffleFormatException e) {
          failures++;
          assertTrue(e.getMessage().startsWith("DenseRow shuffle 7: "), e.getMessage());
        } catch (RuntimeException e) {
          throw new AssertionError("trial " + trial + " (seed " + (SEED + 5) + "): " + e, e);
        }
      }
      assertTrue(failures > 0, "no damage was reported");
    }
  }

  @Test
  void wideDecimalsUnderNullStructsReadBack() {
    // A null struct's fields are decoded as defaults (a wide decimal of no bytes): the reader's
    // range check must skip them, not call the block damaged.
    StructType schema = new StructType().add("id", DataTypes.LongType, false)
        .add("st", new StructType().add("w", DataTypes.createDecimalType(38, 10)).add("in", new StructType()
            .add("v", DataTypes.createDecimalType(20, 0)).add("b", DataTypes.ByteType)));
    UnsafeProjection toUnsafe = UnsafeProjection.create(schema);
    List<UnsafeRow> rows = new ArrayList<>();
    for (int r = 0; r < 30; r++) {
      Object inner = r % 3 == 0 ? null : new GenericInternalRow(new Object[] {Decimal.apply(BigDecimal.valueOf(r), 20, 0), (byte) -r});
      Object st = r % 5 == 0 ? null : new GenericInternalRow(new Object[] {Decimal.apply(new BigDecimal("-12345678901234567890.0123456789")), inner});
      rows.add(toUnsafe.apply(new GenericInternalRow(new Object[] {(long) r, st})).copy());
    }
    SerializerInstance instance = new DenseRowSerializer(schema, null).newInstance();
    byte[] bytes = write(instance, rows, 0);
    assertEquals(rows, read(instance, bytes, 0, bytes.length));
  }

  @Test
  void schemasItDoesNotCarry() {
    assertNull(ShuffleSchema.unsupported(SCHEMA));
    assertNotNull(ShuffleSchema.unsupported(new StructType()));
    assertNotNull(ShuffleSchema.unsupported(new StructType().add("iv", DataTypes.CalendarIntervalType)));
    assertNotNull(ShuffleSchema.unsupported(new StructType().add("n", DataTypes.NullType)));
    assertNotNull(ShuffleSchema.unsupported(new StructType().add("s", new StructType())));
    assertNotNull(ShuffleSchema.unsupported(new StructType().add("a", DataTypes.createArrayType(DataTypes.CalendarIntervalType))));
    assertThrows(IllegalArgumentException.class, () -> new DenseRowSerializer(new StructType().add("iv", DataTypes.CalendarIntervalType), null));
  }

  @Test
  void aNullWhereTheSchemaSaysNoneFailsTheWriter() {
    // The row's bytes are those of an array<bigint> with a null element (the layout does not
    // depend on containsNull); the serializer is told the elements are never null.
    StructType schema = new StructType().add("arr", DataTypes.createArrayType(DataTypes.LongType, false));
    StructType written = new StructType().add("arr", DataTypes.createArrayType(DataTypes.LongType, true));
    UnsafeRow row = UnsafeProjection.create(written).apply(
        new GenericInternalRow(new Object[] {new GenericArrayData(new Object[] {1L, null})})).copy();
    SerializerInstance instance = new DenseRowSerializer(schema, null).newInstance();
    try {
      write(instance, List.of(row), 0);
      fail("a null element in an array<bigint not null> was written");
    } catch (IllegalStateException e) {
      assertTrue(e.getMessage().contains("never null"), e.getMessage());
    }
  }
}
