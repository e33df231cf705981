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

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.Corruption;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.io.ByteArrayOutputStream;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * DELTA_LENGTH_BYTE_ARRAY reads against parquet-java's reader (skips over constant-length blocks:
 * {@link DeltaLengthByteArrayConstantBlockSkipTest}; borrowed batches: {@link BorrowingBinaryBatchTest}).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DeltaLengthByteArrayReaderTest {
  private static final long SEED = 1_246L;

  static int[] sizes() {
    return DataShapes.PAGE_SIZES;
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void matchesParquetJava(int n) {
    for (Map.Entry<String, byte[][]> shape : DataShapes.binaryShapes(n, SEED).entrySet()) {
      if (n > 5_000 && shape.getKey().equals("mixedUpTo10k")) {
        continue;
      }
      byte[] page = ParquetJavaPages.deltaLengthBinaries(shape.getValue());
      Differential.check("DELTA_LENGTH_BYTE_ARRAY " + shape.getKey() + " n=" + n + " seed=" + SEED,
          DeltaLengthByteArrayValuesReader::new, DeltaLengthByteArrayReader::new, page, n, ValueKind.BINARY, ReadPlan.standard(n));
    }
  }

  @Test
  void theFacadeGivesThisReaderForByteArrayColumns() {
    assertInstanceOf(DeltaLengthByteArrayReader.class,
        FastDecode.newValuesReader(ParquetJavaPages.column(PrimitiveTypeName.BINARY), Encoding.DELTA_LENGTH_BYTE_ARRAY));
  }

  @Test
  void lyingLengthsFailCleanly() throws Exception {
    // negative, and overflowing the page
    for (long[] lies : new long[][] {{3, -2}, {3, Integer.MAX_VALUE}, {Integer.MAX_VALUE, Integer.MAX_VALUE}}) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.writeBytes(ParquetJavaPages.deltaInts(lies, 128, 4));
      out.writeBytes("abcdef".getBytes());
      DeltaLengthByteArrayReader d = new DeltaLengthByteArrayReader();
      d.initFromPage(2, InputKind.HEAP.open(out.toByteArray()));
      assertThrows(ParquetDecodingException.class, () -> d.readBinaries(new BinaryBatch(), 2));
      assertThrows(ParquetDecodingException.class, () -> d.skip(2));
    }
  }

  @Test
  void corruptPagesFailCleanly() {
    byte[][] values = DataShapes.binaryShapes(20, SEED).get("sortedSharedPrefix");
    byte[] dlba = ParquetJavaPages.deltaLengthBinaries(values);
    Corruption.everyTruncation("DELTA_LENGTH_BYTE_ARRAY", "DELTA_LENGTH_BYTE_ARRAY", DeltaLengthByteArrayReader::new, dlba, 20, ValueKind.BINARY);
    Corruption.everyBitFlip("DELTA_LENGTH_BYTE_ARRAY", "DELTA_LENGTH_BYTE_ARRAY", DeltaLengthByteArrayReader::new, dlba, 20, ValueKind.BINARY);
  }
}
