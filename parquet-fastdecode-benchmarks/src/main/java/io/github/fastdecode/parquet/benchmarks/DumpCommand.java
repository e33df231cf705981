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

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;

/**
 * {@code dump FILE [--columns a,b] [--verbose]}: the file's values, read with this library, as JSON
 * Lines: one object per record, keys the leaf column paths joined with {@code .} in schema order.
 * Values by physical type, no logical conversion: booleans, integers (signed physical value),
 * floating point as numbers or {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}; byte arrays
 * as strings for STRING, ENUM and JSON columns, else {@code "0x"} and lowercase hex; null as null.
 *
 * <p>Exit status: 0 done, 1 the file could not be read (one line on stderr naming the file, column,
 * row group and page), 2 a bad command line or a repeated (nested) column.
 */
final class DumpCommand {
  static final int OK = 0;
  static final int READ_FAILED = 1;
  static final int USAGE = 2;

  private DumpCommand() {}

  static void main(List<String> args) {
    int status = run(args, System.out, System.err);
    System.out.flush();
    if (status != OK) {
      System.exit(status);
    }
  }

  static int run(List<String> args, PrintStream out, PrintStream err) {
    CommandLine cl;
    try {
      cl = CommandLine.parse("dump", args, false);
    } catch (CommandLine.UsageException e) {
      err.println(e.getMessage());
      return USAGE;
    }
    if (!Files.isRegularFile(cl.file)) {
      err.println("dump: " + cl.file + ": no such file");
      return READ_FAILED;
    }
    Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(cl.file), schemaOrder(cl))) {
      List<ColumnDescriptor> columns = reader.columns();
      String[] keys = new String[columns.size()];
      boolean[] text = new boolean[columns.size()];
      for (int c = 0; c < keys.length; c++) {
        keys[c] = jsonString(String.join(".", columns.get(c).getPath())) + ":";
        LogicalTypeAnnotation logical = columns.get(c).getPrimitiveType().getLogicalTypeAnnotation();
        text[c] = logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
            || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
      }
      ColumnBatch[] batches = reader.newBatches(4096, ColumnBatch.Layout.ROW_POSITIONS);
      StringBuilder line = new StringBuilder(256);
      int rows;
      while ((rows = reader.nextBatch(batches)) > 0) {
        for (int r = 0; r < rows; r++) {
          line.setLength(0);
          line.append('{');
          for (int c = 0; c < keys.length; c++) {
            if (c > 0) {
              line.append(',');
            }
            line.append(keys[c]);
            appendValue(line, batches[c], r, text[c]);
          }
          line.append("}\n");
          w.append(line);
        }
      }
      w.flush();
      return OK;
    } catch (IllegalArgumentException e) {
      flushQuietly(w);
      // Unknown or repeated column: the schema is not something dump reads.
      err.println("dump: " + cl.file + ": " + e.getMessage());
      return USAGE;
    } catch (Exception e) {
      flushQuietly(w);
      err.println("dump: " + cl.file + ": " + e.getMessage());
      if (cl.verbose) {
        e.printStackTrace(err);
      }
      return READ_FAILED;
    }
  }

  /** The chosen columns in schema order (the keys' order), or null for all. */
  private static List<String> schemaOrder(CommandLine cl) throws IOException {
    if (cl.columns == null) {
      return null;
    }
    MessageType schema;
    try (org.apache.parquet.hadoop.ParquetFileReader r = org.apache.parquet.hadoop.ParquetFileReader.open(new LocalInputFile(cl.file))) {
      schema = r.getFooter().getFileMetaData().getSchema();
    }
    ParquetBatchReader.choose(schema, cl.columns); // names an unknown column
    List<String> ordered = new ArrayList<>();
    for (ColumnDescriptor c : schema.getColumns()) {
      String name = String.join(".", c.getPath());
      if (cl.columns.contains(name)) {
        ordered.add(name);
      }
    }
    return ordered;
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
