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
import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * One checksum over a column's entries, folded the same way from parquet-java's {@link ColumnReader}
 * (one entry at a time) and from this library's {@link ColumnBatch}es, so that equal checksums mean
 * both saw the same entries, and a scan that folds them cannot have its work optimised away. Each
 * entry folds its repetition level (when the column repeats), its definition level and, when
 * defined, its value's bits (the bytes of a binary value, through {@link #bytesHash}). A flat
 * column's batch knows that an entry is null, not at which level, so a flat column's null folds as
 * level -1 on both sides. A batch of dictionary ids folds the byte-array entries they index.
 *
 * <p>Whole-column scans in the benchmarks and the command line's {@code scan} compare the two sides
 * with it. Not thread-safe.
 */
public final class ColumnChecksum {
  private final PrimitiveTypeName type;
  private final int maxDef;
  private final boolean nested;
  private long h;
  /** A flat column's batch levels as folded; reused across batches. */
  private int[] levels = new int[0];

  /** A checksum of {@code column}'s entries, none folded yet. */
  public ColumnChecksum(ColumnDescriptor column) {
    this.type = column.getPrimitiveType().getPrimitiveTypeName();
    this.maxDef = column.getMaxDefinitionLevel();
    this.nested = column.getMaxRepetitionLevel() > 0;
  }

  /** The checksum of the entries folded so far. */
  public long value() {
    return h;
  }

  /** Folds the reader's current entry; the caller consumes it. */
  public void addCurrent(ColumnReader r) {
    int d = r.getCurrentDefinitionLevel();
    if (nested) {
      h = h * 31 + r.getCurrentRepetitionLevel();
    }
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
  }

  /**
   * Folds the first {@code n} entries ({@link ColumnBatch#entryCount()} for all of them) of a
   * batch of the {@link ColumnBatch.Layout#DENSE} layout. The type switch is outside the loops, so
   * each loop is a plain array walk.
   *
   * @throws IllegalArgumentException for a batch of another layout
   * @throws UnsupportedOperationException for dictionary ids of a column that is not a byte array
   */
  public void add(ColumnBatch batch, int n) {
    if (batch.layout() != ColumnBatch.Layout.DENSE) {
      throw new IllegalArgumentException("checksums fold dense batches, not " + batch.layout());
    }
    if (batch.hasDictionaryIds() && batch.dictionary().binaries() == null) {
      throw new UnsupportedOperationException("checksums of dictionary ids cover byte-array columns only");
    }
    int[] lv = levelsOf(batch, n);
    int[] repetition = batch.repetitionLevels();
    boolean nested = this.nested;
    int maxDef = this.maxDef;
    long h = this.h;
    int k = 0;
    switch (batch.type()) {
      case BOOLEAN: {
        boolean[] v = batch.booleans();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = lv[i];
          h = h * 31 + d;
          if (d == maxDef) {
            h = h * 31 + (v[k++] ? 1 : 0);
          }
        }
        break;
      }
      case INT32: {
        int[] v = batch.ints();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = lv[i];
          h = h * 31 + d;
          if (d == maxDef) {
            h = h * 31 + v[k++];
          }
        }
        break;
      }
      case INT64: {
        long[] v = batch.longs();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = lv[i];
          h = h * 31 + d;
          if (d == maxDef) {
            h = h * 31 + v[k++];
          }
        }
        break;
      }
      case FLOAT: {
        float[] v = batch.floats();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = lv[i];
          h = h * 31 + d;
          if (d == maxDef) {
            h = h * 31 + Float.floatToRawIntBits(v[k++]);
          }
        }
        break;
      }
      case DOUBLE: {
        double[] v = batch.doubles();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = lv[i];
          h = h * 31 + d;
          if (d == maxDef) {
            h = h * 31 + Double.doubleToRawLongBits(v[k++]);
          }
        }
        break;
      }
      default: {
        boolean ids = batch.hasDictionaryIds();
        BinaryBatch v = ids ? batch.dictionary().binaries() : batch.binaries();
        int[] idArray = batch.dictionaryIds();
        byte[] bytes = v.bytes();
        int[] offsets = v.offsets();
        for (int i = 0; i < n; i++) {
          h = nested ? h * 31 + repetition[i] : h;
          int d = lv[i];
          h = h * 31 + d;
          if (d == maxDef) {
            int e = ids ? idArray[k] : k;
            h = h * 31 + bytesHash(bytes, offsets[e], offsets[e + 1] - offsets[e]);
            k++;
          }
        }
        break;
      }
    }
    this.h = h;
  }

  /** The batch's levels as {@link #addCurrent} folds them: a flat column's null is -1, its values maxDef. */
  private int[] levelsOf(ColumnBatch batch, int n) {
    if (nested) {
      return batch.definitionLevels();
    }
    if (levels.length < n) {
      levels = new int[n];
    }
    boolean[] nulls = batch.nulls();
    if (nulls.length == 0) {
      Arrays.fill(levels, 0, n, maxDef);
    } else {
      for (int i = 0; i < n; i++) {
        levels[i] = nulls[i] ? -1 : maxDef;
      }
    }
    return levels;
  }

  /** The hash a binary value folds as: its length, then each byte, times 31 each step. */
  public static long bytesHash(byte[] b, int from, int length) {
    long h = length;
    for (int i = from, end = from + length; i < end; i++) {
      h = h * 31 + b[i];
    }
    return h;
  }
}
