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

/** {@code cat PATH... [--columns a,b] [--where EXPR] [--format json|csv] [--raw]}: every record of every file. */
@Command(
    name = "cat",
    mixinStandardHelpOptions = true,
    header = "Print the records as JSON Lines or CSV, logical values by default.",
    description = {
      "Print every record of each file in turn, one line each: JSON Lines (keys the top-level fields; structs as"
          + " objects, lists as arrays, maps as arrays of {\"key\": ..., \"value\": ...}) or CSV.",
      "Values are logical: decimals exact (1.23), dates 2024-01-02, timestamps ISO-8601 with their unit's digits"
          + " and Z when adjusted to UTC, INT96 as a UTC timestamp, unsigned integers unsigned, UUIDs 8-4-4-4-12,"
          + " FLOAT16 as a number, intervals P1M2DT0.003S, strings as text, other binary as base64, NaN and"
          + " infinities as strings. --raw prints the physical values instead."
    },
    footerHeading = "%n",
    footer = {
      "Examples:",
      "  parquet-fastdecode cat data/part-0.parquet",
      "  parquet-fastdecode cat 'out/*.parquet' --columns name,id --format csv",
      "  parquet-fastdecode cat out/ --where \"day >= '2024-01-01' and name like 'a%'\""
    })
final class CatCommand extends RowsCommand {
  @Override
  String name() {
    return "cat";
  }

  @Override
  long limit() {
    return Long.MAX_VALUE;
  }
}
