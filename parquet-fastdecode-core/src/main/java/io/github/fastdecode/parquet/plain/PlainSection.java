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

import io.github.fastdecode.parquet.ValuesDecodingException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.bytes.ByteBufferInputStream;

/**
 * The page state of PLAIN's fixed-width values, shared by the numeric decoders (which extend it)
 * and the fixed-length reader (which holds one): the page's values section as one
 * little-endian buffer (the caller's own buffer when it is a single heap or direct buffer, so no
 * copy), how many whole values it holds, and the index of the next one.
 *
 * <p>The bound is the byte count, not the page's value count (which includes nulls). A section
 * whose length is not a multiple of the width is accepted as parquet-java accepts it: its whole
 * values are readable and the trailing partial value is not.
 */
class PlainSection {
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN);

  /** For messages, e.g. {@code "PLAIN INT32"}. */
  final String encoding;
  /** Bytes per value (0 only for a zero-length FIXED_LEN_BYTE_ARRAY). */
  final int width;

  /** The section, little-endian; value {@code i} starts at buffer index {@code base + i * width}. */
  ByteBuffer buf = EMPTY;
  int base;
  /** Readable values on this page. */
  int count;
  /** Next value to read. */
  int index;

  PlainSection(String encoding, int width) {
    this.encoding = encoding;
    this.width = width;
  }

  /** Starts a page; returns the whole values it holds. */
  public int init(int valueCount, ByteBufferInputStream in) throws IOException {
    // Forget the previous page first, so a failure below leaves nothing readable.
    count = 0;
    index = 0;
    buf = EMPTY;
    base = 0;
    int available = in.available();
    if (available > 0) {
      buf = in.slice(available).order(ByteOrder.LITTLE_ENDIAN);
      base = buf.position();
    }
    count = valuesIn(available, valueCount);
    onNewPage();
    return count;
  }

  /** Whole values in a section of {@code bytes} bytes. */
  int valuesIn(int bytes, int valueCount) {
    return bytes / width;
  }

  /** Lets a subclass take typed views of {@link #buf}. */
  void onNewPage() {}

  /**
   * Checks that {@code n} more values exist and returns the index of the first; the caller
   * advances {@link #index} once it has consumed them, so a failed conversion leaves the position
   * where it was.
   */
  final int check(int n) {
    if (n > count - index) {
      throw pastEnd(n);
    }
    return index;
  }

  /** Checks and consumes one value, returning its index. */
  final int next() {
    int i = index;
    if (i >= count) {
      throw pastEnd(1);
    }
    index = i + 1;
    return i;
  }

  final ValuesDecodingException pastEnd(int wanted) {
    return ValuesDecodingException.pastEnd(encoding, (long) index * width, wanted, count - index);
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
