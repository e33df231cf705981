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

import java.nio.file.Path;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code schema PATH... [--spark]}: the Parquet schema, with logical types, as parquet-java prints
 * it; or the Spark SQL type Spark 4 reads each top-level field as ({@link SparkTypes}).
 */
@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    header = "Print the Parquet schema, with logical types.",
    description = "Print each file's Parquet schema as parquet-java writes it: repetition, physical type, name,"
        + " logical type in parentheses, field ids as '= N'.",
    footerHeading = "%n",
    footer = {"Examples:", "  parquet-fastdecode schema data/part-0.parquet", "  parquet-fastdecode schema --spark data/"})
final class SchemaCommand extends PathsCommand {
  @Option(names = "--spark", description = "Print the Spark SQL type Spark 4 reads each top-level field as (name: type, 'not null'"
      + " when required, or the error condition of a type Spark refuses), with Spark's default settings.")
  boolean spark;

  @Override
  String name() {
    return "schema";
  }

  @Override
  void runFile(Path file, boolean several) throws Exception {
    MessageType message = ParquetFiles.footer(file).getFileMetaData().getSchema();
    header(file, several);
    if (spark) {
      StringBuilder s = new StringBuilder();
      for (Type field : message.getFields()) {
        s.append(SparkTypes.describe(field)).append('\n');
      }
      out().print(s);
      return;
    }
    String schema = message.toString();
    out().print(schema.endsWith("\n") ? schema : schema + "\n");
  }
}
