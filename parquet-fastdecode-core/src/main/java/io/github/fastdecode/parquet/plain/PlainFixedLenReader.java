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
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.internal.convert.DecimalConversions;
import io.github.fastdecode.parquet.internal.convert.TimeConversions;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.io.api.Binary;

/**
 * PLAIN FIXED_LEN_BYTE_ARRAY and INT96 (12 fixed bytes): values back to back, no length prefix.
 *
 * <p>{@link #readBytes()} returns a view of the page's buffer, as parquet-java does: valid while
 * the page's bytes are. {@link #readBinaries} copies into the batch.
 *
 * <p>A zero-length FIXED_LEN_BYTE_ARRAY (which the schema builder rejects but a hand-made schema can
 * carry) has no bytes to bound it: parquet-java then returns empty values forever. Here the page's
 * value count is the bound, so a read past it fails instead of never ending.
 */
final class PlainFixedLenReader extends BatchValuesReader {
  private final Section s;

  PlainFixedLenReader(String encoding, int width) {
    s = new Section(encoding, width);
  }

  /** The section, bounded by the page's value count when values have no bytes. */
  private static final class Section extends PlainSection {
    Section(String encoding, int width) {
      super(encoding, width);
    }

    @Override
    int valuesIn(int bytes, int valueCount) {
      return width == 0 ? Math.max(0, valueCount) : bytes / width;
    }
  }

  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    if (s.width < 0) {
      s.count = 0;
      s.index = 0;
      throw new ValuesDecodingException(s.encoding, 0, "negative value width " + s.width + " in the column's schema");
    }
    s.init(valueCount, in);
  }

  @Override
  public void skip() {
    s.next();
  }

  @Override
  public void skip(int n) {
    checkCount(n);
    s.skip(n);
  }

  /** Bulk-read entry check: destination range first (a caller bug), then the page's values. */
  private int checkBulk(int dstLength, int offset, int n) {
    checkRange(dstLength, offset, n);
    return s.check(n);
  }

  @Override
  public Binary readBytes() {
    int i = s.next();
    return Binary.fromConstantByteBuffer(s.buf, s.base + i * s.width, s.width);
  }

  @Override
  public void readBinaries(BinaryBatch dst, int n) {
    checkCount(n);
    int at = s.check(n);
    int bytes = n * s.width; // fits: the values are in the section
    dst.reserve(n, bytes);
    if (bytes > 0) {
      s.buf.get(s.base + at * s.width, dst.bytes(), dst.byteSize(), bytes);
    }
    for (int i = 0; i < n; i++) {
      dst.commit(s.width);
    }
    s.index = at + n;
  }

  @Override
  public void readBigEndianAsLongs(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteBuffer b = s.buf;
    int w = s.width;
    int p = s.base + at * w;
    if (w == 8) {
      // FIXED_LEN_BYTE_ARRAY(8), the usual width for precision 18: one load per value, no copy.
      for (int i = 0; i < n; i++, p += 8) {
        dst[offset + i] = Long.reverseBytes(b.getLong(p));
      }
    } else {
      for (int i = 0; i < n; i++, p += w) {
        dst[offset + i] = DecimalConversions.bigEndianToLong(b, p, w);
      }
    }
    s.index = at + n;
  }

  @Override
  public void readInt96AsMicros(long[] dst, int offset, int n) {
    int at = checkInt96(dst.length, offset, n);
    ByteBuffer b = s.buf;
    int p = s.base + at * TimeConversions.INT96_LENGTH;
    for (int i = 0; i < n; i++, p += TimeConversions.INT96_LENGTH) {
      dst[offset + i] = TimeConversions.int96ToMicros(b.getInt(p + 8), b.getLong(p));
    }
    s.index = at + n;
  }

  @Override
  public void readInt96AsNanos(long[] dst, int offset, int n) {
    int at = checkInt96(dst.length, offset, n);
    ByteBuffer b = s.buf;
    int p = s.base + at * TimeConversions.INT96_LENGTH;
    for (int i = 0; i < n; i++, p += TimeConversions.INT96_LENGTH) {
      dst[offset + i] = TimeConversions.int96ToNanos(b.getInt(p + 8), b.getLong(p));
    }
    s.index = at + n;
  }

  private int checkInt96(int dstLength, int offset, int n) {
    if (s.width != TimeConversions.INT96_LENGTH) {
      throw new ValuesDecodingException(s.encoding, (long) s.index * s.width,
          "values of " + s.width + " bytes are not INT96 timestamps (" + TimeConversions.INT96_LENGTH + " bytes)");
    }
    return checkBulk(dstLength, offset, n);
  }

  @Override
  public String toString() {
    return s.toString();
  }
}
