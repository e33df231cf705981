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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.ParquetJavaRelease;
import io.github.fastdecode.parquet.conformance.ReaderConformance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole files through parquet-hadoop's {@link ParquetWriter} with the factory plugged in: the file
 * is byte for byte the one the default factory writes, parquet-java reads back every value, and
 * this library's readers decode every data page of the required columns to the same values, and
 * its column-chunk reader reads every column (nullable and repeated ones too) as parquet-java does.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class FastWriterFilesTest {
  private static final long SEED = 88_121L;
  private static final int ROWS = 30_000;
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m {"
      + " required boolean b; required int32 i; required int64 l; required float f; required double d;"
      + " required binary s (UTF8); required fixed_len_byte_array(16) x; required int96 t;"
      + " optional binary o; optional int64 ol; repeated int32 r; }");

  @TempDir
  Path dir;

  /** Row {@code k}: low-cardinality strings, sorted keys, wide and repeating numbers, nulls and lists. */
  static List<Group> rows(long seed) {
    Random r = new Random(seed);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    double[] doubles = DataShapes.doubles(ROWS, seed);
    float[] floats = DataShapes.floats(ROWS, seed);
    long[] longs = DataShapes.monotonic(ROWS, seed);
    byte[][] fixed = DataShapes.fixedBytes(40, 16, seed);
    byte[][] int96 = DataShapes.fixedBytes(ROWS, 12, seed);
    List<Group> rows = new ArrayList<>(ROWS);
    for (int k = 0; k < ROWS; k++) {
      Group g = groups.newGroup()
          .append("b", r.nextInt(7) == 0)
          .append("i", k < ROWS / 2 ? r.nextInt(100) : r.nextInt())
          .append("l", longs[k])
          .append("f", floats[k])
          .append("d", k % 3 == 0 ? doubles[k % 50] : doubles[k])
          .append("s", "city-" + (r.nextInt(30)))
          .append("x", Binary.fromConstantByteArray(fixed[r.nextInt(fixed.length)]))
          .append("t", Binary.fromConstantByteArray(int96[k]));
      if (r.nextInt(4) != 0) {
        g.append("o", String.format("customer/%08d/%s", k * 3, k % 11 == 0 ? "x".repeat(r.nextInt(300)) : ""));
      }
      if (r.nextBoolean()) {
        g.append("ol", r.nextLong());
      }
      for (int j = r.nextInt(4); j > 0; j--) {
        g.append("r", r.nextInt(1000));
      }
      rows.add(g);
    }
    return rows;
  }

  private Path write(String name, List<Group> rows, WriterVersion version, boolean dictionary, boolean byteStreamSplit, boolean fast)
      throws IOException {
    Path file = dir.resolve(name + (fast ? "-fast" : "-default") + ".parquet");
    ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
        .withWriterVersion(version)
        .withDictionaryEncoding(dictionary)
        .withDictionaryPageSize(4096) // some columns outgrow it and fall back mid-chunk
        .withByteStreamSplitEncoding(byteStreamSplit)
        .withPageSize(8 * 1024)
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
  void filesAreTheDefaultFactorysFilesAndReadBack() throws IOException {
    List<Group> rows = rows(SEED);
    int files = 0;
    for (WriterVersion version : WriterVersion.values()) {
      for (boolean dictionary : new boolean[] {true, false}) {
        for (boolean bss : new boolean[] {false, true}) {
          String name = version + "-dict" + dictionary + "-bss" + bss;
          Path expected = write(name, rows, version, dictionary, bss, false);
          Path actual = write(name, rows, version, dictionary, bss, true);
          byte[] e = Files.readAllBytes(expected);
          byte[] a = Files.readAllBytes(actual);
          assertEquals(-1, java.util.Arrays.mismatch(e, a), name + ": files differ (" + e.length + " vs " + a.length + " bytes)");
          assertEquals(rows.size(), readBack(actual, rows, name));
          decodeRequiredColumnsWithThisLibrary(actual, rows, name);
          // Every column, nullable and repeated ones too, through the column-chunk reader.
          ReaderConformance.assertFile(actual, ReaderConformance.fastdecode(1000, ColumnBatch.Layout.DENSE));
          files++;
        }
      }
    }
    assertEquals(8, files);
  }

  /** parquet-java's record reader: every row as written. */
  static int readBack(Path file, List<Group> rows, String name) throws IOException {
    int k = 0;
    int rowGroups = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      PageReadStore store;
      while ((store = reader.readNextRowGroup()) != null) {
        rowGroups++;
        RecordReader<Group> records = new ColumnIOFactory().getColumnIO(schema).getRecordReader(store, new GroupRecordConverter(schema));
        for (long i = 0; i < store.getRowCount(); i++, k++) {
          assertEquals(rows.get(k).toString(), records.read().toString(), name + " row " + k);
        }
      }
    }
    assertTrue(rowGroups > 1, name + ": expected several row groups, got " + rowGroups);
    return k;
  }

  /** The required numeric and byte-array columns, page by page, through {@link FastDecode}'s readers. */
  static void decodeRequiredColumnsWithThisLibrary(Path file, List<Group> rows, String name) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      int first = 0;
      PageReadStore store;
      while ((store = reader.readNextRowGroup()) != null) {
        for (String columnName : new String[] {"i", "l", "d", "s", "x"}) {
          ColumnDescriptor column = schema.getColumnDescription(new String[] {columnName});
          PageReader pages = store.getPageReader(column);
          DictionaryPage dictionaryPage = pages.readDictionaryPage();
          Dictionary dictionary = dictionaryPage == null ? null
              : dictionaryPage.getEncoding().initDictionary(column, dictionaryPage.copy());
          int row = first;
          DataPage page;
          while ((page = pages.readPage()) != null) {
            int n = page.getValueCount();
            BatchValuesReader values;
            ByteBufferInputStream in;
            org.apache.parquet.column.Encoding encoding;
            if (page instanceof DataPageV1) {
              encoding = ((DataPageV1) page).getValueEncoding();
              in = ((DataPageV1) page).getBytes().toInputStream();
            } else {
              encoding = ((DataPageV2) page).getDataEncoding();
              in = ((DataPageV2) page).getData().toInputStream();
            }
            values = encoding.usesDictionary() ? FastDecode.newDictionaryValuesReader(column, encoding, dictionary)
                : FastDecode.newValuesReader(column, encoding);
            values.initFromPage(n, in);
            String at = name + " column " + columnName + " rows " + row + ".." + (row + n) + " " + encoding;
            switch (columnName) {
              case "i": {
                int[] got = new int[n];
                values.readIntegers(got, 0, n);
                for (int k = 0; k < n; k++) {
                  assertEquals(rows.get(row + k).getInteger("i", 0), got[k], at);
                }
                break;
              }
              case "l": {
                long[] got = new long[n];
                values.readLongs(got, 0, n);
                for (int k = 0; k < n; k++) {
                  assertEquals(rows.get(row + k).getLong("l", 0), got[k], at);
                }
                break;
              }
              case "d": {
                double[] got = new double[n];
                values.readDoubles(got, 0, n);
                for (int k = 0; k < n; k++) {
                  // NaNs as this parquet-java writes them: canonical before 1.18
                  assertEquals(ParquetJavaRelease.writtenBits(rows.get(row + k).getDouble("d", 0)), Double.doubleToRawLongBits(got[k]), at);
                }
                break;
              }
              default: {
                BinaryBatch got = new BinaryBatch();
                values.readBinaries(got, n);
                for (int k = 0; k < n; k++) {
                  assertArrayEquals(rows.get(row + k).getBinary(columnName, 0).getBytes(), got.toByteArray(k), at + " value " + k);
                }
                break;
              }
            }
            row += n;
          }
          assertEquals(first + store.getRowCount(), row, name + " column " + columnName);
        }
        first += (int) store.getRowCount();
      }
      assertEquals(rows.size(), first);
    }
  }

  /** The README's example, as written there. */
  @Test
  void readmeExample() throws IOException {
    Path path = dir.resolve("readme.parquet");
    MessageType schema = MessageTypeParser.parseMessageType("message m { required binary name (UTF8); required int64 id; }");
    ParquetWriter<Group> writer = FastDecode.withFastValuesWriters(
            ExampleParquetWriter.builder(new LocalOutputFile(path))
                .withType(schema)
                .withWriterVersion(WriterVersion.PARQUET_2_0))
        .build();
    try (writer) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      for (int i = 0; i < 1000; i++) {
        writer.write(groups.newGroup().append("name", "n" + (i % 10)).append("id", (long) i));
      }
    }
    List<Group> expected = new ArrayList<>();
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    for (int i = 0; i < 1000; i++) {
      expected.add(groups.newGroup().append("name", "n" + (i % 10)).append("id", (long) i));
    }
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(path))) {
      PageReadStore store = reader.readNextRowGroup();
      RecordReader<Group> records = new ColumnIOFactory().getColumnIO(schema).getRecordReader(store, new GroupRecordConverter(schema));
      for (int i = 0; i < 1000; i++) {
        assertEquals(expected.get(i).toString(), records.read().toString());
      }
      // V2 with the default dictionary setting: the name column is dictionary-encoded, the id column DELTA_BINARY_PACKED.
      assertTrue(reader.getFooter().getBlocks().get(0).getColumns().get(1).getEncodings()
          .contains(org.apache.parquet.column.Encoding.DELTA_BINARY_PACKED));
    }
  }
}
