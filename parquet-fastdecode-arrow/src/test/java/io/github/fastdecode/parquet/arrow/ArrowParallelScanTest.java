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

import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.gt;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.file.PageReadException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parallel scan ({@link ArrowReadOptions.Builder#parallel}) against the single-threaded one on
 * the generated corpus (pyarrow equality of the parallel path is {@link ArrowPyarrowEqualityTest}'s):
 * the same schema, values and row indexes whatever the executor does (runs the tasks, refuses
 * them, drops them), a worker's failure rethrown on the caller's thread as the single-threaded read
 * throws it, and the allocator empty after every read.
 */
class ArrowParallelScanTest {
  private static final ExecutorService POOL = Executors.newFixedThreadPool(2);

  @TempDir
  static Path dir;
  static List<Path> files = new ArrayList<>();

  @BeforeAll
  static void writeFiles() throws IOException {
    for (ArrowTestFiles.Spec s : ArrowTestFiles.SPECS) {
      files.add(ArrowTestFiles.write(dir, s));
    }
  }

  @AfterAll
  static void stop() throws InterruptedException {
    POOL.shutdown();
    assertTrue(POOL.awaitTermination(10, TimeUnit.SECONDS));
  }

  /** Runs tasks on {@link #POOL}, counting those handed over and the threads that ran them. */
  static final class Counting implements Executor {
    final AtomicInteger tasks = new AtomicInteger();
    final Set<String> threads = ConcurrentHashMap.newKeySet();

    @Override
    public void execute(Runnable task) {
      tasks.incrementAndGet();
      POOL.execute(() -> {
        threads.add(Thread.currentThread().getName());
        task.run();
      });
    }
  }

  /** A whole read: the schema, then per field every value, then the row indexes. */
  static List<List<String>> read(Path file, List<String> columns, Consumer<ArrowReadOptions.Builder> how) throws IOException {
    return read(new LocalInputFile(file), columns, how);
  }

  static List<List<String>> read(InputFile file, List<String> columns, Consumer<ArrowReadOptions.Builder> how) throws IOException {
    List<List<String>> out = new ArrayList<>();
    try (RootAllocator allocator = new RootAllocator()) {
      ArrowReadOptions.Builder b = ArrowReadOptions.builder(allocator);
      how.accept(b);
      ArrowReadOptions options = b.build();
      List<String> schema = new ArrayList<>();
      List<String> indexes = new ArrayList<>();
      try (ArrowParquetReader reader = ArrowParquetReader.open(file, columns, options)) {
        for (Field f : reader.schema().getFields()) {
          schema.add(ArrowCanonical.field(f, reader.dictionaries()));
        }
        out.add(schema);
        int fields = reader.schema().getFields().size();
        for (int c = 0; c < fields; c++) {
          out.add(new ArrayList<>());
        }
        long[] rowIndexes = new long[options.batchSize()];
        VectorSchemaRoot root;
        while ((root = reader.next()) != null) {
          try {
            for (int c = 0; c < fields; c++) {
              ArrowCanonical.validate(root.getVector(c));
              for (int r = 0; r < root.getRowCount(); r++) {
                out.get(1 + c).add(ArrowCanonical.value(root.getVector(c), r, reader.dictionaries()));
              }
            }
            if (rowIndexes.length < root.getRowCount()) {
              // A read of no columns is not held to the batch size (whole row groups): the file reader's way.
              rowIndexes = new long[root.getRowCount()];
            }
            assertEquals(root.getRowCount(), reader.rowIndexes(rowIndexes));
            for (int r = 0; r < root.getRowCount(); r++) {
              indexes.add(Long.toString(rowIndexes[r]));
            }
          } finally {
            if (options.freshRootPerBatch()) {
              root.close();
            }
          }
        }
      }
      out.add(indexes);
      assertEquals(0, allocator.getAllocatedMemory(), file + ": bytes left in the allocator after close");
    }
    return out;
  }

  @Test
  void parallelScansEqualTheSingleThreadedScan() throws IOException {
    Counting executor = new Counting();
    long rows = 0;
    for (Path f : files) {
      for (int batch : new int[] {97, 4096}) {
        for (boolean fresh : new boolean[] {false, true}) {
          List<List<String>> single = read(f, null, b -> b.batchSize(batch).freshRootPerBatch(fresh));
          for (int threads : new int[] {2, 3, 16}) {
            String where = f.getFileName() + " batch " + batch + (fresh ? " fresh" : " reused") + " threads " + threads;
            assertEquals(single, read(f, null, b -> b.batchSize(batch).freshRootPerBatch(fresh)
                .parallel(executor, threads, 64L << 20)), where);
          }
          rows += single.get(1).size();
        }
      }
    }
    assertTrue(rows > 10_000, rows + " rows compared");
    assertTrue(executor.threads.size() == 2, "tasks ran on the pool's threads: " + executor.threads);
  }

  /**
   * An executor that runs each task at once, on the thread that hands it over: every group then
   * decodes its next two batches as soon as it may, into the record batch other than the one the
   * caller copies out, so a decode that wrote over the batch being copied shows here as a wrong value.
   */
  @Test
  void groupsDecodingTwoBatchesAheadLeaveTheBatchBeingCopiedAlone() throws IOException {
    Executor inline = Runnable::run;
    for (Path f : files) {
      for (int batch : new int[] {1, 97, 1000}) {
        List<List<String>> single = read(f, null, b -> b.batchSize(batch));
        assertEquals(single, read(f, null, b -> b.batchSize(batch).parallel(inline, 2, 64L << 20)), f.getFileName() + " batch " + batch);
      }
    }
    Path fallback = files.get(7);
    List<List<String>> single = read(fallback, null, b -> b.batchSize(300).readDictionary("s", "c"));
    assertEquals(single, read(fallback, null, b -> b.batchSize(300).readDictionary("s", "c").parallel(inline, 3, 0)));
  }

  /** An input that counts its streams and the reads at its tail (footer length and magic), where every footer parse starts. */
  static final class TailCounting implements InputFile {
    final InputFile file;
    final AtomicInteger streams = new AtomicInteger();
    final AtomicInteger tailReads = new AtomicInteger();

    TailCounting(InputFile file) {
      this.file = file;
    }

    @Override
    public long getLength() throws IOException {
      return file.getLength();
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
      streams.incrementAndGet();
      SeekableInputStream in = file.newStream();
      long tail = file.getLength() - 8;
      return new DelegatingSeekableInputStream(in) {
        @Override
        public long getPos() throws IOException {
          return in.getPos();
        }

        @Override
        public void seek(long newPos) throws IOException {
          in.seek(newPos);
        }

        private void count() throws IOException {
          if (in.getPos() == tail) {
            tailReads.incrementAndGet();
          }
        }

        @Override
        public int read() throws IOException {
          count();
          return super.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          count();
          return super.read(b, off, len);
        }

        @Override
        public void readFully(byte[] bytes, int start, int len) throws IOException {
          count();
          in.readFully(bytes, start, len);
        }

        @Override
        public int read(ByteBuffer buf) throws IOException {
          count();
          return super.read(buf);
        }

        @Override
        public void readFully(ByteBuffer buf) throws IOException {
          count();
          in.readFully(buf);
        }
      };
    }
  }

  /**
   * The groups open on the footer the main reader parsed: one footer parse per scan, and a stream
   * per group. (parquet-java 1.15 has no reader constructor taking a footer: one parse per group more.)
   */
  @Test
  void aParallelScanParsesTheFooterOnce() throws IOException {
    boolean onFooters;
    try {
      ParquetFileReader.class.getConstructor(InputFile.class, ParquetMetadata.class, ParquetReadOptions.class,
          SeekableInputStream.class);
      onFooters = true;
    } catch (NoSuchMethodException e) {
      onFooters = false;
    }
    Path types = files.get(0);
    FilterCompat.Filter filter = FilterCompat.get(and(gtEq(longColumn("id"), 700L), lt(longColumn("id"), 2300L)));
    for (FilterCompat.Filter f : new FilterCompat.Filter[] {null, filter}) {
      Consumer<ArrowReadOptions.Builder> how = f == null ? b -> b.batchSize(500) : b -> b.batchSize(500).filter(f);
      TailCounting single = new TailCounting(new LocalInputFile(types));
      List<List<String>> expected = read(single, null, how);
      assertEquals(1, single.tailReads.get(), "the counter sees the single-threaded scan's footer parse");
      for (int groups : new int[] {2, 4}) {
        TailCounting input = new TailCounting(new LocalInputFile(types));
        assertEquals(expected, read(input, null, how.andThen(b -> b.parallel(new Counting(), groups, 1L << 20))));
        assertEquals(onFooters ? 1 : 1 + groups, input.tailReads.get(), groups + " groups, filter " + f + ": footer parses");
        assertTrue(input.streams.get() > groups, input.streams.get() + " streams for " + groups + " groups and the main reader");
      }
    }
  }

  @Test
  void projectionsFiltersAndDictionariesEqualTheSingleThreadedScan() throws IOException {
    Path types = files.get(0);
    Path nested = files.get(5);
    Path fallback = files.get(7);
    Counting executor = new Counting();
    FilterPredicate p = and(and(gtEq(longColumn("id"), 700L), lt(longColumn("id"), 2300L)), gt(intColumn("i32"), 0));
    FilterCompat.Filter filter = FilterCompat.get(p);
    ParquetReadOptions pages = ParquetReadOptions.builder().withRecordFilter(FilterCompat.get(
        and(gtEq(longColumn("id"), 1000L), lt(longColumn("id"), 1010L)))).useRecordFilter(false).build();
    List<Consumer<ArrowReadOptions.Builder>> cases = List.of(
        b -> b.batchSize(333).filter(filter),
        b -> b.batchSize(64).parquetOptions(pages),
        b -> b.batchSize(500).readDictionary("s", "c"));
    Path[] on = {types, nested, fallback};
    List<List<String>> columns = new ArrayList<>();
    columns.add(null);
    columns.add(null);
    columns.add(null);
    for (int k = 0; k < cases.size(); k++) {
      Consumer<ArrowReadOptions.Builder> how = cases.get(k);
      List<List<String>> single = read(on[k], columns.get(k), how);
      assertTrue(single.get(1).size() > 5, "case " + k + ": " + single.get(1).size() + " rows");
      assertEquals(single, read(on[k], columns.get(k), how.andThen(b -> b.parallel(executor, 2, 1L << 20))), "case " + k);
    }
    // Leaf paths and an order other than the file's, split over groups.
    List<String> chosen = List.of("st.c.d", "id", "li");
    List<List<String>> single = read(nested, chosen, b -> b.batchSize(100));
    assertEquals(single, read(nested, chosen, b -> b.batchSize(100).parallel(executor, 3, 0)));
    // No columns: the row counts alone, read single-threaded whatever the options say.
    List<List<String>> none = read(types, List.of(), b -> b.batchSize(100));
    assertEquals(ArrowTestFiles.SPECS.get(0).rows(), none.get(none.size() - 1).size(), "row indexes of every row");
    assertEquals(none, read(types, List.of(), b -> b.batchSize(100).parallel(executor, 2, 0)));
  }

  /** Every row group after the first is fetched ahead, once per column group, when the bound allows. */
  @Test
  void readAheadFetchesLaterRowGroupsWithinTheBound() throws IOException {
    Path types = files.get(0);
    int rowGroups;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(types))) {
      rowGroups = r.getRowGroups().size();
    }
    assertTrue(rowGroups >= 3, rowGroups + " row groups");
    List<List<String>> single = read(types, null, b -> b.batchSize(500));
    Counting none = new Counting();
    assertEquals(single, read(types, null, b -> b.batchSize(500).parallel(none, 2, 0)));
    Counting ahead = new Counting();
    assertEquals(single, read(types, null, b -> b.batchSize(500).parallel(ahead, 2, Long.MAX_VALUE)));
    assertEquals(2 * (rowGroups - 1), ahead.tasks.get() - none.tasks.get(), "fetches: one per later row group and group");
    Counting tooSmall = new Counting();
    assertEquals(single, read(types, null, b -> b.batchSize(500).parallel(tooSmall, 2, 1024)));
    assertEquals(none.tasks.get(), tooSmall.tasks.get(), "no row group fits 1 KB");
  }

  @Test
  void anExecutorThatRefusesOrDropsTasksLeavesThemToTheCaller() {
    Path nested = files.get(4);
    assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
      List<List<String>> single = read(nested, null, b -> b.batchSize(150));
      AtomicInteger refused = new AtomicInteger();
      Executor refusing = task -> {
        refused.incrementAndGet();
        throw new RejectedExecutionException("full");
      };
      assertEquals(single, read(nested, null, b -> b.batchSize(150).parallel(refusing, 2, Long.MAX_VALUE)));
      assertTrue(refused.get() > 10, refused.get() + " tasks refused");
      List<Runnable> dropped = new ArrayList<>();
      assertEquals(single, read(nested, null, b -> b.batchSize(150).parallel(dropped::add, 4, Long.MAX_VALUE)));
      assertTrue(dropped.size() > 10, dropped.size() + " tasks dropped");
      for (Runnable r : dropped) {
        r.run(); // late: each was run (or dropped) by the reader already, so this must do nothing
      }
      ExecutorService shut = Executors.newFixedThreadPool(1);
      shut.shutdown();
      assertEquals(single, read(nested, null, b -> b.batchSize(150).parallel(shut, 2, Long.MAX_VALUE)));
    });
  }

  /**
   * The corrupt page of {@link ArrowParquetReaderTest#corruptPageFailsNamingItAndFreesEverything},
   * met on a worker: the caller gets the exception the single-threaded read throws (column, row
   * group, page), everything is released before close, and the reader refuses further reads.
   */
  @Test
  void aWorkersFailureIsTheCallersAsTheSingleThreadedReadHasIt() throws IOException {
    Path file = dir.resolve("corrupt-parallel.parquet");
    Files.copy(files.get(5), file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    ColumnChunkMetaData chunk;
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      List<BlockMetaData> groups = f.getRowGroups();
      assertTrue(groups.size() >= 2, groups.size() + " row groups");
      chunk = groups.get(1).getColumns().get(1); // li.list.element
    }
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) (chunk.getStartingPos() + chunk.getTotalSize() - 3)] ^= 0x5A;
    Files.write(file, bytes);
    PageReadException single = failure(file, null, false);
    assertEquals("li.list.element", single.column());
    assertEquals(1, single.rowGroup());
    for (boolean fresh : new boolean[] {false, true}) {
      for (int threads : new int[] {2, 4}) {
        PageReadException parallel = assertTimeoutPreemptively(Duration.ofMinutes(1),
            () -> failure(file, new Counting(), fresh, threads));
        assertEquals(single.getMessage(), parallel.getMessage(), "threads " + threads + (fresh ? " fresh" : ""));
        assertEquals(single.page(), parallel.page());
      }
    }
  }

  private static PageReadException failure(Path file, Executor executor, boolean fresh) throws IOException {
    return failure(file, executor, fresh, 2);
  }

  private static PageReadException failure(Path file, Executor executor, boolean fresh, int threads) throws IOException {
    try (RootAllocator allocator = new RootAllocator()) {
      List<VectorSchemaRoot> kept = new ArrayList<>();
      ArrowReadOptions.Builder b = ArrowReadOptions.builder(allocator).batchSize(200).freshRootPerBatch(fresh);
      if (executor != null) {
        b.parallel(executor, threads, Long.MAX_VALUE);
      }
      PageReadException e;
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null, b.build())) {
        e = assertThrows(PageReadException.class, () -> {
          for (VectorSchemaRoot r; (r = reader.next()) != null; ) {
            if (fresh) {
              kept.add(r);
            }
          }
        });
        for (VectorSchemaRoot r : kept) {
          r.close();
        }
        assertEquals(0, allocator.getAllocatedMemory(), "every buffer released when the read fails, before close");
        assertThrows(IllegalStateException.class, reader::next);
      }
      assertEquals(0, allocator.getAllocatedMemory());
      return e;
    }
  }

  @Test
  void allocatorLimitOnAWorkerFailsCleanly() {
    assertTimeoutPreemptively(Duration.ofMinutes(1), () -> {
      try (RootAllocator allocator = new RootAllocator(48 * 1024)) {
        try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(files.get(0)), null,
            ArrowReadOptions.builder(allocator).batchSize(4096).parallel(new Counting(), 3, Long.MAX_VALUE).build())) {
          assertThrows(OutOfMemoryException.class, () -> {
            while (reader.next() != null) {
              // reads until the limit is hit
            }
          });
          assertEquals(0, allocator.getAllocatedMemory());
        }
        assertEquals(0, allocator.getAllocatedMemory());
      }
    });
  }

  /** Closing after one batch, with the next batches' decodes and fetches under way or queued. */
  @Test
  void closeMidScanWaitsForTheTasksAndFreesEverything() {
    assertTimeoutPreemptively(Duration.ofMinutes(1), () -> {
      for (Path f : files) {
        try (RootAllocator allocator = new RootAllocator()) {
          try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(f), null,
              ArrowReadOptions.builder(allocator).batchSize(50).parallel(new Counting(), 3, Long.MAX_VALUE).build())) {
            assertTrue(reader.next().getRowCount() > 0);
          }
          assertEquals(0, allocator.getAllocatedMemory(), f.toString());
        }
      }
    });
  }

  /** Arrow's reader interface over a parallel scan (its own root and dictionaries) reads what next() reads. */
  @Test
  void asArrowReaderOverAParallelScanReadsTheSameValues() throws IOException {
    Path fallback = files.get(7);
    List<List<String>> expected = read(fallback, null, b -> b.batchSize(700).readDictionary("s", "c"));
    try (RootAllocator allocator = new RootAllocator()) {
      List<List<String>> got = new ArrayList<>();
      ArrowReadOptions options = ArrowReadOptions.builder(allocator).batchSize(700).readDictionary("s", "c")
          .parallel(new Counting(), 2, Long.MAX_VALUE).build();
      try (org.apache.arrow.vector.ipc.ArrowReader in = ArrowParquetReader.open(new LocalInputFile(fallback), null, options)
          .asArrowReader()) {
        VectorSchemaRoot root = in.getVectorSchemaRoot();
        for (int c = 0; c < root.getFieldVectors().size(); c++) {
          got.add(new ArrayList<>());
        }
        while (in.loadNextBatch()) {
          for (int c = 0; c < got.size(); c++) {
            for (int r = 0; r < root.getRowCount(); r++) {
              got.get(c).add(ArrowCanonical.value(root.getVector(c), r, in));
            }
          }
        }
      }
      assertEquals(expected.subList(1, expected.size() - 1), got);
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void badParallelOptionsAreRefused() {
    try (RootAllocator allocator = new RootAllocator()) {
      assertThrows(IllegalArgumentException.class, () -> ArrowReadOptions.builder(allocator).parallel(POOL, 0, 0));
      assertThrows(IllegalArgumentException.class, () -> ArrowReadOptions.builder(allocator).parallel(POOL, 2, -1));
      assertThrows(NullPointerException.class, () -> ArrowReadOptions.builder(allocator).parallel(null, 2, 0));
      ArrowReadOptions one = ArrowReadOptions.builder(allocator).parallel(POOL, 1, 1000).build();
      assertEquals(null, one.executor(), "one thread is the single-threaded scan");
    }
  }
}
