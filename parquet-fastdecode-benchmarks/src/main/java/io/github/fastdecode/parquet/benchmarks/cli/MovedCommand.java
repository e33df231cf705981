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
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * A command that moved to the parquet-fastdecode tool ({@code parquet-fastdecode-cli}): {@code dump}
 * and {@code scan}, kept out of the command list but known, so that a user of the old name is told
 * in one line where it went rather than that it does not exist. Exit status 2: nothing ran.
 */
@Command(hidden = true, mixinStandardHelpOptions = false)
final class MovedCommand implements Callable<Integer> {
  /** The commands that moved, and what to run instead. */
  static final List<String[]> MOVED = List.of(
      new String[] {"dump", "parquet-fastdecode cat --raw"},
      new String[] {"scan", "parquet-fastdecode scan"});

  private final String name;
  private final String instead;
  private final PrintStream err;

  @Unmatched
  List<String> ignored;

  MovedCommand(String name, String instead, PrintStream err) {
    this.name = name;
    this.instead = instead;
    this.err = err;
  }

  /** Adds every moved command to {@code cl}. */
  static void addTo(CommandLine cl, PrintStream err) {
    for (String[] m : MOVED) {
      cl.addSubcommand(m[0], new CommandLine(new MovedCommand(m[0], m[1], err)));
    }
  }

  @Override
  public Integer call() {
    err.println(name + ": moved to the parquet-fastdecode tool: run '" + instead + " FILE' (its jar is"
        + " parquet-fastdecode-cli/target/parquet-fastdecode-cli.jar; docs/cli.md)");
    return Main.USAGE;
  }
}
