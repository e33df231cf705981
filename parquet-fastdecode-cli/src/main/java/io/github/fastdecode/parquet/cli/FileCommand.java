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

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * What the commands share: the paths they take, one file after another, and how a failure is
 * told. A file that cannot be read is one line on stderr ({@code COMMAND: FILE: what}) and the
 * command goes on with the next file, ending with exit 1; a bad command line found on the way (an
 * unknown column) stops it with exit 2.
 */
abstract class FileCommand implements Callable<Integer> {
  @ParentCommand
  Main main;

  /**
   * Inputs that take longer than this get progress lines on stderr: 2 s, or the system property
   * {@code parquet-fastdecode.progress.millis} (tests that compare stderr turn it off with a large value).
   */
  final long progressAfterNanos = Long.getLong("parquet-fastdecode.progress.millis", 2000) * 1_000_000L;

  @Spec
  CommandSpec spec;

  /** The PATH arguments. */
  abstract List<String> paths();

  /** A problem with the command line found while reading a file (an unknown column): exit 2. */
  static final class UsageProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageProblem(String message) {
      super(message);
    }
  }

  /** Bad data already reported by the command (one line per problem): the file's status is 1. */
  static final class Reported extends Exception {
    private static final long serialVersionUID = 1L;
  }

  /** The command's name, as its messages start. */
  abstract String name();

  /** Does the command's work on one file (which has passed {@link ParquetFileCheck}). */
  abstract void runFile(Path file, boolean several) throws Exception;

  /** Called before the first file; a command may check its options here (throwing ParameterException). */
  void start(List<Path> files) {}

  /** Called after the last file with the status so far; returns the status. */
  int finish(int status) {
    return status;
  }

  /** Whether the command stops before the remaining files (head, once it has printed its rows). */
  boolean done() {
    return false;
  }

  PrintStream out() {
    return main.out;
  }

  /** Before a file's output when there are several: which file it is (as head(1) does). */
  void header(Path file, boolean several) {
    if (several) {
      out().println("==> " + file + " <==");
    }
  }

  /** Reports a problem with {@code file} on one line. */
  void problem(Path file, String what) {
    out().flush();
    main.err.println(name() + ": " + file + ": " + what);
  }

  @Override
  public final Integer call() {
    List<Path> files = Inputs.files(paths(), spec);
    start(files);
    int status = Main.OK;
    long started = System.nanoTime();
    for (int i = 0; i < files.size(); i++) {
      Path file = files.get(i);
      if (done()) {
        break;
      }
      if (i > 0 && System.nanoTime() - started > progressAfterNanos) {
        // Progress on big inputs, on stderr so that the output stays clean.
        out().flush();
        main.err.println(name() + ": file " + (i + 1) + " of " + files.size() + ": " + file);
      }
      String check = ParquetFileCheck.problem(file);
      if (check != null) {
        problem(file, check);
        status = Main.BAD_DATA;
        continue;
      }
      try {
        runFile(file, files.size() > 1);
      } catch (UsageProblem e) {
        problem(file, e.getMessage());
        out().flush();
        return Main.USAGE;
      } catch (Reported e) {
        status = Main.BAD_DATA;
      } catch (Exception | StackOverflowError | OutOfMemoryError | LinkageError e) {
        // LinkageError: a class the jar left out (see the pom's filters) is still one line naming the file.
        problem(file, Messages.oneLine(e));
        status = Main.BAD_DATA;
      }
    }
    out().flush();
    return finish(status);
  }
}
