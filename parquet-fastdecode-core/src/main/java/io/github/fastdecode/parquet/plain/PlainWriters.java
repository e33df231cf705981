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

import io.github.fastdecode.parquet.BatchValuesWriter;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The PLAIN writers' one entry: the writer for a column's physical type. Constructor parameters are
 * parquet-java's ({@code PlainValuesWriter}, {@code BooleanPlainValuesWriter}, {@code
 * FixedLenByteArrayPlainValuesWriter}), and so are the bytes.
 */
public final class PlainWriters {
  private PlainWriters() {}

  /** A new PLAIN writer for {@code column}'s physical type. */
  public static BatchValuesWriter forColumn(ColumnDescriptor column, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    PrimitiveType type = column.getPrimitiveType();
    return forType(type.getPrimitiveTypeName(), type.getTypeLength(), initialSlabSize, pageSize, allocator);
  }

  /**
   * A new PLAIN writer for {@code type}; {@code typeLength} is used for FIXED_LEN_BYTE_ARRAY only
   * (INT96 is 12 fixed bytes).
   */
  public static BatchValuesWriter forType(PrimitiveTypeName type, int typeLength, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    switch (type) {
      case BOOLEAN:
        return new PlainBooleanWriter();
      case FIXED_LEN_BYTE_ARRAY:
        return new PlainFixedLenWriter(typeLength, initialSlabSize, pageSize, allocator);
      case INT96:
        return new PlainFixedLenWriter(12, initialSlabSize, pageSize, allocator);
      default:
        return new PlainWriter(initialSlabSize, pageSize, allocator);
    }
  }
}
