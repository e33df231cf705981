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
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark column vector over one flat column's {@link ColumnBatch} (row positions: value {@code i}
 * is row {@code i}'s), without copying: Spark reads the batch's own arrays. Where Spark's
 * representation differs from the Parquet value (rebased dates and timestamps, millisecond and
 * INT96 timestamps, narrow byte-array decimals) the values are converted once per batch into an
 * array this vector keeps, by {@link SparkValueConversions}, the same code the copying path uses.
 *
 * <p>Like Spark's own reader, the scan reuses its batches: {@link #bind} points the vector at the
 * arrays of the read that just happened (a batch may replace its arrays when it grows), and Spark
 * is done with a batch before it asks for the next one. Strings are {@link UTF8String} views of the
 * batch's bytes, or of the dictionary's bytes when the batch holds dictionary ids.
 *
 * <p>Spark's generated code reaches these vectors through {@link ColumnVector}'s methods ({@link
 * FastDecodeFileFormat#vectorTypes}), so one scan may mix them with Spark's own vectors (files
 * that fall back, nested columns, missing and partition columns).
 */
abstract class ColumnBatchVector extends ColumnVector {
  private static final int MAX_INT_DIGITS = 9;
  private static final int MAX_LONG_DIGITS = 18;

  final ColumnBatch batch;
  /** One flag per row of the last read (all false for a column that cannot be null). */
  boolean[] nulls;
  private int nullCount;

  ColumnBatchVector(DataType type, ColumnBatch batch) {
    super(type);
    this.batch = batch;
    this.nulls = batch.nulls();
  }

  /**
   * The vector that shows {@code batch} (of a column of {@code kind}) to Spark as {@code type};
   * {@code conversions} holds the file's calendar settings.
   */
  static ColumnBatchVector of(SparkColumnKind kind, DataType type, ColumnBatch batch,
      SparkValueConversions conversions) {
    switch (kind) {
      case BOOLEAN:
        return new Booleans(type, batch);
      case BYTE:
      case SHORT:
      case INT:
      case DECIMAL_INT32:
        return new Ints(type, batch, null);
      case DATE:
        return new Ints(type, batch, conversions);
      case LONG:
      case DECIMAL_INT64:
        return new Longs(type, batch, kind, null);
      case TIMESTAMP_MICROS:
      case TIMESTAMP_MILLIS:
      case TIMESTAMP_NTZ_MICROS:
      case TIMESTAMP_NTZ_MILLIS:
      case TIMESTAMP_INT96:
        return new Longs(type, batch, kind, conversions);
      case DECIMAL_BYTES:
        return ((org.apache.spark.sql.types.DecimalType) type).precision() > MAX_LONG_DIGITS
            ? new Bytes(type, batch) : new Longs(type, batch, kind, conversions);
      case INT_AS_LONG:
      case UINT32_AS_LONG:
      case DATE_AS_TIMESTAMP_NTZ:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
      case INT96_AS_TIMESTAMP_NTZ:
        return new Longs(type, batch, kind, conversions);
      case UINT64_AS_DECIMAL:
        return new UnsignedLongs(type, batch);
      case DECIMAL_WIDENED:
        return new WidenedDecimals(type, batch);
      case FLOAT:
        return new Floats(type, batch, null);
      case FLOAT16:
        return new Floats(type, batch, conversions);
      case DOUBLE:
        return new Doubles(type, batch, kind, null);
      case INT_AS_DOUBLE:
      case FLOAT_AS_DOUBLE:
        return new Doubles(type, batch, kind, conversions);
      case BYTES:
        batch.keepDictionaryIds();
        return new Bytes(type, batch);
      default:
        throw new IllegalStateException(kind.name());
    }
  }

  /** Shows the {@code rows} rows of the batch's last read. */
  final void bind(int rows) {
    nulls = batch.nulls();
    nullCount = batch.nullCount();
    bindValues(rows);
  }

  /** Takes the values of the last read (converting them where Spark's form differs). */
  abstract void bindValues(int rows);

  @Override
  public final void close() {
    // The arrays are the batch's; the scan's reader owns them.
  }

  @Override
  public final boolean hasNull() {
    return nullCount > 0;
  }

  @Override
  public final int numNulls() {
    return nullCount;
  }

  @Override
  public final boolean isNullAt(int rowId) {
    return nulls[rowId];
  }

  private UnsupportedOperationException unsupported(String what) {
    return new UnsupportedOperationException(what + " of a " + dataType().simpleString() + " column");
  }

  @Override
  public boolean getBoolean(int rowId) {
    throw unsupported("getBoolean");
  }

  @Override
  public byte getByte(int rowId) {
    throw unsupported("getByte");
  }

  @Override
  public short getShort(int rowId) {
    throw unsupported("getShort");
  }

  @Override
  public int getInt(int rowId) {
    throw unsupported("getInt");
  }

  @Override
  public long getLong(int rowId) {
    throw unsupported("getLong");
  }

  @Override
  public float getFloat(int rowId) {
    throw unsupported("getFloat");
  }

  @Override
  public double getDouble(int rowId) {
    throw unsupported("getDouble");
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    throw unsupported("getArray");
  }

  @Override
  public ColumnarMap getMap(int ordinal) {
    throw unsupported("getMap");
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    throw unsupported("getDecimal");
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    throw unsupported("getUTF8String");
  }

  @Override
  public byte[] getBinary(int rowId) {
    throw unsupported("getBinary");
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw unsupported("getChild");
  }

  /** BOOLEAN. */
  static final class Booleans extends ColumnBatchVector {
    private boolean[] values;

    Booleans(DataType type, ColumnBatch batch) {
      super(type, batch);
    }

    @Override
    void bindValues(int rows) {
      values = batch.booleans();
    }

    @Override
    public boolean getBoolean(int rowId) {
      return values[rowId];
    }
  }

  /** INT32: byte, short, int, decimals of up to 9 digits (Spark's int form) and up to 18, dates. */
  static final class Ints extends ColumnBatchVector {
    /** Null for values Spark takes as stored; the date rebase otherwise. */
    private final SparkValueConversions conversions;
    private int[] values;

    Ints(DataType type, ColumnBatch batch, SparkValueConversions conversions) {
      super(type, batch);
      this.conversions = conversions;
    }

    @Override
    void bindValues(int rows) {
      int[] src = batch.ints();
      values = conversions == null ? src : conversions.days(src, hasNull() ? nulls : null, rows);
    }

    @Override
    public byte getByte(int rowId) {
      return (byte) values[rowId];
    }

    @Override
    public short getShort(int rowId) {
      return (short) values[rowId];
    }

    @Override
    public int getInt(int rowId) {
      return values[rowId];
    }

    @Override
    public long getLong(int rowId) {
      return values[rowId];
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
      if (nulls[rowId]) {
        return null;
      }
      return Decimal.createUnsafe(values[rowId], precision, scale);
    }
  }

  /**
   * INT64 and what Spark holds as longs: longs, decimals of up to 18 digits (from INT64, or from
   * bytes converted per batch), timestamps (microseconds, converted per batch where Spark's form
   * differs).
   */
  static final class Longs extends ColumnBatchVector {
    private final SparkColumnKind kind;
    /** Null for values Spark takes as stored. */
    private final SparkValueConversions conversions;
    private long[] values;

    Longs(DataType type, ColumnBatch batch, SparkColumnKind kind, SparkValueConversions conversions) {
      super(type, batch);
      this.kind = kind;
      this.conversions = conversions;
    }

    @Override
    void bindValues(int rows) {
      boolean[] n = hasNull() ? nulls : null;
      switch (kind) {
        case TIMESTAMP_MICROS:
          values = conversions.micros(batch.longs(), n, rows, false, false);
          break;
        case TIMESTAMP_MILLIS:
          values = conversions.micros(batch.longs(), n, rows, true, false);
          break;
        case TIMESTAMP_NTZ_MICROS:
          values = conversions.micros(batch.longs(), n, rows, false, true);
          break;
        case TIMESTAMP_NTZ_MILLIS:
          values = conversions.micros(batch.longs(), n, rows, true, true);
          break;
        case TIMESTAMP_INT96:
          values = conversions.int96Micros(batch.binaries(), n, rows);
          break;
        case DECIMAL_BYTES:
          values = conversions.unscaledLongs(batch.binaries(), n, rows);
          break;
        case INT_AS_LONG:
          values = conversions.intsToLongs(batch.ints(), rows, false);
          break;
        case UINT32_AS_LONG:
          values = conversions.intsToLongs(batch.ints(), rows, true);
          break;
        case DATE_AS_TIMESTAMP_NTZ:
          values = conversions.dateMicros(batch.ints(), n, rows);
          break;
        case TIMESTAMP_NANOS:
          values = conversions.nanosToMicros(batch.longs(), n, rows, false);
          break;
        case TIMESTAMP_NTZ_NANOS:
          values = conversions.nanosToMicros(batch.longs(), n, rows, true);
          break;
        case INT96_AS_TIMESTAMP_NTZ:
          values = conversions.int96LocalMicros(batch.binaries(), n, rows);
          break;
        default:
          values = batch.longs();
          break;
      }
    }

    @Override
    public int getInt(int rowId) {
      return (int) values[rowId];
    }

    @Override
    public long getLong(int rowId) {
      return values[rowId];
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
      if (nulls[rowId]) {
        return null;
      }
      long v = values[rowId];
      // Spark holds decimals of up to 9 digits as ints: a value that does not fit is cut the same way.
      return Decimal.createUnsafe(precision <= MAX_INT_DIGITS ? (int) v : v, precision, scale);
    }
  }

  /** FLOAT, and FLOAT16 converted per batch. */
  static final class Floats extends ColumnBatchVector {
    /** Null for FLOAT; FLOAT16's conversion otherwise. */
    private final SparkValueConversions conversions;
    private float[] values;

    Floats(DataType type, ColumnBatch batch, SparkValueConversions conversions) {
      super(type, batch);
      this.conversions = conversions;
    }

    @Override
    void bindValues(int rows) {
      values = conversions == null ? batch.floats() : conversions.float16(batch.binaries(), hasNull() ? nulls : null, rows);
    }

    @Override
    public float getFloat(int rowId) {
      return values[rowId];
    }
  }

  /** DOUBLE, and INT32 or FLOAT read as double (converted per batch). */
  static final class Doubles extends ColumnBatchVector {
    private final SparkColumnKind kind;
    private final SparkValueConversions conversions;
    private double[] values;

    Doubles(DataType type, ColumnBatch batch, SparkColumnKind kind, SparkValueConversions conversions) {
      super(type, batch);
      this.kind = kind;
      this.conversions = conversions;
    }

    @Override
    void bindValues(int rows) {
      switch (kind) {
        case INT_AS_DOUBLE:
          values = conversions.intsToDoubles(batch.ints(), rows);
          break;
        case FLOAT_AS_DOUBLE:
          values = conversions.floatsToDoubles(batch.floats(), rows);
          break;
        default:
          values = batch.doubles();
          break;
      }
    }

    @Override
    public double getDouble(int rowId) {
      return values[rowId];
    }
  }

  /**
   * BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY: strings and binaries (the batch's bytes, or dictionary ids
   * and the dictionary's bytes), and decimals of more than 18 digits (Spark's big-endian form).
   */
  static final class Bytes extends ColumnBatchVector {
    private byte[] bytes;
    private int[] offsets;
    /** The row's dictionary id while the batch holds ids, else null. */
    private int[] ids;

    Bytes(DataType type, ColumnBatch batch) {
      super(type, batch);
    }

    @Override
    void bindValues(int rows) {
      BinaryBatch values;
      if (batch.hasDictionaryIds()) {
        ids = batch.dictionaryIds();
        values = batch.dictionary().binaries();
      } else {
        ids = null;
        values = batch.binaries();
      }
      bytes = values.bytes();
      offsets = values.offsets();
    }

    /** Where row {@code rowId}'s value starts: the index into the offsets. */
    private int entry(int rowId) {
      int[] i = ids;
      return i == null ? rowId : i[rowId];
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
      if (nulls[rowId]) {
        return null;
      }
      int e = entry(rowId);
      int start = offsets[e];
      return UTF8String.fromBytes(bytes, start, offsets[e + 1] - start);
    }

    @Override
    public byte[] getBinary(int rowId) {
      if (nulls[rowId]) {
        return null;
      }
      int e = entry(rowId);
      return Arrays.copyOfRange(bytes, offsets[e], offsets[e + 1]);
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
      if (nulls[rowId]) {
        return null;
      }
      // As Spark reads a wide decimal from its vectors: the unscaled value's two's complement bytes.
      BigInteger unscaled = new BigInteger(getBinary(rowId));
      return Decimal.apply(new BigDecimal(unscaled, scale), precision, scale);
    }
  }

  /** INT64 UINT_64 as Spark's decimal(20, 0): the 64 bits read as an unsigned number. */
  static final class UnsignedLongs extends ColumnBatchVector {
    private long[] values;

    UnsignedLongs(DataType type, ColumnBatch batch) {
      super(type, batch);
    }

    @Override
    void bindValues(int rows) {
      values = batch.longs();
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
      if (nulls[rowId]) {
        return null;
      }
      return decimal(values[rowId], precision, scale);
    }

    /** The 64 bits of {@code v} read as an unsigned integer, as Spark's decimal. */
    static Decimal decimal(long v, int precision, int scale) {
      BigInteger unsigned = v >= 0 ? BigInteger.valueOf(v) : BigInteger.valueOf(v & Long.MAX_VALUE).setBit(63);
      return Decimal.apply(new BigDecimal(unsigned, scale), precision, scale);
    }
  }

  /**
   * A decimal at a larger precision or scale than the file's, or a signed integer as a decimal:
   * the stored unscaled value (INT32, INT64 or big-endian bytes) times 10 to the scale's increase.
   */
  static final class WidenedDecimals extends ColumnBatchVector {
    private final Widening widening;

    WidenedDecimals(DataType type, ColumnBatch batch) {
      super(type, batch);
      this.widening = new Widening(batch, ((org.apache.spark.sql.types.DecimalType) type).scale());
    }

    @Override
    void bindValues(int rows) {
      widening.bind(batch);
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
      return nulls[rowId] ? null : widening.decimal(rowId, precision, scale);
    }
  }

  /** The values of a batch of a decimal or integer column as Spark's decimal of a larger scale. */
  static final class Widening {
    private final org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName physical;
    /** 10 to the power of Spark's scale minus the file's. */
    private final BigInteger factor;
    private final long longFactor;
    private int[] ints;
    private long[] longs;
    private BinaryBatch binaries;

    Widening(ColumnBatch batch, int sparkScale) {
      org.apache.parquet.schema.PrimitiveType p = batch.column().getPrimitiveType();
      this.physical = p.getPrimitiveTypeName();
      int fileScale = p.getLogicalTypeAnnotation() instanceof
          org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation
          ? ((org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) p.getLogicalTypeAnnotation()).getScale()
          : 0;
      int up = sparkScale - fileScale;
      this.factor = BigInteger.TEN.pow(up);
      this.longFactor = up <= 18 ? factor.longValue() : 0;
    }

    /** Takes the values of the batch's last read. */
    void bind(ColumnBatch batch) {
      switch (physical) {
        case INT32:
          ints = batch.ints();
          break;
        case INT64:
          longs = batch.longs();
          break;
        default:
          binaries = batch.binaries();
          break;
      }
    }

    /** Value {@code i} (non-null) as Spark's decimal(precision, scale). */
    Decimal decimal(int i, int precision, int scale) {
      if (physical == org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32
          || physical == org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64) {
        long v = physical == org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32 ? ints[i] : longs[i];
        if (precision <= MAX_LONG_DIGITS && longFactor != 0) {
          return Decimal.createUnsafe(v * longFactor, precision, scale);
        }
        return Decimal.apply(new BigDecimal(BigInteger.valueOf(v).multiply(factor), scale), precision, scale);
      }
      int[] offsets = binaries.offsets();
      byte[] value = Arrays.copyOfRange(binaries.bytes(), offsets[i], offsets[i + 1]);
      BigInteger unscaled = value.length == 0 ? BigInteger.ZERO : new BigInteger(value);
      return Decimal.apply(new BigDecimal(unscaled.multiply(factor), scale), precision, scale);
    }
  }
}
