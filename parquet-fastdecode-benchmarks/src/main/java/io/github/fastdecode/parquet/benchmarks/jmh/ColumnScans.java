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
package io.github.fastdecode.parquet.benchmarks.jmh;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import io.github.fastdecode.parquet.conformance.ColumnChecksum;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Whole-column scans of a file, once with parquet-java's {@code ColumnReadStore} path (one {@link
 * ColumnReader} call per value, as engines use it) and once with {@link ColumnChunkReader}. Both
 * fold every entry into one {@link ColumnChecksum}, so equal checksums mean the scans saw the same
 * values and neither side's work can be optimised away. File I/O and decompression are the same
 * parquet-hadoop code on both sides.
 */
public final class ColumnScans {
  private ColumnScans() {}

  /** Scans {@code column} with parquet-java's column reader; returns the checksum. */
  public static long parquetJava(Path file, ColumnDescriptor column) throws IOException {
    ColumnChecksum checksum = new ColumnChecksum(column);
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
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

  /** Scans {@code column} with this library, into {@code batch} (the column's, reused); returns the checksum. */
  public static long fastdecode(Path file, ColumnDescriptor column, ColumnBatch batch) throws IOException {
    ColumnChecksum checksum = new ColumnChecksum(column);
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      reader.setRequestedSchema(List.of(column));
      PageReadStore store;
      int rowGroup = 0;
      while ((store = reader.readNextRowGroup()) != null) {
        ColumnChunkReader chunk = new ColumnChunkReader(column, store.getPageReader(column), rowGroup++);
        int n;
        while ((n = chunk.readBatch(batch)) > 0) {
          checksum.add(batch, batch.entryCount());
        }
      }
    }
    return checksum.value();
  }

  /**
   * What a batch reader built on parquet-java's column reader fills: per entry its definition level
   * and, when defined, its value at the same position; reused, wrapping every {@code capacity}
   * entries as batches would.
   */
  static final class ParquetJavaBatch {
    final int[] levels;
    final boolean[] booleans;
    final int[] ints;
    final long[] longs;
    final float[] floats;
    final double[] doubles;
    final Binary[] binaries;
    /** Dictionary ids instead of values ({@code ColumnReader.getCurrentValueDictionaryID()}), or null. */
    final int[] ids;

    ParquetJavaBatch(PrimitiveTypeName type, int capacity, boolean dictionaryIds) {
      ids = dictionaryIds ? new int[capacity] : null;
      levels = new int[capacity];
      booleans = new boolean[type == PrimitiveTypeName.BOOLEAN ? capacity : 0];
      ints = new int[type == PrimitiveTypeName.INT32 ? capacity : 0];
      longs = new long[type == PrimitiveTypeName.INT64 ? capacity : 0];
      floats = new float[type == PrimitiveTypeName.FLOAT ? capacity : 0];
      doubles = new double[type == PrimitiveTypeName.DOUBLE ? capacity : 0];
      boolean binary = type == PrimitiveTypeName.BINARY || type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
          || type == PrimitiveTypeName.INT96;
      binaries = new Binary[binary ? capacity : 0];
    }
  }

  /**
   * Scans a flat {@code column} with parquet-java's column reader into reused arrays, one call per
   * value, the way a batch reader on top of it works; returns the number of non-null values. This is
   * what {@link ColumnScanBenchmark} times: the checksum scans above prove both sides equal, but
   * their serial multiply chain per value would cost as much as the decoding being measured.
   */
  static long parquetJavaIntoArrays(Path file, ColumnDescriptor column, ParquetJavaBatch out) throws IOException {
    long values = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      reader.setRequestedSchema(List.of(column));
      PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
      int maxDef = column.getMaxDefinitionLevel();
      int[] levels = out.levels;
      int[] ids = out.ids;
      int capacity = levels.length;
      PageReadStore store;
      while ((store = reader.readNextRowGroup()) != null) {
        GroupConverter root = ids != null ? new DictionaryIdConverter() : new GroupRecordConverter(schema).getRootConverter();
        ColumnReader r = new ColumnReadStoreImpl(store, root, schema, createdBy).getColumnReader(column);
        int j = 0;
        for (long i = 0, n = r.getTotalValueCount(); i < n; i++) {
          int d = r.getCurrentDefinitionLevel();
          levels[j] = d;
          if (d == maxDef) {
            values++;
            if (ids != null) {
              ids[j] = r.getCurrentValueDictionaryID();
              r.consume();
              if (++j == capacity) {
                j = 0;
              }
              continue;
            }
            // The type is fixed for the scan, so the JIT hoists this switch out of the loop.
            switch (type) {
              case BOOLEAN:
                out.booleans[j] = r.getBoolean();
                break;
              case INT32:
                out.ints[j] = r.getInteger();
                break;
              case INT64:
                out.longs[j] = r.getLong();
                break;
              case FLOAT:
                out.floats[j] = r.getFloat();
                break;
              case DOUBLE:
                out.doubles[j] = r.getDouble();
                break;
              default:
                out.binaries[j] = r.getBinary();
                break;
            }
          }
          r.consume();
          if (++j == capacity) {
            j = 0;
          }
        }
      }
    }
    return values;
  }

  /** Scans {@code column} with this library into {@code batch}; returns the number of non-null values. */
  static long fastdecodeIntoBatches(Path file, ColumnDescriptor column, ColumnBatch batch) throws IOException {
    long values = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      reader.setRequestedSchema(List.of(column));
      PageReadStore store;
      int rowGroup = 0;
      while ((store = reader.readNextRowGroup()) != null) {
        ColumnChunkReader chunk = new ColumnChunkReader(column, store.getPageReader(column), rowGroup++);
        while (chunk.readBatch(batch) > 0) {
          values += batch.valueCount();
        }
      }
    }
    return values;
  }

  /**
   * A flat schema's converter whose leaves take dictionary ids, so parquet-java's column reader keeps
   * ids ({@code getCurrentValueDictionaryID()}) as it does for engines with dictionary support.
   */
  private static final class DictionaryIdConverter extends GroupConverter {
    private final PrimitiveConverter leaf = new PrimitiveConverter() {
      @Override
      public boolean hasDictionarySupport() {
        return true;
      }

      @Override
      public void setDictionary(Dictionary dictionary) {}

      @Override
      public void addValueFromDictionary(int dictionaryId) {}
    };

    @Override
    public Converter getConverter(int fieldIndex) {
      return leaf;
    }

    @Override
    public void start() {}

    @Override
    public void end() {}
  }
}
