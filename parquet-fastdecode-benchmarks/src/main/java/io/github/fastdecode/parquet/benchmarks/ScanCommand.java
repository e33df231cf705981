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
package io.github.fastdecode.parquet.benchmarks;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import io.github.fastdecode.parquet.conformance.ColumnEntries;
import io.github.fastdecode.parquet.conformance.FastDecodeColumns;
import io.github.fastdecode.parquet.conformance.ParquetJavaColumns;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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

/**
 * {@code scan FILE [--columns a,b] [--repeat N] [--verbose]}: reads each chosen column with
 * parquet-java (its {@code ColumnReadStore} path) and with this library, checks they agree value for
 * value, then times whole-column scans of both (the best of N) and prints per column: physical
 * type, encodings, entries, nulls, ns per value for each and the speedup. Exit status 1 on any
 * disagreement or read failure, 2 on a bad command line.
 */
final class ScanCommand {
  private ScanCommand() {}

  static void main(List<String> args) {
    int status = run(args, System.out, System.err);
    System.out.flush();
    if (status != 0) {
      System.exit(status);
    }
  }

  static int run(List<String> args, PrintStream out, PrintStream err) {
    CommandLine cl;
    try {
      cl = CommandLine.parse("scan", args, true);
    } catch (CommandLine.UsageException e) {
      err.println(e.getMessage());
      return DumpCommand.USAGE;
    }
    if (!Files.isRegularFile(cl.file)) {
      err.println("scan: " + cl.file + ": no such file");
      return DumpCommand.READ_FAILED;
    }
    String current = "footer";
    try {
      List<ColumnDescriptor> columns = new ArrayList<>();
      List<BlockMetaData> blocks;
      try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(cl.file))) {
        MessageType schema = r.getFooter().getFileMetaData().getSchema();
        blocks = r.getRowGroups();
        for (ColumnDescriptor c : schema.getColumns()) {
          if (cl.columns == null || cl.columns.contains(String.join(".", c.getPath()))) {
            columns.add(c);
          }
        }
        if (cl.columns != null && columns.size() != cl.columns.size()) {
          err.println("scan: " + cl.file + ": unknown column in " + String.join(",", cl.columns));
          return DumpCommand.USAGE;
        }
      }
      out.printf("%-28s %-22s %-44s %12s %10s %12s %12s %8s%n",
          "column", "type", "encodings", "values", "nulls", "pj ns/value", "fd ns/value", "speedup");
      long started = System.nanoTime();
      boolean allAgree = true;
      double pjTotal = 0;
      double fdTotal = 0;
      for (int i = 0; i < columns.size(); i++) {
        ColumnDescriptor c = columns.get(i);
        String name = String.join(".", c.getPath());
        current = name;
        if (System.nanoTime() - started > 2_000_000_000L) {
          err.printf("scan: column %d of %d: %s%n", i + 1, columns.size(), name);
        }
        long[] counts = new long[2];
        String mismatch = compare(cl.file, c, counts);
        if (mismatch != null) {
          err.println("scan: " + cl.file + ": column " + name + ": " + mismatch);
          allAgree = false;
          continue;
        }
        ColumnBatch batch = ColumnBatch.forColumn(c, 4096);
        long pjBest = Long.MAX_VALUE;
        long fdBest = Long.MAX_VALUE;
        for (int rep = 0; rep < cl.repeat; rep++) {
          long t0 = System.nanoTime();
          long pj = ColumnScans.parquetJava(cl.file, c);
          long t1 = System.nanoTime();
          long fd = ColumnScans.fastdecode(cl.file, c, batch);
          long t2 = System.nanoTime();
          if (pj != fd) {
            err.println("scan: " + cl.file + ": column " + name + ": checksums differ after the value-by-value check");
            return DumpCommand.READ_FAILED;
          }
          pjBest = Math.min(pjBest, t1 - t0);
          fdBest = Math.min(fdBest, t2 - t1);
        }
        long values = Math.max(1, counts[0]);
        double pjNs = (double) pjBest / values;
        double fdNs = (double) fdBest / values;
        pjTotal += pjBest;
        fdTotal += fdBest;
        out.printf("%-28s %-22s %-44s %12d %10d %12.2f %12.2f %7.1fx%n", name, c.getPrimitiveType().getPrimitiveTypeName()
            + (c.getMaxRepetitionLevel() > 0 ? " (repeated)" : ""), encodings(blocks, c), counts[0], counts[1], pjNs, fdNs, pjNs / fdNs);
      }
      if (fdTotal > 0) {
        out.printf("all columns: parquet-java %.1f ms, fastdecode %.1f ms, speedup %.1fx (best of %d)%n",
            pjTotal / 1e6, fdTotal / 1e6, pjTotal / fdTotal, cl.repeat);
      }
      return allAgree ? 0 : DumpCommand.READ_FAILED;
    } catch (Exception e) {
      err.println("scan: " + cl.file + ": " + (e.getMessage() != null && e.getMessage().startsWith("column ") ? "" : "column " + current + ": ") + e.getMessage());
      if (cl.verbose) {
        e.printStackTrace(err);
      }
      return DumpCommand.READ_FAILED;
    }
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
          for (int i = 0, k = 0; i < n; i++, entry++) {
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
