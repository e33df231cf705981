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
package io.github.fastdecode.parquet.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import io.github.fastdecode.parquet.column.RecordBatch;
import io.github.fastdecode.parquet.column.RecordNode;
import io.github.fastdecode.parquet.conformance.InMemoryPageReader;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/**
 * Record assembly over fuzzed levels: a nested INT64 column (lists, maps, structs, up to four
 * repeated levels) whose V1 and V2 pages hold levels the fuzzer chooses (in range most of the
 * time, anything some of the time) and fewer or more values than they need, read in whole-record
 * batches with skips between them. Every read either succeeds with consistent offsets, nulls and
 * positions at every node, or fails with a {@link org.apache.parquet.io.ParquetDecodingException}
 * naming column, row group and page.
 */
class NestedAssemblyFuzzTest {
  static final int ROW_GROUP = 4;
  static final String[] SCHEMAS = {
    "message m { optional group a (LIST) { repeated group list { optional int64 element; } } }",
    "message m { required group a { repeated int64 r; } }",
    "message m { optional group a (LIST) { repeated group list { optional group element (LIST) { repeated group list { required int64 element; } } } } }",
    "message m { optional group m (MAP) { repeated group key_value { required int64 key; optional int64 value; } } }",
    "message m { optional group a (LIST) { repeated group list { optional group element (LIST) { repeated group list {"
        + " required group element (LIST) { repeated group list { optional group element (LIST) { repeated group list {"
        + " optional int64 element; } } } } } } } } }",
    "message m { optional group s { optional group t { repeated group g { optional int64 x; } } } }",
  };
  static final long SEED = 0x17_0003L;

  @FuzzTest
  void assembly(FuzzedDataProvider data) {
    int inputBytes = data.remainingBytes();
    MessageType schema = MessageTypeParser.parseMessageType(SCHEMAS[data.consumeInt(0, SCHEMAS.length - 1)]);
    List<ColumnDescriptor> leaves = schema.getColumns();
    ColumnDescriptor column = leaves.get(leaves.size() - 1);
    int capacity = data.consumeInt(1, 64);
    List<DataPage> pages = pages(data, column);
    int[] ops = new int[data.consumeInt(0, 8)];
    for (int i = 0; i < ops.length; i++) {
      ops[i] = data.consumeInt(-capacity, capacity);
    }
    RecordBatch batch = RecordBatch.forColumns(schema, List.of(column), capacity);
    String path = String.join(".", column.getPath());
    // A fresh chunk reader per run (its level and value readers' scratch) is most of what an input
    // allocates: 1 KiB per input byte covers it; a batch grown by a lying page is far beyond.
    FuzzCheck.check("nested assembly", ColumnChunkFuzzTest.namesLocation(path, ROW_GROUP), FuzzCheck.PER_INPUT_BYTE * 32, inputBytes, () -> {
      ColumnChunkReader chunk = new ColumnChunkReader(column, InMemoryPageReader.of(null, pages), ROW_GROUP);
      ColumnChunkReader[] chunks = {chunk};
      for (int op : ops) {
        if (op < 0) {
          try {
            chunk.skipRows(-op);
          } catch (IllegalArgumentException e) {
            return; // fewer records than the skip: the chunk is at its end
          }
        } else {
          int n = batch.read(chunks, Math.max(op, 1));
          FuzzCheck.produced(consistent(batch, n));
        }
      }
      for (int i = 0; i < 16 && batch.read(chunks, capacity) > 0; i++) {
        FuzzCheck.produced(consistent(batch, batch.rowCount()));
      }
    });
  }

  /** Pages of fuzzed levels and values for {@code column}. */
  static List<DataPage> pages(FuzzedDataProvider data, ColumnDescriptor column) {
    int maxRep = column.getMaxRepetitionLevel();
    int maxDef = column.getMaxDefinitionLevel();
    List<DataPage> pages = new ArrayList<>();
    int count = data.consumeInt(0, 4);
    for (int p = 0; p < count; p++) {
      boolean v2 = data.consumeInt(0, 1) == 1;
      boolean wild = data.consumeInt(0, 7) == 0;
      int n = data.consumeInt(0, 200);
      int[] rep = new int[n];
      int[] def = new int[n];
      int nonNull = 0;
      for (int i = 0; i < n; i++) {
        rep[i] = data.consumeInt(0, wild ? bitsMax(maxRep) : maxRep);
        def[i] = data.consumeInt(0, wild ? bitsMax(maxDef) : maxDef);
        nonNull += def[i] == maxDef ? 1 : 0;
      }
      int values = Math.max(0, nonNull + (wild ? data.consumeInt(-3, 3) : 0));
      long[] v = new long[values];
      for (int i = 0; i < values; i++) {
        v[i] = data.consumeInt(-4, 4);
      }
      byte[] plain = ParquetJavaPages.plainLongs(v);
      int rows = 0;
      for (int r : rep) {
        rows += r == 0 ? 1 : 0;
      }
      if (v2) {
        pages.add(DataPageV2.uncompressed(rows + (wild ? data.consumeInt(-2, 2) : 0), n - nonNull, n,
            BytesInput.from(ParquetJavaPages.rleRaw(rep, bits(maxRep))), BytesInput.from(ParquetJavaPages.rleRaw(def, bits(maxDef))),
            Encoding.PLAIN, BytesInput.from(plain), null));
      } else {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(ParquetJavaPages.rleLengthPrefixed(rep, bits(maxRep)));
        body.writeBytes(ParquetJavaPages.rleLengthPrefixed(def, bits(maxDef)));
        body.writeBytes(plain);
        byte[] b = body.toByteArray();
        pages.add(new DataPageV1(BytesInput.from(b), n, b.length, null, Encoding.RLE, Encoding.RLE, Encoding.PLAIN));
      }
    }
    return pages;
  }

  private static int bits(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  private static int bitsMax(int max) {
    return (1 << bits(max)) - 1;
  }

  /** Checks a read's offsets, nulls and positions at every node; returns the bytes the batch holds. */
  static long consistent(RecordBatch batch, int rows) {
    if (rows != batch.rowCount()) {
      throw new AssertionError("read " + rows + " records, batch says " + batch.rowCount());
    }
    for (RecordNode f : batch.fields()) {
      check(f, rows);
    }
    ColumnBatch c = batch.columns().get(0);
    if (c.valueCount() != c.leafCount() - c.nullCount()) {
      throw new AssertionError(c.valueCount() + " values for " + c.leafCount() + " leaves with " + c.nullCount() + " nulls");
    }
    return 9L * c.entryCount() + 8L * c.valueCount() + 5L * c.leafCount();
  }

  private static void check(RecordNode n, int positions) {
    if (n.positionCount() != positions) {
      throw new AssertionError(n.name() + ": " + n.positionCount() + " positions, its parent gives " + positions);
    }
    int childPositions = positions;
    if (n.kind() == RecordNode.Kind.LIST || n.kind() == RecordNode.Kind.MAP) {
      int[] o = n.offsets();
      if (o[0] != 0) {
        throw new AssertionError(n.name() + ": offsets start at " + o[0]);
      }
      for (int p = 0; p < positions; p++) {
        if (o[p + 1] < o[p] || (n.nulls()[p] && o[p + 1] != o[p])) {
          throw new AssertionError(n.name() + ": offsets " + o[p] + ", " + o[p + 1] + " at " + p + (n.nulls()[p] ? " (null)" : ""));
        }
      }
      childPositions = o[positions];
    }
    for (RecordNode c : n.children()) {
      check(c, childPositions);
    }
  }

  /** Outside fuzzing: seeded random inputs, so the target runs in every build. */
  @Test
  void randomInputs() {
    Random random = new Random(SEED);
    System.out.println("NestedAssemblyFuzzTest.randomInputs seed " + SEED);
    for (int i = 0; i < 3000; i++) {
      byte[] input = new byte[random.nextInt(4000)];
      random.nextBytes(input);
      assembly(FuzzSeed.replay(input));
    }
  }
}
