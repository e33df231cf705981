package io.github.fastdecode.parquet.column;

import io.github.fastdecode.parquet.BinaryBatch;
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

  void clear() {
    entryCount = 0;
    valueCount = 0;
    nullCount = 0;
    if (binaries != null) {
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

  /** Byte-array values (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, INT96), one per stored value. */
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
