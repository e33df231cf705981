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
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.denserow.DenseRowCodec;
import io.github.fastdecode.parquet.denserow.DenseRows;
import io.github.fastdecode.parquet.denserow.DenseType;
import io.github.fastdecode.parquet.denserow.DenseVector;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Whole nested records ({@link RecordBatch}, every schema shape of {@link
 * NestedRecordsDifferentialTest}: spec and legacy lists, maps with null values, structs, depth 4,
 * every physical type) through {@link DenseRows#forRecords} into the dense row codec, a run and back:
 * the records must be parquet-java's own, read by its record reader from the same file. Lives in
 * {@code column}'s test package for {@link NestedRecords}' oracle.
 */
class RecordBatchRowsTest {
  static final long SEED = 0xDE45_17L;

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
  void recordsRoundTripToParquetJavas(int schemaIndex, @TempDir Path dir) throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType(NestedRecordsDifferentialTest.SCHEMAS[schemaIndex]);
    long seed = SEED + schemaIndex;
    System.out.println("RecordBatchRowsTest seed " + seed + ", schema " + schemaIndex);
    Random random = new Random(seed);
    List<Group> written = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      written.add(NestedRecords.randomRecord(schema, random));
    }
    for (NestedRecords.WriteOptions o : new NestedRecords.WriteOptions[] {
        // V1 pages (dictionary and plain) only: see ColumnBatchRowsTest on V2 files and ResourceBoundsTest.
        new NestedRecords.WriteOptions(false, true, 7, 16 << 10), new NestedRecords.WriteOptions(false, false, 50, 1 << 20)}) {
      Path file = dir.resolve("nested-" + o + ".parquet");
      NestedRecords.write(file, schema, written, o);
      List<Map<String, Object>> expected = NestedRecords.readWithParquetJava(file);
      for (int capacity : new int[] {1, 64, 1000}) {
        String where = "seed " + seed + ", schema " + schemaIndex + ", " + o + ", capacity " + capacity;
        try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file))) {
          RecordBatch records = reader.newRecordBatch(capacity);
          DenseRows rows = DenseRows.forRecords(records);
          // a loader for records loads no column batches
          assertThrows(IllegalStateException.class, () -> rows.load(reader.newBatches(1, ColumnBatch.Layout.DENSE)), where);
          DenseRowCodec codec = new DenseRowCodec(rows.rowType());
          DenseVector back = DenseVector.create(rows.rowType(), 1);
          int[] sizes = new int[capacity];
          int at = 0;
          for (int n = reader.nextBatch(records); n > 0; n = reader.nextBatch(records)) {
            DenseVector batch = rows.load(records);
            assertEquals(n, batch.size(), where);
            byte[] run = new byte[(int) codec.runSize(batch, DenseRowCodec.LENGTH_PREFIXED, sizes)];
            codec.serializeRun(batch, DenseRowCodec.LENGTH_PREFIXED, sizes, run, 0);
            back.reset();
            assertEquals(n, codec.deserializeRun(run, 0, run.length, back), where);
            for (int r = 0; r < n; r++) {
              Object want = dense(expected.get(at + r), rows.rowType());
              assertEquals(want, batch.getObject(r), where + ", loaded record " + (at + r) + " of " + rows.rowType());
              assertEquals(want, back.getObject(r), where + ", record " + (at + r));
            }
            at += n;
          }
          assertEquals(expected.size(), at, where);
        }
      }
    }
  }

  /** A record in {@link NestedRecords}' form as {@link DenseVector#getObject} gives it. */
  static Object dense(Object v, DenseType t) {
    if (v == null) {
      return null;
    }
    switch (t.kind()) {
      case ROW: {
        List<Object> out = new ArrayList<>();
        int f = 0;
        for (Object field : ((Map<?, ?>) v).values()) {
          out.add(dense(field, t.child(f++)));
        }
        return out;
      }
      case ARRAY: {
        List<Object> out = new ArrayList<>();
        for (Object e : (List<?>) v) {
          out.add(dense(e, t.child(0)));
        }
        return out;
      }
      case MAP: {
        List<Object> out = new ArrayList<>();
        for (Object e : (List<?>) v) {
          List<?> kv = (List<?>) e;
          out.add(Arrays.asList(dense(kv.get(0), t.child(0)), dense(kv.get(1), t.child(1))));
        }
        return out;
      }
      case BINARY:
      case FIXED:
        return ByteBuffer.wrap(((Binary) v).getBytes());
      default:
        return v;
    }
  }
}
