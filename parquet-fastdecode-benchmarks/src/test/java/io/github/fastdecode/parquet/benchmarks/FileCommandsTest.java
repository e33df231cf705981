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
package io.github.fastdecode.parquet.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dump} and {@code scan} on small files written here. */
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

  static Result run(String command, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Result r = new Result();
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    r.status = command.equals("dump") ? DumpCommand.run(Arrays.asList(args), o, e) : ScanCommand.run(Arrays.asList(args), o, e);
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
  void dumpPrintsEveryPhysicalTypeAsTheFormatSays() throws IOException {
    for (WriterVersion v : WriterVersion.values()) {
      Result r = run("dump", typesFile(v).toString());
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
  void dumpColumnsKeepSchemaOrder() throws IOException {
    Result r = run("dump", typesFile(WriterVersion.PARQUET_1_0).toString(), "--columns", "u,b");
    assertEquals(0, r.status, r.err);
    assertTrue(r.out.startsWith("{\"b\":true,\"u\":-1}\n{\"b\":false,\"u\":null}\n"), r.out);
    Result unknown = run("dump", typesFile(WriterVersion.PARQUET_1_0).toString(), "--columns", "nope");
    assertEquals(2, unknown.status);
    assertTrue(unknown.err.contains("no column nope"), unknown.err);
  }

  @Test
  void nestedSchemaIsExitTwo() throws IOException {
    MessageType nested = MessageTypeParser.parseMessageType("message m { repeated int32 xs; }");
    Group g = new SimpleGroupFactory(nested).newGroup().append("xs", 1).append("xs", 2);
    Result r = run("dump", write("nested.parquet", nested, List.of(g), WriterVersion.PARQUET_1_0).toString());
    assertEquals(2, r.status);
    assertEquals("", r.out);
    assertEquals(1, r.err.strip().split("\n").length, r.err);
    assertTrue(r.err.contains("xs is repeated"), r.err);
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
    Result r = run("dump", bad.toString());
    assertTrue(r.status != 0);
    String[] errLines = r.err.strip().split("\n");
    assertEquals(1, errLines.length, r.err);
    assertTrue(errLines[0].startsWith("dump: " + bad + ": "), r.err);
    assertTrue(errLines[0].contains("row group 0"), r.err);
    assertFalse(r.err.contains("\tat "), "no stack trace without --verbose");
    Result verbose = run("dump", bad.toString(), "--verbose");
    assertTrue(verbose.err.contains("\tat "), "--verbose prints the stack trace");
  }

  @Test
  void missingFileAndBadArguments() {
    assertEquals(1, run("dump", dir.resolve("absent.parquet").toString()).status);
    assertEquals(2, run("dump").status);
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
}
