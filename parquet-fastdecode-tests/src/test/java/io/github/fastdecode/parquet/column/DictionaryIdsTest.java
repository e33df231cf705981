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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.ColumnEntries;
import io.github.fastdecode.parquet.conformance.FastDecodeColumns;
import io.github.fastdecode.parquet.conformance.ParquetJavaColumns;
import io.github.fastdecode.parquet.conformance.ReaderConformance;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Batches that keep dictionary ids ({@link ColumnBatch#keepDictionaryIds()}), on chunks whose
 * dictionary overflows so the writer falls back to plain pages part-way: ids where pages are
 * dictionary-encoded, values after the fallback, and a batch spanning the switch holding values.
 * Compared with parquet-java's column reader.
 */
class DictionaryIdsTest {
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message t { required binary s (STRING); optional int64 l; optional double d; required int32 i; optional fixed_len_byte_array(5) f; }");
  static final int ROWS = 12_000;

  @TempDir
  Path dir;

  /** The first half repeats a few values per column, the second half is distinct: the dictionary overflows there. */
  private Path write(WriterVersion version) throws IOException {
    Path file = dir.resolve("fallback-" + version + ".parquet");
    Random random = new Random(71);
    System.out.println("DictionaryIdsTest seed 71, " + version);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(version)
        .withDictionaryEncoding(true).withDictionaryPageSize(4 * 1024).withPageSize(2 * 1024)
        .withPageRowCountLimit(700).build()) {
      for (int row = 0; row < ROWS; row++) {
        long v = row < ROWS / 2 ? random.nextInt(20) : random.nextLong();
        Group g = groups.newGroup().append("s", "v" + v).append("i", (int) v);
        if (random.nextInt(7) != 0) {
          g.append("l", v);
        }
        if (random.nextInt(5) != 0) {
          g.append("d", v / 3.0);
        }
        if (random.nextInt(3) != 0) {
          g.append("f", org.apache.parquet.io.api.Binary.fromConstantByteArray(new byte[] {(byte) v, (byte) (v >> 8), 1, 2, (byte) (v >> 16)}));
        }
        w.write(g);
      }
    }
    return file;
  }

  @ParameterizedTest
  @EnumSource(WriterVersion.class)
  void idsThenValuesMatchParquetJava(WriterVersion version) throws IOException {
    Path file = write(version);
    assertEveryColumnFallsBack(file);
    Map<String, ColumnEntries> expected = ParquetJavaColumns.read(file, null);
    // ROWS in one batch spans the switch from dictionary to plain pages in every column.
    for (int batch : new int[] {1, 97, 4096, ROWS}) {
      for (ColumnBatch.Layout layout : ColumnBatch.Layout.values()) {
        Map<String, ColumnEntries> ours = FastDecodeColumns.read(file, null, batch, layout, true);
        for (String c : expected.keySet()) {
          ReaderConformance.compare(file + " batch " + batch + " " + layout, c, expected.get(c).values(), ours.get(c).values())
              .ifPresent(m -> {
                throw new AssertionError(m.toString());
              });
        }
      }
    }
    ReaderConformance.assertFile(file, ReaderConformance.fastdecodeWithDictionaryIds(333, ColumnBatch.Layout.DENSE));
  }

  private static void assertEveryColumnFallsBack(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (ColumnChunkMetaData c : r.getFooter().getBlocks().get(0).getColumns()) {
        if (c.getPath().toDotString().equals("f") && !c.getEncodings().stream().anyMatch(Encoding::usesDictionary)) {
          continue; // the V1 writer has no dictionary for FIXED_LEN_BYTE_ARRAY
        }
        assertTrue(c.getEncodings().stream().anyMatch(Encoding::usesDictionary)
            && c.getEncodings().stream().anyMatch(e -> e == Encoding.PLAIN || e.name().startsWith("DELTA_")),
            c.getPath() + " has dictionary pages and then fallback pages: " + c.getEncodings());
      }
    }
  }

  /** What a batch holds, batch by batch: ids while pages are dictionary-encoded, then values. */
  @Test
  void batchesHoldIdsThenValues() throws IOException {
    Path file = write(WriterVersion.PARQUET_1_0);
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      ColumnDescriptor s = r.getFooter().getFileMetaData().getSchema().getColumns().get(0);
      r.setRequestedSchema(ParquetBatchReader.projection(r.getFooter().getFileMetaData().getSchema(), List.of(s)));
      PageReadStore store = r.readNextRowGroup();
      ColumnChunkReader chunk = new ColumnChunkReader(s, store.getPageReader(s), 0);
      ColumnBatch batch = ColumnBatch.forColumn(s, 500).keepDictionaryIds();
      assertTrue(batch.keepsDictionaryIds());
      int idBatches = 0;
      int valueBatches = 0;
      boolean valuesSeen = false;
      while (chunk.readBatch(batch) > 0) {
        if (batch.hasDictionaryIds()) {
          assertFalse(valuesSeen, "ids after values");
          idBatches++;
          int size = batch.dictionary().size();
          for (int i = 0; i < batch.valueCount(); i++) {
            int id = batch.dictionaryIds()[i];
            assertTrue(id >= 0 && id < size, "id " + id + " of " + size);
          }
          assertEquals(batch.valueCount(), batch.rowCount());
        } else {
          valuesSeen = true;
          valueBatches++;
          assertNull(batch.dictionary());
          assertEquals(batch.valueCount(), batch.binaries().size());
        }
      }
      assertTrue(idBatches > 0 && valueBatches > 0, idBatches + " id batches, " + valueBatches + " value batches");
    }
  }

  @Test
  void booleanColumnsHaveNoIds() {
    ColumnDescriptor b = MessageTypeParser.parseMessageType("message m { required boolean b; }").getColumns().get(0);
    assertThrows(UnsupportedOperationException.class, () -> ColumnBatch.forColumn(b, 10).keepDictionaryIds());
  }
}
