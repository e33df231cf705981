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

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.column.RecordBatch;
import io.github.fastdecode.parquet.column.RecordNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dump FILE [--columns a,b] [--verbose]}: the file's records, read with this library, as
 * JSON Lines: one object per record, one key per top-level field in schema order. Structs are JSON
 * objects keyed by field name, lists JSON arrays, maps arrays of {@code {"key": ..., "value": ...}}
 * objects. Leaf values by physical type, no logical conversion: booleans, integers (signed physical
 * value), floating point as numbers or {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}; byte
 * arrays as strings for STRING, ENUM and JSON columns, else {@code "0x"} and lowercase hex; null as
 * null. {@code --columns} names top-level fields (or leaf paths, which keep their struct around them).
 *
 * <p>Exit status: 0 done, 1 the file could not be read (one line on stderr naming the file, and for
 * a corrupt page the column, row group and page), 2 a bad command line or an unknown column.
 */
@Command(
    name = "dump",
    header = "Print a Parquet file's values as JSON Lines, read by fastdecode.",
    sortOptions = false,
    description = {
      "Print a Parquet file's values as JSON Lines, read with parquet-fastdecode: one object per row,"
          + " keys the top-level fields; structs as objects, lists as arrays, maps as arrays of"
          + " {\"key\": ..., \"value\": ...}. --columns picks top-level fields (or leaf paths).",
      "Values by physical type: integers as signed numbers, floating point as numbers or"
          + " \"NaN\"/\"Infinity\"/\"-Infinity\", byte arrays as strings for STRING/ENUM/JSON columns and"
          + " as \"0x...\" hex otherwise, null as null."
    },
    footerHeading = "%n",
    footer = "Exit status: 0 done, 1 the file cannot be read (one line naming file, column, row group and page),"
        + " 2 a bad command line or an unknown column.")
final class DumpCommand implements Callable<Integer>, Verbose.Holder {
  @ParentCommand
  Main main;

  @Mixin
  FileArguments input;

  @Mixin
  Verbose verbose;

  @Mixin
  HelpOption help;

  @Override
  public boolean verbose() {
    return verbose.on;
  }

  @Override
  public Integer call() {
    return run(input, verbose.on, main.out, main.err);
  }

  static int run(FileArguments input, boolean verbose, PrintStream out, PrintStream err) {
    String prefix = "dump: " + input.file + ": ";
    String problem = ParquetFileCheck.problem(input.file);
    if (problem != null) {
      err.println(prefix + problem);
      return Main.FAILED;
    }
    MessageType schema;
    try {
      schema = input.schema();
    } catch (Exception e) {
      return FileArguments.failed(prefix, e, verbose, err);
    }
    List<String> chosen;
    try {
      chosen = chosen(input, schema);
    } catch (IllegalArgumentException e) {
      err.println(prefix + e.getMessage());
      return Main.USAGE;
    }
    Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(input.file), chosen)) {
      RecordBatch batch = reader.newRecordBatch(4096);
      RecordJson json = new RecordJson(batch);
      StringBuilder line = new StringBuilder(256);
      int rows;
      while ((rows = reader.nextBatch(batch)) > 0) {
        json.startBatch();
        for (int r = 0; r < rows; r++) {
          line.setLength(0);
          json.appendRecord(line, r);
          line.append('\n');
          w.append(line);
        }
      }
      w.flush();
      return Main.OK;
    } catch (Exception e) {
      flushQuietly(w);
      return FileArguments.failed(prefix, e, verbose, err);
    }
  }

  /**
   * What {@code --columns} names, checked: top-level fields or leaf paths; null when it names none.
   * An unknown name is an {@link IllegalArgumentException} listing the top-level fields.
   */
  static List<String> chosen(FileArguments input, MessageType schema) {
    if (input.columns == null) {
      return null;
    }
    List<String> fields = new ArrayList<>();
    schema.getFields().forEach(f -> fields.add(f.getName()));
    List<String> leaves = new ArrayList<>();
    schema.getColumns().forEach(c -> leaves.add(FileArguments.path(c)));
    for (String name : input.columns) {
      if (!fields.contains(name) && !leaves.contains(name)) {
        throw new IllegalArgumentException("no column '" + name + "'; its columns are " + String.join(", ", fields));
      }
    }
    List<String> chosen = new ArrayList<>();
    for (String f : fields) {
      if (input.columns.contains(f)) {
        chosen.add(f);
      }
    }
    for (String l : leaves) {
      if (input.columns.contains(l) && !chosen.contains(l.split("\\.")[0])) {
        chosen.add(l);
      }
    }
    return chosen;
  }

  /** Writes a record batch's records as JSON; per-leaf indexes from positions to dense values, reused. */
  static final class RecordJson {
    private final RecordBatch batch;
    private final Map<ColumnBatch, int[]> valueIndex = new IdentityHashMap<>();
    private final Map<ColumnBatch, Boolean> text = new IdentityHashMap<>();

    RecordJson(RecordBatch batch) {
      this.batch = batch;
      for (ColumnBatch c : batch.columns()) {
        LogicalTypeAnnotation logical = c.column().getPrimitiveType().getLogicalTypeAnnotation();
        text.put(c, logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
            || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation);
        valueIndex.put(c, new int[0]);
      }
    }

    /** After each read: maps every leaf position to its value (values are dense over non-null positions). */
    void startBatch() {
      for (ColumnBatch c : batch.columns()) {
        int n = c.leafCount();
        int[] idx = valueIndex.get(c);
        if (idx.length < n) {
          idx = new int[Math.max(n, idx.length * 2)];
          valueIndex.put(c, idx);
        }
        boolean dense = c.isNested() || c.layout() == ColumnBatch.Layout.DENSE;
        boolean[] nulls = c.nulls();
        for (int p = 0, k = 0; p < n; p++) {
          idx[p] = dense ? k : p;
          k += nulls[p] ? 0 : 1;
        }
      }
    }

    void appendRecord(StringBuilder s, int row) {
      s.append('{');
      boolean first = true;
      for (RecordNode f : batch.fields()) {
        if (!first) {
          s.append(',');
        }
        first = false;
        s.append(jsonString(f.name())).append(':');
        appendNode(s, f, row);
      }
      s.append('}');
    }

    private void appendNode(StringBuilder s, RecordNode n, int p) {
      if (n.isNull(p)) {
        s.append("null");
        return;
      }
      switch (n.kind()) {
        case PRIMITIVE: {
          ColumnBatch c = n.column();
          appendLeaf(s, c, valueIndex.get(c)[p], text.get(c));
          break;
        }
        case LIST: {
          int[] o = n.offsets();
          s.append('[');
          for (int q = o[p]; q < o[p + 1]; q++) {
            if (q > o[p]) {
              s.append(',');
            }
            appendNode(s, n.element(), q);
          }
          s.append(']');
          break;
        }
        case MAP: {
          int[] o = n.offsets();
          s.append('[');
          for (int q = o[p]; q < o[p + 1]; q++) {
            if (q > o[p]) {
              s.append(',');
            }
            s.append("{\"key\":");
            appendNode(s, n.key(), q);
            s.append(",\"value\":");
            appendNode(s, n.value(), q);
            s.append('}');
          }
          s.append(']');
          break;
        }
        default: {
          s.append('{');
          boolean first = true;
          for (RecordNode c : n.children()) {
            if (!first) {
              s.append(',');
            }
            first = false;
            s.append(jsonString(c.name())).append(':');
            appendNode(s, c, p);
          }
          s.append('}');
          break;
        }
      }
    }
  }

  private static void flushQuietly(Writer w) {
    try {
      w.flush();
    } catch (IOException ignored) {
      // the error being reported matters more
    }
  }

  static void appendValue(StringBuilder s, ColumnBatch b, int row, boolean text) {
    if (b.isNull(row)) {
      s.append("null");
      return;
    }
    appendLeaf(s, b, row, text);
  }

  /** Value {@code row} of the batch's value arrays (not null). */
  static void appendLeaf(StringBuilder s, ColumnBatch b, int row, boolean text) {
    switch (b.type()) {
      case BOOLEAN:
        s.append(b.booleans()[row]);
        break;
      case INT32:
        s.append(b.ints()[row]);
        break;
      case INT64:
        s.append(b.longs()[row]);
        break;
      case FLOAT: {
        float f = b.floats()[row];
        if (Float.isNaN(f) || Float.isInfinite(f)) {
          s.append('"').append(f).append('"');
        } else {
          s.append(f);
        }
        break;
      }
      case DOUBLE: {
        double d = b.doubles()[row];
        if (Double.isNaN(d) || Double.isInfinite(d)) {
          s.append('"').append(d).append('"');
        } else {
          s.append(d);
        }
        break;
      }
      default: {
        BinaryBatch v = b.binaries();
        if (text) {
          s.append(jsonString(utf8(v.bytes(), v.offset(row), v.length(row))));
        } else {
          s.append("\"0x");
          byte[] bytes = v.bytes();
          for (int i = v.offset(row), end = i + v.length(row); i < end; i++) {
            s.append(Character.forDigit((bytes[i] >> 4) & 15, 16)).append(Character.forDigit(bytes[i] & 15, 16));
          }
          s.append('"');
        }
        break;
      }
    }
  }

  /** UTF-8 bytes as a string; malformed sequences become U+FFFD. */
  private static String utf8(byte[] b, int off, int len) {
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(java.nio.ByteBuffer.wrap(b, off, len)).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new IllegalStateException(e); // REPLACE never throws
    }
  }

  /** A JSON string literal: quotes, backslashes and control characters escaped. */
  static String jsonString(String v) {
    StringBuilder s = new StringBuilder(v.length() + 2).append('"');
    for (int i = 0; i < v.length(); i++) {
      char ch = v.charAt(i);
      switch (ch) {
        case '"':
          s.append("\\\"");
          break;
        case '\\':
          s.append("\\\\");
          break;
        case '\n':
          s.append("\\n");
          break;
        case '\r':
          s.append("\\r");
          break;
        case '\t':
          s.append("\\t");
          break;
        default:
          if (ch < 0x20) {
            s.append(String.format("\\u%04x", (int) ch));
          } else {
            s.append(ch);
          }
      }
    }
    return s.append('"').toString();
  }
}
