package io.github.fastdecode.parquet.fuzz;

import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/** Columns the fuzz targets decode, including ones only a hand-made schema has (FIXED_LEN_BYTE_ARRAY(0)). */
final class FuzzColumns {
  /** Widest FIXED_LEN_BYTE_ARRAY the targets pick. */
  static final int MAX_FIXED_LENGTH = 40;

  private FuzzColumns() {}

  /** A required column; {@code length} matters for FIXED_LEN_BYTE_ARRAY only. */
  static ColumnDescriptor column(PrimitiveTypeName type, int length) {
    int l = type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? length : 0;
    return new ColumnDescriptor(new String[] {"c"}, new PrimitiveType(Type.Repetition.REQUIRED, type, l, "c"), 0, 0);
  }
}
