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

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.ColumnBatch;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * Copies one column's batch (row positions: value {@code i} is row {@code i}'s) into a Spark column
 * vector, converting the physical values the way Spark's own Parquet reader does: array copies
 * where the representation is the same, one tight loop per batch where it is not.
 */
final class SparkVectorFiller {
  private static final int MAX_INT_DIGITS = 9;
  private static final int MAX_LONG_DIGITS = 18;

  private final SparkColumnKind kind;
  /** The Spark decimal's precision and scale (0 for other types). */
  private final int precision;
  private final int scale;
  /** Spark's form of dates, timestamps and narrow byte-array decimals, a batch at a time. */
  private final SparkValueConversions conversions;

  SparkVectorFiller(SparkColumnKind kind, org.apache.spark.sql.types.DataType type, String datetimeMode,
      String datetimeZone, String int96Mode, String int96Zone, String int96ConvertZone) {
    this.kind = kind;
    boolean decimal = type instanceof org.apache.spark.sql.types.DecimalType;
    this.precision = decimal ? ((org.apache.spark.sql.types.DecimalType) type).precision() : 0;
    this.scale = decimal ? ((org.apache.spark.sql.types.DecimalType) type).scale() : 0;
    this.conversions = new SparkValueConversions(datetimeMode, datetimeZone, int96Mode, int96Zone, int96ConvertZone);
  }

  /** How a widened decimal's values become Spark's (made on the first batch). */
  private ColumnBatchVector.Widening widening;

  /** The Spark view of the dictionary the last batch's ids index (string and binary columns). */
  private SparkBinaryDictionary dictionary;

  /** Whether this column's batches keep dictionary ids rather than values (see {@link #fill}). */
  boolean keepsDictionaryIds() {
    return kind == SparkColumnKind.BYTES;
  }

  void fill(ColumnBatch batch, WritableColumnVector v, int rows) {
    fill(batch, v, rows, batch.nullCount() > 0 ? batch.nulls() : null);
  }

  /**
   * Copies a repeated column's leaf values (stored densely: one per non-null leaf position) to
   * their positions {@code [0, positions)} in {@code v}: all values to the front in bulk, then,
   * when there are nulls, moved back to their positions in one backward pass.
   */
  void fillDense(ColumnBatch batch, WritableColumnVector v, int positions) {
    if (batch.nullCount() == 0) {
      fill(batch, v, positions, null);
      return;
    }
    boolean[] nulls = batch.nulls();
    int values = batch.valueCount();
    fill(batch, v, values, null);
    spread(v, nulls, positions, values);
    putNulls(nulls, v, positions);
  }

  /** Moves values {@code [0, values)} of {@code v} to the non-null positions of {@code [0, positions)}. */
  private void spread(WritableColumnVector v, boolean[] nulls, int positions, int values) {
    int k = values - 1;
    for (int p = positions - 1; p >= 0 && k < p; p--) {
      if (nulls[p]) {
        continue;
      }
      switch (kind) {
        case BOOLEAN:
          v.putBoolean(p, v.getBoolean(k));
          break;
        case BYTE:
          v.putByte(p, v.getByte(k));
          break;
        case SHORT:
          v.putShort(p, v.getShort(k));
          break;
        case INT:
        case DATE:
          v.putInt(p, v.getInt(k));
          break;
        case LONG:
        case TIMESTAMP_MICROS:
        case TIMESTAMP_MILLIS:
        case TIMESTAMP_INT96:
        case TIMESTAMP_NTZ_MICROS:
        case TIMESTAMP_NTZ_MILLIS:
        case INT_AS_LONG:
        case UINT32_AS_LONG:
        case DATE_AS_TIMESTAMP_NTZ:
        case TIMESTAMP_NANOS:
        case TIMESTAMP_NTZ_NANOS:
        case INT96_AS_TIMESTAMP_NTZ:
          v.putLong(p, v.getLong(k));
          break;
        case FLOAT:
        case FLOAT16:
          v.putFloat(p, v.getFloat(k));
          break;
        case DOUBLE:
        case INT_AS_DOUBLE:
        case FLOAT_AS_DOUBLE:
          v.putDouble(p, v.getDouble(k));
          break;
        case DECIMAL_INT32:
        case DECIMAL_INT64:
        case DECIMAL_BYTES:
        case UINT64_AS_DECIMAL:
        case DECIMAL_WIDENED:
          if (precision <= MAX_INT_DIGITS) {
            v.putInt(p, v.getInt(k));
          } else if (precision <= MAX_LONG_DIGITS) {
            v.putLong(p, v.getLong(k));
          } else {
            v.putArray(p, v.getArrayOffset(k), v.getArrayLength(k));
          }
          break;
        case BYTES:
          v.putArray(p, v.getArrayOffset(k), v.getArrayLength(k));
          break;
        default:
          throw new IllegalStateException(kind.name());
      }
      k--;
    }
  }

  private void fill(ColumnBatch batch, WritableColumnVector v, int rows, boolean[] nulls) {
    if (kind == SparkColumnKind.BYTES) {
      if (batch.hasDictionaryIds()) {
        // Ids, as Spark's own reader leaves dictionary-encoded strings: no bytes copied per row.
        if (dictionary == null || !dictionary.isFor(batch.dictionary())) {
          dictionary = new SparkBinaryDictionary(batch.dictionary());
        }
        v.reserveDictionaryIds(rows).putInts(0, rows, batch.dictionaryIds(), 0);
        v.setDictionary(dictionary);
      } else {
        v.setDictionary(null);
        fillBytes(batch.binaries(), v, rows);
      }
      putNulls(nulls, v, rows);
      return;
    }
    switch (kind) {
      case BOOLEAN: {
        boolean[] src = batch.booleans();
        for (int i = 0; i < rows; i++) {
          v.putBoolean(i, src[i]);
        }
        break;
      }
      case BYTE: {
        int[] src = batch.ints();
        for (int i = 0; i < rows; i++) {
          v.putByte(i, (byte) src[i]);
        }
        break;
      }
      case SHORT: {
        int[] src = batch.ints();
        for (int i = 0; i < rows; i++) {
          v.putShort(i, (short) src[i]);
        }
        break;
      }
      case INT:
        v.putInts(0, rows, batch.ints(), 0);
        break;
      case LONG:
        v.putLongs(0, rows, batch.longs(), 0);
        break;
      case FLOAT:
        v.putFloats(0, rows, batch.floats(), 0);
        break;
      case DOUBLE:
        v.putDoubles(0, rows, batch.doubles(), 0);
        break;
      case DECIMAL_INT32:
        if (precision <= MAX_INT_DIGITS) {
          v.putInts(0, rows, batch.ints(), 0);
        } else {
          int[] src = batch.ints();
          for (int i = 0; i < rows; i++) {
            v.putLong(i, src[i]);
          }
        }
        break;
      case DECIMAL_INT64:
        if (precision <= MAX_INT_DIGITS) {
          long[] src = batch.longs();
          for (int i = 0; i < rows; i++) {
            v.putInt(i, (int) src[i]);
          }
        } else {
          v.putLongs(0, rows, batch.longs(), 0);
        }
        break;
      case DECIMAL_BYTES:
        fillDecimalBytes(batch.binaries(), nulls, v, rows);
        break;
      case DATE:
        v.putInts(0, rows, conversions.days(batch.ints(), nulls, rows), 0);
        break;
      case TIMESTAMP_MICROS:
        v.putLongs(0, rows, conversions.micros(batch.longs(), nulls, rows, false, false), 0);
        break;
      case TIMESTAMP_MILLIS:
        v.putLongs(0, rows, conversions.micros(batch.longs(), nulls, rows, true, false), 0);
        break;
      case TIMESTAMP_NTZ_MICROS:
        v.putLongs(0, rows, conversions.micros(batch.longs(), nulls, rows, false, true), 0);
        break;
      case TIMESTAMP_NTZ_MILLIS:
        v.putLongs(0, rows, conversions.micros(batch.longs(), nulls, rows, true, true), 0);
        break;
      case TIMESTAMP_INT96:
        v.putLongs(0, rows, conversions.int96Micros(batch.binaries(), nulls, rows), 0);
        break;
      case INT_AS_LONG:
        v.putLongs(0, rows, conversions.intsToLongs(batch.ints(), rows, false), 0);
        break;
      case UINT32_AS_LONG:
        v.putLongs(0, rows, conversions.intsToLongs(batch.ints(), rows, true), 0);
        break;
      case INT_AS_DOUBLE:
        v.putDoubles(0, rows, conversions.intsToDoubles(batch.ints(), rows), 0);
        break;
      case FLOAT_AS_DOUBLE:
        v.putDoubles(0, rows, conversions.floatsToDoubles(batch.floats(), rows), 0);
        break;
      case DATE_AS_TIMESTAMP_NTZ:
        v.putLongs(0, rows, conversions.dateMicros(batch.ints(), nulls, rows), 0);
        break;
      case TIMESTAMP_NANOS:
        v.putLongs(0, rows, conversions.nanosToMicros(batch.longs(), nulls, rows, false), 0);
        break;
      case TIMESTAMP_NTZ_NANOS:
        v.putLongs(0, rows, conversions.nanosToMicros(batch.longs(), nulls, rows, true), 0);
        break;
      case INT96_AS_TIMESTAMP_NTZ:
        v.putLongs(0, rows, conversions.int96LocalMicros(batch.binaries(), nulls, rows), 0);
        break;
      case FLOAT16:
        v.putFloats(0, rows, conversions.float16(batch.binaries(), nulls, rows), 0);
        break;
      case UINT64_AS_DECIMAL: {
        long[] src = batch.longs();
        for (int i = 0; i < rows; i++) {
          if (nulls == null || !nulls[i]) {
            v.putDecimal(i, ColumnBatchVector.UnsignedLongs.decimal(src[i], precision, scale), precision);
          }
        }
        break;
      }
      case DECIMAL_WIDENED: {
        ColumnBatchVector.Widening w = widening == null ? widening = new ColumnBatchVector.Widening(batch, scale) : widening;
        w.bind(batch);
        for (int i = 0; i < rows; i++) {
          if (nulls == null || !nulls[i]) {
            v.putDecimal(i, w.decimal(i, precision, scale), precision);
          }
        }
        break;
      }
      default:
        throw new IllegalStateException(kind.name());
    }
    putNulls(nulls, v, rows);
  }

  private static void putNulls(boolean[] nulls, WritableColumnVector v, int rows) {
    if (nulls != null) {
      for (int i = 0; i < rows; i++) {
        if (nulls[i]) {
          v.putNull(i);
        }
      }
    }
  }

  /** All the batch's bytes in one copy into the vector's byte store, then one offset pair per row. */
  private static void fillBytes(BinaryBatch values, WritableColumnVector v, int rows) {
    int[] offsets = values.offsets();
    int first = offsets[0];
    int total = offsets[rows] - first;
    int base = v.arrayData().appendBytes(total, values.bytes(), first);
    int shift = base - first;
    for (int i = 0; i < rows; i++) {
      v.putArray(i, offsets[i] + shift, offsets[i + 1] - offsets[i]);
    }
  }

  private void fillDecimalBytes(BinaryBatch values, boolean[] nulls, WritableColumnVector v, int rows) {
    if (precision > MAX_LONG_DIGITS) {
      // Spark keeps wide decimals as the unscaled value's big-endian bytes, as Parquet stores them.
      fillBytes(values, v, rows);
      return;
    }
    long[] unscaled = conversions.unscaledLongs(values, nulls, rows);
    if (precision <= MAX_INT_DIGITS) {
      for (int i = 0; i < rows; i++) {
        v.putInt(i, (int) unscaled[i]);
      }
    } else {
      v.putLongs(0, rows, unscaled, 0);
    }
  }
}
