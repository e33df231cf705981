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

import io.github.fastdecode.parquet.conformance.FastDecodeColumns;
import io.github.fastdecode.parquet.file.PageSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Independent columns of a file read in parallel, the way the reading docs describe: one {@link
 * ParquetBatchReader} per thread, each opened on the same file with its own columns and the same
 * filter and batch size. Each reader reads only its own columns' chunks, and their batches line up
 * row for row: the i-th batch of every reader holds the same rows of the file. With a filter, each
 * reader reads the filter's columns too: page filtering, as parquet-java's, takes a column the reader
 * does not read for all nulls (so a reader without {@code id} under a filter on {@code id} reads no
 * rows, as parquet-java's reader of the same columns does).
 */
class ParallelColumnsTest {
  /** Per batch: the row indexes and, per row, its values as strings, for {@code columns}. */
  private static List<List<String>> batches(Path f, List<String> columns, FilterCompat.Filter filter, int size) throws Exception {
    List<List<String>> out = new ArrayList<>();
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(f), columns,
        ParquetReadOptions.builder().withRecordFilter(filter).useRecordFilter(false).build(), PageSettings.defaults())) {
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
    }
    return out;
  }

  /** Each row {@code index|id|s} becomes {@code index|s}. */
  private static List<List<String>> dropSecondField(List<List<String>> batches) {
    List<List<String>> out = new ArrayList<>();
    for (List<String> rows : batches) {
      List<String> kept = new ArrayList<>();
      for (String row : rows) {
        int first = row.indexOf('|');
        int second = row.indexOf('|', first + 1);
        kept.add(row.substring(0, first) + row.substring(second));
      }
      out.add(kept);
    }
    return out;
  }

  @Test
  void readersOfDisjointColumnsOnTwoThreadsLineUpWithOneReaderOfAll(@TempDir Path dir) throws Exception {
    FilterCompat.Filter some = FilterCompat.get(and(gtEq(longColumn("id"), 15_000L), lt(longColumn("id"), 47_000L)));
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      int checked = 0;
      for (Path f : FilteredOwnPagesTest.write(dir)) {
        for (FilterCompat.Filter filter : new FilterCompat.Filter[] {FilterCompat.NOOP, some}) {
          for (int size : new int[] {7, 1000}) {
            List<List<String>> all = batches(f, FilteredOwnPagesTest.FLAT, filter, size);
            boolean filtered = filter != FilterCompat.NOOP;
            List<String> leftColumns = filtered ? List.of("id", "small") : List.of("id");
            List<String> rightColumns = filtered ? List.of("id", "s") : List.of("small", "s");
            Future<List<List<String>>> left = pool.submit(() -> batches(f, leftColumns, filter, size));
            Future<List<List<String>>> right = pool.submit(() -> batches(f, rightColumns, filter, size));
            List<List<String>> a = left.get();
            List<List<String>> b = right.get();
            if (filtered) {
              // Drop the id both read, keeping one copy: index|id|small + |s
              b = dropSecondField(b);
            }
            String where = f.getFileName() + " " + filter + " batch " + size;
            assertEquals(all.size(), a.size(), where + ": batches");
            assertEquals(all.size(), b.size(), where + ": batches");
            for (int i = 0; i < all.size(); i++) {
              List<String> joined = new ArrayList<>();
              for (int r = 0; r < a.get(i).size(); r++) {
                String tail = b.get(i).get(r);
                assertEquals(a.get(i).get(r).split("\\|")[0], tail.split("\\|")[0], where + " batch " + i + " row " + r + ": row index");
                joined.add(a.get(i).get(r) + tail.substring(tail.indexOf('|')));
              }
              assertEquals(all.get(i), joined, where + " batch " + i);
              checked += joined.size();
            }
          }
        }
      }
      assertEquals(true, checked > 10_000, checked + " rows checked");
    } finally {
      pool.shutdown();
    }
  }
}
