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
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The DELTA_LENGTH_BYTE_ARRAY writer: parquet-java's page bytes, every shape, size and write mode. */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DeltaLengthByteArrayWriterTest {
  private static final long SEED = 5_1246L;
  private static final HeapByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();

  static int[] sizes() {
    return DataShapes.PAGE_SIZES;
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void writesParquetJavasBytes(int n) {
    for (Map.Entry<String, byte[][]> shape : DataShapes.binaryShapes(n, SEED).entrySet()) {
      if (n > 5_000 && shape.getKey().equals("mixedUpTo10k")) {
        continue;
      }
      Values values = Values.ofBinaries(PrimitiveTypeName.BINARY, shape.getValue());
      for (Mode mode : Mode.values()) {
        // Two pages and a second chunk: reset() must leave nothing behind.
        WriteDifferential.check("DELTA_LENGTH_BYTE_ARRAY " + shape.getKey() + " n=" + n,
            new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP), new DeltaLengthByteArrayWriter(64, 1 << 20, HEAP),
            values, new int[] {n / 3, n}, 2, mode, SEED + n);
      }
    }
  }

  @Test
  void bulkRunsThatFillTheLengthBufferExactlyThenScalarWrites() throws IOException {
    // 1 + 1024 values fill the length buffer to the brim in one bulk call; scalar writes follow.
    byte[][] v = DataShapes.binaryShapes(3000, SEED).get("sortedSharedPrefix");
    for (int bulk : new int[] {1024, 1025, 2049}) {
      DeltaLengthByteArrayValuesWriter oracle = new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
      DeltaLengthByteArrayWriter subject = new DeltaLengthByteArrayWriter(64, 1 << 20, HEAP);
      Values values = Values.ofBinaries(PrimitiveTypeName.BINARY, v);
      values.writeScalar(oracle, 0, v.length, false);
      values.writeBulk(subject, 0, bulk);
      values.writeScalar(subject, bulk, v.length, true);
      assertArrayEquals(oracle.getBytes().toByteArray(), subject.getBytes().toByteArray(), "DELTA_LENGTH_BYTE_ARRAY bulk " + bulk);
    }
  }

  @Test
  void pagesMatchTheConformancePages() throws IOException {
    // The same bytes the reader tests decode (ParquetJavaPages' writer parameters).
    byte[][] v = DataShapes.binaryShapes(1024, SEED).get("randomStrings");
    BinaryBatch batch = new BinaryBatch();
    for (byte[] b : v) {
      batch.add(b, 0, b.length);
    }
    DeltaLengthByteArrayWriter l = new DeltaLengthByteArrayWriter(64 * 1024, 64 * 1024 * 1024, HEAP);
    l.writeBinaries(batch, 0, batch.size());
    assertArrayEquals(ParquetJavaPages.deltaLengthBinaries(v), l.getBytes().toByteArray());
  }

  @Test
  void badRangesAreRefusedBeforeWriting() {
    BinaryBatch batch = new BinaryBatch();
    batch.add(new byte[] {1, 2}, 0, 2);
    assertThrows(IndexOutOfBoundsException.class, () -> new DeltaLengthByteArrayWriter(64, 1 << 20, HEAP).writeBinaries(batch, 1, 1));
  }
}
