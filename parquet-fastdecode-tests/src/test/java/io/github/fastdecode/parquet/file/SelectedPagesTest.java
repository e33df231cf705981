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
package io.github.fastdecode.parquet.file;

import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.or;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.column.CodecExpansion;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import io.github.fastdecode.parquet.conformance.InMemoryInputFile;
import io.github.fastdecode.parquet.conformance.ParquetJavaWriters;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Filtered reads of a row group's pages ({@link RowGroupReader#readSelected}): the pages handed out
 * are exactly those of parquet-hadoop's that hold a selected row, byte for byte, with the first row
 * index and row count its filtered pages carry; with a filter, the same pages as parquet-hadoop's
 * {@code readFilteredRowGroup} for the same row group; and a lying offset index (pages outside the
 * chunk, overlapping, out of order, first rows not increasing, pointing inside a page) is a {@link
 * PageReadException} naming the column, the row group and the page.
 */
class SelectedPagesTest {
  static final long SEED = 20261126L;

  @TempDir
  static Path dir;

  static final MessageType SORTED = MessageTypeParser.parseMessageType("message sorted {"
      + " required int64 id; optional int32 small; optional binary s (STRING);"
      + " optional group xs (LIST) { repeated group list { optional int64 element; } } }");
  static final int SORTED_ROWS = 5000;
  static final List<Path> sortedFiles = new ArrayList<>();

  @BeforeAll
  static void writeSorted() throws IOException {
    System.out.println("SelectedPagesTest seed " + SEED);
    int i = 0;
    for (WriterVersion v : WriterVersion.values()) {
      for (boolean dict : new boolean[] {true, false}) {
        CompressionCodecName codec = i % 2 == 0 ? CompressionCodecName.SNAPPY : CompressionCodecName.UNCOMPRESSED;
        Path f = dir.resolve("sorted-" + v + "-" + dict + ".parquet");
        ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path)).withType(SORTED)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(v).withDictionaryEncoding(dict)
            .withCompressionCodec(codec).withPageRowCountLimit(150).withPageSize(900).withMinRowCountForPageSizeCheck(1),
            f, sortedRows(SEED + i++), 2000);
        sortedFiles.add(f);
      }
    }
  }

  static List<Group> sortedRows(long seed) {
    Random random = new Random(seed);
    SimpleGroupFactory groups = new SimpleGroupFactory(SORTED);
    List<Group> rows = new ArrayList<>();
    for (int r = 0; r < SORTED_ROWS; r++) {
      Group g = groups.newGroup();
      g.add("id", (long) r);
      if (random.nextInt(5) != 0) {
        g.add("small", random.nextInt(40));
      }
      if (random.nextInt(4) != 0) {
        g.add("s", "v" + random.nextInt(30));
      }
      if (random.nextInt(4) != 0) {
        Group xs = g.addGroup("xs");
        for (int k = random.nextInt(12) == 0 ? 25 : random.nextInt(3); k > 0; k--) {
          Group e = xs.addGroup("list");
          if (random.nextInt(4) != 0) {
            e.add("element", random.nextLong());
          }
        }
      }
      rows.add(g);
    }
    return rows;
  }

  static Stream<GeneratedFiles.Spec> files() {
    return GeneratedFiles.standard().stream().filter(s -> s.rows > 1);
  }

  /** Seeded random runs of a row group's rows: one to four, of any length. */
  static SelectedRows randomRuns(Random random, long rows) {
    int n = 1 + random.nextInt(4);
    long[] from = new long[n];
    long[] to = new long[n];
    long at = 0;
    int k = 0;
    for (int i = 0; i < n && at < rows; i++) {
      long start = at + random.nextInt((int) Math.max(1, Math.min(rows - at, rows / 3)));
      if (start >= rows) {
        break;
      }
      long end = Math.min(rows, start + 1 + random.nextInt((int) Math.max(1, rows / 5)));
      from[k] = start;
      to[k] = end;
      k++;
      at = end + 1;
    }
    return SelectedRows.ofRuns(rows, java.util.Arrays.copyOf(from, k), java.util.Arrays.copyOf(to, k));
  }

  /** parquet-hadoop's whole chunk, pages copied out (its pages' bytes are streams good until the next page is read). */
  static final class Chunk {
    DictionaryPage dictionary;
    final List<DataPage> pages = new ArrayList<>();
  }

  static Chunk chunk(PageReader reader) throws IOException {
    Chunk c = new Chunk();
    DictionaryPage d = reader.readDictionaryPage();
    if (d != null) {
      c.dictionary = d.copy();
    }
    long values = 0;
    while (values < reader.getTotalValueCount()) {
      DataPage p = reader.readPage();
      values += p.getValueCount();
      if (p instanceof DataPageV1) {
        DataPageV1 v1 = (DataPageV1) p;
        c.pages.add(new DataPageV1(BytesInput.from(v1.getBytes().toByteArray()), v1.getValueCount(), v1.getUncompressedSize(),
            null, v1.getRlEncoding(), v1.getDlEncoding(), v1.getValueEncoding()));
      } else {
        DataPageV2 v2 = (DataPageV2) p;
        c.pages.add(DataPageV2.uncompressed(v2.getRowCount(), v2.getNullCount(), v2.getValueCount(),
            BytesInput.from(v2.getRepetitionLevels().toByteArray()), BytesInput.from(v2.getDefinitionLevels().toByteArray()),
            v2.getDataEncoding(), BytesInput.from(v2.getData().toByteArray()), null));
      }
    }
    return c;
  }

  @ParameterizedTest
  @MethodSource("files")
  void selectedPagesAreTheWholeChunksPagesHoldingTheRows(GeneratedFiles.Spec spec) throws IOException {
    Path file = GeneratedFiles.write(dir, spec);
    Random random = new Random(SEED ^ spec.seed);
    ParquetReadOptions options = ParquetReadOptions.builder().build();
    for (PageSettings settings : new PageSettings[] {PageSettings.defaults(), PageSettings.defaults().withCoalescing(0, 0)}) {
      try (ParquetFileReader hadoop = ParquetFileReader.open(new LocalInputFile(file), options);
          RowGroupReader ours = new RowGroupReader(new LocalInputFile(file), options.getCodecFactory(), settings)) {
        List<ColumnDescriptor> columns = hadoop.getFooter().getFileMetaData().getSchema().getColumns();
        List<BlockMetaData> blocks = hadoop.getRowGroups();
        PageReadStore store;
        int rowGroup = 0;
        while ((store = hadoop.readNextRowGroup()) != null) {
          BlockMetaData block = blocks.get(rowGroup);
          long[] bounds = new long[columns.size()];
          OffsetIndex[] indexes = new OffsetIndex[columns.size()];
          List<Chunk> expected = new ArrayList<>();
          for (int i = 0; i < bounds.length; i++) {
            ColumnPath path = ColumnPath.get(columns.get(i).getPath());
            bounds[i] = CodecExpansion.maxUncompressedPageBytes(block, path);
            indexes[i] = hadoop.readOffsetIndex(chunkOf(block, path));
            assertNotNull(indexes[i], "parquet-java writes offset indexes");
            expected.add(chunk(store.getPageReader(columns.get(i))));
          }
          for (int round = 0; round < 3; round++) {
            SelectedRows rows = randomRuns(random, block.getRowCount());
            PageReader[] pages = ours.readSelected(block, rowGroup, columns, bounds, rows, indexes);
            for (int i = 0; i < columns.size(); i++) {
              compareSelected(file.getFileName() + " row group " + rowGroup + " column " + columns.get(i) + " " + rows,
                  expected.get(i), indexes[i], block.getRowCount(), rows, pages[i]);
            }
          }
          rowGroup++;
        }
      }
    }
  }

  static ColumnChunkMetaData chunkOf(BlockMetaData block, ColumnPath path) {
    for (ColumnChunkMetaData c : block.getColumns()) {
      if (c.getPath().equals(path)) {
        return c;
      }
    }
    throw new AssertionError("no chunk " + path);
  }

  static boolean holdsSelected(SelectedRows rows, long first, long last) {
    for (int r = 0; r < rows.runs(); r++) {
      if (rows.from(r) <= last && rows.to(r) > first) {
        return true;
      }
    }
    return false;
  }

  static void compareSelected(String where, Chunk expected, OffsetIndex index, long rowGroupRows, SelectedRows rows, PageReader actual)
      throws IOException {
    assertEquals(expected.pages.size(), index.getPageCount(), where + ": pages in the offset index");
    List<Integer> kept = new ArrayList<>();
    long values = 0;
    for (int p = 0; p < index.getPageCount(); p++) {
      long last = p + 1 < index.getPageCount() ? index.getFirstRowIndex(p + 1) - 1 : rowGroupRows - 1;
      if (holdsSelected(rows, index.getFirstRowIndex(p), last)) {
        kept.add(p);
        values += expected.pages.get(p).getValueCount();
      }
    }
    assertEquals(values, actual.getTotalValueCount(), where + ": values of the selected pages");
    DictionaryPage d = actual.readDictionaryPage();
    if (expected.dictionary == null) {
      assertNull(d, where);
    } else {
      assertNotNull(d, where);
      assertEquals(expected.dictionary.getDictionarySize(), d.getDictionarySize(), where);
      assertArrayEquals(expected.dictionary.getBytes().toByteArray(), d.getBytes().toByteArray(), where + " dictionary");
    }
    for (int p : kept) {
      String at = where + " page " + p;
      DataPage e = expected.pages.get(p);
      DataPage a = actual.readPage();
      assertNotNull(a, at);
      assertEquals(e.getClass(), a.getClass(), at);
      assertEquals(e.getValueCount(), a.getValueCount(), at);
      long first = index.getFirstRowIndex(p);
      long next = p + 1 < index.getPageCount() ? index.getFirstRowIndex(p + 1) : rowGroupRows;
      assertEquals(first, (long) a.getFirstRowIndex().orElse(-1L), at + " first row");
      if (e instanceof DataPageV1) {
        assertEquals((int) (next - first), (int) a.getIndexRowCount().orElse(-1), at + " rows");
        assertEquals(((DataPageV1) e).getValueEncoding(), ((DataPageV1) a).getValueEncoding(), at);
        assertArrayEquals(((DataPageV1) e).getBytes().toByteArray(), ((DataPageV1) a).getBytes().toByteArray(), at);
      } else {
        DataPageV2 e2 = (DataPageV2) e;
        DataPageV2 a2 = (DataPageV2) a;
        assertEquals(e2.getRowCount(), a2.getRowCount(), at);
        assertEquals(next - first, a2.getRowCount(), at + " rows by the offset index");
        assertArrayEquals(e2.getRepetitionLevels().toByteArray(), a2.getRepetitionLevels().toByteArray(), at);
        assertArrayEquals(e2.getDefinitionLevels().toByteArray(), a2.getDefinitionLevels().toByteArray(), at);
        if (!e2.isCompressed()) {
          assertArrayEquals(e2.getData().toByteArray(), a2.getData().toByteArray(), at);
        }
      }
    }
    assertNull(actual.readPage(), where + ": no page after the selected ones");
  }

  /**
   * With a filter, the pages are parquet-hadoop's {@code readFilteredRowGroup}'s, page for page,
   * first rows and row counts included, and the rows selected are the ones it counts.
   */
  @Test
  void filteredPagesAreParquetHadoopsFilteredPages() throws IOException {
    FilterCompat.Filter[] filters = {
      FilterCompat.get(and(gtEq(longColumn("id"), 700L), lt(longColumn("id"), 760L))),
      FilterCompat.get(or(and(gtEq(longColumn("id"), 100L), lt(longColumn("id"), 400L)), eq(longColumn("id"), 4321L))),
      FilterCompat.get(and(gtEq(longColumn("id"), 2500L), lt(longColumn("id"), 3700L))),
      FilterCompat.get(eq(intColumn("small"), 7)),
    };
    int compared = 0;
    for (Path file : sortedFiles) {
      for (FilterCompat.Filter filter : filters) {
        ParquetReadOptions options = ParquetReadOptions.builder().withRecordFilter(filter).useColumnIndexFilter(true).useRecordFilter(false).build();
        try (ParquetFileReader hadoop = ParquetFileReader.open(new LocalInputFile(file), options);
            RowGroupReader ours = new RowGroupReader(new LocalInputFile(file), options.getCodecFactory(), PageSettings.defaults())) {
          List<ColumnDescriptor> columns = hadoop.getFooter().getFileMetaData().getSchema().getColumns();
          Set<ColumnPath> paths = new HashSet<>();
          for (ColumnDescriptor c : columns) {
            paths.add(ColumnPath.get(c.getPath()));
          }
          for (int b = 0; b < hadoop.getRowGroups().size(); b++) {
            BlockMetaData block = hadoop.getRowGroups().get(b);
            SelectedRows rows = SelectedRows.of(filter, hadoop.getColumnIndexStore(b), paths, block.getRowCount(), b);
            PageReadStore store = hadoop.readFilteredRowGroup(b);
            String where = file.getFileName() + " " + filter + " row group " + b + " " + rows;
            if (rows.rowCount() == 0) {
              assertNull(store, where);
              continue;
            }
            assertEquals(store.getRowCount(), rows.rowCount(), where);
            if (rows.all()) {
              continue;
            }
            long[] bounds = new long[columns.size()];
            OffsetIndex[] indexes = new OffsetIndex[columns.size()];
            for (int i = 0; i < bounds.length; i++) {
              ColumnPath path = ColumnPath.get(columns.get(i).getPath());
              bounds[i] = CodecExpansion.maxUncompressedPageBytes(block, path);
              indexes[i] = hadoop.getColumnIndexStore(b).getOffsetIndex(path);
            }
            PageReader[] pages = ours.readSelected(block, b, columns, bounds, rows, indexes);
            for (int i = 0; i < columns.size(); i++) {
              compareFiltered(where + " column " + columns.get(i), store.getPageReader(columns.get(i)), pages[i]);
              compared++;
            }
          }
        }
      }
    }
    assertTrue(compared > 20, compared + " filtered chunks compared");
  }

  static void compareFiltered(String where, PageReader expected, PageReader actual) throws IOException {
    assertEquals(expected.getTotalValueCount(), actual.getTotalValueCount(), where);
    DictionaryPage ed = expected.readDictionaryPage();
    DictionaryPage ad = actual.readDictionaryPage();
    assertEquals(ed == null, ad == null, where + " dictionary");
    if (ed != null) {
      assertArrayEquals(ed.getBytes().toByteArray(), ad.getBytes().toByteArray(), where + " dictionary");
    }
    int page = 0;
    DataPage e;
    while ((e = expected.readPage()) != null) {
      String at = where + " page " + page++;
      DataPage a = actual.readPage();
      assertNotNull(a, at);
      assertEquals(e.getClass(), a.getClass(), at);
      assertEquals(e.getValueCount(), a.getValueCount(), at);
      assertEquals(e.getFirstRowIndex(), a.getFirstRowIndex(), at);
      assertEquals(e.getIndexRowCount(), a.getIndexRowCount(), at);
      if (e instanceof DataPageV1) {
        assertArrayEquals(((DataPageV1) e).getBytes().toByteArray(), ((DataPageV1) a).getBytes().toByteArray(), at);
      } else {
        assertArrayEquals(((DataPageV2) e).getDefinitionLevels().toByteArray(), ((DataPageV2) a).getDefinitionLevels().toByteArray(), at);
        assertArrayEquals(((DataPageV2) e).getRepetitionLevels().toByteArray(), ((DataPageV2) a).getRepetitionLevels().toByteArray(), at);
      }
    }
    assertNull(actual.readPage(), where + ": no page after parquet-hadoop's last");
  }

  // ---- lying offset indexes ----------------------------------------------------------------

  /** An offset index that says what {@code base} says, but where {@code lie} changes it. */
  static final class LyingIndex implements OffsetIndex {
    final OffsetIndex base;
    final long[] offsets;
    final int[] sizes;
    final long[] firsts;

    LyingIndex(OffsetIndex base) {
      this.base = base;
      int n = base.getPageCount();
      offsets = new long[n];
      sizes = new int[n];
      firsts = new long[n];
      for (int p = 0; p < n; p++) {
        offsets[p] = base.getOffset(p);
        sizes[p] = base.getCompressedPageSize(p);
        firsts[p] = base.getFirstRowIndex(p);
      }
    }

    @Override
    public int getPageCount() {
      return offsets.length;
    }

    @Override
    public long getOffset(int pageIndex) {
      return offsets[pageIndex];
    }

    @Override
    public int getCompressedPageSize(int pageIndex) {
      return sizes[pageIndex];
    }

    @Override
    public long getFirstRowIndex(int pageIndex) {
      return firsts[pageIndex];
    }
  }

  /** Reads all rows of row group 0 of {@code file}'s column {@code column} by the lying index; returns the exception. */
  static PageReadException lie(Path file, String column, UnaryOperator<LyingIndex> lie) throws IOException {
    ParquetReadOptions options = ParquetReadOptions.builder().build();
    try (ParquetFileReader hadoop = ParquetFileReader.open(new LocalInputFile(file), options);
        RowGroupReader ours = new RowGroupReader(new LocalInputFile(file), options.getCodecFactory(), PageSettings.defaults())) {
      List<ColumnDescriptor> columns = hadoop.getFooter().getFileMetaData().getSchema().getColumns();
      BlockMetaData block = hadoop.getRowGroups().get(0);
      long[] bounds = new long[columns.size()];
      OffsetIndex[] indexes = new OffsetIndex[columns.size()];
      for (int i = 0; i < bounds.length; i++) {
        ColumnPath path = ColumnPath.get(columns.get(i).getPath());
        bounds[i] = CodecExpansion.maxUncompressedPageBytes(block, path);
        indexes[i] = hadoop.readOffsetIndex(chunkOf(block, path));
        if (path.toDotString().equals(column)) {
          indexes[i] = lie.apply(new LyingIndex(indexes[i]));
        }
      }
      SelectedRows rows = SelectedRows.ofRuns(block.getRowCount(), new long[] {0}, new long[] {block.getRowCount()});
      return assertThrows(PageReadException.class, () -> {
        PageReader[] pages = ours.readSelected(block, 0, columns, bounds, rows, indexes);
        for (PageReader r : pages) {
          r.readDictionaryPage();
          while (r.readPage() != null) {
            // all of them
          }
        }
      });
    }
  }

  static void assertNames(PageReadException e, String column, int page) {
    assertEquals(column, e.column(), e.getMessage());
    assertEquals(0, e.rowGroup(), e.getMessage());
    assertEquals(page, e.page(), e.getMessage());
    assertTrue(e.getMessage().startsWith("column " + column + ", row group 0, " + (page == PageReadException.DICTIONARY_PAGE
        ? "dictionary page" : "page " + page)), e.getMessage());
  }

  @Test
  void aLyingOffsetIndexIsAPageReadExceptionNamingColumnRowGroupAndPage() throws IOException {
    Path plain = sortedFiles.get(1); // V1, no dictionary
    Path dict = sortedFiles.get(0); // V1, dictionary, SNAPPY
    // A page past the chunk's end.
    assertNames(lie(plain, "id", l -> {
      l.offsets[3] += 1 << 20;
      return l;
    }), "id", 3);
    // A page before the chunk's start.
    assertNames(lie(plain, "small", l -> {
      l.offsets[0] -= 10;
      return l;
    }), "small", 0);
    // Overlapping pages.
    assertNames(lie(plain, "id", l -> {
      l.offsets[2] = l.offsets[1] + 1;
      return l;
    }), "id", 2);
    // Pages out of file order.
    assertNames(lie(plain, "s", l -> {
      long o = l.offsets[1];
      l.offsets[1] = l.offsets[2];
      l.offsets[2] = o;
      int s = l.sizes[1];
      l.sizes[1] = l.sizes[2];
      l.sizes[2] = s;
      return l;
    }), "s", 2);
    // First rows not increasing.
    assertNames(lie(plain, "id", l -> {
      l.firsts[2] = l.firsts[1];
      return l;
    }), "id", 2);
    assertNames(lie(plain, "xs.list.element", l -> {
      long f = l.firsts[1];
      l.firsts[1] = l.firsts[2];
      l.firsts[2] = f;
      return l;
    }), "xs.list.element", 2);
    // A first page that does not start at row 0, a first row past the row group.
    assertNames(lie(plain, "id", l -> {
      l.firsts[0] = 3;
      return l;
    }), "id", 0);
    assertNames(lie(plain, "id", l -> {
      l.firsts[l.firsts.length - 1] = 1L << 40;
      return l;
    }), "id", l0(plain, "id") - 1);
    // A page that is not a page: an offset inside one (its header cannot be parsed, or is not a data page's, or its size lies).
    PageReadException inside = lie(plain, "id", l -> {
      l.offsets[1] += 5;
      l.sizes[1] -= 5;
      return l;
    });
    assertNames(inside, "id", 1);
    // A size that cuts the page short.
    assertNames(lie(plain, "id", l -> {
      l.sizes[1] -= 3;
      return l;
    }), "id", 1);
    // The dictionary's place (the bytes before the first page) holding a data page: a chunk without a dictionary whose index leaves out page 0.
    assertNames(lie(plain, "small", l -> new LyingIndex(new DropFirst(l))), "small", PageReadException.DICTIONARY_PAGE);
    // An index that moves a dictionary chunk's first page earlier cuts the dictionary page short and
    // puts page 0 inside it: whichever is parsed first fails.
    PageReadException early = lie(dict, "s", l -> {
      l.offsets[0] -= 3;
      l.sizes[0] += 3;
      return l;
    });
    assertNames(early, "s", early.page() == 0 ? 0 : PageReadException.DICTIONARY_PAGE);
  }

  /** The index without its first page: the dictionary's place then also holds page 0. */
  static final class DropFirst implements OffsetIndex {
    final OffsetIndex base;

    DropFirst(OffsetIndex base) {
      this.base = base;
    }

    @Override
    public int getPageCount() {
      return base.getPageCount() - 1;
    }

    @Override
    public long getOffset(int p) {
      return base.getOffset(p + 1);
    }

    @Override
    public int getCompressedPageSize(int p) {
      return base.getCompressedPageSize(p + 1);
    }

    @Override
    public long getFirstRowIndex(int p) {
      return p == 0 ? 0 : base.getFirstRowIndex(p + 1);
    }
  }

  static int l0(Path file, String column) throws IOException {
    try (ParquetFileReader hadoop = ParquetFileReader.open(new LocalInputFile(file))) {
      return hadoop.readOffsetIndex(chunkOf(hadoop.getRowGroups().get(0), ColumnPath.fromDotString(column))).getPageCount();
    }
  }

  /**
   * End to end: a file whose offset index (in its bytes) puts two pages in each other's place is a
   * {@code ParquetDecodingException} naming the column, row group and page when read filtered with
   * this library's pages; the row ranges (from first rows, which are untouched) are unchanged.
   */
  @Test
  void aFileWithALyingOffsetIndexFailsTheFilteredScanNamingThePage() throws IOException {
    Path file = sortedFiles.get(1);
    byte[] bytes = Files.readAllBytes(file);
    try (ParquetFileReader hadoop = ParquetFileReader.open(new LocalInputFile(file))) {
      ColumnChunkMetaData id = chunkOf(hadoop.getRowGroups().get(0), ColumnPath.get("id"));
      IndexReference ref = id.getOffsetIndexReference();
      org.apache.parquet.format.OffsetIndex index = Util.readOffsetIndex(
          new ByteArrayInputStream(bytes, (int) ref.getOffset(), ref.getLength()));
      List<PageLocation> locations = index.getPage_locations();
      long o = locations.get(1).getOffset();
      locations.get(1).setOffset(locations.get(2).getOffset());
      locations.get(2).setOffset(o);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Util.writeOffsetIndex(index, out);
      assertEquals(ref.getLength(), out.size(), "the same length, so the footer still points at it");
      System.arraycopy(out.toByteArray(), 0, bytes, (int) ref.getOffset(), out.size());
    }
    FilterCompat.Filter filter = FilterCompat.get(and(gtEq(longColumn("id"), 10L), lt(longColumn("id"), 1200L)));
    ParquetDecodingException e = assertThrows(ParquetDecodingException.class, () -> {
      try (ParquetBatchReader reader = ParquetBatchReader.open(new InMemoryInputFile(bytes), List.of("id", "small"), filter)) {
        assertTrue(reader.readsOwnPages());
        var batches = reader.newBatches(100, io.github.fastdecode.parquet.column.ColumnBatch.Layout.DENSE);
        while (reader.nextBatch(batches) > 0) {
          // read on
        }
      }
    });
    assertTrue(e.getMessage().contains("column id, row group 0, page 2"), e.getMessage());
  }
}
