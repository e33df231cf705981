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

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The tool's entry point, {@code parquet-fastdecode COMMAND ...} (the launcher script) or {@code
 * java -jar parquet-fastdecode-cli.jar COMMAND ...}: picocli parses, each command reads its files
 * with parquet-fastdecode. Every failure is one line on stderr naming the file (and the column, row
 * group and page where they apply); exit status 0 done, 1 bad data, 2 bad command line.
 */
@Command(
    name = Main.NAME,
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    sortOptions = false,
    description = {
      "Look into Parquet files with parquet-fastdecode: schema, footer, pages, dictionaries, values, checks.",
      "Every command takes files, directories (Spark/Hive output: _SUCCESS, *.crc and names starting with"
          + " '_' or '.' are skipped) and globs ('data/*.parquet', quoted so the shell leaves it alone)."
    },
    commandListHeading = "%nCommands:%n",
    subcommands = {
      SchemaCommand.class, MetaCommand.class, PagesCommand.class, DictionaryCommand.class, CatCommand.class,
      HeadCommand.class, CheckCommand.class, ScanCommand.class, HelpCommand.class
    },
    footerHeading = "%n",
    footer = "Each command has --help. Exit status: 0 done, 1 bad data (a file that cannot be read, a corrupt page),"
        + " 2 bad command line (an unknown option or column, a path that names no file).")
public final class Main implements Runnable {
  static final String NAME = "parquet-fastdecode";

  /** Exit statuses of every command. */
  static final int OK = 0;
  static final int BAD_DATA = 1;
  static final int USAGE = 2;

  @Spec
  CommandSpec spec;

  /** Where commands print: the process's streams, or a test's. */
  final PrintStream out;
  final PrintStream err;

  Main(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
    int status = run(args, out, System.err);
    out.flush();
    System.err.flush();
    System.exit(status);
  }

  /** Runs the command line {@code args}, printing to {@code out} and {@code err}; returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    Main main = new Main(out, err);
    CommandLine cl = new CommandLine(main);
    cl.setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true));
    cl.setErr(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true));
    cl.setParameterExceptionHandler(Main::usageError);
    cl.setExecutionExceptionHandler((e, command, parseResult) -> {
      // Commands report what they expect themselves, per file; this is what none expected.
      command.getErr().println(command.getCommandName() + ": " + Messages.oneLine(e));
      return BAD_DATA;
    });
    try {
      return cl.execute(args);
    } catch (RuntimeException | LinkageError | StackOverflowError | OutOfMemoryError e) {
      // What escaped the handlers above (an error in picocli's own reporting): still one line.
      err.println(NAME + ": " + Messages.oneLine(e));
      return BAD_DATA;
    }
  }

  /** No command: the help, and exit 2 (a command was expected). */
  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "missing command; the commands are schema, meta, pages,"
        + " dictionary, cat, head, check, scan");
  }

  /** A bad command line: one line naming the command and what is wrong, then where help is. */
  private static int usageError(ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    String qualified = command.getCommandSpec().qualifiedName();
    String name = qualified.substring(Math.min(NAME.length(), qualified.length())).strip();
    String message = lowerFirst(Messages.oneLine(e));
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      // picocli lists every argument after the first it could not place; the first is the mistake.
      String first = u.getUnmatched().get(0);
      message = (first.startsWith("-") ? "unknown option '" : name.isEmpty() ? "unknown command '" : "unexpected argument '")
          + first + "'";
      List<String> suggestions = u.getSuggestions();
      if (!suggestions.isEmpty()) {
        message += " (did you mean " + String.join(" or ", suggestions) + "?)";
      }
    }
    // One line, as every error: what is wrong, then where help is.
    err.println((name.isEmpty() ? NAME : name) + ": " + message + " (see " + qualified + " --help)");
    return USAGE;
  }

  private static String lowerFirst(String s) {
    return s.isEmpty() || (s.length() > 1 && Character.isUpperCase(s.charAt(1)))
        ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }

  /** {@code --version}: this jar's version and the parquet-java it ships. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      Properties p = new Properties();
      try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      }
      return new String[] {
        NAME + " " + p.getProperty("version", "(unknown version)") + ", with parquet-java " + p.getProperty("parquet.version", "?"),
        "running on Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
      };
    }
  }
}
