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

import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.column.RecordBatch;
import io.github.fastdecode.parquet.column.RecordNode;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code cat} and {@code head}: the records of every file in turn, read with parquet-fastdecode's
 * record batches, one line each, as JSON Lines or CSV, logical values unless {@code --raw}. Output
 * is buffered; a file that fails part-way has printed the records before the failure.
 */
abstract class RowsCommand extends PathsCommand {
  enum Format { json, csv }

  @Option(names = "--columns", split = ",", paramLabel = "COLUMN",
      description = "Only these columns, in this order: top-level fields, or leaf paths joined with '.' (a.b.c), which keep"
          + " the structs around them.")
  List<String> columns;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json",
      description = "json (JSON Lines, the default) or csv (a header line, then one row per record; nested values as JSON text).")
  Format format;

  @Option(names = "--raw", description = "Physical values as stored: integers signed, byte arrays as text (STRING, ENUM, JSON)"
      + " or 0x-hex, INT96 as hex; no decimals, dates or timestamps.")
  boolean raw;

  @Option(names = "--where", paramLabel = "EXPR",
      description = "Only the records where EXPR holds, e.g. \"id >= 10 and name like 'a%'\" (tests on columns outside"
          + " lists and maps; see docs/cli.md). The file reader tests it row by row and decodes the other columns only"
          + " for the rows that match.")
  String where;

  private WhereClause whereClause;
  /**
   * The CSV text of the records not yet written out: filled a batch at a time and written to stdout
   * as UTF-8 in one call. A StringBuilder, not a BufferedWriter: the CSV writer makes a dozen small
   * writes per record, and a Writer takes a lock on each.
   */
  private TextBuffer writer;
  /** JSON Lines are written as UTF-8 bytes straight into this buffer, a batch at a time. */
  private final JsonOutput json = new JsonOutput();
  private long printed;
  private boolean headerDone;

  /** Most records to print over all files; Long.MAX_VALUE: all. */
  abstract long limit();

  /** Whoever reads the output has gone (a closed pipe: {@code cat ... | head}): stop reading, as cat(1) would. */
  private boolean readerGone;

  @Override
  boolean done() {
    return printed >= limit() || readerGone;
  }

  @Override
  void start(List<Path> files) {
    if (where != null) {
      try {
        whereClause = WhereClause.parse(where);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--where: " + e.getMessage());
      }
    }
  }

  @Override
  void runFile(Path file, boolean several) throws Exception {
    if (writer == null) {
      writer = new TextBuffer();
    }
    MessageType schema = ParquetFiles.footer(file).getFileMetaData().getSchema();
    List<String> order = topLevelOrder(schema);
    FilterPredicate filter = null;
    if (whereClause != null) {
      try {
        filter = whereClause.bind(schema);
      } catch (IllegalArgumentException e) {
        throw new UsageProblem("--where: " + e.getMessage());
      }
    }
    try (ParquetBatchReader reader = ParquetFiles.open(file, columns, filter)) {
      RecordBatch batch = reader.newRecordBatch((int) Math.min(4096, Math.max(1, limit() - printed)));
      RecordWriter records = new RecordWriter(batch, ordered(batch.fields(), order), raw);
      if (format == Format.csv && !headerDone) {
        records.csvHeader(writer);
        headerDone = true;
      }
      int rows;
      while (printed < limit() && (rows = reader.nextBatch(batch)) > 0) {
        records.startBatch();
        int n = (int) Math.min(rows, limit() - printed);
        for (int r = 0; r < n; r++) {
          if (format == Format.csv) {
            records.csv(writer, r);
          } else {
            records.json(json, r);
          }
        }
        printed += n;
        flush();
        if (out().checkError()) {
          // PrintStream keeps write errors to itself; without this check a closed pipe would not
          // stop a scan of a large file.
          readerGone = true;
          break;
        }
      }
    } finally {
      flush();
    }
  }

  /** Writes the buffered text out as UTF-8. */
  private void flush() {
    if (json.size() > 0) {
      out().write(json.buf, 0, json.size());
      json.reset();
      out().flush();
    }
    if (writer != null && writer.text.length() > 0) {
      byte[] bytes = writer.text.toString().getBytes(StandardCharsets.UTF_8);
      writer.text.setLength(0);
      out().write(bytes, 0, bytes.length);
      out().flush();
    }
  }

  /** A Writer into a StringBuilder, with no lock (one thread writes it). */
  private static final class TextBuffer extends Writer {
    final StringBuilder text = new StringBuilder(1 << 16);

    @Override
    public void write(int c) {
      text.append((char) c);
    }

    @Override
    public void write(char[] chars, int offset, int length) {
      text.append(chars, offset, length);
    }

    @Override
    public void write(String s, int offset, int length) {
      text.append(s, offset, offset + length);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }

  /**
   * The top-level fields in the order {@code --columns} names them (a leaf path by its first part);
   * null when it names none (schema order). An unknown name is a usage problem listing the columns.
   */
  private List<String> topLevelOrder(MessageType schema) {
    if (columns == null) {
      return null;
    }
    List<String> fields = new ArrayList<>();
    for (Type f : schema.getFields()) {
      fields.add(f.getName());
    }
    List<String> leaves = ParquetFiles.leafPaths(schema);
    List<String> order = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    for (String name : columns) {
      if (!fields.contains(name) && !leaves.contains(name)) {
        throw new UsageProblem("no column '" + name + "'; its columns are " + String.join(", ", fields));
      }
      for (String other : seen) {
        if (other.equals(name) || name.startsWith(other + ".") || other.startsWith(name + ".")) {
          throw new UsageProblem("--columns names " + (other.equals(name) ? "'" + name + "' twice"
              : "both '" + other + "' and '" + name + "', one inside the other"));
        }
      }
      seen.add(name);
      String top = fields.contains(name) ? name : name.substring(0, name.indexOf('.'));
      if (!order.contains(top)) {
        order.add(top);
      }
    }
    return order;
  }

  private static List<RecordNode> ordered(List<RecordNode> fields, List<String> order) {
    if (order == null) {
      return fields;
    }
    List<RecordNode> out = new ArrayList<>();
    for (String name : order) {
      for (RecordNode f : fields) {
        if (f.name().equals(name)) {
          out.add(f);
        }
      }
    }
    return out;
  }
}
