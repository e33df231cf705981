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

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.dictionary.DictionaryValues;
import java.util.Objects;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A caller-owned batch of one column's values, filled by {@link ColumnChunkReader#readBatch}.
 * Allocate it once per column with {@link #forColumn} and reuse it: reading allocates nothing.
 *
 * <p>Values are stored by physical type, with no logical conversion: INT32 in {@link #ints()},
 * INT64 in {@link #longs()}, FLOAT in {@link #floats()}, DOUBLE in {@link #doubles()}, BOOLEAN in
 * {@link #booleans()}, BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 in {@link #binaries()}. The other
 * arrays are {@code null}.
 *
 * <p>Flat columns (no repetition): one entry per row. {@link #isNull(int)} tells which rows are null
 * (only optional columns have any). With {@link Layout#DENSE} the non-null values sit back to back
 * at {@code [0, valueCount())}; with {@link Layout#ROW_POSITIONS} value {@code i} is row {@code i}'s
 * (nulls hold 0, {@code false} or an empty byte array) and {@code valueCount() == rowCount()}.
 *
 * <p>Columns with repetition (lists, maps): one entry per level pair, not per row. The raw levels
 * are in {@link #definitionLevels()} and {@link #repetitionLevels()} at {@code [0, entryCount())};
 * values are always dense, one per entry whose definition level is the column's maximum.
 *
 * <p>Dictionary ids: after {@link #keepDictionaryIds()}, pages that are dictionary-encoded fill
 * {@link #dictionaryIds()} instead of the value array, laid out as values would be, and {@link
 * #dictionary()} holds the chunk's entries they index; nothing is looked up or copied per value.
 * A batch never mixes ids and values: the first page a read takes from decides. When a chunk turns
 * from dictionary pages to plain ones within a read (a writer whose dictionary grew too large), the
 * ids read so far are turned into values and the batch holds values. Check {@link
 * #hasDictionaryIds()} after every read.
 *
 * <p>Logical conversions: after {@link #convert(Conversion)}, values arrive converted (widened,
 * timestamps in one unit, decimals unscaled, ...) in the array {@link #logical()} names, in the same
 * layouts as physical values; the physical array of a converted column holds nothing defined. A
 * batch either converts or keeps dictionary ids, not both.
 */
public final class ColumnBatch {
  /** Where values of a flat optional column go. */
  public enum Layout {
    /** Non-null values back to back; the null mask says which rows they belong to. */
    DENSE,
    /** Value {@code i} belongs to row {@code i}; null rows hold a zero value. */
    ROW_POSITIONS
  }

  private final ColumnDescriptor column;
  private final PrimitiveTypeName type;
  private final Layout layout;
  private final int capacity;
  private final boolean nested;

  int[] ints;
  long[] longs;
  float[] floats;
  double[] doubles;
  boolean[] booleans;
  BinaryBatch binaries;
  final boolean[] nulls;
  final int[] definitionLevels;
  final int[] repetitionLevels;
  int[] dictionaryIds;
  /** The dictionary the ids index while this batch holds ids; null while it holds values. */
  DictionaryValues dictionary;
  /** 16-byte big-endian unscaled decimals, after {@link #convert} with {@link Conversion#DECIMAL_128}. */
  byte[] decimal128;
  private LogicalColumn logical;
  /** {@link #logical} while it converts values; null for physical values. */
  LogicalColumn converting;

  int entryCount;
  int valueCount;
  int nullCount;

  private ColumnBatch(ColumnDescriptor column, int capacity, Layout layout) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("capacity " + capacity + " must be positive");
    }
    this.column = Objects.requireNonNull(column, "column");
    this.layout = Objects.requireNonNull(layout, "layout");
    this.capacity = capacity;
    this.type = column.getPrimitiveType().getPrimitiveTypeName();
    this.nested = column.getMaxRepetitionLevel() > 0;
    switch (type) {
      case INT32:
        ints = new int[capacity];
        break;
      case INT64:
        longs = new long[capacity];
        break;
      case FLOAT:
        floats = new float[capacity];
        break;
      case DOUBLE:
        doubles = new double[capacity];
        break;
      case BOOLEAN:
        booleans = new boolean[capacity];
        break;
      default:
        binaries = new BinaryBatch(capacity, capacity * 16);
        break;
    }
    boolean optional = column.getMaxDefinitionLevel() > 0;
    this.nulls = new boolean[optional ? capacity : 0];
    this.definitionLevels = nested ? new int[capacity] : null;
    this.repetitionLevels = nested ? new int[capacity] : null;
  }

  /** A batch of up to {@code capacity} entries (rows, for flat columns) of {@code column}. */
  public static ColumnBatch forColumn(ColumnDescriptor column, int capacity, Layout layout) {
    return new ColumnBatch(column, capacity, layout);
  }

  /** As {@link #forColumn(ColumnDescriptor, int, Layout)} with {@link Layout#DENSE}. */
  public static ColumnBatch forColumn(ColumnDescriptor column, int capacity) {
    return new ColumnBatch(column, capacity, Layout.DENSE);
  }

  /**
   * Makes later reads store dictionary ids for dictionary-encoded pages (see the class comment).
   * Not for BOOLEAN columns, which have no dictionary encoding.
   *
   * @return this batch
   */
  public ColumnBatch keepDictionaryIds() {
    if (type == PrimitiveTypeName.BOOLEAN) {
      throw new UnsupportedOperationException("BOOLEAN columns have no dictionary encoding");
    }
    if (converting != null) {
      throw new IllegalStateException("this batch converts its values (" + converting + "); it cannot keep dictionary ids too");
    }
    if (dictionaryIds == null) {
      dictionaryIds = new int[capacity];
    }
    return this;
  }

  /**
   * Makes later reads convert the values as {@code conversion} says (see {@link Conversion}), into
   * the array {@link #logical()}{@code .target()} names; {@link Conversion#NONE} goes back to
   * physical values. Call before reading.
   *
   * @return this batch
   * @throws IllegalArgumentException if the conversion does not apply to the column's type
   * @throws IllegalStateException if the batch keeps dictionary ids
   */
  public ColumnBatch convert(Conversion conversion) {
    LogicalColumn l = LogicalColumn.of(column, conversion);
    if (l.convertsValues() && dictionaryIds != null) {
      throw new IllegalStateException("this batch keeps dictionary ids; it cannot convert its values too");
    }
    switch (l.target()) {
      case LONGS:
        longs = longs == null ? new long[capacity] : longs;
        break;
      case DOUBLES:
        doubles = doubles == null ? new double[capacity] : doubles;
        break;
      case FLOATS:
        floats = floats == null ? new float[capacity] : floats;
        break;
      case DECIMAL_128:
        decimal128 = decimal128 == null ? new byte[Math.multiplyExact(capacity, 16)] : decimal128;
        break;
      default:
        break;
    }
    logical = l;
    converting = l.convertsValues() ? l : null;
    return this;
  }

  /** What the values mean and where they are: the column's logical type and the conversion asked for. */
  public LogicalColumn logical() {
    LogicalColumn l = logical;
    if (l == null) {
      l = logical = LogicalColumn.of(column, Conversion.NONE);
    }
    return l;
  }

  /**
   * Decimals converted with {@link Conversion#DECIMAL_128}: value {@code i} is the 16 bytes at
   * {@code [16 * i, 16 * i + 16)}, big-endian two's complement (zeros for null rows at row
   * positions); null for other batches.
   */
  public byte[] decimal128() {
    return decimal128;
  }

  /** Whether reads keep dictionary ids ({@link #keepDictionaryIds()}). */
  public boolean keepsDictionaryIds() {
    return dictionaryIds != null;
  }

  /** Whether the last read stored dictionary ids ({@link #dictionaryIds()}) rather than values. */
  public boolean hasDictionaryIds() {
    return dictionary != null;
  }

  /**
   * The ids of the last read when {@link #hasDictionaryIds()}, where the values would be (dense, or
   * at row positions with 0 for null rows); null unless {@link #keepDictionaryIds()} was called.
   */
  public int[] dictionaryIds() {
    return dictionaryIds;
  }

  /** The entries {@link #dictionaryIds()} index, while {@link #hasDictionaryIds()}; otherwise null. */
  public DictionaryValues dictionary() {
    return dictionary;
  }

  void clear() {
    dictionary = null;
    entryCount = 0;
    valueCount = 0;
    nullCount = 0;
    if (binaries != null) {
      if (binaries.isBorrowing()) {
        // A batch spans pages, and a page's reader moves on before the batch is handed out.
        throw new IllegalStateException("a ColumnBatch's binaries are copied from the pages; turn borrowing off on them");
      }
      binaries.clear();
    }
  }

  public ColumnDescriptor column() {
    return column;
  }

  public PrimitiveTypeName type() {
    return type;
  }

  public Layout layout() {
    return layout;
  }

  /** Most entries one read can fill. */
  public int capacity() {
    return capacity;
  }

  /** Whether the column repeats (entries are level pairs, not rows). */
  public boolean isNested() {
    return nested;
  }

  /** Rows read, for a flat column (the same as {@link #entryCount()}). */
  public int rowCount() {
    return entryCount;
  }

  /** Entries read: rows for a flat column, level pairs for a nested one. */
  public int entryCount() {
    return entryCount;
  }

  /** Values stored: the non-null count when dense, {@link #rowCount()} with row positions. */
  public int valueCount() {
    return valueCount;
  }

  /** Null entries among those read. */
  public int nullCount() {
    return nullCount;
  }

  /** Whether flat row {@code row} is null (always false for a required column). */
  public boolean isNull(int row) {
    Objects.checkIndex(row, entryCount);
    return nulls.length != 0 && nulls[row];
  }

  /** The null mask of a flat optional column, valid at {@code [0, rowCount())}; empty if required. */
  public boolean[] nulls() {
    return nulls;
  }

  public int[] ints() {
    return ints;
  }

  public long[] longs() {
    return longs;
  }

  public float[] floats() {
    return floats;
  }

  public double[] doubles() {
    return doubles;
  }

  public boolean[] booleans() {
    return booleans;
  }

  /**
   * Byte-array values (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, INT96), one per stored value, copied into
   * the batch's own array: a batch spans pages, so it cannot borrow them ({@link
   * BinaryBatch#setBorrowing} must stay off here; the next read throws otherwise).
   */
  public BinaryBatch binaries() {
    return binaries;
  }

  /** Definition levels of a nested column, at {@code [0, entryCount())}; null for flat columns. */
  public int[] definitionLevels() {
    return definitionLevels;
  }

  /** Repetition levels of a nested column, at {@code [0, entryCount())}; null for flat columns. */
  public int[] repetitionLevels() {
    return repetitionLevels;
  }
}
