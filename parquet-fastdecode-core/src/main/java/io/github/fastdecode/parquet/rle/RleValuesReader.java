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
package io.github.fastdecode.parquet.rle;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.PageBytes;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferInputStream;

/**
 * RLE / bit-packed hybrid values as a reader: definition and repetition levels (with the 4-byte
 * length prefix of V1 pages, or without it for V2 pages, whose level sections arrive with their
 * length from the page header) and RLE-encoded BOOLEAN values (always length-prefixed).
 */
public final class RleValuesReader extends BatchValuesReader {
  private final String encoding;
  private final int bitWidth;
  private final boolean lengthPrefixed;
  private final PageBytes page = new PageBytes();
  private final RleBitPackedHybridDecoder decoder;
  private int remaining;
  /** Where {@link #readInteger} decodes its one value. */
  private final int[] one = new int[1];

  /**
   * @param bitWidth bits per value: 1 for booleans, {@code 32 - numberOfLeadingZeros(maxLevel)} for levels
   * @param lengthPrefixed whether the section starts with its 4-byte little-endian length
   */
  public RleValuesReader(int bitWidth, boolean lengthPrefixed) {
    this("RLE", bitWidth, lengthPrefixed);
  }

  public RleValuesReader(String encoding, int bitWidth, boolean lengthPrefixed) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new IllegalArgumentException("bit width " + bitWidth + " is outside 0..32");
    }
    this.encoding = encoding;
    this.bitWidth = bitWidth;
    this.lengthPrefixed = lengthPrefixed;
    this.decoder = new RleBitPackedHybridDecoder(encoding);
  }

  /** A reader for RLE BOOLEAN values: bit width 1 after the 4-byte length prefix. */
  public static RleValuesReader forBooleans() {
    return new RleValuesReader(1, true);
  }

  /** A reader for the levels of a column whose maximum level is {@code maxLevel}. */
  public static RleValuesReader forLevels(int maxLevel, boolean lengthPrefixed) {
    return new RleValuesReader("RLE levels", 32 - Integer.numberOfLeadingZeros(maxLevel), lengthPrefixed);
  }

  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    checkValueCount(valueCount);
    if (lengthPrefixed) {
      int available = in.available();
      checkPrefixFits(available);
      // The prefix by four single-byte reads, not a slice of its own: a page of one RLE run (a
      // column without nulls) costs little more than taking its bytes.
      int length = in.read() | in.read() << 8 | in.read() << 16 | in.read() << 24;
      checkSectionLength(length, available - 4);
      page.take(in, length);
    } else {
      page.takeAll(in);
    }
    decoder.init(page.array, page.start, page.start + page.length, bitWidth);
    remaining = valueCount;
  }

  /**
   * Starts reading the same bytes {@link #initFromPage} reads, from {@code data[offset..offset +
   * length)} instead of a stream (more bytes may follow them), and returns the index in {@code data}
   * just after them: after the length-prefixed section for a length-prefixed reader, else {@code
   * offset + length}. An engine that holds the page in an array starts a reader without wrapping
   * it in a stream, and without the per-page buffer objects a stream's slice costs. The array is
   * used in place and must not change while values are read.
   *
   * @throws ValuesDecodingException if the length prefix is truncated or exceeds {@code length}
   */
  public int initFromBytes(int valueCount, byte[] data, int offset, int length) {
    if (offset < 0 || length < 0 || offset > data.length - length) {
      throw new IndexOutOfBoundsException("range [" + offset + ", " + offset + " + " + length + ") outside array of length " + data.length);
    }
    checkValueCount(valueCount);
    int from = offset;
    int to = offset + length;
    if (lengthPrefixed) {
      checkPrefixFits(length);
      int sectionLength = LittleEndian.getInt(data, offset);
      checkSectionLength(sectionLength, length - 4);
      from = offset + 4;
      to = from + sectionLength;
    }
    decoder.init(data, from, to, bitWidth);
    remaining = valueCount;
    return to;
  }

  private void checkValueCount(int valueCount) {
    if (valueCount < 0) {
      throw new ValuesDecodingException(encoding, 0, "negative value count " + valueCount);
    }
  }

  /** The 4-byte length prefix must fit in the {@code available} bytes of the section. */
  private void checkPrefixFits(int available) {
    if (available < 4) {
      throw new ValuesDecodingException(encoding, 0, "truncated length prefix: " + available + " of 4 bytes");
    }
  }

  /** The prefix's {@code length} (read as signed) must fit in the {@code following} bytes after it. */
  private void checkSectionLength(int length, int following) {
    if (length < 0 || length > following) {
      throw new ValuesDecodingException(encoding, 0,
          "length prefix " + Integer.toUnsignedString(length) + " exceeds the " + following + " bytes that follow");
    }
  }

  private void need(int count) {
    if (count > remaining) {
      throw ValuesDecodingException.pastEnd(encoding, decoder.position(), count, remaining);
    }
  }

  @Override
  public int readInteger() {
    need(1);
    decoder.readInts(one, 0, 1);
    remaining--;
    return one[0];
  }

  @Override
  public boolean readBoolean() {
    return readInteger() != 0;
  }

  @Override
  public int readValueDictionaryId() {
    return readInteger();
  }

  @Override
  public void readIntegers(int[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    need(count);
    decoder.readInts(dst, offset, count);
    remaining -= count;
  }

  /**
   * Reads {@code count} levels into {@code dst} and returns how many equal {@code maxLevel} (the
   * non-null values among them, for definition levels), in one pass.
   */
  public int readLevels(int[] dst, int offset, int count, int maxLevel) {
    checkRange(dst.length, offset, count);
    need(count);
    int n = decoder.readIntsCountingEqual(dst, offset, count, maxLevel);
    remaining -= count;
    return n;
  }

  /**
   * Reads {@code count} definition levels as a null mask: {@code isNull[offset + i]} is true where
   * the level is below {@code maxLevel}. Returns the number of non-null values. For a flat optional
   * column this is all a reader needs from the levels, and it skips an {@code int} per level.
   */
  public int readNullMask(boolean[] isNull, int offset, int count, int maxLevel) {
    checkRange(isNull.length, offset, count);
    need(count);
    int n = decoder.readNotEqual(isNull, offset, count, maxLevel);
    remaining -= count;
    return n;
  }

  /**
   * {@link #readNullMask}, except that {@code isNull} is not written at all when no value of the
   * range is null: returns the number of non-null values, and where that is {@code count}, {@code
   * isNull[offset, offset + count)} holds whatever it held before (the caller has no nulls and
   * needs no mask). Otherwise every element of the range is written, as {@link #readNullMask}
   * writes it. Levels are read the same way either way; a range is "no nulls" by its levels, not
   * by how they were encoded (a bit-packed run of values all at {@code maxLevel} has no nulls either).
   */
  public int readNullMaskIfNulls(boolean[] isNull, int offset, int count, int maxLevel) {
    checkRange(isNull.length, offset, count);
    need(count);
    int n = decoder.skipWhileEqual(count, maxLevel);
    if (n < count) {
      Arrays.fill(isNull, offset, offset + n, false);
      n += decoder.readNotEqual(isNull, offset + n, count - n, maxLevel);
    }
    remaining -= count;
    return n;
  }

  /**
   * Reads {@code count} definition levels of a column whose max definition level is 1 (bit width
   * 1) as a validity bitmap, 64 rows per {@code long} from bit 0 of {@code dst[0]}, and returns the
   * number of non-null rows (levels equal to 1).
   *
   * <p><b>{@code dst} is not written when every row of the range is defined:</b> the return is then
   * {@code count}, and {@code dst} holds whatever it held before; the caller has no nulls and needs
   * no bitmap (Spark's {@code noNulls}, an absent Arrow validity buffer). When some row is null the
   * return is below {@code count} and every word of the range is written: bit {@code i & 63} of
   * {@code dst[i >>> 6]} is set where row {@code i} is defined, and the bits from {@code count} to
   * the end of the last word are 0. Whether a range has nulls is decided by its levels, not by
   * their encoding (a bit-packed run of 1s has none).
   *
   * <p>An RLE run holding a level other than 0 and 1 (out of range for max level 1) stops the read
   * before it: the return is then {@code -1 - read}, where {@code read} levels before it were
   * consumed, {@code dst} is unspecified, and {@link #stoppedAtValue()} gives the level. Bit-packed
   * levels cannot exceed 1 at bit width 1.
   *
   * @throws IllegalStateException when the reader's bit width is not 1
   */
  public int readValidity(long[] dst, int count) {
    if (count < 0 || (long) dst.length << 6 < count) {
      throw new IndexOutOfBoundsException("count " + count + " for " + dst.length + " words");
    }
    need(count);
    if (decoder.bitWidth() != 1) {
      throw new IllegalStateException("validity bits need bit width 1, not " + decoder.bitWidth());
    }
    // Small, so that it inlines: a page without nulls is a header or two and nothing else.
    int defined = decoder.skipWhileEqual(count, 1);
    if (defined == count) {
      remaining -= count;
      return count;
    }
    // A null in the first run (most pages with nulls): readLevelBits's own path.
    int read = defined == 0 ? decoder.readBits(dst, count, false) : decoder.readValidityFrom(dst, defined, count);
    if (read < count) {
      remaining -= read;
      return -1 - read;
    }
    remaining -= count;
    int nonNull = 0;
    for (int k = 0, words = (count + 63) >>> 6; k < words; k++) {
      nonNull += Long.bitCount(dst[k]);
    }
    return nonNull;
  }

  /**
   * Reads up to {@code count} levels of bit width 1 as bits (see {@link
   * RleBitPackedHybridDecoder#readBits}): bit {@code i} of {@code dst} is set where level {@code i}
   * is 0 when {@code zerosSet}, where it is 1 otherwise. Returns how many levels it read: {@code
   * count}, or fewer when an RLE run holds a value other than 0 and 1, which {@link
   * #stoppedAtValue()} then gives (the levels before it are read).
   */
  public int readLevelBits(long[] dst, int count, boolean zerosSet) {
    if (count < 0 || (long) dst.length << 6 < count) {
      throw new IndexOutOfBoundsException("count " + count + " for " + dst.length + " words");
    }
    need(count);
    int n = decoder.readBits(dst, count, zerosSet);
    remaining -= n;
    return n;
  }

  /**
   * Reads up to {@code count} levels into {@code dst[0, count)} while every RLE run's level is at
   * most {@code maxLevel}, short runs written as whole vectors or groups (levels of repeated
   * columns come in runs of a few dozen). Returns how many it read: {@code count}, or fewer when an
   * RLE run holds a level above {@code maxLevel}, which {@link #stoppedAtValue()} then gives.
   * Bit-packed levels are not compared: where the bit width holds more than {@code maxLevel}, the
   * caller checks them.
   */
  public int readLevelsUpTo(int[] dst, int count, int maxLevel) {
    checkRange(dst.length, 0, count);
    need(count);
    int n = decoder.readIntsWhileRleBelow(dst, 0, count, maxLevel + 1);
    remaining -= n;
    return n;
  }

  /** The RLE run value {@link #readLevelBits} or {@link #readLevelsUpTo} stopped at. */
  public int stoppedAtValue() {
    return decoder.runValue();
  }

  @Override
  public void readBooleans(boolean[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    need(count);
    decoder.readNotEqual(dst, offset, count, 0);
    remaining -= count;
  }

  @Override
  public void skip() {
    skip(1);
  }

  @Override
  public void skip(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative skip " + n);
    }
    need(n);
    decoder.skip(n);
    remaining -= n;
  }
}
