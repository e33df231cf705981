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
import org.apache.spark.sql.catalyst.util.RebaseDateTime;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.execution.datasources.DataSourceUtils;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * Copies one column's batch (row positions: value {@code i} is row {@code i}'s) into a Spark column
 * vector, converting the physical values the way Spark's own Parquet reader does: array copies
 * where the representation is the same, one tight loop per batch where it is not.
 */
final class SparkVectorFiller {
  /** Spark's rebase modes, as its configuration spells them. */
  static final String CORRECTED = "CORRECTED";
  static final String LEGACY = "LEGACY";
  static final String EXCEPTION = "EXCEPTION";

  private static final int MAX_INT_DIGITS = 9;
  private static final int MAX_LONG_DIGITS = 18;

  private final SparkColumnKind kind;
  private final int precision;
  /** Rebase mode and time zone for dates and INT64 timestamps (the file's datetime spec). */
  private final String datetimeMode;
  private final String datetimeZone;
  /** Rebase mode and time zone for INT96 timestamps (the file's INT96 spec). */
  private final String int96Mode;
  private final String int96Zone;

  SparkVectorFiller(SparkColumnKind kind, int precision, String datetimeMode, String datetimeZone,
      String int96Mode, String int96Zone) {
    this.kind = kind;
    this.precision = precision;
    this.datetimeMode = datetimeMode;
    this.datetimeZone = datetimeZone;
    this.int96Mode = int96Mode;
    this.int96Zone = int96Zone;
  }

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
          v.putLong(p, v.getLong(k));
          break;
        case FLOAT:
          v.putFloat(p, v.getFloat(k));
          break;
        case DOUBLE:
          v.putDouble(p, v.getDouble(k));
          break;
        case DECIMAL_INT32:
        case DECIMAL_INT64:
        case DECIMAL_BYTES:
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
        fillDates(batch.ints(), nulls, v, rows);
        break;
      case TIMESTAMP_MICROS:
        fillMicros(batch.longs(), nulls, v, rows, false, datetimeMode);
        break;
      case TIMESTAMP_MILLIS:
        fillMicros(batch.longs(), nulls, v, rows, true, datetimeMode);
        break;
      // Spark reads local date-times as stored, in every rebase mode.
      case TIMESTAMP_NTZ_MICROS:
        fillMicros(batch.longs(), nulls, v, rows, false, CORRECTED);
        break;
      case TIMESTAMP_NTZ_MILLIS:
        fillMicros(batch.longs(), nulls, v, rows, true, CORRECTED);
        break;
      case TIMESTAMP_INT96:
        fillInt96(batch.binaries(), nulls, v, rows);
        break;
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
    byte[] bytes = values.bytes();
    int[] offsets = values.offsets();
    for (int i = 0; i < rows; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      int start = offsets[i];
      int end = offsets[i + 1];
      long unscaled = 0;
      if (end > start) {
        unscaled = bytes[start]; // sign-extended
        for (int p = start + 1; p < end; p++) {
          unscaled = (unscaled << 8) | (bytes[p] & 0xFF);
        }
      }
      if (precision <= MAX_INT_DIGITS) {
        v.putInt(i, (int) unscaled);
      } else {
        v.putLong(i, unscaled);
      }
    }
  }

  private void fillDates(int[] days, boolean[] nulls, WritableColumnVector v, int rows) {
    if (datetimeMode.equals(LEGACY)) {
      for (int i = 0; i < rows; i++) {
        if (nulls == null || !nulls[i]) {
          v.putInt(i, RebaseDateTime.rebaseJulianToGregorianDays(days[i]));
        }
      }
      return;
    }
    if (datetimeMode.equals(EXCEPTION)) {
      int cutoff = RebaseDateTime.lastSwitchJulianDay();
      for (int i = 0; i < rows; i++) {
        if ((nulls == null || !nulls[i]) && days[i] < cutoff) {
          throw DataSourceUtils.newRebaseExceptionInRead("Parquet");
        }
      }
    }
    v.putInts(0, rows, days, 0);
  }

  private void fillMicros(long[] src, boolean[] nulls, WritableColumnVector v, int rows, boolean millis, String mode) {
    boolean legacy = mode.equals(LEGACY);
    boolean check = mode.equals(EXCEPTION);
    if (!millis && !legacy && !check) {
      v.putLongs(0, rows, src, 0);
      return;
    }
    long cutoff = RebaseDateTime.lastSwitchJulianTs();
    for (int i = 0; i < rows; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      long micros = millis ? DateTimeUtils.millisToMicros(src[i]) : src[i];
      if (legacy) {
        micros = RebaseDateTime.rebaseJulianToGregorianMicros(datetimeZone, micros);
      } else if (check && micros < cutoff) {
        throw DataSourceUtils.newRebaseExceptionInRead("Parquet");
      }
      v.putLong(i, micros);
    }
  }

  private void fillInt96(BinaryBatch values, boolean[] nulls, WritableColumnVector v, int rows) {
    boolean legacy = int96Mode.equals(LEGACY);
    boolean check = int96Mode.equals(EXCEPTION);
    long cutoff = RebaseDateTime.lastSwitchJulianTs();
    byte[] bytes = values.bytes();
    int[] offsets = values.offsets();
    for (int i = 0; i < rows; i++) {
      if (nulls != null && nulls[i]) {
        continue;
      }
      int p = offsets[i];
      if (offsets[i + 1] - p != 12) {
        throw new org.apache.parquet.io.ParquetDecodingException(
            "INT96 value of " + (offsets[i + 1] - p) + " bytes at row " + i + " of the batch");
      }
      long nanos = (bytes[p] & 0xFFL) | (bytes[p + 1] & 0xFFL) << 8 | (bytes[p + 2] & 0xFFL) << 16
          | (bytes[p + 3] & 0xFFL) << 24 | (bytes[p + 4] & 0xFFL) << 32 | (bytes[p + 5] & 0xFFL) << 40
          | (bytes[p + 6] & 0xFFL) << 48 | (bytes[p + 7] & 0xFFL) << 56;
      int julianDay = (bytes[p + 8] & 0xFF) | (bytes[p + 9] & 0xFF) << 8 | (bytes[p + 10] & 0xFF) << 16
          | (bytes[p + 11] & 0xFF) << 24;
      long micros = DateTimeUtils.fromJulianDay(julianDay, nanos);
      if (legacy) {
        micros = RebaseDateTime.rebaseJulianToGregorianMicros(int96Zone, micros);
      } else if (check && micros < cutoff) {
        throw DataSourceUtils.newRebaseExceptionInRead("Parquet INT96");
      }
      v.putLong(i, micros);
    }
  }
}
