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
package io.github.fastdecode.parquet.cli;

import static io.github.fastdecode.parquet.cli.FileCommandsTest.run;
import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.binaryColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.booleanColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.doubleColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.floatColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.gt;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.in;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.ltEq;
import static org.apache.parquet.filter2.predicate.FilterApi.not;
import static org.apache.parquet.filter2.predicate.FilterApi.notEq;
import static org.apache.parquet.filter2.predicate.FilterApi.notIn;
import static org.apache.parquet.filter2.predicate.FilterApi.or;
import static org.apache.parquet.filter2.predicate.FilterApi.userDefined;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.column.StringPredicates;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --where}: each expression reads the same records as parquet-java's record filter with
 * the predicate written by hand through FilterApi, over every physical and the common logical
 * types; bad expressions are one-line usage errors.
 */
class WhereTest {
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m {\n"
      + "  required int64 id; optional int32 i; optional int32 day (DATE); optional int32 d32 (DECIMAL(9,2));\n"
      + "  optional int64 d64 (DECIMAL(18,3)); optional fixed_len_byte_array(8) dfl (DECIMAL(16,2));\n"
      + "  optional binary dbin (DECIMAL(20,2)); optional int32 u32 (INTEGER(32,false)); optional int64 u64 (INTEGER(64,false));\n"
      + "  optional int64 ts (TIMESTAMP(MICROS,true)); optional int64 tsl (TIMESTAMP(MILLIS,false)); optional double x;\n"
      + "  optional float f; optional boolean b; optional binary s (STRING); optional fixed_len_byte_array(16) uid (UUID);\n"
      + "  optional group g { optional int32 a; }\n"
      + "  optional group xs (LIST) { repeated group list { optional int32 element; } }\n"
      + "}");
  static final int ROWS = 3000;

  @TempDir
  static Path dir;
  static Path file;

  @BeforeAll
  static void write() throws IOException {
    file = write(dir.resolve("where.parquet"));
  }

  /** {@link #ROWS} records of {@link #SCHEMA}, every seventh null, in row groups of several small pages. */
  static Path write(Path file) throws IOException {
    SimpleGroupFactory factory = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withPageSize(2048).withRowGroupSize(64 * 1024L)
        .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_2_0).build()) {
      for (int r = 0; r < ROWS; r++) {
        Group g = factory.newGroup().append("id", (long) r);
        if (r % 7 != 3) {
          g.append("i", r * 37 % 200 - 100).append("day", 18000 + r % 400).append("d32", r * 13 % 10000 - 5000)
              .append("d64", (long) (r * 101 % 1000000 - 500000))
              .append("dfl", Binary.fromConstantByteArray(ByteBuffer.allocate(8).putLong(r * 7919L % 100000 - 50000).array()))
              .append("dbin", Binary.fromConstantByteArray(BigInteger.valueOf(r * 31L % 200000 - 100000).toByteArray()))
              .append("u32", (int) (r * 2654435761L)).append("u64", r * 0x9E3779B97F4A7C15L)
              .append("ts", 1_700_000_000_000_000L + r * 3_600_000_000L).append("tsl", 1_600_000_000_000L + r * 60_000L)
              .append("x", r % 97 == 0 ? Double.NaN : (r % 50) / 4.0 - 5).append("f", (r % 9) / 4.0f)
              .append("b", r % 3 == 0).append("s", "k" + r % 40 + (r % 5 == 0 ? "-\u00e9" : ""))
              .append("uid", Binary.fromConstantByteArray(ByteBuffer.allocate(16).putLong(r).putLong(r * 31L).array()));
          g.addGroup("g").append("a", r % 100);
          g.addGroup("xs").addGroup("list").append("element", r);
        }
        w.write(g);
      }
    }
    return file;
  }

  private static long micros(String instant) {
    Instant t = Instant.parse(instant);
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
  }

  static List<Object[]> cases() {
    List<Object[]> c = new ArrayList<>();
    c.add(new Object[] {"i > 10", gt(intColumn("i"), 10)});
    c.add(new Object[] {"i <= -90 OR i = 0", or(ltEq(intColumn("i"), -90), eq(intColumn("i"), 0))});
    c.add(new Object[] {"day >= '2019-06-01' and day < '2019-07-01'",
        and(gtEq(intColumn("day"), (int) LocalDate.parse("2019-06-01").toEpochDay()),
            lt(intColumn("day"), (int) LocalDate.parse("2019-07-01").toEpochDay()))});
    c.add(new Object[] {"d32 < -12.5", lt(intColumn("d32"), -1250)});
    c.add(new Object[] {"d64 >= -300.125", gtEq(longColumn("d64"), -300125L)});
    c.add(new Object[] {"dfl < -100", lt(binaryColumn("dfl"),
        Binary.fromConstantByteArray(ByteBuffer.allocate(8).putLong(-10000).array()))});
    c.add(new Object[] {"dbin > -500.5", gt(binaryColumn("dbin"), Binary.fromConstantByteArray(BigInteger.valueOf(-50050).toByteArray()))});
    c.add(new Object[] {"u32 > 4000000000", gt(intColumn("u32"), (int) 4000000000L)});
    c.add(new Object[] {"u64 < 9223372036854775808", lt(longColumn("u64"), Long.MIN_VALUE)});
    c.add(new Object[] {"ts >= '2023-12-20T00:00:00Z'", gtEq(longColumn("ts"), micros("2023-12-20T00:00:00Z"))});
    c.add(new Object[] {"ts < '2023-11-20T01:00:00+01:00'", lt(longColumn("ts"), micros("2023-11-20T00:00:00Z"))});
    c.add(new Object[] {"tsl < '2020-09-14T12:00:00'", lt(longColumn("tsl"),
        LocalDateTime.parse("2020-09-14T12:00:00").toInstant(ZoneOffset.UTC).toEpochMilli())});
    c.add(new Object[] {"x < 0 or x is null", or(lt(doubleColumn("x"), 0.0), eq(doubleColumn("x"), null))});
    c.add(new Object[] {"x = NaN", eq(doubleColumn("x"), Double.NaN)});
    c.add(new Object[] {"f != 1.25", notEq(floatColumn("f"), 1.25f)});
    c.add(new Object[] {"b = true", eq(booleanColumn("b"), true)});
    c.add(new Object[] {"b is not null and not b = true", and(notEq(booleanColumn("b"), null), not(eq(booleanColumn("b"), true)))});
    c.add(new Object[] {"s like 'k1%'", userDefined(binaryColumn("s"), StringPredicates.startsWith("k1"))});
    c.add(new Object[] {"s LIKE '%\u00e9'", userDefined(binaryColumn("s"), StringPredicates.endsWith("\u00e9"))});
    c.add(new Object[] {"s like '%5-%'", userDefined(binaryColumn("s"), StringPredicates.contains("5-"))});
    c.add(new Object[] {"s not like 'k1%'",
        and(not(userDefined(binaryColumn("s"), StringPredicates.startsWith("k1"))), notEq(binaryColumn("s"), null))});
    c.add(new Object[] {"s = 'k11'", eq(binaryColumn("s"), Binary.fromString("k11"))});
    c.add(new Object[] {"s in ('k1', 'k2-\u00e9', null)",
        in(binaryColumn("s"), set(Binary.fromString("k1"), Binary.fromString("k2-\u00e9"), null))});
    c.add(new Object[] {"id not in (1, 2, 3)", notIn(longColumn("id"), set(1L, 2L, 3L))});
    c.add(new Object[] {"not (i < 0 and b = false)", not(and(lt(intColumn("i"), 0), eq(booleanColumn("b"), false)))});
    c.add(new Object[] {"uid = '00000000-0000-0007-0000-0000000000d9'", eq(binaryColumn("uid"),
        Binary.fromConstantByteArray(ByteBuffer.allocate(16).putLong(7).putLong(217).array()))});
    c.add(new Object[] {"g.a is not null and g.a < 50 and (id > 2000)",
        and(and(notEq(intColumn("g.a"), null), lt(intColumn("g.a"), 50)), gt(longColumn("id"), 2000L))});
    c.add(new Object[] {"`i` >= 99", gtEq(intColumn("i"), 99)});
    return c;
  }

  private static ParquetReader.Builder<Group> groups(Path file) {
    return new ParquetReader.Builder<Group>(new LocalInputFile(file)) {
      @Override
      protected ReadSupport<Group> getReadSupport() {
        return new GroupReadSupport();
      }
    };
  }

  @SafeVarargs
  private static <T> Set<T> set(T... values) {
    return new LinkedHashSet<>(Arrays.asList(values));
  }

  @Test
  void eachExpressionReadsTheRecordsParquetJavasRecordFilterKeeps() throws IOException {
    MessageType schema = SCHEMA;
    int nonTrivial = 0;
    for (Object[] c : cases()) {
      String text = (String) c[0];
      FilterPredicate expected = (FilterPredicate) c[1];
      assertEquals(expected.toString(), WhereClause.parse(text).bind(schema).toString(), text);

      List<Long> want = new ArrayList<>();
      try (ParquetReader<Group> r = groups(file)
          .withFilter(FilterCompat.get(expected)).useRecordFilter(true).build()) {
        for (Group g = r.read(); g != null; g = r.read()) {
          want.add(g.getLong("id", 0));
        }
      }
      for (String command : new String[] {"cat", "head"}) {
        FileCommandsTest.Result out = command.equals("cat")
            ? run("cat", file.toString(), "--where", text, "--columns", "id")
            : run("head", "-n", "100000", file.toString(), "--where", text, "--columns", "id", "--format", "csv");
        assertEquals(0, out.status, text + ": " + out.err);
        List<Long> got = new ArrayList<>();
        for (String line : out.out.split("\n")) {
          if (line.isEmpty() || line.equals("id")) {
            continue;
          }
          got.add(Long.parseLong(line.replace("{\"id\":", "").replace("}", "")));
        }
        assertEquals(want, got, command + " --where " + text);
      }
      if (!want.isEmpty() && want.size() < ROWS) {
        nonTrivial++;
      }
    }
    // Every expression keeps some rows and drops others: the comparisons test the filter.
    assertTrue(nonTrivial == cases().size(), nonTrivial + " of " + cases().size());
  }

  @Test
  void badExpressionsAreOneLineUsageErrors() {
    String[][] cases = {
        {"i >", "cat: --where: a value expected at the end (at character 4 of \"i >\")"},
        {"i > 1 and", "cat: --where: a test expected at the end (at character 10 of \"i > 1 and\")"},
        {"(i > 1", "cat: --where: expected ')' at the end (at character 7 of \"(i > 1\")"},
        {"i ! 3", "cat: --where: '!' alone; use '!=' or 'not' (at character 3 of \"i ! 3\")"},
        {"s = 'open", "cat: --where: unclosed string (at character 5 of \"s = 'open\")"},
        {"i = 1 2", "cat: --where: unexpected '2' (at character 7 of \"i = 1 2\")"},
        {"'s' = 1", "cat: --where: a column name expected, not 's' (at character 1 of \"'s' = 1\")"},
    };
    for (String[] c : cases) {
      FileCommandsTest.Result r = run("cat", file.toString(), "--where", c[0]);
      assertEquals(2, r.status, c[0]);
      assertEquals(c[1] + " (see parquet-fastdecode cat --help)", r.err.split("\n")[0], c[0]);
      assertEquals("", r.out, c[0]);
    }
    String[][] perFile = {
        {"nope = 1", "no column 'nope'; its columns are id, i, day"},
        {"i = 'a'", "column i (optional int32 i) needs a number, not 'a'"},
        {"d32 = 1.234", "1.234 has more decimal places than column d32 (scale 2)"},
        {"u32 = -1", "-1 is out of range for unsigned column u32 (32-bit)"},
        {"i < null", "'i < null' is never true; use 'is null' or 'is not null'"},
        {"xs.list.element = 1", "column xs.list.element is inside a list or map; --where tests columns outside them"},
        {"g = 1", "g is a group; --where tests leaf columns (g.field)"},
        {"s like 'a%b'", "'like' takes 'x%', '%x', '%x%' or a pattern without % (no _ and no % inside): 'a%b'"},
        {"ts = '2023-12-20T00:00:00.0000001Z'", "'2023-12-20T00:00:00.0000001Z' is finer than column ts's unit (MICROS)"},
        {"b < true", "boolean column b compares with = and != only"},
    };
    for (String[] c : perFile) {
      FileCommandsTest.Result r = run("cat", file.toString(), "--where", c[0]);
      assertEquals(2, r.status, c[0]);
      String line = r.err.split("\n")[0];
      assertTrue(line.startsWith("cat: " + file + ": --where: " + c[1]), c[0] + " gave: " + line);
    }
  }
}
