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
import static org.apache.parquet.filter2.predicate.FilterApi.booleanColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.doubleColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.floatColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.gt;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.in;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.ltEq;
import static org.apache.parquet.filter2.predicate.FilterApi.not;
import static org.apache.parquet.filter2.predicate.FilterApi.notEq;
import static org.apache.parquet.filter2.predicate.FilterApi.notIn;
import static org.apache.parquet.filter2.predicate.FilterApi.or;
import static org.apache.parquet.filter2.predicate.FilterApi.userDefined;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.FastDecodeColumns;
import io.github.fastdecode.parquet.conformance.ParquetJavaWriters;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Statistics;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
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
 * Row filtering ({@code ParquetReadOptions.useRecordFilter()}, on by default) compared with
 * parquet-java's record-level filtering of the same file and filter ({@code ParquetReader} with
 * record filtering on): the same rows in the same order, the same values and row indexes. Seeded
 * random predicate trees over signed and unsigned integers, floats with NaN and -0.0, doubles,
 * strings, a decimal in a fixed-length byte array, booleans, a column the file lacks and
 * user-defined predicates; dictionary, plain and mixed chunks; V1 and V2 pages; page indexes that
 * drop pages; batch sizes from 1 to 4096, both layouts, dictionary ids kept or not, projections that
 * leave the predicate's columns out, and skips.
 */
class RowFilterTest {
  static final long SEED = 20261129L;
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
      .optional(PrimitiveTypeName.FLOAT).named("f")
      .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(32, false)).named("u")
      .optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(4).as(LogicalTypeAnnotation.decimalType(2, 9)).named("dec")
      .named("row_filter");

  static final List<Path> files = new ArrayList<>();
  static final float[] FLOATS = {Float.NaN, -0.0f, 0.0f, 1.5f, -1.5f, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, 3.25f};

  @BeforeAll
  static void write() throws IOException {
    System.out.println("RowFilterTest seed " + SEED);
    int i = 0;
    for (WriterVersion v : WriterVersion.values()) {
      for (boolean dict : new boolean[] {true, false}) {
        Path f = dir.resolve("rows-" + v + "-" + dict + ".parquet");
        List<Group> rows = rows(SEED + i++);
        // A small dictionary page makes the string column fall back to plain pages part way.
        ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(SCHEMA)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(v).withDictionaryEncoding(dict)
            .withPageRowCountLimit(1000).withPageSize(700).withDictionaryPageSize(dict ? 1500 : 4096).withMinRowCountForPageSizeCheck(1)
            .withBloomFilterEnabled("s", true), f, rows, 1500);
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
      g.add("d", random.nextInt(20) == 0 ? -0.0 : random.nextGaussian() * 100);
      if (random.nextInt(8) != 0) {
        g.add("s", "s" + (r / 50) + "-" + random.nextInt(3));
      }
      g.add("flag", random.nextInt(4) == 0);
      if (random.nextInt(6) != 0) {
        g.add("f", FLOATS[random.nextInt(FLOATS.length)]);
      }
      if (random.nextInt(5) != 0) {
        g.add("u", random.nextInt(4) == 0 ? -random.nextInt(100) - 1 : random.nextInt(200));
      }
      if (random.nextInt(7) != 0) {
        g.add("dec", Binary.fromConstantByteArray(decimal(random.nextInt(2000) - 1000)));
      }
      rows.add(g);
    }
    return rows;
  }

  static byte[] decimal(int unscaled) {
    return new byte[] {(byte) (unscaled >> 24), (byte) (unscaled >> 16), (byte) (unscaled >> 8), (byte) unscaled};
  }

  /** Keeps strings that start with a prefix, as Spark's pushed {@code StringStartsWith} does. */
  static final class StartsWith extends UserDefinedPredicate<Binary> implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String prefix;

    StartsWith(String prefix) {
      this.prefix = prefix;
    }

    @Override
    public boolean keep(Binary value) {
      return value != null && value.toStringUsingUTF8().startsWith(prefix);
    }

    @Override
    public boolean canDrop(Statistics<Binary> statistics) {
      return false;
    }

    @Override
    public boolean inverseCanDrop(Statistics<Binary> statistics) {
      return false;
    }

    @Override
    public String toString() {
      return "startsWith(" + prefix + ")";
    }
  }

  /** A random predicate tree over every column of the schema, a missing one and user-defined predicates. */
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
    int op = random.nextInt(6);
    switch (random.nextInt(9)) {
      case 0:
        return FilteredScanTest.predicate(random, 2);
      case 1: {
        float v = FLOATS[random.nextInt(FLOATS.length)];
        return op == 0 ? eq(floatColumn("f"), v) : op == 1 ? lt(floatColumn("f"), v) : op == 2 ? gtEq(floatColumn("f"), v)
            : op == 3 ? notEq(floatColumn("f"), v) : op == 4 ? in(floatColumn("f"), FilteredScanTest.setOf(v, Float.NaN))
            : eq(floatColumn("f"), null);
      }
      case 2: {
        int v = random.nextInt(4) == 0 ? -random.nextInt(100) - 1 : random.nextInt(210);
        return op == 0 ? eq(intColumn("u"), v) : op == 1 ? lt(intColumn("u"), v) : op == 2 ? gt(intColumn("u"), v)
            : op == 3 ? ltEq(intColumn("u"), v) : op == 4 ? notIn(intColumn("u"), FilteredScanTest.setOf(v)) : notEq(intColumn("u"), null);
      }
      case 3: {
        Binary v = Binary.fromConstantByteArray(decimal(random.nextInt(2100) - 1050));
        return op == 0 ? eq(binaryColumn("dec"), v) : op == 1 ? lt(binaryColumn("dec"), v) : op == 2 ? gtEq(binaryColumn("dec"), v)
            : op == 3 ? in(binaryColumn("dec"), FilteredScanTest.setOf(v, Binary.fromConstantByteArray(decimal(0))))
            : notEq(binaryColumn("dec"), v);
      }
      case 4: {
        String prefix = "s" + random.nextInt(ROWS / 50 / 10 + 1);
        String part = random.nextInt(ROWS / 50) + "-" + random.nextInt(3);
        FilterPredicate p = op < 2 ? userDefined(binaryColumn("s"), new StartsWith(prefix))
            : op == 2 ? userDefined(binaryColumn("s"), StringPredicates.startsWith(prefix))
            : op == 3 ? userDefined(binaryColumn("s"), StringPredicates.endsWith(part))
            : userDefined(binaryColumn("s"), StringPredicates.contains(part.substring(0, part.length() - 2)));
        return random.nextBoolean() ? p : not(p);
      }
      case 5: {
        // A column the file does not have: null in every row.
        long v = random.nextInt(10);
        return op == 0 ? eq(longColumn("missing"), v) : op == 1 ? notEq(longColumn("missing"), v) : op == 2 ? eq(longColumn("missing"), null)
            : op == 3 ? lt(longColumn("missing"), v) : notEq(longColumn("missing"), null);
      }
      case 6: {
        double v = op == 0 ? -0.0 : op == 1 ? 0.0 : random.nextGaussian() * 150;
        return op % 3 == 0 ? lt(doubleColumn("d"), v) : op % 3 == 1 ? eq(doubleColumn("d"), v) : gt(doubleColumn("d"), v);
      }
      case 7:
        return op % 2 == 0 ? eq(booleanColumn("flag"), op == 0) : notEq(booleanColumn("flag"), true);
      default: {
        long v = random.nextInt(1000);
        return op == 0 ? in(longColumn("o_long"), FilteredScanTest.setOf(v, v + 1, v + 2, null)) : op == 1 ? notIn(longColumn("o_long"), FilteredScanTest.setOf(v, v + 1))
            : op == 2 ? in(longColumn("o_long"), FilteredScanTest.setOf(v, v + 3)) : op == 3 ? eq(longColumn("o_long"), v)
            : gt(longColumn("o_long"), v);
      }
    }
  }

  /**
   * parquet-java's record-filtered read of every column, then the {@code columns} of each row (null:
   * all). Row groups are dropped by statistics, dictionaries and bloom filters as our reader drops
   * them; pages are not skipped by the column index: with that on, parquet-java's record reader can
   * pair a row with another row's value in a column whose pages end elsewhere (parquet-java issue
   * 3747; RowFilterFuzzTest met it on 1.18.0: a FIXED decimal of row 2478 read from an earlier row,
   * where the unfiltered read and the written row agree with ours).
   */
  static FilteredScanTest.Rows parquetJava(Path f, FilterCompat.Filter filter, List<String> columns) throws IOException {
    List<String> names = new ArrayList<>();
    for (ColumnDescriptor c : SCHEMA.getColumns()) {
      names.add(String.join(".", c.getPath()));
    }
    List<String> wanted = columns == null ? names : columns;
    FilteredScanTest.Rows out = new FilteredScanTest.Rows();
    try (ParquetReader<Group> r = ParquetJavaGroups.reader(f).withFilter(filter).useRecordFilter(true).useColumnIndexFilter(false)
        .useStatsFilter(true).useDictionaryFilter(true).useBloomFilter(true).build()) {
      Group g;
      while ((g = r.read()) != null) {
        Object[] row = new Object[wanted.size()];
        for (int i = 0; i < row.length; i++) {
          row[i] = leaf(g, wanted.get(i));
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
      case FLOAT:
        return g.getFloat(field, 0);
      case INT96:
        return Arrays.toString(g.getInt96(field, 0).getBytes());
      default:
        return FilteredScanTest.leaf(g, field);
    }
  }

  /**
   * Our row-filtered read of {@code columns} with {@code batchSize}; where {@code skips} (seeded)
   * says, matching rows are skipped (at most {@code expected} of them in all), marked by null entries.
   */
  static FilteredScanTest.Rows ours(Path f, FilterCompat.Filter filter, List<String> columns, int batchSize, ColumnBatch.Layout layout,
      boolean ids, Random skips, int expected, PageSettings settings) throws IOException {
    FilteredScanTest.Rows out = new FilteredScanTest.Rows();
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), columns,
        ParquetReadOptions.builder().withRecordFilter(filter).build(), settings)) {
      ColumnBatch[] batches = reader.newBatches(batchSize, layout);
      if (ids) {
        for (ColumnBatch b : batches) {
          if (b.type() != PrimitiveTypeName.BOOLEAN) {
            b.keepDictionaryIds();
          }
        }
      }
      long[] indexes = new long[batchSize];
      while (true) {
        if (skips != null && skips.nextInt(3) == 0 && out.values.size() < expected) {
          long n = Math.min(expected - out.values.size(), skips.nextInt(3 * batchSize + 2));
          reader.skipRows(n);
          for (long i = 0; i < n; i++) {
            out.values.add(null);
            out.indexes.add(-1L);
          }
        }
        int rows = reader.nextBatch(batches);
        if (rows == 0) {
          break;
        }
        assertTrue(rows <= batchSize);
        assertEquals(rows, reader.rowIndexes(indexes));
        int[] k = new int[batches.length];
        for (int r = 0; r < rows; r++) {
          Object[] row = new Object[batches.length];
          for (int c = 0; c < batches.length; c++) {
            ColumnBatch b = batches[c];
            assertEquals(rows, b.rowCount(), "rows of column " + c);
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
        for (int c = 0; c < batches.length; c++) {
          assertEquals(k[c], batches[c].valueCount(), "values of column " + c);
        }
      }
    }
    return out;
  }

  @Test
  void randomPredicatesMatchParquetJavasRecordFiltering() throws IOException {
    Random random = new Random(SEED);
    int[] sizes = {1, 2, 3, 7, 8, 13, 64, 333, 1000, 4096};
    long selected = 0;
    long all = 0;
    for (int p = 0; p < 60; p++) {
      FilterPredicate predicate = predicate(random, 0);
      FilterCompat.Filter filter = FilterCompat.get(predicate);
      Path f = files.get(p % files.size());
      FilteredScanTest.Rows expected = parquetJava(f, filter, null);
      selected += expected.values.size();
      all += ROWS;
      for (int size : sizes) {
        ColumnBatch.Layout layout = size % 2 == 0 ? ColumnBatch.Layout.ROW_POSITIONS : ColumnBatch.Layout.DENSE;
        boolean ids = (p + size) % 3 != 0;
        String where = f.getFileName() + " " + predicate + " batch " + size + " " + layout + (ids ? " ids" : "");
        FilteredScanTest.assertSameRows(expected, ours(f, filter, null, size, layout, ids, null, expected.values.size(),
            PageSettings.defaults()), where);
        if ((p + size) % 4 == 0) {
          FilteredScanTest.assertSameRows(expected, ours(f, filter, null, size, layout, ids, new Random(SEED + p * 31L + size),
              expected.values.size(), PageSettings.defaults()), where + " with skips");
        }
      }
    }
    // Selective enough to drop rows, not so selective that nothing is read.
    assertTrue(selected < all * 3 / 4 && selected > all / 50, selected + " of " + all);
  }

  /**
   * Every comparison at values the rows hold (so that each bound is met exactly), as either side of
   * {@code and} chains and under {@code or}: the right side of an {@code and} tests only the rows
   * its left side kept, a path the random trees above reach rarely.
   */
  @Test
  void conjunctionsOfEveryComparisonMatch() throws IOException {
    Random random = new Random(SEED + 6);
    List<FilterPredicate> leaves = new ArrayList<>();
    for (int v : new int[] {0, 1, 25, 49, 50}) {
      leaves.addAll(List.of(eq(intColumn("small"), v), notEq(intColumn("small"), v), lt(intColumn("small"), v),
          ltEq(intColumn("small"), v), gt(intColumn("small"), v), gtEq(intColumn("small"), v)));
    }
    for (long v : new long[] {0, 3, 300, 301, ROWS * 3L - 3}) {
      leaves.addAll(List.of(eq(longColumn("id"), v), notEq(longColumn("id"), v), lt(longColumn("id"), v),
          ltEq(longColumn("id"), v), gt(longColumn("id"), v), gtEq(longColumn("id"), v)));
    }
    for (double v : new double[] {-0.0, 0.0}) {
      leaves.addAll(List.of(eq(doubleColumn("d"), v), notEq(doubleColumn("d"), v), lt(doubleColumn("d"), v), ltEq(doubleColumn("d"), v),
          gt(doubleColumn("d"), v), gtEq(doubleColumn("d"), v)));
    }
    for (float v : FLOATS) {
      leaves.addAll(List.of(ltEq(floatColumn("f"), v), gt(floatColumn("f"), v), notEq(floatColumn("f"), v)));
    }
    for (int v : new int[] {0, 100, 209, -1}) {
      leaves.addAll(List.of(lt(intColumn("u"), v), gtEq(intColumn("u"), v), eq(intColumn("u"), v)));
    }
    for (long v : new long[] {0, 500, 999}) {
      leaves.addAll(List.of(ltEq(longColumn("o_long"), v), gt(longColumn("o_long"), v), notEq(longColumn("o_long"), v)));
    }
    leaves.addAll(List.of(notEq(longColumn("o_long"), null), eq(intColumn("u"), null), notEq(longColumn("missing"), null),
        eq(longColumn("missing"), null), lt(longColumn("missing"), 3L), eq(booleanColumn("flag"), true)));
    long selected = 0;
    for (int p = 0; p < 90; p++) {
      FilterPredicate a = leaves.get(random.nextInt(leaves.size()));
      FilterPredicate b = leaves.get(random.nextInt(leaves.size()));
      FilterPredicate c = leaves.get(random.nextInt(leaves.size()));
      FilterPredicate predicate = p % 3 == 0 ? and(a, and(b, c)) : p % 3 == 1 ? and(and(a, b), or(c, a)) : and(a, not(b));
      FilterCompat.Filter filter = FilterCompat.get(predicate);
      Path f = files.get(p % files.size());
      FilteredScanTest.Rows expected = parquetJava(f, filter, null);
      selected += expected.values.size();
      for (int size : new int[] {7, 4096}) {
        ColumnBatch.Layout layout = (p + size) % 2 == 0 ? ColumnBatch.Layout.ROW_POSITIONS : ColumnBatch.Layout.DENSE;
        boolean ids = p % 2 == 0;
        FilteredScanTest.assertSameRows(expected, ours(f, filter, null, size, layout, ids, null, expected.values.size(),
            PageSettings.defaults()), f.getFileName() + " " + predicate + " batch " + size + " " + layout + (ids ? " ids" : ""));
      }
    }
    assertTrue(selected > 0 && selected < 90L * ROWS, selected + " rows matched in all");
  }

  /** The branch-free unsigned compare under every range test, against {@link Long#compareUnsigned}. */
  @Test
  void theRangeTestIsAnUnsignedCompare() {
    long[] edges = {0, 1, 2, -1, -2, Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE, Long.MAX_VALUE - 1,
        Integer.MAX_VALUE, Integer.MIN_VALUE, 0xFFFF_FFFFL, 1L << 32};
    Random random = new Random(SEED + 7);
    List<Long> values = new ArrayList<>();
    for (long e : edges) {
      values.add(e);
    }
    for (int i = 0; i < 200; i++) {
      values.add(random.nextLong());
    }
    for (long d : values) {
      for (long span : values) {
        assertEquals(Long.compareUnsigned(d, span) <= 0 ? 1 : 0, RowFilterNodes.LongKeyLeaf.inRange(d, span), d + " <= " + span);
      }
    }
  }

  @Test
  void projectionsWithoutThePredicatesColumnsMatch() throws IOException {
    Random random = new Random(SEED + 1);
    List<List<String>> projections = List.of(List.of("id"), List.of("s", "id"), List.of("flag", "small", "dec"), List.of("f", "u"),
        List.of("d"));
    for (int p = 0; p < 40; p++) {
      FilterPredicate predicate = predicate(random, 0);
      FilterCompat.Filter filter = FilterCompat.get(predicate);
      Path f = files.get(p % files.size());
      List<String> columns = projections.get(p % projections.size());
      FilteredScanTest.Rows expected = parquetJava(f, filter, columns);
      for (int size : new int[] {1, 9, 512, 4096}) {
        ColumnBatch.Layout layout = p % 2 == 0 ? ColumnBatch.Layout.DENSE : ColumnBatch.Layout.ROW_POSITIONS;
        FilteredScanTest.assertSameRows(expected, ours(f, filter, columns, size, layout, size > 100, new Random(p), expected.values.size(),
            PageSettings.defaults()), f.getFileName() + " " + predicate + " columns " + columns + " batch " + size);
      }
    }
  }

  /** parquet-hadoop's pages, and this library's read without the page index filter, give the same rows. */
  @Test
  void everyPageSourceMatches() throws IOException {
    Random random = new Random(SEED + 2);
    for (int p = 0; p < 12; p++) {
      FilterPredicate predicate = predicate(random, 0);
      FilterCompat.Filter filter = FilterCompat.get(predicate);
      Path f = files.get(p % files.size());
      FilteredScanTest.Rows expected = parquetJava(f, filter, null);
      FilteredScanTest.assertSameRows(expected, ours(f, filter, null, 777, ColumnBatch.Layout.DENSE, true, null, expected.values.size(),
          PageSettings.defaults().withParquetHadoopPages(true)), f.getFileName() + " " + predicate + " parquet-hadoop's pages");
    }
  }

  /** Matches at the edges: none, all, a single row, and rows at page and row group boundaries. */
  @Test
  void emptyFullAndSingleRowSelections() throws IOException {
    Path f = files.get(0);
    FilterPredicate[] predicates = {
      eq(longColumn("id"), -3L), gtEq(longColumn("id"), 0L), eq(longColumn("id"), 4500L), eq(longColumn("id"), 0L),
      eq(longColumn("id"), (ROWS - 1) * 3L), or(eq(longColumn("id"), 1497L * 3), eq(longColumn("id"), 1500L * 3)),
      notEq(longColumn("missing"), null), eq(longColumn("missing"), null), ltEq(intColumn("small"), 49)
    };
    for (FilterPredicate predicate : predicates) {
      FilterCompat.Filter filter = FilterCompat.get(predicate);
      FilteredScanTest.Rows expected = parquetJava(f, filter, null);
      for (int size : new int[] {1, 100, 4096}) {
        FilteredScanTest.assertSameRows(expected, ours(f, filter, null, size, ColumnBatch.Layout.ROW_POSITIONS, false, null,
            expected.values.size(), PageSettings.defaults()), predicate + " batch " + size);
      }
    }
  }

  /** Keeps every string and counts the values it was asked about (not null: parquet-java's page-index filter asks about null). */
  static final class CountingKeep extends UserDefinedPredicate<Binary> implements Serializable {
    private static final long serialVersionUID = 1L;
    static final java.util.concurrent.atomic.AtomicLong CALLS = new java.util.concurrent.atomic.AtomicLong();

    @Override
    public boolean keep(Binary value) {
      if (value != null) {
        CALLS.incrementAndGet();
      }
      return value != null;
    }

    @Override
    public boolean canDrop(Statistics<Binary> statistics) {
      return false;
    }

    @Override
    public boolean inverseCanDrop(Statistics<Binary> statistics) {
      return false;
    }
  }

  /**
   * A conjunction on different columns is read in stages, the cheaper part first: {@code small}
   * (4 bytes a row) before the strings (about 11), though the predicate names the strings first. The
   * string part is then evaluated only on the rows {@code small < 5} kept (plain pages: once per
   * value), not on every row; read whole, it would be asked about every non-null string.
   */
  @Test
  void aLaterStageIsEvaluatedOnlyOnTheRowsTheEarlierOnesKept() throws IOException {
    for (Path f : List.of(files.get(1), files.get(3))) { // no dictionary: strings evaluated value by value
      FilterCompat.Filter filter = FilterCompat.get(and(userDefined(binaryColumn("s"), new CountingKeep()), lt(intColumn("small"), 5)));
      FilteredScanTest.Rows expected = parquetJava(f, filter, null);
      int kept = parquetJava(f, FilterCompat.get(and(lt(intColumn("small"), 5), notEq(binaryColumn("s"), null))), null).values.size();
      int strings = parquetJava(f, FilterCompat.get(notEq(binaryColumn("s"), null)), null).values.size();
      assertTrue(kept * 5 < strings, kept + " of " + strings);
      try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), null,
          ParquetReadOptions.builder().withRecordFilter(filter).build(), PageSettings.defaults())) {
        ColumnBatch[] batches = reader.newBatches(4096, ColumnBatch.Layout.DENSE);
        CountingKeep.CALLS.set(0);
        long rows = 0;
        int n;
        while ((n = reader.nextBatch(batches)) > 0) {
          rows += n;
        }
        assertEquals(expected.values.size(), rows, f.getFileName().toString());
        assertEquals(kept, CountingKeep.CALLS.get(), f.getFileName() + ": strings the predicate was asked about");
      }
      FilteredScanTest.assertSameRows(expected, ours(f, filter, null, 1000, ColumnBatch.Layout.ROW_POSITIONS, false, null,
          expected.values.size(), PageSettings.defaults()), f.getFileName().toString());
    }
  }

  /** A read of no columns (a count) returns the number of matching rows, a row group at a time. */
  @Test
  void aReadOfNoColumnsCountsTheMatchingRows() throws IOException {
    Random random = new Random(SEED + 5);
    for (int p = 0; p < 10; p++) {
      FilterCompat.Filter filter = FilterCompat.get(predicate(random, 0));
      Path f = files.get(p % files.size());
      long counted = 0;
      try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), List.of(), filter)) {
        int n;
        while ((n = reader.nextBatch(new ColumnBatch[0])) > 0) {
          counted += n;
        }
      }
      assertEquals(parquetJava(f, filter, List.of()).values.size(), counted, f.getFileName() + " " + filter);
      // A record batch of no columns keeps its capacity.
      long inBatches = 0;
      try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), List.of(), filter)) {
        RecordBatch batch = reader.newRecordBatch(97);
        int n;
        while ((n = reader.nextBatch(batch)) > 0) {
          assertTrue(n <= 97, n + " rows in a batch of 97");
          assertEquals(n, batch.rowCount());
          inBatches += n;
        }
      }
      assertEquals(counted, inBatches, f.getFileName() + " " + filter + " in record batches");
    }
  }

  @Test
  void aPredicateThatDoesNotFitTheSchemaIsOneLineNamingTheColumn() {
    Path f = files.get(0);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ParquetBatchReader.open(new LocalInputFile(f), null, FilterCompat.get(eq(intColumn("id"), 3))).close());
    assertTrue(e.getMessage().contains("id") && !e.getMessage().contains("\n"), e.getMessage());
  }

  /**
   * Lists, maps and structs come whole for the records whose flat columns match, as parquet-java's
   * record-level filter returns them; the predicate's columns may be left out of the records read.
   */
  @Test
  void nestedRecordsMatchParquetJavasRecordFiltering(@TempDir Path nestedDir) throws IOException {
    NestedRecords.WriteOptions[] options = {
      new NestedRecords.WriteOptions(false, true, 20, 16 << 10),
      new NestedRecords.WriteOptions(true, false, 13, 8 << 10),
    };
    List<Path> nested = new ArrayList<>();
    for (int i = 0; i < options.length; i++) {
      Path f = nestedDir.resolve("nested-" + i + ".parquet");
      NestedRecords.write(f, FilteredScanTest.NESTED, FilteredScanTest.nestedRows(SEED + 200 + i), options[i]);
      nested.add(f);
    }
    Random random = new Random(SEED + 3);
    List<List<String>> projections = Arrays.asList(null, List.of("xs"), List.of("id", "m"), List.of("st", "small"), List.of("m", "xs", "st"));
    long selected = 0;
    for (int p = 0; p < 20; p++) {
      FilterPredicate predicate = FilteredScanTest.nestedPredicate(random, 0);
      FilterCompat.Filter filter = FilterCompat.get(predicate);
      Path f = nested.get(p % nested.size());
      List<String> columns = projections.get(p % projections.size());
      List<java.util.Map<String, Object>> expected = new ArrayList<>();
      try (ParquetReader<Group> r = ParquetJavaGroups.reader(f).withFilter(filter).useRecordFilter(true).useColumnIndexFilter(true).build()) {
        Group g;
        while ((g = r.read()) != null) {
          java.util.Map<String, Object> record = NestedRecords.record(g);
          if (columns != null) {
            record.keySet().retainAll(columns);
          }
          expected.add(record);
        }
      }
      selected += expected.size();
      for (int size : new int[] {1, 5, 64, 4096}) {
        List<java.util.Map<String, Object>> actual = new ArrayList<>();
        try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), columns, filter)) {
          RecordBatch batch = reader.newRecordBatch(size);
          while (reader.nextBatch(batch) > 0) {
            actual.addAll(NestedRecords.records(batch));
          }
        }
        String where = f.getFileName() + " " + predicate + " columns " + columns + " batch " + size;
        for (int r = 0; r < Math.min(expected.size(), actual.size()); r++) {
          assertEquals(expected.get(r), actual.get(r), where + " record " + r);
        }
        assertEquals(expected.size(), actual.size(), where + " records");
      }
      // Skips of matching records between reads: the records read are parquet-java's at their places.
      Random skips = new Random(SEED + p);
      try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), columns, filter)) {
        RecordBatch batch = reader.newRecordBatch(16);
        int at = 0;
        while (true) {
          int skip = Math.min(expected.size() - at, skips.nextInt(40));
          reader.skipRows(skip);
          at += skip;
          int n = reader.nextBatch(batch);
          if (n == 0) {
            break;
          }
          List<java.util.Map<String, Object>> records = NestedRecords.records(batch);
          for (int r = 0; r < n; r++) {
            assertEquals(expected.get(at + r), records.get(r), f.getFileName() + " " + predicate + " record " + (at + r) + " after skips");
          }
          at += n;
        }
        assertEquals(expected.size(), at, f.getFileName() + " " + predicate + " records read and skipped");
      }
    }
    assertTrue(selected > 0 && selected < 20L * FilteredScanTest.NESTED_ROWS * 3 / 4, selected + " records selected");
  }

  static final MessageType LOGICAL = Types.buildMessage()
      .required(PrimitiveTypeName.INT64).named("id")
      .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType()).named("day")
      .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MILLIS)).named("ts_ms")
      .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(false, LogicalTypeAnnotation.TimeUnit.MICROS)).named("ts_us")
      .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.decimalType(2, 9)).named("dec32")
      .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.decimalType(3, 18)).named("dec64")
      .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.decimalType(2, 20)).named("decbin")
      .optional(PrimitiveTypeName.INT96).named("int96")
      .optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.intType(64, false)).named("u64")
      .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(8, false)).named("u8")
      .named("logical");

  /** Minimal big-endian two's complement bytes of {@code v}, as decimal writers store them. */
  static Binary minimalBytes(long v) {
    return Binary.fromConstantByteArray(java.math.BigInteger.valueOf(v).toByteArray());
  }

  static Binary int96(long nanosOfDay, int julianDay) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(12).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.putLong(nanosOfDay).putInt(julianDay);
    return Binary.fromConstantByteArray(b.array());
  }

  /**
   * Dates, timestamps of both units, decimals of every physical type (INT32, INT64, BINARY of
   * varying length), INT96, UINT_64 and UINT_8: each compared as parquet-java's comparator for its
   * type orders it (signed decimals in byte arrays, unsigned 64-bit integers unsigned).
   */
  @Test
  void logicalTypesOfEveryPhysicalTypeMatch(@TempDir Path logicalDir) throws IOException {
    Random random = new Random(SEED + 4);
    List<Group> rows = logicalRows(random, 5000, 8);
    List<Path> logicalFiles = new ArrayList<>();
    for (boolean dict : new boolean[] {true, false}) {
      Path f = logicalDir.resolve("logical-" + dict + ".parquet");
      ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(LOGICAL)
          .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withDictionaryEncoding(dict).withPageRowCountLimit(700), f, rows, 2000);
      logicalFiles.add(f);
    }
    List<String> names = new ArrayList<>();
    for (ColumnDescriptor c : LOGICAL.getColumns()) {
      names.add(c.getPath()[0]);
    }
    long matched = 0;
    for (int p = 0; p < 40; p++) {
      FilterPredicate predicate = logicalPredicate(random);
      if (random.nextInt(3) == 0) {
        predicate = random.nextBoolean() ? and(predicate, logicalPredicate(random)) : or(predicate, not(logicalPredicate(random)));
      }
      FilterCompat.Filter filter = FilterCompat.get(predicate);
      Path f = logicalFiles.get(p % 2);
      List<Object[]> expected = new ArrayList<>();
      try (ParquetReader<Group> r = ParquetJavaGroups.reader(f).withFilter(filter).useRecordFilter(true).build()) {
        Group g;
        while ((g = r.read()) != null) {
          expected.add(new Object[] {g.getLong("id", 0)});
        }
      }
      matched += expected.size();
      for (int size : new int[] {3, 500}) {
        List<Object[]> actual = new ArrayList<>();
        try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), List.of("id"), filter)) {
          ColumnBatch[] b = reader.newBatches(size, ColumnBatch.Layout.DENSE);
          int n;
          while ((n = reader.nextBatch(b)) > 0) {
            for (int i = 0; i < n; i++) {
              actual.add(new Object[] {b[0].longs()[i]});
            }
          }
        }
        assertEquals(expected.size(), actual.size(), f.getFileName() + " " + predicate + " batch " + size);
        for (int i = 0; i < expected.size(); i++) {
          assertEquals(expected.get(i)[0], actual.get(i)[0], f.getFileName() + " " + predicate + " row " + i);
        }
      }
    }
    assertTrue(matched > 40 * 5000 / 20 && matched < 40 * 5000 * 3 / 4, matched + " rows matched in all");
  }

  static final MessageType DICTIONARY_KEYS = Types.buildMessage()
      .required(PrimitiveTypeName.INT64).named("id")
      .optional(PrimitiveTypeName.INT64).named("l")
      .required(PrimitiveTypeName.DOUBLE).named("d")
      .optional(PrimitiveTypeName.FLOAT).named("f")
      .required(PrimitiveTypeName.INT32).named("i")
      .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("s")
      .named("dictionary_keys");

  /**
   * Predicate columns on dictionary pages that the caller reads as values (the reader evaluates
   * them on ids in a batch of its own and looks up only the matching rows' values), of every
   * physical type, nullable or not, both layouts: the rows and values equal the same rows of an
   * unfiltered read.
   */
  @Test
  void dictionaryPredicateColumnsReadAsValuesMatch(@TempDir Path dictDir) throws IOException {
    Random random = new Random(SEED + 8);
    SimpleGroupFactory groups = new SimpleGroupFactory(DICTIONARY_KEYS);
    List<Group> rows = new ArrayList<>();
    for (int r = 0; r < 4000; r++) {
      Group g = groups.newGroup().append("id", (long) r).append("d", random.nextInt(60) * 0.25).append("i", random.nextInt(80) - 40);
      if (random.nextInt(7) != 0) {
        g.add("l", random.nextInt(100) * 1_000_000_007L);
      }
      if (random.nextInt(7) != 0) {
        g.add("f", random.nextInt(30) - 15.5f);
      }
      if (random.nextInt(7) != 0) {
        g.add("s", "w" + random.nextInt(50));
      }
      rows.add(g);
    }
    Path f = dictDir.resolve("dictionary-keys.parquet");
    ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(DICTIONARY_KEYS)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withDictionaryEncoding(true).withPageRowCountLimit(600), f, rows, 1500);
    List<String> names = List.of("id", "l", "d", "f", "i", "s");
    long matched = 0;
    for (ColumnBatch.Layout layout : ColumnBatch.Layout.values()) {
      List<List<Object>> all = convertedRows(f, names, null, layout, 1000, null);
      assertEquals(rows.size(), all.size());
      for (int p = 0; p < 30; p++) {
        FilterPredicate predicate = dictionaryKeyPredicate(random);
        if (random.nextInt(3) == 0) {
          predicate = and(predicate, dictionaryKeyPredicate(random));
        }
        FilterCompat.Filter filter = FilterCompat.get(predicate);
        List<List<Object>> expected = new ArrayList<>();
        try (ParquetReader<Group> r = ParquetJavaGroups.reader(f).withFilter(filter).useRecordFilter(true).build()) {
          Group g;
          while ((g = r.read()) != null) {
            expected.add(all.get((int) g.getLong("id", 0)));
          }
        }
        matched += expected.size();
        for (int size : new int[] {9, 1000}) {
          List<List<Object>> actual = convertedRows(f, names, filter, layout, size, null);
          assertEquals(expected.size(), actual.size(), layout + " " + predicate + " batch " + size);
          for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), layout + " " + predicate + " batch " + size + " row " + i);
          }
        }
      }
    }
    assertTrue(matched > 60 * 4000 / 30 && matched < 60 * 4000 * 3 / 4, matched + " rows matched in all");
  }

  static FilterPredicate dictionaryKeyPredicate(Random random) {
    int op = random.nextInt(4);
    switch (random.nextInt(5)) {
      case 0: {
        long v = random.nextInt(100) * 1_000_000_007L;
        return op == 0 ? eq(longColumn("l"), v) : op == 1 ? lt(longColumn("l"), v) : op == 2 ? gtEq(longColumn("l"), v) : notEq(longColumn("l"), v);
      }
      case 1: {
        double v = random.nextInt(60) * 0.25;
        return op == 0 ? eq(doubleColumn("d"), v) : op == 1 ? lt(doubleColumn("d"), v) : gt(doubleColumn("d"), v);
      }
      case 2: {
        float v = random.nextInt(30) - 15.5f;
        return op == 0 ? eq(floatColumn("f"), v) : op == 1 ? ltEq(floatColumn("f"), v) : gt(floatColumn("f"), v);
      }
      case 3: {
        int v = random.nextInt(80) - 40;
        return op == 0 ? eq(intColumn("i"), v) : op == 1 ? lt(intColumn("i"), v) : gtEq(intColumn("i"), v);
      }
      default: {
        Binary v = Binary.fromString("w" + random.nextInt(50));
        return op == 0 ? eq(binaryColumn("s"), v) : op == 1 ? lt(binaryColumn("s"), v) : gt(binaryColumn("s"), v);
      }
    }
  }

  /** The conversion each LOGICAL column is read with in {@link #convertedPredicateColumnsMatch}. */
  static final Conversion[] LOGICAL_CONVERSIONS = {Conversion.NONE, Conversion.DATE_MICROS, Conversion.TIMESTAMP_MICROS,
      Conversion.TIMESTAMP_NANOS, Conversion.TO_LONG, Conversion.DECIMAL_128, Conversion.DECIMAL_128,
      Conversion.TIMESTAMP_MICROS, Conversion.TO_DOUBLE, Conversion.TO_LONG};

  /**
   * Predicate columns read with conversions (dates as micros, millis as micros, decimals widened,
   * INT96 as micros, unsigned as double): the predicate still compares stored values, as
   * parquet-java's record filter does, and the rows that match arrive converted, equal to the same
   * rows of a read without the filter. Both layouts; each column is a predicate column in some draws.
   */
  @Test
  void convertedPredicateColumnsMatch(@TempDir Path convertedDir) throws IOException {
    Random random = new Random(SEED + 5);
    List<Group> rows = logicalRows(random, 3000, 6);
    List<String> names = new ArrayList<>();
    for (ColumnDescriptor c : LOGICAL.getColumns()) {
      names.add(c.getPath()[0]);
    }
    long matched = 0;
    for (boolean dict : new boolean[] {true, false}) {
      Path f = convertedDir.resolve("converted-" + dict + ".parquet");
      ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(LOGICAL)
          .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withDictionaryEncoding(dict).withPageRowCountLimit(500), f, rows, 1200);
      for (ColumnBatch.Layout layout : ColumnBatch.Layout.values()) {
        List<List<Object>> all = convertedRows(f, names, null, layout, 700, LOGICAL_CONVERSIONS);
        assertEquals(rows.size(), all.size());
        for (int p = 0; p < 12; p++) {
          FilterPredicate predicate = logicalPredicate(random);
          if (random.nextInt(3) == 0) {
            predicate = random.nextBoolean() ? and(predicate, logicalPredicate(random)) : or(predicate, not(logicalPredicate(random)));
          }
          FilterCompat.Filter filter = FilterCompat.get(predicate);
          List<List<Object>> expected = new ArrayList<>();
          try (ParquetReader<Group> r = ParquetJavaGroups.reader(f).withFilter(filter).useRecordFilter(true).build()) {
            Group g;
            while ((g = r.read()) != null) {
              expected.add(all.get((int) g.getLong("id", 0)));
            }
          }
          matched += expected.size();
          for (int size : new int[] {5, 600}) {
            List<List<Object>> actual = convertedRows(f, names, filter, layout, size, LOGICAL_CONVERSIONS);
            assertEquals(expected.size(), actual.size(), dict + " " + layout + " " + predicate + " batch " + size);
            for (int i = 0; i < expected.size(); i++) {
              assertEquals(expected.get(i), actual.get(i), dict + " " + layout + " " + predicate + " batch " + size + " row " + i);
            }
          }
        }
      }
    }
    assertTrue(matched > 48 * 3000 / 20 && matched < 48 * 3000 * 3 / 4, matched + " rows matched in all");
  }

  /**
   * Every row of {@code f} (those {@code filter} keeps), each value as an object (null for null),
   * each column read with its {@code conversions} entry (null: physical values).
   */
  private static List<List<Object>> convertedRows(Path f, List<String> names, FilterCompat.Filter filter, ColumnBatch.Layout layout,
      int size, Conversion[] conversions) throws IOException {
    List<List<Object>> out = new ArrayList<>();
    try (ParquetBatchReader reader = filter == null ? ParquetBatchReader.open(new LocalInputFile(f), names)
        : ParquetBatchReader.open(new LocalInputFile(f), names, filter)) {
      ColumnBatch[] b = reader.newBatches(size, layout);
      for (int c = 0; conversions != null && c < b.length; c++) {
        b[c].convert(conversions[c]);
      }
      int n;
      while ((n = reader.nextBatch(b)) > 0) {
        int[] value = new int[b.length];
        for (int i = 0; i < n; i++) {
          List<Object> row = new ArrayList<>();
          for (int c = 0; c < b.length; c++) {
            if (b[c].isNull(i)) {
              row.add(null);
              if (layout == ColumnBatch.Layout.DENSE) {
                continue;
              }
            } else {
              int v = layout == ColumnBatch.Layout.DENSE ? value[c] : i;
              switch (b[c].logical().target()) {
                case INTS:
                  row.add(b[c].ints()[v]);
                  break;
                case LONGS:
                  row.add(b[c].longs()[v]);
                  break;
                case FLOATS:
                  row.add(b[c].floats()[v]);
                  break;
                case DOUBLES:
                  row.add(b[c].doubles()[v]);
                  break;
                case DECIMAL_128:
                  row.add(Arrays.toString(Arrays.copyOfRange(b[c].decimal128(), 16 * v, 16 * v + 16)));
                  break;
                case BINARIES:
                  row.add(b[c].binaries().toBinary(v).toStringUsingUTF8());
                  break;
                default:
                  throw new AssertionError(b[c].logical().target());
              }
            }
            value[c]++;
          }
          out.add(row);
        }
      }
    }
    return out;
  }

  /** {@code n} rows of {@link #LOGICAL}, {@code id} counting from 0, each other column null one time in {@code nullOneIn}. */
  static List<Group> logicalRows(Random random, int n, int nullOneIn) {
    SimpleGroupFactory groups = new SimpleGroupFactory(LOGICAL);
    List<Group> rows = new ArrayList<>();
    for (int r = 0; r < n; r++) {
      Group g = groups.newGroup().append("id", (long) r);
      if (random.nextInt(nullOneIn) != 0) {
        g.add("day", 18000 + random.nextInt(400));
      }
      if (random.nextInt(nullOneIn) != 0) {
        g.add("ts_ms", 1_600_000_000_000L + random.nextInt(1_000_000) * 1000L);
      }
      if (random.nextInt(nullOneIn) != 0) {
        g.add("ts_us", random.nextInt(3) == 0 ? -random.nextInt(1_000_000) : random.nextInt(1_000_000) * 1_000L);
      }
      if (random.nextInt(nullOneIn) != 0) {
        g.add("dec32", random.nextInt(20_000) - 10_000);
      }
      if (random.nextInt(nullOneIn) != 0) {
        g.add("dec64", (long) (random.nextGaussian() * 1e12));
      }
      if (random.nextInt(nullOneIn) != 0) {
        g.add("decbin", minimalBytes(random.nextInt(3) == 0 ? random.nextLong() : random.nextInt(5000) - 2500));
      }
      if (random.nextInt(nullOneIn) != 0) {
        g.add("int96", int96(random.nextInt(86_400) * 1_000_000_000L, 2_440_000 + random.nextInt(100)));
      }
      if (random.nextInt(nullOneIn) != 0) {
        g.add("u64", random.nextInt(4) == 0 ? -1L - random.nextInt(1000) : random.nextInt(1000));
      }
      if (random.nextInt(nullOneIn) != 0) {
        g.add("u8", random.nextInt(256));
      }
      rows.add(g);
    }
    return rows;
  }

  static FilterPredicate logicalPredicate(Random random) {
    int op = random.nextInt(4);
    switch (random.nextInt(9)) {
      case 0: {
        int v = 18000 + random.nextInt(420);
        return op == 0 ? eq(intColumn("day"), v) : op == 1 ? lt(intColumn("day"), v) : op == 2 ? gtEq(intColumn("day"), v) : notEq(intColumn("day"), v);
      }
      case 1: {
        long v = 1_600_000_000_000L + random.nextInt(1_000_000) * 1000L;
        return op % 2 == 0 ? lt(longColumn("ts_ms"), v) : gt(longColumn("ts_ms"), v);
      }
      case 2: {
        long v = random.nextInt(2_000_000_000) - 1_000_000L;
        return op % 2 == 0 ? ltEq(longColumn("ts_us"), v) : gtEq(longColumn("ts_us"), v);
      }
      case 3: {
        int v = random.nextInt(21_000) - 10_500;
        return op == 0 ? eq(intColumn("dec32"), v) : op == 1 ? lt(intColumn("dec32"), v) : gt(intColumn("dec32"), v);
      }
      case 4: {
        long v = (long) (random.nextGaussian() * 1e12);
        return op % 2 == 0 ? lt(longColumn("dec64"), v) : gtEq(longColumn("dec64"), v);
      }
      case 5: {
        Binary v = minimalBytes(random.nextInt(6000) - 3000);
        return op == 0 ? eq(binaryColumn("decbin"), v) : op == 1 ? lt(binaryColumn("decbin"), v) : op == 2 ? gt(binaryColumn("decbin"), v)
            : in(binaryColumn("decbin"), FilteredScanTest.setOf(v, minimalBytes(0)));
      }
      case 6: {
        Binary v = int96(random.nextInt(86_400) * 1_000_000_000L, 2_440_000 + random.nextInt(100));
        return op == 0 ? eq(binaryColumn("int96"), null) : op == 1 ? lt(binaryColumn("int96"), v) : gtEq(binaryColumn("int96"), v);
      }
      case 7: {
        long v = random.nextInt(3) == 0 ? -1L - random.nextInt(1000) : random.nextInt(1000);
        return op == 0 ? eq(longColumn("u64"), v) : op == 1 ? lt(longColumn("u64"), v) : gt(longColumn("u64"), v);
      }
      default: {
        int v = random.nextInt(260);
        return op % 2 == 0 ? lt(intColumn("u8"), v) : gtEq(intColumn("u8"), v);
      }
    }
  }

  @Test
  void pageGranularReadsStayAvailable() throws IOException {
    Path f = files.get(0);
    FilterCompat.Filter filter = FilterCompat.get(eq(intColumn("small"), 7));
    int rowFiltered = 0;
    int pageGranular = 0;
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), List.of("small"), filter)) {
      assertTrue(reader.filtersRows());
      ColumnBatch[] b = reader.newBatches(1000, ColumnBatch.Layout.DENSE);
      int rows;
      while ((rows = reader.nextBatch(b)) > 0) {
        for (int i = 0; i < rows; i++) {
          assertEquals(7, b[0].ints()[i]);
        }
        rowFiltered += rows;
      }
    }
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), List.of("small"),
        ParquetReadOptions.builder().withRecordFilter(filter).useRecordFilter(false).build())) {
      assertTrue(!reader.filtersRows() && reader.isFiltered());
      ColumnBatch[] b = reader.newBatches(1000, ColumnBatch.Layout.DENSE);
      int rows;
      while ((rows = reader.nextBatch(b)) > 0) {
        pageGranular += rows;
      }
    }
    assertEquals(parquetJava(f, filter, null).values.size(), rowFiltered);
    assertTrue(pageGranular > rowFiltered, pageGranular + " rows page-granular, " + rowFiltered + " row-filtered");
  }
}
