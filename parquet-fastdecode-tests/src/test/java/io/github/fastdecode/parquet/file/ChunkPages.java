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
package io.github.fastdecode.parquet.file;

import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The package-private {@link ChunkPageReader} over a chunk's bytes, for tests in other packages
 * (the fuzz targets): what {@code ChunkPageReader.of} gives, as a parquet-java {@code PageReader}.
 */
public final class ChunkPages {
  private ChunkPages() {}

  /** {@code ChunkPageReader.of} with the same arguments. */
  public static PageReader of(String column, int rowGroup, byte[] bytes, int start, int length, long valueCount,
      CompressionCodecName codec, long maxPageBytes, boolean verifyChecksums) {
    return ChunkPageReader.of(column, rowGroup, bytes, start, length, valueCount, codec, maxPageBytes, verifyChecksums);
  }
}
