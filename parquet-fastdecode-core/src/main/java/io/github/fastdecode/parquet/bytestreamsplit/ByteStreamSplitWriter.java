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

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.internal.ByteStreamSplitKernels;
import io.github.fastdecode.parquet.internal.ParquetJavaNaN;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.CapacityByteArrayOutputStream;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * BYTE_STREAM_SPLIT writers, byte for byte parquet-java's {@code ByteStreamSplitValuesWriter}
 * family: one buffer per byte stream (each sized {@code ceil(initialCapacity / width)} growing to
 * {@code ceil(pageSize / width)}, as parquet-java sizes them), concatenated by {@link #getBytes()};
 * {@link #getBufferedSize()} is the sum of the streams.
 *
 * <p>A scalar call appends one byte to each stream. A bulk call scatters up to a chunk of values
 * into a scratch array laid out stream by stream (4- and 8-byte values through the byte transpose
 * in {@link ByteStreamSplitKernels}), then appends each stream's run with one write. Nothing is
 * allocated per value (parquet-java allocates a byte array per value).
 */
abstract class ByteStreamSplitWriter extends BatchValuesWriter {
  /** Scratch bytes per bulk chunk, across all streams. */
  private static final int SCRATCH_BYTES = 8192;

  final int width;
  final CapacityByteArrayOutputStream[] streams;
  /** Values per bulk chunk: scratch holds {@code width} streams of this many bytes. */
  final int chunk;
  private byte[] scratch;

  ByteStreamSplitWriter(int width, int initialCapacity, int pageSize, ByteBufferAllocator allocator) {
    if (width <= 0) {
      throw new ParquetEncodingException("BYTE_STREAM_SPLIT: invalid element size " + width);
    }
    this.width = width;
    this.streams = new CapacityByteArrayOutputStream[width];
    int streamPageSize = (pageSize + width - 1) / width;
    int streamInitialCapacity = (initialCapacity + width - 1) / width;
    for (int k = 0; k < width; k++) {
      streams[k] = new CapacityByteArrayOutputStream(streamInitialCapacity, streamPageSize, allocator);
    }
    this.chunk = Math.max(8, SCRATCH_BYTES / width / 8 * 8);
  }

  /** A new writer for a FLOAT, DOUBLE, INT32, INT64 or FIXED_LEN_BYTE_ARRAY({@code typeLength}) column. */
  static ByteStreamSplitWriter forType(PrimitiveTypeName type, int typeLength, int initialCapacity, int pageSize,
      ByteBufferAllocator allocator) {
    switch (type) {
      case FLOAT:
        return new FloatWriter(initialCapacity, pageSize, allocator);
      case DOUBLE:
        return new DoubleWriter(initialCapacity, pageSize, allocator);
      case INT32:
        return new Int32Writer(initialCapacity, pageSize, allocator);
      case INT64:
        return new Int64Writer(initialCapacity, pageSize, allocator);
      case FIXED_LEN_BYTE_ARRAY:
        return new FixedLenWriter(typeLength, initialCapacity, pageSize, allocator);
      default:
        throw new IllegalArgumentException("BYTE_STREAM_SPLIT does not apply to " + type);
    }
  }

  /** The scratch array for one chunk: stream {@code k} of a chunk of {@code n} values starts at {@code k * n}. */
  final byte[] scratch() {
    byte[] s = scratch;
    if (s == null) {
      s = scratch = new byte[chunk * width];
    }
    return s;
  }

  /** Appends stream {@code k}'s {@code n} bytes from the scratch array to each stream. */
  final void appendChunk(int n) {
    byte[] s = scratch;
    for (int k = 0; k < width; k++) {
      streams[k].write(s, k * n, n);
    }
  }

  final void appendInt(int v) {
    for (int k = 0; k < width; k++) {
      streams[k].write(v >>> (8 * k));
    }
  }

  final void appendLong(long v) {
    for (int k = 0; k < width; k++) {
      streams[k].write((int) (v >>> (8 * k)));
    }
  }

  @Override
  public long getBufferedSize() {
    long size = 0;
    for (CapacityByteArrayOutputStream s : streams) {
      size += s.size();
    }
    return size;
  }

  @Override
  public BytesInput getBytes() {
    BytesInput[] parts = new BytesInput[width];
    for (int k = 0; k < width; k++) {
      parts[k] = BytesInput.from(streams[k]);
    }
    return BytesInput.concat(parts);
  }

  @Override
  public Encoding getEncoding() {
    return Encoding.BYTE_STREAM_SPLIT;
  }

  @Override
  public void reset() {
    for (CapacityByteArrayOutputStream s : streams) {
      s.reset();
    }
  }

  @Override
  public void close() {
    for (CapacityByteArrayOutputStream s : streams) {
      s.close();
    }
  }

  @Override
  public long getAllocatedSize() {
    long size = 0;
    for (CapacityByteArrayOutputStream s : streams) {
      size += s.getCapacity();
    }
    return size;
  }

  @Override
  public String memUsageString(String prefix) {
    return String.format("%s %s %d bytes", prefix, getClass().getSimpleName(), getAllocatedSize());
  }

  /** FLOAT, as parquet-java's {@code FloatByteStreamSplitValuesWriter(initialCapacity, pageSize, allocator)}. */
  static final class FloatWriter extends ByteStreamSplitWriter {
    /** A chunk with NaNs canonicalised, for parquet-java releases that write them so. */
    private float[] canonical;

    FloatWriter(int initialCapacity, int pageSize, ByteBufferAllocator allocator) {
      super(Float.BYTES, initialCapacity, pageSize, allocator);
    }

    @Override
    public void writeFloat(float v) {
      appendInt(ParquetJavaNaN.byteStreamSplitBits(v));
    }

    @Override
    public void writeFloats(float[] src, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, src.length);
      byte[] s = scratch();
      for (int done = 0; done < count; done += chunk) {
        int n = Math.min(chunk, count - done);
        if (ParquetJavaNaN.BYTE_STREAM_SPLIT_CANONICAL) {
          // parquet-java before 1.18 writes NaNs canonicalised
          if (canonical == null) {
            canonical = new float[chunk];
          }
          ParquetJavaNaN.copyCanonical(src, offset + done, n, canonical);
          ByteStreamSplitKernels.scatterFloats(canonical, 0, n, s);
        } else {
          ByteStreamSplitKernels.scatterFloats(src, offset + done, n, s);
        }
        appendChunk(n);
      }
    }
  }

  /** INT32, as parquet-java's {@code IntegerByteStreamSplitValuesWriter(initialCapacity, pageSize, allocator)}. */
  static final class Int32Writer extends ByteStreamSplitWriter {
    Int32Writer(int initialCapacity, int pageSize, ByteBufferAllocator allocator) {
      super(Integer.BYTES, initialCapacity, pageSize, allocator);
    }

    @Override
    public void writeInteger(int v) {
      appendInt(v);
    }

    @Override
    public void writeIntegers(int[] src, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, src.length);
      byte[] s = scratch();
      for (int done = 0; done < count; done += chunk) {
        int n = Math.min(chunk, count - done);
        ByteStreamSplitKernels.scatterInts(src, offset + done, n, s);
        appendChunk(n);
      }
    }
  }

  /** DOUBLE, as parquet-java's {@code DoubleByteStreamSplitValuesWriter(initialCapacity, pageSize, allocator)}. */
  static final class DoubleWriter extends ByteStreamSplitWriter {
    /** A chunk with NaNs canonicalised, for parquet-java releases that write them so. */
    private double[] canonical;

    DoubleWriter(int initialCapacity, int pageSize, ByteBufferAllocator allocator) {
      super(Double.BYTES, initialCapacity, pageSize, allocator);
    }

    @Override
    public void writeDouble(double v) {
      appendLong(ParquetJavaNaN.byteStreamSplitBits(v));
    }

    @Override
    public void writeDoubles(double[] src, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, src.length);
      byte[] s = scratch();
      for (int done = 0; done < count; done += chunk) {
        int n = Math.min(chunk, count - done);
        if (ParquetJavaNaN.BYTE_STREAM_SPLIT_CANONICAL) {
          if (canonical == null) {
            canonical = new double[chunk];
          }
          ParquetJavaNaN.copyCanonical(src, offset + done, n, canonical);
          ByteStreamSplitKernels.scatterDoubles(canonical, 0, n, s);
        } else {
          ByteStreamSplitKernels.scatterDoubles(src, offset + done, n, s);
        }
        appendChunk(n);
      }
    }
  }

  /** INT64, as parquet-java's {@code LongByteStreamSplitValuesWriter(initialCapacity, pageSize, allocator)}. */
  static final class Int64Writer extends ByteStreamSplitWriter {
    Int64Writer(int initialCapacity, int pageSize, ByteBufferAllocator allocator) {
      super(Long.BYTES, initialCapacity, pageSize, allocator);
    }

    @Override
    public void writeLong(long v) {
      appendLong(v);
    }

    @Override
    public void writeLongs(long[] src, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, src.length);
      byte[] s = scratch();
      for (int done = 0; done < count; done += chunk) {
        int n = Math.min(chunk, count - done);
        ByteStreamSplitKernels.scatterLongs(src, offset + done, n, s);
        appendChunk(n);
      }
    }
  }

  /**
   * FIXED_LEN_BYTE_ARRAY, as parquet-java's {@code FixedLenByteArrayByteStreamSplitValuesWriter(length,
   * initialCapacity, pageSize, allocator)}; a value of another length is a {@link
   * ParquetEncodingException}, as there.
   */
  static final class FixedLenWriter extends ByteStreamSplitWriter {
    FixedLenWriter(int length, int initialCapacity, int pageSize, ByteBufferAllocator allocator) {
      super(length, initialCapacity, pageSize, allocator);
    }

    @Override
    public void writeBytes(Binary v) {
      int length = v.length();
      if (length != width) {
        throw wrongLength(length);
      }
      // toByteBuffer is a view for the usual heap and direct Binary kinds: no copy.
      java.nio.ByteBuffer b = v.toByteBuffer();
      int p = b.position();
      for (int k = 0; k < width; k++) {
        streams[k].write(b.get(p + k));
      }
    }

    @Override
    public void writeBinaries(BinaryBatch batch, int from, int count) {
      Objects.checkFromIndexSize(from, count, batch.size());
      int[] offsets = batch.offsets();
      for (int i = from, end = from + count; i < end; i++) {
        if (offsets[i + 1] - offsets[i] != width) {
          throw wrongLength(offsets[i + 1] - offsets[i]);
        }
      }
      byte[] bytes = batch.bytes();
      byte[] s = scratch();
      for (int done = 0; done < count; done += chunk) {
        int n = Math.min(chunk, count - done);
        ByteStreamSplitKernels.scatterBytes(bytes, offsets[from + done], width, n, s);
        appendChunk(n);
      }
    }

    private ParquetEncodingException wrongLength(int actual) {
      return new ParquetEncodingException("BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY: a value of " + actual + " bytes in a column of length " + width);
    }
  }
}
