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

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.io.LocalInputFile;

/**
 * One JVM's whole-file scans into Arrow vectors, for {@code bench/arrow_filescan.py}: every column
 * of {@code file} read with {@link ArrowParquetReader} (reused root), {@code scans} times, printing
 * one JSON line: the milliseconds of each scan, of its {@code open} (footer, and on the first scan the
 * classes of parquet-hadoop and Hadoop) and of its first batch (on the first scan: Arrow's allocator
 * and vector classes, code not yet compiled), and the rows.
 *
 * <pre>
 * java -cp ... io.github.fastdecode.parquet.arrow.ArrowFileScan FILE arrow|arrow-dict SCANS [BATCH [THREADS [GROUPS [COLUMNS]]]]
 * </pre>
 *
 * {@code arrow-dict} keeps every string column dictionary-encoded (pyarrow's {@code read_dictionary}).
 * {@code COLUMNS}, comma-separated, reads only those columns (every column if absent), for one
 * column's share of a scan.
 */
public final class ArrowFileScan {
  private ArrowFileScan() {
  }

  public static void main(String[] args) throws IOException {
    Path file = Path.of(args[0]);
    boolean dictionaries = args[1].equals("arrow-dict");
    int scans = Integer.parseInt(args[2]);
    int batch = args.length > 3 ? Integer.parseInt(args[3]) : 65_536;
    // Above 1: a parallel scan of that many column groups on a pool of that many threads (the caller waits, or helps).
    int threads = args.length > 4 ? Integer.parseInt(args[4]) : 1;
    // Column groups of a parallel scan: as many as threads unless given.
    int groups = args.length > 5 ? Integer.parseInt(args[5]) : threads;
    List<String> columns = args.length > 6 ? List.of(args[6].split(",")) : null;
    ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads) : null;
    List<Double> times = new ArrayList<>();
    List<Double> opens = new ArrayList<>();
    List<Double> firstBatches = new ArrayList<>();
    long rows = 0;
    long check = 0;
    try (BufferAllocator allocator = new RootAllocator()) {
      long begin = System.nanoTime();
      // The string columns are found by a first open, which counts towards scan 1 (it loads the classes).
      String[] strings = dictionaries ? stringColumns(file, allocator) : new String[0];
      for (int s = 0; s < scans; s++) {
        long start = s == 0 ? begin : System.nanoTime();
        rows = 0;
        ArrowReadOptions.Builder b = ArrowReadOptions.builder(allocator).batchSize(batch).readDictionary(strings);
        if (pool != null) {
          b.parallel(pool, groups, 256L << 20);
        }
        ArrowReadOptions options = b.build();
        try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), columns, options)) {
          long opened = System.nanoTime();
          opens.add((opened - start) / 1e6);
          for (VectorSchemaRoot root; (root = reader.next()) != null; ) {
            if (rows == 0) {
              firstBatches.add((System.nanoTime() - opened) / 1e6);
            }
            rows += root.getRowCount();
            for (FieldVector v : root.getFieldVectors()) {
              check += v.getNullCount();   // touches every vector's validity, so nothing is left unread
            }
          }
        }
        times.add((System.nanoTime() - start) / 1e6);
      }
    }
    if (pool != null) {
      pool.shutdown();
    }
    System.out.println("{\"scans\": " + times + ", \"open\": " + opens + ", \"first_batch\": " + firstBatches
        + ", \"rows\": " + rows + ", \"nulls\": " + check + "}");
  }

  private static String[] stringColumns(Path file, BufferAllocator allocator) throws IOException {
    List<String> names = new ArrayList<>();
    try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null, ArrowReadOptions.builder(allocator).build())) {
      for (Field f : reader.schema().getFields()) {
        if (f.getType() instanceof ArrowType.Utf8 || f.getType() instanceof ArrowType.Binary) {
          names.add(f.getName());
        }
      }
    }
    return names.toArray(new String[0]);
  }
}
