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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/** The local session the tests share: small, quiet, two cores. */
final class SparkSessions {
  private static final String WAREHOUSE;

  static {
    try {
      WAREHOUSE = Files.createTempDirectory("fastdecode-spark-warehouse").toString();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private SparkSessions() {}

  /** Runs {@code body} with the session settings {@code kv} (key, value, key, value...), then restores them. */
  static void withConf(SparkSession spark, Runnable body, String... kv) {
    String[] old = new String[kv.length / 2];
    for (int i = 0; i < kv.length; i += 2) {
      old[i / 2] = spark.conf().contains(kv[i]) ? spark.conf().get(kv[i]) : null;
      spark.conf().set(kv[i], kv[i + 1]);
    }
    try {
      body.run();
    } finally {
      for (int i = 0; i < kv.length; i += 2) {
        if (old[i / 2] == null) {
          spark.conf().unset(kv[i]);
        } else {
          spark.conf().set(kv[i], old[i / 2]);
        }
      }
    }
  }

  static SparkSession local() {
    // Spark 4.2's Hadoop asks for Subject.getSubject, which JDK 23 and later no longer support:
    // there (CI's JDK 25 pass) the Spark tests are skipped, not failed.
    org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() < 23,
        "Spark 4.2 does not run on JDK " + Runtime.version().feature() + " (Subject.getSubject is gone)");
    return SparkSession.builder()
        .master("local[2]")
        .appName("parquet-fastdecode-spark-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.session.timeZone", "America/Los_Angeles")
        .config("spark.sql.datetime.java8API.enabled", "true")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.adaptive.enabled", "false")
        .config("spark.sql.warehouse.dir", WAREHOUSE)
        // The extension is installed in every test's session but off unless a test turns it on,
        // so that format("parquet") is Spark's own reader, the oracle.
        .config("spark.sql.extensions", FastDecodeExtensions.class.getName())
        .config(ParquetScanStrategy.ENABLED, "false")
        .getOrCreate();
  }

  static void release(SparkSession spark) {
    // One JVM runs every test class: keep the session (and its warm code) for the next class.
  }

  static Path tempDir(String name) throws IOException {
    Path p = Files.createTempDirectory("fastdecode-spark-" + name);
    p.toFile().deleteOnExit();
    return p;
  }
}
