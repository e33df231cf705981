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
        return new ByteStreamSplitFloatReader();
      case DOUBLE:
        return new ByteStreamSplitDoubleReader();
      case INT32:
        return new ByteStreamSplitIntReader();
      case INT64:
        return new ByteStreamSplitLongReader();
      case FIXED_LEN_BYTE_ARRAY:
        return new ByteStreamSplitFixedLenReader(column.getPrimitiveType().getTypeLength());
      default:
        return null;
    }
  }
}
