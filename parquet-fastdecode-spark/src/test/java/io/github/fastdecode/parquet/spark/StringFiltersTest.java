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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.column.StringPredicates;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.DataSourceUtils;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFilters;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.sources.StringContains;
import org.apache.spark.sql.sources.StringEndsWith;
import org.apache.spark.sql.sources.StringStartsWith;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Spark's {@code LIKE 'x%'}, {@code '%x'} and {@code '%x%'} filters reach the row filter as the
 * library's byte-level string predicates: the conversion keeps Spark's pushdown rules, the results
 * equal Spark's reader, and the scan hands Spark only the matching rows.
 */
class StringFiltersTest {
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message m { required binary s (STRING); optional int64 id; optional binary raw; }");
  private static SparkSession spark;
  private static Path table;

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    table = SparkSessions.tempDir("strings").resolve("t");
    // Dictionary-encoded (few distinct) and plain (all distinct) string columns, nulls, multi-byte
    // UTF-8, and small pages so that the row filter crosses many pages.
    spark.range(0, 20_000, 1, 1).selectExpr("id",
        "case when id % 7 = 0 then null else concat('k', id % 50, case when id % 3 = 0 then 'é€' else 'x' end) end as d",
        "case when id % 11 = 0 then null else concat(cast(id * 7919 % 100003 as string), '-ab', id % 13) end as p")
        .write().option("parquet.page.size", "4096").option("parquet.block.size", "65536")
        .parquet(table.toString());
  }

  @AfterAll
  static void stop() {
    SparkSessions.release(spark);
  }

  private static FilterPredicate convert(Filter f) {
    scala.Function1<String, String> none = k -> null;
    ParquetFilters converter = new ParquetFilters(SCHEMA, true, true, true, true, 10, true,
        DataSourceUtils.datetimeRebaseSpec(none, "CORRECTED"));
    return PushedFilters.convert(converter, f);
  }

  private static void assertSubstring(FilterPredicate p, String toString) {
    assertTrue(p instanceof Operators.UserDefined<?, ?>, String.valueOf(p));
    Operators.UserDefined<?, ?> udp = (Operators.UserDefined<?, ?>) p;
    assertTrue(udp.getUserDefinedPredicate() instanceof StringPredicates.Substring, String.valueOf(p));
    assertEquals(toString, udp.getUserDefinedPredicate().toString());
  }

  @Test
  void stringFiltersBecomeTheLibrarysPredicatesWhereSparkPushesThem() {
    assertSubstring(convert(new StringStartsWith("s", "ab")), StringPredicates.startsWith("ab").toString());
    assertSubstring(convert(new StringEndsWith("s", "ab")), StringPredicates.endsWith("ab").toString());
    assertSubstring(convert(new StringContains("s", "ab")), StringPredicates.contains("ab").toString());

    // Through And and Or, partial pushdown as Spark does it: an And keeps the side that converts,
    // an Or needs both.
    FilterPredicate and = convert(new And(new StringContains("s", "a"), new GreaterThan("id", 3L)));
    assertTrue(and instanceof Operators.And, String.valueOf(and));
    assertSubstring(((Operators.And) and).getLeft(), StringPredicates.contains("a").toString());
    Filter unconvertible = new EqualTo("missing", 1);
    assertSubstring(convert(new And(unconvertible, new StringEndsWith("s", "z"))), StringPredicates.endsWith("z").toString());
    assertNull(convert(new Or(unconvertible, new StringEndsWith("s", "z"))));
    FilterPredicate or = convert(new Or(new StringStartsWith("s", "q"), new EqualTo("id", 1L)));
    assertTrue(or instanceof Operators.Or, String.valueOf(or));
    assertSubstring(((Operators.Or) or).getLeft(), StringPredicates.startsWith("q").toString());

    // Under Not the filter stays as Spark converts it.
    FilterPredicate not = convert(new Not(new StringContains("s", "a")));
    assertTrue(not instanceof Operators.Not, String.valueOf(not));
    Operators.UserDefined<?, ?> sparks = (Operators.UserDefined<?, ?>) ((Operators.Not) not).getPredicate();
    assertFalse(sparks.getUserDefinedPredicate() instanceof StringPredicates.Substring, String.valueOf(not));

    // A column that is not a string: Spark pushes nothing, and neither does the conversion.
    assertNull(convert(new StringContains("raw", "a")));
    assertNull(convert(new StringContains("id", "1")));
  }

  @Test
  void likeFiltersEqualSparksReader() {
    String[] filters = {
        "d LIKE 'k1%'", "d LIKE '%€'", "d LIKE '%é%'", "d LIKE '%%'", "d LIKE 'k4%' AND id > 100",
        "p LIKE '%-ab1%'", "p LIKE '1%'", "p LIKE '%ab12'", "p LIKE '%zz%'",
        "p LIKE '%ab1%' OR d LIKE 'k2%'", "NOT (p LIKE '%ab1%')", "p LIKE '%ab1%' AND d LIKE '%x'"};
    for (String filter : filters) {
      SparkRows.assertSame(filter, spark.read().parquet(table.toString()).where(filter),
          spark.read().format("fastdecode").load(table.toString()).where(filter));
    }
  }

  @Test
  void theScanHandsSparkOnlyTheMatchingRows() throws Exception {
    try (StageCounters counters = new StageCounters(spark)) {
      List<?> rows = spark.read().format("fastdecode").load(table.toString())
          .where("p LIKE '%-ab12'").collectAsList();
      long expected = spark.read().parquet(table.toString()).where("p LIKE '%-ab12'").count();
      assertTrue(expected > 0 && expected < 20_000 / 10, "matching rows: " + expected);
      assertEquals(expected, rows.size());
      Map<String, Long> totals = counters.settled();
      assertEquals(20_000L, totals.get(ScanCounters.ROWS_READ), totals.toString());
      assertEquals(expected, totals.get(ScanCounters.ROWS_HANDED), totals.toString());
    }
  }
}
