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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializerInstance;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import scala.Tuple2;
import scala.reflect.ClassTag$;

/**
 * Jazzer target for the Spark-facing reader: fuzzed bytes into {@link DenseRowSerializer}'s
 * deserialization stream, for one of {@link #SCHEMAS} (scalars and strings only, read with Spark's
 * {@code UnsafeRowWriter}; the serializer test's fifteen kinds of value; containers three deep with
 * wide decimals in structs, read with a projection). The input is the stream itself, or (so that
 * the fuzzer gets past the checksum) runs that the target frames as blocks with their lengths and
 * CRC-32Cs, read whole or a few bytes per {@code read} call, through the key-value iterator or
 * {@code readKey}/{@code readValue} as Spark's spill readers do.
 *
 * <p>Property: every row read is whole (each of its values, at every depth, can be read with its
 * Spark type) and the stream ends cleanly, or reading throws a {@link DenseShuffleFormatException}
 * naming the shuffle and an offset inside the input; never another exception or error (an
 * {@code OutOfMemoryError} included). In fuzzing mode an input may not take more than a second, in
 * each of three runs. Allocation is not bounded here: each input builds a serializer instance and a
 * code-generated projection, whose allocation (many times the input under Jazzer's instrumentation)
 * would hide the reader's; the reader's buffers grow only as bytes arrive, and the codec's own bounds
 * are DenseRowFuzzTest's (tests module). Builds replay the checked-in inputs under {@code
 * src/test/resources/io/github/fastdecode/parquet/spark/shuffle/DenseShuffleFuzzTestInputs/stream/},
 * valid streams of each schema that {@link #seeds()} writes ({@link #seedsAreCheckedIn} keeps them
 * equal; {@code -Dfuzz.writeSeeds=true} rewrites them). To fuzz: {@code .ci/fuzz 2m
 * DenseShuffleFuzzTest}.
 */
class DenseShuffleFuzzTest {
  static final int SHUFFLE_ID = 11;
  static final StructType DEEP = new StructType()
      .add("id", DataTypes.LongType, false)
      .add("st", new StructType().add("w", DataTypes.createDecimalType(38, 10)).add("in", new StructType()
          .add("v", DataTypes.createDecimalType(20, 0)).add("b", DataTypes.ByteType).add("s", DataTypes.ShortType)))
      .add("am", DataTypes.createArrayType(DataTypes.createMapType(DataTypes.StringType,
          new StructType().add("d", DataTypes.createDecimalType(18, 4)).add("a", DataTypes.createArrayType(DataTypes.IntegerType, false)),
          true), true))
      .add("aa", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.BinaryType, true), false), true));
  static final StructType[] SCHEMAS = {DenseRowSerializerTest.FLAT, DenseRowSerializerTest.SCHEMA, DEEP};
  static final int MODE_STREAM = 0;
  static final int MODE_RUNS = 1;
  static final long TIME_LIMIT_NANOS = 1_000_000_000L;
  private static final boolean FUZZING = System.getenv("JAZZER_FUZZ") != null && !System.getenv("JAZZER_FUZZ").isEmpty();

  @FuzzTest
  void stream(FuzzedDataProvider data) {
    int schema = data.consumeInt(0, SCHEMAS.length - 1);
    int mode = data.consumeInt(0, 1);
    boolean keyValues = data.consumeBoolean();
    int chunk = new int[] {Integer.MAX_VALUE, 1, 7, 4096}[data.consumeInt(0, 3)];
    byte[] input;
    if (mode == MODE_STREAM) {
      input = data.consumeRemainingAsBytes();
    } else {
      int blocks = data.consumeInt(1, 3);
      int[] cuts = new int[blocks - 1];
      for (int i = 0; i < cuts.length; i++) {
        cuts[i] = data.consumeInt(0, 0xFFFF);
      }
      input = frame(data.consumeRemainingAsBytes(), cuts);
    }
    check(SCHEMAS[schema], input, chunk, keyValues);
  }

  /** The runs {@code runs} cut at {@code cuts} (each modulo the length, sorted), each framed as a block. */
  static byte[] frame(byte[] runs, int[] cuts) {
    int[] at = new int[cuts.length + 2];
    for (int i = 0; i < cuts.length; i++) {
      at[i + 1] = runs.length == 0 ? 0 : cuts[i] % (runs.length + 1);
    }
    at[at.length - 1] = runs.length;
    java.util.Arrays.sort(at, 1, at.length - 1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int b = 0; b + 1 < at.length; b++) {
      int len = at[b + 1] - at[b];
      for (int v = len; ; v >>>= 7) {
        if ((v & ~0x7F) == 0) {
          out.write(v);
          break;
        }
        out.write((v & 0x7F) | 0x80);
      }
      CRC32C crc = new CRC32C();
      crc.update(runs, at[b], len);
      int sum = (int) crc.getValue();
      for (int k = 0; k < 4; k++) {
        out.write(sum >>> (k << 3));
      }
      out.write(runs, at[b], len);
    }
    return out.toByteArray();
  }

  /** Reads {@code input} under the property, up to three times where the time limit is passed (class loading, a GC pause). */
  static void check(StructType schema, byte[] input, int chunk, boolean keyValues) {
    for (int attempt = 1; ; attempt++) {
      long start = System.nanoTime();
      read(schema, input, chunk, keyValues);
      long nanos = System.nanoTime() - start;
      if (!FUZZING || nanos <= TIME_LIMIT_NANOS) {
        return;
      }
      if (attempt == 3) {
        throw new AssertionError("took " + nanos / 1_000_000 + " ms for an input of " + input.length + " bytes, in each of 3 runs");
      }
    }
  }

  /** An input stream that gives at most {@code chunk} bytes per call. */
  private static InputStream chunked(byte[] input, int chunk) {
    return new ByteArrayInputStream(input) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, chunk));
      }
    };
  }

  /** Reads every row of {@code input} and every value in it; returns the row count, -1 for a clean failure. */
  static int read(StructType schema, byte[] input, int chunk, boolean keyValues) {
    DenseRowSerializer serializer = new DenseRowSerializer(schema, null);
    serializer.setShuffleId(SHUFFLE_ID);
    SerializerInstance instance = serializer.newInstance();
    int rows = 0;
    try {
      DeserializationStream in = instance.deserializeStream(chunked(input, chunk));
      if (keyValues) {
        scala.collection.Iterator<Tuple2<Object, Object>> it = in.asKeyValueIterator();
        while (it.hasNext()) {
          walk((UnsafeRow) it.next()._2(), schema);
          rows++;
        }
      } else {
        try {
          while (true) {
            in.readKey(ClassTag$.MODULE$.Any());
            walk((UnsafeRow) in.readValue(ClassTag$.MODULE$.Any()), schema);
            rows++;
          }
        } catch (Exception e) {
          if (!(e instanceof EOFException)) {
            throw e;
          }
        }
      }
      in.close();
      return rows;
    } catch (DenseShuffleFormatException e) {
      String m = e.getMessage();
      if (e.shuffleId() != SHUFFLE_ID || m == null || !m.startsWith("DenseRow shuffle " + SHUFFLE_ID + ": ")
          || e.offset() < 0 || e.offset() > input.length) {
        throw new AssertionError("a DenseShuffleFormatException that does not name the shuffle and an offset in the "
            + input.length + " input bytes: " + m, e);
      }
      return -1;
    } catch (Exception e) {
      throw new AssertionError("expected rows or a DenseShuffleFormatException, got " + e, e);
    } catch (OutOfMemoryError | StackOverflowError e) {
      throw new AssertionError(e.toString(), e);
    }
  }

  /** Reads every value of {@code row} with its Spark type (what Spark's operators would do). */
  static void walk(InternalRow row, StructType type) {
    StructField[] fields = type.fields();
    if (row.numFields() != fields.length) {
      throw new AssertionError("a row of " + row.numFields() + " fields for " + fields.length);
    }
    for (int i = 0; i < fields.length; i++) {
      if (!row.isNullAt(i)) {
        value(row.get(i, fields[i].dataType()), fields[i].dataType());
      }
    }
  }

  private static void value(Object v, DataType t) {
    if (t instanceof StructType) {
      walk((InternalRow) v, (StructType) t);
    } else if (t instanceof ArrayType) {
      elements((ArrayData) v, ((ArrayType) t).elementType(), ((ArrayType) t).containsNull());
    } else if (t instanceof MapType) {
      MapData m = (MapData) v;
      if (m.keyArray().numElements() != m.valueArray().numElements()) {
        throw new AssertionError("a map of " + m.keyArray().numElements() + " keys and " + m.valueArray().numElements() + " values");
      }
      elements(m.keyArray(), ((MapType) t).keyType(), false);
      elements(m.valueArray(), ((MapType) t).valueType(), ((MapType) t).valueContainsNull());
    } else if (v instanceof Decimal) {
      Decimal d = (Decimal) v;
      if (d.precision() > ((org.apache.spark.sql.types.DecimalType) t).precision()) {
        throw new AssertionError("a " + t.simpleString() + " of " + d.precision() + " digits: " + d);
      }
    } else if (v instanceof UTF8String) {
      ((UTF8String) v).numChars();
    }
  }

  private static void elements(ArrayData a, DataType t, boolean containsNull) {
    for (int i = 0; i < a.numElements(); i++) {
      if (a.isNullAt(i)) {
        if (!containsNull) {
          throw new AssertionError("a null element where " + t.simpleString() + " elements are never null");
        }
      } else {
        value(a.get(i, t), t);
      }
    }
  }

  // ---- seeds ----

  static final Path INPUTS = Paths.get("src/test/resources/io/github/fastdecode/parquet/spark/shuffle/DenseShuffleFuzzTestInputs/stream");

  /** Rows of {@link #DEEP}, nulls at every level. */
  static List<UnsafeRow> deepRows(int n, Random random) {
    UnsafeProjection toUnsafe = UnsafeProjection.create(DEEP);
    List<UnsafeRow> rows = new ArrayList<>();
    for (int r = 0; r < n; r++) {
      Object inner = r % 3 == 0 ? null : new GenericInternalRow(new Object[] {Decimal.apply(BigDecimal.valueOf(random.nextLong()), 20, 0),
          (byte) random.nextInt(), random.nextInt(4) == 0 ? null : (short) random.nextInt()});
      Object st = r % 4 == 1 ? null : new GenericInternalRow(new Object[] {
          Decimal.apply(new BigDecimal(new java.math.BigInteger(100, random), 10)), inner});
      Object[] maps = new Object[random.nextInt(3)];
      for (int k = 0; k < maps.length; k++) {
        Object value = random.nextInt(3) == 0 ? null : new GenericInternalRow(new Object[] {
            Decimal.apply(BigDecimal.valueOf(random.nextInt(1_000_000), 4), 18, 4), new GenericArrayData(new Object[] {random.nextInt(), k})});
        maps[k] = random.nextInt(4) == 0 ? null
            : new ArrayBasedMapData(new GenericArrayData(new Object[] {UTF8String.fromString("k" + k)}), new GenericArrayData(new Object[] {value}));
      }
      Object[] outer = new Object[random.nextInt(3)];
      for (int k = 0; k < outer.length; k++) {
        outer[k] = new GenericArrayData(new Object[] {new GenericArrayData(new Object[] {new byte[] {(byte) k}, null}), new GenericArrayData(new Object[0])});
      }
      rows.add(toUnsafe.apply(new GenericInternalRow(new Object[] {(long) r, st, r % 5 == 2 ? null : new GenericArrayData(maps),
          r % 6 == 3 ? null : new GenericArrayData(outer)})).copy());
    }
    return rows;
  }

  /** The rows of a seed: a few of each schema, nulls included. */
  static List<UnsafeRow> seedRows(int schema) {
    Random random = new Random(36 + schema);
    if (schema == 2) {
      return deepRows(6, random);
    }
    if (schema == 1) {
      return DenseRowSerializerTest.rows(5, 0.2, random);
    }
    UnsafeProjection toUnsafe = UnsafeProjection.create(DenseRowSerializerTest.FLAT);
    List<UnsafeRow> rows = new ArrayList<>();
    for (int r = 0; r < 6; r++) {
      rows.add(toUnsafe.apply(new GenericInternalRow(new Object[] {(long) r, r % 3 == 0 ? null : r * 1000, UTF8String.fromString("s" + r),
          Decimal.apply(BigDecimal.valueOf(r * 7, 2), 10, 2), new byte[] {(byte) r}, r % 2 == 0, (short) -r, (byte) r, (float) r / 3,
          r % 4 == 0 ? null : (double) -r, r, (long) r * 1_000_000, UTF8String.fromString("")})).copy());
    }
    return rows;
  }

  /**
   * A seed as Jazzer's provider hands it to {@link #stream}: the bytes from the front, the choices
   * (one byte each, offsets in their ranges) from the back, last first.
   */
  static byte[] seed(byte[] bytes, int... picks) {
    byte[] s = java.util.Arrays.copyOf(bytes, bytes.length + picks.length);
    for (int i = 0; i < picks.length; i++) {
      s[s.length - 1 - i] = (byte) picks[i];
    }
    return s;
  }

  /** File name → seed: per schema, a stream of two blocks (read whole), and its first block's run (framed by the target, read in 7-byte pieces). */
  static Map<String, byte[]> seeds() {
    Map<String, byte[]> seeds = new TreeMap<>();
    for (int s = 0; s < SCHEMAS.length; s++) {
      List<UnsafeRow> rows = seedRows(s);
      SerializerInstance instance = new DenseRowSerializer(SCHEMAS[s], null).newInstance();
      byte[] stream = DenseRowSerializerTest.write(instance, rows, 3);
      seeds.put("stream-" + s, seed(stream, s, MODE_STREAM, 1, 0));
      int p = 0;
      long len = 0;
      for (int shift = 0; ; shift += 7) {
        int b = stream[p++];
        len |= (long) (b & 0x7F) << shift;
        if (b >= 0) {
          break;
        }
      }
      byte[] run = java.util.Arrays.copyOfRange(stream, p + 4, p + 4 + (int) len);
      seeds.put("run-" + s, seed(run, s, MODE_RUNS, 0, 2, 0));
    }
    return seeds;
  }

  @Test
  void seedsAreCheckedIn() throws IOException {
    Map<String, byte[]> seeds = seeds();
    if (Boolean.getBoolean("fuzz.writeSeeds")) {
      Files.createDirectories(INPUTS);
      for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
        Files.write(INPUTS.resolve(e.getKey()), e.getValue());
      }
    }
    for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
      Path f = INPUTS.resolve(e.getKey());
      assertArrayEquals(e.getValue(), Files.readAllBytes(f), f + " is not what seeds() writes (-Dfuzz.writeSeeds=true rewrites it)");
    }
  }

  @Test
  void seedsReadWholeAndDamagedOnesFailCleanly() {
    // The seeds give their rows back through the target's own reading; every changed byte of a
    // framed run gives rows or the clean exception (the property), and some of them the exception.
    for (int s = 0; s < SCHEMAS.length; s++) {
      List<UnsafeRow> rows = seedRows(s);
      SerializerInstance instance = new DenseRowSerializer(SCHEMAS[s], null).newInstance();
      byte[] stream = DenseRowSerializerTest.write(instance, rows, 3);
      for (int chunk : new int[] {1, 7, Integer.MAX_VALUE}) {
        assertEquals(rows.size(), read(SCHEMAS[s], stream, chunk, chunk != 7), "schema " + s + ", " + chunk + " bytes a read");
      }
      byte[] run = java.util.Arrays.copyOfRange(seeds().get("run-" + s), 0, seeds().get("run-" + s).length - 4);
      int failed = 0;
      Random random = new Random(s);
      for (int at = 0; at < run.length; at++) {
        byte[] damaged = run.clone();
        damaged[at] ^= (byte) (1 + random.nextInt(255));
        if (read(SCHEMAS[s], frame(damaged, new int[0]), Integer.MAX_VALUE, true) < 0) {
          failed++;
        }
      }
      if (failed == 0) {
        throw new AssertionError("schema " + s + ": no damaged run failed");
      }
    }
  }
}
