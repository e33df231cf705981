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

import io.github.fastdecode.parquet.BatchValuesWriter;
import java.util.Objects;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.CapacityByteArrayOutputStream;
import org.apache.parquet.column.Encoding;

/**
 * PLAIN BOOLEAN: one bit per value, LSB first, the last byte zero-padded; the page and the
 * buffering of parquet-java's {@code BooleanPlainValuesWriter} (its own heap buffer of 1 KiB
 * growing to 64 KiB; a partly filled byte counts in {@link #getBufferedSize()}).
 *
 * <p>Bulk calls complete the pending byte, then pack 8 values per output byte into a scratch array
 * written to the buffer in one call.
 */
final class PlainBooleanWriter extends BatchValuesWriter {
  private static final int INITIAL_SLAB_SIZE = 1024;
  private static final int MAX_CAPACITY_HINT = 64 * 1024;
  private static final int CHUNK = 1024;

  private final CapacityByteArrayOutputStream out = new CapacityByteArrayOutputStream(INITIAL_SLAB_SIZE, MAX_CAPACITY_HINT);
  private byte[] scratch;
  /** Bits of the byte being filled, and how many there are (0..7). */
  private int currentByte;
  private int bitsWritten;

  /** As parquet-java's {@code BooleanPlainValuesWriter()}. */
  PlainBooleanWriter() {}

  @Override
  public void writeBoolean(boolean v) {
    currentByte |= (v ? 1 : 0) << bitsWritten;
    if (++bitsWritten == 8) {
      out.write(currentByte);
      currentByte = 0;
      bitsWritten = 0;
    }
  }

  @Override
  public void writeBooleans(boolean[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    int i = offset;
    int end = offset + count;
    while (bitsWritten != 0 && i < end) {
      writeBoolean(src[i++]);
    }
    if (end - i >= 8) {
      if (scratch == null) {
        scratch = new byte[CHUNK];
      }
      byte[] s = scratch;
      while (end - i >= 8) {
        int bytes = Math.min((end - i) >>> 3, CHUNK);
        for (int b = 0; b < bytes; b++, i += 8) {
          s[b] = (byte) ((src[i] ? 1 : 0)
              | (src[i + 1] ? 2 : 0)
              | (src[i + 2] ? 4 : 0)
              | (src[i + 3] ? 8 : 0)
              | (src[i + 4] ? 16 : 0)
              | (src[i + 5] ? 32 : 0)
              | (src[i + 6] ? 64 : 0)
              | (src[i + 7] ? 128 : 0));
        }
        out.write(s, 0, bytes);
      }
    }
    while (i < end) {
      writeBoolean(src[i++]);
    }
  }

  @Override
  public long getBufferedSize() {
    return out.size() + (bitsWritten > 0 ? 1 : 0);
  }

  @Override
  public BytesInput getBytes() {
    if (bitsWritten > 0) {
      out.write(currentByte);
      currentByte = 0;
      bitsWritten = 0;
    }
    return BytesInput.from(out);
  }

  @Override
  public Encoding getEncoding() {
    return Encoding.PLAIN;
  }

  @Override
  public void reset() {
    out.reset();
    currentByte = 0;
    bitsWritten = 0;
  }

  @Override
  public void close() {
    out.close();
  }

  @Override
  public long getAllocatedSize() {
    return out.getCapacity();
  }

  @Override
  public String memUsageString(String prefix) {
    return String.format("%s PlainBooleanWriter %d bytes", prefix, getAllocatedSize());
  }
}
