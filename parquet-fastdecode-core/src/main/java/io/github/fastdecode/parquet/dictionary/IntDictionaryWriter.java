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
package io.github.fastdecode.parquet.dictionary;

import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The INT32 and FLOAT dictionary writer under its old name: no behaviour of its own.
 *
 * @deprecated Use {@link DictionaryWriter#forColumn}, which returns the dictionary writer for any
 *     column type; the class behind it is now the package-private {@code DictionaryIntWriter}. This
 *     name stays only so that code which constructed it keeps compiling.
 */
@Deprecated
public final class IntDictionaryWriter extends DictionaryIntWriter {
  /** As {@link DictionaryWriter#forColumn} for a column of this type ({@code type}: INT32 or FLOAT). */
  public IntDictionaryWriter(PrimitiveTypeName type, int maxDictionaryByteSize, Encoding dataPageEncoding,
      Encoding dictionaryPageEncoding, ByteBufferAllocator allocator) {
    super(type, maxDictionaryByteSize, dataPageEncoding, dictionaryPageEncoding, allocator);
  }
}
