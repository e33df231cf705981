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
package io.github.fastdecode.parquet.denserow;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.dictionary.DictionaryValues;
import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;

/**
 * {@link DenseRows#forColumns}: rows of flat {@link ColumnBatch}es (one per column, as {@code
 * ParquetBatchReader} fills them) as a batch for {@link DenseRowCodec}. Columns read with {@code
 * Layout.ROW_POSITIONS} are shared, not copied; {@code Layout.DENSE} columns are spread to row
 * positions once. Dictionary ids ({@code keepDictionaryIds()}) stay ids: the codec encodes each
 * dictionary entry once per batch. Reuse one instance per reader: loading allocates only when a
 * column or dictionary grows.
 */
final class ColumnBatchRows {
  private final ColumnDescriptor[] columns;
  private final DenseType rowType;
  private final DenseVector batch;
  private final DenseVector[] shared;
  private final DenseVector[] owned;
  private final DictionaryValues[] lastDictionary;
  private final DenseVector[] dictionaries;

  ColumnBatchRows(ColumnDescriptor... columns) {
    this.columns = columns.clone();
    DenseType[] fields = new DenseType[columns.length];
    for (int i = 0; i < columns.length; i++) {
      fields[i] = DenseType.of(columns[i]);
    }
    this.rowType = DenseType.row(false, fields);
    this.batch = DenseVector.create(rowType, 1);
    this.shared = new DenseVector[columns.length];
    this.owned = new DenseVector[columns.length];
    this.lastDictionary = new DictionaryValues[columns.length];
    this.dictionaries = new DenseVector[columns.length];
    for (int i = 0; i < columns.length; i++) {
      shared[i] = DenseVector.create(fields[i], 1);
      owned[i] = DenseVector.create(fields[i], 1);
    }
  }

  /** The row type: one field per column, {@link DenseType#of} each. */
  DenseType rowType() {
    return rowType;
  }

  /**
   * The rows of {@code batches} (one per column, in the constructor's order, equal row counts) as a
   * batch of {@link #rowType()}; valid until the next load or until the column batches are read
   * again. Do not append to it.
   */
  DenseVector load(ColumnBatch... batches) {
    if (batches.length != columns.length) {
      throw new IllegalArgumentException(batches.length + " batches for " + columns.length + " columns");
    }
    int rows = -1;
    for (int c = 0; c < batches.length; c++) {
      ColumnBatch b = batches[c];
      if (!b.column().equals(columns[c]) || b.isNested()) {
        throw new IllegalArgumentException("batch " + c + " is of " + Arrays.toString(b.column().getPath())
            + (b.isNested() ? " (nested)" : "") + ", not of flat column " + Arrays.toString(columns[c].getPath()));
      }
      if (rows >= 0 && b.rowCount() != rows) {
        throw new IllegalArgumentException("batch " + c + " has " + b.rowCount() + " rows, batch 0 has " + rows);
      }
      rows = b.rowCount();
      batch.children[c] = load(c, b);
    }
    batch.size = Math.max(rows, 0);
    return batch;
  }

  private DenseVector load(int c, ColumnBatch b) {
    int rows = b.rowCount();
    boolean nullable = columns[c].getMaxDefinitionLevel() > 0;
    boolean[] nulls = b.nulls();
    if (b.layout() == ColumnBatch.Layout.ROW_POSITIONS) {
      DenseVector v = shared[c];
      v.constant = false;
      v.dictionary = null;
      v.dictionaryIds = null;
      v.nulls = nullable ? nulls : null;
      if (b.hasDictionaryIds()) {
        v.setDictionary(dictionary(c, b.dictionary()), b.dictionaryIds());
      } else {
        v.booleans = b.booleans();
        v.ints = b.ints();
        v.longs = b.longs();
        v.floats = b.floats();
        v.doubles = b.doubles();
        v.binaries = b.binaries();
      }
      v.size = rows;
      return v;
    }
    // DENSE: value k belongs to the k-th non-null row.
    DenseVector v = owned[c];
    v.reset();
    v.ensureCapacity(rows);
    int[] ids = b.hasDictionaryIds() ? b.dictionaryIds() : null;
    int[] spread = null;
    if (ids != null) {
      spread = v.dictionaryIds != null && v.dictionaryIds.length >= rows ? v.dictionaryIds : new int[Math.max(rows, 1)];
    }
    BinaryBatch bin = b.binaries();
    int k = 0;
    for (int r = 0; r < rows; r++) {
      boolean isNull = nullable && nulls[r];
      if (nullable) {
        v.nulls[r] = isNull;
      }
      if (ids != null) {
        spread[r] = isNull ? 0 : ids[k++];
        continue;
      }
      switch (v.type().kind()) {
        case BOOLEAN: v.booleans[r] = !isNull && b.booleans()[k]; break;
        case INT32: v.ints[r] = isNull ? 0 : b.ints()[k]; break;
        case INT64: v.longs[r] = isNull ? 0 : b.longs()[k]; break;
        case FLOAT: v.floats[r] = isNull ? 0 : b.floats()[k]; break;
        case DOUBLE: v.doubles[r] = isNull ? 0 : b.doubles()[k]; break;
        default:
          if (isNull) {
            v.binaries.add(bin.bytes(), 0, 0);
          } else {
            v.binaries.add(bin.bytes(), bin.offset(k), bin.length(k));
          }
          break;
      }
      if (!isNull) {
        k++;
      }
    }
    if (ids != null) {
      v.setDictionary(dictionary(c, b.dictionary()), spread);
    }
    v.size = rows;
    return v;
  }

  /** The dictionary as a vector, converted once per dictionary (the arrays are shared). */
  private DenseVector dictionary(int c, DictionaryValues d) {
    if (lastDictionary[c] == d) {
      return dictionaries[c];
    }
    DenseVector v = DenseVector.create(DenseType.of(columns[c]).withNullable(false), 1);
    v.ints = d.ints();
    v.longs = d.longs();
    v.floats = d.floats();
    v.doubles = d.doubles();
    v.binaries = d.binaries();
    v.size = d.size();
    lastDictionary[c] = d;
    dictionaries[c] = v;
    return v;
  }
}
