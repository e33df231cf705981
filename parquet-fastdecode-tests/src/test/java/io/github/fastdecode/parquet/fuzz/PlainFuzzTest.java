package io.github.fastdecode.parquet.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.FastDecode;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/** PLAIN, all eight physical types (FIXED_LEN_BYTE_ARRAY of length 0..40). */
class PlainFuzzTest {
  static final PrimitiveTypeName[] TYPES = {
      PrimitiveTypeName.BOOLEAN, PrimitiveTypeName.INT32, PrimitiveTypeName.INT64, PrimitiveTypeName.INT96,
      PrimitiveTypeName.FLOAT, PrimitiveTypeName.DOUBLE, PrimitiveTypeName.BINARY, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY};

  @FuzzTest
  void plain(FuzzedDataProvider data) {
    PrimitiveTypeName type = TYPES[data.consumeInt(0, TYPES.length - 1)];
    ColumnDescriptor column = FuzzColumns.column(type, data.consumeInt(0, FuzzColumns.MAX_FIXED_LENGTH));
    FuzzCheck.decodePage(data, "PLAIN", FuzzCall.forType(type), () -> FastDecode.newValuesReader(column, Encoding.PLAIN));
  }
}
