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
package io.github.fastdecode.parquet.file;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.column.CodecExpansion;
import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files written by parquet-java (every codec it writes in the JVM, V1 and V2 pages, dictionaries,
 * tiny pages, several row groups): every page {@link RowGroupReader} hands out equals the page
 * parquet-hadoop's {@code ParquetFileReader} hands out for the same chunk, byte for byte and field
 * for field, with CRC verification on and off and with chunks read alone or coalesced.
 */
class RowGroupReaderTest {
  @TempDir
  static Path dir;

  static Stream<GeneratedFiles.Spec> files() {
    return GeneratedFiles.standard().stream();
  }

  @ParameterizedTest
  @MethodSource("files")
  void pagesEqualParquetHadoops(GeneratedFiles.Spec spec) throws IOException {
    Path file = GeneratedFiles.write(dir, spec);
    comparePages(file, PageSettings.defaults().withParquetHadoopPages(false));
    comparePages(file, PageSettings.defaults().withChecksumVerification(false).withCoalescing(0, 0));
  }

  /** Local files are read in pieces (odd sizes here, so pieces end inside pages and chunks): the same pages. */
  @org.junit.jupiter.api.Test
  void localReadsInPiecesGiveTheSamePages() throws IOException {
    List<GeneratedFiles.Spec> specs = GeneratedFiles.standard();
    for (int i = 0; i < specs.size(); i += 5) {
      Path file = GeneratedFiles.write(dir, specs.get(i));
      comparePages(file, PageSettings.defaults().withLocalReadPieces(1000));
      comparePages(file, PageSettings.defaults().withLocalReadPieces(1).withCoalescing(0, 0));
      comparePages(file, PageSettings.defaults().withLocalReadPieces(0));
    }
  }

  @org.junit.jupiter.api.Test
  void localFilesAreKnownByTheirInputFile() throws IOException {
    Path file = GeneratedFiles.write(dir, GeneratedFiles.standard().get(0));
    assertTrue(RowGroupReader.local(new LocalInputFile(file)));
    assertTrue(!RowGroupReader.local(new io.github.fastdecode.parquet.conformance.InMemoryInputFile(new byte[8])));
    org.apache.parquet.io.InputFile hadoop;
    try {
      hadoop = org.apache.parquet.hadoop.util.HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(file.toUri()),
          new org.apache.hadoop.conf.Configuration());
    } catch (UnsupportedOperationException e) {
      // Hadoop 3.4's user lookup calls Subject.getSubject, which JDK 23 and later refuse without
      // -Djava.security.manager=allow: no Hadoop file system to ask about on this JDK.
      org.junit.jupiter.api.Assumptions.abort("Hadoop's FileSystem cannot start on JDK " + Runtime.version().feature() + ": " + e.getMessage());
      return;
    }
    assertTrue(RowGroupReader.local(hadoop));
  }

  @org.junit.jupiter.api.Test
  void sharedBuffersAreReusedFromFileToFile() throws IOException {
    Path file = GeneratedFiles.write(dir, new GeneratedFiles.Spec(org.apache.parquet.column.ParquetProperties.WriterVersion.PARQUET_1_0,
        true, false, org.apache.parquet.hadoop.metadata.CompressionCodecName.SNAPPY, false, 10, false, 20_000, 11));
    PageBuffers buffers = new PageBuffers();
    PageSettings settings = PageSettings.defaults().withBuffers(buffers);
    comparePages(file, settings);
    long kept = buffers.retainedBytes();
    assertTrue(kept > 0, "the first reader gave its buffers back");
    for (int i = 0; i < 3; i++) {
      comparePages(file, settings);
      // Buffers are taken smallest-fit in the order columns need them, so a column may now and then
      // take another's and that one allocate; what is kept stays bounded, it does not grow per file.
      assertTrue(buffers.retainedBytes() <= 2 * kept, buffers.retainedBytes() + " bytes kept after file " + (i + 2) + ", " + kept + " after the first");
    }
    buffers.clear();
    assertEquals(0, buffers.retainedBytes());
  }

  static void comparePages(Path file, PageSettings settings) throws IOException {
    ParquetReadOptions options = ParquetReadOptions.builder().build();
    try (ParquetFileReader hadoop = ParquetFileReader.open(new LocalInputFile(file), options);
        RowGroupReader ours = new RowGroupReader(new LocalInputFile(file), options.getCodecFactory(), settings)) {
      List<ColumnDescriptor> columns = hadoop.getFooter().getFileMetaData().getSchema().getColumns();
      List<BlockMetaData> blocks = hadoop.getRowGroups();
      PageReadStore store;
      int rowGroup = 0;
      while ((store = hadoop.readNextRowGroup()) != null) {
        BlockMetaData block = blocks.get(rowGroup);
        long[] bounds = new long[columns.size()];
        for (int i = 0; i < bounds.length; i++) {
          bounds[i] = CodecExpansion.maxUncompressedPageBytes(block, ColumnPath.get(columns.get(i).getPath()));
        }
        PageReader[] pages = ours.read(block, rowGroup, columns, bounds);
        for (int i = 0; i < columns.size(); i++) {
          String where = file.getFileName() + " row group " + rowGroup + " column " + columns.get(i);
          comparePages(where, store.getPageReader(columns.get(i)), pages[i]);
        }
        rowGroup++;
      }
      assertEquals(blocks.size(), rowGroup);
    }
  }

  static void comparePages(String where, PageReader expected, PageReader actual) throws IOException {
    assertEquals(expected.getTotalValueCount(), actual.getTotalValueCount(), where);
    DictionaryPage ed = expected.readDictionaryPage();
    DictionaryPage ad = actual.readDictionaryPage();
    if (ed == null) {
      assertNull(ad, where);
    } else {
      assertNotNull(ad, where);
      assertEquals(ed.getDictionarySize(), ad.getDictionarySize(), where);
      assertEquals(ed.getEncoding(), ad.getEncoding(), where);
      assertArrayEquals(ed.getBytes().toByteArray(), ad.getBytes().toByteArray(), where + " dictionary");
    }
    long values = 0;
    int page = 0;
    while (values < expected.getTotalValueCount()) {
      DataPage e = expected.readPage();
      DataPage a = actual.readPage();
      String at = where + " page " + page++;
      assertNotNull(e, at);
      assertNotNull(a, at);
      assertEquals(e.getClass(), a.getClass(), at);
      assertEquals(e.getValueCount(), a.getValueCount(), at);
      values += e.getValueCount();
      if (e instanceof DataPageV1) {
        DataPageV1 e1 = (DataPageV1) e;
        DataPageV1 a1 = (DataPageV1) a;
        assertEquals(e1.getValueEncoding(), a1.getValueEncoding(), at);
        assertEquals(e1.getDlEncoding(), a1.getDlEncoding(), at);
        assertEquals(e1.getRlEncoding(), a1.getRlEncoding(), at);
        assertArrayEquals(e1.getBytes().toByteArray(), a1.getBytes().toByteArray(), at);
      } else {
        DataPageV2 e2 = (DataPageV2) e;
        DataPageV2 a2 = (DataPageV2) a;
        assertEquals(e2.getRowCount(), a2.getRowCount(), at);
        assertEquals(e2.getNullCount(), a2.getNullCount(), at);
        assertEquals(e2.getDataEncoding(), a2.getDataEncoding(), at);
        assertTrue(!a2.isCompressed(), at);
        assertArrayEquals(e2.getRepetitionLevels().toByteArray(), a2.getRepetitionLevels().toByteArray(), at);
        assertArrayEquals(e2.getDefinitionLevels().toByteArray(), a2.getDefinitionLevels().toByteArray(), at);
        assertArrayEquals(e2.getData().toByteArray(), a2.getData().toByteArray(), at);
      }
    }
  }
}
