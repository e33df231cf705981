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

import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.YearMonthIntervalType;

/**
 * How one Parquet leaf becomes one Spark column: the pairs of a Parquet type and a Spark type that
 * this source reads itself. They are the pairs Spark 4's vectorized reader accepts (its type
 * widenings, unsigned integers, fixed-length binaries and intervals included), plus the ones Spark
 * refuses that this source reads anyway: INT64 TIMESTAMP(NANOS) as a timestamp and FLOAT16 as a
 * float. Any other pair is left to Spark's own reader.
 *
 * <p>The kinds from {@link #INT_AS_LONG} on convert the stored values ({@link #converts()}): a
 * vector over the batch, or the copy into Spark's vectors, converts them a batch at a time.
 */
enum SparkColumnKind {
  BOOLEAN,
  BYTE,
  SHORT,
  INT,
  LONG,
  FLOAT,
  DOUBLE,
  /** Decimal stored as INT32. */
  DECIMAL_INT32,
  /** Decimal stored as INT64. */
  DECIMAL_INT64,
  /** Decimal stored as big-endian two's complement bytes (BINARY or FIXED_LEN_BYTE_ARRAY). */
  DECIMAL_BYTES,
  /** STRING or BINARY from BYTE_ARRAY (or binary from FIXED_LEN_BYTE_ARRAY): the bytes as they are. */
  BYTES,
  DATE,
  TIMESTAMP_MICROS,
  TIMESTAMP_MILLIS,
  TIMESTAMP_INT96,
  TIMESTAMP_NTZ_MICROS,
  TIMESTAMP_NTZ_MILLIS,
  /** INT32 (signed, or UINT_8/UINT_16) read as long: sign-extended. */
  INT_AS_LONG,
  /** INT32 UINT_32 read as long (Spark's type for it): zero-extended. */
  UINT32_AS_LONG,
  /** INT32 read as double. */
  INT_AS_DOUBLE,
  /** FLOAT read as double. */
  FLOAT_AS_DOUBLE,
  /** INT64 UINT_64 read as decimal(20, 0) (Spark's type for it). */
  UINT64_AS_DECIMAL,
  /**
   * A decimal read at a larger precision or scale than the file's, or a signed integer read as a
   * decimal wide enough for all its values: the unscaled value times 10 to the scale's increase.
   */
  DECIMAL_WIDENED,
  /** DATE read as timestamp_ntz: midnight of the day (after the calendar rebase, as Spark does). */
  DATE_AS_TIMESTAMP_NTZ,
  /** INT96 read as timestamp_ntz: Julian day and nanoseconds, never rebased (as Spark reads it). */
  INT96_AS_TIMESTAMP_NTZ,
  /** INT64 TIMESTAMP(NANOS, UTC-adjusted) as timestamp; Spark refuses it. Floored to microseconds. */
  TIMESTAMP_NANOS,
  /** INT64 TIMESTAMP(NANOS, local) as timestamp_ntz; Spark refuses it. Floored to microseconds. */
  TIMESTAMP_NTZ_NANOS,
  /** FIXED_LEN_BYTE_ARRAY(2) FLOAT16 as float; Spark refuses it. */
  FLOAT16;

  /**
   * Whether the values Spark sees are not the stored values compared the way Spark's pushed filter
   * compares them (another type than the file's): such columns are not filtered row by row.
   */
  boolean converts() {
    return ordinal() >= INT_AS_LONG.ordinal();
  }

  /** The kind that reads {@code parquet} as {@code spark}, or null when this source does not. */
  static SparkColumnKind of(PrimitiveType parquet, DataType spark) {
    LogicalTypeAnnotation logical = parquet.getLogicalTypeAnnotation();
    switch (parquet.getPrimitiveTypeName()) {
      case BOOLEAN:
        return spark instanceof BooleanType ? BOOLEAN : null;
      case INT32:
        if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          // As a long: the stored day number, as Spark's reader widens any INT32 to long.
          return spark instanceof DateType ? DATE : spark instanceof TimestampNTZType ? DATE_AS_TIMESTAMP_NTZ
              : spark instanceof LongType ? INT_AS_LONG : null;
        }
        if (logical instanceof DecimalLogicalTypeAnnotation) {
          // As a long: the unscaled value, likewise.
          return spark instanceof LongType ? INT_AS_LONG : decimal(parquet, logical, spark);
        }
        if (logical != null && !(logical instanceof IntLogicalTypeAnnotation)) {
          return null; // TIME(MILLIS) and others: Spark's reader
        }
        if (isUnsignedInt(logical, 32)) {
          return spark instanceof LongType ? UINT32_AS_LONG : spark instanceof IntegerType ? INT : null;
        }
        if (spark instanceof IntegerType || spark instanceof YearMonthIntervalType) {
          return INT;
        }
        if (spark instanceof ByteType) {
          return BYTE;
        }
        if (spark instanceof ShortType) {
          return SHORT;
        }
        if (spark instanceof LongType) {
          return INT_AS_LONG;
        }
        if (spark instanceof DoubleType) {
          return INT_AS_DOUBLE;
        }
        return decimal(parquet, logical, spark);
      case INT64:
        if (logical instanceof TimestampLogicalTypeAnnotation) {
          TimestampLogicalTypeAnnotation ts = (TimestampLogicalTypeAnnotation) logical;
          if (spark instanceof LongType) {
            return LONG; // spark.sql.legacy.parquet.nanosAsLong: the stored value
          }
          boolean utc = ts.isAdjustedToUTC();
          switch (ts.getUnit()) {
            // A local timestamp read as an instant is read as Spark reads it (rebased as one); an
            // instant read as a local timestamp Spark refuses.
            case MICROS:
              return spark instanceof TimestampType ? TIMESTAMP_MICROS
                  : !utc && spark instanceof TimestampNTZType ? TIMESTAMP_NTZ_MICROS : null;
            case MILLIS:
              return spark instanceof TimestampType ? TIMESTAMP_MILLIS
                  : !utc && spark instanceof TimestampNTZType ? TIMESTAMP_NTZ_MILLIS : null;
            case NANOS:
              return spark instanceof TimestampType ? TIMESTAMP_NANOS
                  : !utc && spark instanceof TimestampNTZType ? TIMESTAMP_NTZ_NANOS : null;
            default:
              return null;
          }
        }
        if (logical instanceof DecimalLogicalTypeAnnotation) {
          return spark instanceof LongType ? LONG : decimal(parquet, logical, spark); // as a long: the unscaled value
        }
        if (logical != null && !(logical instanceof IntLogicalTypeAnnotation)) {
          return null; // TIME(MICROS, NANOS) and others: Spark's reader
        }
        if (spark instanceof LongType || spark instanceof DayTimeIntervalType) {
          return LONG;
        }
        if (isUnsignedInt(logical, 64)) {
          DecimalType d = spark instanceof DecimalType ? (DecimalType) spark : null;
          return d != null && d.precision() == 20 && d.scale() == 0 ? UINT64_AS_DECIMAL : null;
        }
        return decimal(parquet, logical, spark);
      case FLOAT:
        return spark instanceof FloatType ? FLOAT : spark instanceof DoubleType ? FLOAT_AS_DOUBLE : null;
      case DOUBLE:
        return spark instanceof DoubleType ? DOUBLE : null;
      case INT96:
        return spark instanceof TimestampType ? TIMESTAMP_INT96 : spark instanceof TimestampNTZType ? INT96_AS_TIMESTAMP_NTZ : null;
      case BINARY:
        if (spark instanceof StringType || spark instanceof BinaryType) {
          return BYTES; // whatever the annotation, as Spark reads it
        }
        return logical instanceof DecimalLogicalTypeAnnotation ? decimal(parquet, logical, spark) : null;
      case FIXED_LEN_BYTE_ARRAY:
        if (logical instanceof DecimalLogicalTypeAnnotation) {
          return decimal(parquet, logical, spark);
        }
        if (logical instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
          return spark instanceof FloatType ? FLOAT16 : spark instanceof BinaryType ? BYTES : null;
        }
        return spark instanceof BinaryType
            && !(logical instanceof LogicalTypeAnnotation.IntervalLogicalTypeAnnotation) ? BYTES : null;
      default:
        return null;
    }
  }

  private static boolean isUnsignedInt(LogicalTypeAnnotation logical, int width) {
    return logical instanceof IntLogicalTypeAnnotation
        && !((IntLogicalTypeAnnotation) logical).isSigned()
        && ((IntLogicalTypeAnnotation) logical).getBitWidth() == width;
  }

  /**
   * A decimal, or a signed integer, read as Spark's decimal {@code spark}: the exact kinds when
   * precision and scale are the file's, {@link #DECIMAL_WIDENED} when Spark's reader widens it (the
   * scale grows by no more than the precision, or an integer's digits all fit), else null.
   */
  private static SparkColumnKind decimal(PrimitiveType parquet, LogicalTypeAnnotation logical, DataType spark) {
    if (!(spark instanceof DecimalType)) {
      return null;
    }
    DecimalType s = (DecimalType) spark;
    if (logical instanceof DecimalLogicalTypeAnnotation) {
      DecimalLogicalTypeAnnotation d = (DecimalLogicalTypeAnnotation) logical;
      if (d.getPrecision() == s.precision() && d.getScale() == s.scale()) {
        switch (parquet.getPrimitiveTypeName()) {
          case INT32:
            return DECIMAL_INT32;
          case INT64:
            return DECIMAL_INT64;
          default:
            return DECIMAL_BYTES;
        }
      }
      int scaleUp = s.scale() - d.getScale();
      return scaleUp >= 0 && s.precision() - d.getPrecision() >= scaleUp ? DECIMAL_WIDENED : null;
    }
    if (logical == null || logical instanceof IntLogicalTypeAnnotation && ((IntLogicalTypeAnnotation) logical).isSigned()) {
      int digits = s.precision() - s.scale();
      switch (parquet.getPrimitiveTypeName()) {
        case INT32:
          return digits >= 10 ? DECIMAL_WIDENED : null;
        case INT64:
          return digits >= 20 ? DECIMAL_WIDENED : null;
        default:
          return null;
      }
    }
    return null;
  }
}
