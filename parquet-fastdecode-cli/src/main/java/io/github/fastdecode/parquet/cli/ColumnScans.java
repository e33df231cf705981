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

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.CodecExpansion;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import io.github.fastdecode.parquet.conformance.ColumnChecksum;
import io.github.fastdecode.parquet.file.PageSettings;
import io.github.fastdecode.parquet.file.RowGroupReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Whole-column scans of a file, once with parquet-java's {@code ColumnReadStore} path (one {@link
 * ColumnReader} call per value, as engines use it) and once with {@link ColumnChunkReader}. Both
 * fold every entry into one {@link ColumnChecksum}, so equal checksums mean the scans saw the same
 * values and neither side's work can be optimised away. File I/O and decompression: parquet-hadoop's
 * for parquet-java, the library's own pipeline for the library.
 */
final class ColumnScans {
  private ColumnScans() {}

  /** Scans {@code column} with parquet-java's column reader; returns the checksum. */
  public static long parquetJava(Path file, ColumnDescriptor column) throws IOException {
    ColumnChecksum checksum = new ColumnChecksum(column);
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), ParquetFiles.options())) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      reader.setRequestedSchema(List.of(column));
      PageReadStore store;
      while ((store = reader.readNextRowGroup()) != null) {
        ColumnReader r = new ColumnReadStoreImpl(store, new GroupRecordConverter(schema).getRootConverter(), schema, createdBy)
            .getColumnReader(column);
        for (long i = 0, n = r.getTotalValueCount(); i < n; i++) {
          checksum.addCurrent(r);
          r.consume();
        }
      }
    }
    return checksum.value();
  }

  /**
   * Scans {@code column} with this library, into {@code batch} (the column's, reused), its pages
   * read by the library's own pipeline ({@link RowGroupReader}); returns the checksum.
   */
  static long fastdecode(Path file, ColumnDescriptor column, ColumnBatch batch) throws IOException {
    ColumnChecksum checksum = new ColumnChecksum(column);
    ParquetReadOptions options = ParquetFiles.options();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options);
        RowGroupReader pages = new RowGroupReader(new LocalInputFile(file), options.getCodecFactory(), PageSettings.defaults())) {
      List<BlockMetaData> blocks = reader.getRowGroups();
      for (int g = 0; g < blocks.size(); g++) {
        ColumnChunkReader chunk = chunk(pages, blocks.get(g), g, column);
        while (chunk.readBatch(batch) > 0) {
          checksum.add(batch, batch.entryCount());
        }
      }
    }
    return checksum.value();
  }

  /** The reader of {@code column}'s chunk in row group {@code g}, its pages from {@code pages}. */
  static ColumnChunkReader chunk(RowGroupReader pages, BlockMetaData block, int g, ColumnDescriptor column) throws IOException {
    long maxPage = CodecExpansion.maxUncompressedPageBytes(block, ColumnPath.get(column.getPath()));
    PageReader p = pages.read(block, g, List.of(column), new long[] {maxPage})[0];
    return new ColumnChunkReader(column, p, g, maxPage);
  }
}
