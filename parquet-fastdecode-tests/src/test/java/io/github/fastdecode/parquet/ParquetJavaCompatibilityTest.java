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
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import io.github.fastdecode.parquet.conformance.ParquetJavaRelease;
import io.github.fastdecode.parquet.conformance.ParquetJavaWriters;
import io.github.fastdecode.parquet.conformance.ReaderConformance;
import io.github.fastdecode.parquet.internal.ParquetJavaNaN;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What differs between the supported parquet-java releases (1.15 to 1.18), checked against the
 * release these tests run with: that it is the one the build asked for, that the implementation
 * choices made once at class load match what that release does, and that the kit's generated files
 * have the same shape on every release.
 */
class ParquetJavaCompatibilityTest {
  @TempDir
  Path dir;

  @Test
  void runsAgainstTheReleaseTheBuildAskedFor() {
    String asked = System.getProperty("fastdecode.test.parquetVersion");
    assertNotNull(asked, "the build passes -Dfastdecode.test.parquetVersion=${parquet.version}");
    System.out.println("ParquetJavaCompatibilityTest: parquet-java " + ParquetJavaRelease.VERSION);
    assertEquals(asked, ParquetJavaRelease.VERSION);
  }

  @Test
  void nanWritesFollowTheRelease() {
    boolean before118 = !ParquetJavaRelease.atLeast("1.18.0");
    // The kit's probe and core's are written separately; both say what the release notes say.
    assertEquals(before118, !ParquetJavaRelease.WRITES_NAN_PAYLOADS);
    assertEquals(before118, ParquetJavaNaN.PLAIN_CANONICAL);
    assertEquals(before118, ParquetJavaNaN.BYTE_STREAM_SPLIT_CANONICAL);
  }

  @Test
  void writerReuseAndBuilderSettingsFollowTheRelease() {
    assertEquals(ParquetJavaRelease.atLeast("1.18.0"), ParquetJavaRelease.REUSES_DICTIONARY_WRITERS_CLEANLY);
    assertEquals(ParquetJavaRelease.atLeast("1.16.0"), ParquetJavaWriters.hasRowGroupRowCountLimit());
  }

  @Test
  void versionComparison() {
    assertEquals(true, ParquetJavaRelease.atLeast("1.15.0"));
    assertEquals(false, ParquetJavaRelease.atLeast("99.0"));
    assertEquals(true, ParquetJavaRelease.atLeast(ParquetJavaRelease.VERSION));
  }

  /**
   * The kit's files have three row groups cut by row count on every release (on 1.15 joined from
   * one-row-group files), with column and offset indexes, BYTE_STREAM_SPLIT where asked for, and
   * the values parquet-java reads from them are what FastDecode reads.
   */
  @Test
  void generatedFilesHaveTheSameShapeOnEveryRelease() throws IOException {
    GeneratedFiles.Spec spec = new GeneratedFiles.Spec(WriterVersion.PARQUET_1_0, false, true, CompressionCodecName.SNAPPY, true, 10,
        false, 3000, 77L);
    Path file = GeneratedFiles.write(dir, spec);
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      List<BlockMetaData> blocks = reader.getFooter().getBlocks();
      long[] rows = blocks.stream().mapToLong(BlockMetaData::getRowCount).toArray();
      assertArrayEquals(new long[] {1001, 1001, 998}, rows);
      for (BlockMetaData block : blocks) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          String type = chunk.getPrimitiveType().getPrimitiveTypeName().name();
          assertNotNull(reader.readOffsetIndex(chunk), chunk.getPath() + " offset index");
          if (!type.equals("FLOAT") && !type.equals("DOUBLE") && !type.equals("INT96")) {
            // (INT96 has no order, so no statistics; a page with a NaN drops the column index of a
            // FLOAT/DOUBLE chunk before 1.18)
            assertNotNull(reader.readColumnIndex(chunk), chunk.getPath() + " column index");
          }
          boolean split = type.equals("FLOAT") || type.equals("DOUBLE") || type.equals("INT32") || type.equals("INT64")
              || type.equals("FIXED_LEN_BYTE_ARRAY");
          assertEquals(split, chunk.getEncodings().contains(Encoding.BYTE_STREAM_SPLIT), chunk.getPath() + " " + chunk.getEncodings());
        }
      }
      // The MessageType projection every release takes: one column, read back row group by row group.
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      ColumnDescriptor g = schema.getColumnDescription(new String[] {"g", "y"});
      reader.setRequestedSchema(ParquetBatchReader.projection(schema, List.of(g)));
      long total = 0;
      for (PageReadStore store; (store = reader.readNextRowGroup()) != null; ) {
        assertNotNull(store.getPageReader(g));
        total += store.getRowCount();
      }
      assertEquals(3000, total);
    }
    ReaderConformance.assertFile(file, ReaderConformance.fastdecode(97, ColumnBatch.Layout.DENSE));
  }
}
