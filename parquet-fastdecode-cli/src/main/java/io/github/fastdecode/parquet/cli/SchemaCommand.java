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
import picocli.CommandLine.Command;

/** {@code schema PATH...}: the Parquet schema, with logical types, as parquet-java prints it. */
@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    header = "Print the Parquet schema, with logical types.",
    description = "Print each file's Parquet schema as parquet-java writes it: repetition, physical type, name,"
        + " logical type in parentheses, field ids as '= N'.",
    footerHeading = "%n",
    footer = "Example: parquet-fastdecode schema data/part-0.parquet")
final class SchemaCommand extends PathsCommand {
  @Override
  String name() {
    return "schema";
  }

  @Override
  void runFile(Path file, boolean several) throws Exception {
    String schema = ParquetFiles.footer(file).getFileMetaData().getSchema().toString();
    header(file, several);
    out().print(schema.endsWith("\n") ? schema : schema + "\n");
  }
}
