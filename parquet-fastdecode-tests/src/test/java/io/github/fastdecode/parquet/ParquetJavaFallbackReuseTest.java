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

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Readers are re-initialised page after page (the differential runner reuses one reader for every
 * read plan). parquet-java's delta reader cannot be, so the fallback takes a fresh one per page.
 */
class ParquetJavaFallbackReuseTest {
  private static final long SEED = 20_261_122L;

  @ParameterizedTest
  @ValueSource(ints = {1, 129, 1024})
  void freshPerPageDeltaWrapperCanBeReused(int n) {
    byte[] page = ParquetJavaPages.deltaLongs(DataShapes.smallDeltas(n, SEED), 128, 4);
    Differential.check("fresh-per-page fallback DELTA INT64 n=" + n + " seed=" + SEED, DeltaBinaryPackingValuesReader::new,
        () -> FastDecode.wrapFreshPerPage(DeltaBinaryPackingValuesReader::new), page, n, ValueKind.INT64,
        ReadPlan.standard(n));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 129, 1024})
  void facadeDeltaReaderCanBeReused(int n) {
    // Whichever reader the facade returns (fallback or the library's own), reuse must work.
    byte[] page = ParquetJavaPages.deltaInts(DataShapes.wide(n, SEED, 32), 128, 4);
    Differential.check("facade DELTA INT32 n=" + n + " seed=" + SEED, DeltaBinaryPackingValuesReader::new,
        () -> FastDecode.newValuesReader(ParquetJavaPages.column(PrimitiveTypeName.INT32), Encoding.DELTA_BINARY_PACKED),
        page, n, ValueKind.INT32, ReadPlan.standard(n));
  }

  @Test
  void singleDelegateDeltaWrapperBreaksOnReuse() {
    // Why freshPerPage exists; also proves the reuse checks above can fail.
    byte[] page = ParquetJavaPages.deltaLongs(DataShapes.smallDeltas(129, SEED), 128, 4);
    assertThrows(Throwable.class, () -> Differential.check("single delegate", DeltaBinaryPackingValuesReader::new,
        () -> FastDecode.wrap(new DeltaBinaryPackingValuesReader()), page, 129, ValueKind.INT64,
        ReadPlan.standard(129)));
  }

  @Test
  void freshPerPageRejectsNull() {
    assertThrows(NullPointerException.class, () -> FastDecode.wrapFreshPerPage(null));
    assertThrows(NullPointerException.class, () -> FastDecode.wrapFreshPerPage(() -> null));
  }
}
