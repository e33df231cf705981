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
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.FastDecodeColumns;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParquetBatchReader#open(InputFile, ParquetMetadata, List, ParquetReadOptions, PageSettings)}:
 * a reader opened on a footer another reader of the file parsed gives the batches and row indexes
 * of one opened on the file (several row groups, with and without a filter, rows or pages, both
 * page sources) without reading the footer again; readers on several threads share one footer;
 * a filter that does not fit the schema is refused as by the other opens; an encrypted file's
 * footer is parsed again. On parquet-java 1.15, which has no constructor taking a footer, every
 * open parses it, and this test expects so.
 */
class OpenOnFooterTest {
  /** The length field and magic at the end of every Parquet file: where every footer parse starts reading. */
  private static final int TAIL = 8;

  /** An input that counts its streams and the reads of its tail, {@link #TAIL} bytes from the end. */
  static final class CountingInputFile implements InputFile {
    final InputFile file;
    final AtomicInteger streams = new AtomicInteger();
    final AtomicInteger tailReads = new AtomicInteger();

    CountingInputFile(InputFile file) {
      this.file = file;
    }

    @Override
    public long getLength() throws IOException {
      return file.getLength();
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
      streams.incrementAndGet();
      long tail = file.getLength() - TAIL;
      return new HookedStream(file.newStream(), (in, closed) -> {
        if (in.getPos() == tail) {
          tailReads.incrementAndGet();
        }
      });
    }
  }

  /** Footer parses an open on a parsed footer makes: none, or one where parquet-java cannot take the footer. */
  private static int reparses() {
    return ParquetBatchReader.opensOnFooters() ? 0 : 1;
  }

  /** Every batch of {@code r}: per row, its index in the file and its values. */
  private static List<List<String>> batches(ParquetBatchReader r, int size) throws IOException {
    List<List<String>> out = new ArrayList<>();
    ColumnBatch[] bs = r.newBatches(size, ColumnBatch.Layout.DENSE);
    long[] indexes = new long[size];
    int n;
    while ((n = r.nextBatch(bs)) > 0) {
      r.rowIndexes(indexes);
      List<String> rows = new ArrayList<>();
      int[] k = new int[bs.length];
      for (int i = 0; i < n; i++) {
        StringBuilder row = new StringBuilder().append(indexes[i]);
        for (int c = 0; c < bs.length; c++) {
          Object v = bs[c].isNull(i) ? null : FastDecodeColumns.value(bs[c], k[c]++);
          row.append('|').append(v instanceof byte[] ? Arrays.toString((byte[]) v) : v);
        }
        rows.add(row.toString());
      }
      out.add(rows);
    }
    return out;
  }

  private static ParquetReadOptions options(FilterCompat.Filter filter, boolean rows) {
    ParquetReadOptions.Builder b = ParquetReadOptions.builder();
    return (filter == null ? b : b.withRecordFilter(filter).useRecordFilter(rows)).build();
  }

  @Test
  void aReaderOnAParsedFooterReadsWhatAReaderOfTheFileReadsWithoutParsingIt(@TempDir Path dir) throws Exception {
    FilterCompat.Filter middle = FilterCompat.get(and(gtEq(longColumn("id"), 15_000L), lt(longColumn("id"), 47_000L)));
    // Row groups of 2,000 rows (ids 0 to 59,990 by 10): the first and last ruled out by their statistics.
    FilterCompat.Filter second = FilterCompat.get(and(gtEq(longColumn("id"), 21_000L), lt(longColumn("id"), 38_000L)));
    PageSettings own = PageSettings.defaults().withParquetHadoopPages(false);
    PageSettings hadoop = PageSettings.defaults().withParquetHadoopPages(true);
    long checked = 0;
    for (Path f : FilteredOwnPagesTest.write(dir)) {
      for (FilterCompat.Filter filter : new FilterCompat.Filter[] {null, middle, second}) {
        for (boolean rows : filter == null ? new boolean[] {true} : new boolean[] {true, false}) {
          for (PageSettings settings : new PageSettings[] {own, hadoop}) {
            for (List<String> columns : List.of(FilteredOwnPagesTest.FLAT, List.of("s", "id"))) {
              String where = f.getFileName() + " " + filter + (rows ? " rows " : " pages ") + settings + " " + columns;
              CountingInputFile parsed = new CountingInputFile(new LocalInputFile(f));
              CountingInputFile onFooter = new CountingInputFile(new LocalInputFile(f));
              try (ParquetBatchReader first = ParquetBatchReader.open(parsed, columns, options(filter, rows), settings)) {
                assertEquals(1, parsed.tailReads.get(), where + ": the counter sees a footer parse");
                ParquetMetadata footer = first.fileReader().getFooter();
                List<BlockMetaData> blocks = List.copyOf(footer.getBlocks());
                assertTrue(blocks.size() >= 3, where + ": " + blocks.size() + " row groups");
                try (ParquetBatchReader onIt = ParquetBatchReader.open(onFooter, footer, columns, options(filter, rows), settings)) {
                  assertEquals(reparses(), onFooter.tailReads.get(), where + ": footer parses of the open on the footer");
                  if (reparses() == 0) {
                    assertSame(footer, onIt.fileReader().getFooter(), where);
                  }
                  assertEquals(first.totalRows(), onIt.totalRows(), where + ": rows");
                  assertEquals(first.remainingRows(), onIt.remainingRows(), where + ": selected rows");
                  assertEquals(first.readsOwnPages(), onIt.readsOwnPages(), where);
                  assertEquals(first.filtersRows(), onIt.filtersRows(), where);
                  assertEquals(first.fileReader().getRowGroups().size(), onIt.fileReader().getRowGroups().size(), where);
                  if (filter == second) {
                    assertEquals(blocks.size() - 2, onIt.fileReader().getRowGroups().size(), where + ": row groups left");
                  }
                  List<List<String>> expected = batches(first, 333);
                  assertEquals(expected, batches(onIt, 333), where);
                  assertEquals(reparses(), onFooter.tailReads.get(), where + ": footer parses after the scan");
                  for (List<String> b : expected) {
                    checked += b.size();
                  }
                }
                assertEquals(blocks, footer.getBlocks(), where + ": the footer's row groups are as parsed");
              }
            }
          }
        }
      }
    }
    assertTrue(checked > 100_000, checked + " rows compared");
  }

  /** Readers of disjoint columns on two threads, all on one footer, line up with one reader of every column. */
  @Test
  void readersOnOneFooterOnSeveralThreads(@TempDir Path dir) throws Exception {
    FilterCompat.Filter filter = FilterCompat.get(and(gtEq(longColumn("id"), 5_000L), lt(longColumn("id"), 52_000L)));
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (Path f : FilteredOwnPagesTest.write(dir)) {
        for (FilterCompat.Filter fl : new FilterCompat.Filter[] {null, filter}) {
          CountingInputFile input = new CountingInputFile(new LocalInputFile(f));
          try (ParquetBatchReader main = ParquetBatchReader.open(input, List.of("id", "small", "s"), options(fl, true),
              PageSettings.defaults())) {
            List<List<String>> all = batches(main, 500);
            ParquetMetadata footer = main.fileReader().getFooter();
            List<Future<List<List<String>>>> parts = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
              for (List<String> columns : List.of(List.of("id"), List.of("small"), List.of("s"))) {
                parts.add(pool.submit(() -> {
                  try (ParquetBatchReader r = ParquetBatchReader.open(input, footer, columns, options(fl, true),
                      PageSettings.defaults())) {
                    return batches(r, 500);
                  }
                }));
              }
            }
            for (int round = 0; round < 3; round++) {
              List<List<String>> id = parts.get(3 * round).get();
              List<List<String>> small = parts.get(3 * round + 1).get();
              List<List<String>> s = parts.get(3 * round + 2).get();
              assertEquals(all.size(), id.size());
              for (int b = 0; b < all.size(); b++) {
                List<String> joined = new ArrayList<>();
                for (int r = 0; r < id.get(b).size(); r++) {
                  String sm = small.get(b).get(r);
                  String st = s.get(b).get(r);
                  joined.add(id.get(b).get(r) + sm.substring(sm.indexOf('|')) + st.substring(st.indexOf('|')));
                }
                assertEquals(all.get(b), joined, f.getFileName() + " " + fl + " round " + round + " batch " + b);
              }
            }
            assertEquals(1 + 9 * reparses(), input.tailReads.get(), f.getFileName() + " " + fl + ": footer parses");
          }
        }
      }
    } finally {
      pool.shutdown();
    }
  }

  /** Bad input and a filter that does not fit the schema fail as the open that parses the footer fails. */
  @Test
  void errorsAreThoseOfTheOtherOpens(@TempDir Path dir) throws Exception {
    Path f = FilteredOwnPagesTest.write(dir).get(0);
    try (ParquetBatchReader main = ParquetBatchReader.open(new LocalInputFile(f))) {
      ParquetMetadata footer = main.fileReader().getFooter();
      // id is INT64: an int filter on it does not fit.
      ParquetReadOptions wrongType = options(FilterCompat.get(eq(intColumn("id"), 3)), true);
      IllegalArgumentException parsing = assertThrows(IllegalArgumentException.class,
          () -> ParquetBatchReader.open(new LocalInputFile(f), null, wrongType, PageSettings.defaults()));
      IllegalArgumentException onFooter = assertThrows(IllegalArgumentException.class,
          () -> ParquetBatchReader.open(new LocalInputFile(f), footer, null, wrongType, PageSettings.defaults()));
      assertTrue(onFooter.getMessage().contains("does not fit the file's schema"), onFooter.getMessage());
      assertEquals(parsing.getMessage(), onFooter.getMessage());
      IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
          () -> ParquetBatchReader.open(new LocalInputFile(f), footer, List.of("nope"), options(null, true), PageSettings.defaults()));
      assertTrue(unknown.getMessage().contains("no field or column nope"), unknown.getMessage());
      assertThrows(NullPointerException.class,
          () -> ParquetBatchReader.open(new LocalInputFile(f), (ParquetMetadata) null, null, options(null, true), PageSettings.defaults()));
      if (!ParquetBatchReader.opensOnFooters()) {
        return; // parquet-java 1.15: the footer given is parsed again, not used
      }
      // A lying row count in the footer is a bad file, found before anything is read.
      BlockMetaData lying = footer.getBlocks().get(0);
      long count = lying.getRowCount();
      ParquetMetadata copy = new ParquetMetadata(footer.getFileMetaData(), List.of(lying));
      lying.setRowCount(-1);
      try {
        assertThrows(ParquetDecodingException.class,
            () -> ParquetBatchReader.open(new LocalInputFile(f), copy, null, options(null, true), PageSettings.defaults()));
      } finally {
        lying.setRowCount(count);
      }
    }
  }

  /** An encrypted file's footer is not shared: the open on it parses the footer again and reads the same rows. */
  @Test
  void anEncryptedFilesFooterIsParsedAgain(@TempDir Path dir) throws Exception {
    byte[] key = "0123456789012345".getBytes(StandardCharsets.US_ASCII);
    Path f = dir.resolve("encrypted.parquet");
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(f)).withType(FilteredOwnPagesTest.SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withEncryption(FileEncryptionProperties.builder(key).build()).build()) {
      for (Group g : FilteredOwnPagesTest.rows(FilteredOwnPagesTest.SEED)) {
        w.write(g);
      }
    }
    ParquetReadOptions options = ParquetReadOptions.builder()
        .withDecryption(FileDecryptionProperties.builder().withFooterKey(key).build()).build();
    CountingInputFile input = new CountingInputFile(new LocalInputFile(f));
    try (ParquetBatchReader main = ParquetBatchReader.open(input, List.of("id", "s"), options, PageSettings.defaults())) {
      ParquetMetadata footer = main.fileReader().getFooter();
      try (ParquetBatchReader again = ParquetBatchReader.open(input, footer, List.of("id", "s"), options, PageSettings.defaults())) {
        assertEquals(2, input.tailReads.get(), "the footer parsed again");
        List<List<String>> expected = batches(main, 700);
        assertEquals(FilteredOwnPagesTest.ROWS, expected.stream().mapToInt(List::size).sum());
        assertEquals(expected, batches(again, 700));
      }
    }
  }
}
