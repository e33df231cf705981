package io.github.fastdecode.parquet.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.rle.RleValuesReader;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The RLE / bit-packed hybrid decoder in its three uses: BOOLEAN values (the facade's RLE reader),
 * V1 levels (4-byte length prefix) and V2 levels (no prefix), levels of bit width 0..32.
 */
class RleFuzzTest {
  static final int BOOLEANS = 0;
  static final int LEVELS_V1 = 1;
  static final int LEVELS_V2 = 2;

  @FuzzTest
  void rle(FuzzedDataProvider data) {
    int use = data.consumeInt(0, 2);
    int width = data.consumeInt(0, 32);
    if (use == BOOLEANS) {
      FuzzCheck.decodePage(data, "RLE", FuzzCall.BOOL,
          () -> FastDecode.newValuesReader(FuzzColumns.column(PrimitiveTypeName.BOOLEAN, 0), Encoding.RLE));
    } else {
      int maxLevel = (int) ((1L << width) - 1);
      FuzzCheck.decodePage(data, "RLE", FuzzCall.LEVEL, () -> RleValuesReader.forLevels(maxLevel, use == LEVELS_V1));
    }
  }
}
