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
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import io.github.fastdecode.parquet.cli.FileCommandsTest.Result;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cat}'s JSON Lines against pyarrow's values ({@code read_table(f).to_pylist()}) on every
 * parquet-testing file pyarrow reads and on {@link CatTestFiles}, value for value. The expectations
 * are checked in under {@code src/test/resources/.../cli/pyarrow/} (the first rows of each file),
 * written by {@code src/test/python/regenerate.sh}; {@code cat_expectations.py} there says how each
 * pyarrow value is rendered as {@code cat} prints it. The comparison rules:
 * <ul>
 *   <li>objects: the same keys in the same order; arrays: the same length; strings, booleans and
 *       nulls: equal;
 *   <li>numbers at a path the expectation lists under {@code floats}: equal as a {@code float}
 *       (float32 and FLOAT16 columns; pyarrow's value is the float widened to a double) or as a
 *       {@code double}, compared with {@code Float.compare}/{@code Double.compare}, so -0.0 is not
 *       0.0 (Python and Java print different digits for the same double: 1e-05, 1.0E-5);
 *   <li>every other number (integers, decimals): the same text, so a decimal keeps its scale;
 *   <li>an expected {@code {"not compared": why}} (INT96 beyond Spark's microsecond range) matches
 *       anything; the test prints how many.
 * </ul>
 * Where cat and pyarrow differ by design, the expectation already holds cat's value and the
 * script's docstring says why (INT96 as a UTC instant, ENUM as text).
 */
class CatPyarrowTest {
  private static final String EXPECTATIONS = "/io/github/fastdecode/parquet/cli/pyarrow/";
  private static final Path TESTING = Path.of(System.getProperty("parquet.testing.dir", "../../shared/parquet-testing"), "data");

  @TempDir
  static Path generated;

  @BeforeAll
  static void writeFiles() throws IOException {
    CatTestFiles.writeAll(generated);
  }

  private static List<String> resourceLines(String name) throws IOException {
    try (InputStream in = CatPyarrowTest.class.getResourceAsStream(EXPECTATIONS + name)) {
      if (in == null) {
        throw new IOException("no test resource " + EXPECTATIONS + name + "; run src/test/python/regenerate.sh");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().collect(Collectors.toList());
    }
  }

  @TestFactory
  Stream<DynamicTest> catPrintsPyarrowsValues() throws IOException {
    return resourceLines("index.txt").stream().filter(s -> !s.isBlank())
        .map(name -> DynamicTest.dynamicTest(name, () -> compareFile(name)));
  }

  @Test
  void everyTestFileIsComparedOrSkippedWithAReason() throws IOException {
    Set<String> listed = new TreeSet<>();
    for (String name : resourceLines("index.txt")) {
      if (!name.isBlank()) {
        listed.add(resourceLines(name).get(1).substring("file ".length()));
      }
    }
    for (String line : resourceLines("skipped.txt")) {
      if (!line.isBlank()) {
        int colon = line.indexOf(": ");
        assertTrue(colon > 0 && line.length() > colon + 2, "a skipped file without a reason: " + line);
        listed.add(line.substring(0, colon));
      }
    }
    List<String> missing = new ArrayList<>();
    for (Path f : CatTestFiles.writeAll(generated.resolve("again"))) {
      if (!listed.contains("generated/" + f.getFileName())) {
        missing.add("generated/" + f.getFileName());
      }
    }
    if (Files.isDirectory(TESTING)) {
      try (Stream<Path> files = Files.list(TESTING)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".parquet")).sorted().collect(Collectors.toList())) {
          if (!listed.contains("parquet-testing/" + f.getFileName())) {
            missing.add("parquet-testing/" + f.getFileName());
          }
        }
      }
    }
    assertEquals(List.of(), missing, "files with no expectation and no reason to skip them: run src/test/python/regenerate.sh");
  }

  private static void compareFile(String name) throws IOException {
    List<String> lines = resourceLines(name);
    String label = lines.get(1).substring("file ".length());
    Path file;
    if (label.startsWith("parquet-testing/")) {
      file = TESTING.resolve(label.substring("parquet-testing/".length()));
      assumeTrue(Files.isRegularFile(file), "no parquet-testing at " + TESTING);
    } else {
      file = generated.resolve(label.substring("generated/".length()));
    }
    int shown = Integer.parseInt(lines.get(2).split(" ")[1]);
    Map<String, String> floats = new HashMap<>();
    for (String f : lines.get(3).substring("floats".length()).trim().split(" ")) {
      if (!f.isEmpty()) {
        floats.put(f.substring(0, f.lastIndexOf('=')), f.substring(f.lastIndexOf('=') + 1));
      }
    }
    List<String> expected = lines.subList(4, lines.size());
    assertEquals(shown, expected.size(), name);
    Result r = FileCommandsTest.run("head", "-n", Integer.toString(shown), file.toString());
    assertEquals(0, r.status, r.err);
    assertEquals("", r.err);
    List<String> actual = r.out.lines().collect(Collectors.toList());
    assertEquals(shown, actual.size(), label + ": rows printed");
    int[] notCompared = {0};
    for (int row = 0; row < shown; row++) {
      JsonElement e = JsonParser.parseString(expected.get(row));
      JsonElement a = JsonParser.parseString(actual.get(row));
      String where = compare(e, a, "", floats, notCompared);
      if (where != null) {
        fail(label + ", row " + row + ", " + where + "\n  pyarrow: " + expected.get(row) + "\n  cat:     " + actual.get(row));
      }
    }
    System.out.println(label + ": " + shown + " rows equal" + (notCompared[0] > 0 ? ", " + notCompared[0] + " INT96 values not compared" : ""));
  }

  /** Null when {@code a} matches {@code e} by the class comment's rules, else where and how it differs. */
  static String compare(JsonElement e, JsonElement a, String path, Map<String, String> floats, int[] notCompared) {
    if (e.isJsonObject() && e.getAsJsonObject().size() == 1 && e.getAsJsonObject().has("not compared")) {
      notCompared[0]++;
      return null;
    }
    String at = (path.isEmpty() ? "(record)" : path) + ": expected " + e + ", got " + a;
    if (e.isJsonNull() || a.isJsonNull()) {
      return e.isJsonNull() && a.isJsonNull() ? null : at;
    }
    if (e.isJsonArray()) {
      if (!a.isJsonArray() || a.getAsJsonArray().size() != e.getAsJsonArray().size()) {
        return at;
      }
      JsonArray ea = e.getAsJsonArray();
      JsonArray aa = a.getAsJsonArray();
      for (int i = 0; i < ea.size(); i++) {
        String d = compare(ea.get(i), aa.get(i), path + ".[]", floats, notCompared);
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    if (e.isJsonObject()) {
      if (!a.isJsonObject() || !new ArrayList<>(a.getAsJsonObject().keySet()).equals(new ArrayList<>(e.getAsJsonObject().keySet()))) {
        return at;
      }
      JsonObject eo = e.getAsJsonObject();
      for (String key : eo.keySet()) {
        String d = compare(eo.get(key), a.getAsJsonObject().get(key), path.isEmpty() ? key : path + "." + key, floats, notCompared);
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    JsonPrimitive ep = e.getAsJsonPrimitive();
    if (!a.isJsonPrimitive()) {
      return at;
    }
    JsonPrimitive ap = a.getAsJsonPrimitive();
    if (ep.isNumber()) {
      if (!ap.isNumber()) {
        return at;
      }
      String kind = floats.get(path);
      boolean same;
      if ("float32".equals(kind)) {
        same = Float.compare((float) Double.parseDouble(ep.getAsString()), Float.parseFloat(ap.getAsString())) == 0;
      } else if ("float64".equals(kind)) {
        same = Double.compare(Double.parseDouble(ep.getAsString()), Double.parseDouble(ap.getAsString())) == 0;
      } else {
        same = ep.getAsString().equals(ap.getAsString());
      }
      return same ? null : at;
    }
    if (ep.isBoolean() != ap.isBoolean() || ep.isString() != ap.isString()) {
      return at;
    }
    return ep.getAsString().equals(ap.getAsString()) ? null : at;
  }
}
