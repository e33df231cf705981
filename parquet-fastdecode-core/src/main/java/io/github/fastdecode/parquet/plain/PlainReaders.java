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
package io.github.fastdecode.parquet.plain;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.internal.convert.TimeConversions;
import io.github.fastdecode.parquet.internal.decode.DecoderReaders;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/** The PLAIN readers' one entry: the reader for a column's physical type. */
public final class PlainReaders {
  private PlainReaders() {}

  /** A new PLAIN reader for {@code column}, whatever its physical type. */
  public static BatchValuesReader forColumn(ColumnDescriptor column) {
    return forType(column.getPrimitiveType().getPrimitiveTypeName(), column.getPrimitiveType().getTypeLength());
  }

  /**
   * A new PLAIN reader for {@code type}; {@code typeLength} is used for FIXED_LEN_BYTE_ARRAY only
   * (INT96 is 12 fixed bytes).
   */
  public static BatchValuesReader forType(PrimitiveTypeName type, int typeLength) {
    switch (type) {
      case BOOLEAN:
        return new PlainBooleanReader();
      case BINARY:
        return new PlainBinaryReader();
      case INT32:
        return DecoderReaders.int32(new PlainInt32Decoder());
      case INT64:
        return DecoderReaders.int64(new PlainInt64Decoder());
      case FLOAT:
        return DecoderReaders.float32(new PlainFloatDecoder());
      case DOUBLE:
        return DecoderReaders.float64(new PlainDoubleDecoder());
      case INT96:
        return new PlainFixedLenReader("PLAIN INT96", TimeConversions.INT96_LENGTH);
      case FIXED_LEN_BYTE_ARRAY:
        return new PlainFixedLenReader("PLAIN FIXED_LEN_BYTE_ARRAY(" + typeLength + ")", typeLength);
      default:
        throw new IllegalArgumentException("unknown physical type " + type);
    }
  }
}
