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

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.ColumnBatch;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.UUID;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * How one leaf column's values print, as a {@link Value}: a JSON string, a JSON number's exact
 * text, or a boolean. Logical (the default):
 * <ul>
 *   <li>DECIMAL: the exact decimal text ({@code 1.23}, {@code -0.001}), as a number;
 *   <li>DATE: {@code 2024-01-02}; TIME: {@code 03:04:05.678} with the unit's digits;
 *   <li>TIMESTAMP: ISO-8601 with the unit's digits (3, 6 or 9), ending in {@code Z} when adjusted to
 *       UTC, without a zone when local; INT96 (no annotation): nanoseconds, UTC, with Spark's
 *       arithmetic (Spark reads and writes it so);
 *   <li>unsigned integers as unsigned ({@code UINT_64} max is 18446744073709551615);
 *   <li>UUID: {@code 8-4-4-4-12} hex; FLOAT16: the float; INTERVAL: ISO-8601 {@code P1M2DT0.003S};
 *   <li>STRING, ENUM, JSON: the text; other byte arrays (plain BYTE_ARRAY, FIXED, BSON): base64;
 *   <li>floating point as numbers, NaN and infinities as the strings {@code "NaN"}, {@code
 *       "Infinity"}, {@code "-Infinity"} (JSON has no such numbers).
 * </ul>
 * Raw ({@code --raw}): the physical values as stored: integers signed, byte arrays as text for
 * STRING, ENUM and JSON and as {@code 0x} and hex otherwise (INT96 too).
 */
final class ValueFormat {
  /** A printed value: {@code text} is a JSON string's content, or a number's or boolean's literal. */
  record Value(String text, boolean quoted) {
    static Value string(String s) {
      return new Value(s, true);
    }

    static Value literal(String s) {
      return new Value(s, false);
    }

    /** As JSON text: a string quoted and escaped, a literal as it is. */
    String json() {
      return quoted ? GSON.toJson(text) : text;
    }
  }

  private static final com.google.gson.Gson GSON = new com.google.gson.GsonBuilder().disableHtmlEscaping().create();

  private enum Kind {
    BOOLEAN, INT, UINT, LONG, ULONG, FLOAT, DOUBLE, DECIMAL, DATE, TIME, TIMESTAMP, INT96, TEXT, UUID, FLOAT16,
    INTERVAL, BYTES, HEX
  }

  private static final long DAYS_TO_UNIX_EPOCH_FROM_JULIAN = 2_440_588L;
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private final Kind kind;
  private final int scale;
  /** Digits of the fraction of a second: 3, 6 or 9. */
  private final int digits;
  private final long perSecond;
  private final boolean utc;

  private ValueFormat(Kind kind, int scale, TimeUnit unit, boolean utc) {
    this.kind = kind;
    this.scale = scale;
    this.digits = unit == null ? 0 : unit == TimeUnit.MILLIS ? 3 : unit == TimeUnit.MICROS ? 6 : 9;
    this.perSecond = unit == null ? 1 : unit == TimeUnit.MILLIS ? 1_000L : unit == TimeUnit.MICROS ? 1_000_000L : 1_000_000_000L;
    this.utc = utc;
  }

  static ValueFormat of(ColumnDescriptor column, boolean raw) {
    PrimitiveType p = column.getPrimitiveType();
    PrimitiveTypeName t = p.getPrimitiveTypeName();
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    boolean text = a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
    switch (t) {
      case BOOLEAN:
        return simple(Kind.BOOLEAN);
      case FLOAT:
        return simple(Kind.FLOAT);
      case DOUBLE:
        return simple(Kind.DOUBLE);
      case INT96:
        return raw ? simple(Kind.HEX) : new ValueFormat(Kind.INT96, 0, TimeUnit.NANOS, true);
      default:
        break;
    }
    if (raw) {
      return simple(t == PrimitiveTypeName.INT32 ? Kind.INT : t == PrimitiveTypeName.INT64 ? Kind.LONG : text ? Kind.TEXT : Kind.HEX);
    }
    if (a instanceof DecimalLogicalTypeAnnotation d) {
      return new ValueFormat(Kind.DECIMAL, d.getScale(), null, false);
    }
    if (a instanceof TimestampLogicalTypeAnnotation ts && t == PrimitiveTypeName.INT64) {
      return new ValueFormat(Kind.TIMESTAMP, 0, ts.getUnit(), ts.isAdjustedToUTC());
    }
    if (a instanceof TimeLogicalTypeAnnotation tm) {
      return new ValueFormat(Kind.TIME, 0, tm.getUnit(), false);
    }
    if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation && t == PrimitiveTypeName.INT32) {
      return simple(Kind.DATE);
    }
    boolean unsigned = a instanceof IntLogicalTypeAnnotation i && !i.isSigned();
    switch (t) {
      case INT32:
        return simple(unsigned ? Kind.UINT : Kind.INT);
      case INT64:
        return simple(unsigned ? Kind.ULONG : Kind.LONG);
      default:
        break;
    }
    if (text) {
      return simple(Kind.TEXT);
    }
    if (a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation && p.getTypeLength() == 16) {
      return simple(Kind.UUID);
    }
    if (a instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation && p.getTypeLength() == 2) {
      return simple(Kind.FLOAT16);
    }
    if (a instanceof LogicalTypeAnnotation.IntervalLogicalTypeAnnotation && p.getTypeLength() == 12) {
      return simple(Kind.INTERVAL);
    }
    return simple(Kind.BYTES);
  }

  private static ValueFormat simple(Kind kind) {
    return new ValueFormat(kind, 0, null, false);
  }

  /** Value {@code k} of the batch's value arrays (a non-null one). */
  Value value(ColumnBatch b, int k) {
    switch (b.type()) {
      case BOOLEAN:
        return Value.literal(Boolean.toString(b.booleans()[k]));
      case INT32:
        return ofInt(b.ints()[k]);
      case INT64:
        return ofLong(b.longs()[k]);
      case FLOAT:
        return ofFloat(b.floats()[k]);
      case DOUBLE:
        return ofDouble(b.doubles()[k]);
      default: {
        BinaryBatch v = b.binaries();
        return ofBytes(v.bytes(), v.offset(k), v.length(k));
      }
    }
  }

  /**
   * Writes value {@code k} of the batch's value arrays (a non-null one) as JSON: the bytes {@link
   * Value#json()} gives, without a String for the common kinds (integers, decimals in a long, dates,
   * booleans, text).
   */
  void json(JsonOutput out, ColumnBatch b, int k) {
    switch (b.type()) {
      case BOOLEAN:
        out.literal(b.booleans()[k] ? "true" : "false");
        return;
      case INT32:
        if (kind == Kind.INT) {
          out.number(b.ints()[k]);
          return;
        }
        if (kind == Kind.DATE) {
          out.date(b.ints()[k]);
          return;
        }
        if (kind == Kind.DECIMAL) {
          out.decimal(b.ints()[k], scale);
          return;
        }
        break;
      case INT64:
        if (kind == Kind.LONG) {
          out.number(b.longs()[k]);
          return;
        }
        if (kind == Kind.DECIMAL) {
          out.decimal(b.longs()[k], scale);
          return;
        }
        break;
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        if (kind == Kind.TEXT) {
          BinaryBatch v = b.binaries();
          out.string(v.bytes(), v.offset(k), v.length(k));
          return;
        }
        break;
      default:
        break;
    }
    Value v = value(b, k);
    if (v.quoted()) {
      out.string(v.text());
    } else {
      out.literal(v.text());
    }
  }

  /** Entry {@code id} of a dictionary of this column. */
  Value value(Dictionary d, int id, PrimitiveTypeName type) {
    switch (type) {
      case BOOLEAN:
        return Value.literal(Boolean.toString(d.decodeToBoolean(id)));
      case INT32:
        return ofInt(d.decodeToInt(id));
      case INT64:
        return ofLong(d.decodeToLong(id));
      case FLOAT:
        return ofFloat(d.decodeToFloat(id));
      case DOUBLE:
        return ofDouble(d.decodeToDouble(id));
      default: {
        byte[] bytes = d.decodeToBinary(id).getBytes();
        return ofBytes(bytes, 0, bytes.length);
      }
    }
  }

  Value ofInt(int v) {
    switch (kind) {
      case UINT:
        return Value.literal(Integer.toUnsignedString(v));
      case DECIMAL:
        return Value.literal(decimal(v, scale));
      case DATE:
        return Value.string(date(v));
      case TIME:
        return Value.string(time(v));
      default:
        return Value.literal(Integer.toString(v));
    }
  }

  Value ofLong(long v) {
    switch (kind) {
      case ULONG:
        return Value.literal(Long.toUnsignedString(v));
      case DECIMAL:
        return Value.literal(decimal(v, scale));
      case TIMESTAMP:
        return Value.string(timestamp(Math.floorDiv(v, perSecond), Math.floorMod(v, perSecond)));
      case TIME:
        return Value.string(time(v));
      default:
        return Value.literal(Long.toString(v));
    }
  }

  static Value ofFloat(float f) {
    return Float.isNaN(f) || Float.isInfinite(f) ? Value.string(Float.toString(f)) : Value.literal(Float.toString(f));
  }

  static Value ofDouble(double d) {
    return Double.isNaN(d) || Double.isInfinite(d) ? Value.string(Double.toString(d)) : Value.literal(Double.toString(d));
  }

  Value ofBytes(byte[] b, int off, int len) {
    switch (kind) {
      case TEXT:
        return Value.string(utf8(b, off, len));
      case DECIMAL:
        return Value.literal(len == 0 ? BigDecimal.ZERO.setScale(scale).toPlainString()
            : new BigDecimal(new BigInteger(b, off, len), scale).toPlainString());
      case INT96: {
        if (len != 12) {
          return Value.string(hex(b, off, len));
        }
        ByteBuffer le = ByteBuffer.wrap(b, off, len).order(ByteOrder.LITTLE_ENDIAN);
        long nanosOfDay = le.getLong(off);
        long julianDay = le.getInt(off + 8);
        // Spark's arithmetic (the writer INT96 is still met from): microseconds in a long, wrapping as
        // Spark's own reader wraps, so that the timestamps Spark wrote beyond nanoseconds' range (its
        // julian days overflow) come back as Spark wrote them; the sub-microsecond digits are kept.
        long micros = (julianDay - DAYS_TO_UNIX_EPOCH_FROM_JULIAN) * MICROS_PER_DAY + nanosOfDay / 1000;
        long subMicro = nanosOfDay % 1000;
        if (subMicro < 0) {
          subMicro += 1000;
          micros--;
        }
        return Value.string(timestamp(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000 + subMicro));
      }
      case UUID: {
        ByteBuffer be = ByteBuffer.wrap(b, off, len);
        return Value.string(new UUID(be.getLong(off), be.getLong(off + 8)).toString());
      }
      case FLOAT16:
        return ofFloat(halfToFloat((b[off] & 0xff) | (b[off + 1] & 0xff) << 8));
      case INTERVAL: {
        ByteBuffer le = ByteBuffer.wrap(b, off, len).order(ByteOrder.LITTLE_ENDIAN);
        long months = Integer.toUnsignedLong(le.getInt(off));
        long days = Integer.toUnsignedLong(le.getInt(off + 4));
        long millis = Integer.toUnsignedLong(le.getInt(off + 8));
        return Value.string("P" + months + "M" + days + "DT" + BigDecimal.valueOf(millis, 3).toPlainString() + "S");
      }
      case HEX:
        return Value.string(hex(b, off, len));
      default:
        return Value.string(Base64.getEncoder().encodeToString(off == 0 && len == b.length ? b : Arrays.copyOfRange(b, off, off + len)));
    }
  }

  static String date(long days) {
    return year(LocalDate.ofEpochDay(days));
  }

  private static String year(LocalDate d) {
    return appendDate(new StringBuilder(10), d).toString();
  }

  /** ISO-8601: four-digit years, a sign before years beyond them. */
  private static StringBuilder appendDate(StringBuilder s, LocalDate d) {
    int y = d.getYear();
    if (y < 0 || y > 9999) {
      s.append(y < 0 ? '-' : '+');
    }
    pad(s, Math.abs((long) y), 4).append('-');
    pad(s, d.getMonthValue(), 2).append('-');
    return pad(s, d.getDayOfMonth(), 2);
  }

  /** {@code seconds} since the epoch and {@code fraction} in the unit: ISO-8601 with the unit's digits. */
  private String timestamp(long seconds, long fraction) {
    LocalDateTime t = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
    StringBuilder s = appendDate(new StringBuilder(32), t.toLocalDate()).append('T');
    pad(s, t.getHour(), 2).append(':');
    pad(s, t.getMinute(), 2).append(':');
    pad(s, t.getSecond(), 2).append('.');
    pad(s, fraction, digits);
    return (utc ? s.append('Z') : s).toString();
  }

  /** A time of day in the unit: {@code HH:mm:ss} and the unit's digits. */
  private String time(long v) {
    long seconds = Math.floorDiv(v, perSecond);
    long fraction = Math.floorMod(v, perSecond);
    StringBuilder s = new StringBuilder(18);
    pad(s, seconds / 3600, 2).append(':');
    pad(s, seconds / 60 % 60, 2).append(':');
    pad(s, seconds % 60, 2).append('.');
    return pad(s, fraction, digits).toString();
  }

  /** {@code v} (not negative) with leading zeros to {@code digits} digits. */
  private static StringBuilder pad(StringBuilder s, long v, int digits) {
    for (long limit = 10, d = 1; d < digits; d++, limit *= 10) {
      if (v < limit) {
        s.append('0');
      }
    }
    return s.append(v);
  }

  static String hex(byte[] b, int off, int len) {
    StringBuilder s = new StringBuilder(2 + 2 * len).append("0x");
    for (int i = off; i < off + len; i++) {
      s.append(Character.forDigit((b[i] >> 4) & 15, 16)).append(Character.forDigit(b[i] & 15, 16));
    }
    return s.toString();
  }

  /**
   * {@code unscaled / 10^scale} as BigDecimal's plain text gives it ({@code -0.05}, {@code 17.00}),
   * without a BigDecimal for the common scales.
   */
  static String decimal(long unscaled, int scale) {
    if (scale <= 0 || scale > 18 || unscaled == Long.MIN_VALUE) {
      return BigDecimal.valueOf(unscaled, scale).toPlainString();
    }
    String digits = Long.toString(Math.abs(unscaled));
    StringBuilder s = new StringBuilder(digits.length() + scale + 3);
    if (unscaled < 0) {
      s.append('-');
    }
    int whole = digits.length() - scale;
    if (whole > 0) {
      s.append(digits, 0, whole).append('.').append(digits, whole, digits.length());
    } else {
      s.append("0.");
      for (int i = whole; i < 0; i++) {
        s.append('0');
      }
      s.append(digits);
    }
    return s.toString();
  }

  /** UTF-8 bytes as a string; malformed sequences become U+FFFD (as String's constructor always does). */
  static String utf8(byte[] b, int off, int len) {
    return new String(b, off, len, StandardCharsets.UTF_8);
  }

  /** An IEEE 754 binary16 value (its 16 bits in the low bits of {@code h}) as the float it equals. */
  static float halfToFloat(int h) {
    int sign = (h >>> 15) & 1;
    int exponent = (h >>> 10) & 0x1f;
    int mantissa = h & 0x3ff;
    float magnitude;
    if (exponent == 0x1f) {
      magnitude = mantissa == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
    } else if (exponent == 0) {
      magnitude = mantissa * 0x1p-24f; // subnormal: mantissa * 2^-14 * 2^-10
    } else {
      magnitude = Float.intBitsToFloat((exponent - 15 + 127) << 23 | mantissa << 13);
    }
    return sign == 0 ? magnitude : -magnitude;
  }
}
