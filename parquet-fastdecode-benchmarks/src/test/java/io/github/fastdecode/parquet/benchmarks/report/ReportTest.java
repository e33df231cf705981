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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * The report over two small JMH JSON files (JDK 17 and JDK 25) and a JMH log. The files hold round
 * scores, so each expected figure below is worked out by hand from them:
 *
 * <ul>
 *   <li>PlainBenchmark type=INT32 on JDK 17: parquet-java 2.0 +- 0.2, fastdecode 0.5 +- 0.05, copy
 *       0.4: speedup 4.0, range [1.8 / 0.55, 2.2 / 0.45] = [3.3, 4.9], copy at 80% of fastdecode.
 *   <li>On JDK 25 the same case has fastdecode 0.5 with error NaN (one iteration): 6.0x, no range;
 *       type=INT64 has no fastdecode result at all (a missing pair).
 *   <li>DeltaBinaryPackedInt64Benchmark wide: 10 +- 1 over 0.1 +- 0.01 on JDK 17 = 100x [81.8,
 *       122.2], gc 8 and 0.01 B/value; its fastdecode failed on JDK 25 (the log says so); the
 *       constant case has only fastdecode, only on JDK 17.
 *   <li>UnsignedLongBenchmark on JDK 25: parquet-java 0.03 +- 0.003 us/op = 30 ns, over 1.5 +- 0.1:
 *       20x [27 / 1.6, 33 / 1.4] = [16.9, 23.6]; parquetJavaViaString only on JDK 17.
 *   <li>A throughput-mode result, which has no ns/value.
 * </ul>
 */
class ReportTest {
  @TempDir static Path out;
  static String md;

  @BeforeAll
  static void generate() throws Exception {
    Path report = Report.write(List.of(resource("jdk17.json"), resource("jdk25.json")), List.of(), out, "Test CPU 9000", List.of());
    md = Files.readString(report, StandardCharsets.UTF_8);
  }

  static Path resource(String name) throws URISyntaxException {
    return Path.of(ReportTest.class.getResource("/report/" + name).toURI());
  }

  /** The Markdown table row whose first cell is {@code label}, within the section of {@code heading}. */
  static String row(String heading, String label) {
    int section = md.indexOf("## " + heading + "\n");
    assertTrue(section >= 0, "no section " + heading + " in\n" + md);
    int next = md.indexOf("\n## ", section + 1);
    String body = md.substring(section, next < 0 ? md.length() : next);
    for (String line : body.split("\n")) {
      if (line.startsWith("| " + label + " |")) {
        return line;
      }
    }
    throw new AssertionError("no row " + label + " under " + heading + " in\n" + body);
  }

  @Test
  void headerNamesBothJdksTheCpuAndTheSettings() {
    assertTrue(md.contains("| 17 | 17.0.9, OpenJDK 64-Bit Server VM 17.0.9+9"), md);
    assertTrue(md.contains("| 25 | 25.0.1, OpenJDK 64-Bit Server VM 25.0.1+8-LTS"), md);
    assertTrue(md.contains("Test CPU 9000"), md);
    assertTrue(md.contains("1 fork(s), warm-up 2 x 1 s, measurement 3 x 1 s, JMH 1.37"), md);
    assertTrue(md.contains("`-Xms2g -Xmx2g -XX:+UseG1GC`"), md);
    assertFalse(md.contains("different CPUs"), "one CPU given for all");
  }

  @Test
  void pairsPerJdkWithSpeedupRangeAndCopy() {
    assertEquals("| type=INT32 | 2.00 | 0.500 | 0.400 (80%) | **4.0x** [3.3, 4.9] | 3.00 | 0.500 | 0.400 (80%) | **6.0x** "
        + "| 0.400 | **0.80x** |", row("PlainBenchmark", "type=INT32"));
    assertTrue(md.contains("## PlainBenchmark\n\nAll rows: callSite=megamorphic.\n"), "constant parameter said once");
  }

  @Test
  void allocationPerValueFromTheGcProfiler() {
    assertEquals("| shape=wide | 10.0 | 0.100 | **100.0x** [81.8, 122.2] | 8.00 / 0.010 | 9.00 | failed |  | 8.00 / - |",
        row("DeltaBinaryPackedInt64Benchmark", "shape=wide"));
  }

  @Test
  void otherUnitsAreConvertedToNanoseconds() {
    assertEquals("| (one case) | 28.0 | 1.75 | **16.0x** [13.0, 20.0] | 30.0 | 1.50 | **20.0x** [16.9, 23.6] |",
        row("UnsignedLongBenchmark", "(one case)"));
  }

  @Test
  void missingPairIsListedAndShownAsMissing() {
    assertEquals("| type=INT64 | 4.00 | 1.00 | 0.800 (80%) | **4.0x** [3.3, 4.9] | 4.00 | missing | 0.800 |  |  |  |",
        row("PlainBenchmark", "type=INT64"));
    assertTrue(md.contains("- JDK 25 PlainBenchmark callSite=megamorphic, type=INT64: parquetJava has a result, fastdecode has none\n"), md);
    assertTrue(md.contains("- JDK 17 DeltaBinaryPackedInt64Benchmark callSite=megamorphic, op=read, shape=constant: "
        + "fastdecode has a result, parquetJava has none\n"), md);
  }

  @Test
  void failedBenchmarkFromTheLogIsListed() {
    assertEquals("| 25 | DeltaBinaryPackedInt64Benchmark.fastdecode | callSite=megamorphic, op=read, shape=wide | "
        + "java.lang.IllegalStateException: fastdecode and parquet-java differ on page 3 at value 17 | jdk25.log |",
        row("Failed benchmarks", "25"));
    assertTrue(md.contains("- JDK 25 DeltaBinaryPackedInt64Benchmark callSite=megamorphic, op=read, shape=wide: "
        + "parquetJava has a result, fastdecode failed (see Failed benchmarks)\n"), md);
    // the benchmark that ran after the failure in the same log is not a failure
    assertFalse(md.contains("| DeltaBinaryPackedInt64Benchmark.parquetJava |"), md);
  }

  @Test
  void resultsMissingOnOneJdkAreListed() {
    assertTrue(md.contains("- UnsignedLongBenchmark.parquetJavaViaString: no result on JDK 25 (measured on JDK 17)\n"), md);
    assertTrue(md.contains("- DeltaBinaryPackedInt64Benchmark.fastdecode callSite=megamorphic, op=read, shape=constant: "
        + "no result on JDK 25 (measured on JDK 17)\n"), md);
    assertEquals("| parquetJavaViaString | 120 | missing |", row("UnsignedLongBenchmark", "parquetJavaViaString"));
    // a failed one is explained in Failed benchmarks, a half-missing pair in Unpaired results: not again here
    String section = md.substring(md.indexOf("## Not measured on every JDK"));
    assertFalse(section.contains("shape=wide"), section);
    assertFalse(section.contains("type=INT64"), section);
  }

  /**
   * TrinoPlainBenchmark type=INT32 on JDK 25: 0.4 over fastdecode's 0.5 (no error: no range) = 0.80,
   * in bold as Trino is the faster; joined to the row despite lacking callSite. Only JDK 25 gets
   * Trino columns, and JDK 17's lack of Trino results is not a gap.
   */
  @Test
  void trinoJoinsItsPairedClassOnJdk25Only() {
    String header = md.substring(md.indexOf("## PlainBenchmark\n"));
    header = header.substring(header.indexOf("| case |"), header.indexOf('\n', header.indexOf("| case |")));
    assertTrue(header.endsWith("| JDK 25 speedup | JDK 25 Trino ns | JDK 25 Trino ÷ fastdecode |"), header);
    assertFalse(header.contains("JDK 17 Trino"), header);
    String missing = md.substring(md.indexOf("## Not measured on every JDK"));
    assertFalse(missing.contains("Trino"), missing);
    assertEquals("| PlainBenchmark | 0.80x (1) |", trinoSummaryRow("PlainBenchmark"));
  }

  /** A Trino result whose paired class has no such case is listed, not dropped. */
  @Test
  void unpairedTrinoResultIsListed() {
    assertTrue(md.contains("- JDK 25 TrinoDeltaBinaryPackedInt64Benchmark.trino shape=monotonic, op=read: no result of "
        + "DeltaBinaryPackedInt64Benchmark with these parameters to compare with\n"), md);
  }

  /** The row of {@code label} in the Summary's second table, Trino ÷ fastdecode. */
  private static String trinoSummaryRow(String label) {
    int table = md.indexOf("Against Trino's decoders");
    assertTrue(table >= 0, md);
    for (String line : md.substring(table).split("\n")) {
      if (line.startsWith("| " + label + " |")) {
        return line;
      }
    }
    throw new AssertionError("no Trino summary row " + label);
  }

  @Test
  void unusableResultsAreListed() {
    assertTrue(md.contains("ThroughputOnlyBenchmark.fastdecode on JDK 25 (jdk25.json): unit ops/us is not time per operation"), md);
  }

  @Test
  void summaryIsTheGeometricMeanPerClassAndJdk() {
    assertEquals("| PlainBenchmark | 4.0x (2) | 6.0x (1) |", row("Summary", "PlainBenchmark"));
    assertEquals("| DeltaBinaryPackedInt64Benchmark | 100.0x (1) | missing |", row("Summary", "DeltaBinaryPackedInt64Benchmark"));
  }

  @Test
  void chartsAreSvgWithOneSeriesPerJdkAndOneGroupPerCase() throws Exception {
    for (String chart : List.of("PlainBenchmark.svg", "DeltaBinaryPackedInt64Benchmark.svg", "UnsignedLongBenchmark.svg", "summary.svg")) {
      assertTrue(md.contains("](" + chart + ")"), "report links " + chart);
      List<String> texts = texts(out.resolve(chart));
      assertTrue(texts.contains("JDK 17") && texts.contains("JDK 25"), chart + " legend: " + texts);
    }
    List<String> plain = texts(out.resolve("PlainBenchmark.svg"));
    assertTrue(plain.contains("type=INT32") && plain.contains("type=INT64"), plain.toString());
    assertTrue(plain.contains("4.0x") && plain.contains("6.0x"), "bar labels: " + plain);
    assertFalse(String.join(" ", plain).contains("log scale"), "4x..6x is not a wide range");
    List<String> summary = texts(out.resolve("summary.svg"));
    assertTrue(summary.contains("PlainBenchmark") && summary.contains("UnsignedLongBenchmark"), summary.toString());
    assertTrue(String.join(" ", summary).contains("log scale"), "4x..100x is a wide range: " + summary);
  }

  /** Parses the SVG as XML (failing on malformed output) and returns the text of its text elements. */
  static List<String> texts(Path svg) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    Document doc = factory.newDocumentBuilder().parse(svg.toFile());
    assertEquals("svg", doc.getDocumentElement().getNodeName());
    NodeList nodes = doc.getElementsByTagName("text");
    List<String> out = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      out.add(nodes.item(i).getTextContent().strip());
    }
    return out;
  }

  @Test
  void aDirectoryArgumentMeansItsJsonFiles(@TempDir Path other) throws IOException, URISyntaxException {
    Path report = Report.write(List.of(resource("jdk17.json").getParent()), List.of(), other, null, List.of());
    String text = Files.readString(report, StandardCharsets.UTF_8);
    assertTrue(text.contains("`jdk17.json`, `jdk25.json`"), text);
  }
}
