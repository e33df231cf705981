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

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.column.RecordBatch;
import io.github.fastdecode.parquet.column.RecordNode;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * The parallel scan of {@link ArrowReadOptions.Builder#parallel}: the top-level fields split into
 * groups, each read by a {@link ParquetBatchReader} of its own on the same file with the same
 * options and batch size (opened on the footer the main reader parsed: a stream each, one footer
 * parse), so that the i-th batch of every group holds the same rows (the way core
 * reads independent columns on several threads, {@code ParallelColumnsTest}). Each group decodes
 * (pages read, decompressed, decoded) into two record batches in turn, one task per batch, each
 * task starting the next as it ends: a group runs up to two batches ahead of the caller, who copies
 * every group's batch into the vectors and so frees its record batch for the group's next decode.
 * The groups never wait for one another batch by batch, so a batch one group takes long over is
 * made up for by the next.
 *
 * <p>No task waits for another: the caller waits, and runs itself any task the executor has not
 * started (so a busy, refusing or shut-down executor slows the scan and never stops it), and the
 * groups' read-ahead fetches on the same executor are run by their reader when it needs them first
 * ({@code RowGroupReader}). Tasks write only their group's record batches, never a vector. A
 * failure in a decode ends its group's decodes and is rethrown, as it was thrown, on the caller's
 * thread once every group's decode of that batch has ended; {@link #stop} then drops the decodes
 * not started and waits for those under way. Not thread-safe: one caller.
 */
final class ParallelScan {
  /** Record batches per group: the one the caller copies out, and the one decoded meanwhile. */
  private static final int SLOTS = 2;

  /**
   * One group of top-level fields and the reader that reads them. Batch {@code k} of the scan is
   * decoded into slot {@code k % SLOTS}. The counters and flags are guarded by the group's lock.
   */
  private static final class Group {
    final ParquetBatchReader reader;
    /** Per slot, the record batch decoded into. */
    final RecordBatch[] slots;
    final VectorFiller filler = new VectorFiller();
    /** Indexes of the group's fields in the root, ascending. */
    final int[] fields;
    /** Per slot, the record batch's node of each of {@link #fields}. */
    final RecordNode[][] nodes;
    /** Per slot, the row indexes of the batch decoded there (group 0 only), else null. */
    final long[][] rowIndexes;
    /** Per slot, the rows of the batch decoded there. */
    final int[] rows = new int[SLOTS];
    /** Per slot, the decode of the batch it holds, under way or done; null while the slot is free. */
    final Task[] decodes = new Task[SLOTS];
    /** Decodes made so far (the next one is batch {@code made}). */
    long made;
    /** Batches the caller has copied out (their slots are free again). */
    long released;
    /** Whether the last decode made has not ended yet. */
    boolean decoding;
    /** Whether a decode read no rows (the end) or failed: no further decode is made. */
    boolean ended;
    /** Whether the scan stopped: no further decode is made. */
    boolean stopped;

    Group(ParquetBatchReader reader, RecordBatch[] slots, int[] fields, RecordNode[][] nodes, long[][] rowIndexes) {
      this.reader = reader;
      this.slots = slots;
      this.fields = fields;
      this.nodes = nodes;
      this.rowIndexes = rowIndexes;
    }
  }

  /**
   * Work that whoever comes first runs, once: the executor's thread, or the caller when it needs the
   * result before the executor started it (or when it stops the scan: then it is dropped).
   */
  private static final class Task implements Runnable {
    interface Body {
      void run() throws Exception;
    }

    private final AtomicBoolean started = new AtomicBoolean();
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final Body body;

    Task(Body body) {
      this.body = body;
    }

    @Override
    public void run() {
      if (!started.compareAndSet(false, true)) {
        return;
      }
      try {
        body.run();
        done.complete(null);
      } catch (Throwable t) {
        done.completeExceptionally(t);
      }
    }

    /** Hands the task to {@code executor}; one that refuses it leaves it to the caller. */
    void start(Executor executor) {
      try {
        executor.execute(this);
      } catch (RuntimeException refused) {
        // RejectedExecutionException or the like: the caller runs it when it needs it.
      }
    }

    /** Waits until the task has ended (not interruptibly: it may be writing into a vector); returns its failure or null. */
    Throwable await() {
      boolean interrupted = false;
      try {
        while (true) {
          try {
            done.get();
            return null;
          } catch (ExecutionException e) {
            return e.getCause();
          } catch (InterruptedException e) {
            interrupted = true;
          }
        }
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }

    /** Drops the task if no one started it, else waits for it to end. */
    void stop() {
      if (started.compareAndSet(false, true)) {
        done.complete(null);
      } else {
        await();
      }
    }
  }

  private final Executor executor;
  private final Group[] groups;
  private long[] rowIndexes = new long[0];
  private int lastRows;
  private boolean ended;
  private boolean started;
  /** The scan's batch the caller reads next (or is reading, between {@link #advance} and {@link #fill}). */
  private long batchIndex;

  private ParallelScan(Executor executor, Group[] groups) {
    this.executor = executor;
    this.groups = groups;
  }

  /**
   * Opens one reader per group of {@code nodes} (the top-level nodes of the main reader's batch, in
   * the root's order), for {@code columns} (the caller's: null for every column) of {@code input},
   * each on {@code main}'s footer ({@code main} opened with the options {@code options} makes).
   *
   * @param dictionaryOf per field, whether it is read as a dictionary (its leaf then keeps ids)
   * @param options per group: fresh parquet read options (a codec factory each, as parquet-java's is not thread-safe)
   */
  static ParallelScan open(InputFile input, List<String> columns, List<RecordNode> nodes, int[] dictionaryOf,
      ParquetBatchReader main, java.util.function.Supplier<ParquetReadOptions> options, PageSettings settings,
      ArrowReadOptions arrow, boolean oneGroup) throws IOException {
    int[][] split = split(nodes, main, oneGroup ? 1 : Math.min(arrow.threads(), nodes.size()));
    long[] bytes = new long[split.length];
    long total = 0;
    for (int g = 0; g < split.length; g++) {
      for (int f : split[g]) {
        bytes[g] += compressedBytes(nodes.get(f), main);
      }
      total += bytes[g];
    }
    Group[] groups = new Group[split.length];
    try {
      for (int g = 0; g < split.length; g++) {
        List<String> groupColumns = new ArrayList<>();
        for (int f : split[g]) {
          String name = nodes.get(f).name();
          if (columns == null) {
            groupColumns.add(name);
          } else {
            for (String c : columns) {
              if ((c.equals(name) || c.startsWith(name + ".")) && !groupColumns.contains(c)) {
                groupColumns.add(c);
              }
            }
          }
        }
        // The read-ahead bound shared out by the groups' sizes: together they hold at most the bound.
        long share = total == 0 ? 0 : (long) ((double) arrow.readAheadBytes() * bytes[g] / total);
        PageSettings groupSettings = share > 0 ? settings.withReadAhead(arrow.executor(), share) : settings.withReadAhead(null, 0);
        // On the footer the main reader parsed (opened with the same options): one footer parse per scan.
        ParquetBatchReader reader = ParquetBatchReader.open(input, main.fileReader().getFooter(), groupColumns, options.get(),
            groupSettings);
        try {
          RecordBatch[] slots = new RecordBatch[SLOTS];
          RecordNode[][] slotNodes = new RecordNode[SLOTS][];
          long[][] slotRowIndexes = g == 0 ? new long[SLOTS][] : null;
          for (int s = 0; s < SLOTS; s++) {
            RecordBatch batch = reader.newRecordBatch(arrow.batchSize());
            RecordNode[] groupNodes = new RecordNode[split[g].length];
            for (int j = 0; j < groupNodes.length; j++) {
              String name = nodes.get(split[g][j]).name();
              for (RecordNode n : batch.fields()) {
                if (n.name().equals(name)) {
                  groupNodes[j] = n;
                }
              }
              if (groupNodes[j] == null) {
                throw new IllegalStateException("column group " + g + " has no field " + name);
              }
              if (dictionaryOf[split[g][j]] >= 0) {
                groupNodes[j].column().keepDictionaryIds();
              }
            }
            VectorFiller.keepDecimalDictionaryIds(batch.columns());
            slots[s] = batch;
            slotNodes[s] = groupNodes;
            if (slotRowIndexes != null) {
              slotRowIndexes[s] = new long[arrow.batchSize()];
            }
          }
          groups[g] = new Group(reader, slots, split[g], slotNodes, slotRowIndexes);
        } catch (RuntimeException | Error e) {
          reader.close();
          throw e;
        }
      }
    } catch (IOException | RuntimeException | Error e) {
      for (Group group : groups) {
        if (group != null) {
          try {
            group.reader.close();
          } catch (IOException | RuntimeException suppressed) {
            e.addSuppressed(suppressed);
          }
        }
      }
      throw e;
    }
    return new ParallelScan(arrow.executor(), groups);
  }

  /**
   * The fields (indexes into {@code nodes}) split into {@code count} groups of about equal
   * compressed size: the largest field first into the lightest group; each group's fields ascending.
   */
  private static int[][] split(List<RecordNode> nodes, ParquetBatchReader main, int count) {
    Integer[] bySize = new Integer[nodes.size()];
    long[] size = new long[nodes.size()];
    for (int f = 0; f < bySize.length; f++) {
      bySize[f] = f;
      size[f] = compressedBytes(nodes.get(f), main);
    }
    Arrays.sort(bySize, (a, b) -> size[a] != size[b] ? Long.compare(size[b], size[a]) : Integer.compare(a, b));
    long[] load = new long[count];
    List<List<Integer>> members = new ArrayList<>();
    for (int g = 0; g < count; g++) {
      members.add(new ArrayList<>());
    }
    for (int f : bySize) {
      int lightest = 0;
      for (int g = 1; g < count; g++) {
        if (load[g] < load[lightest] || (load[g] == load[lightest] && members.get(g).size() < members.get(lightest).size())) {
          lightest = g;
        }
      }
      members.get(lightest).add(f);
      load[lightest] += size[f];
    }
    List<int[]> groups = new ArrayList<>();
    for (List<Integer> m : members) {
      if (!m.isEmpty()) {
        groups.add(m.stream().mapToInt(Integer::intValue).sorted().toArray());
      }
    }
    groups.sort((a, b) -> Integer.compare(a[0], b[0]));
    return groups.toArray(new int[0][]);
  }

  /** Compressed bytes of the node's chosen columns over the file's row groups (at least 1, so empty fields still spread). */
  private static long compressedBytes(RecordNode node, ParquetBatchReader main) {
    long bytes = 1;
    for (ColumnDescriptor c : main.columns()) {
      if (!c.getPath()[0].equals(node.name())) {
        continue;
      }
      ColumnPath path = ColumnPath.get(c.getPath());
      for (BlockMetaData b : main.fileReader().getRowGroups()) {
        for (ColumnChunkMetaData m : b.getColumns()) {
          if (m.getPath().equals(path)) {
            bytes += Math.max(0, m.getTotalSize());
          }
        }
      }
    }
    return bytes;
  }

  /** How many groups the fields were split into. */
  int groupCount() {
    return groups.length;
  }

  /**
   * Waits for every group's next batch (starting the decodes at the first call) and returns its
   * rows, 0 at the end of the file.
   */
  int advance() throws IOException {
    if (ended) {
      return 0;
    }
    if (!started) {
      started = true;
      for (Group g : groups) {
        startNext(g);
      }
    }
    int s = (int) (batchIndex % SLOTS);
    List<Task> tasks = new ArrayList<>(groups.length);
    for (Group g : groups) {
      Task t;
      synchronized (g) {
        t = g.decodes[s];
      }
      if (t == null) {
        throw new IllegalStateException("batch " + batchIndex + " of a column group was never decoded");
      }
      tasks.add(t);
    }
    finish(tasks);
    int rows = groups[0].rows[s];
    for (Group g : groups) {
      if (g.rows[s] != rows) {
        throw new ParquetDecodingException("row group " + groups[0].reader.rowGroupIndex() + ": the column groups read "
            + rows + " and " + g.rows[s] + " rows for the same batch");
      }
    }
    lastRows = rows;
    if (rows == 0) {
      ended = true;
      return 0;
    }
    if (rowIndexes.length < rows) {
      rowIndexes = new long[groups[0].rowIndexes[s].length];
    }
    System.arraycopy(groups[0].rowIndexes[s], 0, rowIndexes, 0, rows);
    return rows;
  }

  /**
   * Makes the group's next decode and hands it to the executor, when it may run: the decode before
   * it has ended, its slot is free, and the group goes on.
   */
  private void startNext(Group g) {
    Task next;
    synchronized (g) {
      if (g.decoding || g.ended || g.stopped || g.made - g.released >= SLOTS) {
        return;
      }
      int s = (int) (g.made % SLOTS);
      g.made++;
      g.decoding = true;
      next = new Task(() -> decode(g, s));
      g.decodes[s] = next;
    }
    next.start(executor);
  }

  /** Decodes the group's next batch into slot {@code s}, then starts the decode after it. */
  private void decode(Group g, int s) throws IOException {
    boolean read = false;
    try {
      int rows = g.reader.nextBatch(g.slots[s]);
      if (g.rowIndexes != null && rows > 0) {
        g.reader.rowIndexes(g.rowIndexes[s]);
      }
      g.rows[s] = rows;
      read = rows > 0;
    } finally {
      synchronized (g) {
        g.decoding = false;
        g.ended |= !read;
      }
    }
    startNext(g);
  }

  /**
   * Has the groups' leaves with these column paths (below the top level) keep dictionary ids, before
   * the first batch is read.
   */
  void keepDictionaryIds(java.util.Set<String> leafPaths) {
    for (Group g : groups) {
      for (RecordBatch batch : g.slots) {
        for (ColumnBatch c : batch.columns()) {
          if (leafPaths.contains(String.join(".", c.column().getPath()))) {
            c.keepDictionaryIds();
          }
        }
      }
    }
  }

  /**
   * Fills {@code target}'s vectors (and the dictionary vectors) with the batch {@link #advance}
   * returned, on the caller's thread, then frees every group's record batch of it for the group's
   * decode after next.
   */
  void fill(VectorSchemaRoot target, List<BaseVariableWidthVector> dictionaryTargets, int[] dictionaryOf,
      java.util.Map<String, Integer> nestedDictionaryLeaves) throws IOException {
    List<FieldVector> vectors = target.getFieldVectors();
    int s = (int) (batchIndex % SLOTS);
    for (Group g : groups) {
      g.filler.dictionaryLeaves(nestedDictionaryLeaves, dictionaryTargets);
      RecordNode[] nodes = g.nodes[s];
      for (int j = 0; j < g.fields.length; j++) {
        int f = g.fields[j];
        RecordNode node = nodes[j];
        if (dictionaryOf[f] >= 0) {
          g.filler.fillDictionaryEncoded(node.column(), node.nulls(), node.positionCount(), vectors.get(f),
              dictionaryTargets.get(dictionaryOf[f]));
        } else {
          g.filler.fill(node, vectors.get(f));
        }
      }
    }
    batchIndex++;
    for (Group g : groups) {
      synchronized (g) {
        g.released++;
        g.decodes[s] = null;
      }
      startNext(g);
    }
  }

  /**
   * Runs here the tasks no one started, waits for all of them, then rethrows the failure of the
   * first group in field order that failed (the one a single-threaded read would most likely meet first).
   */
  private static void finish(List<Task> tasks) throws IOException {
    for (Task t : tasks) {
      t.run();
    }
    Throwable failure = null;
    for (Task t : tasks) {
      Throwable f = t.await();
      if (failure == null) {
        failure = f;
      } else if (f != null && f != failure) {
        failure.addSuppressed(f);
      }
    }
    if (failure instanceof IOException) {
      throw (IOException) failure;
    }
    if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    }
    if (failure instanceof Error) {
      throw (Error) failure;
    }
    if (failure != null) {
      throw new IOException(failure);
    }
  }

  /** Row indexes in the file of the rows of the last batch, into {@code dst}; returns how many. */
  int rowIndexes(long[] dst) {
    if (dst.length < lastRows) {
      throw new IllegalArgumentException("room for " + dst.length + " row indexes, the batch has " + lastRows);
    }
    System.arraycopy(rowIndexes, 0, dst, 0, lastRows);
    return lastRows;
  }

  /** Ends every task: drops those not started, waits for those under way. Then no task touches a group. */
  void stop() {
    for (Group g : groups) {
      Task[] made;
      synchronized (g) {
        g.stopped = true;
        made = g.decodes.clone();
      }
      // No decode is made from here on; those made are dropped if not started, else waited for.
      for (Task t : made) {
        if (t != null) {
          t.stop();
        }
      }
    }
  }

  /** Stops the tasks and closes the groups' readers. */
  void close() throws IOException {
    stop();
    IOException failure = null;
    for (Group g : groups) {
      try {
        g.reader.close();
      } catch (IOException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
