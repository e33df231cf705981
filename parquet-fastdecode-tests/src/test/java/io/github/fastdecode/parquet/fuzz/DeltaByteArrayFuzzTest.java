package io.github.fastdecode.parquet.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.FastDecode;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/** DELTA_BYTE_ARRAY, BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY (length 0..40). */
class DeltaByteArrayFuzzTest {
  static final PrimitiveTypeName[] TYPES = {PrimitiveTypeName.BINARY, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY};

  @FuzzTest
  void deltaByteArray(FuzzedDataProvider data) {
    PrimitiveTypeName type = TYPES[data.consumeInt(0, TYPES.length - 1)];
    ColumnDescriptor column = FuzzColumns.column(type, data.consumeInt(0, FuzzColumns.MAX_FIXED_LENGTH));
    FuzzCheck.decodePage(data, "DELTA_BYTE_ARRAY", FuzzCall.BINARY,
        () -> FastDecode.newValuesReader(column, Encoding.DELTA_BYTE_ARRAY));
  }
}
