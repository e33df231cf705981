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

import io.github.fastdecode.parquet.cli.WhereClause.Literal;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * {@code --where}'s literals as a column stores them, and the parquet-java predicates on them. The
 * literals are the logical values {@code cat} prints: decimals as numbers (exact at the column's
 * scale), dates {@code '2024-01-02'}, timestamps {@code '2024-01-02T03:04:05.123456'} (with
 * {@code Z} or an offset, or without: then read as UTC), times {@code '03:04:05.123'}, UUIDs
 * 8-4-4-4-12, unsigned integers unsigned, strings as UTF-8. A literal the column cannot hold
 * exactly is an {@link IllegalArgumentException} naming the column.
 */
final class WhereValues {
  private WhereValues() {}

  static FilterPredicate compare(ColumnDescriptor c, String op, Literal v) {
    PrimitiveType type = c.getPrimitiveType();
    String path = ParquetFiles.path(c);
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN: {
        Operators.BooleanColumn col = FilterApi.booleanColumn(path);
        Boolean b = v.isNull() ? null : bool(c, v);
        if (op.equals("=")) {
          return FilterApi.eq(col, b);
        }
        if (op.equals("!=")) {
          return FilterApi.notEq(col, b);
        }
        throw new IllegalArgumentException("boolean column " + path + " compares with = and != only");
      }
      case INT32:
        return ordered(FilterApi.intColumn(path), op, v.isNull() ? null : int32(c, v));
      case INT64:
        return ordered(FilterApi.longColumn(path), op, v.isNull() ? null : int64(c, v));
      case FLOAT:
        return ordered(FilterApi.floatColumn(path), op, v.isNull() ? null : Float.parseFloat(number(c, v)));
      case DOUBLE:
        return ordered(FilterApi.doubleColumn(path), op, v.isNull() ? null : Double.parseDouble(number(c, v)));
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        return ordered(FilterApi.binaryColumn(path), op, v.isNull() ? null : bytes(c, v));
      default:
        throw new IllegalArgumentException("column " + path + " is INT96, which --where does not test");
    }
  }

  static FilterPredicate in(ColumnDescriptor c, List<Literal> values, boolean negated) {
    String path = ParquetFiles.path(c);
    switch (c.getPrimitiveType().getPrimitiveTypeName()) {
      case BOOLEAN:
        return in(FilterApi.booleanColumn(path), set(values, v -> bool(c, v)), negated);
      case INT32:
        return in(FilterApi.intColumn(path), set(values, v -> int32(c, v)), negated);
      case INT64:
        return in(FilterApi.longColumn(path), set(values, v -> int64(c, v)), negated);
      case FLOAT:
        return in(FilterApi.floatColumn(path), set(values, v -> Float.parseFloat(number(c, v))), negated);
      case DOUBLE:
        return in(FilterApi.doubleColumn(path), set(values, v -> Double.parseDouble(number(c, v))), negated);
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        return in(FilterApi.binaryColumn(path), set(values, v -> bytes(c, v)), negated);
      default:
        throw new IllegalArgumentException("column " + path + " is INT96, which --where does not test");
    }
  }

  private static <T extends Comparable<T>, C extends Operators.Column<T> & Operators.SupportsLtGt> FilterPredicate ordered(
      C col, String op, T value) {
    switch (op) {
      case "=":
        return FilterApi.eq(col, value);
      case "!=":
        return FilterApi.notEq(col, value);
      case "<":
        return FilterApi.lt(col, value);
      case "<=":
        return FilterApi.ltEq(col, value);
      case ">":
        return FilterApi.gt(col, value);
      default:
        return FilterApi.gtEq(col, value);
    }
  }

  private static <T extends Comparable<T>, C extends Operators.Column<T> & Operators.SupportsEqNotEq> FilterPredicate in(
      C col, Set<T> values, boolean negated) {
    return negated ? FilterApi.notIn(col, values) : FilterApi.in(col, values);
  }

  /** The values, null among them for a null literal. */
  private static <T> Set<T> set(List<Literal> values, Function<Literal, T> convert) {
    Set<T> out = new LinkedHashSet<>();
    for (Literal v : values) {
      out.add(v.isNull() ? null : convert.apply(v));
    }
    return out;
  }

  // ---- literals -------------------------------------------------------------------------------

  private static boolean bool(ColumnDescriptor c, Literal v) {
    if (v.kind() != Literal.Kind.BOOLEAN) {
      throw wrong(c, v, "true or false");
    }
    return v.text().equals("true");
  }

  private static String number(ColumnDescriptor c, Literal v) {
    if (v.kind() != Literal.Kind.NUMBER) {
      throw wrong(c, v, "a number");
    }
    return v.text();
  }

  private static int int32(ColumnDescriptor c, Literal v) {
    LogicalTypeAnnotation logical = c.getPrimitiveType().getLogicalTypeAnnotation();
    if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
      try {
        return Math.toIntExact(LocalDate.parse(string(c, v, "a date 'YYYY-MM-DD'")).toEpochDay());
      } catch (DateTimeParseException e) {
        throw wrong(c, v, "a date 'YYYY-MM-DD'");
      }
    }
    if (logical instanceof TimeLogicalTypeAnnotation t) {
      return (int) time(c, v, t.getUnit());
    }
    BigInteger n = logical instanceof DecimalLogicalTypeAnnotation d ? unscaled(c, v, d) : integer(c, v);
    if (logical instanceof IntLogicalTypeAnnotation i && !i.isSigned()) {
      return (int) unsigned(c, v, n, i.getBitWidth());
    }
    return fits(c, v, n, 32).intValue();
  }

  private static long int64(ColumnDescriptor c, Literal v) {
    LogicalTypeAnnotation logical = c.getPrimitiveType().getLogicalTypeAnnotation();
    if (logical instanceof TimestampLogicalTypeAnnotation t) {
      return timestamp(c, v, t.getUnit());
    }
    if (logical instanceof TimeLogicalTypeAnnotation t) {
      return time(c, v, t.getUnit());
    }
    BigInteger n = logical instanceof DecimalLogicalTypeAnnotation d ? unscaled(c, v, d) : integer(c, v);
    if (logical instanceof IntLogicalTypeAnnotation i && !i.isSigned()) {
      return unsigned(c, v, n, 64);
    }
    return fits(c, v, n, 64).longValue();
  }

  private static Binary bytes(ColumnDescriptor c, Literal v) {
    PrimitiveType type = c.getPrimitiveType();
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    boolean fixed = type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
    if (logical instanceof DecimalLogicalTypeAnnotation d) {
      byte[] b = unscaled(c, v, d).toByteArray(); // two's complement, big-endian, as stored
      if (!fixed) {
        return Binary.fromConstantByteArray(b);
      }
      int length = type.getTypeLength();
      if (b.length > length) {
        throw new IllegalArgumentException(v + " does not fit column " + ParquetFiles.path(c) + " (" + length + " bytes)");
      }
      byte[] out = new byte[length];
      java.util.Arrays.fill(out, 0, length - b.length, b[0] < 0 ? (byte) -1 : 0);
      System.arraycopy(b, 0, out, length - b.length, b.length);
      return Binary.fromConstantByteArray(out);
    }
    if (logical instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
      try {
        UUID u = UUID.fromString(string(c, v, "a UUID"));
        return Binary.fromConstantByteArray(
            ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array());
      } catch (IllegalArgumentException e) {
        throw wrong(c, v, "a UUID 8-4-4-4-12");
      }
    }
    if (logical instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
      throw new IllegalArgumentException("column " + ParquetFiles.path(c) + " is FLOAT16, which --where does not test");
    }
    Binary b = Binary.fromString(string(c, v, "a 'string'"));
    if (fixed && b.length() != type.getTypeLength()) {
      throw new IllegalArgumentException(v + " is " + b.length() + " bytes; column " + ParquetFiles.path(c) + " holds "
          + type.getTypeLength());
    }
    return b;
  }

  private static String string(ColumnDescriptor c, Literal v, String expected) {
    if (v.kind() != Literal.Kind.STRING) {
      throw wrong(c, v, expected);
    }
    return v.text();
  }

  private static BigInteger integer(ColumnDescriptor c, Literal v) {
    try {
      return new BigDecimal(number(c, v)).toBigIntegerExact();
    } catch (ArithmeticException | NumberFormatException e) {
      throw wrong(c, v, "a whole number");
    }
  }

  private static BigInteger unscaled(ColumnDescriptor c, Literal v, DecimalLogicalTypeAnnotation d) {
    try {
      return new BigDecimal(number(c, v)).setScale(d.getScale()).unscaledValue();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(v + " has more decimal places than column " + ParquetFiles.path(c) + " (scale "
          + d.getScale() + ")");
    } catch (NumberFormatException e) {
      throw wrong(c, v, "a decimal number");
    }
  }

  private static BigInteger fits(ColumnDescriptor c, Literal v, BigInteger n, int bits) {
    if (n.bitLength() >= bits) {
      throw new IllegalArgumentException(v + " is out of range for column " + ParquetFiles.path(c) + " (" + bits + "-bit)");
    }
    return n;
  }

  private static long unsigned(ColumnDescriptor c, Literal v, BigInteger n, int bits) {
    if (n.signum() < 0 || n.bitLength() > bits) {
      throw new IllegalArgumentException(v + " is out of range for unsigned column " + ParquetFiles.path(c) + " ("
          + bits + "-bit)");
    }
    return n.longValue(); // the stored bits
  }

  private static long timestamp(ColumnDescriptor c, Literal v, TimeUnit unit) {
    String text = string(c, v, "a timestamp 'YYYY-MM-DDTHH:MM:SS[.fraction][Z]'");
    Instant t;
    try {
      if (text.length() == 10) {
        t = LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC);
      } else if (text.endsWith("Z") || text.matches(".*[+-]\\d\\d:\\d\\d$")) {
        t = OffsetDateTime.parse(text).toInstant();
      } else {
        t = LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
      }
    } catch (DateTimeParseException e) {
      throw wrong(c, v, "a timestamp 'YYYY-MM-DDTHH:MM:SS[.fraction][Z]'");
    }
    BigInteger nanos = BigInteger.valueOf(t.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000L))
        .add(BigInteger.valueOf(t.getNano()));
    return inUnit(c, v, nanos, unit).longValue();
  }

  private static long time(ColumnDescriptor c, Literal v, TimeUnit unit) {
    try {
      long nanos = LocalTime.parse(string(c, v, "a time 'HH:MM:SS[.fraction]'")).toNanoOfDay();
      return inUnit(c, v, BigInteger.valueOf(nanos), unit).longValue();
    } catch (DateTimeParseException e) {
      throw wrong(c, v, "a time 'HH:MM:SS[.fraction]'");
    }
  }

  private static BigInteger inUnit(ColumnDescriptor c, Literal v, BigInteger nanos, TimeUnit unit) {
    long per = unit == TimeUnit.MILLIS ? 1_000_000L : unit == TimeUnit.MICROS ? 1_000L : 1L;
    BigInteger[] qr = nanos.divideAndRemainder(BigInteger.valueOf(per));
    if (qr[1].signum() != 0) {
      throw new IllegalArgumentException(v + " is finer than column " + ParquetFiles.path(c) + "'s unit (" + unit + ")");
    }
    return fits(c, v, qr[0], 64);
  }

  private static IllegalArgumentException wrong(ColumnDescriptor c, Literal v, String expected) {
    return new IllegalArgumentException("column " + ParquetFiles.path(c) + " (" + c.getPrimitiveType() + ") needs " + expected
        + ", not " + v);
  }
}
