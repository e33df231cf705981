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
package io.github.fastdecode.parquet.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.file.PageReadException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A page header that claims {@code Integer.MAX_VALUE} uncompressed bytes, read through the Arrow
 * path (single-threaded and parallel): it fails as core's file reader fails on the same file (the
 * same exception, naming column, row group and page), and allocates no more to get there: heap on
 * every thread that read, plus the Arrow allocator's peak, within what core's reader allocates on
 * the heap plus the fixed cost of one batch's vectors, and far below the claim. The Arrow buffers
 * are sized by the rows decoded, never by a header.
 */
class ArrowPageSizeClaimTest {
  /** What core's own test allows its reader from opening a small file to the rejected page. */
  static final long ALLOCATION_LIMIT = 16L << 20;
  /**
   * The Arrow path's own fixed cost above core's: the schema mapping, one batch's vectors, the
   * scratch arrays; in a parallel scan, one more file reader per column group (each parses the
   * footer: about 1 MB each for this file on JDK 17).
   */
  static final long ARROW_OVERHEAD = 8L << 20;

  @TempDir
  Path dir;

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (CompressionCodecName codec : new CompressionCodecName[] {CompressionCodecName.SNAPPY, CompressionCodecName.ZSTD,
        CompressionCodecName.GZIP, CompressionCodecName.LZ4_RAW}) {
      for (boolean dictionary : new boolean[] {true, false}) {
        cases.add(Arguments.of(codec, dictionary));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} dictionary page {1}")
  @MethodSource("cases")
  void aLyingPageSizeAllocatesNoMoreThanCoresReader(CompressionCodecName codec, boolean dictionaryPage) throws Exception {
    Path f = withClaim(codec, dictionaryPage, Integer.MAX_VALUE);
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long self = Thread.currentThread().getId();

    coreRead(f); // once unmeasured, so that it is not charged with loading classes (nor the Arrow path, below)
    long before = mx.getThreadAllocatedBytes(self);
    PageReadException core = coreRead(f);
    long coreBytes = mx.getThreadAllocatedBytes(self) - before;
    assertEquals(0, core.rowGroup(), core.getMessage());
    assertEquals(dictionaryPage ? PageReadException.DICTIONARY_PAGE : 0, core.page(), core.getMessage());
    assertTrue(core.getMessage().contains(String.valueOf(Integer.MAX_VALUE)), core.getMessage());

    // Single-threaded, then parallel on a pool whose threads' allocations are counted too.
    List<Thread> workers = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
      Thread t = new Thread(r, "claim-worker");
      synchronized (workers) {
        workers.add(t);
      }
      return t;
    });
    try {
      pool.submit(() -> { }).get();
      pool.submit(() -> { }).get();
      for (int round = 0; round < 4; round++) {
        boolean parallel = round % 2 == 1;
        boolean measured = round >= 2;
        String how = codec + (dictionaryPage ? " dictionary page" : " data page") + (parallel ? " parallel" : "");
        long[] threadsBefore = allocated(mx, self, workers);
        PageReadException arrow;
        long peak;
        try (RootAllocator allocator = new RootAllocator()) {
          ArrowReadOptions.Builder b = ArrowReadOptions.builder(allocator).batchSize(100);
          if (parallel) {
            b.parallel(pool, 3, Long.MAX_VALUE);
          }
          try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(f), null, b.build())) {
            arrow = assertThrows(PageReadException.class, () -> {
              while (reader.next() != null) {
                // the lie is in row group 0
              }
            });
            assertEquals(0, allocator.getAllocatedMemory(), how + ": released before close");
          }
          peak = allocator.getPeakMemoryAllocation();
        }
        long[] threadsAfter = allocated(mx, self, workers);
        long heap = 0;
        for (int i = 0; i < threadsAfter.length; i++) {
          heap += threadsAfter[i] - threadsBefore[i];
        }
        if (!measured) {
          continue;
        }
        System.out.printf("%s: core %,d heap bytes; Arrow path %,d heap + %,d off-heap (peak)%n", how, coreBytes, heap, peak);
        assertEquals(core.getMessage(), arrow.getMessage(), how);
        assertTrue(heap + peak < ALLOCATION_LIMIT, how + ": " + (heap + peak) + " bytes allocated to reject the page");
        assertTrue(heap + peak <= coreBytes + ARROW_OVERHEAD, how + ": " + (heap + peak) + " bytes, core's reader " + coreBytes);
      }
    } finally {
      pool.shutdown();
      assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }
  }

  private static PageReadException coreRead(Path f) throws IOException {
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f))) {
      ColumnBatch[] batches = reader.newBatches(100, ColumnBatch.Layout.DENSE);
      return assertThrows(PageReadException.class, () -> {
        while (reader.nextBatch(batches) > 0) {
          // the lie is in row group 0
        }
      });
    }
  }

  private static long[] allocated(com.sun.management.ThreadMXBean mx, long self, List<Thread> workers) {
    synchronized (workers) {
      long[] out = new long[1 + workers.size()];
      out[0] = mx.getThreadAllocatedBytes(self);
      for (int i = 0; i < workers.size(); i++) {
        out[1 + i] = mx.getThreadAllocatedBytes(workers.get(i).getId());
      }
      return out;
    }
  }

  /**
   * A small file of every flat type in which the first column chunk of row group 0 that has a
   * dictionary gets the lie in its dictionary page or its first data page: the page header
   * re-encoded, the offsets after it moved by the header's change of length.
   */
  private Path withClaim(CompressionCodecName codec, boolean dictionaryPage, int claim) throws IOException {
    Path src = ArrowTestFiles.write(dir, new ArrowTestFiles.Spec("claim-" + codec, ArrowTestFiles.TYPES,
        WriterVersion.PARQUET_1_0, true, codec, 600, 41));
    byte[] bytes = Files.readAllBytes(src);
    int n = bytes.length;
    int footerLength = (bytes[n - 8] & 0xFF) | (bytes[n - 7] & 0xFF) << 8 | (bytes[n - 6] & 0xFF) << 16 | (bytes[n - 5] & 0xFF) << 24;
    int footerStart = n - 8 - footerLength;
    FileMetaData meta = Util.readFileMetaData(new ByteArrayInputStream(bytes, footerStart, footerLength));
    ColumnMetaData md = null;
    for (ColumnChunk c : meta.getRow_groups().get(0).getColumns()) {
      ColumnMetaData m = c.getMeta_data();
      if (m.isSetDictionary_page_offset() && m.getDictionary_page_offset() < m.getData_page_offset()) {
        md = m;
        break;
      }
    }
    assertTrue(md != null, "a chunk with a dictionary page");
    long at = md.getDictionary_page_offset();
    PageHeader h;
    int headerLength;
    while (true) {
      ByteArrayInputStream in = new ByteArrayInputStream(bytes, (int) at, n - (int) at);
      h = Util.readPageHeader(in);
      headerLength = n - (int) at - in.available();
      if ((h.getType() == PageType.DICTIONARY_PAGE) == dictionaryPage) {
        break;
      }
      at += headerLength + h.getCompressed_page_size();
    }
    h.setUncompressed_page_size(claim);
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    Util.writePageHeader(h, header);
    int delta = header.size() - headerLength;
    for (RowGroup g : meta.getRow_groups()) {
      for (ColumnChunk c : g.getColumns()) {
        ColumnMetaData m = c.getMeta_data();
        m.setData_page_offset(moved(m.getData_page_offset(), at, delta));
        if (m.isSetDictionary_page_offset()) {
          m.setDictionary_page_offset(moved(m.getDictionary_page_offset(), at, delta));
        }
        c.setFile_offset(moved(c.getFile_offset(), at, delta));
        c.unsetColumn_index_offset();
        c.unsetColumn_index_length();
        c.unsetOffset_index_offset();
        c.unsetOffset_index_length();
        if (m.isSetBloom_filter_offset()) {
          m.setBloom_filter_offset(moved(m.getBloom_filter_offset(), at, delta));
        }
      }
      if (g.isSetFile_offset()) {
        g.setFile_offset(moved(g.getFile_offset(), at, delta));
      }
    }
    md.setTotal_compressed_size(md.getTotal_compressed_size() + delta);
    RowGroup first = meta.getRow_groups().get(0);
    if (first.isSetTotal_compressed_size()) {
      first.setTotal_compressed_size(first.getTotal_compressed_size() + delta);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(bytes, 0, (int) at);
    header.writeTo(out);
    out.write(bytes, (int) at + headerLength, footerStart - (int) at - headerLength);
    ByteArrayOutputStream footer = new ByteArrayOutputStream();
    Util.writeFileMetaData(meta, footer);
    int length = footer.size();
    footer.writeTo(out);
    out.write(new byte[] {(byte) length, (byte) (length >>> 8), (byte) (length >>> 16), (byte) (length >>> 24), 'P', 'A', 'R', '1'});
    Path f = dir.resolve("claim-" + codec + "-" + dictionaryPage + ".parquet");
    Files.write(f, out.toByteArray());
    return f;
  }

  private static long moved(long offset, long at, int delta) {
    return offset > at ? offset + delta : offset;
  }
}
