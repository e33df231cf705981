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
package io.github.fastdecode.parquet.spi;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.bytestreamsplit.ByteStreamSplitReaders;
import io.github.fastdecode.parquet.delta.DeltaBinaryPackedReader;
import io.github.fastdecode.parquet.deltabytearray.DeltaByteArrayReaders;
import io.github.fastdecode.parquet.dictionary.DictionaryReader;
import io.github.fastdecode.parquet.plain.PlainReaders;
import io.github.fastdecode.parquet.rle.RleValuesReader;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/** The library's own readers and writer factory; {@code null} (parquet-java's reader) for what it does not cover. */
public final class BuiltinValuesReaderProvider implements ValuesReaderProvider {

  @Override
  public BatchValuesReader newValuesReader(ColumnDescriptor column, Encoding encoding) {
    PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
    switch (encoding) {
      case PLAIN:
        return PlainReaders.forColumn(column);
      case RLE:
        // RLE as a values encoding exists for booleans only (levels are read with RleValuesReader.forLevels).
        return type == PrimitiveTypeName.BOOLEAN ? RleValuesReader.forBooleans() : null;
      case DELTA_BINARY_PACKED:
        return DeltaBinaryPackedReader.forColumn(column);
      case BYTE_STREAM_SPLIT:
        return ByteStreamSplitReaders.forColumn(column);
      case DELTA_LENGTH_BYTE_ARRAY:
        return type == PrimitiveTypeName.BINARY ? DeltaByteArrayReaders.deltaLength() : null;
      case DELTA_BYTE_ARRAY:
        return type == PrimitiveTypeName.BINARY || type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? DeltaByteArrayReaders.delta() : null;
      default:
        return null;
    }
  }

  /**
   * A new writer factory per call (this library's writers, parquet-java's choices and bytes): {@code
   * ParquetProperties} initialises the one it gets.
   */
  @Override
  public ValuesWriterFactory valuesWriterFactory() {
    return new FastValuesWriterFactory();
  }

  @Override
  public BatchValuesReader newDictionaryValuesReader(ColumnDescriptor column, Encoding encoding, Dictionary dictionary) {
    if ((encoding == Encoding.PLAIN_DICTIONARY || encoding == Encoding.RLE_DICTIONARY) && DictionaryReader.supports(column)) {
      return new DictionaryReader(column, dictionary);
    }
    return null;
  }
}
