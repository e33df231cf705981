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

import io.github.fastdecode.parquet.BatchValuesWriter;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The BYTE_STREAM_SPLIT writers' one entry, with parquet-java's constructor parameters ({@code
 * ByteStreamSplitValuesWriter}'s) and its bytes.
 */
public final class ByteStreamSplitWriters {
  private ByteStreamSplitWriters() {}

  /** A new writer for a FLOAT, DOUBLE, INT32, INT64 or FIXED_LEN_BYTE_ARRAY column. */
  public static BatchValuesWriter forColumn(ColumnDescriptor column, int initialCapacity, int pageSize,
      ByteBufferAllocator allocator) {
    return forType(column.getPrimitiveType().getPrimitiveTypeName(), column.getPrimitiveType().getTypeLength(),
        initialCapacity, pageSize, allocator);
  }

  /**
   * A new writer for {@code type} (FLOAT, DOUBLE, INT32, INT64 or FIXED_LEN_BYTE_ARRAY); {@code
   * typeLength} is used for FIXED_LEN_BYTE_ARRAY only.
   */
  public static BatchValuesWriter forType(PrimitiveTypeName type, int typeLength, int initialCapacity, int pageSize,
      ByteBufferAllocator allocator) {
    return ByteStreamSplitWriter.forType(type, typeLength, initialCapacity, pageSize, allocator);
  }
}
