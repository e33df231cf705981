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

import java.util.Objects;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * What a {@link ColumnBatch}'s values mean: the column's logical type as the batch reports it, the
 * {@link Conversion} it asked for, the array that conversion fills, and the facts an engine needs to
 * read the values (unit, {@code isAdjustedToUTC}, precision and scale, signedness, text or not).
 * Made by {@link ColumnBatch#convert(Conversion)}; every batch has one ({@link ColumnBatch#logical()}),
 * with {@link Conversion#NONE} until a conversion is asked for.
 *
 * <p>The conversion itself runs per batch: the decoder's bulk conversion where it has one (INT32
 * widening, DATE and TIMESTAMP(MILLIS/NANOS) to microseconds, INT96), otherwise the physical values
 * are read into the batch's physical array and converted in one tight loop over the run just read.
 */
public final class LogicalColumn {
  /** The logical type a column is annotated with, as far as readers of batches care. */
  public enum Kind {
    /** No annotation: the physical type is all there is. */
    NONE,
    /** UTF-8 text (BYTE_ARRAY). */
    STRING,
    /** UTF-8 JSON text (BYTE_ARRAY). */
    JSON,
    /** An enum's name as UTF-8 bytes (BYTE_ARRAY). */
    ENUM,
    /** A 16-byte UUID (FIXED_LEN_BYTE_ARRAY(16)), big-endian. */
    UUID,
    /** BSON bytes. */
    BSON,
    /** A signed or unsigned integer annotation (INT(bits, signed)). */
    INTEGER,
    DECIMAL,
    DATE,
    TIME,
    TIMESTAMP,
    /** A half-precision float (FIXED_LEN_BYTE_ARRAY(2), little-endian). */
    FLOAT16,
    /** Any other annotation (INTERVAL, and annotations newer than this library). */
    OTHER
  }

  /** The batch array that holds the values. */
  public enum Target {
    INTS, LONGS, FLOATS, DOUBLES, BOOLEANS, BINARIES,
    /** {@link ColumnBatch#decimal128()}: 16 bytes per value, big-endian. */
    DECIMAL_128
  }

  /** The per-batch conversion loop; chosen once per column. */
  enum Kernel {
    PHYSICAL,
    I32_TO_LONG, U32_TO_LONG, I32_TO_DOUBLE, U32_TO_DOUBLE,
    I64_TO_DOUBLE, U64_TO_DOUBLE, F32_TO_DOUBLE,
    DATE_MICROS,
    MILLIS_TO_MICROS, NANOS_TO_MICROS, MILLIS_TO_NANOS, MICROS_TO_NANOS,
    INT96_MICROS, INT96_NANOS,
    BYTES_TO_LONG,
    I32_TO_128, I64_TO_128, U64_TO_128, BYTES_TO_128,
    FLOAT16
  }


  private final ColumnDescriptor column;
  private final String path;
  private final Conversion conversion;
  private final Kind kind;
  private final Target target;
  private final Kernel kernel;
  private final boolean unsigned;
  private final boolean adjustedToUTC;
  private final TimeUnit unit;
  private final int precision;
  private final int scale;

  private LogicalColumn(ColumnDescriptor column, Conversion conversion, Kind kind, Target target, Kernel kernel,
      boolean unsigned, boolean adjustedToUTC, TimeUnit unit, int precision, int scale) {
    this.column = column;
    this.path = String.join(".", column.getPath());
    this.conversion = conversion;
    this.kind = kind;
    this.target = target;
    this.kernel = kernel;
    this.unsigned = unsigned;
    this.adjustedToUTC = adjustedToUTC;
    this.unit = unit;
    this.precision = precision;
    this.scale = scale;
  }

  /**
   * How {@code column} reads with {@code conversion}.
   *
   * @throws IllegalArgumentException if the conversion does not apply to the column's type (a
   *     TIMESTAMP conversion on a column that is no timestamp, DECIMAL_LONG above precision 18, ...)
   */
  public static LogicalColumn of(ColumnDescriptor column, Conversion conversion) {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(conversion, "conversion");
    PrimitiveType p = column.getPrimitiveType();
    PrimitiveTypeName t = p.getPrimitiveTypeName();
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    Kind kind = kindOf(a);
    boolean unsigned = a instanceof IntLogicalTypeAnnotation && !((IntLogicalTypeAnnotation) a).isSigned();
    boolean utc = false;
    TimeUnit storedUnit = null;
    if (a instanceof TimestampLogicalTypeAnnotation) {
      utc = ((TimestampLogicalTypeAnnotation) a).isAdjustedToUTC();
      storedUnit = ((TimestampLogicalTypeAnnotation) a).getUnit();
    } else if (t == PrimitiveTypeName.INT96 && a == null) {
      // INT96 has no annotation; the writers that still produce it (Spark, Hive, Impala) mean an
      // instant, and Spark reads it as one.
      kind = Kind.TIMESTAMP;
      utc = true;
      storedUnit = TimeUnit.NANOS;
    }
    int precision = 0;
    int scale = 0;
    if (a instanceof DecimalLogicalTypeAnnotation) {
      precision = ((DecimalLogicalTypeAnnotation) a).getPrecision();
      scale = ((DecimalLogicalTypeAnnotation) a).getScale();
    }
    Target physical = physicalTarget(t);
    Kernel k;
    Target target;
    TimeUnit unit = storedUnit;
    switch (conversion) {
      case NONE:
        k = Kernel.PHYSICAL;
        target = physical;
        break;
      case TO_LONG:
        require(column, conversion, t == PrimitiveTypeName.INT32 || t == PrimitiveTypeName.INT64, "INT32 or INT64");
        target = Target.LONGS;
        k = t == PrimitiveTypeName.INT64 ? Kernel.PHYSICAL : unsigned ? Kernel.U32_TO_LONG : Kernel.I32_TO_LONG;
        break;
      case TO_DOUBLE:
        require(column, conversion, kind != Kind.DECIMAL && (t == PrimitiveTypeName.INT32 || t == PrimitiveTypeName.INT64
            || t == PrimitiveTypeName.FLOAT || t == PrimitiveTypeName.DOUBLE), "INT32, INT64, FLOAT or DOUBLE, not DECIMAL");
        target = Target.DOUBLES;
        switch (t) {
          case INT32:
            k = unsigned ? Kernel.U32_TO_DOUBLE : Kernel.I32_TO_DOUBLE;
            break;
          case INT64:
            k = unsigned ? Kernel.U64_TO_DOUBLE : Kernel.I64_TO_DOUBLE;
            break;
          case FLOAT:
            k = Kernel.F32_TO_DOUBLE;
            break;
          default:
            k = Kernel.PHYSICAL;
            break;
        }
        break;
      case DATE_DAYS:
        require(column, conversion, kind == Kind.DATE && t == PrimitiveTypeName.INT32, "DATE");
        target = Target.INTS;
        k = Kernel.PHYSICAL;
        break;
      case DATE_MICROS:
        require(column, conversion, kind == Kind.DATE && t == PrimitiveTypeName.INT32, "DATE");
        target = Target.LONGS;
        k = Kernel.DATE_MICROS;
        unit = TimeUnit.MICROS;
        break;
      case TIMESTAMP_MICROS:
      case TIMESTAMP_NANOS: {
        require(column, conversion, kind == Kind.TIMESTAMP && (t == PrimitiveTypeName.INT64 || t == PrimitiveTypeName.INT96),
            "TIMESTAMP on INT64, or INT96");
        boolean micros = conversion == Conversion.TIMESTAMP_MICROS;
        target = Target.LONGS;
        unit = micros ? TimeUnit.MICROS : TimeUnit.NANOS;
        if (t == PrimitiveTypeName.INT96) {
          k = micros ? Kernel.INT96_MICROS : Kernel.INT96_NANOS;
        } else if (storedUnit == unit) {
          k = Kernel.PHYSICAL;
        } else if (storedUnit == TimeUnit.MILLIS) {
          k = micros ? Kernel.MILLIS_TO_MICROS : Kernel.MILLIS_TO_NANOS;
        } else {
          k = micros ? Kernel.NANOS_TO_MICROS : Kernel.MICROS_TO_NANOS;
        }
        break;
      }
      case DECIMAL_LONG:
        require(column, conversion, kind == Kind.DECIMAL && precision <= 18, "DECIMAL with precision up to 18");
        target = Target.LONGS;
        k = t == PrimitiveTypeName.INT32 ? Kernel.I32_TO_LONG : t == PrimitiveTypeName.INT64 ? Kernel.PHYSICAL : Kernel.BYTES_TO_LONG;
        break;
      case DECIMAL_128:
        require(column, conversion, kind == Kind.DECIMAL && precision <= 38
            || unsigned && t == PrimitiveTypeName.INT64, "DECIMAL with precision up to 38, or UINT_64");
        target = Target.DECIMAL_128;
        if (kind != Kind.DECIMAL) {
          // UINT_64 as the DECIMAL(20, 0) that holds all of it.
          k = Kernel.U64_TO_128;
          precision = 20;
        } else {
          k = t == PrimitiveTypeName.INT32 ? Kernel.I32_TO_128 : t == PrimitiveTypeName.INT64 ? Kernel.I64_TO_128 : Kernel.BYTES_TO_128;
        }
        break;
      case FLOAT16_TO_FLOAT:
        require(column, conversion, kind == Kind.FLOAT16 && p.getTypeLength() == 2, "FLOAT16");
        target = Target.FLOATS;
        k = Kernel.FLOAT16;
        break;
      default:
        throw new IllegalArgumentException("unknown conversion " + conversion);
    }
    return new LogicalColumn(column, conversion, kind, target, k, unsigned, utc, unit, precision, scale);
  }

  private static void require(ColumnDescriptor column, Conversion conversion, boolean ok, String wanted) {
    if (!ok) {
      PrimitiveType p = column.getPrimitiveType();
      throw new IllegalArgumentException(conversion + " needs " + wanted + "; column " + String.join(".", column.getPath())
          + " is " + p.getPrimitiveTypeName() + (p.getLogicalTypeAnnotation() == null ? "" : " " + p.getLogicalTypeAnnotation()));
    }
  }

  private static Kind kindOf(LogicalTypeAnnotation a) {
    if (a == null) {
      return Kind.NONE;
    }
    if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation) {
      return Kind.STRING;
    }
    if (a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
      return Kind.JSON;
    }
    if (a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation) {
      return Kind.ENUM;
    }
    if (a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
      return Kind.UUID;
    }
    if (a instanceof LogicalTypeAnnotation.BsonLogicalTypeAnnotation) {
      return Kind.BSON;
    }
    if (a instanceof IntLogicalTypeAnnotation) {
      return Kind.INTEGER;
    }
    if (a instanceof DecimalLogicalTypeAnnotation) {
      return Kind.DECIMAL;
    }
    if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
      return Kind.DATE;
    }
    if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation) {
      return Kind.TIME;
    }
    if (a instanceof TimestampLogicalTypeAnnotation) {
      return Kind.TIMESTAMP;
    }
    if (a instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
      return Kind.FLOAT16;
    }
    return Kind.OTHER;
  }

  static Target physicalTarget(PrimitiveTypeName t) {
    switch (t) {
      case INT32:
        return Target.INTS;
      case INT64:
        return Target.LONGS;
      case FLOAT:
        return Target.FLOATS;
      case DOUBLE:
        return Target.DOUBLES;
      case BOOLEAN:
        return Target.BOOLEANS;
      default:
        return Target.BINARIES;
    }
  }

  public ColumnDescriptor column() {
    return column;
  }

  /** The conversion asked for ({@link Conversion#NONE}: physical values). */
  public Conversion conversion() {
    return conversion;
  }

  /** The column's logical type. INT96 reports {@link Kind#TIMESTAMP}. */
  public Kind kind() {
    return kind;
  }

  /** The batch array that holds the values. */
  public Target target() {
    return target;
  }

  /** Whether the values are UTF-8 text: STRING, JSON or ENUM. */
  public boolean isText() {
    return kind == Kind.STRING || kind == Kind.JSON || kind == Kind.ENUM;
  }

  /**
   * Whether the integer annotation is unsigned (UINT_8 to UINT_64). With {@link Conversion#TO_LONG}
   * a UINT_64 value's 64 bits are in the long: read it with {@link Long#toUnsignedString(long)} or
   * {@link Long#compareUnsigned}.
   */
  public boolean isUnsigned() {
    return unsigned;
  }

  /**
   * For timestamps, whether the values are instants (UTC-normalised) rather than local date-times.
   * INT96 reports true: its writers (Spark, Hive, Impala) store instants, and Spark reads them so.
   */
  public boolean isAdjustedToUTC() {
    return adjustedToUTC;
  }

  /**
   * The unit of the values for timestamps (the stored unit with {@link Conversion#NONE}, NANOS for
   * INT96) and for {@link Conversion#DATE_MICROS}; null otherwise.
   */
  public TimeUnit unit() {
    return unit;
  }

  /** A DECIMAL's precision (20 for UINT_64 read as {@link Conversion#DECIMAL_128}); 0 otherwise. */
  public int precision() {
    return precision;
  }

  /** A DECIMAL's scale; 0 otherwise. */
  public int scale() {
    return scale;
  }

  /** Whether values go through a conversion loop (false when the target holds the physical values). */
  boolean convertsValues() {
    return kernel != Kernel.PHYSICAL;
  }

  /** The loop {@link ConversionLoops} runs for this column. */
  Kernel kernel() {
    return kernel;
  }

  /** The column's dotted path, for error messages. */
  String pathForMessages() {
    return path;
  }

  static double unsignedToDouble(long v) {
    if (v >= 0) {
      return v;
    }
    return ((double) ((v >>> 1) | (v & 1))) * 2.0;
  }

  static float float16ToFloat(int h) {
    int sign = (h & 0x8000) << 16;
    int exponent = (h >>> 10) & 0x1F;
    int mantissa = h & 0x3FF;
    if (exponent == 0x1F) {
      return Float.intBitsToFloat(sign | 0x7F80_0000 | mantissa << 13);
    }
    if (exponent == 0) {
      // Zero or subnormal: mantissa * 2^-24, exact in a float.
      float magnitude = mantissa * 0x1p-24f;
      return sign == 0 ? magnitude : -magnitude;
    }
    return Float.intBitsToFloat(sign | (exponent + 112) << 23 | mantissa << 13);
  }

  @Override
  public String toString() {
    return path + ": " + kind + " read as " + conversion + " into " + target;
  }
}
