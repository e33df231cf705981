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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SparkSessionSmokeTest {
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = SparkSessions.local();
  }

  @AfterAll
  static void stop() {
    SparkSessions.release(spark);
  }

  @Test
  void readsWhatSparkWroteThroughTheShortName() throws Exception {
    Path dir = Files.createTempDirectory("fastdecode-smoke").resolve("t");
    spark.range(0, 1000).selectExpr("id", "cast(id as string) as s").write().parquet(dir.toString());
    List<Row> rows = spark.read().format(FastDecodeFileFormat.SHORT_NAME).load(dir.toString())
        .orderBy("id").collectAsList();
    assertEquals(1000, rows.size());
    assertEquals(999L, rows.get(999).getLong(0));
    assertEquals("999", rows.get(999).getString(1));
  }
}
