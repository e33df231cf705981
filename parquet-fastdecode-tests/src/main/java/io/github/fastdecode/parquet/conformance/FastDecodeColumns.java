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
package io.github.fastdecode.parquet.conformance;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.dictionary.DictionaryValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/** This library's readers producing {@link ColumnEntries}, for comparison with {@link ParquetJavaColumns}. */
public final class FastDecodeColumns {
  /** Stands for a row that a skip moved over. */
  public static final Object SKIPPED = new Object() {
    @Override
    public String toString() {
      return "<skipped>";
    }
  };

  private FastDecodeColumns() {}

  /**
   * Every entry of the given columns (null: all) through {@link ColumnChunkReader}, in batches of
   * {@code batchSize}; flat or repeated.
   */
  public static Map<String, ColumnEntries> read(Path file, List<ColumnDescriptor> columns, int batchSize, ColumnBatch.Layout layout) throws IOException {
    return read(file, columns, batchSize, layout, false);
  }

  /**
   * As {@link #read(Path, List, int, ColumnBatch.Layout)}; with {@code dictionaryIds}, batches keep
   * dictionary ids ({@link ColumnBatch#keepDictionaryIds()}, all types but BOOLEAN) and the entries
   * are the dictionary values the ids index.
   */
  public static Map<String, ColumnEntries> read(Path file, List<ColumnDescriptor> columns, int batchSize, ColumnBatch.Layout layout,
      boolean dictionaryIds) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      List<ColumnDescriptor> chosen = columns == null ? reader.getFooter().getFileMetaData().getSchema().getColumns() : columns;
      reader.setRequestedSchema(ParquetBatchReader.projection(reader.getFooter().getFileMetaData().getSchema(), chosen));
      Map<String, ColumnEntries> out = new LinkedHashMap<>();
      List<ColumnBatch> batches = new ArrayList<>();
      for (ColumnDescriptor c : chosen) {
        out.put(ParquetJavaColumns.name(c), new ColumnEntries(ParquetJavaColumns.name(c)));
        batches.add(keepIds(ColumnBatch.forColumn(c, batchSize, layout), dictionaryIds));
      }
      PageReadStore store;
      int rowGroup = 0;
      while ((store = reader.readNextRowGroup()) != null) {
        for (int i = 0; i < chosen.size(); i++) {
          ColumnDescriptor c = chosen.get(i);
          ColumnChunkReader chunk = new ColumnChunkReader(c, store.getPageReader(c), rowGroup);
          ColumnBatch batch = batches.get(i);
          while (chunk.readBatch(batch) > 0) {
            append(batch, out.get(ParquetJavaColumns.name(c)));
          }
        }
        rowGroup++;
      }
      return out;
    }
  }

  private static ColumnBatch keepIds(ColumnBatch batch, boolean dictionaryIds) {
    return dictionaryIds && batch.type() != PrimitiveTypeName.BOOLEAN ? batch.keepDictionaryIds() : batch;
  }

  /** Appends a batch's entries. */
  public static void append(ColumnBatch batch, ColumnEntries to) {
    int maxDef = batch.column().getMaxDefinitionLevel();
    boolean positioned = !batch.isNested() && batch.layout() == ColumnBatch.Layout.ROW_POSITIONS;
    for (int i = 0, k = 0; i < batch.entryCount(); i++) {
      int rep = batch.isNested() ? batch.repetitionLevels()[i] : 0;
      int def = batch.isNested() ? batch.definitionLevels()[i] : batch.isNull(i) ? -1 : maxDef;
      if (def == maxDef) {
        to.add(rep, def, value(batch, positioned ? i : k++));
      } else {
        to.add(rep, def, null);
        if (positioned) {
          checkZero(batch, i);
        }
      }
    }
  }

  /** Null rows placed at row positions must hold a zero value (id 0 when the batch holds ids). */
  private static void checkZero(ColumnBatch batch, int i) {
    if (batch.hasDictionaryIds()) {
      if (batch.dictionaryIds()[i] != 0) {
        throw new AssertionError(batch.column() + ": null row " + i + " holds dictionary id " + batch.dictionaryIds()[i]);
      }
      return;
    }
    Object v = value(batch, i);
    boolean zero = v instanceof byte[] ? ((byte[]) v).length == 0
        : v instanceof Boolean ? !((Boolean) v) : ((Number) v).doubleValue() == 0;
    if (!zero) {
      throw new AssertionError(batch.column() + ": null row " + i + " holds " + ColumnEntries.describe(v));
    }
  }

  /** Value {@code i} of a batch, boxed (looked up in the dictionary when the batch holds ids). */
  public static Object value(ColumnBatch batch, int i) {
    if (batch.hasDictionaryIds()) {
      return entry(batch.dictionary(), batch.dictionaryIds()[i]);
    }
    switch (batch.type()) {
      case BOOLEAN:
        return batch.booleans()[i];
      case INT32:
        return batch.ints()[i];
      case INT64:
        return batch.longs()[i];
      case FLOAT:
        return batch.floats()[i];
      case DOUBLE:
        return batch.doubles()[i];
      default:
        BinaryBatch b = batch.binaries();
        return b.toByteArray(i);
    }
  }

  /** Dictionary entry {@code id}, boxed. */
  public static Object entry(DictionaryValues dictionary, int id) {
    switch (dictionary.type()) {
      case INT32:
        return dictionary.ints()[id];
      case INT64:
        return dictionary.longs()[id];
      case FLOAT:
        return dictionary.floats()[id];
      case DOUBLE:
        return dictionary.doubles()[id];
      default:
        return dictionary.binaries().toByteArray(id);
    }
  }

  /**
   * Every column of a flat file through {@link ParquetBatchReader}, alternating reads of up to
   * {@code batchSize} rows and skips of random length (seeded): one value per row, {@link #SKIPPED}
   * where a skip moved over the row.
   */
  public static Map<String, List<Object>> readFlatWithSkips(Path file, int batchSize, ColumnBatch.Layout layout, long seed) throws IOException {
    return readFlatWithSkips(file, batchSize, layout, seed, false);
  }

  /** As {@link #readFlatWithSkips(Path, int, ColumnBatch.Layout, long)}, keeping dictionary ids if asked. */
  public static Map<String, List<Object>> readFlatWithSkips(Path file, int batchSize, ColumnBatch.Layout layout, long seed,
      boolean dictionaryIds) throws IOException {
    Random random = new Random(seed);
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file))) {
      Map<String, List<Object>> out = new LinkedHashMap<>();
      for (ColumnDescriptor c : reader.columns()) {
        out.put(ParquetJavaColumns.name(c), new ArrayList<>());
      }
      ColumnBatch[] batches = reader.newBatches(batchSize, layout);
      for (ColumnBatch b : batches) {
        keepIds(b, dictionaryIds);
      }
      while (reader.remainingRows() > 0) {
        if (random.nextInt(3) == 0) {
          long skip = Math.min(reader.remainingRows(), random.nextInt(3 * batchSize + 1));
          reader.skipRows(skip);
          for (List<Object> values : out.values()) {
            for (long i = 0; i < skip; i++) {
              values.add(SKIPPED);
            }
          }
          continue;
        }
        int rows = reader.nextBatch(batches);
        if (rows == 0) {
          throw new AssertionError(file + ": no rows read with " + reader.remainingRows() + " left");
        }
        for (int i = 0; i < batches.length; i++) {
          ColumnEntries e = new ColumnEntries("");
          append(batches[i], e);
          out.get(ParquetJavaColumns.name(batches[i].column())).addAll(e.values());
        }
      }
      return out;
    }
  }
}
