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

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.bytestreamsplit.ByteStreamSplitWriter;
import io.github.fastdecode.parquet.delta.DeltaBinaryPackedIntWriter;
import io.github.fastdecode.parquet.delta.DeltaBinaryPackedLongWriter;
import io.github.fastdecode.parquet.plain.PlainBooleanWriter;
import io.github.fastdecode.parquet.plain.PlainFixedLenWriter;
import io.github.fastdecode.parquet.plain.PlainWriter;
import io.github.fastdecode.parquet.rle.RleValuesWriter;
import java.io.IOException;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The one place the composite writers (dictionary, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY) and
 * {@link io.github.fastdecode.parquet.FastValuesWriterFactory} get their PLAIN,
 * DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT and RLE writers from, so a writer is swapped in one place
 * for every user. Constructor parameters are parquet-java's, so the bytes are the same as its
 * writers'.
 */
public final class FastValuesWriters {
  private FastValuesWriters() {}

  /** PLAIN for any physical type ({@code typeLength} is used for FIXED_LEN_BYTE_ARRAY only; INT96 is 12 fixed bytes). */
  public static BatchValuesWriter plain(PrimitiveTypeName type, int typeLength, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    switch (type) {
      case BOOLEAN:
        return new PlainBooleanWriter();
      case FIXED_LEN_BYTE_ARRAY:
        return new PlainFixedLenWriter(typeLength, initialSlabSize, pageSize, allocator);
      case INT96:
        return new PlainFixedLenWriter(12, initialSlabSize, pageSize, allocator);
      default:
        return new PlainWriter(initialSlabSize, pageSize, allocator);
    }
  }

  /** DELTA_BINARY_PACKED INT32 with the given block shape (parquet-java's default is 128 values, 4 miniblocks). */
  public static BatchValuesWriter deltaBinaryPackedInt32(int blockSize, int miniBlocks, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    return new DeltaBinaryPackedIntWriter(blockSize, miniBlocks, initialSlabSize, pageSize, allocator);
  }

  /** DELTA_BINARY_PACKED INT64 with the given block shape. */
  public static BatchValuesWriter deltaBinaryPackedInt64(int blockSize, int miniBlocks, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    return new DeltaBinaryPackedLongWriter(blockSize, miniBlocks, initialSlabSize, pageSize, allocator);
  }

  /** BYTE_STREAM_SPLIT for FLOAT, DOUBLE, INT32, INT64 and FIXED_LEN_BYTE_ARRAY columns. */
  public static BatchValuesWriter byteStreamSplit(ColumnDescriptor column, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
    switch (type) {
      case FLOAT:
        return new ByteStreamSplitWriter.FloatWriter(initialSlabSize, pageSize, allocator);
      case DOUBLE:
        return new ByteStreamSplitWriter.DoubleWriter(initialSlabSize, pageSize, allocator);
      case INT32:
        return new ByteStreamSplitWriter.IntWriter(initialSlabSize, pageSize, allocator);
      case INT64:
        return new ByteStreamSplitWriter.LongWriter(initialSlabSize, pageSize, allocator);
      case FIXED_LEN_BYTE_ARRAY:
        return new ByteStreamSplitWriter.FixedLenWriter(
            column.getPrimitiveType().getTypeLength(), initialSlabSize, pageSize, allocator);
      default:
        throw new IllegalArgumentException("BYTE_STREAM_SPLIT does not apply to " + type);
    }
  }

  /** RLE BOOLEAN values: the hybrid encoding at bit width 1 with its 4-byte length prefix. */
  public static BatchValuesWriter rleBooleans(int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    return new RleValuesWriter(1, initialSlabSize, pageSize, allocator);
  }

  /**
   * {@code values[0 .. count)} in the RLE / bit-packed hybrid encoding at {@code bitWidth}, without
   * a length prefix (dictionary ids after their bit-width byte), as a new array.
   */
  public static byte[] rleHybrid(int bitWidth, int[] values, int count, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    RleValuesWriter writer = new RleValuesWriter(bitWidth, false, initialSlabSize, pageSize, allocator);
    try {
      writer.writeIntegers(values, 0, count);
      return writer.getBytes().toByteArray();
    } catch (IOException e) {
      throw new ParquetEncodingException("could not encode " + count + " values at bit width " + bitWidth, e);
    } finally {
      writer.close();
    }
  }
}
