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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.FastDecodeColumns;
import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import io.github.fastdecode.parquet.conformance.ParquetJavaColumns;
import io.github.fastdecode.parquet.conformance.ReaderConformance;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checks {@link ParquetBatchReader} makes before parquet-hadoop reads a row group: a page of
 * the row group's last chunk (the one parquet-hadoop completes from the file when its pages run past
 * the chunk's declared size) may not claim more bytes than the file has, and no chunk may lie
 * outside the file; a page that runs a few bytes past its chunk but stays in the file still reads.
 */
class ChunkBoundsCheckTest {
  /** Bytes the reading thread may allocate for the failing row group: its footer is parsed already. */
  static final long ALLOCATION_LIMIT = 4L << 20;

  @TempDir
  Path dir;

  private Path source(String version) throws IOException {
    WriterVersion v = version.equals("v1") ? WriterVersion.PARQUET_1_0 : WriterVersion.PARQUET_2_0;
    return GeneratedFiles.write(dir, new GeneratedFiles.Spec(v, true, false, CompressionCodecName.UNCOMPRESSED, false, 10, false, 900, 7));
  }

  /** Where the first data page of the last row group's last chunk starts, its header and its length. */
  private static final class FirstDataPage {
    final String column;
    final int rowGroup;
    final long rowsBefore;
    final int offset;
    final int headerLength;
    final PageHeader header;

    FirstDataPage(String column, int rowGroup, long rowsBefore, int offset, int headerLength, PageHeader header) {
      this.column = column;
      this.rowGroup = rowGroup;
      this.rowsBefore = rowsBefore;
      this.offset = offset;
      this.headerLength = headerLength;
      this.header = header;
    }
  }

  private static FirstDataPage lastChunksFirstDataPage(Path file, byte[] bytes) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      List<BlockMetaData> groups = r.getRowGroups();
      long rowsBefore = 0;
      for (int i = 0; i < groups.size() - 1; i++) {
        rowsBefore += groups.get(i).getRowCount();
      }
      List<ColumnChunkMetaData> chunks = groups.get(groups.size() - 1).getColumns();
      ColumnChunkMetaData last = chunks.get(chunks.size() - 1);
      int at = (int) last.getStartingPos();
      while (true) {
        ByteArrayInputStream in = new ByteArrayInputStream(bytes, at, bytes.length - at);
        PageHeader h = Util.readPageHeader(in);
        int length = bytes.length - at - in.available();
        if (h.getType() == PageType.DATA_PAGE || h.getType() == PageType.DATA_PAGE_V2) {
          return new FirstDataPage(last.getPath().toDotString(), groups.size() - 1, rowsBefore, at, length, h);
        }
        at += length + h.getCompressed_page_size();
      }
    }
  }

  /**
   * {@code bytes} with the page header at {@code page} replaced by {@code change} of it, re-encoded,
   * and {@code extra} bytes inserted after the page's body.
   */
  private Path withHeader(byte[] bytes, FirstDataPage page, Consumer<PageHeader> change, int extra, String name) throws IOException {
    PageHeader h = page.header.deepCopy();
    change.accept(h);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writePageHeader(h, out);
    out.write(bytes, page.offset + page.headerLength, page.header.getCompressed_page_size());
    out.write(new byte[extra]);
    byte[] replaced = out.toByteArray();
    int rest = page.offset + page.headerLength + page.header.getCompressed_page_size();
    byte[] spliced = new byte[page.offset + replaced.length + bytes.length - rest];
    System.arraycopy(bytes, 0, spliced, 0, page.offset);
    System.arraycopy(replaced, 0, spliced, page.offset, replaced.length);
    System.arraycopy(bytes, rest, spliced, page.offset + replaced.length, bytes.length - rest);
    Path f = dir.resolve(name);
    Files.write(f, spliced);
    return f;
  }

  @ParameterizedTest
  @ValueSource(strings = {"v1", "v2"})
  void aHugeCompressedSizeInTheLastChunkIsRejectedWithoutAllocatingIt(String version) throws IOException {
    Path src = source(version);
    byte[] bytes = Files.readAllBytes(src);
    FirstDataPage page = lastChunksFirstDataPage(src, bytes);
    Path f = withHeader(bytes, page, h -> h.setCompressed_page_size(Integer.MAX_VALUE), 0, "huge-" + version + ".parquet");

    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f))) {
      ColumnBatch[] batches = reader.newBatches(100, ColumnBatch.Layout.DENSE);
      // Whole row groups skipped are not read: the next batch makes parquet-hadoop read the last one.
      reader.skipRows(page.rowsBefore);
      long before = threads.getThreadAllocatedBytes(thread);
      long start = System.nanoTime();
      ColumnReadException e = assertThrows(ColumnReadException.class, () -> reader.nextBatch(batches));
      long millis = (System.nanoTime() - start) / 1_000_000;
      long allocated = threads.getThreadAllocatedBytes(thread) - before;
      assertEquals(page.column, e.column());
      assertEquals(page.rowGroup, e.rowGroup());
      assertEquals(0, e.page(), e.getMessage());
      assertTrue(e.getMessage().contains("claims compressed_page_size " + Integer.MAX_VALUE), e.getMessage());
      assertTrue(allocated < ALLOCATION_LIMIT, allocated + " bytes allocated to reject the row group");
      assertTrue(millis < 2_000, millis + " ms to reject the row group");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"v1", "v2"})
  void aPageRunningPastItsChunkButInTheFileStillReads(String version) throws IOException {
    Path src = source(version);
    byte[] bytes = Files.readAllBytes(src);
    FirstDataPage page = lastChunksFirstDataPage(src, bytes);
    // Three bytes no decoder reads appended to the page (its sizes say so) move the chunk's end past
    // its declared size, as old writers' under-reported sizes did. parquet-hadoop 1.18 allocates
    // the bytes past the chunk and reads them from the file, but hands the page on without them (the
    // buffer it read them into is not flipped), so only bytes no decoder needs can lie there: the
    // file then reads as the original does.
    int extra = 3;
    Path f = withHeader(bytes, page, h -> {
      h.setCompressed_page_size(h.getCompressed_page_size() + extra);
      h.setUncompressed_page_size(h.getUncompressed_page_size() + extra);
    }, extra, "longer-page-" + version + ".parquet");
    assertEquals(bytes.length + extra, Files.size(f), "the header kept its length");
    assertEquals(Optional.empty(), ReaderConformance.compare(f.toString(), page.column,
        ParquetJavaColumns.read(src, null).get(page.column).values(), ParquetJavaColumns.read(f, null).get(page.column).values()),
        "parquet-java reads the page as before");
    // Through ParquetBatchReader (which checks the row groups), reads and skips short of whole row groups.
    Map<String, List<Object>> records = ParquetJavaColumns.readRecords(f);
    // The page's CRC does not cover the added bytes (an old writer's page would carry none): checked, it fails the page.
    String checksums = System.getProperty(io.github.fastdecode.parquet.file.PageSettings.CHECKSUMS_PROPERTY);
    System.setProperty(io.github.fastdecode.parquet.file.PageSettings.CHECKSUMS_PROPERTY, "false");
    try {
      for (int batch : new int[] {7, 50}) {
        Map<String, List<Object>> ours = FastDecodeColumns.readFlatWithSkips(f, batch, ColumnBatch.Layout.DENSE, batch);
        for (String c : records.keySet()) {
          assertEquals(Optional.empty(), ReaderConformance.compare(f + " batch " + batch + " skips seed " + batch, c, records.get(c), ours.get(c)));
        }
      }
    } finally {
      if (checksums == null) {
        System.clearProperty(io.github.fastdecode.parquet.file.PageSettings.CHECKSUMS_PROPERTY);
      } else {
        System.setProperty(io.github.fastdecode.parquet.file.PageSettings.CHECKSUMS_PROPERTY, checksums);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"v1", "v2"})
  void aChunkPastTheEndOfTheFileIsRejected(String version) throws IOException {
    Path src = source(version);
    byte[] bytes = Files.readAllBytes(src);
    FirstDataPage page = lastChunksFirstDataPage(src, bytes);
    // Cut 10 bytes into the last row group and put the footer back: the footer still names the
    // chunks' old extents, and the row group is longer than the footer.
    int footer = footerStart(bytes);
    int cut = (int) lastRowGroupStart(src) + 10;
    assertTrue(page.offset - cut > bytes.length - footer, "the footer is shorter than the row group");
    byte[] spliced = new byte[cut + bytes.length - footer];
    System.arraycopy(bytes, 0, spliced, 0, cut);
    System.arraycopy(bytes, footer, spliced, cut, bytes.length - footer);
    Path f = dir.resolve("cut-" + version + ".parquet");
    Files.write(f, spliced);
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f))) {
      ColumnBatch[] batches = reader.newBatches(100, ColumnBatch.Layout.DENSE);
      reader.skipRows(page.rowsBefore);
      ColumnReadException e = assertThrows(ColumnReadException.class, () -> reader.nextBatch(batches));
      assertEquals(page.rowGroup, e.rowGroup());
      assertEquals(ColumnReadException.CHUNK, e.page(), e.getMessage());
      assertTrue(e.getMessage().contains("not within the file of " + spliced.length + " bytes"), e.getMessage());
    }
  }

  /**
   * parquet-hadoop passes over row groups of 0 rows inside readNextRowGroup; the reader must count
   * them, or it checks and numbers the wrong row group and a whole-row-group skip skips the wrong one.
   * The footer is rewritten to list an empty row group first and the others reordered (C, A, B: the
   * short last one first), so skipping A after reading C moves over A's rows, not C's count of them.
   */
  @Test
  void emptyRowGroupsKeepNumberingAndWholeGroupSkipsInStep() throws IOException {
    Path src = GeneratedFiles.write(dir, new GeneratedFiles.Spec(WriterVersion.PARQUET_1_0, false, false, CompressionCodecName.UNCOMPRESSED,
        false, 0, false, 20, 11));
    byte[] bytes = Files.readAllBytes(src);
    int footer = footerStart(bytes);
    FileMetaData meta = Util.readFileMetaData(new ByteArrayInputStream(bytes, footer, bytes.length - 8 - footer));
    List<RowGroup> groups = meta.getRow_groups();
    assertEquals(3, groups.size());
    long a = groups.get(0).getNum_rows();
    long c = groups.get(2).getNum_rows();
    assertTrue(c < a, "the last row group is the short one");
    // The empty row group names A's chunks (parquet-java's footer parser wants some), never read.
    meta.setRow_groups(List.of(groups.get(0).deepCopy().setNum_rows(0), groups.get(2), groups.get(0), groups.get(1)));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(bytes, 0, footer);
    ByteArrayOutputStream footerBytes = new ByteArrayOutputStream();
    Util.writeFileMetaData(meta, footerBytes);
    int length = footerBytes.size();
    footerBytes.writeTo(out);
    out.write(new byte[] {(byte) length, (byte) (length >>> 8), (byte) (length >>> 16), (byte) (length >>> 24), 'P', 'A', 'R', '1'});
    Path f = dir.resolve("empty-row-group.parquet");
    Files.write(f, out.toByteArray());

    String column = "r_i64";
    List<Object> expected = ParquetJavaColumns.readRecords(f).get(column);
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), List.of(column))) {
      ColumnBatch[] batches = reader.newBatches(100, ColumnBatch.Layout.DENSE);
      assertEquals(c, reader.nextBatch(batches));
      assertEquals(1, reader.rowGroupIndex(), "C is the file's row group 1");
      assertEquals(Optional.empty(), ReaderConformance.compare(f.toString(), column, expected.subList(0, (int) c), longs(batches[0], (int) c)));
      reader.skipRows(a);
      int rows = reader.nextBatch(batches);
      assertEquals(3, reader.rowGroupIndex(), "B is the file's row group 3");
      assertEquals(expected.size() - c - a, rows);
      assertEquals(Optional.empty(), ReaderConformance.compare(f.toString(), column, expected.subList((int) (c + a), expected.size()), longs(batches[0], rows)));
      assertEquals(0, reader.nextBatch(batches));
    }
  }

  private static List<Object> longs(ColumnBatch batch, int n) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(batch.longs()[i]);
    }
    return out;
  }

  private static long lastRowGroupStart(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      List<BlockMetaData> groups = r.getRowGroups();
      return groups.get(groups.size() - 1).getColumns().get(0).getStartingPos();
    }
  }

  /** Where the footer starts: its length is in the 4 bytes before the closing magic. */
  private static int footerStart(byte[] bytes) {
    int n = bytes.length;
    int length = (bytes[n - 8] & 0xFF) | (bytes[n - 7] & 0xFF) << 8 | (bytes[n - 6] & 0xFF) << 16 | (bytes[n - 5] & 0xFF) << 24;
    return n - 8 - length;
  }
}
