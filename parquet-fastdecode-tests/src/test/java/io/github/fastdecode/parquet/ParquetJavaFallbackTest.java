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
package io.github.fastdecode.parquet;

import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.plain.PlainValuesReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertThrows;

/** The wrapper around parquet-java's readers gives parquet-java's values through every bulk call. */
class ParquetJavaFallbackTest {

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 9, 33, 1024})
  void wrappedPlainIntegersMatchTheWrappedReader(int n) {
    long[] values = DataShapes.wide(n, 42, 32);
    byte[] page = ParquetJavaPages.plainInts(values);
    for (ValueKind kind : new ValueKind[] {ValueKind.INT32, ValueKind.INT32_AS_INT64, ValueKind.INT32_UNSIGNED_AS_INT64, ValueKind.INT32_AS_DOUBLE}) {
      Differential.check("fallback PLAIN INT32 n=" + n, PlainValuesReader.IntegerPlainValuesReader::new,
          () -> FastDecode.wrap(new PlainValuesReader.IntegerPlainValuesReader()), page, n, kind, ReadPlan.standard(n));
    }
  }

  @Test
  void harnessDetectsAWrongValue() {
    byte[] page = ParquetJavaPages.plainInts(DataShapes.wide(40, 7, 32));
    byte[] other = ParquetJavaPages.plainInts(DataShapes.wide(40, 8, 32));
    // A reader that decodes a different page must be caught: proves the harness can fail.
    assertThrows(AssertionError.class, () -> Differential.check("wrong", PlainValuesReader.IntegerPlainValuesReader::new,
        () -> FastDecode.wrap(new PlainValuesReader.IntegerPlainValuesReader() {
          @Override
          public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
            super.initFromPage(valueCount, ByteBufferInputStream.wrap(ByteBuffer.wrap(other)));
          }
        }), page, 40, ValueKind.INT32, ReadPlan.standard(40)));
  }

  @Test
  void constructorRejectsNull() {
    assertThrows(NullPointerException.class, () -> FastDecode.wrap(null));
  }
}
