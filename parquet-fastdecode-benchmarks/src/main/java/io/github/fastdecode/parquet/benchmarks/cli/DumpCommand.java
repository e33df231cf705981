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
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dump FILE [--columns a,b] [--verbose]}: the file's values, read with this library, as JSON
 * Lines: one object per record, keys the leaf column paths joined with {@code .} in schema order.
 * Values by physical type, no logical conversion: booleans, integers (signed physical value),
 * floating point as numbers or {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}; byte arrays
 * as strings for STRING, ENUM and JSON columns, else {@code "0x"} and lowercase hex; null as null.
 *
 * <p>Exit status: 0 done, 1 the file could not be read (one line on stderr naming the file, and for
 * a corrupt page the column, row group and page), 2 a bad command line, an unknown column or a
 * repeated (nested) column.
 */
@Command(
    name = "dump",
    header = "Print a Parquet file's values as JSON Lines, read by fastdecode.",
    sortOptions = false,
    description = {
      "Print a Parquet file's values as JSON Lines, read with parquet-fastdecode: one object per row,"
          + " keys the column paths. Flat schemas (optional groups are fine, repeated fields are not).",
      "Values by physical type: integers as signed numbers, floating point as numbers or"
          + " \"NaN\"/\"Infinity\"/\"-Infinity\", byte arrays as strings for STRING/ENUM/JSON columns and"
          + " as \"0x...\" hex otherwise, null as null."
    },
    footerHeading = "%n",
    footer = "Exit status: 0 done, 1 the file cannot be read (one line naming file, column, row group and page),"
        + " 2 a bad command line, an unknown column or a repeated column.")
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
      chosen = input.chosenInSchemaOrder(schema);
    } catch (IllegalArgumentException e) {
      err.println(prefix + e.getMessage());
      return Main.USAGE;
    }
    for (ColumnDescriptor c : schema.getColumns()) {
      if (c.getMaxRepetitionLevel() > 0 && (chosen == null || chosen.contains(FileArguments.path(c)))) {
        err.println(prefix + "column " + FileArguments.path(c)
            + " is repeated: dump reads flat schemas (scan reads any; --columns can leave it out)");
        return Main.USAGE;
      }
    }
    Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(input.file), chosen)) {
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
      return Main.OK;
    } catch (Exception e) {
      flushQuietly(w);
      return FileArguments.failed(prefix, e, verbose, err);
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
