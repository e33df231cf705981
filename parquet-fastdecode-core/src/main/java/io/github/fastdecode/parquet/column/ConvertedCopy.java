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
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Binary;

/**
 * Converts the rows of a batch of physical values into a batch that converts them, as if they were
 * read from the pages: the row filter evaluates its predicate on a column's stored values, and when
 * the caller's batch of that column converts them (wider, another unit, a decimal), the rows that
 * matched are copied over and converted here ({@link RowFilterScan}).
 */
final class ConvertedCopy {
  private ConvertedCopy() {}

  /**
   * Appends every entry of {@code src} (a flat column's batch of physical values, dense layout) to
   * {@code dst} (the same column, converting), with their nulls and levels.
   */
  static void append(ColumnBatch dst, ColumnBatch src) {
    if (dst.isNested() || src.isNested() || src.converting != null || src.dictionary != null
        || src.layout() != ColumnBatch.Layout.DENSE || dst.converting == null) {
      throw new IllegalStateException("a converted copy goes from a flat batch of dense physical values to one that converts");
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
    LogicalColumn l = dst.converting;
    Values r = new Values(src);
    if (dst.layout() == ColumnBatch.Layout.DENSE || nonNull == m) {
      if (nonNull > 0) {
        ConversionLoops.read(l, r, dst, dst.valueCount, nonNull);
      }
      dst.addValues(nonNull);
    } else {
      if (nonNull > 0) {
        ConversionLoops.read(l, r, dst, at, nonNull);
      }
      ConversionLoops.spread(l, dst, dst.nulls, at, m, nonNull);
      dst.addValues(m);
    }
    dst.addEntries(m, m - nonNull);
  }

  /** The values of a batch, first to last, read as a page's would be. */
  static final class Values extends BatchValuesReader {
    private final ColumnBatch b;
    private int next;

    Values(ColumnBatch b) {
      this.b = b;
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
      return b.ints[take(1)];
    }

    @Override
    public long readLong() {
      return b.longs[take(1)];
    }

    @Override
    public float readFloat() {
      return b.floats[take(1)];
    }

    @Override
    public double readDouble() {
      return b.doubles[take(1)];
    }

    @Override
    public boolean readBoolean() {
      return b.booleans[take(1)];
    }

    @Override
    public Binary readBytes() {
      int i = take(1);
      BinaryBatch v = b.binaries;
      return Binary.fromConstantByteArray(v.bytes(), v.offset(i), v.length(i));
    }

    @Override
    public void readIntegers(int[] dst, int offset, int count) {
      checkRange(dst.length, offset, count);
      int at = take(count);
      if (dst != b.ints || at != offset) {
        System.arraycopy(b.ints, at, dst, offset, count);
      }
    }

    @Override
    public void readLongs(long[] dst, int offset, int count) {
      checkRange(dst.length, offset, count);
      int at = take(count);
      if (dst != b.longs || at != offset) {
        System.arraycopy(b.longs, at, dst, offset, count);
      }
    }

    @Override
    public void readBinaries(BinaryBatch dst, int count) {
      checkCount(count);
      int at = take(count);
      BinaryBatch v = b.binaries;
      for (int i = at, end = at + count; i < end; i++) {
        dst.add(v.bytes(), v.offset(i), v.length(i));
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
