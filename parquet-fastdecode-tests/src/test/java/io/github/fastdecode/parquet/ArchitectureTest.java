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
package io.github.fastdecode.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.github.fastdecode.parquet.internal.LayerViolationFixture;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The core's packages depend only on the layers below them (and on their own), checked on the
 * compiled classes of parquet-fastdecode-core, every kind of dependency counted (imports, calls,
 * fields, signatures, inheritance). Bottom to top:
 *
 * <ol>
 *   <li>{@code file}: column chunks read from the file, page headers parsed, pages decompressed
 *       (it uses parquet-java alone, no project package);
 *   <li>{@code internal}: byte order, page views, varints, vector switch;
 *   <li>{@code internal.bitpacking}: the bit packing kernels (a subpackage of {@code internal} is a
 *       layer of its own, above {@code internal});
 *   <li>value conversions: {@code internal.convert} (pure functions over values, which the base
 *       types' bulk defaults call);
 *   <li>the base types every encoding implements or throws, in the root package: {@link
 *       BatchValuesReader}, {@link BatchValuesWriter}, {@link BinaryBatch}, {@link
 *       ValuesDecodingException};
 *   <li>{@code internal.decode}: the decoder contract the numeric encodings implement and the
 *       {@code BatchValuesReader}s over it (above the base types, which those readers extend);
 *   <li>the encodings, one package each: {@code plain}, {@code rle}, {@code delta}, {@code
 *       bytestreamsplit}, {@code deltabytearray}, {@code dictionary}. An encoding imports another
 *       only where its format is built on it: {@link #ENCODING_EDGES};
 *   <li>{@code spi} and the facade: the rest of the root package ({@link FastDecode}, with
 *       parquet-java's readers behind the bulk interface and the writer-builder access), the
 *       reader providers and the writer factory;
 *   <li>{@code column}: pages to batches;
 *   <li>{@code denserow}: the dense row codec over batches.
 * </ol>
 *
 * Adapters (the benchmarks' command line, the Spark module) are other modules, above all of these.
 * A class in a package no layer names fails the test: a new package has to be placed.
 *
 * <p>One reference is by name and so not seen here: {@code internal.VectorSupport} loads {@code
 * spi.VectorProbe} reflectively (the probe must sit above every package with a vector kernel);
 * {@code BitUnpackerTest} fails if that name is wrong, since the kernels then stay off.
 */
class ArchitectureTest {
  private static final String ROOT = "io.github.fastdecode.parquet";

  /** Root-package classes the encodings build on; the rest of the root package is the facade. */
  private static final Set<String> BASE_TYPES =
      Set.of("BatchValuesReader", "BatchValuesWriter", "BinaryBatch", "ValuesDecodingException");

  /** Layers, bottom to top: the packages below the root in each ("" is the facade's root classes). */
  private static final List<List<String>> LAYERS = List.of(
      List.of("file"),
      List.of("internal"),
      List.of("internal.bitpacking"),
      List.of("internal.convert"),
      List.of("<base types>"),
      List.of("internal.decode"),
      List.of("plain", "rle", "delta", "bytestreamsplit", "deltabytearray", "dictionary"),
      List.of("spi", ""),
      List.of("column"),
      List.of("denserow"));

  /**
   * Within the encodings layer, the only imports from one encoding to another: the byte-array
   * encodings write and read their lengths as DELTA_BINARY_PACKED, and the dictionary encoding's
   * ids are RLE / bit-packed hybrid runs.
   */
  static final Map<String, Set<String>> ENCODING_EDGES = Map.of(
      "deltabytearray", Set.of("delta"),
      "dictionary", Set.of("rle"));

  private static final int ENCODINGS = 4;

  /**
   * Every public top-level type of core outside {@code internal}, by package ("" the root): the API
   * docs/api.md describes. A new public type is a decision: add it here and to docs/api.md, or make
   * it package-private.
   */
  static final Map<String, Set<String>> PUBLIC_API = Map.ofEntries(
      Map.entry("", Set.of("BatchValuesReader", "BatchValuesWriter", "BinaryBatch", "ValuesDecodingException", "FastDecode")),
      Map.entry("spi", Set.of("ValuesReaderProvider", "BuiltinValuesReaderProvider")),
      Map.entry("plain", Set.of("PlainReaders", "PlainWriters")),
      Map.entry("rle", Set.of("RleValuesReader", "RleValuesWriter", "RleBitPackedHybridDecoder")),
      Map.entry("delta", Set.of("DeltaBinaryPackedReader", "DeltaBinaryPackedWriter")),
      Map.entry("bytestreamsplit", Set.of("ByteStreamSplitReaders", "ByteStreamSplitWriters")),
      Map.entry("deltabytearray", Set.of("DeltaByteArrayReaders", "DeltaByteArrayWriters")),
      Map.entry("dictionary", Set.of("DictionaryReader", "DictionaryWriter", "DictionaryValues")),
      Map.entry("file", Set.of("RowGroupReader", "PageSettings", "PageBuffers", "SelectedRows", "PageReadException")),
      Map.entry("column", Set.of("ParquetBatchReader", "ColumnBatch", "RecordBatch", "RecordNode", "LogicalColumn",
          "Conversion", "StringPredicates", "ColumnChunkReader", "CodecExpansion")),
      Map.entry("denserow", Set.of("DenseRowCodec", "DenseType", "DenseVector", "DenseRows",
          "DenseRowFormatException")));

  @Test
  void everyCorePackageDependsOnlyOnLayersBelowIt() throws IOException, URISyntaxException {
    JavaClasses core = importCore();
    assertTrue(core.size() > 50, "only " + core.size() + " core classes found: is the import looking at the right place?");
    List<String> violations = violations(core);
    assertTrue(violations.isEmpty(), violations.size() + " dependencies go up the layers or across encodings "
        + "(see ArchitectureTest's Javadoc for the order):\n  " + String.join("\n  ", violations));
  }

  @Test
  void everyLayerHasClasses() throws IOException, URISyntaxException {
    // Guards against a layer table that names packages which no longer exist (and so checks nothing).
    Set<String> seen = new TreeSet<>();
    for (JavaClass c : importCore()) {
      seen.add(unit(c));
    }
    for (List<String> layer : LAYERS) {
      for (String unit : layer) {
        assertTrue(seen.contains(unit), "no core class in " + (unit.isEmpty() ? "the root package's facade" : unit));
      }
    }
  }

  /**
   * The only files of another module that may name {@code internal}: JMH benchmarks of one kernel,
   * by file name. A kernel micro-benchmark measures the kernel itself (against parquet-java's, or
   * inside a decode), which no public entry reaches alone. No command, library code or class that
   * is not a JMH benchmark of the benchmarks module may use internal.
   */
  static final Set<String> KERNEL_BENCHMARKS = Set.of(
      "BitPackingBenchmark.java", // the bit packing kernel against parquet-java's BytePacker
      "ConversionDecodeBenchmark.java"); // the date conversion kernel after a widening gather

  @Test
  void noOtherModuleUsesCoresInternalPackage() throws IOException {
    // internal is core's own: the other modules (CLI, Spark, benchmarks, Arrow) use the public API,
    // but for the kernel benchmarks listed above.
    List<String> users = new ArrayList<>();
    Set<String> kernelBenchmarks = new TreeSet<>();
    int files = 0;
    try (Stream<Path> modules = Files.list(Path.of(".."))) {
      for (Path module : (Iterable<Path>) modules.filter(m -> m.getFileName().toString().startsWith("parquet-fastdecode-")
          && !m.getFileName().toString().equals("parquet-fastdecode-core"))::iterator) {
        Path main = module.resolve("src/main");
        if (!Files.isDirectory(main)) {
          continue;
        }
        try (Stream<Path> sources = Files.walk(main)) {
          for (Path f : (Iterable<Path>) sources.filter(x -> x.toString().endsWith(".java") || x.toString().endsWith(".scala"))::iterator) {
            files++;
            String text = Files.readString(f);
            if (!text.contains(ROOT + ".internal")) {
              continue;
            }
            if (KERNEL_BENCHMARKS.contains(f.getFileName().toString())
                && f.toString().replace('\\', '/').contains("parquet-fastdecode-benchmarks/src/main/java/io/github/fastdecode/parquet/benchmarks/jmh/")
                && text.contains("@Benchmark")) {
              kernelBenchmarks.add(f.getFileName().toString());
            } else {
              users.add(f.toString());
            }
          }
        }
      }
    }
    assertTrue(files > 50, "sources of the other modules found: " + files);
    assertEquals(List.of(), users);
    // Every allowed file still uses internal: an entry no longer needed is taken off the list.
    assertEquals(new TreeSet<>(KERNEL_BENCHMARKS), kernelBenchmarks);
  }

  @Test
  void publicTypesOutsideInternalAreExactlyTheListedApi() throws IOException, URISyntaxException {
    Map<String, Set<String>> found = new java.util.TreeMap<>();
    for (JavaClass c : importCore()) {
      if (c.isTopLevelClass() && c.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.PUBLIC)) {
        String p = c.getPackageName();
        String unit = p.equals(ROOT) ? "" : p.substring(ROOT.length() + 1);
        if (!unit.equals("internal") && !unit.startsWith("internal.")) {
          found.computeIfAbsent(unit, k -> new TreeSet<>()).add(c.getSimpleName());
        }
      }
    }
    Map<String, Set<String>> listed = new java.util.TreeMap<>();
    PUBLIC_API.forEach((k, v) -> listed.put(k, new TreeSet<>(v)));
    assertEquals(listed, found, "public top-level types outside internal (left: PUBLIC_API and docs/api.md; right: the jar)");
  }

  @Test
  void docsApiReportsThePublicTypeCount() throws IOException {
    int count = PUBLIC_API.values().stream().mapToInt(Set::size).sum();
    String api = Files.readString(Path.of("../docs/api.md"));
    assertTrue(api.contains("**" + count + " public top-level types**"),
        "docs/api.md should say **" + count + " public top-level types**");
    for (Set<String> names : PUBLIC_API.values()) {
      for (String name : names) {
        assertTrue(api.contains("`" + name + "`"), "docs/api.md does not name `" + name + "`");
      }
    }
  }

  @Test
  void whatAColumnMeansDoesNotDependOnTheBatch() throws IOException, URISyntaxException {
    // LogicalColumn describes values; the loops that fill a ColumnBatch live in ConversionLoops, so
    // the two public types do not refer to each other (ColumnBatch -> LogicalColumn only).
    JavaClasses core = importCore();
    List<String> back = new ArrayList<>();
    for (JavaClass c : core) {
      if (c.getName().equals(ROOT + ".column.LogicalColumn") || c.getName().startsWith(ROOT + ".column.LogicalColumn$")) {
        for (Dependency d : c.getDirectDependenciesFromSelf()) {
          if (d.getTargetClass().getName().startsWith(ROOT + ".column.ColumnBatch")) {
            back.add(d.getDescription());
          }
        }
      }
    }
    assertTrue(core.contain(ROOT + ".column.LogicalColumn"), "LogicalColumn not found");
    assertEquals(List.of(), back);
  }

  @Test
  void aLowerPackageImportingAHigherOneIsReported() {
    // The check itself can fail: an internal class that uses the facade.
    JavaClasses fixture = new ClassFileImporter().importClasses(LayerViolationFixture.class);
    List<String> violations = violations(fixture);
    assertEquals(1, violations.size(), String.join("\n", violations));
    assertTrue(violations.get(0).contains("internal.LayerViolationFixture") && violations.get(0).contains("FastDecode"),
        violations.get(0));
  }

  /** Every dependency of {@code classes} on a core class in a higher layer, or on an encoding not in its edges. */
  static List<String> violations(JavaClasses classes) {
    List<String> found = new ArrayList<>();
    for (JavaClass origin : classes) {
      String from = unit(origin);
      int fromLayer = layerOf(from, origin);
      for (Dependency d : origin.getDirectDependenciesFromSelf()) {
        JavaClass target = d.getTargetClass();
        if (!inCore(target)) {
          continue;
        }
        String to = unit(target);
        int toLayer = layerOf(to, target);
        boolean up = toLayer > fromLayer;
        boolean across = toLayer == ENCODINGS && fromLayer == ENCODINGS && !to.equals(from)
            && !ENCODING_EDGES.getOrDefault(from, Set.of()).contains(to);
        if (up || across) {
          found.add(name(from) + " -> " + name(to) + ": " + d.getDescription());
        }
      }
    }
    return found;
  }

  private static boolean inCore(JavaClass c) {
    String p = c.getPackageName();
    return p.equals(ROOT) || p.startsWith(ROOT + ".");
  }

  /**
   * The package below the root ("internal", "column", ...), "" for the facade, "<base types>" for the
   * base types; a subpackage of internal is a unit of its own ("internal.bitpacking").
   */
  static String unit(JavaClass c) {
    String p = c.getPackageName();
    if (p.equals(ROOT)) {
      String top = c.getName().substring(ROOT.length() + 1);
      int nested = top.indexOf('$');
      return BASE_TYPES.contains(nested < 0 ? top : top.substring(0, nested)) ? "<base types>" : "";
    }
    String[] below = p.substring(ROOT.length() + 1).split("\\.");
    return below[0].equals("internal") && below.length > 1 ? "internal." + below[1] : below[0];
  }

  private static int layerOf(String unit, JavaClass c) {
    for (int i = 0; i < LAYERS.size(); i++) {
      if (LAYERS.get(i).contains(unit)) {
        return i;
      }
    }
    throw new AssertionError(c.getName() + " is in package " + name(unit) + ", which no layer of ArchitectureTest names: place it");
  }

  private static String name(String unit) {
    return unit.isEmpty() ? "(root facade)" : unit.equals("<base types>") ? "(root base types)" : unit;
  }

  /** The classes of parquet-fastdecode-core only (its classes directory or jar), not the tests' own. */
  private static JavaClasses importCore() throws IOException, URISyntaxException {
    Path location = Paths.get(BatchValuesReader.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    ClassFileImporter importer = new ClassFileImporter();
    if (Files.isDirectory(location)) {
      return importer.importPath(location);
    }
    try (JarFile jar = new JarFile(location.toFile())) {
      return importer.importJar(jar);
    }
  }
}
