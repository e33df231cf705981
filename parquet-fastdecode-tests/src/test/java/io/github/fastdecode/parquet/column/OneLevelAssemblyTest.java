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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.InMemoryPageReader;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.util.ArrayList;
import java.util.Arrays;
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
 * Columns with one repeated field, assembled straight from the level window (record starts as
 * bits): every batch size 1..70 over generated levels (null and empty lists, null elements, records
 * longer than 64 entries and than a level window) in V1 pages split anywhere (inside records) and
 * V2 pages split at records, compared with positions computed entry by entry from the same levels;
 * the levels made on request equal the written ones and those of a batch made without the schema;
 * corrupt levels fail with a {@link ColumnReadException} naming column, row group and page.
 */
class OneLevelAssemblyTest {
  static final long SEED = 0x17_1e7eL;

  /** Schemas with one repeated field: the column is each one's only leaf. */
  static final String[] SCHEMAS = {
    "message m { optional group a (LIST) { repeated group list { optional int64 element; } } }",
    "message m { required group a (LIST) { repeated group list { required int64 element; } } }",
    "message m { repeated int64 r; }",
    "message m { optional group s { repeated group g { optional int64 x; } } }",
  };

  /** One chunk's levels and values. */
  static final class Chunk {
    final ColumnDescriptor column;
    final int reach;
    final int[] rep;
    final int[] def;
    final long[] values;

    Chunk(ColumnDescriptor column, int reach, int[] rep, int[] def, long[] values) {
      this.column = column;
      this.reach = reach;
      this.rep = rep;
      this.def = def;
      this.values = values;
    }
  }

  /**
   * Random records: null lists (where the schema allows), empty lists, elements null or not, lengths
   * mostly short, sometimes past 64 entries, once in a while past {@code longest}.
   */
  static Chunk chunk(MessageType schema, Random random, int records, int longest) {
    ColumnDescriptor c = schema.getColumns().get(0);
    int maxDef = c.getMaxDefinitionLevel();
    ColumnBatch probe = ColumnBatch.forColumn(schema, c, 1);
    int reach = probe.repeatedDefinitionLevel(1);
    int[] rep = new int[16];
    int[] def = new int[16];
    long[] values = new long[16];
    int n = 0;
    int v = 0;
    for (int r = 0; r < records; r++) {
      int kind = random.nextInt(10);
      int len;
      if (kind == 0 && reach >= 2) {
        len = -(1 + random.nextInt(reach - 1)); // null list (or a null ancestor): definition level below reach - 1
      } else if (kind <= 1) {
        len = 0;
      } else if (kind == 9 && random.nextInt(20) == 0) {
        len = 1 + random.nextInt(longest);
      } else {
        len = 1 + random.nextInt(random.nextInt(8) == 0 ? 150 : 9);
      }
      int entries = Math.max(len, 1);
      if (n + entries > rep.length) {
        int size = Math.max(n + entries, rep.length * 2);
        rep = Arrays.copyOf(rep, size);
        def = Arrays.copyOf(def, size);
        values = Arrays.copyOf(values, size);
      }
      if (len <= 0) {
        rep[n] = 0;
        def[n] = len == 0 ? reach - 1 : reach - 1 + len;
        n++;
        continue;
      }
      for (int e = 0; e < len; e++) {
        rep[n] = e == 0 ? 0 : 1;
        def[n] = maxDef > reach && random.nextInt(6) == 0 ? reach + random.nextInt(maxDef - reach) : maxDef;
        if (def[n] == maxDef) {
          values[v++] = random.nextLong() >> random.nextInt(60);
        }
        n++;
      }
    }
    return new Chunk(c, reach, Arrays.copyOf(rep, n), Arrays.copyOf(def, n), Arrays.copyOf(values, v));
  }

  /** V1 pages split at random entries (records go on across pages), or V2 pages split at record starts. */
  static List<DataPage> pages(Chunk chunk, Random random, boolean v2, int meanPage) {
    List<DataPage> pages = new ArrayList<>();
    int maxDef = chunk.column.getMaxDefinitionLevel();
    int v = 0;
    for (int start = 0; start < chunk.rep.length; ) {
      int end = Math.min(chunk.rep.length, start + 1 + random.nextInt(2 * meanPage));
      if (v2) {
        while (end < chunk.rep.length && chunk.rep[end] != 0) {
          end++;
        }
      }
      int[] r = Arrays.copyOfRange(chunk.rep, start, end);
      int[] d = Arrays.copyOfRange(chunk.def, start, end);
      int nonNull = 0;
      int rows = 0;
      for (int i = 0; i < r.length; i++) {
        nonNull += d[i] == maxDef ? 1 : 0;
        rows += r[i] == 0 ? 1 : 0;
      }
      byte[] plain = ParquetJavaPages.plainLongs(Arrays.copyOfRange(chunk.values, v, v + nonNull));
      v += nonNull;
      pages.add(v2 ? page2(rows, r, d, plain, bits(maxDef)) : page1(r, d, plain, bits(maxDef)));
      start = end;
    }
    return pages;
  }

  static DataPage page1(int[] rep, int[] def, byte[] plain, int defBits) {
    byte[] body = NestedPagesTest.concat(ParquetJavaPages.rleLengthPrefixed(rep, 1), ParquetJavaPages.rleLengthPrefixed(def, defBits), plain);
    return new DataPageV1(BytesInput.from(body), rep.length, body.length, null, Encoding.RLE, Encoding.RLE, Encoding.PLAIN);
  }

  static DataPage page2(int rows, int[] rep, int[] def, byte[] plain, int defBits) {
    int nulls = 0;
    return DataPageV2.uncompressed(rows, nulls, rep.length, BytesInput.from(ParquetJavaPages.rleRaw(rep, 1)),
        BytesInput.from(ParquetJavaPages.rleRaw(def, defBits)), Encoding.PLAIN, BytesInput.from(plain), null);
  }

  static int bits(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  @Test
  void everyBatchSizeMatchesEntryByEntryAssembly() {
    Random random = new Random(SEED);
    System.out.println("OneLevelAssemblyTest seed " + SEED);
    for (String text : SCHEMAS) {
      MessageType schema = MessageTypeParser.parseMessageType(text);
      Chunk chunk = chunk(schema, random, 600, 300);
      for (boolean v2 : new boolean[] {false, true}) {
        for (int size = 1; size <= 70; size++) {
          String where = "seed " + SEED + ", " + text + ", v2 " + v2 + ", batch size " + size;
          List<DataPage> pages = pages(chunk, random, v2, 1 + random.nextInt(size < 35 ? 40 : 400));
          readAll(schema, chunk, pages, size, random, size % 3 == 0, where);
        }
      }
    }
  }

  @Test
  void recordsLongerThanALevelWindow() {
    Random random = new Random(SEED + 1);
    for (String text : SCHEMAS) {
      MessageType schema = MessageTypeParser.parseMessageType(text);
      Chunk chunk = chunk(schema, random, 1500, 100_000);
      for (boolean v2 : new boolean[] {false, true}) {
        for (int size : new int[] {1, 7, 64, 1000, 4096}) {
          String where = "seed " + (SEED + 1) + ", " + text + ", v2 " + v2 + ", batch size " + size;
          readAll(schema, chunk, pages(chunk, random, v2, 100_000), size, random, size == 7, where);
        }
      }
    }
  }

  /**
   * Reads the whole chunk (with seeded skips when {@code skips}) and checks every batch against the
   * positions computed entry by entry, and its levels; a second reader with a batch made without
   * the schema (levels copied, not assembled) must hold the same levels.
   */
  private static void readAll(MessageType schema, Chunk chunk, List<DataPage> pages, int size, Random random, boolean skips, String where) {
    ColumnDescriptor c = chunk.column;
    ColumnChunkReader reader = new ColumnChunkReader(c, InMemoryPageReader.of(null, pages), 0);
    ColumnChunkReader plainReader = new ColumnChunkReader(c, InMemoryPageReader.of(null, pages), 0);
    ColumnBatch batch = ColumnBatch.forColumn(schema, c, size);
    ColumnBatch levelsOnly = ColumnBatch.forColumn(c, size);
    int[] recordStart = recordStarts(chunk.rep);
    int[] valuesBefore = valuesBefore(chunk.def, c.getMaxDefinitionLevel());
    int records = recordStart.length - 1;
    int row = 0;
    while (true) {
      if (skips && random.nextInt(3) == 0) {
        int skip = Math.min(records - row, random.nextInt(2 * size + 2));
        reader.skipRows(skip);
        plainReader.skipRows(skip);
        row += skip;
      }
      int want = 1 + random.nextInt(size);
      int n = reader.readBatch(batch, want);
      assertEquals(n, plainReader.readBatch(levelsOnly, want), where);
      if (n == 0) {
        break;
      }
      assertEquals(Math.min(want, records - row), n, where + ", row " + row);
      expect(chunk, batch, recordStart[row], recordStart[row + n], valuesBefore, where + ", row " + row);
      assertEquals(levelsOnly.entryCount(), batch.entryCount(), where);
      assertArrayEquals(Arrays.copyOf(levelsOnly.repetitionLevels(), levelsOnly.entryCount()),
          Arrays.copyOf(batch.repetitionLevels(), batch.entryCount()), where);
      row += n;
    }
    assertEquals(records, row, where);
  }

  private static int[] recordStarts(int[] rep) {
    int[] starts = new int[rep.length + 1];
    int k = 0;
    for (int i = 0; i < rep.length; i++) {
      if (rep[i] == 0) {
        starts[k++] = i;
      }
    }
    starts[k++] = rep.length;
    return Arrays.copyOf(starts, k);
  }

  private static int[] valuesBefore(int[] def, int maxDef) {
    int[] before = new int[def.length + 1];
    for (int i = 0; i < def.length; i++) {
      before[i + 1] = before[i] + (def[i] == maxDef ? 1 : 0);
    }
    return before;
  }

  /** The batch holds entries {@code [from, to)} of the chunk: checks positions entry by entry. */
  private static void expect(Chunk chunk, ColumnBatch batch, int from, int to, int[] valuesBefore, String where) {
    int maxDef = chunk.column.getMaxDefinitionLevel();
    List<Integer> rows = new ArrayList<>();
    List<Integer> offsets = new ArrayList<>();
    List<Integer> elements = new ArrayList<>();
    for (int i = from; i < to; i++) {
      int d = chunk.def[i];
      if (chunk.rep[i] == 0) {
        rows.add(d);
        offsets.add(elements.size());
      }
      if (d >= chunk.reach) {
        elements.add(d);
      }
    }
    offsets.add(elements.size());
    int rc = rows.size();
    int ec = elements.size();
    assertEquals(rc, batch.rowCount(), where);
    assertEquals(ec, batch.positionCount(1), where);
    assertEquals(ec, batch.leafCount(), where);
    assertEquals(to - from, batch.entryCount(), where);
    for (int r = 0; r < rc; r++) {
      assertEquals(rows.get(r), batch.positionDefinitionLevels(0)[r], where + ", record " + r);
      assertEquals(offsets.get(r), batch.offsets(1)[r], where + ", offset " + r);
    }
    assertEquals(offsets.get(rc), batch.offsets(1)[rc], where + ", last offset");
    int nulls = 0;
    for (int e = 0; e < ec; e++) {
      assertEquals(elements.get(e), batch.positionDefinitionLevels(1)[e], where + ", element " + e);
      boolean isNull = elements.get(e) < maxDef;
      assertEquals(isNull, batch.nulls()[e], where + ", element " + e);
      nulls += isNull ? 1 : 0;
    }
    assertEquals(nulls, batch.nullCount(), where);
    int v = valuesBefore[to] - valuesBefore[from];
    assertEquals(v, batch.valueCount(), where);
    assertArrayEquals(Arrays.copyOfRange(chunk.values, valuesBefore[from], valuesBefore[to]), Arrays.copyOf(batch.longs(), v), where);
    // Levels on request, twice (the second call must not rebuild differently).
    for (int k = 0; k < 2; k++) {
      assertArrayEquals(Arrays.copyOfRange(chunk.rep, from, to), Arrays.copyOf(batch.repetitionLevels(), to - from), where);
      assertArrayEquals(Arrays.copyOfRange(chunk.def, from, to), Arrays.copyOf(batch.definitionLevels(), to - from), where);
    }
  }

  // ---- corrupt levels ----------------------------------------------------------------------

  static final MessageType LIST = NestedPagesTest.LIST;
  static final ColumnDescriptor ELEMENT = NestedPagesTest.ELEMENT;

  private static ColumnReadException fails(List<DataPage> pages, int capacity) {
    ColumnChunkReader chunk = new ColumnChunkReader(ELEMENT, InMemoryPageReader.of(null, pages), 5);
    ColumnBatch batch = ColumnBatch.forColumn(LIST, ELEMENT, capacity);
    return assertThrows(ColumnReadException.class, () -> {
      while (chunk.readBatch(batch) > 0) {
        // read on
      }
    });
  }

  @Test
  void repetitionLevelAboveOneFails() {
    // An RLE run of repetition level 3 (a byte-wide run value in a 1-bit column), after two good levels.
    byte[] rep = {4, 0, 0, 0, 2 << 1, 0, 2 << 1, 3};
    byte[] body = NestedPagesTest.concat(rep, ParquetJavaPages.rleLengthPrefixed(new int[] {3, 3, 3, 3}, 2),
        ParquetJavaPages.plainLongs(new long[] {1, 2, 3, 4}));
    List<DataPage> pages = List.of(NestedPagesTest.v1(new int[] {0, 1}, new int[] {3, 3}, new long[] {1, 2}),
        new DataPageV1(BytesInput.from(body), 4, body.length, null, Encoding.RLE, Encoding.RLE, Encoding.PLAIN));
    for (int capacity : new int[] {1, 4}) {
      ColumnReadException e = fails(pages, capacity);
      NestedPagesTest.assertNames(e, 1, "entry 2 has repetition level 3");
    }
  }

  @Test
  void repeatingANullOrEmptyListFailsAtItsPage() {
    Random random = new Random(SEED + 2);
    for (int round = 0; round < 200; round++) {
      // good records, then a null (def 0) or empty (def 1) list, repeated; or an element repeated with def 0 or 1
      int good = random.nextInt(150);
      int[] rep = new int[good + 2];
      int[] def = new int[good + 2];
      for (int i = 0; i < good; i++) {
        rep[i] = i == 0 || random.nextInt(3) == 0 ? 0 : 1;
        def[i] = 3;
      }
      boolean holeFirst = random.nextBoolean();
      rep[good] = holeFirst ? 0 : good == 0 ? 0 : 1;
      def[good] = holeFirst ? random.nextInt(2) : 3;
      rep[good + 1] = 1;
      def[good + 1] = holeFirst ? 3 : random.nextInt(2);
      long[] values = new long[good + 2];
      int split = random.nextInt(good + 2) + 1; // page 1 starts here (inside a record, maybe at the bad entry)
      List<DataPage> pages = new ArrayList<>();
      pages.add(NestedPagesTest.v1(Arrays.copyOf(rep, split), Arrays.copyOf(def, split), Arrays.copyOf(values, count3(def, 0, split))));
      if (split < rep.length) {
        pages.add(NestedPagesTest.v1(Arrays.copyOfRange(rep, split, rep.length), Arrays.copyOfRange(def, split, def.length),
            Arrays.copyOf(values, count3(def, split, def.length))));
      }
      int capacity = 1 + random.nextInt(300);
      ColumnReadException e = fails(pages, capacity);
      String where = "round " + round + ", good " + good + ", split " + split + ", capacity " + capacity + ": " + e.getMessage();
      assertTrue(e.getMessage().contains("levels disagree with the schema"), where);
      assertEquals(split <= good + 1 ? 1 : 0, e.page(), where);
    }
  }

  private static int count3(int[] def, int from, int to) {
    int c = 0;
    for (int i = from; i < to; i++) {
      c += def[i] == 3 ? 1 : 0;
    }
    return c;
  }
}
