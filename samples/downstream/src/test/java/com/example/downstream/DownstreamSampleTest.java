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
package com.example.downstream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.Version;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user of parquet-fastdecode-core does with it, against the user's own parquet-java: write a
 * file through parquet-java's writer with FastDecode's values writers (it must be parquet-java's
 * file byte for byte), then read it back with FastDecode's batch reader and compare every value
 * with parquet-java's own record reader.
 */
class DownstreamSampleTest {
  static final long SEED = 20_261_125L;
  static final int ROWS = 20_000;
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message sample {"
      + " required int64 id; required double score; optional binary name (STRING); optional int32 bucket; }");

  @TempDir
  Path dir;

  static List<Group> rows() {
    Random r = new Random(SEED);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    List<Group> rows = new ArrayList<>(ROWS);
    for (int i = 0; i < ROWS; i++) {
      Group g = groups.newGroup()
          .append("id", 1_000_000L + 3L * i + r.nextInt(3))
          .append("score", i % 97 == 0 ? Double.NaN : i % 89 == 0 ? -0.0 : r.nextGaussian() * 1e6);
      if (r.nextInt(10) != 0) {
        g.append("name", "city-" + r.nextInt(i < ROWS / 2 ? 40 : 100_000));
      }
      if (r.nextInt(4) != 0) {
        g.append("bucket", r.nextInt(1 << (1 + i % 20)));
      }
      rows.add(g);
    }
    return rows;
  }

  Path write(String name, List<Group> rows, WriterVersion version, boolean fast) throws IOException {
    Path file = dir.resolve(name + (fast ? "-fastdecode" : "-parquet-java") + ".parquet");
    ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withWriterVersion(version)
        .withDictionaryPageSize(4096) // names outgrow the dictionary half way and fall back
        .withPageSize(16 * 1024)
        .withRowGroupSize(256 * 1024L);
    if (fast) {
      FastDecode.withFastValuesWriters(builder);
    }
    try (ParquetWriter<Group> writer = builder.build()) {
      for (Group g : rows) {
        writer.write(g);
      }
    }
    return file;
  }

  @Test
  void runsAgainstTheExpectedParquetJava() throws ReflectiveOperationException {
    // Read at run time: Version.FULL_VERSION is a constant that javac copies into this class.
    String running = (String) Version.class.getField("VERSION_NUMBER").get(null);
    System.out.println("parquet-java on the class path: " + Version.class.getField("FULL_VERSION").get(null));
    String expected = System.getProperty("expected.parquet.version");
    if (expected != null) {
      assertEquals(expected, running, "the parquet-java this build asked for");
    }
  }

  @Test
  void writesParquetJavasFilesAndReadsTheirValues() throws IOException {
    List<Group> rows = rows();
    for (WriterVersion version : WriterVersion.values()) {
      Path expected = write(version.name(), rows, version, false);
      Path actual = write(version.name(), rows, version, true);
      assertArrayEquals(Files.readAllBytes(expected), Files.readAllBytes(actual), version + ": FastDecode's file is not parquet-java's");
      assertEquals(ROWS, readBothWays(actual, version.name()));
    }
  }

  /** Every row through parquet-java's record reader and through FastDecode's batch reader, compared. */
  static int readBothWays(Path file, String label) throws IOException {
    List<Group> theirs = new ArrayList<>();
    try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(), new org.apache.hadoop.fs.Path(file.toUri())).build()) {
      for (Group g; (g = reader.read()) != null; ) {
        theirs.add(g);
      }
    }
    int row = 0;
    int batchesRead = 0;
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), List.of("id", "score", "name", "bucket"))) {
      // ROW_POSITIONS: row i's value at index i of every column, nulls flagged
      ColumnBatch[] batches = reader.newBatches(1000, ColumnBatch.Layout.ROW_POSITIONS);
      for (int n; (n = reader.nextBatch(batches)) > 0; batchesRead++) {
        long[] ids = batches[0].longs();
        double[] scores = batches[1].doubles();
        BinaryBatch names = batches[2].binaries();
        int[] buckets = batches[3].ints();
        for (int i = 0; i < n; i++, row++) {
          Group g = theirs.get(row);
          String at = label + " row " + row;
          assertEquals(g.getLong("id", 0), ids[i], at);
          assertEquals(Double.doubleToRawLongBits(g.getDouble("score", 0)), Double.doubleToRawLongBits(scores[i]), at);
          assertEquals(g.getFieldRepetitionCount("name") == 0, batches[2].isNull(i), at);
          if (!batches[2].isNull(i)) {
            assertEquals(g.getString("name", 0), names.toBinary(i).toStringUsingUTF8(), at);
          }
          assertEquals(g.getFieldRepetitionCount("bucket") == 0, batches[3].isNull(i), at);
          if (!batches[3].isNull(i)) {
            assertEquals(g.getInteger("bucket", 0), buckets[i], at);
          }
        }
      }
    }
    assertEquals(theirs.size(), row, label);
    assertTrue(batchesRead >= ROWS / 1000, label + ": " + batchesRead + " batches");
    return row;
  }
}
