package io.github.fastdecode.parquet.bytestreamsplit;

import io.github.fastdecode.parquet.BatchValuesReader;
import org.apache.parquet.column.ColumnDescriptor;

/** BYTE_STREAM_SPLIT readers. */
public final class ByteStreamSplitReaders {
  private ByteStreamSplitReaders() {}

  /**
   * A new reader for {@code column}: FLOAT, DOUBLE, INT32, INT64 and FIXED_LEN_BYTE_ARRAY, the types
   * parquet-java reads BYTE_STREAM_SPLIT for; {@code null} for the others.
   */
  public static BatchValuesReader forColumn(ColumnDescriptor column) {
    switch (column.getPrimitiveType().getPrimitiveTypeName()) {
      case FLOAT:
        return new ByteStreamSplitFloatReader();
      case DOUBLE:
        return new ByteStreamSplitDoubleReader();
      case INT32:
        return new ByteStreamSplitIntReader();
      case INT64:
        return new ByteStreamSplitLongReader();
      case FIXED_LEN_BYTE_ARRAY:
        return new ByteStreamSplitFixedLenReader(column.getPrimitiveType().getTypeLength());
      default:
        return null;
    }
  }
}
