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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.ColumnEntries;
import io.github.fastdecode.parquet.conformance.FastDecodeColumns;
import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import io.github.fastdecode.parquet.conformance.ParquetJavaColumns;
import io.github.fastdecode.parquet.conformance.ReaderConformance;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files written by parquet-java (every encoding it writes, V1/V2 pages, codecs, tiny pages, several
 * row groups, 0/10/100% nulls) read with {@link ColumnChunkReader} and {@link ParquetBatchReader}
 * and compared with parquet-java's record reader and column reader.
 */
class ColumnChunkReaderRoundTripTest {
  @TempDir
  static Path dir;

  static List<Path> files;
  static final Set<String> seenEncodings = new TreeSet<>();
  static final Set<String> seenPageKinds = new TreeSet<>();

  @BeforeAll
  static void write() throws IOException {
    files = GeneratedFiles.writeStandard(dir);
  }

  static Stream<GeneratedFiles.Spec> specs() {
    return GeneratedFiles.standard().stream();
  }

  private static Path file(GeneratedFiles.Spec spec) {
    return dir.resolve(spec.fileName());
  }

  @ParameterizedTest
  @MethodSource("specs")
  void batchesMatchTheRecordReader(GeneratedFiles.Spec spec) throws IOException {
    Path f = file(spec);
    Map<String, List<Object>> records = ParquetJavaColumns.readRecords(f);
    Map<String, ColumnEntries> columns = ParquetJavaColumns.read(f, null);
    for (String c : records.keySet()) {
      // The two parquet-java paths agree with each other first, so a mismatch below is ours.
      assertNoMismatch(ReaderConformance.compare(f.toString(), c, records.get(c), columns.get(c).values()));
    }
    for (int batch : new int[] {3, 1000}) {
      for (ColumnBatch.Layout layout : ColumnBatch.Layout.values()) {
        for (boolean ids : new boolean[] {false, true}) {
          Map<String, ColumnEntries> ours = FastDecodeColumns.read(f, null, batch, layout, ids);
          for (String c : records.keySet()) {
            assertNoMismatch(ReaderConformance.compare(f + " batch " + batch + " " + layout + (ids ? " ids" : ""), c, records.get(c), ours.get(c).values()));
          }
        }
      }
    }
    recordEncodings(f);
  }

  @ParameterizedTest
  @MethodSource("specs")
  void skipsMatchTheRecordReader(GeneratedFiles.Spec spec) throws IOException {
    Path f = file(spec);
    Map<String, List<Object>> records = ParquetJavaColumns.readRecords(f);
    for (long seed = 1; seed <= 3; seed++) {
      for (int batch : new int[] {5, 333}) {
        ColumnBatch.Layout layout = seed % 2 == 0 ? ColumnBatch.Layout.ROW_POSITIONS : ColumnBatch.Layout.DENSE;
        Map<String, List<Object>> ours = FastDecodeColumns.readFlatWithSkips(f, batch, layout, seed, seed == 3);
        for (String c : records.keySet()) {
          assertNoMismatch(ReaderConformance.compare(f + " skips seed " + seed + " batch " + batch, c, records.get(c), ours.get(c)));
        }
      }
    }
  }

  @Test
  void theKitsFastdecodeSourcePasses() throws IOException {
    for (int i = 0; i < 4; i++) {
      ReaderConformance.assertFile(files.get(i * 7), ReaderConformance.fastdecode(100, ColumnBatch.Layout.DENSE));
      ReaderConformance.assertFile(files.get(i * 7 + 1), ReaderConformance.fastdecodeWithDictionaryIds(100, ColumnBatch.Layout.ROW_POSITIONS));
    }
  }

  @Test
  void nullMaskAndCountsDescribeTheRows() throws IOException {
    GeneratedFiles.Spec spec = GeneratedFiles.standard().get(1); // 10% nulls
    Path f = file(spec);
    Map<String, List<Object>> records = ParquetJavaColumns.readRecords(f);
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), List.of("o_i64", "r_i32"))) {
      ColumnBatch[] batches = reader.newBatches(500, ColumnBatch.Layout.DENSE);
      int row = 0;
      int rows;
      while ((rows = reader.nextBatch(batches)) > 0) {
        ColumnBatch b = batches[0];
        int nulls = 0;
        for (int i = 0; i < rows; i++) {
          boolean expectNull = records.get("o_i64").get(row + i) == null;
          assertEquals(expectNull, b.isNull(i), "row " + (row + i));
          nulls += expectNull ? 1 : 0;
        }
        assertEquals(nulls, b.nullCount());
        assertEquals(rows - nulls, b.valueCount());
        assertEquals(0, batches[1].nullCount());
        assertFalse(batches[1].mayHaveNulls(), "a required column has no nulls");
        for (int i = 0; i < rows; i++) {
          assertFalse(batches[1].nulls()[i], "a required column's null mask is all false");
        }
        row += rows;
      }
      assertEquals(spec.rows, row);
      assertEquals(0, reader.remainingRows());
    }
  }

  private void recordEncodings(Path f) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(f))) {
      for (BlockMetaData block : r.getRowGroups()) {
        for (ColumnChunkMetaData c : block.getColumns()) {
          for (Encoding e : c.getEncodings()) {
            synchronized (seenEncodings) {
              seenEncodings.add(e.name() + " " + c.getPrimitiveType().getPrimitiveTypeName());
            }
          }
        }
      }
      PageReadStore store = r.readNextRowGroup();
      PageReader pages = store.getPageReader(r.getFooter().getFileMetaData().getSchema().getColumns().get(0));
      DataPage p = pages.readPage();
      synchronized (seenPageKinds) {
        seenPageKinds.add(p instanceof DataPageV2 ? "V2" : "V1");
      }
    }
  }

  /** The files really exercise what they claim: checked once all files were read. */
  @AfterAll
  static void everyEncodingWasWritten() {
    if (seenEncodings.isEmpty()) {
      return; // the parameterized tests did not run (filtered out)
    }
    List<String> wanted = new ArrayList<>();
    for (String type : new String[] {"FLOAT", "DOUBLE", "INT32", "INT64", "FIXED_LEN_BYTE_ARRAY"}) {
      wanted.add("BYTE_STREAM_SPLIT " + type);
    }
    wanted.addAll(List.of("DELTA_BINARY_PACKED INT32", "DELTA_BINARY_PACKED INT64", "DELTA_BYTE_ARRAY BINARY",
        "DELTA_BYTE_ARRAY FIXED_LEN_BYTE_ARRAY", "RLE_DICTIONARY INT64", "PLAIN_DICTIONARY INT64", "PLAIN_DICTIONARY BINARY",
        "RLE_DICTIONARY BINARY", "PLAIN BOOLEAN", "RLE BOOLEAN", "PLAIN INT96", "PLAIN BINARY"));
    for (String w : wanted) {
      assertTrue(seenEncodings.contains(w), "no generated file used " + w + "; seen " + seenEncodings);
    }
    assertEquals(Set.of("V1", "V2"), seenPageKinds);
    assertTrue(EnumSet.allOf(Encoding.class).size() > 0);
  }

  private static void assertNoMismatch(Optional<ReaderConformance.Mismatch> m) {
    if (m.isPresent()) {
      throw new AssertionError(m.get().toString());
    }
  }
}
