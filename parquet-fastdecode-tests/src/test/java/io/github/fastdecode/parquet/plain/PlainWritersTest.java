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

import static io.github.fastdecode.parquet.conformance.ParquetJavaPages.column;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.ValueKind;
import io.github.fastdecode.parquet.writers.WriterCases;
import io.github.fastdecode.parquet.writers.WriterCases.Settings;
import io.github.fastdecode.parquet.writers.WriterDifferential;
import io.github.fastdecode.parquet.writers.WriterDifferential.Decode;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.plain.BinaryPlainValuesReader;
import org.apache.parquet.column.values.plain.BooleanPlainValuesReader;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesReader;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesReader;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** PLAIN writers against parquet-java's, byte for byte, every type and shape, scalar, bulk and mixed. */
class PlainWritersTest {
  static final java.util.List<Settings> SETTINGS = WriterCases.SETTINGS;
  static final int[] FIXED_LENGTHS = {1, 3, 12, 16, 33};

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void int32(Settings c) {
    WriterDifferential.checkAllModes("PLAIN INT32 " + c, () -> new PlainValuesWriter(c.slab, c.page, c.allocator),
        () -> new PlainWriter(c.slab, c.page, c.allocator), WriterCases.intPages(), WriterCases.SEED,
        new Decode(ValueKind.INT32, PlainValuesReader.IntegerPlainValuesReader::new,
            () -> FastDecode.newValuesReader(column(PrimitiveTypeName.INT32), Encoding.PLAIN)));
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void int64(Settings c) {
    WriterDifferential.checkAllModes("PLAIN INT64 " + c, () -> new PlainValuesWriter(c.slab, c.page, c.allocator),
        () -> new PlainWriter(c.slab, c.page, c.allocator), WriterCases.longPages(), WriterCases.SEED,
        new Decode(ValueKind.INT64, PlainValuesReader.LongPlainValuesReader::new,
            () -> FastDecode.newValuesReader(column(PrimitiveTypeName.INT64), Encoding.PLAIN)));
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void floats(Settings c) {
    WriterDifferential.checkAllModes("PLAIN FLOAT " + c, () -> new PlainValuesWriter(c.slab, c.page, c.allocator),
        () -> new PlainWriter(c.slab, c.page, c.allocator), WriterCases.floatPages(), WriterCases.SEED,
        new Decode(ValueKind.FLOAT, PlainValuesReader.FloatPlainValuesReader::new,
            () -> FastDecode.newValuesReader(column(PrimitiveTypeName.FLOAT), Encoding.PLAIN)));
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void doubles(Settings c) {
    WriterDifferential.checkAllModes("PLAIN DOUBLE " + c, () -> new PlainValuesWriter(c.slab, c.page, c.allocator),
        () -> new PlainWriter(c.slab, c.page, c.allocator), WriterCases.doublePages(), WriterCases.SEED,
        new Decode(ValueKind.DOUBLE, PlainValuesReader.DoublePlainValuesReader::new,
            () -> FastDecode.newValuesReader(column(PrimitiveTypeName.DOUBLE), Encoding.PLAIN)));
  }

  @Test
  void booleans() {
    WriterDifferential.checkAllModes("PLAIN BOOLEAN", BooleanPlainValuesWriter::new, PlainBooleanWriter::new,
        WriterCases.booleanPages(), WriterCases.SEED,
        new Decode(ValueKind.BOOLEAN, BooleanPlainValuesReader::new,
            () -> FastDecode.newValuesReader(column(PrimitiveTypeName.BOOLEAN), Encoding.PLAIN)));
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void binaries(Settings c) {
    WriterDifferential.checkAllModes("PLAIN BYTE_ARRAY " + c, () -> new PlainValuesWriter(c.slab, c.page, c.allocator),
        () -> new PlainWriter(c.slab, c.page, c.allocator), WriterCases.binaryPages(), WriterCases.SEED,
        new Decode(ValueKind.BINARY, BinaryPlainValuesReader::new,
            () -> FastDecode.newValuesReader(column(PrimitiveTypeName.BINARY), Encoding.PLAIN)));
  }

  @ParameterizedTest
  @FieldSource("SETTINGS")
  void fixedLengthAndInt96(Settings c) {
    for (int length : FIXED_LENGTHS) {
      PrimitiveTypeName type = length == 12 ? PrimitiveTypeName.INT96 : PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
      WriterDifferential.checkAllModes("PLAIN " + type + " length " + length + " " + c,
          () -> new FixedLenByteArrayPlainValuesWriter(length, c.slab, c.page, c.allocator),
          () -> new PlainFixedLenWriter(length, c.slab, c.page, c.allocator), WriterCases.fixedPages(length), WriterCases.SEED,
          new Decode(ValueKind.BINARY, () -> new FixedLenByteArrayPlainValuesReader(length),
              () -> FastDecode.newValuesReader(column(type, length), Encoding.PLAIN)));
    }
  }

  @Test
  void fixedLengthRejectsOtherLengthsAsParquetJavaDoes() {
    PlainFixedLenWriter w = new PlainFixedLenWriter(4, 64, 1024, org.apache.parquet.bytes.HeapByteBufferAllocator.getInstance());
    assertThrows(IllegalArgumentException.class, () -> w.writeBytes(Binary.fromConstantByteArray(new byte[3])));
    BinaryBatch batch = new BinaryBatch();
    batch.add(new byte[4], 0, 4);
    batch.add(new byte[5], 0, 5);
    assertThrows(IllegalArgumentException.class, () -> w.writeBinaries(batch, 0, 2));
    assertEquals(0, w.getBufferedSize(), "a rejected batch writes nothing");
    FixedLenByteArrayPlainValuesWriter o = new FixedLenByteArrayPlainValuesWriter(4, 64, 1024, org.apache.parquet.bytes.HeapByteBufferAllocator.getInstance());
    assertThrows(IllegalArgumentException.class, () -> o.writeBytes(Binary.fromConstantByteArray(new byte[3])));
  }
}
