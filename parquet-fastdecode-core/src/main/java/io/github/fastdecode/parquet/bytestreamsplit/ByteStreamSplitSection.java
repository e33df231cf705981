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
package io.github.fastdecode.parquet.bytestreamsplit;

import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.internal.PageBytes;
import java.io.IOException;
import org.apache.parquet.bytes.ByteBufferInputStream;

/**
 * The page state of BYTE_STREAM_SPLIT, shared by the numeric decoders (which extend it) and the
 * fixed-length reader (which holds one): the section as one byte range, its value count
 * and the next value's index. Nothing is decoded up front: reads gather the streams straight into
 * the caller's array and skips only move the index.
 *
 * <p>As in parquet-java, the section must be a whole number of values and may not hold more values
 * than the page's value count (which includes nulls, so fewer is fine).
 */
class ByteStreamSplitSection {
  final String encoding;
  final int width;
  private final PageBytes page = new PageBytes();

  /** The section: stream {@code k} starts at {@code bytes[base + k * count]}. */
  byte[] bytes = new byte[0];
  int base;
  /** Values on the page, which is also the length of each stream. */
  int count;
  /** Next value to read. */
  int index;

  ByteStreamSplitSection(String encoding, int width) {
    this.encoding = encoding;
    this.width = width;
  }

  /** Starts a page; returns the values it holds. */
  public int init(int valueCount, ByteBufferInputStream in) throws IOException {
    // Forget the previous page first, so a failure below leaves nothing readable.
    count = 0;
    index = 0;
    int available = in.available();
    if (width <= 0) {
      throw new ValuesDecodingException(encoding, 0, "value width " + width + " in the column's schema is not positive");
    }
    if (available % width != 0) {
      throw new ValuesDecodingException(encoding, available,
          "section of " + available + " bytes is not a whole number of " + width + "-byte values");
    }
    int encoded = available / width;
    if (encoded > valueCount) {
      throw new ValuesDecodingException(encoding, 0,
          "section holds " + encoded + " values but the page has only " + valueCount + " (nulls included)");
    }
    page.take(in, available);
    bytes = page.array;
    base = page.start;
    count = encoded;
    return encoded;
  }

  /** Checks that {@code n} more values exist and returns the first one's index (not consumed). */
  final int check(int n) {
    if (n > count - index) {
      throw ValuesDecodingException.pastEnd(encoding, index, n, count - index);
    }
    return index;
  }

  /** Checks and consumes one value, returning its index. */
  final int next() {
    int i = index;
    if (i >= count) {
      throw ValuesDecodingException.pastEnd(encoding, i, 1, 0);
    }
    index = i + 1;
    return i;
  }

  /** Steps over {@code n} values ({@code n >= 0}). */
  public void skip(int n) {
    index = check(n) + n;
  }

  @Override
  public String toString() {
    return encoding + "[value " + index + " of " + count + "]";
  }
}
