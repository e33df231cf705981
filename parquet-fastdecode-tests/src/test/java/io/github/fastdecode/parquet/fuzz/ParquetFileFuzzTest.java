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
package io.github.fastdecode.parquet.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.conformance.InMemoryInputFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Whole small files through {@link ParquetBatchReader}, from memory: the input ends with the
 * reading plan (a {@link BatchPlan}: batch capacity, layout, batch reads and row skips), the rest
 * is the file. Every flat column is read (at most {@link
 * #MAX_COLUMNS}); after the operations the file is drained for at most {@link #DRAIN_BATCHES}
 * batches.
 *
 * <p>Here parquet-hadoop parses the footer and the page headers and decompresses, and rejects a
 * bad file in its own ways. Property ({@link FuzzCheck}): reading succeeds, or throws a {@link
 * ParquetDecodingException} or an {@link IOException} (what {@code ParquetBatchReader} declares),
 * whose root cause is a {@code ParquetDecodingException}, an {@code IOException} (bytes the file
 * does not have), or was thrown by parquet-java's reading code: parquet-hadoop ({@code org.apache.parquet.hadoop}: footer conversion, page headers, chunk
 * I/O), parquet-format's thrift structures ({@code org.apache.parquet.format}, {@code
 * shaded.parquet}), the schema built from the footer ({@code org.apache.parquet.schema}),
 * parquet-column ({@code org.apache.parquet.column}) and the decompressors ({@code
 * org.apache.parquet.hadoop.codec}, {@code org.xerial.snappy}, {@code org.apache.hadoop.io.compress},
 * and the libraries they call: {@code io.airlift.compress}, {@code com.github.luben.zstd}, {@code net.jpountz}),
 * of any exception type: that is parquet-java rejecting the file, and the reader reports it as a
 * {@code ParquetDecodingException} or {@code IOException}. Findings: any other exception type on top
 * (a bare {@code RuntimeException} that escaped the reader), a root cause thrown by {@code
 * io.github.fastdecode} code that is not a {@code ParquetDecodingException}, any {@link Error}
 * (an out-of-memory error under the fuzzing run's 1 GB heap included), and the time bound.
 *
 * <p>No allocation bound here: parquet-hadoop allocates what parquet-format's thrift decides while
 * parsing the footer and page headers, and thrift sizes lists and binaries by the counts it reads
 * (measured with 1.18.0: 4.2 MB for a fuzzed 3.7 KB footer, 22 MB for a page header in a 6.5 KB
 * file), which this project cannot bound without parsing headers itself. The column-chunk reader's
 * own allocation is bounded by {@link ColumnChunkFuzzTest}, which feeds it the pages directly. A footer naming repeated columns is read for its flat ones only
 * ({@code ParquetBatchReader} reads flat schemas).
 */
class ParquetFileFuzzTest {
  static final int MAX_COLUMNS = 16;
  static final int DRAIN_BATCHES = 64;
  static final String WHAT = "parquet file";
  static final String[] PARQUET_JAVA = {
      "org.apache.parquet.hadoop.", "org.apache.parquet.format.", "shaded.parquet.", "org.apache.parquet.schema.",
      "org.apache.parquet.column.", "org.xerial.snappy.", "org.apache.hadoop.io.compress.",
      // the compression libraries parquet-hadoop's and Hadoop's codecs call: aircompressor (LZ4_RAW),
      // zstd-jni (ZSTD), lz4-java (Hadoop's LZ4)
      "io.airlift.compress.", "com.github.luben.zstd.", "net.jpountz."};

  /**
   * parquet-hadoop's default read options, built once: building them allocates about 1 MB (measured
   * with parquet-java 1.18.0), a fixed cost of the caller's, not of reading the file.
   */
  static final ParquetReadOptions OPTIONS = ParquetReadOptions.builder().build();

  @FuzzTest
  void parquetFile(FuzzedDataProvider data) {
    BatchPlan plan = BatchPlan.read(data);
    byte[] file = data.consumeRemainingAsBytes();
    FuzzCheck.check(WHAT, ParquetFileFuzzTest::accepted, FuzzCheck.UNBOUNDED, file.length, () -> read(file, plan));
  }

  static void accepted(Exception e) {
    if (!(e instanceof ParquetDecodingException || e instanceof IOException)) {
      throw new AssertionError(WHAT + ": expected success, ParquetDecodingException or IOException, got " + e, e);
    }
    if (e.getMessage() == null || e.getMessage().isEmpty()) {
      throw new AssertionError(WHAT + ": an exception that does not say what was wrong: " + e, e);
    }
    FuzzCheck.checkCauses(WHAT, e, PARQUET_JAVA);
  }

  /** Reads {@code file} as planned; returns the rows read or skipped. */
  static long read(byte[] file, BatchPlan plan) throws IOException {
    List<String> flat = new ArrayList<>();
    try (ParquetBatchReader all = ParquetBatchReader.open(new InMemoryInputFile(file), List.of(), OPTIONS)) {
      for (ColumnDescriptor c : all.schema().getColumns()) {
        if (c.getMaxRepetitionLevel() == 0 && flat.size() < MAX_COLUMNS) {
          flat.add(String.join(".", c.getPath()));
        }
      }
    }
    long rows = 0;
    try (ParquetBatchReader reader = ParquetBatchReader.open(new InMemoryInputFile(file), flat, OPTIONS)) {
      ColumnBatch[] batches = reader.newBatches(plan.capacity, plan.layout);
      for (int i = 0; i < plan.ops.length; i++) {
        if (plan.ops[i] == BatchPlan.READ) {
          rows += read(reader, batches);
        } else {
          long skip = Math.max(0, Math.min(plan.counts[i], reader.remainingRows()));
          reader.skipRows(skip);
          rows += skip;
        }
      }
      for (int i = 0; i < DRAIN_BATCHES; i++) {
        int got = read(reader, batches);
        if (got == 0) {
          break;
        }
        rows += got;
      }
    }
    return rows;
  }

  /** One batch of every column; reports the bytes the batches hold to the allocation bound. */
  private static int read(ParquetBatchReader reader, ColumnBatch[] batches) throws IOException {
    int n = reader.nextBatch(batches);
    long bytes = 0;
    for (ColumnBatch b : batches) {
      bytes += 9L * n + 8L * b.valueCount() + (b.binaries() == null ? 0 : b.binaries().byteSize());
    }
    FuzzCheck.produced(bytes);
    return n;
  }

  /** A seed: {@code file} read with batches of {@code capacity} and {@code layout}, {@code opsAndCounts} as (op, count byte) pairs. */
  static byte[] seed(byte[] file, int capacity, ColumnBatch.Layout layout, int... opsAndCounts) {
    return BatchPlan.write(new FuzzSeed(), capacity, layout, opsAndCounts).bytes(file).build();
  }
}
