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
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.file.PageSettings;
import io.github.fastdecode.parquet.file.RowGroupReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A row group with a chunk larger than {@link PageSettings#maxChunkBytes} (2 GiB at most: one
 * array) is read through parquet-hadoop's pages while the file's other row groups are read by the
 * library's own chunk reading; the scan must still equal parquet-java's. The limit is lowered here
 * so that ordinary files have row groups on both sides of it.
 */
class MaxChunkBytesTest {
  /** Per row group, its largest chunk among the flat columns these tests read. */
  static long[] largestChunks(Path f) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(f))) {
      List<BlockMetaData> blocks = r.getRowGroups();
      long[] largest = new long[blocks.size()];
      for (int g = 0; g < largest.length; g++) {
        for (ColumnChunkMetaData m : blocks.get(g).getColumns()) {
          if (FilteredOwnPagesTest.FLAT.contains(m.getPath().toDotString())) {
            largest[g] = Math.max(largest[g], m.getTotalSize());
          }
        }
      }
      return largest;
    }
  }

  @Test
  void rowGroupsAboveTheLimitAreReadThroughParquetHadoopBesideOwnOnes(@TempDir Path dir) throws IOException {
    int files = 0;
    for (Path f : FilteredOwnPagesTest.write(dir)) {
      long[] largest = largestChunks(f);
      long[] sorted = largest.clone();
      Arrays.sort(sorted);
      if (sorted[0] == sorted[sorted.length - 1]) {
        continue; // every row group the same size: no limit splits them
      }
      long limit = sorted[0]; // the smallest row group is read as before, the larger ones through parquet-hadoop
      PageSettings settings = PageSettings.defaults().withParquetHadoopPages(false).withMaxChunkBytes(limit);
      assertSplit(f, settings, largest);
      files++;
      FilteredScanTest.Rows all = FilteredOwnPagesTest.parquetJava(f, FilterCompat.NOOP, FilteredOwnPagesTest.FLAT);
      FilterCompat.Filter some = FilterCompat.get(and(gtEq(longColumn("id"), 15_000L), lt(longColumn("id"), 47_000L)));
      FilteredScanTest.Rows filtered = FilteredOwnPagesTest.parquetJava(f, some, FilteredOwnPagesTest.FLAT);
      for (int size : new int[] {1, 7, 100, 4096}) {
        String where = f.getFileName() + " batch " + size + " limit " + limit;
        FilteredScanTest.assertSameRows(all, FilteredScanTest.ours(f, FilterCompat.NOOP, FilteredOwnPagesTest.FLAT, size,
            ColumnBatch.Layout.DENSE, null, settings), where);
        FilteredScanTest.assertSameRows(all, FilteredScanTest.ours(f, FilterCompat.NOOP, FilteredOwnPagesTest.FLAT, size,
            ColumnBatch.Layout.ROW_POSITIONS, new Random(MaxChunkBytesTest.class.getName().hashCode() + size), settings),
            where + " with skips");
        FilteredScanTest.assertSameRows(filtered, FilteredScanTest.ours(f, some, FilteredOwnPagesTest.FLAT, size,
            ColumnBatch.Layout.DENSE, null, settings), where + " filtered");
      }
    }
    assertTrue(files >= 2, "only " + files + " files had row groups of different sizes");
  }

  @Test
  void aZeroLimitReadsEveryRowGroupThroughParquetHadoop(@TempDir Path dir) throws IOException {
    Path f = FilteredOwnPagesTest.write(dir).get(0);
    PageSettings settings = PageSettings.defaults().withParquetHadoopPages(false).withMaxChunkBytes(0);
    FilteredScanTest.assertSameRows(FilteredOwnPagesTest.parquetJava(f, FilterCompat.NOOP, FilteredOwnPagesTest.FLAT),
        FilteredScanTest.ours(f, FilterCompat.NOOP, FilteredOwnPagesTest.FLAT, 100, ColumnBatch.Layout.DENSE, null, settings),
        "limit 0");
  }

  @Test
  void theLimitIsAnArrayAtMost() {
    PageSettings s = PageSettings.defaults();
    assertEquals(PageSettings.DEFAULT_MAX_CHUNK_BYTES, s.maxChunkBytes());
    assertEquals(Integer.MAX_VALUE - 8L, s.maxChunkBytes());
    assertThrows(IllegalArgumentException.class, () -> s.withMaxChunkBytes(PageSettings.DEFAULT_MAX_CHUNK_BYTES + 1));
    assertThrows(IllegalArgumentException.class, () -> s.withMaxChunkBytes(-1));
  }

  /** The limit puts the smallest row group on the library's side and at least one other on parquet-hadoop's. */
  private static void assertSplit(Path f, PageSettings settings, long[] largest) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(f));
        RowGroupReader pages = new RowGroupReader(new LocalInputFile(f),
            org.apache.parquet.ParquetReadOptions.builder().build().getCodecFactory(), settings)) {
      MessageType schema = r.getFooter().getFileMetaData().getSchema();
      List<ColumnDescriptor> columns = ParquetBatchReader.choose(schema, FilteredOwnPagesTest.FLAT);
      List<Boolean> held = new ArrayList<>();
      for (BlockMetaData b : r.getRowGroups()) {
        held.add(pages.holds(b, columns));
      }
      assertTrue(held.contains(true) && held.contains(false), f.getFileName() + ": " + held + " for " + Arrays.toString(largest));
    }
  }
}
