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

import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.or;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.column.RecordBatch;
import io.github.fastdecode.parquet.conformance.InMemoryInputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/**
 * Filtered scans (by row or by page) of a damaged file: a small file with flat and repeated columns (a list, a map,
 * a struct), a page index and pages cut small is written once; the input overwrites a few of its
 * bytes (most of them in the page index, column chunks and footer at the file's end), chooses a
 * predicate over its flat columns and a reading plan ({@link BatchPlan}: batch capacity, record
 * batch reads and row skips). The file is read through {@link ParquetBatchReader} with the filter,
 * into {@link RecordBatch}es. Property ({@link FuzzCheck}, judged as {@link ParquetFileFuzzTest}
 * judges whole files, parquet-java's page-index filtering counted among parquet-java's code): reading succeeds with consistent offsets and nulls at every node, or fails
 * with a {@code ParquetDecodingException} or an {@code IOException} whose root cause is ours and a
 * {@code ParquetDecodingException}, or parquet-java's. Lying offset indexes (first rows out of
 * order, pages that end before the selected rows) land in the skips that keep the columns aligned.
 */
class FilteredScanFuzzTest {
  static final long SEED = 0x17_0f17L;
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message f {"
      + " required int64 id; optional int32 small;"
      + " optional group xs (LIST) { repeated group list { optional int64 element; } }"
      + " optional group m (MAP) { repeated group key_value { required int32 key; optional int64 value; } }"
      + " optional group st { optional int32 a; repeated int32 r; } }");
  static final byte[] FILE = write();
  static final String WHAT = "filtered scan";
  /** Where parquet-java rejects a file: as for whole files, plus its page-index filtering (row ranges from the column and offset indexes). */
  static final String[] PARQUET_JAVA;

  static {
    String[] whole = ParquetFileFuzzTest.PARQUET_JAVA;
    PARQUET_JAVA = java.util.Arrays.copyOf(whole, whole.length + 2);
    PARQUET_JAVA[whole.length] = "org.apache.parquet.filter2.";
    PARQUET_JAVA[whole.length + 1] = "org.apache.parquet.internal.";
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

  static byte[] write() {
    try {
      Path f = Files.createTempFile("filtered-fuzz", ".parquet");
      Random random = new Random(SEED);
      SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
      try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(f)).withType(SCHEMA)
          .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withPageRowCountLimit(16).withPageSize(128)
          .withMinRowCountForPageSizeCheck(1).withRowGroupSize(4096).withDictionaryEncoding(false).build()) {
        for (int r = 0; r < 400; r++) {
          Group g = groups.newGroup();
          g.add("id", (long) r);
          if (random.nextInt(4) != 0) {
            g.add("small", random.nextInt(20));
          }
          if (random.nextInt(5) != 0) {
            Group xs = g.addGroup("xs");
            for (int k = random.nextInt(8) == 0 ? 30 : random.nextInt(3); k > 0; k--) {
              Group e = xs.addGroup("list");
              if (random.nextInt(4) != 0) {
                e.add("element", (long) random.nextInt(9));
              }
            }
          }
          if (random.nextBoolean()) {
            Group m = g.addGroup("m");
            for (int k = random.nextInt(3); k > 0; k--) {
              Group kv = m.addGroup("key_value");
              kv.add("key", k);
              if (random.nextBoolean()) {
                kv.add("value", (long) r);
              }
            }
          }
          if (random.nextInt(3) != 0) {
            Group st = g.addGroup("st");
            st.add("a", random.nextInt(50));
            for (int k = random.nextInt(3); k > 0; k--) {
              st.add("r", k);
            }
          }
          w.write(g);
        }
      }
      byte[] bytes = Files.readAllBytes(f);
      Files.delete(f);
      return bytes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @FuzzTest
  void filteredScan(FuzzedDataProvider data) {
    byte[] file = FILE.clone();
    int edits = data.consumeInt(0, 6);
    for (int i = 0; i < edits; i++) {
      // Three in four edits hit the last quarter: page index, last chunks and footer.
      int at = data.consumeInt(0, 3) != 0 ? file.length - 1 - data.consumeInt(0, file.length / 4)
          : data.consumeInt(0, file.length - 1);
      file[at] = (byte) data.consumeInt(0, 255);
    }
    FilterCompat.Filter filter = FilterCompat.get(predicate(data));
    BatchPlan plan = BatchPlan.read(data);
    boolean rowFiltered = data.consumeInt(0, 1) == 1;
    FuzzCheck.check(WHAT, FilteredScanFuzzTest::accepted, FuzzCheck.UNBOUNDED, file.length, () -> {
      try {
        read(file, filter, plan, rowFiltered);
      } catch (AssertionError e) {
        StackTraceElement[] at = e.getStackTrace();
        if (at.length > 0 && (at[0].getClassName().startsWith("org.apache.parquet.filter2.")
            || at[0].getClassName().startsWith("org.apache.parquet.internal.filter2."))) {
          // parquet-java's own assert on a lying offset index's row ranges: it fires only with
          // assertions on (as in tests); without them parquet-java goes on with the ranges it built.
          // Where it sits differs by release (1.15.2: internal.filter2.columnindex.RowRanges).
          return;
        }
        throw e;
      }
    });
  }

  static FilterPredicate predicate(FuzzedDataProvider data) {
    long from = data.consumeInt(-5, 410);
    FilterPredicate range = and(gtEq(longColumn("id"), from), lt(longColumn("id"), from + data.consumeInt(0, 120)));
    switch (data.consumeInt(0, 3)) {
      case 0:
        return range;
      case 1:
        return or(range, eq(intColumn("small"), data.consumeInt(-1, 21)));
      case 2:
        return or(eq(longColumn("id"), (long) data.consumeInt(0, 400)), eq(intColumn("st.a"), data.consumeInt(0, 50)));
      default:
        return eq(intColumn("small"), (Integer) null);
    }
  }

  /**
   * Reads {@code file} as planned into record batches, filtered by row or by page; returns the rows
   * read or skipped.
   */
  static long read(byte[] file, FilterCompat.Filter filter, BatchPlan plan, boolean rowFiltered) throws IOException {
    long rows = 0;
    try (ParquetBatchReader reader = ParquetBatchReader.open(new InMemoryInputFile(file), null,
        org.apache.parquet.ParquetReadOptions.builder().withRecordFilter(filter).useRecordFilter(rowFiltered).build())) {
      RecordBatch batch = reader.newRecordBatch(plan.capacity);
      for (int i = 0; i < plan.ops.length; i++) {
        if (plan.ops[i] == BatchPlan.READ) {
          rows += read(reader, batch);
        } else {
          long skip = Math.max(0, Math.min(plan.counts[i], reader.remainingRows()));
          try {
            reader.skipRows(skip);
          } catch (IllegalArgumentException e) {
            // By row, remainingRows() bounds the matches from above: the skip finds the end first.
            if (!rowFiltered || !e.getMessage().contains("matched")) {
              throw e;
            }
            break;
          }
          rows += skip;
        }
      }
      for (int i = 0; i < ParquetFileFuzzTest.DRAIN_BATCHES; i++) {
        int got = read(reader, batch);
        if (got == 0) {
          break;
        }
        rows += got;
      }
    }
    return rows;
  }

  private static int read(ParquetBatchReader reader, RecordBatch batch) throws IOException {
    int n = reader.nextBatch(batch);
    if (n > 0) { // at the end the batch keeps its last records' nodes
      FuzzCheck.produced(NestedAssemblyFuzzTest.consistent(batch, n));
    }
    return n;
  }

  /** Outside fuzzing: seeded random inputs, so the target runs in every build. */
  @Test
  void randomInputs() {
    System.out.println("FilteredScanFuzzTest.randomInputs seed " + SEED);
    Random random = new Random(SEED);
    for (int i = 0; i < 400; i++) {
      byte[] input = new byte[random.nextInt(200)];
      random.nextBytes(input);
      filteredScan(FuzzSeed.replay(input));
    }
  }
}
