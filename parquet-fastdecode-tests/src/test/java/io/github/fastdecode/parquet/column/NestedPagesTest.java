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
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hand-made pages: records that go on across V1 pages (parquet-java's writer starts pages at
 * records, other writers need not) read whole with reads and skips in any interleaving; corrupt
 * levels fail with a {@link ColumnReadException} naming column, row group and page.
 */
class NestedPagesTest {
  static final long SEED = 0x17_0002L;
  static final String SCHEMA = "message m { optional group a (LIST) { repeated group list { optional int64 element; } }"
      + " optional group b (LIST) { repeated group list { optional group element (LIST) { repeated group list {"
      + " required int32 element; } } } } }";

  /** One column chunk's levels and values, as parquet-java's column reader reads them. */
  static final class Levels {
    final ColumnDescriptor column;
    final int[] rep;
    final int[] def;
    final long[] values;

    Levels(ColumnDescriptor column, int[] rep, int[] def, long[] values) {
      this.column = column;
      this.rep = rep;
      this.def = def;
      this.values = values;
    }

    /** Splits the entries into V1 pages at random points (the first page starts at entry 0). */
    List<DataPage> pages(Random random, int meanPage) {
      List<DataPage> pages = new ArrayList<>();
      int maxRep = column.getMaxRepetitionLevel();
      int maxDef = column.getMaxDefinitionLevel();
      int v = 0;
      for (int start = 0; start < rep.length; ) {
        int n = Math.min(rep.length - start, 1 + random.nextInt(2 * meanPage));
        int[] r = Arrays.copyOfRange(rep, start, start + n);
        int[] d = Arrays.copyOfRange(def, start, start + n);
        int nonNull = 0;
        for (int x : d) {
          nonNull += x == maxDef ? 1 : 0;
        }
        long[] vals = Arrays.copyOfRange(values, v, v + nonNull);
        v += nonNull;
        byte[] body = concat(ParquetJavaPages.rleLengthPrefixed(r, bits(maxRep)), ParquetJavaPages.rleLengthPrefixed(d, bits(maxDef)),
            column.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT64 ? ParquetJavaPages.plainLongs(vals)
                : ParquetJavaPages.plainInts(vals));
        pages.add(new DataPageV1(BytesInput.from(body), n, body.length, null, Encoding.RLE, Encoding.RLE, Encoding.PLAIN));
        start += n;
      }
      return pages;
    }
  }

  static int bits(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  /** Writes random records to one row group and reads back each column's levels with parquet-java. */
  static List<Levels> levels(Path file, MessageType schema, List<Group> records) throws Exception {
    NestedRecords.write(file, schema, records, new NestedRecords.WriteOptions(false, false, 1 << 20, 1L << 30));
    List<Levels> out = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      PageReadStore store = reader.readNextRowGroup();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      for (ColumnDescriptor c : schema.getColumns()) {
        ColumnReader r = new ColumnReadStoreImpl(store, new GroupRecordConverter(schema).getRootConverter(), schema, createdBy).getColumnReader(c);
        int n = (int) r.getTotalValueCount();
        int[] rep = new int[n];
        int[] def = new int[n];
        long[] values = new long[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
          rep[i] = r.getCurrentRepetitionLevel();
          def[i] = r.getCurrentDefinitionLevel();
          if (def[i] == c.getMaxDefinitionLevel()) {
            values[k++] = c.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT64 ? r.getLong() : r.getInteger();
          }
          r.consume();
        }
        out.add(new Levels(c, rep, def, Arrays.copyOf(values, k)));
      }
    }
    return out;
  }

  @Test
  void recordsAcrossV1PagesReadWhole(@TempDir Path dir) throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType(SCHEMA);
    Random random = new Random(SEED);
    List<Group> written = new ArrayList<>();
    for (int i = 0; i < 800; i++) {
      written.add(NestedRecords.randomRecord(schema, random));
    }
    Path file = dir.resolve("levels.parquet");
    List<Levels> levels = levels(file, schema, written);
    List<Map<String, Object>> expected = NestedRecords.readWithParquetJava(file);
    int crossings = 0;
    for (int round = 0; round < 40; round++) {
      int capacity = 1 + random.nextInt(round < 20 ? 4 : 300);
      int meanPage = 1 + random.nextInt(30);
      String where = "seed " + SEED + ", round " + round + ", capacity " + capacity + ", mean page " + meanPage;
      ColumnChunkReader[] chunks = new ColumnChunkReader[levels.size()];
      for (int i = 0; i < chunks.length; i++) {
        List<DataPage> pages = levels.get(i).pages(random, meanPage);
        for (DataPage p : pages.subList(1, pages.size())) {
          crossings += firstRep(p) != 0 ? 1 : 0;
        }
        chunks[i] = new ColumnChunkReader(levels.get(i).column, InMemoryPageReader.of(null, pages), 0);
      }
      RecordBatch batch = RecordBatch.forColumns(schema, schema.getColumns(), capacity);
      int row = 0;
      while (true) {
        if (random.nextInt(3) == 0) {
          int skip = Math.min(expected.size() - row, random.nextInt(2 * capacity + 3));
          for (ColumnChunkReader c : chunks) {
            c.skipRows(skip);
          }
          row += skip;
        }
        int n = batch.read(chunks, 1 + random.nextInt(capacity));
        if (n == 0) {
          break;
        }
        List<Map<String, Object>> got = NestedRecords.records(batch);
        for (int i = 0; i < n; i++) {
          assertEquals(expected.get(row + i), got.get(i), where + ", record " + (row + i));
        }
        row += n;
      }
      assertEquals(expected.size(), row, where);
    }
    assertTrue(crossings > 100, "pages that start inside a record: " + crossings);
  }

  private static int firstRep(DataPage p) {
    try {
      byte[] b = ((DataPageV1) p).getBytes().toByteArray();
      // length prefix, then an RLE run header and its value (bit width <= 8) or a bit-packed group
      int header = b[4] & 0xff;
      return (header & 1) == 0 ? b[5] : b[5] & 1;
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  // ---- corrupt levels ----------------------------------------------------------------------

  static final MessageType LIST = MessageTypeParser.parseMessageType(
      "message m { optional group a (LIST) { repeated group list { optional int64 element; } } }");
  static final ColumnDescriptor ELEMENT = LIST.getColumns().get(0);

  static DataPage v1(int[] rep, int[] def, long[] values) {
    byte[] body = concat(ParquetJavaPages.rleLengthPrefixed(rep, 1), ParquetJavaPages.rleLengthPrefixed(def, 2), ParquetJavaPages.plainLongs(values));
    return new DataPageV1(BytesInput.from(body), rep.length, body.length, null, Encoding.RLE, Encoding.RLE, Encoding.PLAIN);
  }

  static DataPage v2(int rows, int[] rep, int[] def, long[] values) {
    return DataPageV2.uncompressed(rows, rep.length - values.length, rep.length, BytesInput.from(ParquetJavaPages.rleRaw(rep, 1)),
        BytesInput.from(ParquetJavaPages.rleRaw(def, 2)), Encoding.PLAIN, BytesInput.from(ParquetJavaPages.plainLongs(values)), null);
  }

  static ColumnReadException readFails(List<DataPage> pages, int skipFirst) {
    ColumnChunkReader chunk = new ColumnChunkReader(ELEMENT, InMemoryPageReader.of(null, pages), 5);
    ColumnBatch batch = ColumnBatch.forColumn(LIST, ELEMENT, 4);
    return assertThrows(ColumnReadException.class, () -> {
      if (skipFirst > 0) {
        chunk.skipRows(skipFirst);
      }
      while (chunk.readBatch(batch) > 0) {
        // read on
      }
    });
  }

  static void assertNames(ColumnReadException e, int page, String problem) {
    assertEquals("a.list.element", e.column());
    assertEquals(5, e.rowGroup());
    assertEquals(page, e.page(), e.getMessage());
    assertTrue(e.getMessage().contains(problem), e.getMessage());
  }

  @Test
  void skipsDropV2PagesByTheirRowCountUndecoded() {
    // Page 1 claims 3 rows and holds bytes no decoder accepts: a skip that covers it must drop it
    // whole, from its header's row count, without touching its levels or values.
    byte[] garbage = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
    DataPage bad = DataPageV2.uncompressed(3, 0, 7, BytesInput.from(garbage), BytesInput.from(garbage), Encoding.PLAIN,
        BytesInput.from(garbage), null);
    List<DataPage> pages = List.of(v2(2, new int[] {0, 1, 0}, new int[] {3, 3, 1}, new long[] {1, 2}), bad,
        v2(2, new int[] {0, 0, 1}, new int[] {0, 3, 2}, new long[] {9}));
    ColumnChunkReader chunk = new ColumnChunkReader(ELEMENT, InMemoryPageReader.of(null, pages), 5);
    chunk.skipRows(1);
    chunk.skipRows(4); // the rest of page 0, then page 1 whole
    ColumnBatch batch = ColumnBatch.forColumn(LIST, ELEMENT, 8);
    assertEquals(2, chunk.readBatch(batch));
    assertEquals(0, batch.positionDefinitionLevels(0)[0], "a null list");
    assertEquals(3, batch.positionDefinitionLevels(0)[1]);
    assertArrayEquals(new int[] {0, 0, 2}, Arrays.copyOf(batch.offsets(1), 3));
    assertEquals(9L, batch.longs()[0]);
    assertTrue(batch.nulls()[1], "the second element is null");
    assertEquals(0, chunk.readBatch(batch));
    // Reading instead of skipping decodes page 1 and fails there.
    ColumnChunkReader reading = new ColumnChunkReader(ELEMENT, InMemoryPageReader.of(null, pages), 5);
    ColumnReadException e = assertThrows(ColumnReadException.class, () -> {
      while (reading.readBatch(batch) > 0) {
        // read on
      }
    });
    assertEquals(1, e.page(), e.getMessage());
  }

  @Test
  void skipsDropV1PagesByTheirOffsetIndexRowCountUndecoded() {
    // V1 pages carrying the offset index's first row and row count, as parquet-hadoop hands them out
    // for files with a page index: page 1 claims 3 rows and its levels are truncated run headers
    // (their length prefixes are sound, so only decoding them fails). A skip that covers it must drop
    // it whole, from that row count, without decoding its levels or values.
    byte[] garbage = {1, 0, 0, 0, (byte) 0xff, 1, 0, 0, 0, (byte) 0xff};
    DataPage bad = new DataPageV1(BytesInput.from(garbage), 7, garbage.length, 2, 3, null, Encoding.RLE, Encoding.RLE, Encoding.PLAIN);
    List<DataPage> pages = List.of(v1Indexed(0, 2, new int[] {0, 1, 0}, new int[] {3, 3, 1}, new long[] {1, 2}), bad,
        v1Indexed(5, 2, new int[] {0, 0, 1}, new int[] {0, 3, 2}, new long[] {9}));
    ColumnChunkReader chunk = new ColumnChunkReader(ELEMENT, InMemoryPageReader.of(null, pages), 5);
    chunk.skipRows(1);
    chunk.skipRows(4); // the rest of page 0, then page 1 whole
    ColumnBatch batch = ColumnBatch.forColumn(LIST, ELEMENT, 8);
    assertEquals(2, chunk.readBatch(batch));
    assertEquals(0, batch.positionDefinitionLevels(0)[0], "a null list");
    assertEquals(3, batch.positionDefinitionLevels(0)[1]);
    assertArrayEquals(new int[] {0, 0, 2}, Arrays.copyOf(batch.offsets(1), 3));
    assertEquals(9L, batch.longs()[0]);
    assertTrue(batch.nulls()[1], "the second element is null");
    assertEquals(0, chunk.readBatch(batch));
    // The same skips over the same bytes without the offset index's row count decode page 1 and fail there.
    DataPage unindexed = new DataPageV1(BytesInput.from(garbage), 7, garbage.length, null, Encoding.RLE, Encoding.RLE, Encoding.PLAIN);
    ColumnChunkReader decoding = new ColumnChunkReader(ELEMENT, InMemoryPageReader.of(null,
        List.of(v1(new int[] {0, 1, 0}, new int[] {3, 3, 1}, new long[] {1, 2}), unindexed,
            v1(new int[] {0, 0, 1}, new int[] {0, 3, 2}, new long[] {9}))), 5);
    decoding.skipRows(1);
    ColumnReadException e = assertThrows(ColumnReadException.class, () -> decoding.skipRows(4));
    assertEquals(1, e.page(), e.getMessage());
    // A skip that ends inside the indexed page decodes it (and fails on its bytes): only whole pages are dropped.
    ColumnChunkReader partly = new ColumnChunkReader(ELEMENT, InMemoryPageReader.of(null, pages), 5);
    ColumnReadException inside = assertThrows(ColumnReadException.class, () -> partly.skipRows(4));
    assertEquals(1, inside.page(), inside.getMessage());
  }

  /** A V1 page as parquet-hadoop gives it with an offset index: its first row and the rows starting in it. */
  static DataPage v1Indexed(long firstRow, int rows, int[] rep, int[] def, long[] values) {
    byte[] body = concat(ParquetJavaPages.rleLengthPrefixed(rep, 1), ParquetJavaPages.rleLengthPrefixed(def, 2), ParquetJavaPages.plainLongs(values));
    return new DataPageV1(BytesInput.from(body), rep.length, body.length, firstRow, rows, null, Encoding.RLE, Encoding.RLE, Encoding.PLAIN);
  }

  @Test
  void firstPageStartingInsideARecordFails() {
    List<DataPage> pages = List.of(v1(new int[] {1, 0}, new int[] {3, 3}, new long[] {1, 2}));
    assertNames(readFails(pages, 0), 0, "first page starts with repetition level 1");
    assertNames(readFails(pages, 1), 0, "first page starts with repetition level 1");
  }

  @Test
  void v2PageStartingInsideARecordFails() {
    List<DataPage> pages = List.of(v2(1, new int[] {0, 1}, new int[] {3, 3}, new long[] {1, 2}),
        v2(1, new int[] {1, 0}, new int[] {3, 3}, new long[] {3, 4}));
    assertNames(readFails(pages, 0), 1, "V2 page starts with repetition level 1");
  }

  @Test
  void levelAboveTheMaximumFails() {
    // An RLE run stores its value in whole bytes: a run of two 7s where definition levels stop at 3.
    byte[] def = {2, 0, 0, 0, 2 << 1, 7};
    byte[] body = concat(ParquetJavaPages.rleLengthPrefixed(new int[] {0, 0}, 1), def, ParquetJavaPages.plainLongs(new long[] {1, 2}));
    List<DataPage> pages = List.of(v1(new int[] {0, 0}, new int[] {3, 3}, new long[] {1, 2}),
        new DataPageV1(BytesInput.from(body), 2, body.length, null, Encoding.RLE, Encoding.RLE, Encoding.PLAIN));
    ColumnReadException e = readFails(pages, 0);
    assertNames(e, 1, "definition level 7");
  }

  @Test
  void repeatedEntryOfAnUndefinedListFails() {
    // rep 1 repeats the list, but def 1 says the list is empty
    List<DataPage> pages = List.of(v1(new int[] {0, 1}, new int[] {3, 1}, new long[] {1}));
    assertNames(readFails(pages, 0), 0, "levels disagree with the schema");
    // rep 1 adds an element to a list that def 0 made null (found by NestedAssemblyFuzzTest)
    List<DataPage> afterNull = List.of(v1(new int[] {0, 1}, new int[] {0, 3}, new long[] {1}));
    assertNames(readFails(afterNull, 0), 0, "levels disagree with the schema");
    // the same two levels down: list<list<int64>>, the inner list empty, then repeated at level 2
    MessageType two = MessageTypeParser.parseMessageType("message m { optional group a (LIST) { repeated group list {"
        + " optional group element (LIST) { repeated group list { optional int64 element; } } } } }");
    ColumnDescriptor inner = two.getColumns().get(0);
    byte[] body = concat(ParquetJavaPages.rleLengthPrefixed(new int[] {0, 2}, 2), ParquetJavaPages.rleLengthPrefixed(new int[] {3, 5}, 3),
        ParquetJavaPages.plainLongs(new long[] {1}));
    ColumnChunkReader chunk = new ColumnChunkReader(inner, InMemoryPageReader.of(null,
        List.of(new DataPageV1(BytesInput.from(body), 2, body.length, null, Encoding.RLE, Encoding.RLE, Encoding.PLAIN))), 5);
    ColumnReadException e = assertThrows(ColumnReadException.class, () -> chunk.readBatch(ColumnBatch.forColumn(two, inner, 4)));
    assertTrue(e.getMessage().contains("levels disagree with the schema"), e.getMessage());
  }

  @Test
  void aRecordThatNeverEndsIsBounded() {
    // 10 million entries of one record in a few bytes: the batch refuses to grow past its bound.
    int n = 10_000_000;
    int[] rep = new int[n];
    Arrays.fill(rep, 1);
    rep[0] = 0;
    int[] def = new int[n];
    Arrays.fill(def, 2); // null elements: no values needed
    List<DataPage> pages = List.of(v1(rep, def, new long[0]));
    ColumnChunkReader chunk = new ColumnChunkReader(ELEMENT, InMemoryPageReader.of(null, pages), 5).maxBatchEntries(1 << 20);
    ColumnBatch batch = ColumnBatch.forColumn(LIST, ELEMENT, 4);
    ColumnReadException e = assertThrows(ColumnReadException.class, () -> chunk.readBatch(batch));
    assertNames(e, 0, "more than 1048576 level pairs");
    assertTrue(batch.repetitionLevels().length <= 2 << 20, "grew to " + batch.repetitionLevels().length);
  }
}
