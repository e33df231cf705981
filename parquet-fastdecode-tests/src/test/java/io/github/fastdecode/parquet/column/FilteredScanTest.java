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

import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.binaryColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.doubleColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.gt;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.in;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.ltEq;
import static org.apache.parquet.filter2.predicate.FilterApi.not;
import static org.apache.parquet.filter2.predicate.FilterApi.notEq;
import static org.apache.parquet.filter2.predicate.FilterApi.or;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.FastDecodeColumns;
import io.github.fastdecode.parquet.conformance.ParquetJavaWriters;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filtered scans compared with parquet-java's own filtered reads of the same file and filter
 * ({@code ParquetReader} with the column index filter on and record filtering off): the same rows,
 * values and row indexes, over seeded random predicates on generated files with a page index, small
 * pages cut by size (so the columns' pages do not line up), dictionary and plain pages, V1 and V2,
 * several row groups, bloom filters; every batch size from a list, both layouts, read and skip
 * interleavings.
 */
class FilteredScanTest {
  static final long SEED = 20261127L;
  static final int ROWS = 6000;

  @TempDir
  static Path dir;

  static final MessageType SCHEMA = Types.buildMessage()
      .required(PrimitiveTypeName.INT64).named("id")
      .required(PrimitiveTypeName.INT32).named("small")
      .optional(PrimitiveTypeName.INT64).named("o_long")
      .required(PrimitiveTypeName.DOUBLE).named("d")
      .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("s")
      .required(PrimitiveTypeName.BOOLEAN).named("flag")
      .named("filtered");

  static final List<Path> files = new ArrayList<>();

  @BeforeAll
  static void write() throws IOException {
    System.out.println("FilteredScanTest seed " + SEED);
    int i = 0;
    for (WriterVersion v : WriterVersion.values()) {
      for (boolean dict : new boolean[] {true, false}) {
        Path f = dir.resolve("filtered-" + v + "-" + dict + ".parquet");
        List<Group> rows = rows(SEED + i++);
        ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(SCHEMA)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(v).withDictionaryEncoding(dict)
            .withPageRowCountLimit(1000).withPageSize(700).withDictionaryPageSize(4096).withMinRowCountForPageSizeCheck(1)
            .withBloomFilterEnabled("s", true).withBloomFilterEnabled("small", true), f, rows, 1500);
        files.add(f);
      }
    }
  }

  static List<Group> rows(long seed) {
    Random random = new Random(seed);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      Group g = groups.newGroup();
      g.add("id", (long) r * 3);
      g.add("small", random.nextInt(50));
      if (random.nextInt(10) != 0) {
        g.add("o_long", r < ROWS / 2 ? random.nextLong() : (long) random.nextInt(1000));
      }
      g.add("d", random.nextGaussian() * 100);
      if (random.nextInt(8) != 0) {
        g.add("s", "s" + (r / 50) + "-" + random.nextInt(3));
      }
      g.add("flag", random.nextInt(4) == 0);
      rows.add(g);
    }
    return rows;
  }

  /** A random predicate over the schema's columns, with constants from the columns' ranges. */
  static FilterPredicate predicate(Random random, int depth) {
    if (depth < 2 && random.nextInt(3) == 0) {
      FilterPredicate a = predicate(random, depth + 1);
      FilterPredicate b = predicate(random, depth + 1);
      switch (random.nextInt(3)) {
        case 0:
          return and(a, b);
        case 1:
          return or(a, b);
        default:
          return not(a);
      }
    }
    int op = random.nextInt(7);
    switch (random.nextInt(5)) {
      case 0: {
        long v = random.nextInt(ROWS * 3 + 10) - 5;
        long w = v + random.nextInt(300);
        return op == 0 ? eq(longColumn("id"), v) : op == 1 ? lt(longColumn("id"), v) : op == 2 ? gtEq(longColumn("id"), v)
            : op == 3 ? and(gt(longColumn("id"), v), ltEq(longColumn("id"), w))
            : op == 4 ? in(longColumn("id"), setOf(v, w, w + 1)) : op == 5 ? notEq(longColumn("id"), v)
            : or(lt(longColumn("id"), v / 10), gt(longColumn("id"), ROWS * 3L - v / 10));
      }
      case 1: {
        int v = random.nextInt(55);
        return op == 0 ? eq(intColumn("small"), v) : op == 1 ? lt(intColumn("small"), v) : op == 2 ? gt(intColumn("small"), v)
            : op == 3 ? in(intColumn("small"), setOf(v, v + 60)) : op == 4 ? notEq(intColumn("small"), v) : eq(intColumn("small"), 99);
      }
      case 2: {
        long v = random.nextInt(1100);
        return op == 0 ? eq(longColumn("o_long"), v) : op == 1 ? eq(longColumn("o_long"), null)
            : op == 2 ? notEq(longColumn("o_long"), null) : op == 3 ? lt(longColumn("o_long"), v) : gtEq(longColumn("o_long"), v);
      }
      case 3: {
        double v = random.nextGaussian() * 200;
        return op % 2 == 0 ? gt(doubleColumn("d"), v) : ltEq(doubleColumn("d"), v);
      }
      default: {
        Binary v = Binary.fromString("s" + random.nextInt(ROWS / 50 + 2) + "-" + random.nextInt(4));
        return op == 0 || op == 5 ? eq(binaryColumn("s"), v) : op == 1 ? lt(binaryColumn("s"), v) : op == 2 ? eq(binaryColumn("s"), null)
            : op == 3 ? in(binaryColumn("s"), setOf(v, Binary.fromString("nope"))) : gt(binaryColumn("s"), v);
      }
    }
  }

  /** Read options for page-granular filtering (record filtering off), as parquet-java's reader is compared with here. */
  static ParquetReadOptions pageGranular(FilterCompat.Filter filter) {
    return ParquetReadOptions.builder().withRecordFilter(filter).useRecordFilter(false).build();
  }

  /** A mutable set: parquet-java asks an IN set whether it holds null, which Set.of refuses. */
  @SafeVarargs
  static <T> Set<T> setOf(T... values) {
    return new HashSet<>(Arrays.asList(values));
  }

  /** parquet-java's filtered read: one row of boxed values (by column) and its file row index. */
  static final class Rows {
    final List<Object[]> values = new ArrayList<>();
    final List<Long> indexes = new ArrayList<>();
  }

  static Rows parquetJava(Path f, FilterCompat.Filter filter, List<String> columns) throws IOException {
    Configuration conf = new Configuration();
    MessageType projection = SCHEMA;
    if (columns != null) {
      projection = ParquetBatchReader.projection(SCHEMA, ParquetBatchReader.choose(SCHEMA, columns));
      conf.set(ReadSupport.PARQUET_READ_SCHEMA, projection.toString());
    }
    List<String> names = new ArrayList<>();
    for (ColumnDescriptor c : projection.getColumns()) {
      names.add(String.join(".", c.getPath()));
    }
    Rows out = new Rows();
    try (ParquetReader<Group> r = ParquetJavaGroups.reader(f)
        .withConf(conf).withFilter(filter).useColumnIndexFilter(true).useRecordFilter(false)
        .useStatsFilter(true).useDictionaryFilter(true).useBloomFilter(true).build()) {
      Group g;
      while ((g = r.read()) != null) {
        Object[] row = new Object[names.size()];
        for (int i = 0; i < row.length; i++) {
          row[i] = leaf(g, names.get(i));
        }
        out.values.add(row);
        out.indexes.add(r.getCurrentRowIndex());
      }
    }
    return out;
  }

  static Object leaf(Group g, String field) {
    if (g.getFieldRepetitionCount(field) == 0) {
      return null;
    }
    switch (g.getType().getType(field).asPrimitiveType().getPrimitiveTypeName()) {
      case INT32:
        return g.getInteger(field, 0);
      case INT64:
        return g.getLong(field, 0);
      case DOUBLE:
        return g.getDouble(field, 0);
      case BOOLEAN:
        return g.getBoolean(field, 0);
      default:
        return Arrays.toString(g.getBinary(field, 0).getBytes());
    }
  }

  /**
   * Our filtered read with {@code batchSize}, skipping where {@code skips} (seeded) says: returns
   * the rows read, with parquet-java's rows at the skipped positions marked by a null entry.
   */
  static Rows ours(Path f, FilterCompat.Filter filter, List<String> columns, int batchSize, ColumnBatch.Layout layout, Random skips)
      throws IOException {
    return ours(f, filter, columns, batchSize, layout, skips, PageSettings.defaults());
  }

  /** Whether a default reader reads its own pages (filtered scans too), unless the system property says parquet-hadoop's. */
  static boolean ownPagesByDefault() {
    return !"parquet-hadoop".equals(System.getProperty(PageSettings.SOURCE_PROPERTY));
  }

  static Rows ours(Path f, FilterCompat.Filter filter, List<String> columns, int batchSize, ColumnBatch.Layout layout, Random skips,
      PageSettings settings) throws IOException {
    Rows out = new Rows();
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), columns,
        ParquetReadOptions.builder().withRecordFilter(filter).useRecordFilter(false).build(), settings)) {
      assertEquals(!settings.parquetHadoopPages(), reader.readsOwnPages(), "own pages");
      ColumnBatch[] batches = reader.newBatches(batchSize, layout);
      long[] indexes = new long[batchSize];
      long expectedLeft = reader.remainingRows();
      while (true) {
        if (skips != null && skips.nextInt(3) == 0 && reader.remainingRows() > 0) {
          long n = Math.min(reader.remainingRows(), skips.nextInt(3 * batchSize + 2));
          reader.skipRows(n);
          for (long i = 0; i < n; i++) {
            out.values.add(null);
            out.indexes.add(-1L);
          }
          expectedLeft -= n;
          assertEquals(expectedLeft, reader.remainingRows());
        }
        int rows = reader.nextBatch(batches);
        if (rows == 0) {
          break;
        }
        expectedLeft -= rows;
        assertEquals(expectedLeft, reader.remainingRows());
        assertEquals(rows, reader.rowIndexes(indexes));
        int[] k = new int[batches.length];
        for (int r = 0; r < rows; r++) {
          Object[] row = new Object[batches.length];
          for (int c = 0; c < batches.length; c++) {
            ColumnBatch b = batches[c];
            if (b.isNull(r)) {
              row[c] = null;
              if (layout == ColumnBatch.Layout.ROW_POSITIONS) {
                k[c]++;
              }
              continue;
            }
            Object v = FastDecodeColumns.value(b, k[c]++);
            row[c] = v instanceof byte[] ? Arrays.toString((byte[]) v) : v;
          }
          out.values.add(row);
          out.indexes.add(indexes[r]);
        }
      }
      assertEquals(0, reader.remainingRows());
    }
    return out;
  }

  static void assertSameRows(Rows expected, Rows actual, String where) {
    assertEquals(expected.values.size(), actual.values.size(), where + ": row count");
    for (int i = 0; i < expected.values.size(); i++) {
      if (actual.values.get(i) == null) {
        continue; // skipped
      }
      assertEquals(Arrays.asList(expected.values.get(i)), Arrays.asList(actual.values.get(i)), where + ": row " + i);
      assertEquals(expected.indexes.get(i), actual.indexes.get(i), where + ": row index of row " + i);
    }
  }

  @Test
  void randomPredicatesMatchParquetJavasFilteredReads() throws IOException {
    Random random = new Random(SEED);
    int[] sizes = {1, 2, 3, 7, 8, 13, 64, 333, 1000, 4096};
    long selectedTotal = 0;
    long allTotal = 0;
    for (int p = 0; p < 40; p++) {
      FilterPredicate predicate = predicate(random, 0);
      FilterCompat.Filter filter = FilterCompat.get(predicate);
      Path f = files.get(p % files.size());
      Rows expected = parquetJava(f, filter, null);
      selectedTotal += expected.values.size();
      allTotal += ROWS;
      for (int size : sizes) {
        ColumnBatch.Layout layout = size % 2 == 0 ? ColumnBatch.Layout.ROW_POSITIONS : ColumnBatch.Layout.DENSE;
        String where = f.getFileName() + " " + predicate + " batch " + size + " " + layout;
        assertSameRows(expected, ours(f, filter, null, size, layout, null), where);
        if ((p + size) % 3 == 0) {
          assertSameRows(expected, ours(f, filter, null, size, layout, new Random(SEED + p * 31L + size)), where + " with skips");
        }
      }
    }
    // The predicates are selective enough to exercise skipping, and not so selective that nothing is read.
    assertTrue(selectedTotal < allTotal * 3 / 4 && selectedTotal > 0, selectedTotal + " of " + allTotal);
  }

  @Test
  void projectionsMatchParquetJavasFilteredReads() throws IOException {
    Random random = new Random(SEED + 1);
    List<List<String>> projections = List.of(List.of("id"), List.of("s", "id"), List.of("small", "o_long", "flag"), List.of("d"));
    for (int p = 0; p < 24; p++) {
      FilterPredicate predicate = predicate(random, 0);
      FilterCompat.Filter filter = FilterCompat.get(predicate);
      Path f = files.get(p % files.size());
      List<String> columns = projections.get(p % projections.size());
      // parquet-java's reader returns columns in schema order; ours in the caller's: compare in schema order.
      List<String> ordered = new ArrayList<>();
      for (ColumnDescriptor c : SCHEMA.getColumns()) {
        if (columns.contains(String.join(".", c.getPath()))) {
          ordered.add(String.join(".", c.getPath()));
        }
      }
      Rows expected = parquetJava(f, filter, ordered);
      for (int size : new int[] {1, 9, 512}) {
        assertSameRows(expected, ours(f, filter, ordered, size, ColumnBatch.Layout.DENSE, new Random(p)),
            f.getFileName() + " " + predicate + " columns " + ordered + " batch " + size);
      }
    }
  }

  /** A narrow range on the sorted column drops row groups and pages, yet keeps every matching row. */
  @Test
  void aSelectivePredicateSkipsRowGroupsAndPages() throws IOException {
    Path f = files.get(0);
    FilterCompat.Filter filter = FilterCompat.get(and(gtEq(longColumn("id"), 3000L), lt(longColumn("id"), 3060L)));
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), null, filter);
        ParquetFileReader all = ParquetFileReader.open(new LocalInputFile(f))) {
      assertTrue(reader.isFiltered());
      assertTrue(reader.fileReader().getRowGroups().size() < all.getRowGroups().size(), "statistics drop row groups");
      assertTrue(reader.remainingRows() < reader.totalRows(), "the column index drops pages: " + reader.remainingRows() + " of " + reader.totalRows());
      ColumnBatch[] batches = reader.newBatches(4096, ColumnBatch.Layout.DENSE);
      long[] indexes = new long[4096];
      List<Long> ids = new ArrayList<>();
      int rows;
      while ((rows = reader.nextBatch(batches)) > 0) {
        reader.rowIndexes(indexes);
        for (int i = 0; i < rows; i++) {
          long id = batches[0].longs()[i];
          assertEquals(id / 3, indexes[i], "row index of id " + id);
          ids.add(id);
        }
      }
      for (long id = 3000; id < 3060; id += 3) {
        assertTrue(ids.contains(id), "matching id " + id + " was returned");
      }
      assertTrue(ids.size() < ROWS / 4, ids.size() + " rows read");
    }
  }

  @Test
  void aFilterThatRulesOutEverythingReadsNothing() throws IOException {
    FilterCompat.Filter filter = FilterCompat.get(eq(intColumn("small"), 1000));
    for (Path f : files) {
      try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), List.of("id", "small"), filter)) {
        assertEquals(0, reader.nextBatch(reader.newBatches(100, ColumnBatch.Layout.DENSE)));
        assertEquals(0, reader.remainingRows());
      }
    }
  }

  // ---- nested columns ----------------------------------------------------------------------

  static final MessageType NESTED = org.apache.parquet.schema.MessageTypeParser.parseMessageType("message nested {"
      + " required int64 id; optional int32 small;"
      + " optional group xs (LIST) { repeated group list { optional int64 element; } }"
      + " optional group m (MAP) { repeated group key_value { required binary key (STRING); optional int64 value; } }"
      + " optional group st { optional int32 a; optional group tags (LIST) { repeated group list { required binary element (STRING); } } } }");
  static final int NESTED_ROWS = 4000;

  /** Sorted ids (so ranges drop pages), a few long lists (so records span pages), nulls and empties everywhere. */
  static List<Group> nestedRows(long seed) {
    Random random = new Random(seed);
    SimpleGroupFactory groups = new SimpleGroupFactory(NESTED);
    List<Group> rows = new ArrayList<>();
    for (int r = 0; r < NESTED_ROWS; r++) {
      Group g = groups.newGroup();
      g.add("id", (long) r);
      if (random.nextInt(5) != 0) {
        g.add("small", random.nextInt(50));
      }
      if (random.nextInt(6) != 0) {
        Group xs = g.addGroup("xs");
        int n = random.nextInt(10) == 0 ? 20 + random.nextInt(60) : random.nextInt(4);
        for (int k = 0; k < n; k++) {
          Group e = xs.addGroup("list");
          if (random.nextInt(5) != 0) {
            e.add("element", random.nextBoolean() ? random.nextLong() : random.nextInt(7));
          }
        }
      }
      if (random.nextInt(4) != 0) {
        Group m = g.addGroup("m");
        for (int k = random.nextInt(4); k > 0; k--) {
          Group kv = m.addGroup("key_value");
          kv.add("key", "k" + random.nextInt(20));
          if (random.nextInt(3) != 0) {
            kv.add("value", (long) random.nextInt(1000));
          }
        }
      }
      if (random.nextInt(5) != 0) {
        Group st = g.addGroup("st");
        if (random.nextInt(3) != 0) {
          st.add("a", random.nextInt(100));
        }
        if (random.nextBoolean()) {
          Group tags = st.addGroup("tags");
          for (int k = random.nextInt(3); k > 0; k--) {
            tags.addGroup("list").add("element", "t" + random.nextInt(5));
          }
        }
      }
      rows.add(g);
    }
    return rows;
  }

  /** A random predicate over the nested schema's flat columns (parquet-java filters no repeated column). */
  static FilterPredicate nestedPredicate(Random random, int depth) {
    if (depth < 2 && random.nextInt(3) == 0) {
      FilterPredicate a = nestedPredicate(random, depth + 1);
      FilterPredicate b = nestedPredicate(random, depth + 1);
      int k = random.nextInt(3);
      return k == 0 ? and(a, b) : k == 1 ? or(a, b) : not(a);
    }
    int op = random.nextInt(5);
    switch (random.nextInt(3)) {
      case 0: {
        long v = random.nextInt(NESTED_ROWS + 10) - 5;
        long w = v + random.nextInt(200);
        return op == 0 ? eq(longColumn("id"), v) : op == 1 ? lt(longColumn("id"), v)
            : op == 2 ? and(gtEq(longColumn("id"), v), lt(longColumn("id"), w))
            : op == 3 ? in(longColumn("id"), setOf(v, w, w + 7)) : or(lt(longColumn("id"), v / 10), gt(longColumn("id"), NESTED_ROWS - v / 10));
      }
      case 1: {
        int v = random.nextInt(55);
        return op == 0 ? eq(intColumn("small"), v) : op == 1 ? lt(intColumn("small"), v) : op == 2 ? eq(intColumn("small"), null)
            : op == 3 ? gt(intColumn("small"), v) : notEq(intColumn("small"), v);
      }
      default: {
        int v = random.nextInt(105);
        return op == 0 ? eq(intColumn("st.a"), v) : op == 1 ? eq(intColumn("st.a"), null) : op == 2 ? lt(intColumn("st.a"), v)
            : gtEq(intColumn("st.a"), v);
      }
    }
  }

  /** parquet-java's filtered read of the nested file: records as plain values (see NestedRecords) and their row indexes. */
  static Rows nestedParquetJava(Path f, FilterCompat.Filter filter, List<String> columns) throws IOException {
    Configuration conf = new Configuration();
    if (columns != null) {
      conf.set(ReadSupport.PARQUET_READ_SCHEMA, ParquetBatchReader.projection(NESTED, ParquetBatchReader.choose(NESTED, columns)).toString());
    }
    Rows out = new Rows();
    try (ParquetReader<Group> r = ParquetJavaGroups.reader(f)
        .withConf(conf).withFilter(filter).useColumnIndexFilter(true).useRecordFilter(false).build()) {
      Group g;
      while ((g = r.read()) != null) {
        out.values.add(new Object[] {NestedRecords.record(g)});
        out.indexes.add(r.getCurrentRowIndex());
      }
    }
    return out;
  }

  /** Our filtered read of the nested file into record batches, skipping where {@code skips} says. */
  static Rows nestedOurs(Path f, FilterCompat.Filter filter, List<String> columns, int batchSize, Random skips, long[] filteredRows)
      throws IOException {
    Rows out = new Rows();
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), columns, pageGranular(filter))) {
      assertTrue(reader.isFiltered());
      assertEquals(ownPagesByDefault(), reader.readsOwnPages(), "own pages");
      filteredRows[0] += reader.totalRows() - reader.remainingRows();
      RecordBatch batch = reader.newRecordBatch(batchSize);
      long[] indexes = new long[batchSize];
      while (true) {
        if (skips != null && skips.nextInt(3) == 0 && reader.remainingRows() > 0) {
          long n = Math.min(reader.remainingRows(), skips.nextInt(3 * batchSize + 2));
          reader.skipRows(n);
          for (long i = 0; i < n; i++) {
            out.values.add(null);
            out.indexes.add(-1L);
          }
        }
        int rows = reader.nextBatch(batch);
        if (rows == 0) {
          break;
        }
        assertEquals(rows, reader.rowIndexes(indexes));
        List<java.util.Map<String, Object>> records = NestedRecords.records(batch);
        assertEquals(rows, records.size());
        for (int r = 0; r < rows; r++) {
          out.values.add(new Object[] {records.get(r)});
          out.indexes.add(indexes[r]);
        }
      }
      assertEquals(0, reader.remainingRows());
    }
    return out;
  }

  /**
   * With lists, maps and structs among the columns, pages are filtered too: every column, flat or
   * repeated (records counted by repetition level 0), skips to the selected rows of its own pages,
   * and the records are parquet-java's with the column index filter on.
   */
  @Test
  void nestedColumnsAreFilteredByPagesLikeParquetJava(@TempDir Path nestedDir) throws IOException {
    NestedRecords.WriteOptions[] options = {
      new NestedRecords.WriteOptions(false, true, 20, 16 << 10),
      new NestedRecords.WriteOptions(true, true, 7, 12 << 10),
      new NestedRecords.WriteOptions(false, false, 13, 1 << 20),
      new NestedRecords.WriteOptions(true, false, 50, 8 << 10),
    };
    List<Path> nestedFiles = new ArrayList<>();
    for (int i = 0; i < options.length; i++) {
      Path f = nestedDir.resolve("nested-" + options[i] + ".parquet");
      NestedRecords.write(f, NESTED, nestedRows(SEED + 100 + i), options[i]);
      nestedFiles.add(f);
    }
    Random random = new Random(SEED + 2);
    List<List<String>> projections = java.util.Arrays.asList(null, List.of("xs"), List.of("id", "m"), List.of("st", "small"), List.of("m", "xs", "st"));
    int[] sizes = {1, 2, 5, 64, 333, 4096};
    long[] filteredRows = new long[1];
    long selected = 0;
    for (int p = 0; p < 30; p++) {
      FilterPredicate predicate = nestedPredicate(random, 0);
      FilterCompat.Filter filter = FilterCompat.get(predicate);
      Path f = nestedFiles.get(p % nestedFiles.size());
      List<String> columns = projections.get(p % projections.size());
      Rows expected = nestedParquetJava(f, filter, columns);
      selected += expected.values.size();
      for (int size : sizes) {
        String where = f.getFileName() + " " + predicate + " columns " + columns + " batch " + size;
        assertSameRows(expected, nestedOurs(f, filter, columns, size, null, filteredRows), where);
        if ((p + size) % 2 == 0) {
          assertSameRows(expected, nestedOurs(f, filter, columns, size, new Random(SEED + p * 17L + size), filteredRows), where + " with skips");
        }
      }
    }
    assertTrue(filteredRows[0] > 0, "the column index dropped pages of row groups kept");
    assertTrue(selected > 0 && selected < 30L * NESTED_ROWS * 3 / 4, selected + " records selected");
  }

  /** Per-leaf batches of a filtered read with a repeated column: each column's records line up with the flat column's. */
  @Test
  void perLeafBatchesOfARepeatedColumnStayAlignedUnderAPageFilter(@TempDir Path nestedDir) throws IOException {
    Path f = nestedDir.resolve("nested-leaves.parquet");
    List<Group> written = nestedRows(SEED + 7);
    NestedRecords.write(f, NESTED, written, new NestedRecords.WriteOptions(false, true, 9, 1 << 20));
    FilterCompat.Filter filter = FilterCompat.get(or(and(gtEq(longColumn("id"), 1000L), lt(longColumn("id"), 1040L)), eq(longColumn("id"), 3333L)));
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), List.of("id", "xs"), filter)) {
      assertTrue(reader.isFiltered());
      assertTrue(reader.remainingRows() < reader.totalRows() / 4, reader.remainingRows() + " of " + reader.totalRows());
      ColumnBatch[] batches = reader.newBatches(17, ColumnBatch.Layout.DENSE);
      long[] indexes = new long[17];
      int rows;
      int seen = 0;
      while ((rows = reader.nextBatch(batches)) > 0) {
        reader.rowIndexes(indexes);
        for (int r = 0; r < rows; r++) {
          long id = batches[0].longs()[r];
          assertEquals(id, indexes[r]);
          assertEquals(batches[1].rowCount(), rows);
          Group g = written.get((int) id);
          int expectedLength = g.getFieldRepetitionCount("xs") == 0 ? 0 : g.getGroup("xs", 0).getFieldRepetitionCount("list");
          int[] offsets = batches[1].offsets(1);
          assertEquals(expectedLength, offsets[r + 1] - offsets[r], "list length of id " + id);
          seen++;
        }
      }
      assertTrue(seen >= 41, seen + " rows");
    }
  }
}
