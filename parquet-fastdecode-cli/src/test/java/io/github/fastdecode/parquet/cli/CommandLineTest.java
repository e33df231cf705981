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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.cli.FileCommandsTest.Result;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tool's command line as a person meets it: help, version, typos, usage errors. */
class CommandLineTest {
  static final List<String> COMMANDS = List.of("schema", "meta", "pages", "dictionary", "cat", "head", "check", "scan");

  static Result run(String... args) {
    return FileCommandsTest.run(args[0], java.util.Arrays.copyOfRange(args, 1, args.length));
  }

  @Test
  void helpListsEveryCommand() {
    Result r = run("--help");
    assertEquals(0, r.status, r.err);
    assertTrue(r.out.startsWith("Usage: parquet-fastdecode"), r.out);
    for (String command : COMMANDS) {
      assertTrue(r.out.lines().anyMatch(l -> l.matches("\\s+" + command + "\\s+\\S.*")), command + " in " + r.out);
    }
    assertEquals(r.out, run("help").out);
  }

  @Test
  void everyCommandHasHelpWithAnExample() {
    for (String command : COMMANDS) {
      Result r = run(command, "--help");
      assertEquals(0, r.status, command + ": " + r.err);
      assertEquals("", r.err);
      assertTrue(r.out.contains("Usage: parquet-fastdecode " + command), r.out);
      assertTrue(r.out.contains("parquet-fastdecode " + command + " "), command + " has an example: " + r.out);
      assertEquals(r.out, run("help", command).out);
    }
  }

  @Test
  void versionNamesTheToolAndParquetJava() {
    Result r = run("--version");
    assertEquals(0, r.status, r.err);
    assertTrue(r.out.startsWith("parquet-fastdecode "), r.out);
    assertTrue(r.out.contains("with parquet-java 1."), r.out);
  }

  @Test
  void usageErrorsAreOneLineAndExitTwo() {
    Result typo = run("caat", "x.parquet");
    assertEquals(2, typo.status);
    assertEquals(List.of("parquet-fastdecode: unknown command 'caat' (did you mean cat or scan?) (see parquet-fastdecode --help)"),
        typo.err.lines().toList());
    Result none = run("cat");
    assertEquals(2, none.status);
    assertEquals(List.of("cat: missing required parameter: 'PATH' (see parquet-fastdecode cat --help)"), none.err.lines().toList());
    Result option = run("cat", "x.parquet", "--colums", "a");
    assertEquals(2, option.status);
    assertEquals(List.of("cat: unknown option '--colums' (did you mean --columns?) (see parquet-fastdecode cat --help)"),
        option.err.lines().toList());
    Result format = run("cat", "x.parquet", "--format", "xml");
    assertEquals(2, format.status);
    assertEquals(1, format.err.lines().count(), format.err);
    Result head = run("head", "-n", "-1", "x.parquet");
    assertEquals(2, head.status);
    Result dictionary = run("dictionary", "col");
    assertEquals(2, dictionary.status);
    assertEquals(1, dictionary.err.lines().count(), dictionary.err);
    Result nothing = FileCommandsTest.run("--verbose");
    assertEquals(2, nothing.status);
    assertEquals(1, nothing.err.lines().count(), nothing.err);
  }

  @Test
  void messagesLoseJavaClassNamesAndThriftDumps() {
    assertEquals("can not read FileMetaData: Required field 'version' was not found in serialized data!",
        Messages.clean("can not read class org.apache.parquet.format.FileMetaData: Required field 'version' was not found"
            + " in serialized data! Struct: org.apache.parquet.format.FileMetaData$FileMetaDataStandardScheme@1b2c3d4e"));
    assertEquals("column a.b.c not found in message schema",
        Messages.clean("column a.b.c not found in message schema {\n  optional int32 x;\n}"));
    assertEquals("column a.b.c, row group 0, page 1: bad", Messages.clean("column a.b.c, row group 0, page 1: bad"));
  }
}
