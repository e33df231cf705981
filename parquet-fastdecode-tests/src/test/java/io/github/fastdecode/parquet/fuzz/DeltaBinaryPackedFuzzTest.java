package io.github.fastdecode.parquet.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.FastDecode;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/** DELTA_BINARY_PACKED INT32 and INT64. */
class DeltaBinaryPackedFuzzTest {
  static final PrimitiveTypeName[] TYPES = {PrimitiveTypeName.INT32, PrimitiveTypeName.INT64};

  @FuzzTest
  void deltaBinaryPacked(FuzzedDataProvider data) {
    PrimitiveTypeName type = TYPES[data.consumeInt(0, TYPES.length - 1)];
    ColumnDescriptor column = FuzzColumns.column(type, 0);
    FuzzCheck.decodePage(data, "DELTA_BINARY_PACKED", FuzzCall.forType(type),
        () -> FastDecode.newValuesReader(column, Encoding.DELTA_BINARY_PACKED));
  }
}
