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
package io.github.fastdecode.parquet;

import io.github.fastdecode.parquet.internal.convert.DecimalConversions;
import io.github.fastdecode.parquet.internal.convert.TimeConversions;
import io.github.fastdecode.parquet.internal.convert.UnsignedLongs;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.api.Binary;

/**
 * A parquet-java {@link ValuesReader} with bulk calls.
 *
 * <p>Every scalar call of {@code ValuesReader} keeps working and may be mixed freely with the bulk
 * calls on the same page: both move the same position. Each bulk call writes exactly {@code count}
 * values at {@code dst[offset .. offset + count)} and never reads {@code dst} outside that range.
 * Asking for more values than the page holds throws
 * {@link org.apache.parquet.io.ParquetDecodingException} before anything is written.
 *
 * <p>The defaults here loop over the scalar calls, so any {@code ValuesReader} (see {@link
 * FastDecode#wrap}) gets the bulk interface; the
 * library's own readers override them with batch kernels.
 */
public abstract class BatchValuesReader extends ValuesReader {
  private static final int UNSIGNED_CHUNK = 512;

  /** Reused by {@link #readUnsignedLongsAsBigEndian}: decoded in chunks, then encoded. */
  private long[] unsignedScratch;
  /** Reused by {@link #readBigEndianAsLongs}: values copied in chunks, then converted. */
  private BinaryBatch bigEndianScratch;

  /** Reads {@code count} INT32 values. */
  public void readIntegers(int[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    for (int i = 0; i < count; i++) {
      dst[offset + i] = readInteger();
    }
  }

  /** Reads {@code count} INT64 values. */
  public void readLongs(long[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    for (int i = 0; i < count; i++) {
      dst[offset + i] = readLong();
    }
  }

  /** Reads {@code count} FLOAT values, bit for bit (NaN payloads and -0.0 preserved). */
  public void readFloats(float[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    for (int i = 0; i < count; i++) {
      dst[offset + i] = readFloat();
    }
  }

  /** Reads {@code count} DOUBLE values, bit for bit. */
  public void readDoubles(double[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    for (int i = 0; i < count; i++) {
      dst[offset + i] = readDouble();
    }
  }

  /** Reads {@code count} BOOLEAN values. */
  public void readBooleans(boolean[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    for (int i = 0; i < count; i++) {
      dst[offset + i] = readBoolean();
    }
  }

  /**
   * Reads {@code count} BOOLEAN values as bits: value {@code i} goes to bit {@code (bitOffset + i) %
   * 64} (least significant first) of {@code words[(bitOffset + i) / 64]}. Bits outside the range are
   * left as they were.
   */
  public void readBooleanBits(long[] words, long bitOffset, int count) {
    checkCount(count);
    if (bitOffset < 0 || bitOffset + count > 64L * words.length) {
      throw new IndexOutOfBoundsException(
          "bit range [" + bitOffset + ", " + bitOffset + " + " + count + ") outside " + words.length + " words");
    }
    for (int i = 0; i < count; i++) {
      long bit = bitOffset + i;
      int w = (int) (bit >>> 6);
      long mask = 1L << bit;
      words[w] = readBoolean() ? words[w] | mask : words[w] & ~mask;
    }
  }

  /** Reads {@code count} INT32 values sign-extended to {@code long}. */
  public void readIntegersAsLongs(long[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    for (int i = 0; i < count; i++) {
      dst[offset + i] = readInteger();
    }
  }

  /**
   * Reads {@code count} INT32 values zero-extended to {@code long} (UINT_32 and the narrower unsigned
   * annotations). The default widens with {@link #readIntegersAsLongs} and masks.
   */
  public void readUnsignedIntegersAsLongs(long[] dst, int offset, int count) {
    readIntegersAsLongs(dst, offset, count);
    for (int i = offset, end = offset + count; i < end; i++) {
      dst[i] &= 0xFFFF_FFFFL;
    }
  }

  /** Reads {@code count} INT32 values converted to {@code double} (exact: every int is a double). */
  public void readIntegersAsDoubles(double[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    for (int i = 0; i < count; i++) {
      dst[offset + i] = readInteger();
    }
  }

  /** Reads {@code count} FLOAT values widened to {@code double}. */
  public void readFloatsAsDoubles(double[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    for (int i = 0; i < count; i++) {
      dst[offset + i] = readFloat();
    }
  }

  /**
   * Reads {@code count} dictionary ids (dictionary-encoded pages only). The default asks the scalar
   * {@link #readValueDictionaryId()}.
   */
  public void readDictionaryIds(int[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    for (int i = 0; i < count; i++) {
      dst[offset + i] = readValueDictionaryId();
    }
  }

  /**
   * Appends {@code count} BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY / INT96 values to {@code dst}, copying
   * their bytes into its contiguous buffer.
   */
  public void readBinaries(BinaryBatch dst, int count) {
    checkCount(count);
    for (int i = 0; i < count; i++) {
      Binary b = readBytes();
      dst.add(b.getBytesUnsafe(), 0, b.length());
    }
  }

  /**
   * Moves over the next {@code count} values and appends to {@code dst} only those at positions
   * {@code positions[from, to)} (ascending, each below {@code count}, counted from the first of the
   * {@code count}): a filtered read keeps the byte arrays of the rows that matched without copying
   * the others. This default skips between runs of kept positions and reads the runs; readers that
   * can step over a value more cheaply than copy it do better.
   */
  public void readBinariesAt(BinaryBatch dst, int count, int[] positions, int from, int to) {
    checkCount(count);
    int at = 0;
    for (int i = from; i < to; ) {
      int first = positions[i];
      int j = i + 1;
      while (j < to && positions[j] == positions[j - 1] + 1) {
        j++;
      }
      if (first < at || positions[j - 1] >= count) {
        throw new IllegalArgumentException("positions must ascend below " + count + ": " + first + " after " + (at - 1));
      }
      skip(first - at);
      readBinaries(dst, j - i);
      at = first + j - i;
      i = j;
    }
    skip(count - at);
  }

  /**
   * Appends {@code count} INT64 values, read as unsigned (UINT_64), to {@code dst} as the minimal
   * big-endian two's-complement bytes that {@code java.math.BigInteger} would produce: 0 becomes
   * {@code 00}, 2^63 becomes {@code 00 80 00 00 00 00 00 00 00}. No allocation per value.
   */
  public void readUnsignedLongsAsBigEndian(BinaryBatch dst, int count) {
    checkCount(count);
    dst.reserve(count, count * (long) UnsignedLongs.MAX_BIG_ENDIAN_LENGTH);
    long[] chunk = unsignedScratch;
    if (chunk == null) {
      chunk = unsignedScratch = new long[UNSIGNED_CHUNK];
    }
    for (int done = 0; done < count; ) {
      int n = Math.min(UNSIGNED_CHUNK, count - done);
      readLongs(chunk, 0, n);
      dst.appendUnsignedLongsBigEndian(chunk, n);
      done += n;
    }
  }

  /**
   * Reads {@code count} FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY values holding big-endian two's-complement
   * integers (DECIMAL's unscaled values) as {@code long}s. An empty value is 0. The default copies the
   * values in chunks with {@link #readBinaries} and converts them.
   *
   * @throws ArithmeticException if a value wider than 8 bytes does not fit in a long
   */
  public void readBigEndianAsLongs(long[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    BinaryBatch chunk = bigEndianScratch;
    if (chunk == null) {
      chunk = bigEndianScratch = new BinaryBatch(UNSIGNED_CHUNK, UNSIGNED_CHUNK * 16);
    }
    for (int done = 0; done < count; ) {
      int n = Math.min(UNSIGNED_CHUNK, count - done);
      chunk.clear();
      readBinaries(chunk, n);
      byte[] bytes = chunk.bytes();
      int[] offsets = chunk.offsets();
      for (int i = 0; i < n; i++) {
        dst[offset + done + i] = DecimalConversions.bigEndianToLong(bytes, offsets[i], offsets[i + 1] - offsets[i]);
      }
      done += n;
    }
  }

  /**
   * Reads {@code count} INT64 TIMESTAMP(MILLIS) values as microseconds since the epoch.
   *
   * @throws ArithmeticException if a value does not fit in microseconds (as {@link
   *     Math#multiplyExact(long, long)} reports it)
   */
  public void readTimestampMillisAsMicros(long[] dst, int offset, int count) {
    readLongs(dst, offset, count);
    TimeConversions.millisToMicros(dst, offset, count);
  }

  /** Reads {@code count} INT64 TIMESTAMP(NANOS) values as microseconds (floor division). */
  public void readTimestampNanosAsMicros(long[] dst, int offset, int count) {
    readLongs(dst, offset, count);
    TimeConversions.nanosToMicros(dst, offset, count);
  }

  /**
   * Reads {@code count} INT32 DATE values (days since the epoch) as microseconds since the epoch.
   */
  public void readDatesAsMicros(long[] dst, int offset, int count) {
    readIntegersAsLongs(dst, offset, count);
    TimeConversions.daysToMicros(dst, offset, count);
  }

  /**
   * Reads {@code count} INT96 timestamps (8 bytes nanos-of-day, then 4 bytes Julian day, both
   * little-endian) as microseconds since the epoch.
   *
   * @throws ArithmeticException if a value does not fit in a {@code long}
   */
  public void readInt96AsMicros(long[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    for (int i = 0; i < count; i++) {
      Binary b = readBytes();
      dst[offset + i] = TimeConversions.int96ToMicros(int96Bytes(b), 0);
    }
  }

  /** Reads {@code count} INT96 timestamps as nanoseconds since the epoch. */
  public void readInt96AsNanos(long[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    for (int i = 0; i < count; i++) {
      Binary b = readBytes();
      dst[offset + i] = TimeConversions.int96ToNanos(int96Bytes(b), 0);
    }
  }

  private static byte[] int96Bytes(Binary b) {
    if (b.length() != TimeConversions.INT96_LENGTH) {
      throw new org.apache.parquet.io.ParquetDecodingException(
          "INT96 value has " + b.length() + " bytes, expected " + TimeConversions.INT96_LENGTH);
    }
    return b.getBytesUnsafe();
  }

  /** Validates a destination range once per batch. */
  protected static void checkRange(int length, int offset, int count) {
    if (offset < 0 || count < 0 || offset > length - count) {
      throw new IndexOutOfBoundsException(
          "destination range [" + offset + ", " + offset + " + " + count + ") outside array of length " + length);
    }
  }

  protected static void checkCount(int count) {
    if (count < 0) {
      throw new IllegalArgumentException("negative count " + count);
    }
  }
}
