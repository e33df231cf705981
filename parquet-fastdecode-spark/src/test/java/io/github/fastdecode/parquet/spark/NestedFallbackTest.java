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

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Nested columns (arrays, structs, maps to depth 3) are read by Spark's own reader, file by file,
 * and the rows are the same; the flat columns of the same files, read alone, go through the library.
 */
class NestedFallbackTest {
  private static SparkSession spark;
  private static Path root;

  @BeforeAll
  static void start() throws Exception {
    spark = SparkSessions.local();
    root = SparkSessions.tempDir("nested");
  }

  @Test
  void nestedToDepthThreeFallsBackFileByFile() {
    Path dir = root.resolve("t");
    spark.range(0, 2000, 1, 2).selectExpr("id",
        "case when id % 10 = 1 then null else array(id, id + 1, cast(null as bigint)) end as arr",
        "named_struct('a', cast(id as int), 'b', named_struct('c', concat('s', id), 'd', array(cast(id as double)))) as st",
        "map(concat('k', id % 7), array(named_struct('x', id, 'y', cast(id % 3 = 0 as boolean)))) as m",
        "array(array(array(cast(id % 5 as int)))) as deep",
        "concat('flat', id) as flat")
        .write().parquet(dir.toString());
    long fellBack = Fallbacks.filesFallenBack();
    SparkRows.assertSameNonEmpty("nested", spark.read().parquet(dir.toString()),
        spark.read().format("fastdecode").load(dir.toString()));
    assertTrue(Fallbacks.filesFallenBack() > fellBack, "nested files were not left to Spark's reader");
    long read = Fallbacks.filesRead();
    SparkRows.assertSameNonEmpty("flat columns of a nested file", spark.read().parquet(dir.toString()).select("id", "flat"),
        spark.read().format("fastdecode").load(dir.toString()).select("id", "flat"));
    assertTrue(Fallbacks.filesRead() > read, "flat columns were not read by parquet-fastdecode");
  }
}
