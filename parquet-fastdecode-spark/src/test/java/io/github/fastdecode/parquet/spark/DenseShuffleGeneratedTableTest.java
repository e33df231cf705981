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
package io.github.fastdecode.parquet.spark;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.YearMonthIntervalType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A generated table with every Spark type the DenseRow shuffle carries, flat and nested (arrays,
 * maps and structs to depth 3, elements and map values declared nullable and not), at null rates 0,
 * 10 and 100 % (every nullable value at every level), repartitioned by hash, range, round-robin and
 * single partitioning and coalesced after a round-robin one, adaptive execution off and on (at 100 %
 * nulls hash and single only; the hash on a collated string and a struct without it): dense against
 * unsafe, sorted collects value for value ({@link DenseShuffleTest#compare}).
 *
 * <p>The values come from a seeded {@link Random} in the tasks that scan the table (no generator of
 * Spark values fits without Spark's test jars), edge values included: the extremes of each integer
 * width, NaN, -0.0 and infinities, empty and multi-byte strings, empty arrays and maps, decimals at
 * their full precision, the first and last timestamps Spark holds. The seed is {@value #SEED} and is
 * printed by every failure (the label names the null rate and partitioning).
 */
class DenseShuffleGeneratedTableTest {
  static final long SEED = 0x36_5EEDL;
  static final int ROWS = 1000;
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = SparkSessions.local();
  }

  private static StructField field(String name, DataType type) {
    return DataTypes.createStructField(name, type, true);
  }

  private static StructType struct(StructField... fields) {
    return DataTypes.createStructType(fields);
  }

  private static ArrayType array(DataType element, boolean containsNull) {
    return DataTypes.createArrayType(element, containsNull);
  }

  private static MapType map(DataType key, DataType value, boolean valueContainsNull) {
    return DataTypes.createMapType(key, value, valueContainsNull);
  }

  /** The table's schema: {@code id} (not null), then every carried type flat, then nested ones. */
  static StructType schema() {
    DataType lcase = DataType.fromDDL("STRING COLLATE UTF8_LCASE");
    DataType ym = DataType.fromDDL("INTERVAL YEAR TO MONTH");
    DataType dts = DataType.fromDDL("INTERVAL DAY TO SECOND");
    DataType dec9 = DataTypes.createDecimalType(9, 2);
    DataType dec18 = DataTypes.createDecimalType(18, 6);
    DataType dec38 = DataTypes.createDecimalType(38, 10);
    List<StructField> f = new ArrayList<>();
    f.add(DataTypes.createStructField("id", DataTypes.LongType, false));
    // Flat: every leaf type.
    f.add(field("bool", DataTypes.BooleanType));
    f.add(field("i8", DataTypes.ByteType));
    f.add(field("i16", DataTypes.ShortType));
    f.add(field("i32", DataTypes.IntegerType));
    f.add(field("i64", DataTypes.LongType));
    f.add(field("f32", DataTypes.FloatType));
    f.add(field("f64", DataTypes.DoubleType));
    f.add(field("dec1", DataTypes.createDecimalType(1, 0)));
    f.add(field("dec9", dec9));
    f.add(field("dec18", dec18));
    f.add(field("dec19", DataTypes.createDecimalType(19, 0)));
    f.add(field("dec38", dec38));
    f.add(field("str", DataTypes.StringType));
    f.add(field("str_lcase", lcase));
    f.add(field("bin", DataTypes.BinaryType));
    f.add(field("dt", DataTypes.DateType));
    f.add(field("ts", DataTypes.TimestampType));
    f.add(field("ts_ntz", DataTypes.TimestampNTZType));
    f.add(field("ym", ym));
    f.add(field("ym_year", DataType.fromDDL("INTERVAL YEAR")));
    f.add(field("dts", dts));
    f.add(field("dts_day", DataType.fromDDL("INTERVAL DAY")));
    f.add(field("dts_minute", DataType.fromDDL("INTERVAL HOUR TO MINUTE")));
    // Depth 1: containers of leaves, elements and values nullable and not.
    f.add(field("arr_i32", array(DataTypes.IntegerType, false)));
    f.add(field("arr_str", array(DataTypes.StringType, true)));
    f.add(field("arr_dec38", array(dec38, true)));
    f.add(field("arr_bool", array(DataTypes.BooleanType, true)));
    f.add(field("map_str_i64", map(DataTypes.StringType, DataTypes.LongType, true)));
    f.add(field("map_i32_dec18", map(DataTypes.IntegerType, dec18, false)));
    f.add(field("map_dt_bin", map(DataTypes.DateType, DataTypes.BinaryType, true)));
    f.add(field("st", struct(field("a", DataTypes.BooleanType), field("b", DataTypes.DateType), field("c", DataTypes.BinaryType),
        field("d", dec38), field("e", lcase), field("f", DataTypes.FloatType))));
    // Depth 2 and 3.
    f.add(field("arr3_i64", array(array(array(DataTypes.LongType, false), true), true)));
    f.add(field("map_arr_struct", map(DataTypes.StringType, array(struct(field("x", DataTypes.IntegerType), field("y", DataTypes.StringType),
        field("z", DataTypes.TimestampType)), true), true)));
    f.add(field("st3", struct(
        field("s", struct(field("t", struct(field("u", DataTypes.DoubleType), field("v", DataTypes.ByteType), field("w", dec9))),
            field("arr", array(DataTypes.ShortType, true)))),
        field("m", map(DataTypes.DateType, dts, true)),
        field("ym", ym))));
    f.add(field("map_struct_key", map(struct(field("k1", DataTypes.IntegerType), field("k2", DataTypes.StringType)),
        array(DataTypes.FloatType, true), true)));
    f.add(field("arr_map_struct", array(map(DataTypes.LongType, struct(field("p", dec9), field("q", DataTypes.TimestampNTZType),
        field("r", array(ym, true))), true), true)));
    f.add(field("map_map_arr", map(DataTypes.StringType, map(DataTypes.ShortType, array(DataTypes.DoubleType, false), false), true)));
    f.add(field("arr_arr_bin", array(array(DataTypes.BinaryType, true), false)));
    return struct(f.toArray(new StructField[0]));
  }

  /** Generates one scan partition's rows in its task, from the seed, the partition and the null rate. */
  static final class Generate implements FlatMapFunction<Integer, Row> {
    private static final long serialVersionUID = 1L;
    private final StructType schema;
    private final double nullRate;
    private final int rowsPerPart;

    Generate(StructType schema, double nullRate, int rowsPerPart) {
      this.schema = schema;
      this.nullRate = nullRate;
      this.rowsPerPart = rowsPerPart;
    }

    @Override
    public Iterator<Row> call(Integer part) {
      Values values = new Values(new Random(SEED * 31 + part), nullRate);
      List<Row> rows = new ArrayList<>(rowsPerPart);
      for (int r = 0; r < rowsPerPart; r++) {
        Object[] v = new Object[schema.fields().length];
        v[0] = (long) part * rowsPerPart + r;
        for (int c = 1; c < v.length; c++) {
          v[c] = values.nullable(schema.fields()[c].dataType(), true, 1);
        }
        rows.add(RowFactory.create(v));
      }
      return rows.iterator();
    }
  }

  /** Random values of Spark's external types (java.time with the tests' java8API session). */
  static final class Values {
    private static final long MIN_MICROS = -62135596800_000_000L; // 0001-01-01T00:00:00Z
    private static final long MAX_MICROS = 253402300799_999_999L; // 9999-12-31T23:59:59.999999Z
    private static final String[] WORDS = {"", "a", "A", "é", "日本語", "x\u0000y", "emoji \uD83D\uDE00", "Straße", "MiXeD cAsE"};
    private final Random random;
    private final double nullRate;

    Values(Random random, double nullRate) {
      this.random = random;
      this.nullRate = nullRate;
    }

    Object nullable(DataType type, boolean nullable, int depth) {
      if (nullable && random.nextDouble() < nullRate) {
        return null;
      }
      return value(type, depth);
    }

    private boolean edge() {
      return random.nextInt(8) == 0;
    }

    Object value(DataType t, int depth) {
      if (t instanceof BooleanType) {
        return random.nextBoolean();
      }
      if (t instanceof ByteType) {
        return edge() ? (byte) (random.nextBoolean() ? Byte.MIN_VALUE : Byte.MAX_VALUE) : (byte) random.nextInt();
      }
      if (t instanceof ShortType) {
        return edge() ? (short) (random.nextBoolean() ? Short.MIN_VALUE : Short.MAX_VALUE) : (short) (random.nextInt(2000) - 1000);
      }
      if (t instanceof IntegerType) {
        return edge() ? (random.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE) : random.nextInt(random.nextBoolean() ? 100 : Integer.MAX_VALUE) - 50;
      }
      if (t instanceof LongType) {
        return edge() ? (random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE) : random.nextBoolean() ? random.nextInt(200) - 100L : random.nextLong();
      }
      if (t instanceof FloatType) {
        float[] special = {Float.NaN, -0.0f, 0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE};
        return edge() ? special[random.nextInt(special.length)] : (float) random.nextGaussian() * 1e4f;
      }
      if (t instanceof DoubleType) {
        double[] special = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
        return edge() ? special[random.nextInt(special.length)] : random.nextGaussian() * 1e9;
      }
      if (t instanceof DecimalType) {
        DecimalType d = (DecimalType) t;
        BigInteger unscaled;
        if (edge()) {
          // the largest magnitude the precision holds
          unscaled = BigInteger.TEN.pow(d.precision()).subtract(BigInteger.ONE);
        } else {
          unscaled = new BigInteger(1 + random.nextInt(Math.max(1, (int) (d.precision() * 3.32) - 1)), random);
          if (unscaled.compareTo(BigInteger.TEN.pow(d.precision())) >= 0) {
            unscaled = unscaled.mod(BigInteger.TEN.pow(d.precision()));
          }
        }
        return new BigDecimal(random.nextBoolean() ? unscaled.negate() : unscaled, d.scale());
      }
      if (t instanceof StringType) {
        StringBuilder b = new StringBuilder();
        int words = random.nextInt(50) == 0 ? 80 : random.nextInt(4);
        for (int i = 0; i < words; i++) {
          b.append(WORDS[random.nextInt(WORDS.length)]).append(random.nextInt(100));
        }
        return b.toString();
      }
      if (t instanceof BinaryType) {
        byte[] b = new byte[random.nextInt(10) == 0 ? 200 : random.nextInt(12)];
        random.nextBytes(b);
        return b;
      }
      if (t instanceof DateType) {
        return LocalDate.ofEpochDay(edge() ? (random.nextBoolean() ? -719162 : 2932896) : random.nextInt(40000) - 10000);
      }
      if (t instanceof TimestampType || t instanceof TimestampNTZType) {
        long micros = edge() ? (random.nextBoolean() ? MIN_MICROS : MAX_MICROS) : random.nextLong() % 4_000_000_000_000_000L;
        Instant instant = Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
        return t instanceof TimestampType ? instant : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
      }
      if (t instanceof YearMonthIntervalType) {
        YearMonthIntervalType y = (YearMonthIntervalType) t;
        int months = edge() ? (random.nextBoolean() ? Integer.MAX_VALUE : Integer.MIN_VALUE + 1) : random.nextInt(100000) - 50000;
        if (y.endField() == YearMonthIntervalType.YEAR()) {
          months = months / 12 * 12;
        }
        return Period.ofMonths(months).normalized();
      }
      if (t instanceof DayTimeIntervalType) {
        DayTimeIntervalType d = (DayTimeIntervalType) t;
        long micros = edge() ? (random.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE + 1) : random.nextLong() % 1_000_000_000_000_000L;
        long unit = d.endField() == DayTimeIntervalType.DAY() ? 86_400_000_000L
            : d.endField() == DayTimeIntervalType.HOUR() ? 3_600_000_000L
            : d.endField() == DayTimeIntervalType.MINUTE() ? 60_000_000L : 1;
        micros = micros / unit * unit;
        return Duration.ofSeconds(micros / 1_000_000, micros % 1_000_000 * 1000);
      }
      if (t instanceof ArrayType) {
        ArrayType a = (ArrayType) t;
        int n = random.nextInt(8) == 0 ? 0 : random.nextInt(depth >= 3 ? 3 : 5);
        List<Object> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          items.add(nullable(a.elementType(), a.containsNull(), depth + 1));
        }
        return scala.jdk.javaapi.CollectionConverters.asScala(items).toSeq();
      }
      if (t instanceof MapType) {
        MapType m = (MapType) t;
        int n = random.nextInt(8) == 0 ? 0 : random.nextInt(depth >= 3 ? 3 : 4);
        Map<Object, Object> entries = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
          Object key = value(m.keyType(), depth + 1);
          if (!containsKey(entries, key)) {
            entries.put(key, nullable(m.valueType(), m.valueContainsNull(), depth + 1));
          }
        }
        return scala.jdk.javaapi.CollectionConverters.asScala(entries);
      }
      if (t instanceof StructType) {
        StructField[] fields = ((StructType) t).fields();
        Object[] v = new Object[fields.length];
        for (int i = 0; i < v.length; i++) {
          v[i] = nullable(fields[i].dataType(), fields[i].nullable(), depth + 1);
        }
        return RowFactory.create(v);
      }
      throw new IllegalArgumentException("no generator for " + t);
    }

    /** Whether {@code entries} has a key equal to {@code key} as Spark sees keys (byte arrays by content). */
    private static boolean containsKey(Map<Object, Object> entries, Object key) {
      for (Object k : entries.keySet()) {
        if (k instanceof byte[] ? key instanceof byte[] && Arrays.equals((byte[]) k, (byte[]) key) : k.equals(key)) {
          return true;
        }
      }
      return false;
    }
  }

  /** The generated table at {@code nullRate}: {@link #ROWS} rows in two scan partitions. */
  static Dataset<Row> table(SparkSession spark, double nullRate) {
    StructType schema = schema();
    JavaRDD<Row> rows = new JavaSparkContext(spark.sparkContext()).parallelize(List.of(0, 1), 2)
        .flatMap(new Generate(schema, nullRate, ROWS / 2));
    return spark.createDataFrame(rows, schema);
  }

  @Test
  void theTableIsWhatItSays() {
    // The generator's own check: the null rates are what they claim, and containers are filled.
    StructType schema = schema();
    for (double rate : new double[] {0, 0.1, 1}) {
      List<Row> rows = table(spark, rate).collectAsList();
      assertEquals(ROWS, rows.size());
      long nulls = 0;
      long values = 0;
      long nonEmptyNested = 0;
      for (Row r : rows) {
        for (int c = 1; c < schema.fields().length; c++) {
          values++;
          if (r.isNullAt(c)) {
            nulls++;
          } else if (schema.fields()[c].name().contains("3") && !SparkRows.key(r.get(c)).matches("[\\[\\]<>{},null]*")) {
            nonEmptyNested++;
          }
        }
      }
      double seen = (double) nulls / values;
      assertTrue(Math.abs(seen - rate) < 0.02, "null rate " + rate + ": " + seen + " of the top-level values are null");
      if (rate < 1) {
        assertTrue(nonEmptyNested > ROWS / 2, "null rate " + rate + ": " + nonEmptyNested + " depth-3 values hold anything");
      }
    }
  }

  @Test
  void everyPartitioningAdaptiveOffAndOn() {
    for (boolean aqe : new boolean[] {false, true}) {
      for (double rate : new double[] {0, 0.1, 1}) {
        Supplier<Dataset<Row>> t = () -> table(spark, rate);
        String w = "generated table (seed " + SEED + "), nulls " + (int) (rate * 100) + " %";
        DenseShuffleTest.compare(spark, w + ", hash", aqe, () -> t.get().repartition(7, col("id")));
        DenseShuffleTest.compare(spark, w + ", single", aqe, () -> t.get().repartition(1));
        if (rate == 1) {
          continue; // every value null: where a row goes changes nothing more
        }
        DenseShuffleTest.compare(spark, w + ", range", aqe, () -> t.get().repartitionByRange(5, col("i64"), col("id")));
        DenseShuffleTest.compare(spark, w + ", round robin", aqe, () -> t.get().repartition(6));
        DenseShuffleTest.compare(spark, w + ", round robin then coalesce", aqe, () -> t.get().repartition(6).coalesce(2));
        if (!aqe) {
          DenseShuffleTest.compare(spark, w + ", hash on a collated string and a nested struct", aqe,
              () -> t.get().repartition(5, col("str_lcase"), col("st")));
        }
      }
    }
  }
}
