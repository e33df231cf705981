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
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/** BYTE_STREAM_SPLIT FLOAT, DOUBLE, INT32, INT64 and FIXED_LEN_BYTE_ARRAY (length 0..40). */
class ByteStreamSplitFuzzTest {
  static final PrimitiveTypeName[] TYPES = {
      PrimitiveTypeName.FLOAT, PrimitiveTypeName.DOUBLE, PrimitiveTypeName.INT32, PrimitiveTypeName.INT64,
      PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY};

  @FuzzTest
  void byteStreamSplit(FuzzedDataProvider data) {
    PrimitiveTypeName type = TYPES[data.consumeInt(0, TYPES.length - 1)];
    ColumnDescriptor column = FuzzColumns.column(type, data.consumeInt(0, FuzzColumns.MAX_FIXED_LENGTH));
    FuzzCheck.decodePage(data, "BYTE_STREAM_SPLIT", FuzzCall.forType(type),
        () -> FastDecode.newValuesReader(column, Encoding.BYTE_STREAM_SPLIT));
  }
}
