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
import static org.apache.parquet.filter2.predicate.FilterApi.not;
import static org.apache.parquet.filter2.predicate.FilterApi.or;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.conformance.ParquetJavaWriters;
import io.github.fastdecode.parquet.file.PageSettings;
import io.github.fastdecode.parquet.fuzz.FuzzSeed;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;

/**
 * Row-filtered scans of undamaged files against parquet-java's record filter, over predicates the
 * input draws. Six files are written once: {@link RowFilterTest#SCHEMA}'s rows (every physical type,
 * nulls, NaN and -0.0, unsigned, a FIXED decimal, a string column whose dictionary falls back to
 * plain pages part way, a bloom filter) with V1 and V2 pages, dictionary and plain; and {@link
 * RowFilterTest#LOGICAL}'s rows (dates, timestamps, decimals of every physical type, INT96,
 * UINT_64, UINT_8), dictionary and plain. The input picks a file, a predicate tree (RowFilterTest's
 * generators, fed from the input: every comparison, {@code in}/{@code notIn}, null tests,
 * user-defined string predicates, a column the file lacks, under {@code and}/{@code or}/{@code not}),
 * a projection, a batch capacity, the batch layout, whether dictionary ids are kept, row skips and
 * the page source. Property: the rows read (values and row indexes) are exactly those
 * parquet-java's {@code ParquetReader} with the same filter returns, with record, statistics,
 * dictionary and bloom filtering on (not its column-index page skipping: see {@link
 * RowFilterTest#parquetJava}).
 */
class RowFilterFuzzTest {
  static final long SEED = 0x20261129L;
  static final List<Path> FILES = new ArrayList<>();
  /** Files from this index on hold {@link RowFilterTest#LOGICAL}'s rows. */
  static final int FIRST_LOGICAL;

  static {
    try {
      List<Group> rows = RowFilterTest.rows(SEED);
      for (WriterVersion v : WriterVersion.values()) {
        for (boolean dict : new boolean[] {true, false}) {
          FILES.add(ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path))
              .withType(RowFilterTest.SCHEMA).withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(v)
              .withDictionaryEncoding(dict).withPageRowCountLimit(1000).withPageSize(700).withDictionaryPageSize(dict ? 1500 : 4096)
              .withMinRowCountForPageSizeCheck(1).withBloomFilterEnabled("s", true), temp(), rows, 1500));
        }
      }
      FIRST_LOGICAL = FILES.size();
      List<Group> logical = RowFilterTest.logicalRows(new Random(SEED + 1), 3000, 8);
      for (boolean dict : new boolean[] {true, false}) {
        FILES.add(ParquetJavaWriters.write(path -> ExampleParquetWriter.builder(new LocalOutputFile(path))
            .withType(RowFilterTest.LOGICAL).withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withDictionaryEncoding(dict)
            .withPageRowCountLimit(700), temp(), logical, 1100));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path temp() throws IOException {
    Path f = Files.createTempFile("row-filter-fuzz", ".parquet");
    f.toFile().deleteOnExit();
    return f;
  }

  /**
   * A {@code Random} whose bits come from the input while it has four bytes left, then from a
   * generator seeded by the input: RowFilterTest's generators draw through it, so the input steers
   * every choice they make, and loops that draw until a value fits (nextGaussian) still end.
   */
  static Random drawnFrom(FuzzedDataProvider data) {
    long seed = (long) data.consumeInt(Integer.MIN_VALUE, Integer.MAX_VALUE) << 32 | data.consumeInt(0, Integer.MAX_VALUE);
    return new Random(seed) {
      private static final long serialVersionUID = 1L;

      @Override
      protected int next(int bits) {
        return data.remainingBytes() >= 4 ? data.consumeInt(Integer.MIN_VALUE, Integer.MAX_VALUE) >>> (32 - bits) : super.next(bits);
      }
    };
  }

  static FilterPredicate logicalTree(Random random, int depth) {
    if (depth < 2 && random.nextInt(3) == 0) {
      FilterPredicate a = logicalTree(random, depth + 1);
      switch (random.nextInt(3)) {
        case 0:
          return and(a, logicalTree(random, depth + 1));
        case 1:
          return or(a, logicalTree(random, depth + 1));
        default:
          return not(a);
      }
    }
    return RowFilterTest.logicalPredicate(random);
  }

  static List<String> names(MessageType schema) {
    List<String> names = new ArrayList<>();
    for (ColumnDescriptor c : schema.getColumns()) {
      names.add(String.join(".", c.getPath()));
    }
    return names;
  }

  @FuzzTest
  void rowFilteredScans(FuzzedDataProvider data) throws IOException {
    int which = data.consumeInt(0, FILES.size() - 1);
    Random random = drawnFrom(data);
    boolean logical = which >= FIRST_LOGICAL;
    FilterPredicate predicate = logical ? logicalTree(random, 0) : RowFilterTest.predicate(random, 0);
    List<String> all = names(logical ? RowFilterTest.LOGICAL : RowFilterTest.SCHEMA);
    List<String> columns = null;
    if (random.nextInt(3) == 0) {
      // A projection, in schema order, that may leave out the predicate's columns.
      columns = new ArrayList<>();
      for (String name : all) {
        if (random.nextBoolean()) {
          columns.add(name);
        }
      }
      if (columns.isEmpty()) {
        columns.add(all.get(random.nextInt(all.size())));
      }
    }
    int capacity = 1 + random.nextInt(random.nextBoolean() ? 16 : 5000);
    ColumnBatch.Layout layout = random.nextBoolean() ? ColumnBatch.Layout.ROW_POSITIONS : ColumnBatch.Layout.DENSE;
    boolean ids = random.nextBoolean();
    Random skips = random.nextInt(3) == 0 ? new Random(random.nextLong()) : null;
    PageSettings settings = random.nextInt(4) == 0 ? PageSettings.defaults().withParquetHadoopPages(true) : PageSettings.defaults();
    Path f = FILES.get(which);
    FilterCompat.Filter filter = FilterCompat.get(predicate);
    FilteredScanTest.Rows expected = RowFilterTest.parquetJava(f, filter, columns == null ? all : columns);
    FilteredScanTest.Rows actual = RowFilterTest.ours(f, filter, columns, capacity, layout, ids, skips, expected.values.size(), settings);
    FilteredScanTest.assertSameRows(expected, actual, "file " + which + " " + predicate + " columns " + columns + " batch " + capacity
        + " " + layout + (ids ? " ids" : "") + (skips != null ? " skips" : "") + " " + settings);
  }

  /** Outside fuzzing: seeded random inputs, so the target runs in every build. */
  @Test
  void randomInputs() throws IOException {
    System.out.println("RowFilterFuzzTest.randomInputs seed " + SEED);
    Random random = new Random(SEED);
    for (int i = 0; i < 250; i++) {
      byte[] input = new byte[random.nextInt(120)];
      random.nextBytes(input);
      rowFilteredScans(FuzzSeed.replay(input));
    }
  }
}
