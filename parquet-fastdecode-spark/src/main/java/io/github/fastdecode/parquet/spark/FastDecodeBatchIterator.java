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
package io.github.fastdecode.parquet.spark;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The batches (or, when Spark asks for rows, the rows of the batches) of one file split: each batch
 * read by parquet-fastdecode, its flat columns shown to Spark through {@link ColumnBatchVector}s
 * over the library's arrays and the others (nested columns, or every column with {@value
 * FastDecodeFileFormat#COPY_VECTORS}) copied into Spark's column vectors in bulk. The same batch
 * and vectors serve every read: Spark is done with one before it asks for the next, as with its own
 * reader. Closeable, so that Spark's file scan closes it when the task moves on.
 */
final class FastDecodeBatchIterator extends scala.collection.AbstractIterator<Object> implements Closeable {
  private final ParquetBatchReader reader;
  private final ColumnBatch[] batches;
  /** The vectors the requested data columns fill. */
  private final WritableColumnVector[] vectors;
  /** One per vector: fills it with the rows of the last read. */
  private final Fill[] fillers;
  /** The vectors over the library's batches: pointed at each read, nothing copied. */
  private final ColumnBatchVector[] wrapped;
  private final ColumnarBatch columnar;
  private final boolean returningBatch;
  private final int capacity;
  /** Counts the rows handed to Spark (see {@link ScanCounters}). */
  private final ScanCounters counters;
  /** Rows of the current row group still to hand out when no data column is read (a count). */
  private long rowsWithoutColumns;

  private boolean ready;
  private boolean done;
  private int row;
  private int rows;

  FastDecodeBatchIterator(ParquetBatchReader reader, ColumnBatch[] batches, WritableColumnVector[] vectors,
      Fill[] fillers, ColumnBatchVector[] wrapped, ColumnarBatch columnar, boolean returningBatch, int capacity,
      ScanCounters counters) {
    this.counters = counters;
    this.reader = reader;
    this.batches = batches;
    this.vectors = vectors;
    this.fillers = fillers;
    this.wrapped = wrapped;
    this.columnar = columnar;
    this.returningBatch = returningBatch;
    this.capacity = capacity;
  }

  /** Fills one Spark column vector from the batches of the last read. */
  interface Fill {
    void fill(WritableColumnVector v, int rows);
  }

  @Override
  public boolean hasNext() {
    if (returningBatch) {
      return ready || advance();
    }
    return row < rows || advance();
  }

  @Override
  public Object next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    if (returningBatch) {
      ready = false;
      return columnar;
    }
    return columnar.getRow(row++);
  }

  private boolean advance() {
    if (done) {
      return false;
    }
    int n;
    try {
      n = nextRows();
    } catch (IOException e) {
      close();
      throw new UncheckedIOException(e);
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
    if (n == 0) {
      close();
      return false;
    }
    for (int i = 0; i < vectors.length; i++) {
      vectors[i].reset();
      fillers[i].fill(vectors[i], n);
    }
    for (ColumnBatchVector v : wrapped) {
      v.bind(n);
    }
    columnar.setNumRows(n);
    counters.rowsHanded(n);
    rows = n;
    row = 0;
    ready = true;
    return true;
  }

  private int nextRows() throws IOException {
    if (batches.length > 0) {
      return reader.nextBatch(batches);
    }
    // No data column (a count, or partition and missing columns only): the rows come in batches
    // of at most the vectors' capacity.
    if (rowsWithoutColumns == 0) {
      rowsWithoutColumns = reader.nextBatch(batches);
    }
    int n = (int) Math.min(capacity, rowsWithoutColumns);
    rowsWithoutColumns -= n;
    return n;
  }

  @Override
  public void close() {
    if (done) {
      return;
    }
    done = true;
    ready = false;
    rows = 0;
    try {
      reader.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      columnar.close();
    }
  }
}
