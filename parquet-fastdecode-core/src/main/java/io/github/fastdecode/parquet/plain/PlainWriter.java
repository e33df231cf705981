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
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.ParquetJavaNaN;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.CapacityByteArrayOutputStream;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;

/**
 * PLAIN for INT32, INT64, FLOAT, DOUBLE and BYTE_ARRAY (4-byte little-endian length, then the
 * bytes): the page parquet-java's {@code PlainValuesWriter} writes, with its constructor and its
 * buffer ({@link CapacityByteArrayOutputStream}, so slab sizing, the allocator, {@link
 * #getBufferedSize()} and {@link #getAllocatedSize()} behave as parquet-java's).
 *
 * <p>Scalar calls write straight into that buffer. Bulk calls encode up to {@link #CHUNK} bytes
 * into a scratch array with one little-endian bulk copy and hand it over in one write.
 *
 * <p>FLOAT and DOUBLE NaNs are written as the user's parquet-java writes them ({@link
 * ParquetJavaNaN}): payloads kept from 1.18.0, canonicalised before.
 */
final class PlainWriter extends BatchValuesWriter {
  /** Bytes a bulk call encodes per write into the output buffer. */
  static final int CHUNK = 4096;

  private final CapacityByteArrayOutputStream out;
  /** Bulk scratch, allocated by the first bulk call, and its little-endian views that encode into it. */
  private byte[] scratch;
  private IntBuffer intView;
  private LongBuffer longView;
  private FloatBuffer floatView;
  private DoubleBuffer doubleView;

  /** One little-endian word for the scalar calls (CapacityByteArrayOutputStream has no writeInt before parquet-java 1.18). */
  private final byte[] word = new byte[8];

  /** As parquet-java's {@code PlainValuesWriter(initialSize, pageSize, allocator)}. */
  PlainWriter(int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    this.out = new CapacityByteArrayOutputStream(initialSlabSize, pageSize, allocator);
  }

  private void allocateScratch() {
    if (scratch == null) {
      scratch = new byte[CHUNK];
      ByteBuffer b = ByteBuffer.wrap(scratch).order(ByteOrder.LITTLE_ENDIAN);
      intView = b.asIntBuffer();
      longView = b.asLongBuffer();
      floatView = b.asFloatBuffer();
      doubleView = b.asDoubleBuffer();
    }
  }

  private void putInt(int v) {
    LittleEndian.putInt(word, 0, v);
    out.write(word, 0, 4);
  }

  private void putLong(long v) {
    LittleEndian.putLong(word, 0, v);
    out.write(word, 0, 8);
  }

  @Override
  public void writeInteger(int v) {
    putInt(v);
  }

  @Override
  public void writeLong(long v) {
    putLong(v);
  }

  @Override
  public void writeFloat(float v) {
    putInt(ParquetJavaNaN.plainBits(v));
  }

  @Override
  public void writeDouble(double v) {
    putLong(ParquetJavaNaN.plainBits(v));
  }

  @Override
  public void writeByte(int v) {
    out.write(v);
  }

  @Override
  public void writeBytes(Binary v) {
    try {
      putInt(v.length());
      v.writeTo(out);
    } catch (IOException e) {
      throw new ParquetEncodingException("PLAIN: could not write a BYTE_ARRAY value", e);
    }
  }

  @Override
  public void writeIntegers(int[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    allocateScratch();
    for (int done = 0; done < count; ) {
      int n = Math.min(count - done, CHUNK / 4);
      intView.put(0, src, offset + done, n);
      out.write(scratch, 0, n * 4);
      done += n;
    }
  }

  @Override
  public void writeLongs(long[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    allocateScratch();
    for (int done = 0; done < count; ) {
      int n = Math.min(count - done, CHUNK / 8);
      longView.put(0, src, offset + done, n);
      out.write(scratch, 0, n * 8);
      done += n;
    }
  }

  @Override
  public void writeFloats(float[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    allocateScratch();
    for (int done = 0; done < count; ) {
      int n = Math.min(count - done, CHUNK / 4);
      floatView.put(0, src, offset + done, n); // a raw memory copy: NaN payloads kept
      if (ParquetJavaNaN.PLAIN_CANONICAL) {
        canonicalNaNs(src, offset + done, n);
      }
      out.write(scratch, 0, n * 4);
      done += n;
    }
  }

  @Override
  public void writeDoubles(double[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    allocateScratch();
    for (int done = 0; done < count; ) {
      int n = Math.min(count - done, CHUNK / 8);
      doubleView.put(0, src, offset + done, n);
      if (ParquetJavaNaN.PLAIN_CANONICAL) {
        canonicalNaNs(src, offset + done, n);
      }
      out.write(scratch, 0, n * 8);
      done += n;
    }
  }

  /** Overwrites the NaNs among {@code src[from, from + n)} in the scratch with the canonical NaN (parquet-java before 1.18). */
  private void canonicalNaNs(float[] src, int from, int n) {
    for (int i = 0; i < n; i++) {
      float v = src[from + i];
      if (v != v) {
        LittleEndian.putInt(scratch, i * 4, Float.floatToIntBits(v));
      }
    }
  }

  private void canonicalNaNs(double[] src, int from, int n) {
    for (int i = 0; i < n; i++) {
      double v = src[from + i];
      if (v != v) {
        LittleEndian.putLong(scratch, i * 8, Double.doubleToLongBits(v));
      }
    }
  }

  @Override
  public void writeBinaries(BinaryBatch batch, int from, int count) {
    Objects.checkFromIndexSize(from, count, batch.size());
    allocateScratch();
    byte[] s = scratch;
    byte[] bytes = batch.bytes();
    int[] offsets = batch.offsets();
    int pos = 0;
    for (int i = from, end = from + count; i < end; i++) {
      int start = offsets[i];
      int length = offsets[i + 1] - start;
      if (pos + 4 + length > CHUNK) {
        out.write(s, 0, pos);
        pos = 0;
        if (4 + length > CHUNK) {
          putInt(length);
          out.write(bytes, start, length);
          continue;
        }
      }
      LittleEndian.putInt(s, pos, length);
      System.arraycopy(bytes, start, s, pos + 4, length);
      pos += 4 + length;
    }
    out.write(s, 0, pos);
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
    return out.memUsageString(prefix + " PLAIN");
  }
}
