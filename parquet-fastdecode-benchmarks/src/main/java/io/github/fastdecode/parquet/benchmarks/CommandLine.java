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

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The arguments shared by the file commands: {@code FILE [--columns a,b] [--verbose] [--repeat N]}. */
final class CommandLine {
  /** Thrown for a malformed command line; the message is the one line to print. */
  static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  Path file;
  /** Null: every column. */
  List<String> columns;
  boolean verbose;
  int repeat = 1;

  static CommandLine parse(String command, List<String> args, boolean allowRepeat) throws UsageException {
    CommandLine c = new CommandLine();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      switch (a) {
        case "--columns":
          if (++i == args.size() || args.get(i).isEmpty()) {
            throw new UsageException(command + ": --columns needs a comma-separated list of column paths");
          }
          c.columns = new ArrayList<>(Arrays.asList(args.get(i).split(",")));
          break;
        case "--verbose":
          c.verbose = true;
          break;
        case "--repeat":
          if (!allowRepeat || ++i == args.size()) {
            throw new UsageException(command + ": " + (allowRepeat ? "--repeat needs a count" : "unknown option --repeat"));
          }
          try {
            c.repeat = Integer.parseInt(args.get(i));
          } catch (NumberFormatException e) {
            c.repeat = 0;
          }
          if (c.repeat < 1) {
            throw new UsageException(command + ": --repeat needs a positive count, not " + args.get(i));
          }
          break;
        default:
          if (a.startsWith("--") || c.file != null) {
            throw new UsageException(command + ": unexpected argument " + a);
          }
          c.file = Path.of(a);
      }
    }
    if (c.file == null) {
      throw new UsageException("usage: " + command + " FILE [--columns a,b]" + (allowRepeat ? " [--repeat N]" : "") + " [--verbose]");
    }
    return c;
  }
}
