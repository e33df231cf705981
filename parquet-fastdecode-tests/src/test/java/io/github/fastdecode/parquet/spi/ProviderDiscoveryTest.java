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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.util.List;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

class ProviderDiscoveryTest {

  private static ColumnDescriptor int32(String name) {
    return new ColumnDescriptor(new String[] {name}, Types.required(PrimitiveTypeName.INT32).named(name), 0, 0);
  }

  @Test
  void bothProvidersAreFoundInPriorityOrder() {
    List<ValuesReaderProvider> providers = FastDecode.providers();
    assertEquals(2, providers.size(), providers.toString());
    assertInstanceOf(MarkerProvider.class, providers.get(0));
    assertInstanceOf(BuiltinValuesReaderProvider.class, providers.get(1));
  }

  @Test
  void higherPriorityProviderWinsForWhatItClaims() throws Exception {
    BatchValuesReader r = FastDecode.newValuesReader(int32(MarkerProvider.CLAIMED), Encoding.PLAIN);
    assertInstanceOf(MarkerProvider.MarkerReader.class, r);
    // and it is a working reader
    r.initFromPage(3, ByteBufferInputStream.wrap(java.nio.ByteBuffer.wrap(ParquetJavaPages.plainInts(new long[] {5, -6, 7}))));
    int[] got = new int[3];
    r.readIntegers(got, 0, 3);
    assertEquals(List.of(5, -6, 7), List.of(got[0], got[1], got[2]));
  }

  @Test
  void otherColumnsAreNotClaimedByTheMarker() {
    BatchValuesReader r = FastDecode.newValuesReader(int32("other"), Encoding.PLAIN);
    assertFalse(r instanceof MarkerProvider.MarkerReader, r.getClass().getName());
  }

  @Test
  void uncoveredEncodingsFallBackToParquetJava() {
    // With no provider answering, the facade hands out parquet-java's own reader behind the bulk API.
    BatchValuesReader r = FastDecode.newValuesReader(int32("x"), Encoding.DELTA_BINARY_PACKED, List.of());
    assertEquals("ParquetJavaValuesReader[org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader]",
        r.toString());
  }

  @Test
  void dictionaryEncodingsNeedTheDictionaryEntryPoint() {
    assertThrows(IllegalArgumentException.class, () -> FastDecode.newValuesReader(int32("d"), Encoding.RLE_DICTIONARY));
  }

  @Test
  void writerFactoryIsAvailable() {
    ValuesWriterFactory f = FastDecode.valuesWriterFactory();
    assertTrue(f != null);
  }
}
