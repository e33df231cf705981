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
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/**
 * The {@code PATH...} every command takes, and the files they name: a file is itself; a directory
 * is every file below it (a Spark or Hive output, partition directories included) except {@code
 * _SUCCESS}, {@code *.crc} and names starting with {@code _} or {@code .}, in path order; a path
 * that does not exist but has glob characters ({@code * ? [ {}) is matched as a glob (Java's
 * syntax: {@code *} within a directory, {@code **} across them). A path naming no file is a bad
 * command line (exit 2), not bad data.
 */
final class Inputs {
  @Parameters(index = "0..*", arity = "1..*", paramLabel = "PATH",
      description = "Parquet files, directories of them (Spark/Hive output) or globs.")
  List<String> paths;

  private final CommandSpec spec;

  /** For picocli, as a mixin. */
  Inputs() {
    this.spec = null;
  }

  private Inputs(CommandSpec spec) {
    this.spec = spec;
  }

  /** The files {@code paths} name, in order; a path that names none is a ParameterException of {@code spec}'s command. */
  static List<Path> files(List<String> paths, CommandSpec spec) {
    Inputs inputs = new Inputs(spec);
    List<Path> files = new ArrayList<>();
    for (String p : paths) {
      files.addAll(inputs.expand(p));
    }
    return files;
  }

  private List<Path> expand(String arg) {
    Path path = Paths.get(arg);
    if (Files.isDirectory(path)) {
      List<Path> found = walk(path, null);
      if (found.isEmpty()) {
        throw usage(arg + ": no Parquet files in the directory (_SUCCESS, *.crc and names starting with '_' or '.' are skipped)");
      }
      return found;
    }
    if (Files.exists(path) || !isGlob(arg)) {
      if (!Files.exists(path)) {
        throw usage(arg + ": no such file or directory");
      }
      return List.of(path);
    }
    Path base = globBase(arg);
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + arg);
    List<Path> found = Files.isDirectory(base) ? walk(base, matcher) : List.of();
    if (found.isEmpty()) {
      throw usage(arg + ": no file matches the pattern");
    }
    return found;
  }

  /** Files below {@code dir} that are data, in path order; with a matcher, only those it (or a directory above them) matches. */
  private static List<Path> walk(Path dir, PathMatcher matcher) {
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(Files::isRegularFile)
          .filter(f -> isData(dir, f))
          .filter(f -> matcher == null || matchesOrUnder(matcher, dir, f))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean matchesOrUnder(PathMatcher matcher, Path base, Path file) {
    for (Path p = file; p != null && !p.equals(base); p = p.getParent()) {
      if (matcher.matches(p)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code file} under {@code dir} is data: no part of its path below {@code dir} is a marker, checksum or hidden name. */
  static boolean isData(Path dir, Path file) {
    for (Path part : dir.relativize(file)) {
      String name = part.toString();
      if (name.startsWith("_") || name.startsWith(".")) {
        return false;
      }
    }
    return !file.getFileName().toString().endsWith(".crc");
  }

  static boolean isGlob(String arg) {
    return arg.indexOf('*') >= 0 || arg.indexOf('?') >= 0 || arg.indexOf('[') >= 0 || arg.indexOf('{') >= 0;
  }

  /** The directory a glob is matched below: its leading components without glob characters. */
  private static Path globBase(String arg) {
    String[] parts = arg.split("/", -1);
    StringBuilder base = new StringBuilder(arg.startsWith("/") ? "/" : "");
    for (int i = 0; i < parts.length - 1 && !isGlob(parts[i]); i++) {
      if (!parts[i].isEmpty()) {
        base.append(parts[i]).append('/');
      }
    }
    return base.length() == 0 ? Paths.get("") : Paths.get(base.toString());
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
