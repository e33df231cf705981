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
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/** Opening files: the footer, and readers, with read options that need no Hadoop configuration. */
final class ParquetFiles {
  private ParquetFiles() {}

  /**
   * parquet-hadoop's read options on a plain configuration: parsing Hadoop's XML defaults would
   * cost each file several milliseconds and pull Hadoop's configuration classes into the jar.
   */
  static ParquetReadOptions options() {
    return ParquetReadOptions.builder(new PlainParquetConfiguration()).build();
  }

  /** The footer of {@code file}; one that parquet-hadoop cannot read is a one-line {@link BadFooter}. */
  static ParquetMetadata footer(Path file) throws BadFooter {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file), options())) {
      return r.getFooter();
    } catch (Exception | StackOverflowError e) {
      throw new BadFooter(e);
    }
  }

  /** A reader of the named columns (top-level fields or leaf paths; null: all), for {@link ParquetBatchReader}'s scans. */
  static ParquetBatchReader open(Path file, List<String> columns) throws IOException {
    return ParquetBatchReader.open(new LocalInputFile(file), columns, options());
  }

  /**
   * A reader of the named columns that hands over only the rows {@code filter} keeps (null: every
   * row), testing them row by row as parquet-java's record filter would.
   */
  static ParquetBatchReader open(Path file, List<String> columns, FilterPredicate filter) throws IOException {
    if (filter == null) {
      return open(file, columns);
    }
    ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
        .withRecordFilter(FilterCompat.get(filter)).useRecordFilter(true).build();
    return ParquetBatchReader.open(new LocalInputFile(file), columns, options);
  }

  /** A footer that could not be read; the message says so in words. */
  static final class BadFooter extends Exception {
    private static final long serialVersionUID = 1L;

    BadFooter(Throwable cause) {
      super("cannot read its footer: " + Messages.oneLine(cause), cause);
    }
  }

  static String path(ColumnDescriptor c) {
    return String.join(".", c.getPath());
  }

  /** The file's leaf columns by path. */
  static List<String> leafPaths(MessageType schema) {
    List<String> names = new ArrayList<>();
    schema.getColumns().forEach(c -> names.add(path(c)));
    return names;
  }

  /**
   * The leaf named {@code name} (its path joined with '.'); an unknown one is a {@link
   * FileCommand.UsageProblem} listing the columns.
   */
  static ColumnDescriptor leaf(MessageType schema, String name) {
    for (ColumnDescriptor c : schema.getColumns()) {
      if (path(c).equals(name)) {
        return c;
      }
    }
    throw new FileCommand.UsageProblem("no column '" + name + "'; its columns are " + String.join(", ", leafPaths(schema)));
  }
}
