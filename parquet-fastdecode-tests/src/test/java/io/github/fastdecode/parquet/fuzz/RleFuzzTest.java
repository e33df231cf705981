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
