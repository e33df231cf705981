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
package io.github.fastdecode.parquet.arrow;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** One expectation file that {@code src/test/python/pyarrow_expectations.py} wrote: what pyarrow read. */
final class PyarrowExpectation {
  static final String DIR = "/io/github/fastdecode/parquet/arrow/pyarrow/";

  /** A field: its canonical text, the hash of all its values, and the rows shown. */
  static final class Column {
    final String field;
    String sha256;
    final Map<Integer, String> rows = new LinkedHashMap<>();

    Column(String field) {
      this.field = field;
    }
  }

  String pyarrowVersion;
  String file;
  List<String> dictionary = List.of();
  /** pyarrow's read options, {@code binary_type=...} and {@code list_type=...}. */
  List<String> options = List.of();
  long rows = -1;
  final List<Column> columns = new ArrayList<>();

  /** The expectation files the generator listed. */
  static List<String> index() throws IOException {
    List<String> names = new ArrayList<>();
    try (BufferedReader r = open("index.txt")) {
      for (String line; (line = r.readLine()) != null; ) {
        if (!line.isBlank()) {
          names.add(line.strip());
        }
      }
    }
    return names;
  }

  static PyarrowExpectation load(String name) throws IOException {
    PyarrowExpectation e = new PyarrowExpectation();
    try (BufferedReader r = open(name)) {
      Column current = null;
      for (String line; (line = r.readLine()) != null; ) {
        if (line.startsWith("# pyarrow ")) {
          e.pyarrowVersion = line.split(" ")[2];
        } else if (line.startsWith("file ")) {
          e.file = line.substring(5);
        } else if (line.startsWith("dictionary ")) {
          e.dictionary = List.of(line.substring(11).split(","));
        } else if (line.startsWith("options ")) {
          e.options = List.of(line.substring(8).split(","));
        } else if (line.startsWith("rows ")) {
          e.rows = Long.parseLong(line.substring(5));
        } else if (line.startsWith("field ")) {
          current = new Column(line.substring(6));
          e.columns.add(current);
        } else if (line.startsWith("sha256 ")) {
          Objects.requireNonNull(current, "sha256 before field").sha256 = line.substring(7);
        } else if (line.startsWith("row ")) {
          int space = line.indexOf(' ', 4);
          Objects.requireNonNull(current, "row before field").rows.put(Integer.parseInt(line.substring(4, space)), line.substring(space + 1));
        } else if (!line.isBlank()) {
          throw new IOException(name + ": cannot parse " + line);
        }
      }
    }
    if (e.file == null || e.rows < 0 || e.pyarrowVersion == null) {
      throw new IOException(name + " is incomplete");
    }
    return e;
  }

  private static BufferedReader open(String name) throws IOException {
    InputStream in = PyarrowExpectation.class.getResourceAsStream(DIR + name);
    if (in == null) {
      throw new IOException("no resource " + DIR + name + ": run src/test/python/regenerate.sh");
    }
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
  }
}
