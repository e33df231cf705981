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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import io.github.fastdecode.parquet.internal.VectorSupport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file commands on small files written here, and on damaged copies: the tests of the
 * benchmarks jar's {@code dump} (now {@code cat --raw}) and {@code scan}, moved with them.
 */
class FileCommandsTest {
  @TempDir
  Path dir;

  static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message m {\n"
          + "  required boolean b; required int32 i; required int64 l; optional float f; optional double d;\n"
          + "  optional binary s (STRING); optional binary e (ENUM); optional binary j (JSON); optional binary raw;\n"
          + "  optional fixed_len_byte_array(3) fl; optional int96 t; optional int64 u (UINT_64); optional int32 day (DATE);\n"
          + "}");

  /** Output and exit status of one command. */
  static final class Result {
    int status;
    String out;
    String err;
  }

  static {
    // stderr is compared line for line: no progress lines, however slow a cold JVM is.
    System.setProperty("parquet-fastdecode.progress.millis", "600000");
  }

  static Result run(String command, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Result r = new Result();
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    String[] line = new String[args.length + 1];
    line[0] = command;
    System.arraycopy(args, 0, line, 1, args.length);
    r.status = Main.run(line, o, e);
    r.out = out.toString(StandardCharsets.UTF_8);
    r.err = err.toString(StandardCharsets.UTF_8);
    return r;
  }

  private Path write(String name, MessageType schema, List<Group> rows, WriterVersion version) throws IOException {
    Path file = dir.resolve(name);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(version).build()) {
      for (Group g : rows) {
        w.write(g);
      }
    }
    return file;
  }

  private Path typesFile(WriterVersion version) throws IOException {
    SimpleGroupFactory f = new SimpleGroupFactory(SCHEMA);
    Group a = f.newGroup().append("b", true).append("i", -7).append("l", Long.MIN_VALUE)
        .append("f", Float.NaN).append("d", Double.NEGATIVE_INFINITY)
        .append("s", "say \"hi\"\n\u00e9").append("e", "RED").append("j", "{\"k\":1}")
        .append("raw", Binary.fromConstantByteArray(new byte[] {0, (byte) 0xAB, 0x7f}))
        .append("fl", Binary.fromConstantByteArray(new byte[] {1, 2, 3}))
        .append("t", Binary.fromConstantByteArray(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, (byte) 0x8c, 0x3d, 0x25, 0}))
        .append("u", -1L).append("day", 19000);
    Group b = f.newGroup().append("b", false).append("i", Integer.MAX_VALUE).append("l", 42L)
        .append("f", Float.POSITIVE_INFINITY).append("d", -0.0).append("s", "").append("raw", Binary.fromConstantByteArray(new byte[0]));
    Group c = f.newGroup().append("b", true).append("i", 0).append("l", 0L).append("f", 1.5f).append("d", 2.25);
    return write("types-" + version + ".parquet", SCHEMA, List.of(a, b, c), version);
  }

  @Test
  void catRawPrintsEveryPhysicalTypeAsTheFormatSays() throws IOException {
    for (WriterVersion v : WriterVersion.values()) {
      Result r = run("cat", typesFile(v).toString(), "--raw");
      assertEquals(0, r.status, r.err);
      assertEquals("", r.err);
      String[] lines = r.out.split("\n");
      assertEquals(3, lines.length);
      assertEquals("{\"b\":true,\"i\":-7,\"l\":-9223372036854775808,\"f\":\"NaN\",\"d\":\"-Infinity\","
          + "\"s\":\"say \\\"hi\\\"\\n\u00e9\",\"e\":\"RED\",\"j\":\"{\\\"k\\\":1}\",\"raw\":\"0x00ab7f\",\"fl\":\"0x010203\","
          + "\"t\":\"0x00000000000000008c3d2500\",\"u\":-1,\"day\":19000}", lines[0]);
      assertEquals("{\"b\":false,\"i\":2147483647,\"l\":42,\"f\":\"Infinity\",\"d\":-0.0,\"s\":\"\",\"e\":null,\"j\":null,"
          + "\"raw\":\"0x\",\"fl\":null,\"t\":null,\"u\":null,\"day\":null}", lines[1]);
      assertEquals("{\"b\":true,\"i\":0,\"l\":0,\"f\":1.5,\"d\":2.25,\"s\":null,\"e\":null,\"j\":null,"
          + "\"raw\":null,\"fl\":null,\"t\":null,\"u\":null,\"day\":null}", lines[2]);
    }
  }

  @Test
  void catColumnsComeInTheOrderAsked() throws IOException {
    Result r = run("cat", typesFile(WriterVersion.PARQUET_1_0).toString(), "--columns", "u,b", "--raw");
    assertEquals(0, r.status, r.err);
    assertTrue(r.out.startsWith("{\"u\":-1,\"b\":true}\n{\"u\":null,\"b\":false}\n"), r.out);
    Result unknown = run("cat", typesFile(WriterVersion.PARQUET_1_0).toString(), "--columns", "nope");
    assertEquals(2, unknown.status);
    assertEquals("cat: " + typesFile(WriterVersion.PARQUET_1_0) + ": no column 'nope'; its columns are "
        + "b, i, l, f, d, s, e, j, raw, fl, t, u, day", firstLine(unknown.err));
  }

  static final MessageType NESTED = MessageTypeParser.parseMessageType("message m { required int64 id;"
      + " optional group tags (LIST) { repeated group list { optional binary element (STRING); } }"
      + " optional group m (MAP) { repeated group key_value { required binary key (STRING); optional int64 value; } }"
      + " optional group st { optional int32 a; optional group in { required double d; } }"
      + " repeated int32 xs; }");

  private Path nestedFile(WriterVersion version) throws IOException {
    SimpleGroupFactory f = new SimpleGroupFactory(NESTED);
    Group a = f.newGroup().append("id", 1L);
    Group tags = a.addGroup("tags");
    tags.addGroup("list").append("element", "a");
    tags.addGroup("list");
    Group m = a.addGroup("m");
    m.addGroup("key_value").append("key", "k").append("value", 5L);
    m.addGroup("key_value").append("key", "n");
    Group st = a.addGroup("st").append("a", 7);
    st.addGroup("in").append("d", 1.5);
    a.append("xs", 1).append("xs", 2);
    Group b = f.newGroup().append("id", 2L);
    b.addGroup("m");
    Group c = f.newGroup().append("id", 3L);
    c.addGroup("tags");
    c.addGroup("st");
    c.append("xs", 3);
    return write("nested-" + version + ".parquet", NESTED, List.of(a, b, c), version);
  }

  @Test
  void catPrintsNestedRecordsAsJson() throws IOException {
    for (WriterVersion v : WriterVersion.values()) {
      Result r = run("cat", nestedFile(v).toString());
      assertEquals(0, r.status, r.err);
      assertEquals("", r.err);
      assertEquals("{\"id\":1,\"tags\":[\"a\",null],\"m\":[{\"key\":\"k\",\"value\":5},{\"key\":\"n\",\"value\":null}],"
          + "\"st\":{\"a\":7,\"in\":{\"d\":1.5}},\"xs\":[1,2]}\n"
          + "{\"id\":2,\"tags\":null,\"m\":[],\"st\":null,\"xs\":[]}\n"
          + "{\"id\":3,\"tags\":[],\"m\":null,\"st\":{\"a\":null,\"in\":null},\"xs\":[3]}\n", r.out);
    }
  }

  @Test
  void catColumnsPickTopLevelFieldsInTheOrderAsked() throws IOException {
    Path file = nestedFile(WriterVersion.PARQUET_1_0);
    Result r = run("cat", file.toString(), "--columns", "xs,tags,id");
    assertEquals(0, r.status, r.err);
    assertEquals("{\"xs\":[1,2],\"tags\":[\"a\",null],\"id\":1}\n{\"xs\":[],\"tags\":null,\"id\":2}\n"
        + "{\"xs\":[3],\"tags\":[],\"id\":3}\n", r.out);
    Result leaf = run("cat", file.toString(), "--columns", "st.in.d");
    assertEquals(0, leaf.status, leaf.err);
    assertEquals("{\"st\":{\"in\":{\"d\":1.5}}}\n{\"st\":null}\n{\"st\":{\"in\":null}}\n", leaf.out);
    Result unknown = run("cat", file.toString(), "--columns", "nope");
    assertEquals(2, unknown.status);
    assertEquals("cat: " + file + ": no column 'nope'; its columns are id, tags, m, st, xs", firstLine(unknown.err));
  }

  @Test
  void corruptFileIsOneLineAndNonZero() throws IOException {
    Path src = GeneratedFiles.write(dir, new GeneratedFiles.Spec(WriterVersion.PARQUET_1_0, false, false,
        CompressionCodecName.UNCOMPRESSED, false, 10, false, 500, 9));
    byte[] bytes = Files.readAllBytes(src);
    // Overwrite the middle of the first column chunk (just after the 4-byte magic) with garbage.
    for (int i = 40; i < 400; i++) {
      bytes[i] = (byte) (i * 37);
    }
    Path bad = dir.resolve("bad.parquet");
    Files.write(bad, bytes);
    Result r = run("cat", bad.toString());
    assertEquals(1, r.status);
    String[] errLines = r.err.strip().split("\n");
    assertEquals(1, errLines.length, r.err);
    assertTrue(errLines[0].startsWith("cat: " + bad + ": "), r.err);
    assertTrue(errLines[0].contains("row group 0"), r.err);
    assertFalse(r.err.contains("\tat "), "no stack trace");
  }

  @Test
  void missingFileAndBadArguments() {
    assertEquals(2, run("cat", dir.resolve("absent.parquet").toString()).status);
    assertEquals(2, run("cat").status);
    assertEquals(2, run("scan", "x.parquet", "--repeat", "0").status);
  }

  @Test
  void scanAgreesAndReportsEachColumn() throws IOException {
    Path f = GeneratedFiles.write(dir, new GeneratedFiles.Spec(WriterVersion.PARQUET_2_0, true, false,
        CompressionCodecName.SNAPPY, true, 10, true, 2000, 3));
    Result r = run("scan", f.toString(), "--repeat", "2");
    assertEquals(0, r.status, r.err);
    for (String column : new String[] {"r_i64", "o_str", "g.x", "o_i96"}) {
      assertTrue(r.out.lines().anyMatch(l -> l.startsWith(column + " ")), column + " in " + r.out);
    }
    assertTrue(r.out.contains("all columns:"), r.out);
  }

  @Test
  void catStopsWhenItsReaderGoes() throws IOException {
    Path f = write("many.parquet", MessageTypeParser.parseMessageType("message m { required int64 v; }"),
        longRows(20_000), WriterVersion.PARQUET_1_0);
    // A reader that takes 100 bytes and goes, as head -c 100 does: the stream fails from then on.
    java.io.OutputStream closing = new java.io.OutputStream() {
      int left = 100;

      @Override
      public void write(int b) throws IOException {
        if (left-- <= 0) {
          throw new IOException("Broken pipe");
        }
      }
    };
    // A second file that is not Parquet: had cat gone on after its reader left, it would say so (exit 1).
    Path notParquet = Files.writeString(dir.resolve("notes.parquet"), "not Parquet");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(new String[] {"cat", f.toString(), notParquet.toString()},
        new PrintStream(closing, false, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals("", err.toString(StandardCharsets.UTF_8), "cat stopped before the second file");
    assertEquals(0, status, "a reader that goes is no error of the data");
  }

  @Test
  void slowInputsGetProgressOnStderr() throws IOException {
    Path a = typesFile(WriterVersion.PARQUET_1_0);
    Path b = typesFile(WriterVersion.PARQUET_2_0);
    System.setProperty("parquet-fastdecode.progress.millis", "0");
    try {
      Result r = run("cat", a.toString(), b.toString());
      assertEquals(0, r.status, r.err);
      assertEquals(List.of("cat: file 2 of 2: " + b), r.err.lines().toList());
      assertEquals(6, r.out.lines().count(), "stdout has the records only");
    } finally {
      System.setProperty("parquet-fastdecode.progress.millis", "600000");
    }
  }

  @Test
  void aColumnNamedTwiceIsABadCommandLine() throws IOException {
    Path f = nestedFile(WriterVersion.PARQUET_1_0);
    Result twice = run("cat", f.toString(), "--columns", "id,id");
    assertEquals(2, twice.status);
    assertEquals(List.of("cat: " + f + ": --columns names 'id' twice"), twice.err.lines().toList());
    Result inside = run("head", f.toString(), "--columns", "st,st.in.d");
    assertEquals(2, inside.status);
    assertEquals(List.of("head: " + f + ": --columns names both 'st' and 'st.in.d', one inside the other"), inside.err.lines().toList());
  }

  static String firstLine(String text) {
    return text.lines().findFirst().orElse("");
  }

  /** Every file command on {@code file}: exit 1 and the one line {@code "<command>: FILE: " + what}. */
  private static void bothSayOneLine(Path file, String what) {
    for (String command : List.of("cat", "scan", "check", "schema", "meta", "pages")) {
      Result r = run(command, file.toString());
      assertEquals(1, r.status, command + ": " + r.err);
      assertEquals(command + ": " + file + ": " + what, firstLine(r.err), command);
      assertEquals(1, r.err.lines().count(), "one line: " + r.err);
      assertEquals("", r.out, command + " prints nothing on stdout");
    }
  }

  @Test
  void aDirectoryWithoutParquetFilesIsABadCommandLine() throws IOException {
    Files.createFile(dir.resolve("_SUCCESS"));
    Files.createFile(dir.resolve(".part-0.parquet.crc"));
    for (String command : List.of("cat", "scan", "check", "schema", "meta", "pages")) {
      Result r = run(command, dir.toString());
      assertEquals(2, r.status, r.err);
      assertEquals(List.of(command + ": " + dir + ": no Parquet files in the directory (_SUCCESS, *.crc and names starting"
          + " with '_' or '.' are skipped) (see parquet-fastdecode " + command + " --help)"), r.err.lines().toList());
      assertEquals("", r.out);
    }
  }

  @Test
  void aMissingFileIsABadCommandLine() {
    Path absent = dir.resolve("absent.parquet");
    for (String command : List.of("cat", "scan", "check", "schema", "meta", "pages")) {
      Result r = run(command, absent.toString());
      assertEquals(2, r.status, r.err);
      assertEquals(List.of(command + ": " + absent + ": no such file or directory (see parquet-fastdecode " + command
          + " --help)"), r.err.lines().toList());
    }
  }

  @Test
  void aFileThatIsNotParquetIsSaidNotToBe() throws IOException {
    Path text = Files.writeString(dir.resolve("notes.parquet"), "these are notes, not a Parquet file\n");
    bothSayOneLine(text, "not a Parquet file: no PAR1 magic at its end");
    Path tiny = Files.writeString(dir.resolve("tiny.parquet"), "x");
    bothSayOneLine(tiny, "not a Parquet file: no PAR1 magic at its end");
  }

  @Test
  void anEmptyFileIsSaidToBeEmpty() throws IOException {
    bothSayOneLine(Files.createFile(dir.resolve("empty.parquet")), "empty file, not a Parquet file");
  }

  @Test
  void aTruncatedFileIsSaidToBeTruncated() throws IOException {
    byte[] whole = Files.readAllBytes(typesFile(WriterVersion.PARQUET_1_0));
    int half = whole.length / 2;
    Path cut = Files.write(dir.resolve("cut.parquet"), Arrays.copyOf(whole, half));
    bothSayOneLine(cut, "truncated Parquet file: PAR1 magic at its start but not at its end (" + half + " bytes)");
    Path magicOnly = Files.write(dir.resolve("magic.parquet"), "PAR1".getBytes(StandardCharsets.US_ASCII));
    bothSayOneLine(magicOnly, "truncated Parquet file: 4 bytes, too short for the magic and a footer");
  }

  @Test
  void aFooterLengthBeyondTheFileIsSaidToBe() throws IOException {
    byte[] bytes = Files.readAllBytes(typesFile(WriterVersion.PARQUET_1_0));
    // The footer length is the little-endian int before the closing magic.
    ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(bytes.length);
    Path bad = Files.write(dir.resolve("footer-length.parquet"), bytes);
    bothSayOneLine(bad, "corrupt Parquet file: its footer length " + bytes.length + " does not fit in its " + bytes.length + " bytes");
  }

  @Test
  void aFooterThatIsNotThriftIsSaidToBeUnreadable() throws IOException {
    byte[] bytes = Files.readAllBytes(typesFile(WriterVersion.PARQUET_1_0));
    int footer = ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    Arrays.fill(bytes, bytes.length - 8 - footer, bytes.length - 8, (byte) 0xff);
    Path bad = Files.write(dir.resolve("footer.parquet"), bytes);
    for (String command : List.of("cat", "scan", "check", "schema", "meta", "pages")) {
      Result r = run(command, bad.toString());
      assertEquals(1, r.status, r.err);
      String line = firstLine(r.err);
      assertTrue(line.startsWith(command + ": " + bad + ": cannot read its footer: "), line);
      assertEquals(1, r.err.lines().count(), r.err);
      assertFalse(line.matches(".*@[0-9a-f]{4,}.*"), "no object hashes: " + line);
      assertFalse(line.contains("Exception"), "no Java class names: " + line);
    }
  }

  @Test
  void catScanAndCheckSayTheSameAboutACorruptPage() throws IOException {
    Path f = write("plain.parquet", MessageTypeParser.parseMessageType("message m { required int64 v; }"),
        longRows(5000), WriterVersion.PARQUET_1_0);
    Path bad = withDictionaryIdWidth(f, 33);
    Result cat = run("cat", bad.toString());
    assertEquals(1, cat.status, cat.err);
    String catLine = firstLine(cat.err);
    assertTrue(catLine.startsWith("cat: " + bad + ": column v, row group 0, page 0: "), catLine);
    for (String command : List.of("scan", "check")) {
      Result r = run(command, bad.toString());
      assertEquals(1, r.status, r.err);
      // check adds where the page's header starts in the file.
      String line = firstLine(r.err);
      assertEquals(command.equals("check"), line.matches(".*, page 0 at byte \\d+: .*"), line);
      assertEquals(catLine.replaceFirst("^cat: ", command + ": "), line.replaceFirst(" at byte \\d+:", ":"),
          command + " says what cat says");
      assertEquals(1, r.err.lines().count(), r.err);
      assertFalse(r.err.contains("\tat "), "no stack trace");
    }
  }

  @Test
  void anUnknownColumnListsTheColumns() throws IOException {
    Path f = typesFile(WriterVersion.PARQUET_2_0);
    for (String command : List.of("cat", "scan", "pages")) {
      Result r = run(command, f.toString(), "--columns", "i,nope");
      assertEquals(2, r.status, r.err);
      assertEquals(command + ": " + f + ": no column 'nope'; its columns are b, i, l, f, d, s, e, j, raw, fl, t, u, day",
          firstLine(r.err));
      assertEquals(1, r.err.lines().count(), r.err);
    }
  }

  @Test
  void scanSaysWhetherTheVectorKernelsAreOnAndHowItTimes() throws IOException {
    Result r = run("scan", typesFile(WriterVersion.PARQUET_1_0).toString(), "--warmup", "1", "--repeat", "3");
    assertEquals(0, r.status, r.err);
    String expected = VectorSupport.on() ? "vector kernels on;" : "vector kernels off (" + VectorSupport.status() + ");";
    assertTrue(firstLine(r.out).contains(expected), r.out);
    assertTrue(firstLine(r.out).endsWith("median of 3 timed scans per column after 1 untimed"), r.out);
    assertTrue(r.out.contains("(medians of 3)"), r.out);
    Result defaults = run("scan", typesFile(WriterVersion.PARQUET_1_0).toString(), "--columns", "i");
    assertTrue(firstLine(defaults.out).endsWith("median of 5 timed scans per column after 2 untimed"), defaults.out);
    Result negative = run("scan", typesFile(WriterVersion.PARQUET_1_0).toString(), "--warmup", "-1");
    assertEquals(2, negative.status);
    assertEquals("scan: --warmup needs a count of 0 or more, not -1 (see parquet-fastdecode scan --help)", firstLine(negative.err));
  }

  private static List<Group> longRows(int n) {
    MessageType schema = MessageTypeParser.parseMessageType("message m { required int64 v; }");
    SimpleGroupFactory f = new SimpleGroupFactory(schema);
    List<Group> rows = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(f.newGroup().append("v", (long) (i % 100) * 7919)); // few distinct: dictionary-encoded
    }
    return rows;
  }

  /**
   * A copy of {@code f} (one required column, dictionary-encoded, uncompressed V1 pages) whose first
   * data page gives its dictionary ids {@code width} bits (a page stores at most 32).
   */
  private Path withDictionaryIdWidth(Path f, int width) throws IOException {
    byte[] bytes = Files.readAllBytes(f);
    long offset;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(f))) {
      offset = r.getRowGroups().get(0).getColumns().get(0).getFirstDataPageOffset();
    }
    ByteArrayInputStream in = new ByteArrayInputStream(bytes, (int) offset, bytes.length - (int) offset);
    int before = in.available();
    PageHeader header = Util.readPageHeader(in);
    assertEquals(PageType.DATA_PAGE, header.getType());
    assertEquals(org.apache.parquet.format.Encoding.PLAIN_DICTIONARY, header.getData_page_header().getEncoding());
    // A required column's V1 page holds no levels: its values, the ids, start with their bit width.
    bytes[(int) offset + before - in.available()] = (byte) width;
    return Files.write(dir.resolve("bad-width.parquet"), bytes);
  }
}
