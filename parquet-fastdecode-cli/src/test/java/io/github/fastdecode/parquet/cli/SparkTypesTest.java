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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.cli.FileCommandsTest.Result;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schema --spark} against what Spark itself gives: {@code golden/spark-types.txt} holds, per
 * file, the Spark SQL type Spark's ParquetToSparkSchemaConverter makes of each top-level field, or
 * the error condition it refuses it with (written by {@code src/test/spark/regenerate.sh}, which
 * runs Spark on {@link SparkTypeFiles}' schemas, {@link CatTestFiles}' files and parquet-testing's).
 */
class SparkTypesTest {
  @TempDir
  Path dir;

  @Test
  void schemaSparkPrintsWhatSparkReadsEachFieldAs() throws IOException {
    Map<String, List<String>> golden = new LinkedHashMap<>();
    List<String> current = null;
    try (InputStream in = SparkTypesTest.class.getResourceAsStream("/golden/spark-types.txt")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.startsWith("==> ")) {
          current = new ArrayList<>();
          golden.put(line.substring(4, line.length() - 4), current);
        } else if (!line.startsWith("#") && current != null) {
          current.add(line);
        }
      }
    }
    SparkTypeFiles.write(dir);
    CatTestFiles.writeAll(dir);
    Path testing = Path.of(System.getProperty("parquet.testing.dir", "../../shared/parquet-testing"), "data");
    int compared = 0;
    int refused = 0;
    for (Map.Entry<String, List<String>> e : golden.entrySet()) {
      Path file = Files.exists(dir.resolve(e.getKey())) ? dir.resolve(e.getKey()) : testing.resolve(e.getKey());
      if (!Files.exists(file)) {
        continue; // parquet-testing is absent
      }
      Result r = FileCommandsTest.run("schema", "--spark", file.toString());
      assertEquals(0, r.status, r.err);
      assertEquals(String.join("\n", e.getValue()) + "\n", r.out, e.getKey());
      compared++;
      refused += (int) e.getValue().stream().filter(l -> l.contains(": Spark refuses it (")).count();
    }
    assertTrue(compared >= SparkTypeFiles.SCHEMAS.size() + 7, "files compared: " + compared);
    assertTrue(refused >= 10, "fields Spark refuses: " + refused);
  }

  @Test
  void maxPrecisionForBytesIsSparksTable() {
    // Spark's Decimal.maxPrecisionForBytes: 1 byte 2 digits, 4 bytes 9, 8 bytes 18, 16 bytes 38.
    int[] expected = {0, 2, 4, 6, 9, 11, 14, 16, 18, 21, 23, 26, 28, 31, 33, 35, 38};
    for (int n = 1; n < expected.length; n++) {
      assertEquals(expected[n], SparkTypes.maxPrecisionForBytes(n), n + " bytes");
    }
  }
}
