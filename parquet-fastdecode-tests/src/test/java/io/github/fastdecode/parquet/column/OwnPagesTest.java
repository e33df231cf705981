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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ParquetBatchReader} over files parquet-java wrote with every codec it writes in the JVM
 * (V1 and V2 pages): the library's own pages, with CRC verification on and off, give exactly the
 * values parquet-hadoop's pages give (which the conformance tests check against parquet-java's own
 * reader); a bit flipped in a CRC'd page's values is a {@link ColumnReadException} naming the
 * column, row group and page.
 */
class OwnPagesTest {
  @TempDir
  static Path dir;

  static Stream<Arguments> files() {
    List<Arguments> cases = new ArrayList<>();
    long seed = 4242;
    for (WriterVersion v : WriterVersion.values()) {
      for (CompressionCodecName codec : GeneratedFiles.CODECS) {
        cases.add(Arguments.of(new GeneratedFiles.Spec(v, true, false, codec, false, 10, false, 4000, seed++)));
      }
    }
    return cases.stream();
  }

  static final PageSettings HADOOP = PageSettings.defaults().withParquetHadoopPages(true);
  static final PageSettings OWN = PageSettings.defaults().withParquetHadoopPages(false);
  static final PageSettings OWN_NO_CRC = OWN.withChecksumVerification(false);

  @ParameterizedTest
  @MethodSource("files")
  void ownPagesReadWhatParquetHadoopsDo(GeneratedFiles.Spec spec) throws IOException {
    Path file = GeneratedFiles.write(dir, spec);
    List<List<Object>> expected = read(file, HADOOP, false);
    assertEquals(expected, read(file, OWN, true), spec + " own pages");
    assertEquals(expected, read(file, OWN_NO_CRC, true), spec + " own pages, no CRC");
  }

  @ParameterizedTest
  @MethodSource("files")
  void aBitFlippedInACheckedPageIsCaught(GeneratedFiles.Spec spec) throws IOException {
    Path file = GeneratedFiles.write(dir, spec);
    byte[] bytes = Files.readAllBytes(file);
    // The last byte of r_i64's first data page in row group 0.
    int column = GeneratedFiles.SCHEMA.getFieldIndex("r_i64");
    long chunkStart;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      ColumnChunkMetaData c = r.getRowGroups().get(0).getColumns().get(column);
      chunkStart = c.getStartingPos();
    }
    int at = (int) chunkStart;
    PageHeader h;
    int bodyAt;
    while (true) {
      ByteArrayInputStream in = new ByteArrayInputStream(bytes, at, bytes.length - at);
      h = Util.readPageHeader(in);
      bodyAt = bytes.length - in.available();
      if (h.getType() == PageType.DATA_PAGE || h.getType() == PageType.DATA_PAGE_V2) {
        break;
      }
      at = bodyAt + h.getCompressed_page_size();
    }
    assertTrue(h.isSetCrc(), "parquet-java writes page CRCs by default");
    bytes[bodyAt + h.getCompressed_page_size() - 1] ^= 0x01;
    Path flipped = dir.resolve("flipped-" + spec.fileName());
    Files.write(flipped, bytes);
    ColumnReadException e = assertThrows(ColumnReadException.class, () -> read(flipped, OWN, true));
    assertEquals("r_i64", e.column(), e.getMessage());
    assertEquals(0, e.rowGroup(), e.getMessage());
    assertEquals(0, e.page(), e.getMessage());
    assertTrue(e.problem().contains("CRC32"), e.getMessage());
  }

  /** Every column's entries, in order: null or the value (binaries as byte lists). */
  static List<List<Object>> read(Path file, PageSettings settings, boolean own) throws IOException {
    List<List<Object>> columns = new ArrayList<>();
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), null, ParquetReadOptions.builder().build(), settings)) {
      assertEquals(own, reader.readsOwnPages());
      ColumnBatch[] batches = reader.newBatches(777, ColumnBatch.Layout.DENSE);
      for (int i = 0; i < batches.length; i++) {
        columns.add(new ArrayList<>());
      }
      int n;
      while ((n = reader.nextBatch(batches)) > 0) {
        for (int i = 0; i < batches.length; i++) {
          ColumnBatch b = batches[i];
          int k = 0;
          for (int row = 0; row < n; row++) {
            if (b.mayHaveNulls() && b.nulls()[row]) {
              columns.get(i).add(null);
            } else {
              columns.get(i).add(value(b, k++));
            }
          }
        }
      }
    }
    return columns;
  }

  private static Object value(ColumnBatch b, int k) {
    switch (b.type()) {
      case BOOLEAN:
        return b.booleans()[k];
      case INT32:
        return b.ints()[k];
      case INT64:
        return b.longs()[k];
      case FLOAT:
        return Float.floatToRawIntBits(b.floats()[k]);
      case DOUBLE:
        return Double.doubleToRawLongBits(b.doubles()[k]);
      default: {
        BinaryBatch v = b.binaries();
        byte[] bytes = Arrays.copyOfRange(v.bytes(), v.offset(k), v.offset(k) + v.length(k));
        List<Byte> list = new ArrayList<>();
        for (byte x : bytes) {
          list.add(x);
        }
        return list;
      }
    }
  }
}
