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
package io.github.fastdecode.parquet.bytestreamsplit;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.internal.decode.DecoderReaders;
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
        return DecoderReaders.float32(new ByteStreamSplitFloatDecoder());
      case DOUBLE:
        return DecoderReaders.float64(new ByteStreamSplitDoubleDecoder());
      case INT32:
        return DecoderReaders.int32(new ByteStreamSplitInt32Decoder());
      case INT64:
        return DecoderReaders.int64(new ByteStreamSplitInt64Decoder());
      case FIXED_LEN_BYTE_ARRAY:
        return new ByteStreamSplitFixedLenReader(column.getPrimitiveType().getTypeLength());
      default:
        return null;
    }
  }
}
