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

import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Pushed filters on dates and timestamps of files written in Spark's legacy (Julian) calendar, and
 * in the proleptic one, read in every rebase mode: the rows equal Spark's reader's. Where a file's
 * values are rebased as they are read, the scan skips row groups and pages only and leaves the rows
 * to Spark's filter, since a stored value and Spark's value differ by calendar around 1582.
 */
class LegacyCalendarFiltersTest {
  private static SparkSession spark;
  private static Path root;

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    root = SparkSessions.tempDir("legacy-filters");
    for (String write : new String[] {"LEGACY", "CORRECTED"}) {
      for (String type : new String[] {"TIMESTAMP_MICROS", "INT96"}) {
        SparkSessions.withConf(spark, () -> spark.range(0, 4000, 1, 1).selectExpr("id",
            // Days and instants from the year 900 to 2100, dense around the 1582 switch.
            "case when id % 9 = 4 then null else date_add(date'1582-10-04', cast((id - 2000) * (case when abs(id - 2000) < 40 then 1 else 200 end) as int)) end as dt",
            "case when id % 9 = 5 then null else timestamp_seconds((id - 2000) * 7919 * 3600 - 12219292800) end as ts")
            .write().option("parquet.block.size", "16384").option("parquet.page.size", "2048")
            .parquet(root.resolve(write + "-" + type).toString()),
            "spark.sql.parquet.datetimeRebaseModeInWrite", write, "spark.sql.parquet.int96RebaseModeInWrite", write,
            "spark.sql.parquet.outputTimestampType", type);
      }
    }
  }

  @Test
  void filtersOnDatesAndTimestampsEqualSparksReaderInEveryRebaseMode() {
    String[] filters = {
        "dt = date'1582-10-03'", "dt < date'1582-10-15'", "dt >= date'1582-10-01' and dt <= date'1582-10-20'",
        "dt > date'1000-06-01'", "dt in (date'1582-10-04', date'1582-10-16', date'1300-02-28')",
        "ts < timestamp'1582-10-15 00:00:00'", "ts >= timestamp'1400-01-01 12:00:00' and ts < timestamp'1700-01-01 00:00:00'",
        "ts >= timestamp_seconds(-12219292800) and ts < timestamp_seconds(-12100000000)", "dt is null or ts > timestamp'2000-01-01 00:00:00'"};
    for (String written : new String[] {"LEGACY-TIMESTAMP_MICROS", "LEGACY-INT96", "CORRECTED-TIMESTAMP_MICROS", "CORRECTED-INT96"}) {
      for (String mode : new String[] {"LEGACY", "CORRECTED"}) {
        SparkSessions.withConf(spark, () -> {
          for (String f : filters) {
            Dataset<Row> expected = spark.read().parquet(root.resolve(written).toString()).where(f);
            Dataset<Row> actual = spark.read().format("fastdecode").load(root.resolve(written).toString()).where(f);
            SparkRows.assertSameNonEmpty(written + ", read " + mode + ": " + f, expected, actual);
          }
        }, "spark.sql.parquet.datetimeRebaseModeInRead", mode, "spark.sql.parquet.int96RebaseModeInRead", mode,
            FastDecodeFileFormat.FALLBACK, "error");
      }
    }
  }
}
