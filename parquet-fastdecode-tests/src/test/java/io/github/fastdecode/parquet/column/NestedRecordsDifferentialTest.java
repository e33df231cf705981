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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Generated nested files read whole by {@link ParquetBatchReader#nextBatch(RecordBatch)} equal
 * parquet-java's record reader ({@code GroupReadSupport}) on the same files: every schema shape
 * (lists in the spec's and the legacy forms, maps with null values, structs, depth up to 4,
 * optional and required at each level), V1 and V2 pages, dictionary and plain, pages of a few rows,
 * several row groups, batch sizes from 1 and seeded skips between reads.
 */
class NestedRecordsDifferentialTest {
  static final long SEED = 0x5eed17L;

  static final String[] SCHEMAS = {
    // list<int64>, optional list, optional elements
    "message m { optional group a (LIST) { repeated group list { optional int64 element; } } }",
    // required list of required elements, next to a flat required column
    "message m { required int64 id; required group a (LIST) { repeated group list { required int32 element; } } }",
    // list<struct<int32, string>>
    "message m { optional group a (LIST) { repeated group list { optional group element { optional int32 x; optional binary s (STRING); } } } }",
    // map<string, int64> with null values, and a map of required values
    "message m { optional group m (MAP) { repeated group key_value { required binary key (STRING); optional int64 value; } }"
        + " required group r (MAP) { repeated group key_value { required int32 key; required double value; } } }",
    // legacy two-level lists
    "message m { optional group a (LIST) { repeated int32 array; }"
        + " optional group b (LIST) { repeated group array { optional int32 x; } }"
        + " optional group c (LIST) { repeated group c_tuple { optional int32 x; } }"
        + " optional group d (LIST) { repeated group element { optional int32 x; required binary y; } } }",
    // repeated fields with no LIST annotation
    "message m { repeated int32 r; repeated group g { optional int32 x; repeated int64 y; } }",
    // depth 4: list<list<list<list<int32>>>>, optional and required levels mixed
    "message m { optional group l1 (LIST) { repeated group list { optional group element (LIST) { repeated group list {"
        + " required group element (LIST) { repeated group list { optional group element (LIST) { repeated group list {"
        + " optional int32 element; } } } } } } } } }",
    // struct<struct<list<struct<map<int32, list<double>>>>>>
    "message m { optional group s { required group t { optional group u (LIST) { repeated group list { optional group element {"
        + " optional group m (MAP) { repeated group key_value { required int32 key; optional group value (LIST) {"
        + " repeated group list { required double element; } } } } } } } } } }",
    // flat columns in optional groups (definition levels above 1) beside a list
    "message m { required int64 id; optional group st { optional int32 a; required boolean b; optional group c { optional float f; } }"
        + " optional group l (LIST) { repeated group list { optional group element { required group in { optional int32 z; } } } } }",
    // every physical type as list elements
    "message m { optional group bo (LIST) { repeated group list { optional boolean element; } }"
        + " optional group i96 (LIST) { repeated group list { optional int96 element; } }"
        + " optional group fx (LIST) { repeated group list { optional fixed_len_byte_array(3) element; } }"
        + " optional group fl (LIST) { repeated group list { optional float element; } }"
        + " optional group db (LIST) { repeated group list { required double element; } } }",
  };

  static Stream<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    NestedRecords.WriteOptions[] options = {
      new NestedRecords.WriteOptions(false, true, 7, 16 << 10),
      new NestedRecords.WriteOptions(true, true, 5, 8 << 10),
      new NestedRecords.WriteOptions(false, false, 3, 1 << 20),
      new NestedRecords.WriteOptions(true, false, 50, 4 << 10),
    };
    for (int s = 0; s < SCHEMAS.length; s++) {
      for (NestedRecords.WriteOptions o : options) {
        out.add(Arguments.of(s, o));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "schema {0}, {1}")
  @MethodSource("cases")
  void recordsEqualParquetJavas(int schemaIndex, NestedRecords.WriteOptions options, @TempDir Path dir) throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType(SCHEMAS[schemaIndex]);
    long seed = SEED + schemaIndex * 31L + options.toString().hashCode();
    Random random = new Random(seed);
    List<Group> written = new ArrayList<>();
    for (int i = 0; i < 1500; i++) {
      written.add(NestedRecords.randomRecord(schema, random));
    }
    Path file = dir.resolve("nested.parquet");
    NestedRecords.write(file, schema, written, options);
    List<Map<String, Object>> expected = NestedRecords.readWithParquetJava(file);
    assertEquals(written.size(), expected.size());
    for (int capacity : new int[] {1, 2, 3, 7, 64, 1000}) {
      String where = "seed " + seed + ", schema " + schemaIndex + ", " + options + ", capacity " + capacity;
      readAndCompare(file, expected, capacity, new Random(seed + capacity), where);
    }
  }

  /** Reads with batches of {@code capacity} and random skips between them, comparing every record. */
  static void readAndCompare(Path file, List<Map<String, Object>> expected, int capacity, Random random, String where) throws Exception {
    readAndCompare(file, expected, capacity, random, where, false);
  }

  /**
   * As {@link #readAndCompare(Path, List, int, Random, String)}, the batch keeping dictionary ids of
   * its byte-array leaves when {@code ids} ({@link RecordBatch#keepDictionaryIds()}); returns how
   * many leaf batches held ids.
   */
  static int readAndCompare(Path file, List<Map<String, Object>> expected, int capacity, Random random, String where, boolean ids)
      throws Exception {
    int withIds = 0;
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file))) {
      RecordBatch batch = reader.newRecordBatch(capacity);
      if (ids) {
        batch.keepDictionaryIds();
      }
      int row = 0;
      while (true) {
        if (random.nextInt(3) == 0) {
          long skip = Math.min(reader.remainingRows(), random.nextInt(2 * capacity + 5));
          reader.skipRows(skip);
          row += skip;
        }
        int n = reader.nextBatch(batch);
        if (n == 0) {
          break;
        }
        List<Map<String, Object>> got = NestedRecords.records(batch);
        for (int i = 0; i < n; i++) {
          assertEquals(expected.get(row + i), got.get(i), where + ", record " + (row + i));
        }
        for (ColumnBatch c : batch.columns()) {
          withIds += c.hasDictionaryIds() ? 1 : 0;
        }
        row += n;
      }
      assertEquals(expected.size(), row, where);
    }
    return withIds;
  }
}
