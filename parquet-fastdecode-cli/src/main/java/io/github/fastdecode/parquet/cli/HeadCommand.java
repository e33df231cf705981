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

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code head [-n N] PATH... [--columns a,b] [--where EXPR] [--format json|csv] [--raw]}: the first records, as {@code cat} prints them. */
@Command(
    name = "head",
    mixinStandardHelpOptions = true,
    header = "Print the first records (10 unless -n says), as cat does.",
    description = "Print the first N records of the files taken in turn (not N per file), formatted as cat formats them.",
    footerHeading = "%n",
    footer = "Example: parquet-fastdecode head -n 5 data/ --format csv")
final class HeadCommand extends RowsCommand {
  @Option(names = {"-n", "--records"}, paramLabel = "N", defaultValue = "10",
      description = "How many records (default: ${DEFAULT-VALUE}).")
  long records;

  @Override
  String name() {
    return "head";
  }

  @Override
  void start(java.util.List<java.nio.file.Path> files) {
    super.start(files);
    if (records < 0) {
      throw new ParameterException(spec.commandLine(), "-n needs a count of 0 or more, not " + records);
    }
  }

  @Override
  long limit() {
    return records;
  }
}
