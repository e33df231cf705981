package io.github.fastdecode.parquet.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.FastDecode;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/** DELTA_LENGTH_BYTE_ARRAY (BYTE_ARRAY). */
class DeltaLengthByteArrayFuzzTest {
  @FuzzTest
  void deltaLengthByteArray(FuzzedDataProvider data) {
    ColumnDescriptor column = FuzzColumns.column(PrimitiveTypeName.BINARY, 0);
    FuzzCheck.decodePage(data, "DELTA_LENGTH_BYTE_ARRAY", FuzzCall.BINARY,
        () -> FastDecode.newValuesReader(column, Encoding.DELTA_LENGTH_BYTE_ARRAY));
  }
}
