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
package io.github.fastdecode.parquet.benchmarks.cli;

import io.github.fastdecode.parquet.benchmarks.jmh.ColumnScans;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.conformance.ColumnEntries;
import io.github.fastdecode.parquet.conformance.FastDecodeColumns;
import io.github.fastdecode.parquet.conformance.ParquetJavaColumns;
import io.github.fastdecode.parquet.internal.VectorSupport;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code scan FILE [--columns a,b] [--warmup N] [--repeat N] [--verbose]}: per chosen column, reads it
 * with this library alone first (so a corrupt page gets the same one-line message {@code dump}
 * gives), then with parquet-java (its {@code ColumnReadStore} path) and this library side by side,
 * checking they agree value for value, then times whole-column scans of both: {@code --warmup}
 * untimed scans of each, then {@code --repeat} timed ones, and prints the median per column:
 * physical type, encodings, entries, nulls, ns per value for each and the speedup. Exit status 1 on
 * any disagreement or read failure, 2 on a bad command line or an unknown column.
 */
@Command(
    name = "scan",
    header = "Check fastdecode reads a file as parquet-java does; time both.",
    sortOptions = false,
    description = {
      "Check that parquet-fastdecode reads a Parquet file as parquet-java does, value for value, then time"
          + " whole-column scans of both and print, per column: type, encodings, values, nulls, ns per value"
          + " of each and the speedup.",
      "Each column is scanned --warmup times untimed, then --repeat times timed (the median is printed), so"
          + " the ratios are not a cold JVM's. The first line says whether the vector kernels are on"
          + " (start java with --add-modules jdk.incubator.vector for them)."
    },
    footerHeading = "%n",
    footer = "Exit status: 0 the readers agree, 1 they disagree or the file cannot be read (one line naming file,"
        + " column, row group and page), 2 a bad command line or an unknown column.")
final class ScanCommand implements Callable<Integer>, Verbose.Holder {
  @ParentCommand
  Main main;

  @Mixin
  FileArguments input;

  @Option(names = "--warmup", paramLabel = "N", defaultValue = "2",
      description = "Untimed scans of each column by each reader before timing (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--repeat", paramLabel = "N", defaultValue = "5",
      description = "Timed scans of each column by each reader; the median is printed (default: ${DEFAULT-VALUE}).")
  int repeat;

  @Mixin
  Verbose verbose;

  @Mixin
  HelpOption help;

  @Spec
  CommandSpec spec;

  @Override
  public boolean verbose() {
    return verbose.on;
  }

  @Override
  public Integer call() {
    if (repeat < 1) {
      throw new ParameterException(spec.commandLine(), "--repeat needs a positive count, not " + repeat);
    }
    if (warmup < 0) {
      throw new ParameterException(spec.commandLine(), "--warmup needs a count of 0 or more, not " + warmup);
    }
    return run(main.out, main.err);
  }

  private int run(PrintStream out, PrintStream err) {
    Path file = input.file;
    String prefix = "scan: " + file + ": ";
    String problem = ParquetFileCheck.problem(file);
    if (problem != null) {
      err.println(prefix + problem);
      return Main.FAILED;
    }
    List<ColumnDescriptor> columns;
    List<BlockMetaData> blocks;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = r.getFooter().getFileMetaData().getSchema();
      blocks = r.getRowGroups();
      try {
        columns = input.chosen(schema);
      } catch (IllegalArgumentException e) {
        err.println(prefix + e.getMessage());
        return Main.USAGE;
      }
    } catch (Exception e) {
      return FileArguments.failed(prefix, new FileArguments.CorruptFooter(e), verbose.on, err);
    }
    out.printf("# %s: Java %s, vector kernels %s; median of %d timed scans per column after %d untimed%n",
        file, System.getProperty("java.version"), VectorSupport.on() ? "on" : "off (" + VectorSupport.status() + ")",
        repeat, warmup);
    out.printf("%-28s %-22s %-44s %12s %10s %12s %12s %8s%n",
        "column", "type", "encodings", "values", "nulls", "pj ns/value", "fd ns/value", "speedup");
    long started = System.nanoTime();
    boolean allAgree = true;
    double pjTotal = 0;
    double fdTotal = 0;
    for (int i = 0; i < columns.size(); i++) {
      ColumnDescriptor c = columns.get(i);
      String name = FileArguments.path(c);
      if (System.nanoTime() - started > 2_000_000_000L) {
        err.printf("scan: column %d of %d: %s%n", i + 1, columns.size(), name);
      }
      ColumnBatch batch = ColumnBatch.forColumn(c, 4096);
      // This library alone first: a corrupt page is reported as dump reports it, not as whatever
      // parquet-java's reader throws (a bare index or end-of-file error) on the way.
      try {
        readAlone(file, c, batch);
      } catch (Exception e) {
        return FileArguments.failed(prefix, e, verbose.on, err);
      }
      long[] counts = new long[2];
      String mismatch;
      try {
        mismatch = compare(file, c, counts);
      } catch (Exception e) {
        return FileArguments.failed(prefix + "column " + name + ": parquet-java cannot read what parquet-fastdecode read: ",
            e, verbose.on, err);
      }
      if (mismatch != null) {
        err.println(prefix + "column " + name + ": " + mismatch);
        allAgree = false;
        continue;
      }
      long[] pjTimes = new long[repeat];
      long[] fdTimes = new long[repeat];
      try {
        for (int rep = -warmup; rep < repeat; rep++) {
          long t0 = System.nanoTime();
          long pj = ColumnScans.parquetJava(file, c);
          long t1 = System.nanoTime();
          long fd = ColumnScans.fastdecode(file, c, batch);
          long t2 = System.nanoTime();
          if (pj != fd) {
            err.println(prefix + "column " + name + ": checksums differ after the value-by-value check");
            return Main.FAILED;
          }
          if (rep >= 0) {
            pjTimes[rep] = t1 - t0;
            fdTimes[rep] = t2 - t1;
          }
        }
      } catch (Exception e) {
        return FileArguments.failed(prefix + "column " + name + ": ", e, verbose.on, err);
      }
      long pjMedian = median(pjTimes);
      long fdMedian = median(fdTimes);
      long values = Math.max(1, counts[0]);
      double pjNs = (double) pjMedian / values;
      double fdNs = (double) fdMedian / values;
      pjTotal += pjMedian;
      fdTotal += fdMedian;
      out.printf("%-28s %-22s %-44s %12d %10d %12.2f %12.2f %7.1fx%n", name, c.getPrimitiveType().getPrimitiveTypeName()
          + (c.getMaxRepetitionLevel() > 0 ? " (repeated)" : ""), encodings(blocks, c), counts[0], counts[1], pjNs, fdNs, pjNs / fdNs);
    }
    if (fdTotal > 0) {
      out.printf("all columns: parquet-java %.1f ms, fastdecode %.1f ms, speedup %.1fx (medians of %d)%n",
          pjTotal / 1e6, fdTotal / 1e6, pjTotal / fdTotal, repeat);
    }
    return allAgree ? Main.OK : Main.FAILED;
  }

  /**
   * Reads the whole column with this library: a flat one through {@link ParquetBatchReader}, as
   * {@code dump} does (so a failure has the same message), a repeated one through {@link
   * ColumnChunkReader} per row group.
   */
  private static void readAlone(Path file, ColumnDescriptor column, ColumnBatch batch) throws Exception {
    if (column.getMaxRepetitionLevel() > 0) {
      ColumnScans.fastdecode(file, column, batch);
      return;
    }
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), List.of(FileArguments.path(column)))) {
      ColumnBatch[] batches = reader.newBatches(4096, ColumnBatch.Layout.DENSE);
      while (reader.nextBatch(batches) > 0) {
        // read to the end
      }
    }
  }

  static long median(long[] times) {
    long[] sorted = times.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static String encodings(List<BlockMetaData> blocks, ColumnDescriptor c) {
    Set<String> names = new TreeSet<>();
    for (BlockMetaData b : blocks) {
      for (ColumnChunkMetaData m : b.getColumns()) {
        if (m.getPath().toDotString().equals(String.join(".", c.getPath()))) {
          for (Encoding e : m.getEncodings()) {
            names.add(e.name());
          }
        }
      }
    }
    return String.join(",", names);
  }

  /**
   * Steps parquet-java's column reader and this library's batches side by side; returns the first
   * difference (entry, both values) or null, and counts entries and nulls into {@code counts}.
   */
  private static String compare(Path file, ColumnDescriptor column, long[] counts) throws Exception {
    int maxDef = column.getMaxDefinitionLevel();
    boolean nested = column.getMaxRepetitionLevel() > 0;
    ColumnBatch batch = ColumnBatch.forColumn(column, 4096);
    long entry = 0;
    try (ParquetFileReader expected = ParquetFileReader.open(new LocalInputFile(file));
        ParquetFileReader actual = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = expected.getFooter().getFileMetaData().getSchema();
      String createdBy = expected.getFooter().getFileMetaData().getCreatedBy();
      expected.setRequestedSchema(List.of(column));
      actual.setRequestedSchema(List.of(column));
      PageReadStore e;
      int rowGroup = 0;
      while ((e = expected.readNextRowGroup()) != null) {
        PageReadStore a = actual.readNextRowGroup();
        ColumnReader r = new ColumnReadStoreImpl(e, new GroupRecordConverter(schema).getRootConverter(), schema, createdBy).getColumnReader(column);
        ColumnChunkReader chunk = new ColumnChunkReader(column, a.getPageReader(column), rowGroup++);
        long left = r.getTotalValueCount();
        int n;
        while ((n = chunk.readBatch(batch)) > 0) {
          for (int i = 0, k = 0; i < batch.entryCount(); i++, entry++) {
            if (left-- == 0) {
              return "fastdecode has more values than parquet-java's " + entry;
            }
            int d = r.getCurrentDefinitionLevel();
            boolean isNull = nested ? batch.definitionLevels()[i] != maxDef : batch.isNull(i);
            if (nested && (batch.definitionLevels()[i] != d || batch.repetitionLevels()[i] != r.getCurrentRepetitionLevel())) {
              return "entry " + entry + ": parquet-java has levels (rep " + r.getCurrentRepetitionLevel() + ", def " + d
                  + "), fastdecode (rep " + batch.repetitionLevels()[i] + ", def " + batch.definitionLevels()[i] + ")";
            }
            Object want = d == maxDef ? ParquetJavaColumns.value(r, column.getPrimitiveType().getPrimitiveTypeName()) : null;
            Object got = isNull ? null : FastDecodeColumns.value(batch, k++);
            if (!ColumnEntries.same(want, got)) {
              return (nested ? "entry " : "row ") + entry + ": parquet-java has " + ColumnEntries.describe(want)
                  + ", fastdecode has " + ColumnEntries.describe(got);
            }
            counts[1] += isNull ? 1 : 0;
            r.consume();
          }
        }
        if (left != 0) {
          return "fastdecode ended " + left + " values before parquet-java in row group " + (rowGroup - 1);
        }
      }
    }
    counts[0] = entry;
    return null;
  }
}
