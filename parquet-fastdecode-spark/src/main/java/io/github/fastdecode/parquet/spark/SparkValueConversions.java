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
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.catalyst.util.RebaseDateTime;
import org.apache.spark.sql.execution.datasources.DataSourceUtils;

/**
 * The values of one column as Spark represents them where that differs from the Parquet physical
 * value: dates and timestamps after Spark's calendar rebase (or its check), millisecond timestamps
 * in microseconds, INT96 as microseconds, BINARY and FIXED_LEN_BYTE_ARRAY decimals of precision up
 * to 18 as unscaled longs. Each method works on a batch at a time and returns either the source
 * array itself (nothing to change) or this column's scratch array, which grows with the batch and
 * is reused; values at null rows are undefined.
 */
final class SparkValueConversions {
  /** Spark's rebase modes, as its configuration spells them. */
  static final String CORRECTED = "CORRECTED";
  static final String LEGACY = "LEGACY";
  static final String EXCEPTION = "EXCEPTION";

  /** Rebase mode and time zone for dates and INT64 timestamps (the file's datetime spec). */
  private final String datetimeMode;
  private final String datetimeZone;
  /** Rebase mode and time zone for INT96 timestamps (the file's INT96 spec). */
  private final String int96Mode;
  private final String int96Zone;
  /**
   * With {@code spark.sql.parquet.int96TimestampConversion} on a file from another writer than
   * parquet-mr: the session time zone INT96 values are shifted from (as wall-clock times there) to
   * UTC, as Spark's reader shifts them; null otherwise.
   */
  private final java.time.ZoneId int96ConvertFrom;

  private int[] intScratch = new int[0];
  private long[] longScratch = new long[0];
  private float[] floatScratch = new float[0];
  private double[] doubleScratch = new double[0];

  SparkValueConversions(String datetimeMode, String datetimeZone, String int96Mode, String int96Zone) {
    this(datetimeMode, datetimeZone, int96Mode, int96Zone, null);
  }

  /** @param int96ConvertZone the session time zone INT96 values are converted from, or null for none */
  SparkValueConversions(String datetimeMode, String datetimeZone, String int96Mode, String int96Zone, String int96ConvertZone) {
    this.datetimeMode = datetimeMode;
    this.datetimeZone = datetimeZone;
    this.int96Mode = int96Mode;
    this.int96Zone = int96Zone;
    this.int96ConvertFrom = int96ConvertZone == null ? null : DateTimeUtils.getZoneId(int96ConvertZone);
  }

  private int[] ints(int rows) {
    if (intScratch.length < rows) {
      intScratch = new int[rows];
    }
    return intScratch;
  }

  private float[] floats(int rows) {
    if (floatScratch.length < rows) {
      floatScratch = new float[rows];
    }
    return floatScratch;
  }

  private double[] doubles(int rows) {
    if (doubleScratch.length < rows) {
      doubleScratch = new double[rows];
    }
    return doubleScratch;
  }

  private long[] longs(int rows) {
    if (longScratch.length < rows) {
      longScratch = new long[rows];
    }
    return longScratch;
  }

  /**
   * DATE days as Spark reads them: {@code days} itself (CORRECTED, or EXCEPTION after checking that
   * no non-null day is before the calendar switch) or rebased from the hybrid Julian calendar
   * (LEGACY).
   */
  int[] days(int[] days, boolean[] nulls, int rows) {
    if (datetimeMode.equals(LEGACY)) {
      int[] dst = ints(rows);
      for (int i = 0; i < rows; i++) {
        dst[i] = nulls != null && nulls[i] ? 0 : RebaseDateTime.rebaseJulianToGregorianDays(days[i]);
      }
      return dst;
    }
    if (datetimeMode.equals(EXCEPTION)) {
      int cutoff = RebaseDateTime.lastSwitchJulianDay();
      for (int i = 0; i < rows; i++) {
        if ((nulls == null || !nulls[i]) && days[i] < cutoff) {
          throw DataSourceUtils.newRebaseExceptionInRead("Parquet");
        }
      }
    }
    return days;
  }

  /**
   * INT64 timestamps as Spark's microseconds: {@code millis} says the stored unit, {@code local}
   * that they are local date-times (TIMESTAMP_NTZ), which Spark never rebases. The source itself
   * when the values are microseconds and need no rebase.
   */
  long[] micros(long[] src, boolean[] nulls, int rows, boolean millis, boolean local) {
    String mode = local ? CORRECTED : datetimeMode;
    boolean legacy = mode.equals(LEGACY);
    boolean check = mode.equals(EXCEPTION);
    if (!millis && !legacy) {
      if (check) {
        long cutoff = RebaseDateTime.lastSwitchJulianTs();
        for (int i = 0; i < rows; i++) {
          if ((nulls == null || !nulls[i]) && src[i] < cutoff) {
            throw DataSourceUtils.newRebaseExceptionInRead("Parquet");
          }
        }
      }
      return src;
    }
    long[] dst = longs(rows);
    long cutoff = RebaseDateTime.lastSwitchJulianTs();
    for (int i = 0; i < rows; i++) {
      if (nulls != null && nulls[i]) {
        dst[i] = 0;
        continue;
      }
      long micros = millis ? DateTimeUtils.millisToMicros(src[i]) : src[i];
      if (legacy) {
        micros = RebaseDateTime.rebaseJulianToGregorianMicros(datetimeZone, micros);
      } else if (check && micros < cutoff) {
        throw DataSourceUtils.newRebaseExceptionInRead("Parquet");
      }
      dst[i] = micros;
    }
    return dst;
  }

  /** INT96 timestamps (nanoseconds of the day, then the Julian day) as Spark's microseconds. */
  long[] int96Micros(BinaryBatch values, boolean[] nulls, int rows) {
    boolean legacy = int96Mode.equals(LEGACY);
    boolean check = int96Mode.equals(EXCEPTION);
    long cutoff = RebaseDateTime.lastSwitchJulianTs();
    byte[] bytes = values.bytes();
    int[] offsets = values.offsets();
    long[] dst = longs(rows);
    for (int i = 0; i < rows; i++) {
      if (nulls != null && nulls[i]) {
        dst[i] = 0;
        continue;
      }
      int p = offsets[i];
      if (offsets[i + 1] - p != 12) {
        throw new org.apache.parquet.io.ParquetDecodingException(
            "INT96 value of " + (offsets[i + 1] - p) + " bytes at row " + i + " of the batch");
      }
      long nanos = (bytes[p] & 0xFFL) | (bytes[p + 1] & 0xFFL) << 8 | (bytes[p + 2] & 0xFFL) << 16
          | (bytes[p + 3] & 0xFFL) << 24 | (bytes[p + 4] & 0xFFL) << 32 | (bytes[p + 5] & 0xFFL) << 40
          | (bytes[p + 6] & 0xFFL) << 48 | (bytes[p + 7] & 0xFFL) << 56;
      int julianDay = (bytes[p + 8] & 0xFF) | (bytes[p + 9] & 0xFF) << 8 | (bytes[p + 10] & 0xFF) << 16
          | (bytes[p + 11] & 0xFF) << 24;
      long micros = DateTimeUtils.fromJulianDay(julianDay, nanos);
      if (legacy) {
        micros = RebaseDateTime.rebaseJulianToGregorianMicros(int96Zone, micros);
      } else if (check && micros < cutoff) {
        throw DataSourceUtils.newRebaseExceptionInRead("Parquet INT96");
      }
      if (int96ConvertFrom != null) {
        micros = DateTimeUtils.convertTz(micros, int96ConvertFrom, java.time.ZoneOffset.UTC);
      }
      dst[i] = micros;
    }
    return dst;
  }

  /**
   * Big-endian two's complement decimals (BINARY, FIXED_LEN_BYTE_ARRAY) of precision up to 18 as
   * their unscaled longs, sign-extended from the first byte; an empty value is 0.
   */
  long[] unscaledLongs(BinaryBatch values, boolean[] nulls, int rows) {
    byte[] bytes = values.bytes();
    int[] offsets = values.offsets();
    long[] dst = longs(rows);
    for (int i = 0; i < rows; i++) {
      int start = offsets[i];
      int end = offsets[i + 1];
      long unscaled = 0;
      if (end > start && (nulls == null || !nulls[i])) {
        unscaled = bytes[start]; // sign-extended
        for (int p = start + 1; p < end; p++) {
          unscaled = (unscaled << 8) | (bytes[p] & 0xFF);
        }
      }
      dst[i] = unscaled;
    }
    return dst;
  }

  /** INT32 values as longs: sign-extended, or zero-extended ({@code unsigned}, UINT_32). */
  long[] intsToLongs(int[] src, int rows, boolean unsigned) {
    long[] dst = longs(rows);
    if (unsigned) {
      for (int i = 0; i < rows; i++) {
        dst[i] = src[i] & 0xFFFFFFFFL;
      }
    } else {
      for (int i = 0; i < rows; i++) {
        dst[i] = src[i];
      }
    }
    return dst;
  }

  /** INT32 values as doubles (exact). */
  double[] intsToDoubles(int[] src, int rows) {
    double[] dst = doubles(rows);
    for (int i = 0; i < rows; i++) {
      dst[i] = src[i];
    }
    return dst;
  }

  /** FLOAT values as doubles (exact; NaN stays NaN). */
  double[] floatsToDoubles(float[] src, int rows) {
    double[] dst = doubles(rows);
    for (int i = 0; i < rows; i++) {
      dst[i] = src[i];
    }
    return dst;
  }

  /**
   * DATE days as timestamp_ntz microseconds (midnight of the day), after the same calendar rebase
   * or check as {@link #days}, as Spark reads a date as timestamp_ntz.
   */
  long[] dateMicros(int[] days, boolean[] nulls, int rows) {
    int[] rebased = days(days, nulls, rows);
    long[] dst = longs(rows);
    for (int i = 0; i < rows; i++) {
      dst[i] = rebased[i] * MICROS_PER_DAY;
    }
    return dst;
  }

  private static final long MICROS_PER_DAY = 86_400_000_000L;

  /**
   * INT64 TIMESTAMP(NANOS) as microseconds, rounded toward negative infinity, then as {@link
   * #micros} treats microseconds ({@code local}: timestamp_ntz, never rebased).
   */
  long[] nanosToMicros(long[] src, boolean[] nulls, int rows, boolean local) {
    long[] dst = longs(rows);
    for (int i = 0; i < rows; i++) {
      dst[i] = Math.floorDiv(src[i], 1000L);
    }
    // micros() returns dst itself when nothing changes, or rebases into the same scratch array.
    return micros(dst, nulls, rows, false, local);
  }

  /** INT96 as timestamp_ntz: the Julian day and nanoseconds as they are, never rebased (as Spark reads it). */
  long[] int96LocalMicros(BinaryBatch values, boolean[] nulls, int rows) {
    SparkValueConversions plain = corrected;
    if (plain == null) {
      plain = corrected = new SparkValueConversions(CORRECTED, datetimeZone, CORRECTED, int96Zone);
    }
    return plain.int96Micros(values, nulls, rows);
  }

  private SparkValueConversions corrected;

  /**
   * FLOAT16 (IEEE 754 half precision, little-endian, in a FIXED_LEN_BYTE_ARRAY(2)) as floats,
   * exactly: NaN payloads, infinities, -0.0 and subnormals included. A non-null value of another
   * length is a corrupt column.
   */
  float[] float16(BinaryBatch values, boolean[] nulls, int rows) {
    byte[] bytes = values.bytes();
    int[] offsets = values.offsets();
    float[] dst = floats(rows);
    for (int i = 0; i < rows; i++) {
      int p = offsets[i];
      if (nulls != null && nulls[i]) {
        dst[i] = 0;
        continue;
      }
      if (offsets[i + 1] - p != 2) {
        throw new org.apache.parquet.io.ParquetDecodingException(
            "FLOAT16 value of " + (offsets[i + 1] - p) + " bytes (not 2) at row " + i + " of the batch");
      }
      dst[i] = halfToFloat((bytes[p] & 0xFF) | (bytes[p + 1] & 0xFF) << 8);
    }
    return dst;
  }

  /** One IEEE 754 binary16 value (its 16 bits) as the float of the same value. */
  static float halfToFloat(int bits) {
    int sign = (bits & 0x8000) << 16;
    int exponent = (bits >>> 10) & 0x1F;
    int mantissa = bits & 0x3FF;
    if (exponent == 0x1F) {
      // Infinity or NaN: all-ones exponent, the payload moved to the float's top mantissa bits.
      return Float.intBitsToFloat(sign | 0x7F800000 | mantissa << 13);
    }
    if (exponent == 0) {
      if (mantissa == 0) {
        return Float.intBitsToFloat(sign); // +-0
      }
      // Subnormal: mantissa * 2^-24, exact in a float.
      float v = mantissa * 0x1p-24f;
      return sign != 0 ? -v : v;
    }
    return Float.intBitsToFloat(sign | (exponent + 112) << 23 | mantissa << 13);
  }
}
