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

import static io.github.fastdecode.parquet.conformance.ParquetJavaPages.column;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.ValueKind;
import io.github.fastdecode.parquet.writers.WriterCases;
import io.github.fastdecode.parquet.writers.WriterCases.Settings;
import io.github.fastdecode.parquet.writers.WriterDifferential;
import io.github.fastdecode.parquet.writers.WriterDifferential.Decode;
import java.util.List;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForDouble;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFLBA;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFloat;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForInteger;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForLong;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** BYTE_STREAM_SPLIT writers against parquet-java's, byte for byte, every type, scalar, bulk and mixed. */
class ByteStreamSplitWritersTest {
  static final List<Settings> SETTINGS = WriterCases.SETTINGS;
  static final int[] FIXED_LENGTHS = {1, 2, 3, 7, 16, 33};

  static Decode decode(ValueKind kind, java.util.function.Supplier<org.apache.parquet.column.values.ValuesReader> parquetJava,
      PrimitiveTypeName type, int length) {
    return new Decode(kind, parquetJava, () -> FastDecode.newValuesReader(column(type, length), Encoding.BYTE_STREAM_SPLIT));
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void floats(Settings c) {
    WriterDifferential.checkAllModes("BYTE_STREAM_SPLIT FLOAT " + c,
        () -> new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(c.slab, c.page, c.allocator),
        () -> new ByteStreamSplitWriter.FloatWriter(c.slab, c.page, c.allocator), WriterCases.floatPages(), WriterCases.SEED,
        decode(ValueKind.FLOAT, ByteStreamSplitValuesReaderForFloat::new, PrimitiveTypeName.FLOAT, 0));
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void doubles(Settings c) {
    WriterDifferential.checkAllModes("BYTE_STREAM_SPLIT DOUBLE " + c,
        () -> new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(c.slab, c.page, c.allocator),
        () -> new ByteStreamSplitWriter.DoubleWriter(c.slab, c.page, c.allocator), WriterCases.doublePages(), WriterCases.SEED,
        decode(ValueKind.DOUBLE, ByteStreamSplitValuesReaderForDouble::new, PrimitiveTypeName.DOUBLE, 0));
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void int32(Settings c) {
    WriterDifferential.checkAllModes("BYTE_STREAM_SPLIT INT32 " + c,
        () -> new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(c.slab, c.page, c.allocator),
        () -> new ByteStreamSplitWriter.Int32Writer(c.slab, c.page, c.allocator), WriterCases.intPages(), WriterCases.SEED,
        decode(ValueKind.INT32, ByteStreamSplitValuesReaderForInteger::new, PrimitiveTypeName.INT32, 0));
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void int64(Settings c) {
    WriterDifferential.checkAllModes("BYTE_STREAM_SPLIT INT64 " + c,
        () -> new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(c.slab, c.page, c.allocator),
        () -> new ByteStreamSplitWriter.Int64Writer(c.slab, c.page, c.allocator), WriterCases.longPages(), WriterCases.SEED,
        decode(ValueKind.INT64, ByteStreamSplitValuesReaderForLong::new, PrimitiveTypeName.INT64, 0));
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void fixedLength(Settings c) {
    for (int length : FIXED_LENGTHS) {
      WriterDifferential.checkAllModes("BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY(" + length + ") " + c,
          () -> new ByteStreamSplitValuesWriter.FixedLenByteArrayByteStreamSplitValuesWriter(length, c.slab, c.page, c.allocator),
          () -> new ByteStreamSplitWriter.FixedLenWriter(length, c.slab, c.page, c.allocator), WriterCases.fixedPages(length),
          WriterCases.SEED,
          decode(ValueKind.BINARY, () -> new ByteStreamSplitValuesReaderForFLBA(length), PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, length));
    }
  }

  @Test
  void fixedLengthRejectsOtherLengths() {
    ByteStreamSplitWriter.FixedLenWriter w = new ByteStreamSplitWriter.FixedLenWriter(4, 64, 1024, HeapByteBufferAllocator.getInstance());
    assertThrows(ParquetEncodingException.class, () -> w.writeBytes(Binary.fromConstantByteArray(new byte[5])));
    BinaryBatch batch = new BinaryBatch();
    batch.add(new byte[3], 0, 3);
    assertThrows(ParquetEncodingException.class, () -> w.writeBinaries(batch, 0, 1));
    assertThrows(ParquetEncodingException.class, () -> new ByteStreamSplitWriter.FixedLenWriter(0, 64, 1024, HeapByteBufferAllocator.getInstance()));
  }
}
