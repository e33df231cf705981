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
import java.util.Arrays;
import java.util.Objects;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

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
 * <p>Columns with repetition (lists, maps) or with optional ancestors are described at levels:
 * level 0 holds one position per row (record); each repeated field on the column's path (the
 * {@code k}-th from the root, {@code k = 1..}{@link #maxRepetitionLevel()}) adds level {@code k},
 * one position per element of that field, null elements included. The leaf's values sit at the
 * innermost level, {@code maxRepetitionLevel()}: one position per leaf slot.
 * <ul>
 *   <li>{@link #offsets(int) offsets(k)} ({@code k >= 1}) has {@code positionCount(k - 1) + 1}
 *       entries: position {@code p} of level {@code k - 1} owns the level-{@code k} positions
 *       {@code [offsets(k)[p], offsets(k)[p + 1])} (the Arrow and Spark layout).
 *   <li>{@link #positionDefinitionLevels(int) positionDefinitionLevels(k)} gives each position of
 *       level {@code k} the definition level its first entry reached. A field of the path at
 *       definition level {@code D} ({@link #fieldDefinitionLevel(int)}) is null at a position of
 *       its level when that number is below {@code D}; a list (the {@code k}-th repeated field) is
 *       empty at a position of level {@code k - 1} when the number is exactly {@link
 *       #repeatedDefinitionLevel(int) repeatedDefinitionLevel(k)}{@code - 1} and null below that.
 *       {@link #fillNulls(int, int, boolean[])} turns this into a flag per position in bulk.
 *   <li>{@link #nulls()} has one flag per leaf position (per row for a flat column): whether the
 *       leaf value is null. Values are dense (non-null ones back to back at {@code [0,
 *       valueCount())}) for repeated columns whatever the layout.
 *   <li>The raw levels stay in {@link #definitionLevels()} and {@link #repetitionLevels()} at
 *       {@code [0, entryCount())}, one entry per level pair. A batch of a column with one repeated
 *       field made with the schema (a list or map of primitives or structs) is assembled without
 *       them: the first call to either after a read makes them from the positions (one pass,
 *       growing the level arrays when needed), so reads that never ask pay nothing for them.
 * </ul>
 * A batch of a repeated column holds whole records only, so {@link #rowCount()} counts records and
 * {@link #entryCount()} level pairs; its capacity bounds the records, and its entry, position and
 * value arrays grow when the records of one read need more room (reading allocates nothing once they
 * are large enough; fetch the arrays after each read). Levels above 0 need the column's schema path:
 * make such batches with {@link #forColumn(MessageType, ColumnDescriptor, int)}; a batch made from
 * the column alone holds whole records and levels, but no offsets.
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
  final int maxRep;
  final int maxDef;
  /** Definition level of each field on the path, root first; null when made without the schema. */
  private final int[] fieldDefinitionLevels;
  /** Index k (1..maxRep): definition level of the k-th repeated field; null without the schema. */
  final int[] repeatedDefinitionLevels;

  int[] ints;
  long[] longs;
  float[] floats;
  double[] doubles;
  boolean[] booleans;
  BinaryBatch binaries;
  /** One flag per row (flat) or leaf position (repeated); all false for columns that cannot be null. */
  boolean[] nulls;
  int[] definitionLevels;
  int[] repetitionLevels;
  int[] dictionaryIds;
  /** The dictionary the ids index while this batch holds ids; null while it holds values. */
  DictionaryValues dictionary;
  /** 16-byte big-endian unscaled decimals, after {@link #convert} with {@link Conversion#DECIMAL_128}. */
  byte[] decimal128;
  private LogicalColumn logical;
  /** {@link #logical} while it converts values; null for physical values. */
  LogicalColumn converting;
  /** Index k (1..maxRep): offsets of level k into level k - 1's positions; null without the schema. */
  final int[][] offsets;
  /** Index k (0..maxRep): definition level per position of level k (repeated columns with the schema). */
  final int[][] positionLevels;
  /** Index k (0..maxRep): positions at level k in the last read. */
  final int[] positionCounts;

  /**
   * Whether {@link #definitionLevels} and {@link #repetitionLevels} are still to be made from the
   * positions (a batch of one repeated level, assembled without copying levels).
   */
  boolean levelsDeferred;
  /** While a read of one repeated level is assembled: 1 when its last entry was a null or empty list. */
  long afterHole;
  /**
   * One repeated level with at most one optional field below it (a list of optional or required
   * primitives, a map's key or value): an element position's definition level is the column's
   * maximum less its null flag, so the assembly leaves the element levels to be made on request.
   */
  final boolean elementLevelsFromNulls;
  /** Whether the element positions' levels are still to be made from the null flags ({@link #elementLevelsFromNulls}). */
  boolean elementLevelsDeferred;

  int entryCount;
  int valueCount;
  int nullCount;
  int rowCount;

  private ColumnBatch(MessageType schema, ColumnDescriptor column, int capacity, Layout layout) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("capacity " + capacity + " must be positive");
    }
    this.column = Objects.requireNonNull(column, "column");
    this.layout = Objects.requireNonNull(layout, "layout");
    this.capacity = capacity;
    this.type = column.getPrimitiveType().getPrimitiveTypeName();
    this.maxRep = column.getMaxRepetitionLevel();
    this.maxDef = column.getMaxDefinitionLevel();
    this.nested = maxRep > 0;
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
    this.nulls = new boolean[capacity];
    this.definitionLevels = nested || maxDef > 1 ? new int[capacity] : null;
    this.repetitionLevels = nested ? new int[capacity] : null;
    this.positionCounts = new int[maxRep + 1];
    boolean fromNulls = false;
    if (schema == null) {
      fieldDefinitionLevels = null;
      repeatedDefinitionLevels = null;
      offsets = null;
      positionLevels = null;
    } else {
      String[] path = column.getPath();
      if (!schema.containsPath(path) || !schema.getType(path).isPrimitive()
          || schema.getMaxRepetitionLevel(path) != maxRep || schema.getMaxDefinitionLevel(path) != maxDef) {
        throw new IllegalArgumentException("column " + column + " is not a leaf of the schema " + schema);
      }
      fieldDefinitionLevels = new int[path.length];
      repeatedDefinitionLevels = new int[maxRep + 1];
      for (int i = 0; i < path.length; i++) {
        String[] prefix = Arrays.copyOf(path, i + 1);
        fieldDefinitionLevels[i] = schema.getMaxDefinitionLevel(prefix);
        if (schema.getType(prefix).isRepetition(Type.Repetition.REPEATED)) {
          repeatedDefinitionLevels[schema.getMaxRepetitionLevel(prefix)] = fieldDefinitionLevels[i];
        }
      }
      fromNulls = maxRep == 1 && maxDef - repeatedDefinitionLevels[1] <= 1;
      if (nested) {
        offsets = new int[maxRep + 1][];
        positionLevels = new int[maxRep + 1][];
        for (int k = 0; k <= maxRep; k++) {
          positionLevels[k] = new int[capacity];
          if (k > 0) {
            offsets[k] = new int[capacity + 1];
          }
        }
      } else {
        offsets = null;
        positionLevels = null;
      }
    }
    this.elementLevelsFromNulls = fromNulls;
  }

  /**
   * A batch of up to {@code capacity} rows (records, for a repeated column) of {@code column}. For a
   * repeated column it holds whole records and their levels but no offsets (those need the schema:
   * {@link #forColumn(MessageType, ColumnDescriptor, int, Layout)}).
   */
  public static ColumnBatch forColumn(ColumnDescriptor column, int capacity, Layout layout) {
    return new ColumnBatch(null, column, capacity, layout);
  }

  /** As {@link #forColumn(ColumnDescriptor, int, Layout)} with {@link Layout#DENSE}. */
  public static ColumnBatch forColumn(ColumnDescriptor column, int capacity) {
    return new ColumnBatch(null, column, capacity, Layout.DENSE);
  }

  /**
   * A batch of up to {@code capacity} rows (records) of {@code column}, a leaf of {@code schema},
   * that also fills the levels of the column's path: {@link #offsets(int)}, {@link
   * #positionDefinitionLevels(int)} and the field definition levels. {@code layout} applies to flat
   * columns; repeated columns store values densely.
   *
   * @throws IllegalArgumentException if {@code column} is not a leaf of {@code schema}
   */
  public static ColumnBatch forColumn(MessageType schema, ColumnDescriptor column, int capacity, Layout layout) {
    return new ColumnBatch(Objects.requireNonNull(schema, "schema"), column, capacity, layout);
  }

  /** As {@link #forColumn(MessageType, ColumnDescriptor, int, Layout)} with {@link Layout#DENSE}. */
  public static ColumnBatch forColumn(MessageType schema, ColumnDescriptor column, int capacity) {
    return forColumn(schema, column, capacity, Layout.DENSE);
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
    levelsDeferred = false;
    elementLevelsDeferred = false;
    afterHole = 0;
    entryCount = 0;
    valueCount = 0;
    nullCount = 0;
    rowCount = 0;
    Arrays.fill(positionCounts, 0);
    if (binaries != null) {
      if (binaries.isBorrowing()) {
        // A batch spans pages, and a page's reader moves on before the batch is handed out.
        throw new IllegalStateException("a ColumnBatch's binaries are copied from the pages; turn borrowing off on them");
      }
      binaries.clear();
    }
  }

  /**
   * Keeps, of the {@code n} rows of a flat column's batch from row {@code row} on (the last ones it
   * holds, whose first value is at index {@code value}), the rows {@code row + selection[j]} for
   * {@code j < count} (ascending), moved to {@code row + j}: a row-filtered read decodes a window of
   * rows and keeps those that matched. Flags, levels and whichever values the batch holds (physical,
   * converted, dictionary ids) move together; counts are updated.
   */
  void keepRows(int row, int n, int value, int[] selection, int count) {
    if (nested || row + n != entryCount) {
      throw new IllegalStateException("keepRows on " + (nested ? "a repeated column" : "rows " + row + ".." + (row + n) + " of " + entryCount));
    }
    boolean dense = layout == Layout.DENSE;
    boolean[] flags = nulls;
    int[] levels = definitionLevels;
    int windowNulls = 0;
    for (int i = row, end = row + n; i < end; i++) {
      windowNulls += flags[i] ? 1 : 0;
    }
    int base = dense ? value : row;
    int[] keptValues = valueScratch(Math.max(count, n));
    int kept;
    int keptNulls = 0;
    if (windowNulls == 0 || !dense) {
      // Every row has its value at the same offset from the window's start: no branch per row.
      int first = dense ? value : row;
      for (int j = 0; j < count; j++) {
        keptValues[j] = first + selection[j];
      }
      kept = count;
      if (windowNulls > 0 || levels != null) {
        for (int j = 0; j < count; j++) {
          boolean isNull = flags[row + selection[j]];
          flags[row + j] = isNull;
          keptNulls += isNull ? 1 : 0;
          if (levels != null) {
            levels[row + j] = levels[row + selection[j]];
          }
        }
      }
    } else {
      // Dense values with nulls among them: each row's value index is the window's values before it.
      int[] valueOf = keptValues;
      for (int i = 0, v = value; i < n; i++) {
        valueOf[i] = v;
        v += flags[row + i] ? 0 : 1;
      }
      kept = 0;
      for (int j = 0; j < count; j++) {
        int i = selection[j];
        boolean isNull = flags[row + i];
        int valueIndex = valueOf[i];
        flags[row + j] = isNull;
        if (levels != null) {
          levels[row + j] = levels[row + i];
        }
        keptNulls += isNull ? 1 : 0;
        valueOf[kept] = valueIndex; // kept <= j <= i: the entries still to be read lie ahead
        kept += isNull ? 0 : 1;
      }
    }
    keepValues(base, keptValues, kept);
    entryCount = row + count;
    valueCount = base + kept;
    nullCount += keptNulls - windowNulls;
  }

  private int[] keepScratch = new int[0];

  private int[] valueScratch(int n) {
    if (keepScratch.length < n) {
      keepScratch = new int[Math.max(n, capacity)];
    }
    return keepScratch;
  }

  /** Moves the values at {@code indexes[0, count)} (ascending, each at or after its target) to {@code base..}. */
  private void keepValues(int base, int[] indexes, int count) {
    LogicalColumn.Target target = converting != null ? converting.target() : null;
    if (target == LogicalColumn.Target.DECIMAL_128) {
      for (int j = 0; j < count; j++) {
        System.arraycopy(decimal128, indexes[j] << 4, decimal128, (base + j) << 4, 16);
      }
      return;
    }
    if (target == null && dictionary != null) {
      keep(dictionaryIds, base, indexes, count);
      return;
    }
    switch (target != null ? target : LogicalColumn.physicalTarget(type)) {
      case INTS:
        keep(ints, base, indexes, count);
        break;
      case LONGS: {
        long[] a = longs;
        for (int j = 0; j < count; j++) {
          a[base + j] = a[indexes[j]];
        }
        break;
      }
      case FLOATS: {
        float[] a = floats;
        for (int j = 0; j < count; j++) {
          a[base + j] = a[indexes[j]];
        }
        break;
      }
      case DOUBLES: {
        double[] a = doubles;
        for (int j = 0; j < count; j++) {
          a[base + j] = a[indexes[j]];
        }
        break;
      }
      case BOOLEANS: {
        boolean[] a = booleans;
        for (int j = 0; j < count; j++) {
          a[base + j] = a[indexes[j]];
        }
        break;
      }
      default: {
        int[] relative = indexes;
        for (int j = 0; j < count; j++) {
          relative[j] -= base;
        }
        binaries.keep(base, relative, count);
        break;
      }
    }
  }

  private static void keep(int[] a, int base, int[] indexes, int count) {
    for (int j = 0; j < count; j++) {
      a[base + j] = a[indexes[j]];
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

  /** Whether the column repeats (entries are level pairs, rows are records). */
  public boolean isNested() {
    return nested;
  }

  /** The column's maximum repetition level: the number of repeated fields on its path. */
  public int maxRepetitionLevel() {
    return maxRep;
  }

  /** The column's maximum definition level: the number of optional or repeated fields on its path. */
  public int maxDefinitionLevel() {
    return maxDef;
  }

  /** Whether the batch was made with the column's schema, so levels above 0 are filled. */
  public boolean hasPathLevels() {
    return fieldDefinitionLevels != null;
  }

  /** Rows read: records, whole ones, for a repeated column. */
  public int rowCount() {
    return nested ? rowCount : entryCount;
  }

  /** Entries read: rows for a flat column, level pairs for a repeated one. */
  public int entryCount() {
    return entryCount;
  }

  /** Values stored: the non-null count when dense, {@link #rowCount()} with row positions. */
  public int valueCount() {
    return valueCount;
  }

  /** Null leaf values among those read (rows for a flat column, leaf positions for a repeated one). */
  public int nullCount() {
    return nullCount;
  }

  /**
   * Whether leaf values of this column can be null: an optional field lies below the path's last
   * repeated field (for a flat column: the column is optional somewhere on its path). When false,
   * {@link #nulls()} is all false.
   */
  public boolean mayHaveNulls() {
    return maxDef > (nested && repeatedDefinitionLevels != null ? repeatedDefinitionLevels[maxRep] : 0);
  }

  /** Leaf positions of the last read: rows of a flat column, level {@link #maxRepetitionLevel()} positions of a repeated one. */
  public int leafCount() {
    return nested ? (repeatedDefinitionLevels != null ? positionCounts[maxRep] : entryCount) : entryCount;
  }

  /** Whether leaf position {@code position} (a row, for a flat column) is null. */
  public boolean isNull(int position) {
    Objects.checkIndex(position, leafCount());
    return nulls[position];
  }

  /**
   * One flag per leaf position, valid at {@code [0, leafCount())}: the row of a flat column
   * ({@code leafCount() == rowCount()}), the innermost level's position of a repeated one (per
   * entry for a repeated batch made without the schema). All false when the column cannot be null.
   */
  public boolean[] nulls() {
    return nulls;
  }

  /**
   * Positions at {@code level} in the last read: {@link #rowCount()} at level 0, the elements of
   * the {@code level}-th repeated field of the path above it.
   */
  public int positionCount(int level) {
    Objects.checkIndex(level, maxRep + 1);
    if (level == 0) {
      return rowCount();
    }
    requirePathLevels();
    return positionCounts[level];
  }

  /**
   * Offsets of level {@code level} ({@code 1..maxRepetitionLevel()}) into the positions of level
   * {@code level - 1}: valid at {@code [0, positionCount(level - 1)]}, starting at 0. An empty or
   * null list has equal offsets; {@link #fillNulls} tells them apart.
   */
  public int[] offsets(int level) {
    if (level < 1 || level > maxRep) {
      throw new IndexOutOfBoundsException("level " + level + " outside 1.." + maxRep);
    }
    requirePathLevels();
    return offsets[level];
  }

  /**
   * The definition level reached at each position of {@code level}, valid at {@code [0,
   * positionCount(level))}. For a flat column (level 0) it is {@link #definitionLevels()}, kept
   * when the maximum definition level is above 1, and null otherwise ({@link #nulls()} says all).
   * For a column with one repeated field and at most one optional field below it (where the level
   * is the maximum less the null flag), the innermost level's array is made from {@link #nulls()}
   * on the first call after a read.
   */
  public int[] positionDefinitionLevels(int level) {
    Objects.checkIndex(level, maxRep + 1);
    if (!nested) {
      return definitionLevels;
    }
    requirePathLevels();
    if (elementLevelsDeferred && level == maxRep) {
      NestedAssembly.elementLevelsFromNulls(this);
    }
    return positionLevels[level];
  }

  /**
   * Definition level of field {@code depth} of the column's path (0: the top-level field, {@code
   * column().getPath().length - 1}: the leaf): the field is defined (not null) at a position when
   * the position's definition level is at least this.
   */
  public int fieldDefinitionLevel(int depth) {
    requirePathLevels();
    return fieldDefinitionLevels[depth];
  }

  /**
   * Definition level of the {@code k}-th repeated field of the path ({@code 1..maxRepetitionLevel()}):
   * a position of level {@code k - 1} holds a non-empty list when its definition level is at least
   * this, an empty one at exactly one less, and a null one (some ancestor is null) below that.
   */
  public int repeatedDefinitionLevel(int k) {
    if (k < 1 || k > maxRep) {
      throw new IndexOutOfBoundsException("repeated field " + k + " outside 1.." + maxRep);
    }
    requirePathLevels();
    return repeatedDefinitionLevels[k];
  }

  /**
   * Sets {@code dst[p]} for each position {@code p} of {@code level} to whether that position's
   * definition level is below {@code definitionLevel}: whether a field of that level with that
   * definition level ({@link #fieldDefinitionLevel}) is null there. Works for every column: flat
   * ones at level 0, repeated ones made with the schema at any level.
   *
   * @param dst at least {@code positionCount(level)} long
   */
  public void fillNulls(int level, int definitionLevel, boolean[] dst) {
    int n = positionCount(level);
    if (dst.length < n) {
      throw new IllegalArgumentException("dst holds " + dst.length + " flags, " + n + " positions");
    }
    if (!nested && maxDef <= 1) {
      boolean[] leaf = nulls;
      if (definitionLevel <= 0) {
        Arrays.fill(dst, 0, n, false);
      } else if (definitionLevel > maxDef) {
        Arrays.fill(dst, 0, n, true);
      } else {
        System.arraycopy(leaf, 0, dst, 0, n);
      }
      return;
    }
    int[] levels = positionDefinitionLevels(level);
    boolean[] isTrue = NestedAssembly.IS_TRUE;
    for (int p = 0; p < n; p++) {
      dst[p] = isTrue[(levels[p] - definitionLevel) >>> 31]; // levels are non-negative: no overflow, no branch
    }
  }

  private void requirePathLevels() {
    if (fieldDefinitionLevels == null) {
      throw new IllegalStateException("the batch of " + column + " was made without its schema: use forColumn(schema, column, ...)");
    }
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

  /**
   * Definition levels, one per entry at {@code [0, entryCount())}: of a repeated column, and of a
   * flat one whose maximum definition level is above 1 (an optional field inside an optional
   * group); null otherwise.
   */
  public int[] definitionLevels() {
    if (levelsDeferred) {
      NestedAssembly.levelsFromPositions(this);
    }
    return definitionLevels;
  }

  /** Repetition levels of a nested column, at {@code [0, entryCount())}; null for flat columns. */
  public int[] repetitionLevels() {
    if (levelsDeferred) {
      NestedAssembly.levelsFromPositions(this);
    }
    return repetitionLevels;
  }

  // Filling: how the chunk readers (ColumnChunkReader, PageCursor, RepeatedRecords, SelectedReads)
  // change a batch's counts, dictionary and array sizes. They run per page or per batch, never per
  // value; the counts are a few bytes of code each, which the JIT inlines where they are called.

  /** Counts {@code entries} more entries (rows of a flat column, level pairs of a repeated one), {@code nulls} of them null. */
  void addEntries(int entries, int nulls) {
    entryCount += entries;
    nullCount += nulls;
  }

  /** Counts {@code n} more stored values (ids when the batch holds ids; rows at row positions). */
  void addValues(int n) {
    valueCount += n;
  }

  /** Counts {@code n} more records of a repeated column. */
  void addRecords(int n) {
    rowCount += n;
  }

  /** The dictionary whose ids the batch holds from its first entry on; null: the batch holds values. */
  void useDictionary(DictionaryValues entries) {
    dictionary = entries;
  }

  /**
   * Replaces the batch's ids by the values they index (a cold path: once per chunk at most). Null
   * rows at row positions hold id 0, which the dictionary may not have, and get zero values.
   */
  void idsToValues() {
    DictionaryValues d = dictionary;
    int[] ids = dictionaryIds;
    boolean positioned = !nested && layout == Layout.ROW_POSITIONS && nulls.length != 0;
    if (d.binaries() != null) {
      binaries.clear();
    }
    for (int i = 0; i < valueCount; i++) {
      boolean isNull = positioned && nulls[i];
      int id = ids[i];
      switch (type) {
        case INT32:
          ints[i] = isNull ? 0 : d.ints()[id];
          break;
        case INT64:
          longs[i] = isNull ? 0 : d.longs()[id];
          break;
        case FLOAT:
          floats[i] = isNull ? 0 : d.floats()[id];
          break;
        case DOUBLE:
          doubles[i] = isNull ? 0 : d.doubles()[id];
          break;
        default: {
          BinaryBatch entries = d.binaries();
          binaries.add(entries.bytes(), isNull ? 0 : entries.offset(id), isNull ? 0 : entries.length(id));
          break;
        }
      }
    }
    dictionary = null;
  }


  /** Grows the batch's entry arrays to hold {@code entries} level pairs. */
  void ensureEntryRoom(int n) {
    if (repetitionLevels.length < n) {
      int size = grown(repetitionLevels.length, n);
      repetitionLevels = Arrays.copyOf(repetitionLevels, size);
      definitionLevels = Arrays.copyOf(definitionLevels, size);
    }
  }

  /** Grows the batch's value (or id) array to hold {@code values} values. */
  void ensureValueRoom(int values) {
    if (dictionaryIds != null && dictionaryIds.length < values) {
      dictionaryIds = Arrays.copyOf(dictionaryIds, grown(dictionaryIds.length, values));
    }
    switch (type) {
      case INT32:
        if (ints.length < values) {
          ints = Arrays.copyOf(ints, grown(ints.length, values));
        }
        break;
      case INT64:
        if (longs.length < values) {
          longs = Arrays.copyOf(longs, grown(longs.length, values));
        }
        break;
      case FLOAT:
        if (floats.length < values) {
          floats = Arrays.copyOf(floats, grown(floats.length, values));
        }
        break;
      case DOUBLE:
        if (doubles.length < values) {
          doubles = Arrays.copyOf(doubles, grown(doubles.length, values));
        }
        break;
      case BOOLEAN:
        if (booleans.length < values) {
          booleans = Arrays.copyOf(booleans, grown(booleans.length, values));
        }
        break;
      default:
        break; // BinaryBatch grows itself
    }
    if (converting != null) {
      ConversionLoops.ensureRoom(converting, this, values);
    }
  }

  private static int grown(int length, int needed) {
    return (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, length + (long) (length >> 1)));
  }
}
