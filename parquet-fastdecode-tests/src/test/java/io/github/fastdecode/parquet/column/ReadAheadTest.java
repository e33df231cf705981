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

import io.github.fastdecode.parquet.file.PageBuffers;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Read-ahead ({@link PageSettings#withReadAhead}): the next row group's chunks are fetched on an
 * executor while the current one is decoded. The scans must equal parquet-java's whatever the
 * executor does (runs the fetches, refuses them, fails them) and whatever the caller does (skips,
 * filters, closes early), and the fetches must actually happen when they can.
 */
class ReadAheadTest {
  private static final ExecutorService POOL = Executors.newFixedThreadPool(2);

  @AfterAll
  static void stop() throws InterruptedException {
    POOL.shutdown();
    assertTrue(POOL.awaitTermination(10, TimeUnit.SECONDS));
  }

  /** Runs tasks on {@link #POOL}, counting them. */
  static final class Counting implements java.util.concurrent.Executor {
    final AtomicInteger tasks = new AtomicInteger();

    @Override
    public void execute(Runnable task) {
      tasks.incrementAndGet();
      POOL.execute(task);
    }
  }

  private static int rowGroups(Path f) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(f))) {
      return r.getRowGroups().size();
    }
  }

  private static PageSettings own() {
    return PageSettings.defaults().withParquetHadoopPages(false);
  }

  @Test
  void scansWithReadAheadEqualParquetJavaAndFetchEveryLaterRowGroup(@TempDir Path dir) throws IOException {
    List<String> columns = FilteredOwnPagesTest.FLAT;
    FilterCompat.Filter some = FilterCompat.get(and(gtEq(longColumn("id"), 15_000L), lt(longColumn("id"), 47_000L)));
    for (Path f : FilteredOwnPagesTest.write(dir)) {
      int groups = rowGroups(f);
      assertTrue(groups >= 3, f.getFileName() + ": " + groups + " row groups");
      FilteredScanTest.Rows all = FilteredOwnPagesTest.parquetJava(f, FilterCompat.NOOP, columns);
      FilteredScanTest.Rows filtered = FilteredOwnPagesTest.parquetJava(f, some, columns);
      for (int size : new int[] {1, 7, 100, 4096}) {
        String where = f.getFileName() + " batch " + size;
        Counting executor = new Counting();
        PageSettings settings = own().withReadAhead(executor, Long.MAX_VALUE);
        FilteredScanTest.assertSameRows(all, FilteredScanTest.ours(f, FilterCompat.NOOP, columns, size,
            ColumnBatch.Layout.DENSE, null, settings), where);
        assertEquals(groups - 1, executor.tasks.get(), where + ": fetches");
        FilteredScanTest.assertSameRows(all, FilteredScanTest.ours(f, FilterCompat.NOOP, columns, size,
            ColumnBatch.Layout.ROW_POSITIONS, new Random(ReadAheadTest.class.getName().hashCode() + size), settings),
            where + " with skips");
        // Filtered scans read ahead nothing (a row group's pages are chosen when it is reached).
        Counting none = new Counting();
        FilteredScanTest.assertSameRows(filtered, FilteredScanTest.ours(f, some, columns, size, ColumnBatch.Layout.DENSE, null,
            own().withReadAhead(none, Long.MAX_VALUE)), where + " filtered");
        assertEquals(0, none.tasks.get(), where + ": filtered fetches");
      }
    }
  }

  @Test
  void rowGroupsAboveTheBoundAreReadWhenReached(@TempDir Path dir) throws IOException {
    Path f = FilteredOwnPagesTest.write(dir).get(1);
    Counting executor = new Counting();
    FilteredScanTest.assertSameRows(FilteredOwnPagesTest.parquetJava(f, FilterCompat.NOOP, FilteredOwnPagesTest.FLAT),
        FilteredScanTest.ours(f, FilterCompat.NOOP, FilteredOwnPagesTest.FLAT, 100, ColumnBatch.Layout.DENSE, null,
            own().withReadAhead(executor, 1)), "bound of 1 byte");
    assertEquals(0, executor.tasks.get());
  }

  @Test
  void anExecutorThatRefusesLeavesTheReadsToTheScan(@TempDir Path dir) throws IOException {
    Path f = FilteredOwnPagesTest.write(dir).get(2);
    AtomicInteger refused = new AtomicInteger();
    PageSettings settings = own().withReadAhead(task -> {
      refused.incrementAndGet();
      throw new RejectedExecutionException("full");
    }, Long.MAX_VALUE).withBuffers(new PageBuffers());
    FilteredScanTest.assertSameRows(FilteredOwnPagesTest.parquetJava(f, FilterCompat.NOOP, FilteredOwnPagesTest.FLAT),
        FilteredScanTest.ours(f, FilterCompat.NOOP, FilteredOwnPagesTest.FLAT, 100, ColumnBatch.Layout.DENSE, null, settings),
        "refusing executor");
    assertEquals(rowGroups(f) - 1, refused.get());
  }

  @Test
  void aFailedFetchFailsTheReadOfItsRowGroup(@TempDir Path dir) throws IOException {
    Path f = FilteredOwnPagesTest.write(dir).get(0);
    Thread scanner = Thread.currentThread();
    // Reads off the scanning thread (the fetches) fail; the scan's own reads do not.
    InputFile failingElsewhere = new Wrapped(new LocalInputFile(f), () -> {
      if (Thread.currentThread() != scanner) {
        throw new IOException("injected failure of a read off the scan thread");
      }
    });
    assertEquals(count(failingElsewhere, own()), FilteredOwnPagesTest.parquetJava(f, FilterCompat.NOOP,
        FilteredOwnPagesTest.FLAT).values.size(), "without read-ahead every read is the scan's");
    // A fetch the executor has not started when the scan needs it is run by the scan's thread, whose
    // reads succeed: this executor returns only once the task has run on the pool.
    java.util.concurrent.Executor runsAtOnce = task -> {
      try {
        POOL.submit(task).get();
      } catch (InterruptedException | java.util.concurrent.ExecutionException ie) {
        throw new AssertionError(ie);
      }
    };
    IOException e = assertThrows(IOException.class, () -> count(failingElsewhere, own().withReadAhead(runsAtOnce, Long.MAX_VALUE)));
    assertTrue(e.getMessage().contains("row group 1") && e.getMessage().contains("injected failure"), e.getMessage());
  }

  /** A fetch handed over but not started when close() comes (the executor runs it later): dropped, never reading a closed stream. */
  @Test
  void closeWaitsForAFetchUnderWay(@TempDir Path dir) throws Exception {
    Path f = FilteredOwnPagesTest.write(dir).get(0);
    CountDownLatch closing = new CountDownLatch(1);
    List<String> violations = new ArrayList<>();
    Wrapped input = new Wrapped(new LocalInputFile(f), () -> { });
    input.violations = violations;
    PageBuffers buffers = new PageBuffers();
    // The fetch starts only after close() has been called (released from another thread a little later).
    PageSettings settings = own().withBuffers(buffers).withReadAhead(task -> POOL.execute(() -> {
      try {
        closing.await();
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      task.run();
    }), Long.MAX_VALUE);
    try (ParquetBatchReader reader = ParquetBatchReader.open(input, FilteredOwnPagesTest.FLAT, ParquetReadOptions.builder().build(),
        settings)) {
      ColumnBatch[] batches = reader.newBatches(10, ColumnBatch.Layout.DENSE);
      assertEquals(10, reader.nextBatch(batches));
      closing.countDown();
    }
    synchronized (violations) {
      assertEquals(List.of(), violations);
    }
    assertTrue(buffers.retainedBytes() > 0, "the fetch's buffers are given back");
  }

  /** Since a fetch not started is dropped at close, this is the case where close must wait: the fetch is reading. */
  @Test
  void closeWaitsForAFetchThatIsReading(@TempDir Path dir) throws Exception {
    Path f = FilteredOwnPagesTest.write(dir).get(0);
    Thread scan = Thread.currentThread();
    CountDownLatch reading = new CountDownLatch(1);
    List<String> violations = new ArrayList<>();
    Wrapped input = new Wrapped(new LocalInputFile(f), () -> {
      if (Thread.currentThread() != scan && reading.getCount() > 0) {
        reading.countDown();
        try {
          Thread.sleep(200); // a slow first read: close() comes while it is under way
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    });
    input.violations = violations;
    PageBuffers buffers = new PageBuffers();
    try (ParquetBatchReader reader = ParquetBatchReader.open(input, FilteredOwnPagesTest.FLAT, ParquetReadOptions.builder().build(),
        own().withBuffers(buffers).withReadAhead(POOL, Long.MAX_VALUE))) {
      assertEquals(10, reader.nextBatch(reader.newBatches(10, ColumnBatch.Layout.DENSE)));
      assertTrue(reading.await(10, TimeUnit.SECONDS), "the fetch started");
    }
    synchronized (violations) {
      assertEquals(List.of(), violations);
    }
    assertTrue(buffers.retainedBytes() > 0, "the fetch's buffers are given back");
  }

  @Test
  void aScanOnTheReadAheadExecutorsOnlyThreadDoesNotWaitForItself(@TempDir Path dir) throws Exception {
    // Decode tasks and their read-ahead on one bounded pool: the fetch queues behind the task that
    // will wait for it, so the reader runs the fetch itself when it needs the bytes.
    Path f = FilteredOwnPagesTest.write(dir).get(0);
    List<String> columns = FilteredOwnPagesTest.FLAT;
    FilteredScanTest.Rows expected = FilteredOwnPagesTest.parquetJava(f, FilterCompat.NOOP, columns);
    ExecutorService one = Executors.newSingleThreadExecutor();
    AtomicInteger fetches = new AtomicInteger();
    try {
      java.util.concurrent.Executor same = task -> {
        fetches.incrementAndGet();
        one.execute(task);
      };
      java.util.concurrent.Future<FilteredScanTest.Rows> scan = one.submit(() -> FilteredScanTest.ours(f, FilterCompat.NOOP,
          columns, 100, ColumnBatch.Layout.DENSE, null, own().withReadAhead(same, Long.MAX_VALUE)));
      FilteredScanTest.assertSameRows(expected, scan.get(60, TimeUnit.SECONDS), "scan on the executor's thread");
      assertEquals(rowGroups(f) - 1, fetches.get(), "fetches handed to the executor");
    } finally {
      one.shutdownNow();
    }
  }

  @Test
  void closeDropsAFetchTheExecutorNeverRuns(@TempDir Path dir) throws Exception {
    Path f = FilteredOwnPagesTest.write(dir).get(0);
    List<Runnable> dropped = new ArrayList<>();
    PageBuffers buffers = new PageBuffers();
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), FilteredOwnPagesTest.FLAT,
        ParquetReadOptions.builder().build(), own().withBuffers(buffers).withReadAhead(dropped::add, Long.MAX_VALUE))) {
      assertEquals(10, reader.nextBatch(reader.newBatches(10, ColumnBatch.Layout.DENSE)));
    }
    assertEquals(1, dropped.size(), "one fetch handed over and never run");
    assertTrue(buffers.retainedBytes() > 0, "the fetch's buffers are given back");
    dropped.get(0).run(); // a late run after close reads nothing (the stream is closed): it must be a no-op
  }

  /** Rows read by a whole scan of {@code input}'s flat columns. */
  private static long count(InputFile input, PageSettings settings) throws IOException {
    long rows = 0;
    try (ParquetBatchReader reader = ParquetBatchReader.open(input, FilteredOwnPagesTest.FLAT, ParquetReadOptions.builder().build(),
        settings)) {
      ColumnBatch[] batches = reader.newBatches(100, ColumnBatch.Layout.DENSE);
      int n;
      while ((n = reader.nextBatch(batches)) > 0) {
        rows += n;
      }
    }
    return rows;
  }

  interface ReadCheck {
    void check() throws IOException;
  }

  /** An input whose streams run {@code check} before every read and record reads after close. */
  static final class Wrapped implements InputFile {
    final InputFile file;
    final ReadCheck check;
    List<String> violations = new ArrayList<>();

    Wrapped(InputFile file, ReadCheck check) {
      this.file = file;
      this.check = check;
    }

    @Override
    public long getLength() throws IOException {
      return file.getLength();
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
      return new HookedStream(file.newStream(), (in, closed) -> {
        if (closed) {
          synchronized (violations) {
            violations.add("read after close on " + Thread.currentThread().getName());
          }
        }
        check.check();
      });
    }
  }
}
