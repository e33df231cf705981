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
package io.github.fastdecode.parquet.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import io.github.fastdecode.parquet.conformance.ColumnEntries;
import io.github.fastdecode.parquet.conformance.FastDecodeColumns;
import io.github.fastdecode.parquet.conformance.ParquetJavaColumns;
import io.github.fastdecode.parquet.file.PageSettings;
import io.github.fastdecode.parquet.file.RowGroupReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code scan PATH... [--columns a,b] [--warmup N] [--repeat N] [--json]}: per chosen column, reads
 * it with this library alone first (so a corrupt page gets the one-line message {@code check}
 * gives), then steps parquet-java's column reader and this library side by side, checking they
 * agree value for value, then times whole-column scans of both ({@code --warmup} untimed, {@code
 * --repeat} timed, the median printed). A file too small to time is said so on stderr: its figures
 * are fixed costs (opening, JIT), not decoding.
 */
@Command(
    name = "scan",
    mixinStandardHelpOptions = true,
    header = "Check fastdecode reads a file as parquet-java does; time both per column.",
    sortOptions = false,
    description = {
      "Check that parquet-fastdecode reads each column as parquet-java does, value for value, then time"
          + " whole-column scans of both and print, per column: type, encodings, values, nulls, ns per value of"
          + " each and the speedup. parquet-fastdecode reads its pages through its own pipeline.",
      "Each column is scanned --warmup times untimed, then --repeat times timed (the median is printed). A file"
          + " with fewer than " + ScanCommand.MIN_VALUES + " values per column, or whose scans take under "
          + ScanCommand.MIN_MILLIS + " ms, is too small to time: a warning on stderr says so.",
      "The first line says whether the vector kernels are on (the launcher starts java with"
          + " --add-modules jdk.incubator.vector)."
    },
    footerHeading = "%n",
    footer = {
      "Example: parquet-fastdecode scan lineitem.parquet --columns l_quantity,l_comment --repeat 10",
      "Exit status: 0 the readers agree, 1 they disagree or a file cannot be read, 2 bad command line or unknown column."
    })
final class ScanCommand extends PathsCommand {
  /** Below these a file is too small to time. */
  static final long MIN_VALUES = 100_000;
  static final long MIN_MILLIS = 20;
  private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeSpecialFloatingPointValues().create();

  @Option(names = "--columns", split = ",", paramLabel = "COLUMN",
      description = "Only these leaf columns (paths joined with '.'), in the order given.")
  List<String> columns;

  @Option(names = "--warmup", paramLabel = "N", defaultValue = "2",
      description = "Untimed scans of each column by each reader before timing (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--repeat", paramLabel = "N", defaultValue = "5",
      description = "Timed scans of each column by each reader; the median is printed (default: ${DEFAULT-VALUE}).")
  int repeat;

  @Option(names = "--json", description = "One JSON object per file instead of the table (JSON Lines).")
  boolean json;

  @Override
  String name() {
    return "scan";
  }

  @Override
  void start(List<Path> files) {
    if (repeat < 1) {
      throw new ParameterException(spec.commandLine(), "--repeat needs a positive count, not " + repeat);
    }
    if (warmup < 0) {
      throw new ParameterException(spec.commandLine(), "--warmup needs a count of 0 or more, not " + warmup);
    }
  }

  @Override
  void runFile(Path file, boolean several) throws Exception {
    ParquetMetadata footer = ParquetFiles.footer(file);
    MessageType schema = footer.getFileMetaData().getSchema();
    List<ColumnDescriptor> chosen = new ArrayList<>();
    for (String name : columns == null ? ParquetFiles.leafPaths(schema) : columns) {
      chosen.add(ParquetFiles.leaf(schema, name));
    }
    String vector = FastDecode.vectorKernelsOn() ? "on" : "off (" + FastDecode.vectorKernelsStatus() + ")";
    if (!json) {
      out().printf("# %s: Java %s, vector kernels %s; median of %d timed scans per column after %d untimed%n",
          file, System.getProperty("java.version"), vector, repeat, warmup);
      out().flush(); // before the first progress line on stderr, in a terminal
    }
    Table table = new Table("column", "type", "encodings", ">values", ">nulls", ">pj ns/value", ">fd ns/value", ">speedup");
    JsonArray rows = new JsonArray();
    long started = System.nanoTime();
    List<String> bad = new ArrayList<>();
    double pjTotal = 0;
    double fdTotal = 0;
    long minValues = Long.MAX_VALUE;
    for (int i = 0; i < chosen.size(); i++) {
      ColumnDescriptor c = chosen.get(i);
      String name = ParquetFiles.path(c);
      if (System.nanoTime() - started > progressAfterNanos) {
        main.err.printf("scan: %s: column %d of %d: %s%n", file, i + 1, chosen.size(), name);
      }
      ColumnBatch batch = ColumnBatch.forColumn(c, 4096);
      // This library alone first: a corrupt page is reported as check reports it, not as whatever
      // parquet-java's reader throws on the way.
      ColumnScans.fastdecode(file, c, batch);
      long[] counts = new long[2];
      String mismatch;
      try {
        mismatch = compare(file, c, counts);
      } catch (Exception e) {
        bad.add("column " + name + ": parquet-java cannot read what parquet-fastdecode read: " + Messages.oneLine(e));
        continue;
      }
      if (mismatch != null) {
        bad.add("column " + name + ": " + mismatch);
        continue;
      }
      long[] pjTimes = new long[repeat];
      long[] fdTimes = new long[repeat];
      for (int rep = -warmup; rep < repeat; rep++) {
        long t0 = System.nanoTime();
        long pj = ColumnScans.parquetJava(file, c);
        long t1 = System.nanoTime();
        long fd = ColumnScans.fastdecode(file, c, batch);
        long t2 = System.nanoTime();
        if (pj != fd) {
          bad.add("column " + name + ": checksums differ after the value-by-value check");
          break;
        }
        if (rep >= 0) {
          pjTimes[rep] = t1 - t0;
          fdTimes[rep] = t2 - t1;
        }
      }
      long pjMedian = median(pjTimes);
      long fdMedian = median(fdTimes);
      long values = Math.max(1, counts[0]);
      minValues = Math.min(minValues, counts[0]);
      double pjNs = (double) pjMedian / values;
      double fdNs = (double) fdMedian / values;
      pjTotal += pjMedian;
      fdTotal += fdMedian;
      String type = c.getPrimitiveType().getPrimitiveTypeName() + (c.getMaxRepetitionLevel() > 0 ? " (repeated)" : "");
      String encodings = encodings(footer.getBlocks(), c);
      table.row(name, type, encodings, counts[0], counts[1], String.format("%.2f", pjNs), String.format("%.2f", fdNs),
          String.format("%.1fx", pjNs / fdNs));
      JsonObject row = new JsonObject();
      row.addProperty("column", name);
      row.addProperty("type", type);
      row.addProperty("encodings", encodings);
      row.addProperty("values", counts[0]);
      row.addProperty("nulls", counts[1]);
      row.addProperty("parquetJavaNsPerValue", pjNs);
      row.addProperty("fastdecodeNsPerValue", fdNs);
      row.addProperty("speedup", pjNs / fdNs);
      rows.add(row);
    }
    String warning = null;
    if (!rows.isEmpty() && (minValues < MIN_VALUES || fdTotal / 1e6 < MIN_MILLIS)) {
      warning = "too small to time: " + minValues + " values in its smallest column, " + String.format("%.1f", fdTotal / 1e6)
          + " ms per scan of all columns; the figures are fixed costs more than decoding (time a file of 1,000,000 values"
          + " or more)";
    }
    if (json) {
      JsonObject o = new JsonObject();
      o.addProperty("file", file.toString());
      o.addProperty("java", System.getProperty("java.version"));
      o.addProperty("vectorKernels", FastDecode.vectorKernelsOn());
      o.addProperty("warmup", warmup);
      o.addProperty("repeat", repeat);
      o.add("columns", rows);
      o.addProperty("parquetJavaMillis", pjTotal / 1e6);
      o.addProperty("fastdecodeMillis", fdTotal / 1e6);
      o.addProperty("speedup", fdTotal > 0 ? pjTotal / fdTotal : 0);
      o.addProperty("warning", warning);
      out().println(GSON.toJson(o));
    } else {
      table.print(out(), "");
      if (fdTotal > 0) {
        out().printf("all columns: parquet-java %.1f ms, fastdecode %.1f ms, speedup %.1fx (medians of %d)%n",
            pjTotal / 1e6, fdTotal / 1e6, pjTotal / fdTotal, repeat);
      }
    }
    if (warning != null) {
      out().flush();
      main.err.println("scan: " + file + ": warning: " + warning);
    }
    if (!bad.isEmpty()) {
      bad.forEach(b -> problem(file, b));
      throw new Reported();
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
        if (m.getPath().toDotString().equals(ParquetFiles.path(c))) {
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
    ParquetReadOptions options = ParquetFiles.options();
    try (ParquetFileReader expected = ParquetFileReader.open(new LocalInputFile(file), options);
        RowGroupReader pages = new RowGroupReader(new LocalInputFile(file), options.getCodecFactory(), PageSettings.defaults())) {
      MessageType schema = expected.getFooter().getFileMetaData().getSchema();
      String createdBy = expected.getFooter().getFileMetaData().getCreatedBy();
      List<BlockMetaData> blocks = expected.getRowGroups();
      expected.setRequestedSchema(List.of(column));
      PageReadStore e;
      int rowGroup = 0;
      while ((e = expected.readNextRowGroup()) != null) {
        ColumnReader r = new ColumnReadStoreImpl(e, new GroupRecordConverter(schema).getRootConverter(), schema, createdBy).getColumnReader(column);
        ColumnChunkReader chunk = ColumnScans.chunk(pages, blocks.get(rowGroup), rowGroup, column);
        rowGroup++;
        long left = r.getTotalValueCount();
        while (chunk.readBatch(batch) > 0) {
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
