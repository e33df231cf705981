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
package io.github.fastdecode.parquet.cli;

import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The Spark SQL type Spark 4.2's Parquet reader gives a Parquet field, with Spark's default settings
 * ({@code spark.sql.parquet.binaryAsString=false}, {@code int96AsTimestamp=true}, {@code
 * inferTimestampNTZ.enabled=true}, {@code legacy nanosAsLong=false}), written as Spark's {@code
 * catalogString} writes it: {@code bigint}, {@code decimal(12,2)}, {@code array<int>}, {@code
 * map<string,int>}, {@code struct<a:int,b:string>}. The rules are those of Spark's
 * ParquetToSparkSchemaConverter (checked against Spark itself by the golden test), without a Spark
 * dependency:
 * <ul>
 *   <li>INT32: signed 8/16/32 bits {@code tinyint}, {@code smallint}, {@code int}; unsigned ones one
 *       size up ({@code smallint}, {@code int}, {@code bigint}); DATE {@code date}; DECIMAL up to 9
 *       digits. INT64: {@code bigint}; UINT_64 {@code decimal(20,0)}; DECIMAL up to 18 digits;
 *       TIMESTAMP in MILLIS or MICROS {@code timestamp} when adjusted to UTC, else {@code
 *       timestamp_ntz}; TIME(MICROS) not adjusted to UTC {@code time(6)}. INT96 {@code timestamp}.
 *   <li>BINARY: STRING, ENUM, JSON {@code string}; none or BSON {@code binary}; DECIMAL any
 *       precision up to 38. FIXED: DECIMAL up to what the bytes hold; none {@code binary}.
 *   <li>LIST (with Parquet's backward-compatibility rules for two-level lists), MAP and
 *       MAP_KEY_VALUE; a repeated field outside them is a non-null {@code array}; other groups
 *       {@code struct}.
 * </ul>
 * Whatever else Spark refuses (TIMESTAMP(NANOS), TIME other than MICROS local, UUID, FLOAT16,
 * INTERVAL, decimals beyond 38 digits, malformed lists and maps) throws {@link Refused} with the
 * error condition Spark reports.
 */
final class SparkTypes {
  private SparkTypes() {}

  /** Spark would not read the field; {@code condition} is the error condition Spark names. */
  static final class Refused extends Exception {
    final String condition;

    Refused(String condition) {
      super(condition, null, false, false);
      this.condition = condition;
    }
  }

  private static final String ILLEGAL = "PARQUET_TYPE_ILLEGAL";
  private static final String NOT_SUPPORTED = "PARQUET_TYPE_NOT_SUPPORTED";
  private static final String NOT_RECOGNIZED = "PARQUET_TYPE_NOT_RECOGNIZED";
  /** Spark's schema checks (lists and maps of the wrong shape) report this legacy condition. */
  private static final String INVALID_SCHEMA = "_LEGACY_ERROR_TEMP_3071";
  private static final String DECIMAL_TOO_WIDE = "DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION";

  /** A top-level field as {@code schema --spark} prints it: {@code name: type}, {@code not null} when required. */
  static String describe(Type field) {
    try {
      String type = field(field);
      boolean nullable = field.isRepetition(Type.Repetition.OPTIONAL);
      return field.getName() + ": " + type + (nullable ? "" : " not null");
    } catch (Refused e) {
      return field.getName() + ": Spark refuses it (" + e.condition + ")";
    }
  }

  /** A field inside a struct (or at the top): repeated outside a LIST or MAP means a non-null array of it. */
  private static String field(Type t) throws Refused {
    String type = convert(t);
    return t.isRepetition(Type.Repetition.REPEATED) ? "array<" + type + ">" : type;
  }

  static String convert(Type t) throws Refused {
    return t.isPrimitive() ? primitive(t.asPrimitiveType()) : group(t.asGroupType());
  }

  private static String group(GroupType g) throws Refused {
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    if (a == null) {
      StringBuilder s = new StringBuilder("struct<");
      for (int i = 0; i < g.getFieldCount(); i++) {
        Type f = g.getType(i);
        s.append(i == 0 ? "" : ",").append(f.getName()).append(':').append(field(f));
      }
      return s.append('>').toString();
    }
    if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      require(g.getFieldCount() == 1);
      Type repeated = g.getType(0);
      require(repeated.isRepetition(Type.Repetition.REPEATED));
      if (isElementType(repeated, g.getName())) {
        return "array<" + convert(repeated) + ">";
      }
      return "array<" + convert(repeated.asGroupType().getType(0)) + ">";
    }
    if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) {
      require(g.getFieldCount() == 1 && !g.getType(0).isPrimitive());
      GroupType keyValue = g.getType(0).asGroupType();
      require(keyValue.isRepetition(Type.Repetition.REPEATED) && keyValue.getFieldCount() == 2);
      return "map<" + convert(keyValue.getType(0)) + "," + convert(keyValue.getType(1)) + ">";
    }
    throw new Refused(NOT_RECOGNIZED);
  }

  /** Parquet's backward-compatibility rules: is the repeated field itself the element (a two-level list)? */
  private static boolean isElementType(Type repeated, String parentName) {
    return repeated.isPrimitive()
        || repeated.asGroupType().getFieldCount() > 1
        || repeated.getName().equals("array")
        || repeated.getName().equals(parentName + "_tuple");
  }

  private static void require(boolean ok) throws Refused {
    if (!ok) {
      throw new Refused(INVALID_SCHEMA);
    }
  }

  private static String primitive(PrimitiveType p) throws Refused {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.UnknownLogicalTypeAnnotation) {
      // Spark 4.2 reads footers with parquet-java 1.17, which drops UNKNOWN: the physical type's own
      // Spark type (Spark's later converter makes it void).
      a = null;
    }
    switch (p.getPrimitiveTypeName()) {
      case BOOLEAN:
        return "boolean";
      case FLOAT:
        return "float";
      case DOUBLE:
        return "double";
      case INT32:
        if (a == null) {
          return "int";
        }
        if (a instanceof IntLogicalTypeAnnotation i) {
          switch (i.getBitWidth()) {
            case 8:
              return i.isSigned() ? "tinyint" : "smallint";
            case 16:
              return i.isSigned() ? "smallint" : "int";
            case 32:
              return i.isSigned() ? "int" : "bigint";
            default:
              throw new Refused(ILLEGAL);
          }
        }
        if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          return "date";
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, 9);
        }
        if (a instanceof TimestampLogicalTypeAnnotation t && t.getUnit() == TimeUnit.MILLIS) {
          throw new Refused(NOT_SUPPORTED);
        }
        throw new Refused(ILLEGAL);
      case INT64:
        if (a == null) {
          return "bigint";
        }
        if (a instanceof IntLogicalTypeAnnotation i) {
          if (i.getBitWidth() != 64) {
            throw new Refused(ILLEGAL);
          }
          return i.isSigned() ? "bigint" : "decimal(20,0)";
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, 18);
        }
        if (a instanceof TimestampLogicalTypeAnnotation t && t.getUnit() != TimeUnit.NANOS) {
          return t.isAdjustedToUTC() ? "timestamp" : "timestamp_ntz";
        }
        if (a instanceof TimeLogicalTypeAnnotation t && t.getUnit() == TimeUnit.MICROS && !t.isAdjustedToUTC()) {
          return "time(6)";
        }
        throw new Refused(ILLEGAL);
      case INT96:
        return "timestamp";
      case BINARY:
        if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
          return "string";
        }
        if (a == null || a instanceof LogicalTypeAnnotation.BsonLogicalTypeAnnotation) {
          return "binary";
        }
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, -1);
        }
        throw new Refused(ILLEGAL);
      case FIXED_LEN_BYTE_ARRAY:
        if (a instanceof DecimalLogicalTypeAnnotation d) {
          return decimal(d, maxPrecisionForBytes(p.getTypeLength()));
        }
        if (a instanceof LogicalTypeAnnotation.IntervalLogicalTypeAnnotation) {
          throw new Refused(NOT_SUPPORTED);
        }
        if (a == null) {
          return "binary";
        }
        throw new Refused(ILLEGAL);
      default:
        throw new Refused(ILLEGAL);
    }
  }

  /** {@code decimal(p,s)}; {@code maxPrecision} -1: any the annotation says (Spark still caps it at 38). */
  private static String decimal(DecimalLogicalTypeAnnotation d, int maxPrecision) throws Refused {
    int precision = d.getPrecision();
    int scale = d.getScale();
    require(maxPrecision == -1 || 1 <= precision && precision <= maxPrecision);
    if (precision > 38) {
      throw new Refused(DECIMAL_TOO_WIDE);
    }
    return "decimal(" + precision + "," + scale + ")";
  }

  /** The most decimal digits {@code n} bytes of two's complement always hold. */
  static int maxPrecisionForBytes(int n) {
    return (int) Math.floor(Math.log10(Math.pow(2, 8 * n - 1) - 1));
  }
}
