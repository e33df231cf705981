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
package io.github.fastdecode.parquet.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.ColumnEntries;
import io.github.fastdecode.parquet.conformance.FastDecodeColumns;
import io.github.fastdecode.parquet.conformance.ParquetJavaColumns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file of parquet-testing's data directory that the parquet-java on the class path reads: the column-chunk
 * reader gives the same entries (levels and values), and files with {@code *_expect.csv} give the
 * CSV's values.
 */
class ParquetTestingFilesTest {
  static Path dataDir() {
    return Path.of(System.getProperty("parquet.testing.dir", "../shared/parquet-testing")).resolve("data");
  }

  static Stream<String> files() throws IOException {
    Path dir = dataDir();
    if (!Files.isDirectory(dir)) {
      System.out.println("ParquetTestingFilesTest: " + dir.toAbsolutePath() + " is absent: skipped (set -Dparquet.testing.dir)");
      return Stream.of("<absent>");
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".parquet")).sorted().collect(Collectors.toList()).stream();
    }
  }

  @ParameterizedTest
  @MethodSource("files")
  void sameEntriesAsParquetJava(String name) throws IOException {
    Assumptions.assumeFalse(name.equals("<absent>"), "parquet-testing is absent");
    Path file = dataDir().resolve(name);
    Map<String, ColumnEntries> expected;
    try {
      expected = ParquetJavaColumns.read(file, null);
    } catch (Exception | LinkageError | AssertionError e) {
      // Only files parquet-java itself reads are in scope.
      Assumptions.abort("parquet-java " + org.apache.parquet.Version.VERSION_NUMBER + " cannot read " + name + ": " + e);
      return;
    }
    for (int batch : new int[] {1, 100, 4096}) {
      // Batches of 100 keep dictionary ids, so ids are checked on every file too.
      Map<String, ColumnEntries> ours = FastDecodeColumns.read(file, null, batch, ColumnBatch.Layout.DENSE, batch == 100);
      assertEquals(expected.keySet(), ours.keySet());
      for (String c : expected.keySet()) {
        ColumnEntries e = expected.get(c);
        ColumnEntries a = ours.get(c);
        boolean nested = false;
        for (int i = 0; i < e.size(); i++) {
          nested |= e.repetitionLevel(i) > 0;
        }
        for (int i = 0; i < Math.min(e.size(), a.size()); i++) {
          String where = name + " column " + c + " entry " + i + " (batch " + batch + ")";
          if (nested || a.repetitionLevel(i) > 0) {
            assertEquals(e.repetitionLevel(i), a.repetitionLevel(i), where + " repetition level");
            assertEquals(e.definitionLevel(i), a.definitionLevel(i), where + " definition level");
          }
          if (!ColumnEntries.same(e.value(i), a.value(i))) {
            throw new AssertionError(where + ": parquet-java has " + ColumnEntries.describe(e.value(i))
                + ", fastdecode has " + ColumnEntries.describe(a.value(i)));
          }
        }
        assertEquals(e.size(), a.size(), name + " column " + c + " entries");
      }
    }
    Path csv = dataDir().resolve(name.replace(".parquet", "_expect.csv"));
    if (Files.exists(csv)) {
      matchesCsv(file, csv, FastDecodeColumns.read(file, null, 333, ColumnBatch.Layout.ROW_POSITIONS));
      matchesCsv(file, csv, FastDecodeColumns.read(file, null, 333, ColumnBatch.Layout.ROW_POSITIONS, true));
    }
  }

  /** Columns match the CSV's by position; an empty unquoted field is a null. */
  private static void matchesCsv(Path file, Path csv, Map<String, ColumnEntries> ours) throws IOException {
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    List<String> header = parseCsvLine(lines.get(0));
    List<ColumnEntries> columns = new ArrayList<>(ours.values());
    assertEquals(header.size(), columns.size(), csv + ": columns");
    assertEquals(lines.size() - 1, columns.get(0).size(), csv + ": rows");
    for (int row = 1; row < lines.size(); row++) {
      List<String> fields = parseCsvLine(lines.get(row));
      for (int c = 0; c < columns.size(); c++) {
        Object v = columns.get(c).value(row - 1);
        String actual = v == null ? null : v instanceof byte[] ? new String((byte[]) v, StandardCharsets.UTF_8) : v.toString();
        assertEquals(fields.get(c), actual, file.getFileName() + " row " + (row - 1) + " column " + header.get(c).trim());
      }
    }
    assertTrue(lines.size() > 1);
  }

  /** Splits one CSV line: quoted fields may hold commas and doubled quotes; an empty unquoted field is null. */
  static List<String> parseCsvLine(String line) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (true) {
      if (i < line.length() && line.charAt(i) == '"') {
        StringBuilder s = new StringBuilder();
        i++;
        while (true) {
          char ch = line.charAt(i++);
          if (ch == '"') {
            if (i < line.length() && line.charAt(i) == '"') {
              s.append('"');
              i++;
            } else {
              break;
            }
          } else {
            s.append(ch);
          }
        }
        out.add(s.toString());
      } else {
        int end = line.indexOf(',', i);
        String raw = line.substring(i, end < 0 ? line.length() : end);
        out.add(raw.isEmpty() ? null : raw);
        i = end < 0 ? line.length() : end;
      }
      if (i >= line.length()) {
        return out;
      }
      i++; // the comma
      if (i == line.length()) {
        out.add(null);
        return out;
      }
    }
  }
}
