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

/**
 * What a {@link ColumnBatch} should hold instead of a column's physical values, chosen per column
 * with {@link ColumnBatch#convert(Conversion)}. The conversion runs in the same pass as the decode,
 * a batch at a time; {@link #NONE} (physical values) is the default. Which array a conversion fills,
 * and what the values mean (unit, scale, signedness, time zone), is described by the batch's {@link
 * ColumnBatch#logical()}.
 *
 * <p>Values that do not fit the target (a millisecond timestamp past the range of nanoseconds, a
 * decimal wider than its target) throw {@link ArithmeticException} naming the value and the column;
 * nothing is clamped or wrapped.
 */
public enum Conversion {
  /** Physical values, as without a conversion. */
  NONE,
  /**
   * {@code long}s in {@link ColumnBatch#longs()}: INT32 sign-extended (UINT_8, UINT_16 and UINT_32
   * zero-extended from 32 bits), INT64 as stored (UINT_64 keeps its 64 bits: read them as unsigned,
   * {@link LogicalColumn#isUnsigned()} says so).
   */
  TO_LONG,
  /**
   * {@code double}s in {@link ColumnBatch#doubles()}: INT32 and FLOAT exactly, INT64 rounded to
   * nearest (UINT_32 and UINT_64 read as unsigned), DOUBLE as stored.
   */
  TO_DOUBLE,
  /** DATE as days since 1970-01-01 in {@link ColumnBatch#ints()} (the physical value, flagged). */
  DATE_DAYS,
  /** DATE as microseconds since 1970-01-01T00:00 in {@link ColumnBatch#longs()}. */
  DATE_MICROS,
  /**
   * TIMESTAMP (MILLIS, MICROS or NANOS, on INT64) or INT96 as microseconds since the epoch in {@link
   * ColumnBatch#longs()}; nanoseconds are rounded toward negative infinity.
   */
  TIMESTAMP_MICROS,
  /** TIMESTAMP (MILLIS, MICROS or NANOS) or INT96 as nanoseconds since the epoch in {@link ColumnBatch#longs()}. */
  TIMESTAMP_NANOS,
  /**
   * DECIMAL with precision up to 18, from INT32, INT64, FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY, as its
   * unscaled value in {@link ColumnBatch#longs()} (the scale is {@link LogicalColumn#scale()}).
   */
  DECIMAL_LONG,
  /**
   * DECIMAL (any precision up to 38, any physical type) or UINT_64 (as DECIMAL(20, 0)) as its
   * unscaled value in 16 bytes, big-endian two's complement, in {@link ColumnBatch#decimal128()}:
   * value {@code i} at bytes {@code [16 * i, 16 * i + 16)}.
   */
  DECIMAL_128,
  /** FLOAT16 (FIXED_LEN_BYTE_ARRAY(2)) as {@code float} (exact) in {@link ColumnBatch#floats()}. */
  FLOAT16_TO_FLOAT
}
