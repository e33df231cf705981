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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.WriteDifferential;
import io.github.fastdecode.parquet.conformance.WriteDifferential.Mode;
import io.github.fastdecode.parquet.conformance.WriteDifferential.Values;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The DELTA_BYTE_ARRAY writer: parquet-java's page bytes, every shape, size and write mode
 * (DELTA_LENGTH_BYTE_ARRAY, which it writes its suffixes with: {@link DeltaLengthByteArrayWriterTest}).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DeltaByteArrayWriterTest {
  private static final long SEED = 5_1246L;
  private static final HeapByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();

  static int[] sizes() {
    return DataShapes.PAGE_SIZES;
  }

  private static boolean tooBig(int n, String shape) {
    return n > 5_000 && shape.equals("mixedUpTo10k");
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void deltaByteArrayWritesParquetJavasBytes(int n) {
    for (Map.Entry<String, byte[][]> shape : DataShapes.binaryShapes(n, SEED).entrySet()) {
      if (tooBig(n, shape.getKey())) {
        continue;
      }
      Values values = Values.ofBinaries(PrimitiveTypeName.BINARY, shape.getValue());
      for (Mode mode : Mode.values()) {
        WriteDifferential.check("DELTA_BYTE_ARRAY " + shape.getKey() + " n=" + n,
            new org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter(64, 1 << 20, HEAP),
            new DeltaByteArrayWriter(64, 1 << 20, HEAP), values, new int[] {n / 3, n}, 2, mode, SEED + n);
      }
    }
  }

  @Test
  void fixedLengthValuesAndRepeats() {
    // FIXED_LEN_BYTE_ARRAY columns use the same writer; repeats give prefixes equal to the whole value.
    byte[][] v = DataShapes.fixedBytes(1000, 16, SEED);
    Arrays.sort(v, Arrays::compare);
    for (int i = 1; i < v.length; i += 3) {
      v[i] = v[i - 1];
    }
    for (Mode mode : Mode.values()) {
      WriteDifferential.check("DELTA_BYTE_ARRAY FLBA(16)", new org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter(64, 1 << 20, HEAP),
          new DeltaByteArrayWriter(64, 1 << 20, HEAP), Values.ofBinaries(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, v),
          WriteDifferential.pages(v.length, 129), 2, mode, SEED);
    }
  }

  @Test
  void prefixesAndLongerThanPreviousGrowth() {
    // Values growing past the kept previous value's buffer, shrinking, and sharing all of it.
    byte[][] v = new byte[300][];
    for (int i = 0; i < v.length; i++) {
      v[i] = new byte[(i * 37) % 300];
      Arrays.fill(v[i], (byte) 'k');
      if (v[i].length > 0 && i % 5 == 0) {
        v[i][v[i].length / 2] = (byte) i;
      }
    }
    for (Mode mode : Mode.values()) {
      WriteDifferential.check("DELTA_BYTE_ARRAY growing", new org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter(64, 1 << 20, HEAP),
          new DeltaByteArrayWriter(64, 1 << 20, HEAP), Values.ofBinaries(PrimitiveTypeName.BINARY, v),
          WriteDifferential.pages(v.length, 100), 1, mode, SEED);
    }
  }

  @Test
  void bulkRunsThatFillTheLengthBuffersExactlyThenScalarWrites() throws IOException {
    // 1 + 1024 values fill the length buffers to the brim in one bulk call; scalar writes follow.
    byte[][] v = DataShapes.binaryShapes(3000, SEED).get("sortedSharedPrefix");
    for (int bulk : new int[] {1024, 1025, 2049}) {
      org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter oracle =
          new org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter(64, 1 << 20, HEAP);
      DeltaByteArrayWriter subject = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
      Values values = Values.ofBinaries(PrimitiveTypeName.BINARY, v);
      values.writeScalar(oracle, 0, v.length, false);
      values.writeBulk(subject, 0, bulk);
      values.writeScalar(subject, bulk, v.length, true);
      assertArrayEquals(oracle.getBytes().toByteArray(), subject.getBytes().toByteArray(), "DELTA_BYTE_ARRAY bulk " + bulk);
    }
  }

  @Test
  void byteBufferBackedBinariesAreReadInPlace() throws IOException {
    byte[][] v = DataShapes.binaryShapes(500, SEED).get("sortedSharedPrefix");
    org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter oracle =
        new org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter(64, 1 << 20, HEAP);
    DeltaByteArrayWriter subject = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
    for (int i = 0; i < v.length; i++) {
      ByteBuffer heap = ByteBuffer.allocate(v[i].length + 4);
      heap.position(2);
      heap.put(v[i]);
      heap.position(2).limit(2 + v[i].length);
      ByteBuffer direct = ByteBuffer.allocateDirect(v[i].length);
      direct.put(v[i]).flip();
      Binary b = i % 2 == 0 ? Binary.fromReusedByteBuffer(heap.slice()) : Binary.fromConstantByteBuffer(direct);
      oracle.writeBytes(b);
      subject.writeBytes(b);
    }
    assertArrayEquals(oracle.getBytes().toByteArray(), subject.getBytes().toByteArray());
  }

  @Test
  void pagesMatchTheConformancePages() throws IOException {
    // The same bytes the reader tests decode (ParquetJavaPages' writer parameters).
    byte[][] v = DataShapes.binaryShapes(1024, SEED).get("randomStrings");
    DeltaByteArrayWriter w = new DeltaByteArrayWriter(64 * 1024, 64 * 1024 * 1024, HEAP);
    BinaryBatch batch = new BinaryBatch();
    for (byte[] b : v) {
      batch.add(b, 0, b.length);
    }
    w.writeBinaries(batch, 0, batch.size());
    assertArrayEquals(ParquetJavaPages.deltaBinaries(v), w.getBytes().toByteArray());
  }

  @Test
  void badRangesAreRefusedBeforeWriting() {
    DeltaByteArrayWriter w = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
    BinaryBatch batch = new BinaryBatch();
    batch.add(new byte[] {1, 2}, 0, 2);
    assertThrows(IndexOutOfBoundsException.class, () -> w.writeBinaries(batch, 0, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> w.writeBytes(new byte[3], 2, 2));
  }
}
