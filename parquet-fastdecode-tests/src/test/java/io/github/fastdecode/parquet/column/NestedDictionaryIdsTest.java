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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Record batches that keep the dictionary ids of their byte-array leaves ({@link
 * RecordBatch#keepDictionaryIds()}): the records they describe, ids looked up in the batch's
 * dictionary, equal parquet-java's record reader on the same files, through every list, map and
 * struct shape with strings or fixed-length byte arrays, V1 and V2 pages, batch sizes from 1 and
 * seeded skips; and a chunk whose dictionary overflows part-way (the writer falls back to plain
 * pages) gives ids before the switch and values from the batch that meets it on.
 */
class NestedDictionaryIdsTest {
  /** Schemas of {@link NestedRecordsDifferentialTest#SCHEMAS} with a BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY leaf. */
  private static final int[] BYTE_ARRAY_SCHEMAS = {2, 3, 4, 9};

  static Stream<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    NestedRecords.WriteOptions[] options = {
      new NestedRecords.WriteOptions(false, true, 7, 16 << 10),
      new NestedRecords.WriteOptions(true, true, 5, 8 << 10),
    };
    for (int s : BYTE_ARRAY_SCHEMAS) {
      for (NestedRecords.WriteOptions o : options) {
        out.add(Arguments.of(s, o));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "schema {0}, {1}")
  @MethodSource("cases")
  void recordsWithIdsEqualParquetJavas(int schemaIndex, NestedRecords.WriteOptions options, @TempDir Path dir) throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType(NestedRecordsDifferentialTest.SCHEMAS[schemaIndex]);
    long seed = NestedRecordsDifferentialTest.SEED + 7 * schemaIndex + options.toString().hashCode();
    System.out.println("NestedDictionaryIdsTest seed " + seed);
    Random random = new Random(seed);
    List<Group> written = new ArrayList<>();
    for (int i = 0; i < 1500; i++) {
      written.add(NestedRecords.randomRecord(schema, random, true)); // few values: the dictionaries hold
    }
    Path file = dir.resolve("nested.parquet");
    NestedRecords.write(file, schema, written, options);
    List<Map<String, Object>> expected = NestedRecords.readWithParquetJava(file);
    int withIds = 0;
    for (int capacity : new int[] {1, 3, 64, 1000}) {
      String where = "seed " + seed + ", schema " + schemaIndex + ", " + options + ", capacity " + capacity;
      withIds += NestedRecordsDifferentialTest.readAndCompare(file, expected, capacity, new Random(seed + capacity), where, true);
    }
    // parquet-java's writer gives up a dictionary that does not pay on the first page (and writes
    // FIXED_LEN_BYTE_ARRAY dictionaries only with V2 pages): ids are due where a chunk kept one.
    if (dictionaryEncodedByteArrays(file)) {
      assertTrue(withIds > 0, "seed " + seed + ", schema " + schemaIndex + ", " + options + ": no batch held dictionary ids");
    }
  }

  /** Whether a byte-array column chunk of the file has dictionary-encoded pages. */
  private static boolean dictionaryEncodedByteArrays(Path file) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      for (BlockMetaData rowGroup : reader.getRowGroups()) {
        for (ColumnChunkMetaData chunk : rowGroup.getColumns()) {
          PrimitiveTypeName type = chunk.getPrimitiveType().getPrimitiveTypeName();
          if ((type == PrimitiveTypeName.BINARY || type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
              && chunk.getEncodings().stream().anyMatch(Encoding::usesDictionary)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  static final MessageType FALLBACK_SCHEMA = MessageTypeParser.parseMessageType("message m {"
      + " optional group tags (LIST) { repeated group list { optional binary element (STRING); } }"
      + " optional group attrs (MAP) { repeated group key_value { required binary key (STRING); optional int64 value; } } }");
  static final int FALLBACK_ROWS = 6000;

  /** The first half's strings repeat a few words, the second half's are distinct: the dictionary overflows there. */
  private static Path writeFallback(Path dir, WriterVersion version, long seed) throws IOException {
    Path file = dir.resolve("fallback-" + version + ".parquet");
    Random random = new Random(seed);
    SimpleGroupFactory groups = new SimpleGroupFactory(FALLBACK_SCHEMA);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(FALLBACK_SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(version)
        .withDictionaryEncoding(true).withDictionaryPageSize(2 * 1024).withPageSize(1024)
        .withPageRowCountLimit(300).build()) {
      for (int row = 0; row < FALLBACK_ROWS; row++) {
        boolean distinct = row >= FALLBACK_ROWS / 2;
        Group g = groups.newGroup();
        int n = random.nextInt(10) - 1;
        if (n >= 0) {
          Group l = g.addGroup("tags");
          for (int i = 0; i < n; i++) {
            Group e = l.addGroup("list");
            if (random.nextInt(8) != 0) {
              e.append("element", word(random, distinct));
            }
          }
        }
        n = random.nextInt(6) - 1;
        if (n >= 0) {
          Group m = g.addGroup("attrs");
          for (int i = 0; i < n; i++) {
            Group e = m.addGroup("key_value").append("key", word(random, distinct));
            if (random.nextInt(5) != 0) {
              e.append("value", (long) random.nextInt(3));
            }
          }
        }
        w.write(g);
      }
    }
    return file;
  }

  private static String word(Random random, boolean distinct) {
    return distinct ? "w" + random.nextLong() : "w" + random.nextInt(12);
  }

  @ParameterizedTest
  @EnumSource(value = WriterVersion.class)
  void idsUntilTheDictionaryOverflowsThenValues(WriterVersion version, @TempDir Path dir) throws Exception {
    long seed = 1711;
    System.out.println("NestedDictionaryIdsTest seed " + seed + ", " + version);
    Path file = writeFallback(dir, version, seed);
    List<Map<String, Object>> expected = NestedRecords.readWithParquetJava(file);
    assertEquals(FALLBACK_ROWS, expected.size());
    for (int capacity : new int[] {1, 7, 100, 4096}) {
      String where = "seed " + seed + ", " + version + ", capacity " + capacity;
      NestedRecordsDifferentialTest.readAndCompare(file, expected, capacity, new Random(seed + capacity), where, true);
    }
    // Whole reads without skips: every byte-array leaf holds ids in the first batch and values in the last.
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file))) {
      RecordBatch batch = reader.newRecordBatch(100).keepDictionaryIds();
      boolean first = true;
      boolean[] sawIds = new boolean[batch.columns().size()];
      boolean[] sawValues = new boolean[batch.columns().size()];
      while (reader.nextBatch(batch) > 0) {
        for (int i = 0; i < batch.columns().size(); i++) {
          ColumnBatch c = batch.columns().get(i);
          if (c.type() != PrimitiveTypeName.BINARY) {
            assertFalse(c.keepsDictionaryIds(), c.column() + " is not a byte-array leaf");
            assertNull(c.dictionary());
            continue;
          }
          assertTrue(c.keepsDictionaryIds());
          if (first) {
            assertTrue(c.hasDictionaryIds(), c.column() + ": the first batch holds ids");
          }
          if (c.hasDictionaryIds()) {
            assertNotNull(c.dictionary());
            sawIds[i] = true;
          } else {
            assertNull(c.dictionary());
            sawValues[i] = true;
          }
        }
        first = false;
      }
      for (int i = 0; i < sawIds.length; i++) {
        if (batch.columns().get(i).type() == PrimitiveTypeName.BINARY) {
          assertTrue(sawIds[i] && sawValues[i], batch.columns().get(i).column() + ": ids, then values after the fallback");
        }
      }
    }
  }
}
