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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ParquetBatchReader} on any schema: choosing columns, listing them, per-leaf batches of whole records. */
class NestedReaderApiTest {
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m { required int64 id;"
      + " optional group tags (LIST) { repeated group list { optional binary element (STRING); } }"
      + " optional group st { optional int32 a; required group in { optional double d; } } }");

  private Path file(Path dir) throws Exception {
    Random random = new Random(17);
    List<Group> records = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      records.add(NestedRecords.randomRecord(SCHEMA, random));
    }
    Path f = dir.resolve("api.parquet");
    NestedRecords.write(f, SCHEMA, records, new NestedRecords.WriteOptions(false, true, 10, 1 << 20));
    return f;
  }

  @Test
  void choosesTopLevelFieldsOrLeafPaths(@TempDir Path dir) throws Exception {
    Path f = file(dir);
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(f), List.of("st", "tags"))) {
      assertEquals(List.of("id", "tags.list.element", "st.a", "st.in.d"), r.readableColumns());
      List<String> chosen = new ArrayList<>();
      for (ColumnDescriptor c : r.columns()) {
        chosen.add(String.join(".", c.getPath()));
      }
      assertEquals(List.of("st.a", "st.in.d", "tags.list.element"), chosen, "in the order named, a field's leaves in schema order");
      RecordBatch b = r.newRecordBatch(64);
      assertEquals(List.of("tags", "st"), b.fields().stream().map(RecordNode::name).collect(java.util.stream.Collectors.toList()),
          "the record batch's fields are in schema order");
    }
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(f), List.of("st.in.d"))) {
      RecordBatch b = r.newRecordBatch(64);
      assertEquals(RecordNode.Kind.STRUCT, b.field("st").kind());
      assertEquals(List.of("in"), b.field("st").children().stream().map(RecordNode::name).collect(java.util.stream.Collectors.toList()));
    }
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> ParquetBatchReader.open(new LocalInputFile(f), List.of("nope")));
    assertTrue(unknown.getMessage().contains("no field or column nope"), unknown.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ParquetBatchReader.open(new LocalInputFile(f), List.of("st", "st.a")));
  }

  @Test
  void perLeafBatchesHoldWholeRecordsAndNullsForEveryColumn(@TempDir Path dir) throws Exception {
    Path f = file(dir);
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(f));
        ParquetBatchReader records = ParquetBatchReader.open(new LocalInputFile(f))) {
      ColumnBatch[] batches = r.newBatches(7, ColumnBatch.Layout.DENSE);
      RecordBatch rb = records.newRecordBatch(7);
      int rows;
      while ((rows = r.nextBatch(batches)) > 0) {
        assertEquals(rows, records.nextBatch(rb));
        ColumnBatch id = batches[0];
        assertFalse(id.mayHaveNulls());
        for (int i = 0; i < rows; i++) {
          assertFalse(id.nulls()[i], "a required column's nulls are valid and false");
        }
        ColumnBatch tags = batches[1];
        assertEquals(rows, tags.rowCount());
        assertEquals(rows, tags.positionCount(0));
        assertEquals(tags.positionCount(1), tags.offsets(1)[rows]);
        assertArrayEquals(java.util.Arrays.copyOf(rb.columns().get(1).offsets(1), rows + 1), java.util.Arrays.copyOf(tags.offsets(1), rows + 1));
        ColumnBatch d = batches[3];
        assertEquals(2, d.maxDefinitionLevel());
        boolean[] stNull = new boolean[rows];
        d.fillNulls(0, d.fieldDefinitionLevel(0), stNull);
        for (int i = 0; i < rows; i++) {
          assertEquals(rb.field("st").isNull(i), stNull[i]);
          assertEquals(rb.field("st").isNull(i), rb.field("st").child("in").isNull(i), "a required struct is null where its parent is");
        }
      }
      assertEquals(0, records.nextBatch(rb), "both readers end together");
      assertEquals(0, rb.rowCount());
      for (ColumnBatch b : batches) {
        assertEquals(0, b.rowCount(), "the end of the file leaves no rows in a batch");
      }
      assertEquals(0, rb.field("tags").positionCount(), "the end of the file leaves no positions at any node");
      assertEquals(0, rb.field("tags").element().positionCount());
      assertEquals(0, rb.field("st").child("in").child("d").positionCount());
    }
  }
}
