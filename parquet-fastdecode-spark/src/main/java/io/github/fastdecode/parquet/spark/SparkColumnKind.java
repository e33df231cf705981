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
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
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

/**
 * How one Parquet leaf becomes one Spark column: the pairs of a Parquet type and a Spark type that
 * this source reads itself. Any other pair (type widening, unsigned integers, nanosecond or
 * time-of-day values, intervals, UUIDs) is left to Spark's own reader.
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
  /** STRING or BINARY from BYTE_ARRAY: the bytes as they are. */
  BYTES,
  DATE,
  TIMESTAMP_MICROS,
  TIMESTAMP_MILLIS,
  TIMESTAMP_INT96,
  TIMESTAMP_NTZ_MICROS,
  TIMESTAMP_NTZ_MILLIS;

  /** The kind that reads {@code parquet} as {@code spark}, or null when this source does not. */
  static SparkColumnKind of(PrimitiveType parquet, DataType spark) {
    LogicalTypeAnnotation logical = parquet.getLogicalTypeAnnotation();
    switch (parquet.getPrimitiveTypeName()) {
      case BOOLEAN:
        return logical == null && spark instanceof BooleanType ? BOOLEAN : null;
      case INT32:
        if (logical == null || isSignedInt(logical, 32)) {
          return spark instanceof IntegerType ? INT : null;
        }
        if (isSignedInt(logical, 8)) {
          return spark instanceof ByteType ? BYTE : null;
        }
        if (isSignedInt(logical, 16)) {
          return spark instanceof ShortType ? SHORT : null;
        }
        if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          return spark instanceof DateType ? DATE : null;
        }
        return decimal(logical, spark) ? DECIMAL_INT32 : null;
      case INT64:
        if (logical == null || isSignedInt(logical, 64)) {
          return spark instanceof LongType ? LONG : null;
        }
        if (logical instanceof TimestampLogicalTypeAnnotation) {
          TimestampLogicalTypeAnnotation ts = (TimestampLogicalTypeAnnotation) logical;
          boolean micros = ts.getUnit() == TimeUnit.MICROS;
          if (!micros && ts.getUnit() != TimeUnit.MILLIS) {
            return null;
          }
          if (ts.isAdjustedToUTC() && spark instanceof TimestampType) {
            return micros ? TIMESTAMP_MICROS : TIMESTAMP_MILLIS;
          }
          if (!ts.isAdjustedToUTC() && spark instanceof TimestampNTZType) {
            return micros ? TIMESTAMP_NTZ_MICROS : TIMESTAMP_NTZ_MILLIS;
          }
          return null;
        }
        return decimal(logical, spark) ? DECIMAL_INT64 : null;
      case FLOAT:
        return logical == null && spark instanceof FloatType ? FLOAT : null;
      case DOUBLE:
        return logical == null && spark instanceof DoubleType ? DOUBLE : null;
      case INT96:
        return logical == null && spark instanceof TimestampType ? TIMESTAMP_INT96 : null;
      case BINARY:
        if (decimal(logical, spark)) {
          return DECIMAL_BYTES;
        }
        if (spark instanceof StringType) {
          return logical == null
              || logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
              || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
              || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation ? BYTES : null;
        }
        if (spark instanceof BinaryType) {
          return logical == null || logical instanceof LogicalTypeAnnotation.BsonLogicalTypeAnnotation ? BYTES : null;
        }
        return null;
      case FIXED_LEN_BYTE_ARRAY:
        return decimal(logical, spark) ? DECIMAL_BYTES : null;
      default:
        return null;
    }
  }

  private static boolean isSignedInt(LogicalTypeAnnotation logical, int width) {
    return logical instanceof IntLogicalTypeAnnotation
        && ((IntLogicalTypeAnnotation) logical).isSigned()
        && ((IntLogicalTypeAnnotation) logical).getBitWidth() == width;
  }

  /** A decimal of exactly Spark's precision and scale (Spark's widening reads stay with Spark). */
  private static boolean decimal(LogicalTypeAnnotation logical, DataType spark) {
    if (!(logical instanceof DecimalLogicalTypeAnnotation) || !(spark instanceof DecimalType)) {
      return false;
    }
    DecimalLogicalTypeAnnotation d = (DecimalLogicalTypeAnnotation) logical;
    DecimalType s = (DecimalType) spark;
    return d.getPrecision() == s.precision() && d.getScale() == s.scale();
  }
}
