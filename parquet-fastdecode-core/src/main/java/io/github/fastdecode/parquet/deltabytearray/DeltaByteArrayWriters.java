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
package io.github.fastdecode.parquet.deltabytearray;

import io.github.fastdecode.parquet.BatchValuesWriter;
import org.apache.parquet.bytes.ByteBufferAllocator;

/**
 * The byte-array delta encodings' writers, with parquet-java's constructor parameters ({@code
 * DeltaLengthByteArrayValuesWriter}, {@code DeltaByteArrayWriter}) and its bytes.
 */
public final class DeltaByteArrayWriters {
  private DeltaByteArrayWriters() {}

  /** A new DELTA_LENGTH_BYTE_ARRAY writer. */
  public static BatchValuesWriter deltaLength(int initialSize, int pageSize, ByteBufferAllocator allocator) {
    return new DeltaLengthByteArrayWriter(initialSize, pageSize, allocator);
  }

  /** A new DELTA_BYTE_ARRAY writer. */
  public static BatchValuesWriter delta(int initialSize, int pageSize, ByteBufferAllocator allocator) {
    return new DeltaByteArrayWriter(initialSize, pageSize, allocator);
  }
}
