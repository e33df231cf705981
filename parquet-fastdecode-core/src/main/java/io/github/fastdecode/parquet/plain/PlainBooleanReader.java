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
package io.github.fastdecode.parquet.plain;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.PageBytes;
import io.github.fastdecode.parquet.internal.VectorSupport;
import io.github.fastdecode.parquet.internal.bitpacking.BitUnpacker;
import io.github.fastdecode.parquet.internal.bitpacking.VectorBitUnpacker;
import java.io.IOException;
import org.apache.parquet.bytes.ByteBufferInputStream;

/**
 * PLAIN BOOLEAN: one bit per value, least significant bit first. Bulk reads expand a vector of
 * bits per step when {@link VectorSupport#on()}, else 64 bits per 8-byte load; {@link
 * #readBooleanBits} copies bits without expanding them.
 */
final class PlainBooleanReader extends BatchValuesReader {
  private static final String ENCODING = "PLAIN BOOLEAN";
  /** Shortest read that uses the vector kernel: vector code pays off once C2 has compiled it. */
  private static final int VECTOR_MIN_COUNT = 32;

  private final PageBytes page = new PageBytes();
  private byte[] data;
  /** Bit index of the next value, from {@code page.start * 8}. */
  private long bit;
  private long endBit;

  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    if (valueCount < 0) {
      throw new ValuesDecodingException(ENCODING, 0, "negative value count " + valueCount);
    }
    // The section holds at most ceil(valueCount / 8) bytes; like parquet-java, take no more.
    int bytes = (int) Math.min(((long) valueCount + 7) >>> 3, in.available());
    page.take(in, bytes);
    data = page.array;
    bit = 8L * page.start;
    // valueCount includes nulls, so it bounds the non-null values; the padding bits after the last
    // value are never returned as values.
    endBit = bit + Math.min(valueCount, 8L * bytes);
  }

  private int remaining() {
    return (int) (endBit - bit);
  }

  private void need(int count) {
    if (count > endBit - bit) {
      throw ValuesDecodingException.pastEnd(ENCODING, (bit >>> 3) - page.start, count, remaining());
    }
  }

  @Override
  public boolean readBoolean() {
    need(1);
    boolean v = (data[(int) (bit >>> 3)] & (1 << (bit & 7))) != 0;
    bit++;
    return v;
  }

  @Override
  public void readBooleans(boolean[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    need(count);
    int i = 0;
    if (VectorSupport.on() && count >= VECTOR_MIN_COUNT) {
      // Whole vectors at any bit offset; the scalar code below finishes the last partial vector.
      i = VectorBitUnpacker.bitsToBooleans(data, bit, dst, offset, count, true);
      bit += i;
    }
    // Unaligned head, one bit at a time up to a byte boundary.
    while (i < count && (bit & 7) != 0) {
      dst[offset + i++] = (data[(int) (bit >>> 3)] & (1 << (bit & 7))) != 0;
      bit++;
    }
    // Whole bytes, 8 booleans each copied from a table (BitUnpacker.byteToBooleans): a copy per 8
    // values instead of a shift, mask and compare per value.
    if ((bit & 7) == 0) {
      int bytePos = (int) (bit >>> 3);
      int bytes = Math.min((count - i) >>> 3, data.length - bytePos);
      int base = offset + i;
      for (int k = 0; k < bytes; k++) {
        BitUnpacker.byteToBooleans(data[bytePos + k] & 0xFF, dst, base + 8 * k);
      }
      i += 8 * bytes;
      bit = 8L * (bytePos + bytes);
    }
    while (i < count) {
      dst[offset + i++] = (data[(int) (bit >>> 3)] & (1 << (bit & 7))) != 0;
      bit++;
    }
  }

  @Override
  public void readBooleanBits(long[] words, long bitOffset, int count) {
    checkCount(count);
    if (bitOffset < 0 || bitOffset + count > 64L * words.length) {
      throw new IndexOutOfBoundsException(
          "bit range [" + bitOffset + ", " + bitOffset + " + " + count + ") outside " + words.length + " words");
    }
    need(count);
    long dstBit = bitOffset;
    int left = count;
    while (left > 0) {
      int n = Math.min(left, 64 - (int) (dstBit & 63));
      long bits = peekBits(n);
      int w = (int) (dstBit >>> 6);
      int shift = (int) (dstBit & 63);
      long mask = (n == 64 ? -1L : (1L << n) - 1) << shift;
      words[w] = (words[w] & ~mask) | ((bits << shift) & mask);
      bit += n;
      dstBit += n;
      left -= n;
    }
  }

  /** The next {@code n} (1..64) bits, low bit first, without moving. */
  private long peekBits(int n) {
    int bytePos = (int) (bit >>> 3);
    int shift = (int) (bit & 7);
    long v;
    if (bytePos + 8 <= data.length) {
      v = LittleEndian.getLong(data, bytePos) >>> shift;
      if (shift != 0 && n > 64 - shift) {
        v |= (long) (data[bytePos + 8] & 0xFF) << (64 - shift);
      }
    } else {
      // Near the end of the array: fewer than 8 bytes remain, so the bits span at most 8 bytes.
      v = 0;
      int lastByte = (int) ((bit + n - 1) >>> 3);
      for (int p = lastByte; p >= bytePos; p--) {
        v = (v << 8) | (data[p] & 0xFF);
      }
      v >>>= shift;
    }
    return n == 64 ? v : v & ((1L << n) - 1);
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
    bit += n;
  }
}
