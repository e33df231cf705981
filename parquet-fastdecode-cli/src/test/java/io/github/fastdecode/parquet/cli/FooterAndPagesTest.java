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
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schema}, {@code meta} and {@code pages} against golden outputs of a small file written
 * here the same way every time; {@code dictionary}; {@code check} and {@code pages} on pages whose
 * bytes were damaged after writing; directories and globs.
 */
class FooterAndPagesTest {
  @TempDir
  Path dir;

  static final MessageType SMALL = MessageTypeParser.parseMessageType(
      "message m { required int64 id; optional binary name (STRING); optional int32 day (DATE); }");

  /** Three rows, uncompressed V1 pages with CRCs, dictionaries on: the golden outputs' file. */
  private Path small() throws IOException {
    SimpleGroupFactory f = new SimpleGroupFactory(SMALL);
    List<Group> rows = List.of(
        f.newGroup().append("id", 1L).append("name", "ann").append("day", 19782),
        f.newGroup().append("id", 2L).append("name", "bob"),
        f.newGroup().append("id", 3L).append("name", "ann").append("day", -1));
    return write(dir.resolve("small.parquet"), SMALL, rows, 1000, true);
  }

  static Path write(Path file, MessageType schema, List<Group> rows, int pageRows, boolean dictionary) throws IOException {
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(WriterVersion.PARQUET_1_0)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED).withDictionaryEncoding(dictionary)
        .withPageWriteChecksumEnabled(true).withPageRowCountLimit(pageRows).withStatisticsEnabled(true).build()) {
      for (Group g : rows) {
        w.write(g);
      }
    }
    return file;
  }

  private static String golden(String name, Path file) throws IOException {
    try (InputStream in = FooterAndPagesTest.class.getResourceAsStream("/golden/" + name)) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      String createdBy;
      try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
        createdBy = r.getFooter().getFileMetaData().getCreatedBy();
      }
      // created_by names the parquet-java release that wrote the file, which is not what is tested.
      return text.replace("@CREATED_BY@", createdBy);
    }
  }

  private static Result ok(String command, String... args) {
    Result r = FileCommandsTest.run(command, args);
    assertEquals(0, r.status, r.err);
    assertEquals("", r.err);
    return r;
  }

  @Test
  void schemaIsParquetJavasWithLogicalTypes() throws IOException {
    Path f = small();
    assertEquals(golden("small-schema.txt", f), ok("schema", f.toString()).out);
  }

  @Test
  void metaMatchesTheGoldenOutput() throws IOException {
    Path f = small();
    assertEquals(golden("small-meta.txt", f), ok("meta", f.toString()).out);
  }

  @Test
  void metaJsonSaysWhatTheTableSays() throws IOException {
    Path f = small();
    String line = ok("meta", f.toString(), "--json").out.strip();
    com.google.gson.JsonObject o = com.google.gson.JsonParser.parseString(line).getAsJsonObject();
    assertEquals(3, o.get("rows").getAsLong());
    assertEquals("example", o.getAsJsonObject("key_value_metadata").get("writer.model.name").getAsString());
    com.google.gson.JsonObject g = o.getAsJsonArray("row_groups").get(0).getAsJsonObject();
    assertEquals(148, g.get("compressed_bytes").getAsLong());
    com.google.gson.JsonObject day = g.getAsJsonArray("columns").get(2).getAsJsonObject();
    assertEquals("day", day.get("column").getAsString());
    assertEquals("INT32 DATE", day.get("type").getAsString());
    assertEquals(1, day.get("nulls").getAsLong());
    assertEquals("1969-12-31", day.get("min").getAsString());
    assertEquals("2024-02-29", day.get("max").getAsString());
    assertEquals(false, day.get("dictionary").getAsBoolean());
    assertEquals("[\"BIT_PACKED\",\"PLAIN\",\"RLE\"]", day.get("encodings").toString());
    assertEquals(1, line.lines().count(), "one line per file");
  }

  @Test
  void pagesMatchesTheGoldenOutput() throws IOException {
    Path f = small();
    assertEquals(golden("small-pages.txt", f), ok("pages", f.toString()).out);
    assertEquals(golden("small-pages-name.txt", f), ok("pages", f.toString(), "--columns", "name").out);
  }

  @Test
  void dictionaryListsTheEntriesLogically() throws IOException {
    Path f = small();
    assertEquals("row group 0: 2 entries, PLAIN_DICTIONARY\n  0: \"ann\"\n  1: \"bob\"\n", ok("dictionary", "name", f.toString()).out);
    // parquet-java drops a dictionary no smaller than the plain values: day's two dates are written plain (meta: dict no)
    assertEquals("row group 0: no dictionary\n", ok("dictionary", "day", f.toString()).out);
    Result unknown = FileCommandsTest.run("dictionary", "nope", f.toString());
    assertEquals(2, unknown.status);
    assertEquals(List.of("dictionary: " + f + ": no column 'nope'; its columns are id, name, day"), unknown.err.lines().toList());
  }

  @Test
  void checkSaysAGoodFileIsOk() throws IOException {
    Path f = small();
    // 3 columns of one data page each, and name's dictionary page, all with CRCs; 3 entries per column
    assertEquals(f + ": ok, 1 row groups, 3 columns, 9 values, 4 pages, 4 with a CRC (verified)\n", ok("check", f.toString()).out);
  }

  /** Data pages of the only column of {@code file}: where each page's body starts in the file. */
  private static List<Long> bodies(Path file) throws IOException {
    ColumnChunkMetaData chunk;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      chunk = r.getRowGroups().get(0).getColumns().get(0);
    }
    byte[] bytes = Files.readAllBytes(file);
    List<Long> bodies = new ArrayList<>();
    long at = chunk.getStartingPos();
    long end = at + chunk.getTotalSize();
    while (at < end) {
      ByteArrayInputStream in = new ByteArrayInputStream(bytes, (int) at, (int) (end - at));
      int before = in.available();
      PageHeader h = Util.readPageHeader(in);
      long body = at + before - in.available();
      bodies.add(body);
      at = body + h.getCompressed_page_size();
    }
    return bodies;
  }

  @Test
  void checkNamesEveryCorruptPage() throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType("message m { required int64 v; }");
    SimpleGroupFactory g = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    for (long i = 0; i < 500; i++) {
      rows.add(g.newGroup().append("v", i * 1_000_003L));
    }
    Path good = write(dir.resolve("five-pages.parquet"), schema, rows, 100, false);
    List<Long> pages = bodies(good);
    assertEquals(5, pages.size(), "100 rows per page");
    byte[] bytes = Files.readAllBytes(good);
    bytes[(int) (long) pages.get(1) + 10] ^= 1;
    bytes[(int) (long) pages.get(3) + 20] ^= 1;
    Path bad = Files.write(dir.resolve("bad-pages.parquet"), bytes);
    Result check = FileCommandsTest.run("check", good.toString(), bad.toString());
    assertEquals(1, check.status);
    assertEquals(good + ": ok, 1 row groups, 1 columns, 500 values, 5 pages, 5 with a CRC (verified)\n", check.out);
    List<String> err = check.err.lines().toList();
    assertEquals(2, err.size(), check.err);
    // Each bad page is named with where its header starts in the file (before its body).
    List<Long> headers = new ArrayList<>();
    for (ChunkPages.Page p : ChunkPages.walk(bad, ParquetFiles.footer(bad).getBlocks().get(0).getColumns().get(0)).pages()) {
      headers.add(p.fileOffset());
    }
    assertTrue(headers.get(1) < pages.get(1) && headers.get(3) < pages.get(3) && headers.get(3) > pages.get(2), headers + " " + pages);
    assertTrue(err.get(0).startsWith("check: " + bad + ": column v, row group 0, page 1 at byte " + headers.get(1)
        + ": the page's CRC32 is "), err.get(0));
    assertTrue(err.get(0).endsWith(": the page's bytes are corrupt"), err.get(0));
    assertEquals("check: " + bad + ": column v, row group 0, page 3 at byte " + headers.get(3)
        + ": the page's CRC32 does not match its bytes: the page's bytes are corrupt", err.get(1));
    Result pagesOut = FileCommandsTest.run("pages", bad.toString());
    assertEquals(1, pagesOut.status, "pages exits 1 on a bad CRC");
    List<String> crcs = pagesOut.out.lines().skip(1).map(l -> l.substring(l.lastIndexOf(' ') + 1)).toList();
    assertEquals(List.of("ok", "BAD", "ok", "BAD", "ok"), crcs);
  }

  @Test
  void directoriesSkipMarkersAndHiddenFilesAndGlobsMatch() throws IOException {
    MessageType schema = MessageTypeParser.parseMessageType("message m { required int32 x; }");
    SimpleGroupFactory g = new SimpleGroupFactory(schema);
    Path out = Files.createDirectories(dir.resolve("out"));
    write(out.resolve("part-0.parquet"), schema, List.of(g.newGroup().append("x", 0)), 100, false);
    write(out.resolve("part-1.parquet"), schema, List.of(g.newGroup().append("x", 1)), 100, false);
    Files.createDirectories(out.resolve("year=2024"));
    write(out.resolve("year=2024/part-2.parquet"), schema, List.of(g.newGroup().append("x", 2)), 100, false);
    Files.createDirectories(out.resolve("_temporary"));
    write(out.resolve("_temporary/part-9.parquet"), schema, List.of(g.newGroup().append("x", 9)), 100, false);
    Files.writeString(out.resolve("_SUCCESS"), "");
    Files.writeString(out.resolve(".part-0.parquet.crc"), "not parquet");
    Files.writeString(out.resolve("part-0.parquet.crc"), "not parquet");
    assertEquals("{\"x\":0}\n{\"x\":1}\n{\"x\":2}\n", ok("cat", out.toString()).out);
    assertEquals("{\"x\":0}\n{\"x\":1}\n", ok("cat", out + "/*.parquet").out);
    assertEquals("{\"x\":2}\n", ok("cat", out + "/year=*/*.parquet").out);
    assertEquals("{\"x\":1}\n{\"x\":2}\n", ok("cat", out + "/part-1.parquet", out + "/year=2024").out);
    Result none = FileCommandsTest.run("cat", out + "/*.csv");
    assertEquals(2, none.status);
    assertEquals(List.of("cat: " + out + "/*.csv: no file matches the pattern (see parquet-fastdecode cat --help)"),
        none.err.lines().toList());
    Result several = ok("schema", out.toString());
    assertEquals(3, several.out.lines().filter(l -> l.startsWith("==> ")).count(), several.out);
  }
}
