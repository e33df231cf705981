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
import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.or;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.ParquetJavaWriters;
import io.github.fastdecode.parquet.file.PageSettings;
import io.github.fastdecode.parquet.file.SelectedRows;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filtered scans on the library's own pages ({@code RowGroupReader.readSelected}) against
 * parquet-java's filtered reads and against the same scan on parquet-hadoop's pages: a filter that
 * keeps rows in the middle of a chunk's pages, one that keeps a row group by its statistics but
 * none of its pages, nullable and repeated columns, V1 and V2 pages, dictionary and plain chunks.
 */
class FilteredOwnPagesTest {
  static final long SEED = 20261126L;

  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message gaps {"
      + " required int64 id; optional int32 small; optional binary s (STRING);"
      + " optional group xs (LIST) { repeated group list { optional int64 element; } } }");
  static final int ROWS = 6000;

  static List<Group> rows(long seed) {
    Random random = new Random(seed);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      Group g = groups.newGroup();
      g.add("id", (long) r * 10); // gaps between consecutive ids, so a value can fall between two pages
      if (random.nextInt(6) != 0) {
        g.add("small", random.nextInt(30));
      }
      if (random.nextInt(5) != 0) {
        g.add("s", "v" + random.nextInt(25));
      }
      if (random.nextInt(4) != 0) {
        Group xs = g.addGroup("xs");
        for (int k = random.nextInt(15) == 0 ? 40 : random.nextInt(4); k > 0; k--) {
          Group e = xs.addGroup("list");
          if (random.nextInt(5) != 0) {
            e.add("element", (long) random.nextInt(1000));
          }
        }
      }
      rows.add(g);
    }
    return rows;
  }

  static List<Path> write(Path dir) throws IOException {
    List<Path> files = new ArrayList<>();
    int i = 0;
    for (WriterVersion v : WriterVersion.values()) {
      for (boolean dict : new boolean[] {true, false}) {
        CompressionCodecName codec = i % 2 == 0 ? CompressionCodecName.UNCOMPRESSED : CompressionCodecName.SNAPPY;
        Path f = dir.resolve("gaps-" + v + "-" + dict + ".parquet");
        ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(SCHEMA)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(v).withDictionaryEncoding(dict)
            .withDictionaryPageSize(2048).withCompressionCodec(codec).withPageRowCountLimit(120).withPageSize(1000)
            .withMinRowCountForPageSizeCheck(1), f, rows(SEED + i++), 2000);
        files.add(f);
      }
    }
    return files;
  }

  static boolean hadoopPagesForced() {
    return "parquet-hadoop".equals(System.getProperty(PageSettings.SOURCE_PROPERTY));
  }

  /** Our scan with both page sources equals parquet-java's filtered read, for a few batch sizes, with and without skips. */
  static int check(Path f, FilterCompat.Filter filter, List<String> columns, String what) throws IOException {
    FilteredScanTest.Rows expected = parquetJava(f, filter, columns);
    PageSettings own = PageSettings.defaults().withParquetHadoopPages(false);
    PageSettings hadoop = PageSettings.defaults().withParquetHadoopPages(true);
    for (int size : new int[] {1, 7, 100, 4096}) {
      String where = f.getFileName() + " " + what + " " + filter + " batch " + size;
      FilteredScanTest.assertSameRows(expected, FilteredScanTest.ours(f, filter, columns, size, ColumnBatch.Layout.DENSE, null, own),
          where + " own pages");
      FilteredScanTest.assertSameRows(expected, FilteredScanTest.ours(f, filter, columns, size, ColumnBatch.Layout.ROW_POSITIONS,
          new Random(SEED + size), own), where + " own pages with skips");
      FilteredScanTest.assertSameRows(expected, FilteredScanTest.ours(f, filter, columns, size, ColumnBatch.Layout.DENSE, null, hadoop),
          where + " parquet-hadoop pages");
    }
    return expected.values.size();
  }

  static final List<String> FLAT = List.of("id", "small", "s");

  /** parquet-java's filtered read of {@code columns} (flat ones, in schema order) of one of these files. */
  static FilteredScanTest.Rows parquetJava(Path f, FilterCompat.Filter filter, List<String> columns) throws IOException {
    Configuration conf = new Configuration();
    conf.set(ReadSupport.PARQUET_READ_SCHEMA, ParquetBatchReader.projection(SCHEMA, ParquetBatchReader.choose(SCHEMA, columns)).toString());
    FilteredScanTest.Rows out = new FilteredScanTest.Rows();
    try (ParquetReader<Group> r = ParquetJavaGroups.reader(f)
        .withConf(conf).withFilter(filter).useColumnIndexFilter(true).useRecordFilter(false).build()) {
      Group g;
      while ((g = r.read()) != null) {
        Object[] row = new Object[columns.size()];
        for (int i = 0; i < row.length; i++) {
          row[i] = FilteredScanTest.leaf(g, columns.get(i));
        }
        out.values.add(row);
        out.indexes.add(r.getCurrentRowIndex());
      }
    }
    return out;
  }

  @Test
  void aFilterKeepingRowsInTheMiddleOfAChunksPages(@TempDir Path dir) throws IOException {
    for (Path f : write(dir)) {
      // Row group 1 holds rows 2000..3999: a range in its middle, and one across its pages' edges.
      FilterCompat.Filter middle = FilterCompat.get(and(gtEq(longColumn("id"), 27_000L), lt(longColumn("id"), 28_500L)));
      int n = check(f, middle, FLAT, "middle");
      assertTrue(n >= 150 && n < 2000, n + " rows");
      assertSelectsSomePages(f, middle);
      FilterCompat.Filter two = FilterCompat.get(or(and(gtEq(longColumn("id"), 20_500L), lt(longColumn("id"), 21_000L)),
          and(gtEq(longColumn("id"), 39_000L), lt(longColumn("id"), 41_000L))));
      check(f, two, FLAT, "two ranges");
    }
  }

  /** Nullable and repeated columns (a list) under a page filter, flat ones beside them. */
  @Test
  void nullableAndRepeatedColumnsUnderAPageFilter(@TempDir Path dir) throws IOException {
    for (Path f : write(dir)) {
      FilterCompat.Filter filter = FilterCompat.get(or(and(gtEq(longColumn("id"), 3_330L), lt(longColumn("id"), 5_000L)),
          and(gtEq(longColumn("id"), 44_440L), lt(longColumn("id"), 46_000L))));
      FilteredScanTest.Rows expected = FilteredScanTest.nestedParquetJava(f, filter, List.of("id", "xs", "small"));
      for (PageSettings settings : new PageSettings[] {PageSettings.defaults().withParquetHadoopPages(false),
          PageSettings.defaults().withParquetHadoopPages(true)}) {
        for (int size : new int[] {1, 5, 333}) {
          FilteredScanTest.assertSameRows(expected, nested(f, filter, List.of("id", "xs", "small"), size, settings),
              f.getFileName() + " " + settings + " batch " + size);
        }
      }
      assertTrue(expected.values.size() > 100 && expected.values.size() < ROWS / 2, expected.values.size() + " rows");
    }
  }

  static FilteredScanTest.Rows nested(Path f, FilterCompat.Filter filter, List<String> columns, int batchSize, PageSettings settings)
      throws IOException {
    FilteredScanTest.Rows out = new FilteredScanTest.Rows();
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), columns,
        ParquetReadOptions.builder().withRecordFilter(filter).useRecordFilter(false).build(), settings)) {
      assertEquals(!settings.parquetHadoopPages(), reader.readsOwnPages());
      RecordBatch batch = reader.newRecordBatch(batchSize);
      long[] indexes = new long[batchSize];
      int rows;
      while ((rows = reader.nextBatch(batch)) > 0) {
        reader.rowIndexes(indexes);
        List<java.util.Map<String, Object>> records = NestedRecords.records(batch);
        for (int r = 0; r < rows; r++) {
          out.values.add(new Object[] {records.get(r)});
          out.indexes.add(indexes[r]);
        }
      }
    }
    return out;
  }

  /**
   * A value between two pages' ranges of the sorted column: the row group's statistics keep it, its
   * column index keeps no page of it. The row group is passed over; the rows another range keeps in
   * the next row group are read.
   */
  @Test
  void aRowGroupWhosePagesTheFilterAllRulesOut(@TempDir Path dir) throws IOException {
    for (Path f : write(dir)) {
      long between;
      try (ParquetFileReader hadoop = ParquetFileReader.open(new LocalInputFile(f))) {
        BlockMetaData block = hadoop.getRowGroups().get(0);
        ColumnChunkMetaData id = null;
        for (ColumnChunkMetaData c : block.getColumns()) {
          if (c.getPath().equals(ColumnPath.get("id"))) {
            id = c;
          }
        }
        ColumnIndex index = hadoop.readColumnIndex(id);
        assertTrue(index.getMaxValues().size() > 2, "pages in row group 0");
        between = index.getMaxValues().get(1).duplicate().order(ByteOrder.LITTLE_ENDIAN).getLong() + 5;
      }
      FilterCompat.Filter filter = FilterCompat.get(or(eq(longColumn("id"), between),
          and(gtEq(longColumn("id"), 30_000L), lt(longColumn("id"), 30_200L))));
      try (ParquetFileReader hadoop = ParquetFileReader.open(new LocalInputFile(f),
          ParquetReadOptions.builder().withRecordFilter(filter).useRecordFilter(false).build())) {
        assertEquals(0, selected(hadoop, filter, 0).rowCount(), "no page of row group 0 holds " + between);
        assertTrue(hadoop.getRowGroups().size() >= 2, "statistics keep row group 0 (and 1)");
      }
      int n = check(f, filter, FLAT, "between pages");
      assertTrue(n > 0 && n < 1000, n + " rows");
      // Nothing at all: the value between pages alone.
      assertEquals(0, check(f, FilterCompat.get(eq(longColumn("id"), between)), FLAT, "only between pages"));
    }
  }

  static SelectedRows selected(ParquetFileReader hadoop, FilterCompat.Filter filter, int rowGroup) {
    Set<ColumnPath> paths = new HashSet<>();
    for (ColumnDescriptor c : hadoop.getFooter().getFileMetaData().getSchema().getColumns()) {
      paths.add(ColumnPath.get(c.getPath()));
    }
    return SelectedRows.of(filter, hadoop.getColumnIndexStore(rowGroup), paths, hadoop.getRowGroups().get(rowGroup).getRowCount(), rowGroup);
  }

  /** Some kept row group has some of its rows, not all, selected by the column index. */
  static void assertSelectsSomePages(Path f, FilterCompat.Filter filter) throws IOException {
    try (ParquetFileReader hadoop = ParquetFileReader.open(new LocalInputFile(f),
        ParquetReadOptions.builder().withRecordFilter(filter).useRecordFilter(false).build())) {
      boolean some = false;
      for (int b = 0; b < hadoop.getRowGroups().size(); b++) {
        SelectedRows rows = selected(hadoop, filter, b);
        some |= rows.rowCount() > 0 && !rows.all();
      }
      assertTrue(some, f + " " + filter + ": no row group with some of its pages selected");
    }
  }
}
