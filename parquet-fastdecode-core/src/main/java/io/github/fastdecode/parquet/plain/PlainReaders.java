package io.github.fastdecode.parquet.plain;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.convert.TimeConversions;
import org.apache.parquet.column.ColumnDescriptor;

/** PLAIN readers for the fixed-width physical types. */
public final class PlainReaders {
  private PlainReaders() {}

  /**
   * A new PLAIN reader for {@code column}, or {@code null} for BOOLEAN and BYTE_ARRAY (parquet-java's
   * reader is used for those).
   */
  public static BatchValuesReader forColumn(ColumnDescriptor column) {
    switch (column.getPrimitiveType().getPrimitiveTypeName()) {
      case INT32:
        return new PlainIntReader();
      case INT64:
        return new PlainLongReader();
      case FLOAT:
        return new PlainFloatReader();
      case DOUBLE:
        return new PlainDoubleReader();
      case INT96:
        return new PlainFixedLenReader("PLAIN INT96", TimeConversions.INT96_LENGTH);
      case FIXED_LEN_BYTE_ARRAY: {
        int length = column.getPrimitiveType().getTypeLength();
        return new PlainFixedLenReader("PLAIN FIXED_LEN_BYTE_ARRAY(" + length + ")", length);
      }
      default:
        return null;
    }
  }
}
