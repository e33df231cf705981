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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ArrowParquetReader} against pyarrow's {@code read_table} on the same files: the files
 * {@link ArrowTestFiles} writes with parquet-java (written again here, the same bytes, and read by
 * pyarrow when the expectations were made) and parquet-testing's. For each, the Arrow schema (field
 * names, types, nullability) and every value (hashed; a few rows shown) must equal pyarrow's, read
 * with the reused root at 4096 rows per batch and with a fresh root per batch of 97 rows, and the
 * allocator must hold no byte once the reader and the roots are closed. Every vector is checked
 * with Arrow's validator (offsets, buffer sizes; {@link ArrowCanonical#validate}) as it is read.
 */
class ArrowPyarrowEqualityTest {
  /**
   * Where Arrow Java cannot give pyarrow's type: pyarrow (with its default arrow_extensions_enabled)
   * reads JSON columns as its arrow.json extension type, which Arrow Java does not have; they are
   * strings here, with the same values.
   */
  private static final Map<String, String> KNOWN_TYPE_DIFFERENCES = Map.of(": extension<arrow.json>", ": string");
  private static final java.util.regex.Pattern STORED_DICTIONARY =
      java.util.regex.Pattern.compile("dictionary<values=([a-z_]+), indices=[a-z0-9]+>");

  @TempDir
  static Path generated;

  @BeforeAll
  static void writeFiles() throws IOException {
    for (ArrowTestFiles.Spec s : ArrowTestFiles.SPECS) {
      ArrowTestFiles.write(generated, s);
    }
  }

  static List<String> expectations() throws IOException {
    return PyarrowExpectation.index();
  }

  static Path testingDir() {
    return Path.of(System.getProperty("parquet.testing.dir", "../../shared/parquet-testing")).resolve("data");
  }

  @Test
  void everyFileHasAnExpectation() throws IOException {
    List<String> files = new ArrayList<>();
    for (String name : expectations()) {
      files.add(PyarrowExpectation.load(name).file);
    }
    for (String generatedFile : ArrowTestFiles.names()) {
      assertTrue(files.contains("generated/" + generatedFile), generatedFile + " has no pyarrow expectation: run regenerate.sh");
    }
    assertTrue(files.size() >= 40, "expected the generated and the parquet-testing files, found " + files.size());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("expectations")
  void sameAsPyarrow(String name) throws IOException {
    PyarrowExpectation e = PyarrowExpectation.load(name);
    Path file = resolve(e.file);
    check(e, file, 4096, false, null);
    if (e.dictionary.isEmpty()) {
      check(e, file, 97, true, null);
    }
    // The parallel scan: two pool threads and the caller, three column groups, read-ahead on.
    check(e, file, 333, false, PARALLEL);
  }

  private static final ExecutorService PARALLEL = Executors.newFixedThreadPool(2);

  @AfterAll
  static void stopPool() {
    PARALLEL.shutdown();
  }

  /**
   * pyarrow cannot keep dictionaries of a column whose V2 writer fell back to DELTA_BYTE_ARRAY
   * ("not yet implemented"); we can: the values must still be pyarrow's plain read.
   */
  @Test
  void dictionaryOfDeltaFallbackHasPyarrowsValues() throws IOException {
    PyarrowExpectation e = PyarrowExpectation.load("generated__fallback-v2.txt");
    List<List<String>> got = read(resolve(e.file), 500, false, List.of("s", "c"), new ArrayList<>());
    compareValues(e, got, "fallback-v2 with dictionaries");
  }

  static Path resolve(String label) {
    if (label.startsWith("generated/")) {
      return generated.resolve(label.substring("generated/".length()));
    }
    if (label.startsWith("resources/")) {
      // Files pyarrow wrote (stored Arrow schemas: src/test/python/stored_schema_files.py), checked in.
      String resource = "/io/github/fastdecode/parquet/arrow/" + label.substring("resources/".length());
      try {
        return Path.of(java.util.Objects.requireNonNull(ArrowPyarrowEqualityTest.class.getResource(resource), resource).toURI());
      } catch (java.net.URISyntaxException ex) {
        throw new AssertionError(ex);
      }
    }
    Path dir = testingDir();
    if (!Files.isDirectory(dir)) {
      // A user's fresh clone has no ../shared; CI and development machines do.
      Assumptions.abort("parquet-testing is absent at " + dir.toAbsolutePath() + " (set -Dparquet.testing.dir): " + label + " not compared");
    }
    Path file = dir.resolve(label.substring("parquet-testing/".length()));
    assertTrue(Files.isRegularFile(file), file + " is missing from parquet-testing");
    return file;
  }

  private static void check(PyarrowExpectation e, Path file, int batchSize, boolean fresh, Executor parallel) throws IOException {
    String how = e.file + " (batch " + batchSize + (fresh ? ", fresh roots" : ", reused root")
        + (e.dictionary.isEmpty() ? "" : ", dictionaries " + e.dictionary) + (e.options.isEmpty() ? "" : ", " + e.options)
        + (parallel == null ? "" : ", parallel") + ")";
    List<String> fields = new ArrayList<>();
    List<List<String>> got = read(file, batchSize, fresh, e.dictionary, e.options, fields, parallel);
    List<String> expectedFields = new ArrayList<>();
    for (PyarrowExpectation.Column c : e.columns) {
      String f = c.field;
      for (Map.Entry<String, String> d : KNOWN_TYPE_DIFFERENCES.entrySet()) {
        // pyarrow's JSON extension is stored as its binary_type's string type; ours is that type.
        String string = e.options.contains("binary_type=large_binary") ? ": large_string"
            : e.options.contains("binary_type=binary_view") ? ": string_view" : d.getValue();
        f = f.replace(d.getKey(), string);
      }
      if (fresh) {
        // Fresh roots would outlive the reader's dictionaries: a stored dictionary type is read as its values.
        f = STORED_DICTIONARY.matcher(f).replaceAll("$1");
      }
      expectedFields.add(f);
    }
    assertEquals(expectedFields, fields, how + ": schema");
    compareValues(e, got, how);
  }

  private static void compareValues(PyarrowExpectation e, List<List<String>> got, String how) {
    assertEquals(e.columns.size(), got.size(), how + ": columns");
    for (int c = 0; c < got.size(); c++) {
      PyarrowExpectation.Column expected = e.columns.get(c);
      List<String> values = got.get(c);
      assertEquals(e.rows, values.size(), how + ": rows of " + expected.field);
      for (Map.Entry<Integer, String> row : expected.rows.entrySet()) {
        assertEquals(row.getValue(), values.get(row.getKey()), how + ": " + expected.field + ", row " + row.getKey());
      }
      assertEquals(expected.sha256, sha256(values), how + ": the values of " + expected.field + " differ from pyarrow's");
    }
  }

  /** Every value of every field, canonical, over the whole file; the allocator must be empty afterwards. */
  static List<List<String>> read(Path file, int batchSize, boolean fresh, List<String> dictionary, List<String> fieldsOut)
      throws IOException {
    return read(file, batchSize, fresh, dictionary, fieldsOut, null);
  }

  /** As {@link #read(Path, int, boolean, List, List)}, with a parallel scan of three groups on {@code parallel} unless null. */
  static List<List<String>> read(Path file, int batchSize, boolean fresh, List<String> dictionary, List<String> fieldsOut,
      Executor parallel) throws IOException {
    return read(file, batchSize, fresh, dictionary, List.of(), fieldsOut, parallel);
  }

  /** As above, with pyarrow's read options ({@code binary_type=large_binary}, {@code list_type=large_list}, ...). */
  static List<List<String>> read(Path file, int batchSize, boolean fresh, List<String> dictionary, List<String> pyarrowOptions,
      List<String> fieldsOut, Executor parallel) throws IOException {
    List<List<String>> columns = new ArrayList<>();
    try (RootAllocator allocator = new RootAllocator()) {
      ArrowReadOptions.Builder b = ArrowReadOptions.builder(allocator).batchSize(batchSize).freshRootPerBatch(fresh)
          .readDictionary(dictionary.toArray(new String[0]));
      for (String option : pyarrowOptions) {
        switch (option) {
          case "binary_type=large_binary":
            b.binaryType(ArrowType.LargeBinary.INSTANCE);
            break;
          case "binary_type=binary_view":
            b.binaryType(ArrowType.BinaryView.INSTANCE);
            break;
          case "list_type=large_list":
            b.listType(ArrowType.LargeList.INSTANCE);
            break;
          default:
            throw new AssertionError("unknown pyarrow option " + option);
        }
      }
      if (parallel != null) {
        b.parallel(parallel, 3, 8L << 20);
      }
      ArrowReadOptions options = b.build();
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null, options)) {
        for (Field f : reader.schema().getFields()) {
          fieldsOut.add(ArrowCanonical.field(f, reader.dictionaries()));
          columns.add(new ArrayList<>());
        }
        VectorSchemaRoot root;
        while ((root = reader.next()) != null) {
          try {
            assertTrue(root.getRowCount() > 0 && root.getRowCount() <= batchSize, "rows " + root.getRowCount());
            for (int c = 0; c < columns.size(); c++) {
              ArrowCanonical.validate(root.getVector(c));
              for (int r = 0; r < root.getRowCount(); r++) {
                columns.get(c).add(ArrowCanonical.value(root.getVector(c), r, reader.dictionaries()));
              }
            }
          } finally {
            if (fresh) {
              root.close();
            }
          }
        }
      }
      assertEquals(0, allocator.getAllocatedMemory(), file + ": bytes left in the allocator after close");
    }
    return columns;
  }

  static String sha256(List<String> values) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      md.update(String.join("\n", values).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException ex) {
      throw new AssertionError(ex);
    }
  }
}
