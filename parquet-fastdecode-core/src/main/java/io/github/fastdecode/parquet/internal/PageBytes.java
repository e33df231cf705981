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
package io.github.fastdecode.parquet.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * One contiguous view of a page's values section, taken once per page so decoders run on a plain
 * {@code byte[]} range (or a little-endian {@code ByteBuffer}) without per-value stream calls.
 *
 * <p>Heap buffers are used in place. Direct, read-only and multi-buffer inputs are copied once
 * into a scratch array owned by the reader, which grows only with page size.
 */
public final class PageBytes {
  private byte[] scratchArray = new byte[0];

  /** The view's array; valid from {@link #start} for {@link #length} bytes. */
  public byte[] array;
  /** Index in {@link #array} of the first byte of the section. */
  public int start;
  /** Bytes in the section. */
  public int length;
  /**
   * True when {@link #array} is this object's scratch, overwritten by the next page: values handed
   * to callers that may keep them (a scalar {@code readBytes()}) must then be copied.
   */
  public boolean scratch;

  /**
   * Views the {@code length} bytes at the stream's position and advances the stream past them.
   */
  public void take(ByteBufferInputStream in, int length) throws IOException {
    ByteBuffer buf = in.slice(length);
    if (buf.hasArray()) {
      array = buf.array();
      start = buf.arrayOffset() + buf.position();
      scratch = false;
    } else {
      if (scratchArray.length < length) {
        scratchArray = new byte[Math.max(length, scratchArray.length + (scratchArray.length >> 1))];
      }
      buf.get(scratchArray, 0, length);
      array = scratchArray;
      start = 0;
      scratch = true;
    }
    this.length = length;
  }

  /** Views everything left in the stream. */
  public void takeAll(ByteBufferInputStream in) throws IOException {
    take(in, in.available());
  }

  /**
   * The rest of the stream as a little-endian buffer positioned at the first byte, zero-copy for
   * single-buffer input (heap or direct). The stream is advanced to its end.
   */
  public static ByteBuffer remainingLittleEndian(ByteBufferInputStream in) {
    try {
      return in.slice(in.available()).order(ByteOrder.LITTLE_ENDIAN);
    } catch (IOException e) {
      throw new ParquetDecodingException("could not read page values", e);
    }
  }
}
