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

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.RecordBatch;
import org.apache.parquet.column.ColumnDescriptor;

/**
 * Batches of {@code ParquetBatchReader} as batches for {@link DenseRowCodec}, one of two forms:
 *
 * <ul>
 *   <li>{@link #forColumns}: flat {@link ColumnBatch}es, one per column, each column one field of
 *       the row ({@link DenseType#of(ColumnDescriptor)}). Columns read with {@code
 *       Layout.ROW_POSITIONS} are shared, not copied; {@code Layout.DENSE} columns are spread to row
 *       positions once. Dictionary ids ({@code keepDictionaryIds()}) stay ids: the codec encodes each
 *       dictionary entry once per batch.
 *   <li>{@link #forRecords}: whole records of a {@link RecordBatch} (structs, lists, maps): each
 *       top-level field one column, a STRUCT a ROW, a LIST an ARRAY, a MAP a MAP, a primitive its
 *       physical type; a node is nullable when its schema field is optional. Values are copied (a
 *       record batch keeps leaf values dense over non-null positions, the codec's batches at
 *       positions); dictionary ids are looked up.
 * </ul>
 *
 * Each form loads only its own kind of batch: the other {@code load} throws {@link
 * IllegalStateException}. Reuse one instance per reader: loading allocates only when a column, a
 * dictionary or a batch grows. Not thread-safe.
 */
public final class DenseRows {
  /** Set for {@link #forColumns}, else null. */
  private final ColumnBatchRows columns;
  /** Set for {@link #forRecords}, else null. */
  private final RecordBatchRows records;

  private DenseRows(ColumnBatchRows columns, RecordBatchRows records) {
    this.columns = columns;
    this.records = records;
  }

  /** For flat {@link ColumnBatch}es of {@code columns}, in this order (for example {@code ParquetBatchReader.columns()}). */
  public static DenseRows forColumns(ColumnDescriptor... columns) {
    return new DenseRows(new ColumnBatchRows(columns), null);
  }

  /** For the records of {@code shape}'s fields (any record batch made for the same schema and columns). */
  public static DenseRows forRecords(RecordBatch shape) {
    return new DenseRows(null, new RecordBatchRows(shape));
  }

  /** The row type: one field per column ({@link #forColumns}) or per top-level record field ({@link #forRecords}). */
  public DenseType rowType() {
    return columns != null ? columns.rowType() : records.rowType();
  }

  /**
   * The rows of {@code batches} (one per column, in {@link #forColumns}'s order, equal row counts) as
   * a batch of {@link #rowType()}; valid until the next load or until the column batches are read
   * again. Do not append to it.
   *
   * @throws IllegalStateException if this was made {@link #forRecords}
   * @throws IllegalArgumentException if the batches are not of the columns, or are nested, or their
   *     row counts differ
   */
  public DenseVector load(ColumnBatch... batches) {
    if (columns == null) {
      throw new IllegalStateException("made for records (forRecords): load a RecordBatch, not column batches");
    }
    return columns.load(batches);
  }

  /**
   * The records of {@code records}'s last read as a batch of {@link #rowType()}, valid until the
   * next load.
   *
   * @throws IllegalStateException if this was made {@link #forColumns}
   * @throws IllegalArgumentException if the records have another number of top-level fields
   */
  public DenseVector load(RecordBatch records) {
    if (this.records == null) {
      throw new IllegalStateException("made for column batches (forColumns): load ColumnBatches, not a RecordBatch");
    }
    return this.records.load(records);
  }
}
