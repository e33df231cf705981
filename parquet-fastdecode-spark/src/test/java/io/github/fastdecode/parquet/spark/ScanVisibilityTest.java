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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which reader ran is visible: a file left to Spark's reader is logged at WARN (once per reason),
 * {@value FastDecodeFileFormat#FALLBACK}{@code =error} fails the query naming the file and the
 * reason, and each scan's counts (files read by the library, files left to Spark's reader, rows
 * read and handed over) reach Spark's listeners as named stage accumulators.
 */
class ScanVisibilityTest {
  private static SparkSession spark;
  private static Path root;
  /** Two files: one whose struct has none of the requested fields (left to Spark's reader), one without the struct. */
  private static Path mixed;
  private static final String SCHEMA = "id bigint, s string, st struct<gone: int>";

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    root = SparkSessions.tempDir("visibility");
    mixed = root.resolve("mixed");
    spark.range(0, 1000, 1, 1).selectExpr("id", "concat('a', id) as s", "named_struct('a', id) as st")
        .write().parquet(mixed.resolve("k=1").toString());
    spark.range(1000, 3000, 1, 1).selectExpr("id", "concat('b', id) as s")
        .write().parquet(mixed.resolve("k=2").toString());
  }

  @Test
  void fallbackErrorFailsNamingTheFileAndTheReason() {
    SparkSessions.withConf(spark, () -> {
      Exception e = assertThrows(Exception.class,
          () -> spark.read().schema(SCHEMA).format("fastdecode").load(mixed.toString()).collectAsList());
      StringBuilder all = new StringBuilder();
      for (Throwable t = e; t != null; t = t.getCause()) {
        all.append(t).append('\n');
      }
      String text = all.toString();
      assertTrue(text.contains("k=1") && text.contains(".parquet"), text);
      assertTrue(text.contains("spark.fastdecode.fallback=error"), text);
      assertTrue(text.contains("st"), text);
    }, FastDecodeFileFormat.FALLBACK, "error");
    SparkSessions.withConf(spark, () -> assertThrows(Exception.class,
        () -> spark.read().format("fastdecode").load(mixed.toString()).collectAsList()),
        FastDecodeFileFormat.FALLBACK, "sometimes");
  }

  @Test
  void aFileLeftToSparksReaderIsLoggedAtWarnOncePerReason() {
    List<String> warnings = new ArrayList<>();
    Logger logger = (Logger) LogManager.getLogger(FastDecodeFileFormat.class);
    AbstractAppender appender = new AbstractAppender("fastdecode-test", null, null, true, null) {
      @Override
      public void append(LogEvent event) {
        if (event.getLevel() == Level.WARN) {
          synchronized (warnings) {
            warnings.add(event.getMessage().getFormattedMessage());
          }
        }
      }
    };
    appender.start();
    logger.addAppender(appender);
    Level before = logger.getLevel();
    logger.setLevel(Level.WARN);
    try {
      // A reason of its own (the struct's name), so that no other test has logged it already.
      Path dir = root.resolve("warn");
      spark.range(0, 100, 1, 1).selectExpr("id", "named_struct('a', id) as warned").write().parquet(dir.toString());
      for (int i = 0; i < 2; i++) {
        SparkRows.assertSameNonEmpty("left to Spark's reader",
            spark.read().schema("id bigint, warned struct<gone: int>").parquet(dir.toString()),
            spark.read().schema("id bigint, warned struct<gone: int>").format("fastdecode").load(dir.toString()));
      }
    } finally {
      logger.removeAppender(appender);
      logger.setLevel(before);
    }
    long logged = warnings.stream().filter(w -> w.contains("warned") && w.contains("Spark's Parquet reader")).count();
    assertEquals(1, logged, warnings.toString());
  }

  @Test
  void eachScanCountsItsFilesAndRowsAsStageAccumulators() throws Exception {
    try (StageCounters counters = new StageCounters(spark)) {
      Map<String, Long> totals;
      spark.read().schema(SCHEMA).format("fastdecode").load(mixed.toString()).collectAsList();
      totals = counters.settled();
      assertEquals(1L, totals.get(ScanCounters.FILES_READ), totals.toString());
      assertEquals(1L, totals.get(ScanCounters.FILES_LEFT), totals.toString());
      assertEquals(2000L, totals.get(ScanCounters.ROWS_READ), totals.toString());
      assertEquals(2000L, totals.get(ScanCounters.ROWS_HANDED), totals.toString());

      // With a pushed filter the row filter hands Spark only the matching rows of the row groups read.
      counters.clear();
      assertEquals(10, spark.read().format("fastdecode").load(mixed.resolve("k=2").toString())
          .where("id < 1010").collectAsList().size());
      totals = counters.settled();
      assertEquals(1L, totals.get(ScanCounters.FILES_READ), totals.toString());
      assertEquals(2000L, totals.get(ScanCounters.ROWS_READ), totals.toString());
      assertEquals(10L, totals.get(ScanCounters.ROWS_HANDED), totals.toString());
    }
  }

  /**
   * A column read as another type than stored (INT32 read as bigint) turns row filtering off only
   * where the pushed predicate names it: Spark's filter on a converted value need not be the stored
   * values' comparison. A predicate on another column still hands Spark only the matching rows.
   */
  @Test
  void aColumnReadConvertedTurnsRowFilteringOffOnlyWhereThePredicateNamesIt() throws Exception {
    Path dir = root.resolve("converted");
    spark.range(0, 2000, 1, 1).selectExpr("id", "cast(id % 100 as int) as small").write().parquet(dir.toString());
    String schema = "id bigint, small bigint";
    try (StageCounters counters = new StageCounters(spark)) {
      Map<String, Long> totals;
      for (String filter : new String[] {"id < 1010", "small < 5"}) {
        counters.clear();
        SparkRows.assertSameNonEmpty(filter, spark.read().schema(schema).parquet(dir.toString()).where(filter),
            spark.read().schema(schema).format("fastdecode").load(dir.toString()).where(filter));
        totals = counters.settled();
        // Each comparison scans the file more than once; per scan of its one file:
        long scans = totals.get(ScanCounters.FILES_READ);
        assertTrue(scans >= 1, filter + ": " + totals);
        assertEquals(2000L * scans, totals.get(ScanCounters.ROWS_READ), filter + ": " + totals);
        // The file is one page per column: without row filtering every row of it is handed over.
        assertEquals((filter.startsWith("id") ? 1010L : 2000L) * scans, totals.get(ScanCounters.ROWS_HANDED), filter + ": " + totals);
      }
    }
  }
}
