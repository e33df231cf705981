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
package io.github.fastdecode.parquet.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Failed benchmarks named in JMH console output. A failed benchmark leaves no trace in JMH's JSON,
 * so the report reads the log to list it: JMH prints {@code # VM version}, {@code # Benchmark} and
 * {@code # Parameters} headers before each benchmark, then {@code <failure>} and the exception, or
 * {@code <forked VM failed with exit code N>} when the fork died.
 */
public final class JmhLog {
  /** A benchmark that did not produce a result; {@code jdk} is 0 when the log does not say. */
  public record Failure(int jdk, String className, String method, Map<String, String> params, String reason, String source) {
    /** {@code Class.method}, the way the report names a benchmark. */
    public String benchmark() {
      return method.isEmpty() ? className : className + "." + method;
    }
  }

  /** Written by {@code runall} when JMH could not run a group at all; the report lists it as a failure. */
  public static final String RUNALL_FAILURE = "<runall: JMH run failed: ";

  private JmhLog() {}

  public static List<Failure> read(Path log) throws IOException {
    return parse(Files.readAllLines(log, StandardCharsets.UTF_8), log.getFileName().toString());
  }

  static List<Failure> parse(List<String> lines, String source) {
    List<Failure> failures = new ArrayList<>();
    int jdk = 0;
    String className = null;
    String method = "";
    Map<String, String> params = Map.of();
    boolean reported = false; // one entry per benchmark run even when a fork prints several markers
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.startsWith("# VM version: JDK ")) {
        String version = line.substring("# VM version: JDK ".length());
        int comma = version.indexOf(',');
        try {
          jdk = JmhResultFile.featureVersion(comma < 0 ? version : version.substring(0, comma));
        } catch (IllegalArgumentException e) {
          jdk = 0;
        }
      } else if (line.startsWith("# Benchmark: ")) {
        String benchmark = line.substring("# Benchmark: ".length()).strip();
        int lastDot = benchmark.lastIndexOf('.');
        String qualified = lastDot < 0 ? benchmark : benchmark.substring(0, lastDot);
        className = qualified.substring(qualified.lastIndexOf('.') + 1);
        method = lastDot < 0 ? "" : benchmark.substring(lastDot + 1);
        params = Map.of();
        reported = false;
      } else if (line.startsWith("# Parameters: (") && line.endsWith(")")) {
        params = parameters(line.substring("# Parameters: (".length(), line.length() - 1));
      } else if (line.endsWith("<failure>") && className != null && !reported) { // "# Warmup Iteration   1: <failure>"
        failures.add(new Failure(jdk, className, method, params, firstTextAfter(lines, i), source));
        reported = true;
      } else if (line.startsWith("<forked VM failed") && className != null && !reported) {
        failures.add(new Failure(jdk, className, method, params, line.substring(1, line.length() - 1), source));
        reported = true;
      } else if (line.startsWith(RUNALL_FAILURE)) {
        String what = line.substring(RUNALL_FAILURE.length(), line.length() - (line.endsWith(">") ? 1 : 0));
        failures.add(new Failure(jdk, "(JMH run)", "", Map.of(), what, source));
      }
    }
    return failures;
  }

  private static Map<String, String> parameters(String list) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String pair : list.split(", ")) {
      int eq = pair.indexOf(" = ");
      if (eq > 0) {
        out.put(pair.substring(0, eq), pair.substring(eq + 3));
      }
    }
    return Collections.unmodifiableMap(out);
  }

  private static String firstTextAfter(List<String> lines, int i) {
    for (int j = i + 1; j < lines.size() && j < i + 20; j++) {
      String s = lines.get(j).strip();
      if (!s.isEmpty()) {
        return s;
      }
    }
    return "failure (no message)";
  }
}
