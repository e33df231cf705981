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

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * One JVM's whole-file scans with Arrow Java's Dataset reader (Arrow C++'s Parquet reader through
 * JNI, batches handed over through the C Data Interface), for {@code arrow_filescan.py --dataset}:
 * the counterpart of the module's {@code ArrowFileScan}, with the same arguments and the same JSON
 * line (milliseconds of each scan, of its {@code open} and of its first batch, the rows). Not part
 * of the build: the script compiles it against the class path of {@code dataset-pom.xml}.
 *
 * <pre>
 * java -cp ... DatasetFileScan FILE arrow SCANS [BATCH]
 * </pre>
 *
 * Each scan opens the file anew ({@code FileSystemDatasetFactory} on a {@code file://} URI,
 * Parquet format, then {@code finish()}), scans it with {@link ScanOptions} of {@code BATCH} rows
 * (65,536 by default) and loads every batch into the reader's {@link VectorSchemaRoot} through
 * {@link ArrowReader#loadNextBatch()}. {@code open} runs up to the reader (on the first scan it
 * includes loading the native library); scan 1 includes creating the allocator, as in
 * {@code ArrowFileScan}.
 *
 * <p>Only {@code arrow} (values): the Dataset JNI bridge builds Arrow C++'s {@code ParquetFileFormat}
 * with its default reader options and accepts fragment scan options for CSV only, so there is no way
 * to set Parquet's {@code dict_columns}; a dataset schema with dictionary fields would have Arrow C++
 * decode the values and then cast them to a dictionary, which is not what the other readers'
 * {@code arrow-dict} mode measures.
 */
public final class DatasetFileScan {
  private DatasetFileScan() {
  }

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]).toAbsolutePath();
    if (!args[1].equals("arrow")) {
      throw new IllegalArgumentException("mode " + args[1] + ": only arrow (see the class comment)");
    }
    int scans = Integer.parseInt(args[2]);
    int batch = args.length > 3 ? Integer.parseInt(args[3]) : 65_536;
    String uri = file.toUri().toString();
    List<Double> times = new ArrayList<>();
    List<Double> opens = new ArrayList<>();
    List<Double> firstBatches = new ArrayList<>();
    long rows = 0;
    long check = 0;
    long begin = System.nanoTime();
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int s = 0; s < scans; s++) {
        long start = s == 0 ? begin : System.nanoTime();
        rows = 0;
        try (FileSystemDatasetFactory factory = new FileSystemDatasetFactory(allocator, NativeMemoryPool.getDefault(),
                FileFormat.PARQUET, uri);
             Dataset dataset = factory.finish();
             Scanner scanner = dataset.newScan(new ScanOptions(batch));
             ArrowReader reader = scanner.scanBatches()) {
          long opened = System.nanoTime();
          opens.add((opened - start) / 1e6);
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          while (reader.loadNextBatch()) {
            if (rows == 0) {
              firstBatches.add((System.nanoTime() - opened) / 1e6);
            }
            rows += root.getRowCount();
            for (FieldVector v : root.getFieldVectors()) {
              check += v.getNullCount();   // touches every vector's validity, as ArrowFileScan does
            }
          }
        }
        times.add((System.nanoTime() - start) / 1e6);
      }
    }
    System.out.println("{\"scans\": " + times + ", \"open\": " + opens + ", \"first_batch\": " + firstBatches
        + ", \"rows\": " + rows + ", \"nulls\": " + check + "}");
  }
}
