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

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The arguments of the file commands, {@code FILE [--columns a,b]}, and what they share in reading them. */
final class FileArguments {
  @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file.")
  Path file;

  @Option(names = "--columns", split = ",", paramLabel = "COLUMN",
      description = "Only these columns, comma-separated; a nested column's path is joined with '.' (a.b.c).")
  List<String> columns;

  /** The file's schema, from its footer; a footer parquet-hadoop cannot read is a {@link CorruptFooter}. */
  MessageType schema() throws CorruptFooter {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getFileMetaData().getSchema();
    } catch (Exception e) {
      throw new CorruptFooter(e);
    }
  }

  /** A footer that could not be read; the message says so in words. */
  static final class CorruptFooter extends Exception {
    private static final long serialVersionUID = 1L;

    CorruptFooter(Exception cause) {
      super("cannot read its footer: " + Messages.oneLine(cause), cause);
    }
  }

  /**
   * The leaf columns {@code --columns} names, in schema order, or every leaf when it names none; an
   * unknown name is an {@link IllegalArgumentException} whose message lists the file's columns.
   */
  List<ColumnDescriptor> chosen(MessageType schema) {
    List<ColumnDescriptor> all = schema.getColumns();
    if (columns == null) {
      return all;
    }
    List<String> known = new ArrayList<>();
    all.forEach(c -> known.add(path(c)));
    for (String name : columns) {
      if (!known.contains(name)) {
        throw new IllegalArgumentException("no column '" + name + "'; its columns are " + String.join(", ", known));
      }
    }
    List<ColumnDescriptor> chosen = new ArrayList<>();
    for (ColumnDescriptor c : all) {
      if (columns.contains(path(c))) {
        chosen.add(c);
      }
    }
    return chosen;
  }

  /** As {@link #chosen}, by path; null when {@code --columns} names none (every column). */
  List<String> chosenInSchemaOrder(MessageType schema) {
    List<ColumnDescriptor> chosen = chosen(schema);
    if (columns == null) {
      return null;
    }
    List<String> names = new ArrayList<>();
    chosen.forEach(c -> names.add(path(c)));
    return names;
  }

  static String path(ColumnDescriptor c) {
    return String.join(".", c.getPath());
  }

  /** Prints {@code prefix} and the failure in one line (and its stack trace when verbose); returns exit 1. */
  static int failed(String prefix, Exception e, boolean verbose, PrintStream err) {
    err.println(prefix + Messages.oneLine(e));
    if (verbose) {
      e.printStackTrace(err);
    }
    return Main.FAILED;
  }
}
