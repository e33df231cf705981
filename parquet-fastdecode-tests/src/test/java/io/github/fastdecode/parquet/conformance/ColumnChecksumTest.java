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
package io.github.fastdecode.parquet.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ColumnChecksum} folds parquet-java's column reader and this library's batches alike (every
 * generated column, flat and nested, any batch size, values or dictionary ids), and tells apart
 * columns that differ in one value or in a null.
 */
class ColumnChecksumTest {
  @TempDir
  Path dir;
  /** Batches {@link #batches} read that held dictionary ids. */
  private int idBatches;

  /** Tiny pages put page boundaries inside batches; without them the dictionaries last, so ids are read. */
  @ParameterizedTest
  @CsvSource({"false, false", "false, true", "true, false", "true, true"})
  void parquetJavaAndBatchesFoldEveryGeneratedColumnAlike(boolean v2, boolean tinyPages) throws IOException {
    Path file = GeneratedFiles.write(dir, new GeneratedFiles.Spec(v2 ? WriterVersion.PARQUET_2_0 : WriterVersion.PARQUET_1_0,
        true, false, CompressionCodecName.SNAPPY, tinyPages, 20, true, 3000, 7));
    Map<String, Long> expected = parquetJava(file);
    assertEquals(GeneratedFiles.SCHEMA.getColumns().size(), expected.size());
    for (int batchSize : new int[] {1, 97, 4096}) {
      assertEquals(expected, batches(file, batchSize, false), "batch size " + batchSize);
    }
    Map<String, Long> ids = batches(file, 97, true);
    if (!tinyPages) {
      assertTrue(idBatches > 0, "no batch held dictionary ids");
    }
    for (String binary : List.of("r_str", "o_str", "r_bin", "o_bin", "g.y")) {
      assertEquals(expected.get(binary), ids.get(binary), binary + " from dictionary ids");
    }
  }

  @Test
  void nestedColumnsFoldAlike() throws IOException {
    Path file = nested("nested.parquet", -1);
    Map<String, Long> expected = parquetJava(file);
    for (int batchSize : new int[] {1, 5, 1000}) {
      assertEquals(expected, batches(file, batchSize, false), "batch size " + batchSize);
    }
  }

  @Test
  void oneChangedValueOrNullChangesOnlyItsColumn() throws IOException {
    Map<String, Long> base = parquetJava(nested("base.parquet", -1));
    Map<String, Long> changed = parquetJava(nested("changed.parquet", 37));
    assertNotEquals(base.get("id"), changed.get("id"));
    assertNotEquals(base.get("name"), changed.get("name"));
    assertEquals(base.get("tags.list.element"), changed.get("tags.list.element"));
    // Batches see the same difference.
    assertEquals(changed, batches(dir.resolve("changed.parquet"), 64, false));
  }

  @Test
  void batchesOfRowPositionsAreRefused() throws IOException {
    ColumnDescriptor c = GeneratedFiles.SCHEMA.getColumnDescription(new String[] {"o_i32"});
    ColumnBatch batch = ColumnBatch.forColumn(c, 8, ColumnBatch.Layout.ROW_POSITIONS);
    assertThrows(IllegalArgumentException.class, () -> new ColumnChecksum(c).add(batch, 0));
  }

  private static final MessageType NESTED = MessageTypeParser.parseMessageType(
      "message m { required int64 id; optional binary name (STRING);"
          + " optional group tags (LIST) { repeated group list { optional int32 element; } } }");

  /**
   * 200 rows of {@link #NESTED}: null names, null and empty lists, null elements. Row {@code
   * changed} (if not -1) has its id one higher and its name null.
   */
  private Path nested(String name, int changed) throws IOException {
    Path file = dir.resolve(name);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(NESTED).build()) {
      SimpleGroupFactory f = new SimpleGroupFactory(NESTED);
      for (int r = 0; r < 200; r++) {
        Group g = f.newGroup().append("id", (long) r * 1_000_003 + (r == changed ? 1 : 0));
        if (r % 7 != 0 && r != changed) {
          g.append("name", Binary.fromString("name-" + r));
        }
        if (r % 5 != 0) {
          Group tags = g.addGroup("tags");
          for (int e = 0; e < r % 4; e++) {
            Group element = tags.addGroup("list");
            if ((r + e) % 3 != 0) {
              element.append("element", r * 10 + e);
            }
          }
        }
        w.write(g);
      }
    }
    return file;
  }

  /** Each column's checksum through parquet-java's column reader, by dotted path. */
  private static Map<String, Long> parquetJava(Path file) throws IOException {
    Map<String, Long> out = new LinkedHashMap<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      Map<String, ColumnChecksum> sums = new LinkedHashMap<>();
      for (ColumnDescriptor c : schema.getColumns()) {
        sums.put(String.join(".", c.getPath()), new ColumnChecksum(c));
      }
      PageReadStore store;
      while ((store = reader.readNextRowGroup()) != null) {
        ColumnReadStoreImpl columns = new ColumnReadStoreImpl(store, new GroupRecordConverter(schema).getRootConverter(), schema, createdBy);
        for (ColumnDescriptor c : schema.getColumns()) {
          ColumnReader r = columns.getColumnReader(c);
          ColumnChecksum sum = sums.get(String.join(".", c.getPath()));
          for (long i = 0, n = r.getTotalValueCount(); i < n; i++) {
            sum.addCurrent(r);
            r.consume();
          }
        }
      }
      sums.forEach((k, v) -> out.put(k, v.value()));
    }
    return out;
  }

  /** Each column's checksum through this library's batches of {@code batchSize}; ids kept for BINARY columns if asked. */
  private Map<String, Long> batches(Path file, int batchSize, boolean ids) throws IOException {
    Map<String, Long> out = new LinkedHashMap<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      List<ColumnDescriptor> columns = reader.getFooter().getFileMetaData().getSchema().getColumns();
      Map<String, ColumnChecksum> sums = new LinkedHashMap<>();
      Map<String, ColumnBatch> batches = new LinkedHashMap<>();
      for (ColumnDescriptor c : columns) {
        String name = String.join(".", c.getPath());
        sums.put(name, new ColumnChecksum(c));
        ColumnBatch batch = ColumnBatch.forColumn(c, batchSize);
        if (ids && c.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY) {
          batch.keepDictionaryIds();
        }
        batches.put(name, batch);
      }
      PageReadStore store;
      int rowGroup = 0;
      while ((store = reader.readNextRowGroup()) != null) {
        for (ColumnDescriptor c : columns) {
          String name = String.join(".", c.getPath());
          ColumnChunkReader chunk = new ColumnChunkReader(c, store.getPageReader(c), rowGroup);
          ColumnBatch batch = batches.get(name);
          while (chunk.readBatch(batch) > 0) {
            idBatches += batch.hasDictionaryIds() ? 1 : 0;
            sums.get(name).add(batch, batch.entryCount());
          }
        }
        rowGroup++;
      }
      sums.forEach((k, v) -> out.put(k, v.value()));
    }
    return out;
  }
}
