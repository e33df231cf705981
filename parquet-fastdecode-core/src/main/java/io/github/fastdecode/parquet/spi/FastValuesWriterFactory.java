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

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.bytestreamsplit.ByteStreamSplitWriters;
import io.github.fastdecode.parquet.delta.DeltaBinaryPackedWriter;
import io.github.fastdecode.parquet.deltabytearray.DeltaByteArrayWriters;
import io.github.fastdecode.parquet.dictionary.DictionaryWriter;
import io.github.fastdecode.parquet.plain.PlainWriters;
import io.github.fastdecode.parquet.rle.RleValuesWriter;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A {@link ValuesWriterFactory} that chooses exactly what parquet-java's {@code
 * DefaultValuesWriterFactory} chooses, for V1 ({@code PARQUET_1_0}) and V2 pages, every type, and
 * the per-column dictionary and BYTE_STREAM_SPLIT settings of the {@link ParquetProperties}, and
 * writes the same bytes, with this library's writers. Every writer it returns is a {@link
 * BatchValuesWriter}.
 *
 * <table>
 *   <caption>Choices (dictionary: only where enabled for the column; falls back to the writer shown)</caption>
 *   <tr><th>type</th><th>V1</th><th>V2</th></tr>
 *   <tr><td>BOOLEAN</td><td>PLAIN</td><td>RLE</td></tr>
 *   <tr><td>INT32, INT64</td><td>dictionary, else BYTE_STREAM_SPLIT (extended) or PLAIN</td>
 *       <td>dictionary, else BYTE_STREAM_SPLIT (extended) or DELTA_BINARY_PACKED</td></tr>
 *   <tr><td>FLOAT, DOUBLE</td><td colspan="2">dictionary, else BYTE_STREAM_SPLIT or PLAIN</td></tr>
 *   <tr><td>BYTE_ARRAY</td><td>dictionary, else PLAIN</td><td>dictionary, else DELTA_BYTE_ARRAY</td></tr>
 *   <tr><td>FIXED_LEN_BYTE_ARRAY</td><td>BYTE_STREAM_SPLIT (extended) or PLAIN, never a dictionary</td>
 *       <td>dictionary, else BYTE_STREAM_SPLIT (extended) or DELTA_BYTE_ARRAY</td></tr>
 *   <tr><td>INT96</td><td colspan="2">dictionary, else PLAIN</td></tr>
 * </table>
 *
 * <p>Like parquet-java's factories it is configured by {@link #initialize}, which {@link
 * ParquetProperties.Builder#build()} calls: give each {@code ParquetProperties} its own instance.
 */
final class FastValuesWriterFactory implements ValuesWriterFactory {
  private ParquetProperties properties;

  @Override
  public void initialize(ParquetProperties properties) {
    this.properties = properties;
  }

  @Override
  public ValuesWriter newValuesWriter(ColumnDescriptor column) {
    return newBatchValuesWriter(column);
  }

  /** As {@link #newValuesWriter}, typed as the bulk writer it is. */
  public BatchValuesWriter newBatchValuesWriter(ColumnDescriptor column) {
    ParquetProperties p = properties;
    if (p == null) {
      throw new IllegalStateException("FastValuesWriterFactory used before initialize(ParquetProperties)");
    }
    boolean v1 = p.getWriterVersion() == WriterVersion.PARQUET_1_0;
    int slab = p.getInitialSlabSize();
    int page = p.getPageSizeThreshold();
    ByteBufferAllocator allocator = p.getAllocator();
    boolean bss = p.isByteStreamSplitEnabled(column);
    PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
    switch (type) {
      case BOOLEAN:
        return v1 ? PlainWriters.forColumn(column, slab, page, allocator) : RleValuesWriter.forBooleans(slab, page, allocator);
      case FIXED_LEN_BYTE_ARRAY: {
        if (bss) {
          BatchValuesWriter split = ByteStreamSplitWriters.forColumn(column, slab, page, allocator);
          return v1 ? split : withDictionary(column, split);
        }
        if (v1) {
          return PlainWriters.forColumn(column, slab, page, allocator);
        }
        return withDictionary(column, DeltaByteArrayWriters.delta(slab, page, allocator));
      }
      case BINARY:
        return withDictionary(column,
            v1 ? PlainWriters.forColumn(column, slab, page, allocator) : DeltaByteArrayWriters.delta(slab, page, allocator));
      case INT32:
      case INT64:
        return withDictionary(column, bss ? ByteStreamSplitWriters.forColumn(column, slab, page, allocator)
            : v1 ? PlainWriters.forColumn(column, slab, page, allocator)
            : DeltaBinaryPackedWriter.forColumn(column, slab, page, allocator));
      case FLOAT:
      case DOUBLE:
        return withDictionary(column, bss ? ByteStreamSplitWriters.forColumn(column, slab, page, allocator)
            : PlainWriters.forColumn(column, slab, page, allocator));
      case INT96:
        return withDictionary(column, PlainWriters.forColumn(column, slab, page, allocator));
      default:
        throw new IllegalArgumentException("Unknown type " + type);
    }
  }

  private BatchValuesWriter withDictionary(ColumnDescriptor column, BatchValuesWriter fallback) {
    ParquetProperties p = properties;
    if (!p.isDictionaryEnabled(column)) {
      return fallback;
    }
    boolean v1 = p.getWriterVersion() == WriterVersion.PARQUET_1_0;
    Encoding dataPage = v1 ? Encoding.PLAIN_DICTIONARY : Encoding.RLE_DICTIONARY;
    Encoding dictionaryPage = v1 ? Encoding.PLAIN_DICTIONARY : Encoding.PLAIN;
    DictionaryWriter dictionary = DictionaryWriter.forColumn(column, p.getDictionaryPageSizeThreshold(), dataPage,
        dictionaryPage, p.getAllocator());
    return dictionary.withFallback(fallback);
  }

  @Override
  public String toString() {
    return "FastValuesWriterFactory";
  }
}
