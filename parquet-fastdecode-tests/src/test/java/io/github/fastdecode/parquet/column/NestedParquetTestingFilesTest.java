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
package io.github.fastdecode.parquet.column;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every parquet-testing file with groups or repeated fields that parquet-java's record reader
 * reads gives the same records through {@link RecordBatch}, at several batch sizes with seeded
 * skips.
 */
class NestedParquetTestingFilesTest {
  static Stream<String> files() throws Exception {
    return ParquetTestingFilesTest.files();
  }

  @ParameterizedTest
  @MethodSource("files")
  void sameRecordsAsParquetJava(String name) throws Exception {
    Assumptions.assumeFalse(name.equals("<absent>"), "parquet-testing is absent");
    Path file = ParquetTestingFilesTest.dataDir().resolve(name);
    MessageType schema;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      schema = r.getFooter().getFileMetaData().getSchema();
    } catch (Exception e) {
      Assumptions.abort("parquet-java cannot open " + name + ": " + e);
      return;
    }
    boolean nested = false;
    for (Type t : schema.getFields()) {
      nested |= !t.isPrimitive() || t.isRepetition(Type.Repetition.REPEATED);
    }
    Assumptions.assumeTrue(nested, name + " has a flat schema");
    List<Map<String, Object>> expected;
    try {
      expected = NestedRecords.readWithParquetJava(file);
    } catch (Exception | LinkageError e) {
      Assumptions.abort("parquet-java " + org.apache.parquet.Version.VERSION_NUMBER + " cannot read " + name + ": " + e);
      return;
    }
    for (int capacity : new int[] {1, 3, 100, 4096}) {
      long seed = name.hashCode() * 31L + capacity;
      NestedRecordsDifferentialTest.readAndCompare(file, expected, capacity, new Random(seed), name + ", seed " + seed + ", capacity " + capacity);
    }
  }
}
