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
import io.github.fastdecode.parquet.BinaryBatch;
import java.io.IOException;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.CapacityByteArrayOutputStream;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;

/**
 * PLAIN FIXED_LEN_BYTE_ARRAY and INT96 (length 12): the values' bytes back to back, as
 * parquet-java's {@code FixedLenByteArrayPlainValuesWriter} writes them, with its constructor and
 * buffer. A value of another length is an {@link IllegalArgumentException}, as there.
 *
 * <p>A {@link BinaryBatch} holds its values contiguously, so a bulk call checks every length, then
 * writes the whole range with one copy.
 */
final class PlainFixedLenWriter extends BatchValuesWriter {
  private final CapacityByteArrayOutputStream out;
  private final int length;

  /** As parquet-java's {@code FixedLenByteArrayPlainValuesWriter(length, initialSize, pageSize, allocator)}. */
  PlainFixedLenWriter(int length, int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    this.length = length;
    this.out = new CapacityByteArrayOutputStream(initialSlabSize, pageSize, allocator);
  }

  @Override
  public void writeBytes(Binary v) {
    if (v.length() != length) {
      throw wrongLength(v.length());
    }
    try {
      v.writeTo(out);
    } catch (IOException e) {
      throw new ParquetEncodingException("PLAIN: could not write a fixed-length value", e);
    }
  }

  @Override
  public void writeBinaries(BinaryBatch batch, int from, int count) {
    Objects.checkFromIndexSize(from, count, batch.size());
    int[] offsets = batch.offsets();
    for (int i = from, end = from + count; i < end; i++) {
      if (offsets[i + 1] - offsets[i] != length) {
        throw wrongLength(offsets[i + 1] - offsets[i]);
      }
    }
    out.write(batch.bytes(), offsets[from], count * length);
  }

  private IllegalArgumentException wrongLength(int actual) {
    return new IllegalArgumentException("PLAIN FIXED_LEN_BYTE_ARRAY: a value of " + actual + " bytes in a column of length " + length);
  }

  @Override
  public long getBufferedSize() {
    return out.size();
  }

  @Override
  public BytesInput getBytes() {
    return BytesInput.from(out);
  }

  @Override
  public Encoding getEncoding() {
    return Encoding.PLAIN;
  }

  @Override
  public void reset() {
    out.reset();
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
    return out.memUsageString(prefix + " PLAIN FIXED_LEN_BYTE_ARRAY");
  }
}
