package io.github.fastdecode.parquet.internal;

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.fallback.ParquetJavaValuesWriter;
import java.io.IOException;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesWriter;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The one place the composite writers (dictionary, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY) and
 * {@link io.github.fastdecode.parquet.FastValuesWriterFactory} get their PLAIN,
 * DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT and RLE writers from. Each method currently returns
 * parquet-java's writer behind {@link ParquetJavaValuesWriter}; pointing a method at a bulk writer
 * of this library changes every user at once. Constructor parameters are parquet-java's, so the
 * bytes stay the same.
 */
public final class FastValuesWriters {
  private FastValuesWriters() {}

  /** PLAIN for any physical type ({@code typeLength} is used for FIXED_LEN_BYTE_ARRAY only; INT96 is 12 fixed bytes). */
  public static BatchValuesWriter plain(PrimitiveTypeName type, int typeLength, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    switch (type) {
      case BOOLEAN:
        return new ParquetJavaValuesWriter(new BooleanPlainValuesWriter());
      case FIXED_LEN_BYTE_ARRAY:
        return new ParquetJavaValuesWriter(new FixedLenByteArrayPlainValuesWriter(typeLength, initialSlabSize, pageSize, allocator));
      case INT96:
        return new ParquetJavaValuesWriter(new FixedLenByteArrayPlainValuesWriter(12, initialSlabSize, pageSize, allocator));
      default:
        return new ParquetJavaValuesWriter(new PlainValuesWriter(initialSlabSize, pageSize, allocator));
    }
  }

  /** DELTA_BINARY_PACKED INT32 with the given block shape (parquet-java's default is 128 values, 4 miniblocks). */
  public static BatchValuesWriter deltaBinaryPackedInt32(int blockSize, int miniBlocks, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    return new ParquetJavaValuesWriter(
        new DeltaBinaryPackingValuesWriterForInteger(blockSize, miniBlocks, initialSlabSize, pageSize, allocator));
  }

  /** DELTA_BINARY_PACKED INT64 with the given block shape. */
  public static BatchValuesWriter deltaBinaryPackedInt64(int blockSize, int miniBlocks, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    return new ParquetJavaValuesWriter(
        new DeltaBinaryPackingValuesWriterForLong(blockSize, miniBlocks, initialSlabSize, pageSize, allocator));
  }

  /** BYTE_STREAM_SPLIT for FLOAT, DOUBLE, INT32, INT64 and FIXED_LEN_BYTE_ARRAY columns. */
  public static BatchValuesWriter byteStreamSplit(ColumnDescriptor column, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
    switch (type) {
      case FLOAT:
        return new ParquetJavaValuesWriter(
            new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(initialSlabSize, pageSize, allocator));
      case DOUBLE:
        return new ParquetJavaValuesWriter(
            new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(initialSlabSize, pageSize, allocator));
      case INT32:
        return new ParquetJavaValuesWriter(
            new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(initialSlabSize, pageSize, allocator));
      case INT64:
        return new ParquetJavaValuesWriter(
            new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(initialSlabSize, pageSize, allocator));
      case FIXED_LEN_BYTE_ARRAY:
        return new ParquetJavaValuesWriter(new ByteStreamSplitValuesWriter.FixedLenByteArrayByteStreamSplitValuesWriter(
            column.getPrimitiveType().getTypeLength(), initialSlabSize, pageSize, allocator));
      default:
        throw new IllegalArgumentException("BYTE_STREAM_SPLIT does not apply to " + type);
    }
  }

  /** RLE BOOLEAN values: the hybrid encoding at bit width 1 with its 4-byte length prefix. */
  public static BatchValuesWriter rleBooleans(int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    return new ParquetJavaValuesWriter(new RunLengthBitPackingHybridValuesWriter(1, initialSlabSize, pageSize, allocator));
  }

  /**
   * {@code values[0 .. count)} in the RLE / bit-packed hybrid encoding at {@code bitWidth}, without
   * a length prefix (dictionary ids after their bit-width byte), as a new array.
   */
  public static byte[] rleHybrid(int bitWidth, int[] values, int count, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    RunLengthBitPackingHybridEncoder encoder = new RunLengthBitPackingHybridEncoder(bitWidth, initialSlabSize, pageSize, allocator);
    try {
      for (int i = 0; i < count; i++) {
        encoder.writeInt(values[i]);
      }
      return encoder.toBytes().toByteArray();
    } catch (IOException e) {
      throw new ParquetEncodingException("could not encode " + count + " values at bit width " + bitWidth, e);
    } finally {
      encoder.close();
    }
  }
}
