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

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.CodecExpansion;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
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
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Whole-column scans of a file, once with parquet-java's {@code ColumnReadStore} path (one {@link
 * ColumnReader} call per value, as engines use it) and once with {@link ColumnChunkReader}. Both
 * fold every entry (definition level and value bits) into the same checksum, so equal checksums
 * mean the scans saw the same values and neither side's work can be optimised away. File I/O and
 * decompression: parquet-hadoop's for parquet-java, the library's own pipeline for the library. (A copy of the benchmarks' class
 * of the same name, which the JMH benchmarks keep using: the tool does not ship JMH.)
 */
final class ColumnScans {
  private ColumnScans() {}

  /** Scans {@code column} with parquet-java's column reader; returns the checksum. */
  public static long parquetJava(Path file, ColumnDescriptor column) throws IOException {
    long h = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), ParquetFiles.options())) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      reader.setRequestedSchema(List.of(column));
      PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
      int maxDef = column.getMaxDefinitionLevel();
      boolean nested = column.getMaxRepetitionLevel() > 0;
      PageReadStore store;
      while ((store = reader.readNextRowGroup()) != null) {
        ColumnReader r = new ColumnReadStoreImpl(store, new GroupRecordConverter(schema).getRootConverter(), schema, createdBy)
            .getColumnReader(column);
        for (long i = 0, n = r.getTotalValueCount(); i < n; i++) {
          int d = r.getCurrentDefinitionLevel();
          if (nested) {
            h = h * 31 + r.getCurrentRepetitionLevel();
          }
          // A flat column's batch knows only "null", not which level: fold nulls as -1 on both sides.
          h = h * 31 + (d == maxDef || nested ? d : -1);
          if (d == maxDef) {
            switch (type) {
              case BOOLEAN:
                h = h * 31 + (r.getBoolean() ? 1 : 0);
                break;
              case INT32:
                h = h * 31 + r.getInteger();
                break;
              case INT64:
                h = h * 31 + r.getLong();
                break;
              case FLOAT:
                h = h * 31 + Float.floatToRawIntBits(r.getFloat());
                break;
              case DOUBLE:
                h = h * 31 + Double.doubleToRawLongBits(r.getDouble());
                break;
              default:
                Binary b = r.getBinary();
                h = h * 31 + bytesHash(b.getBytesUnsafe(), 0, b.length());
                break;
            }
          }
          r.consume();
        }
      }
    }
    return h;
  }

  /**
   * Scans {@code column} with this library, into {@code batch} (the column's, reused), its pages
   * read by the library's own pipeline ({@link RowGroupReader}); returns the checksum.
   */
  static long fastdecode(Path file, ColumnDescriptor column, ColumnBatch batch) throws IOException {
    long h = 0;
    ParquetReadOptions options = ParquetFiles.options();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options);
        RowGroupReader pages = new RowGroupReader(new LocalInputFile(file), options.getCodecFactory(), PageSettings.defaults())) {
      int maxDef = column.getMaxDefinitionLevel();
      boolean nested = column.getMaxRepetitionLevel() > 0;
      List<BlockMetaData> blocks = reader.getRowGroups();
      for (int g = 0; g < blocks.size(); g++) {
        ColumnChunkReader chunk = chunk(pages, blocks.get(g), g, column);
        while (chunk.readBatch(batch) > 0) {
          h = fold(h, batch, batch.entryCount(), maxDef, nested);
        }
      }
    }
    return h;
  }

  /** The reader of {@code column}'s chunk in row group {@code g}, its pages from {@code pages}. */
  static ColumnChunkReader chunk(RowGroupReader pages, BlockMetaData block, int g, ColumnDescriptor column) throws IOException {
    long maxPage = CodecExpansion.maxUncompressedPageBytes(block, ColumnPath.get(column.getPath()));
    PageReader p = pages.read(block, g, List.of(column), new long[] {maxPage})[0];
    return new ColumnChunkReader(column, p, g, maxPage);
  }

  /**
   * Folds a dense batch into the checksum exactly as {@link #parquetJava} folds entries. The type
   * switch is outside the loops, so each loop is a plain array walk.
   */
  private static long fold(long h, ColumnBatch batch, int n, int maxDef, boolean nested) {
    if (batch.hasDictionaryIds() && batch.dictionary().binaries() == null) {
      throw new UnsupportedOperationException("checksums of dictionary ids cover byte-array columns only");
    }
    int[] levels = levelsOf(batch, n, maxDef, nested);
    int[] repetition = batch.repetitionLevels();
    int k = 0;
    switch (batch.type()) {
      case BOOLEAN: {
        boolean[] v = batch.booleans();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = levels[i];
          h = h * 31 + d;
          if (d == maxDef) {
            h = h * 31 + (v[k++] ? 1 : 0);
          }
        }
        return h;
      }
      case INT32: {
        int[] v = batch.ints();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = levels[i];
          h = h * 31 + d;
          if (d == maxDef) {
            h = h * 31 + v[k++];
          }
        }
        return h;
      }
      case INT64: {
        long[] v = batch.longs();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = levels[i];
          h = h * 31 + d;
          if (d == maxDef) {
            h = h * 31 + v[k++];
          }
        }
        return h;
      }
      case FLOAT: {
        float[] v = batch.floats();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = levels[i];
          h = h * 31 + d;
          if (d == maxDef) {
            h = h * 31 + Float.floatToRawIntBits(v[k++]);
          }
        }
        return h;
      }
      case DOUBLE: {
        double[] v = batch.doubles();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = levels[i];
          h = h * 31 + d;
          if (d == maxDef) {
            h = h * 31 + Double.doubleToRawLongBits(v[k++]);
          }
        }
        return h;
      }
      default: {
        // A batch of dictionary ids folds the entries they index.
        boolean ids = batch.hasDictionaryIds();
        BinaryBatch v = ids ? batch.dictionary().binaries() : batch.binaries();
        int[] idArray = batch.dictionaryIds();
        byte[] bytes = v.bytes();
        int[] offsets = v.offsets();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = levels[i];
          h = h * 31 + d;
          if (d == maxDef) {
            int e = ids ? idArray[k] : k;
            h = h * 31 + bytesHash(bytes, offsets[e], offsets[e + 1] - offsets[e]);
            k++;
          }
        }
        return h;
      }
    }
  }

  /** Reused across batches; scans run on one thread (a command, or one JMH benchmark thread). */
  private static int[] levelScratch = new int[0];

  /** Levels as {@link #parquetJava} folds them: a flat column's null is -1, its values maxDef. */
  private static int[] levelsOf(ColumnBatch batch, int n, int maxDef, boolean nested) {
    if (nested) {
      return batch.definitionLevels();
    }
    if (levelScratch.length < n) {
      levelScratch = new int[n];
    }
    int[] levels = levelScratch;
    boolean[] nulls = batch.nulls();
    if (nulls.length == 0) {
      java.util.Arrays.fill(levels, 0, n, maxDef);
    } else {
      for (int i = 0; i < n; i++) {
        levels[i] = nulls[i] ? -1 : maxDef;
      }
    }
    return levels;
  }


  static long bytesHash(byte[] b, int from, int length) {
    long h = length;
    for (int i = from, end = from + length; i < end; i++) {
      h = h * 31 + b[i];
    }
    return h;
  }
}
