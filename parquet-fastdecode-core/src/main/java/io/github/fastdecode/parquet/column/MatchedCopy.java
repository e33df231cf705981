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
package io.github.fastdecode.parquet.column;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.dictionary.DictionaryValues;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Binary;

/**
 * Copies the rows of a batch of stored values (or dictionary ids) into the caller's batch of the
 * same column, as if they were read from the pages: the row filter reads a predicate column into a
 * batch of its own and evaluates the predicate there (on stored values; once per dictionary entry
 * where the pages hold ids), then hands over only the rows that matched ({@link RowFilterScan}).
 * Values are looked up in the dictionary, and converted where the caller's batch converts, for the
 * matching rows only.
 */
final class MatchedCopy {
  private MatchedCopy() {}

  /**
   * Appends every entry of {@code src} (a flat column's batch, dense layout, values or dictionary
   * ids) to {@code dst} (the same column; values, converted or not), with their nulls and levels.
   */
  static void append(ColumnBatch dst, ColumnBatch src) {
    if (dst.isNested() || src.isNested() || src.converting != null || src.layout() != ColumnBatch.Layout.DENSE
        || dst.dictionaryIds != null) {
      throw new IllegalStateException("a copy of matching rows goes from a flat batch in the dense layout to one of values");
    }
    int m = src.entryCount;
    int nonNull = src.valueCount;
    int at = dst.entryCount;
    if (dst.maxDef > 0) {
      System.arraycopy(src.nulls, 0, dst.nulls, at, m);
      if (dst.definitionLevels != null) {
        System.arraycopy(src.definitionLevels, 0, dst.definitionLevels, at, m);
      }
    }
    Values r = new Values(src);
    if (dst.layout() == ColumnBatch.Layout.DENSE || nonNull == m) {
      if (nonNull > 0) {
        PageCursor.appendValues(dst, r, nonNull);
      }
    } else {
      ColumnChunkReader.placeValues(dst, nonNull > 0 ? r : null, at, m, nonNull);
    }
    dst.addEntries(m, m - nonNull);
  }

  /** The values of a batch, first to last, read as a page's would be; ids are looked up in its dictionary. */
  static final class Values extends BatchValuesReader {
    private final ColumnBatch b;
    /** The batch's dictionary while it holds ids, else null. */
    private final DictionaryValues d;
    private final int[] ids;
    private int next;

    Values(ColumnBatch b) {
      this.b = b;
      this.d = b.dictionary;
      this.ids = d != null ? b.dictionaryIds : null;
    }

    private int take(int count) {
      if (count < 0 || count > b.valueCount - next) {
        throw new ParquetDecodingException("cannot read " + count + " values: " + (b.valueCount - next) + " left");
      }
      int at = next;
      next += count;
      return at;
    }

    @Override
    public int readInteger() {
      int i = take(1);
      return d != null ? d.ints()[ids[i]] : b.ints[i];
    }

    @Override
    public long readLong() {
      int i = take(1);
      return d != null ? d.longs()[ids[i]] : b.longs[i];
    }

    @Override
    public float readFloat() {
      int i = take(1);
      return d != null ? d.floats()[ids[i]] : b.floats[i];
    }

    @Override
    public double readDouble() {
      int i = take(1);
      return d != null ? d.doubles()[ids[i]] : b.doubles[i];
    }

    @Override
    public boolean readBoolean() {
      return b.booleans[take(1)];
    }

    @Override
    public Binary readBytes() {
      int i = take(1);
      BinaryBatch v = d != null ? d.binaries() : b.binaries;
      int e = d != null ? ids[i] : i;
      return Binary.fromConstantByteArray(v.bytes(), v.offset(e), v.length(e));
    }

    @Override
    public void readIntegers(int[] dst, int offset, int count) {
      checkRange(dst.length, offset, count);
      int at = take(count);
      if (d != null) {
        int[] entries = d.ints();
        for (int i = 0; i < count; i++) {
          dst[offset + i] = entries[ids[at + i]];
        }
      } else if (dst != b.ints || at != offset) {
        System.arraycopy(b.ints, at, dst, offset, count);
      }
    }

    @Override
    public void readLongs(long[] dst, int offset, int count) {
      checkRange(dst.length, offset, count);
      int at = take(count);
      if (d != null) {
        long[] entries = d.longs();
        for (int i = 0; i < count; i++) {
          dst[offset + i] = entries[ids[at + i]];
        }
      } else if (dst != b.longs || at != offset) {
        System.arraycopy(b.longs, at, dst, offset, count);
      }
    }

    @Override
    public void readFloats(float[] dst, int offset, int count) {
      checkRange(dst.length, offset, count);
      int at = take(count);
      if (d != null) {
        float[] entries = d.floats();
        for (int i = 0; i < count; i++) {
          dst[offset + i] = entries[ids[at + i]];
        }
      } else {
        System.arraycopy(b.floats, at, dst, offset, count);
      }
    }

    @Override
    public void readDoubles(double[] dst, int offset, int count) {
      checkRange(dst.length, offset, count);
      int at = take(count);
      if (d != null) {
        double[] entries = d.doubles();
        for (int i = 0; i < count; i++) {
          dst[offset + i] = entries[ids[at + i]];
        }
      } else {
        System.arraycopy(b.doubles, at, dst, offset, count);
      }
    }

    @Override
    public void readBooleans(boolean[] dst, int offset, int count) {
      checkRange(dst.length, offset, count);
      System.arraycopy(b.booleans, take(count), dst, offset, count);
    }

    @Override
    public void readBinaries(BinaryBatch dst, int count) {
      checkCount(count);
      int at = take(count);
      BinaryBatch v = d != null ? d.binaries() : b.binaries;
      byte[] bytes = v.bytes();
      for (int i = at, end = at + count; i < end; i++) {
        int e = d != null ? ids[i] : i;
        dst.add(bytes, v.offset(e), v.length(e));
      }
    }

    @Override
    public void skip() {
      take(1);
    }

    @Override
    public void skip(int n) {
      take(n);
    }
  }
}
