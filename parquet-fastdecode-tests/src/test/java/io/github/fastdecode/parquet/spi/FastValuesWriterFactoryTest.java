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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.WriteDifferential;
import io.github.fastdecode.parquet.conformance.WriteDifferential.Mode;
import io.github.fastdecode.parquet.conformance.WriteDifferential.Values;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.factory.DefaultValuesWriterFactory;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The factory picks what parquet-java's default factory picks and the writers write its bytes:
 * every type x V1/V2 x dictionary (on, off, off for the column only, a small dictionary limit) x
 * BYTE_STREAM_SPLIT (off, floating point, extended, on for the column only).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class FastValuesWriterFactoryTest {
  private static final long SEED = 40_517L;
  private static final PrimitiveTypeName[] TYPES = PrimitiveTypeName.values();

  static ColumnDescriptor column(PrimitiveTypeName type) {
    return ParquetJavaPages.column(type, 16);
  }

  /** Named property variations: each applied to a fresh builder. */
  static List<Object[]> variations() {
    List<Object[]> v = new ArrayList<>();
    String[] dictionary = {"dictionary", "noDictionary", "noDictionaryForColumn", "smallDictionary"};
    String[] bss = {"noBss", "bss", "extendedBss", "bssForColumn"};
    for (WriterVersion version : WriterVersion.values()) {
      for (String d : dictionary) {
        for (String b : bss) {
          UnaryOperator<ParquetProperties.Builder> f = builder -> {
            builder.withWriterVersion(version).withPageSize(64 * 1024);
            switch (d) {
              case "noDictionary": builder.withDictionaryEncoding(false); break;
              case "noDictionaryForColumn": builder.withDictionaryEncoding(true).withDictionaryEncoding("c", false); break;
              case "smallDictionary": builder.withDictionaryPageSize(200); break;
              default: break;
            }
            switch (b) {
              case "bss": builder.withByteStreamSplitEncoding(true); break;
              case "extendedBss": builder.withExtendedByteStreamSplitEncoding(true); break;
              case "bssForColumn": builder.withByteStreamSplitEncoding("c", true); break;
              default: break;
            }
            return builder;
          };
          v.add(new Object[] {version + " " + d + " " + b, f});
        }
      }
    }
    return v;
  }

  static Values values(PrimitiveTypeName type, int n, boolean lowCardinality, long seed) {
    Random r = new Random(seed);
    int distinct = lowCardinality ? 20 : n;
    int[] pick = new int[n];
    for (int i = 0; i < n; i++) {
      pick[i] = lowCardinality ? r.nextInt(distinct) : i;
    }
    switch (type) {
      case BOOLEAN: return Values.ofBooleans(DataShapes.booleanShapes(n, seed).get(lowCardinality ? "sparse" : "random"));
      case INT32: {
        long[] pool = lowCardinality ? DataShapes.wide(distinct, seed, 32) : DataShapes.narrow(DataShapes.smallDeltas(n, seed));
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
          v[i] = (int) pool[pick[i]];
        }
        return Values.ofInts(v);
      }
      case INT64: {
        long[] pool = lowCardinality ? DataShapes.wide(distinct, seed, 64) : DataShapes.monotonic(n, seed);
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
          v[i] = pool[pick[i]];
        }
        return Values.ofLongs(v);
      }
      case FLOAT: {
        float[] pool = DataShapes.floats(distinct, seed);
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
          v[i] = pool[pick[i]];
        }
        return Values.ofFloats(v);
      }
      case DOUBLE: {
        double[] pool = DataShapes.doubles(distinct, seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
          v[i] = pool[pick[i]];
        }
        return Values.ofDoubles(v);
      }
      case BINARY: {
        byte[][] pool = DataShapes.binaryShapes(distinct, seed).get(lowCardinality ? "randomStrings" : "sortedSharedPrefix");
        byte[][] v = new byte[n][];
        for (int i = 0; i < n; i++) {
          v[i] = pool[pick[i]];
        }
        return Values.ofBinaries(type, v);
      }
      default: {
        byte[][] pool = DataShapes.fixedBytes(distinct, type == PrimitiveTypeName.INT96 ? 12 : 16, seed);
        byte[][] v = new byte[n][];
        for (int i = 0; i < n; i++) {
          v[i] = pool[pick[i]];
        }
        return Values.ofBinaries(type, v);
      }
    }
  }

  @Test
  void picksTheDefaultFactorysEncodingsAndWritesItsBytes() {
    Set<String> encodingsSeen = new LinkedHashSet<>();
    int cases = 0;
    for (Object[] variation : variations()) {
      String name = (String) variation[0];
      @SuppressWarnings("unchecked")
      UnaryOperator<ParquetProperties.Builder> props = (UnaryOperator<ParquetProperties.Builder>) variation[1];
      for (PrimitiveTypeName type : TYPES) {
        for (boolean low : new boolean[] {true, false}) {
          Values values = values(type, 3000, low, SEED + type.ordinal());
          for (Mode mode : Mode.values()) {
            ParquetProperties expectedProps = props.apply(ParquetProperties.builder()).withValuesWriterFactory(new DefaultValuesWriterFactory()).build();
            ParquetProperties actualProps = props.apply(ParquetProperties.builder()).withValuesWriterFactory(FastDecode.valuesWriterFactory()).build();
            ValuesWriter actual = actualProps.newValuesWriter(column(type));
            String label = name + " " + type + (low ? " low cardinality" : " high cardinality");
            BatchValuesWriter subject = assertInstanceOf(BatchValuesWriter.class, actual, label);
            // Pages of 1000 values, two column chunks: dictionary decisions are made per chunk.
            WriteDifferential.check(label, () -> expectedProps.newValuesWriter(column(type)), subject, values,
                WriteDifferential.pages(3000, 1000), 2, mode, SEED);
            ValuesWriter probe = expectedProps.newValuesWriter(column(type));
            values.writeScalar(probe, 0, 1000, false);
            probe.getBytes();
            encodingsSeen.add(type + " " + probe.getEncoding());
            cases++;
          }
        }
      }
    }
    // The matrix reaches every encoding the default factory can choose.
    for (String e : new String[] {"BOOLEAN PLAIN", "BOOLEAN RLE", "INT32 PLAIN_DICTIONARY", "INT32 RLE_DICTIONARY", "INT32 PLAIN",
        "INT32 DELTA_BINARY_PACKED", "INT32 BYTE_STREAM_SPLIT", "INT64 DELTA_BINARY_PACKED", "INT64 BYTE_STREAM_SPLIT",
        "FLOAT BYTE_STREAM_SPLIT", "DOUBLE PLAIN", "BINARY DELTA_BYTE_ARRAY", "BINARY PLAIN", "BINARY RLE_DICTIONARY",
        "FIXED_LEN_BYTE_ARRAY PLAIN", "FIXED_LEN_BYTE_ARRAY DELTA_BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY BYTE_STREAM_SPLIT",
        "FIXED_LEN_BYTE_ARRAY RLE_DICTIONARY", "INT96 PLAIN", "INT96 PLAIN_DICTIONARY"}) {
      assertTrue(encodingsSeen.contains(e), "not covered: " + e + "; seen " + encodingsSeen);
    }
    assertEquals(2 * 4 * 4 * TYPES.length * 2 * Mode.values().length, cases);
  }

  @Test
  void usesTheLibrarysOwnWritersWhereItHasThem() {
    ParquetProperties v2 = ParquetProperties.builder().withWriterVersion(WriterVersion.PARQUET_2_0)
        .withValuesWriterFactory(FastDecode.valuesWriterFactory()).build();
    assertEquals("io.github.fastdecode.parquet.dictionary.DictionaryFallbackWriter",
        v2.newValuesWriter(column(PrimitiveTypeName.BINARY)).getClass().getName());
    ParquetProperties v2NoDict = ParquetProperties.builder().withWriterVersion(WriterVersion.PARQUET_2_0)
        .withDictionaryEncoding(false).withValuesWriterFactory(FastDecode.valuesWriterFactory()).build();
    assertEquals("io.github.fastdecode.parquet.deltabytearray.DeltaByteArrayWriter",
        v2NoDict.newValuesWriter(column(PrimitiveTypeName.BINARY)).getClass().getName());
    assertEquals(Encoding.DELTA_BYTE_ARRAY, v2NoDict.newValuesWriter(column(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)).getEncoding());
  }

  @Test
  void everyCallGivesAFreshFactory() {
    ValuesWriterFactory a = FastDecode.valuesWriterFactory();
    assertInstanceOf(FastValuesWriterFactory.class, a);
    assertTrue(a != FastDecode.valuesWriterFactory(), "ParquetProperties.build() initialises the factory: it must not be shared");
    assertThrows(IllegalStateException.class, () -> new FastValuesWriterFactory().newValuesWriter(column(PrimitiveTypeName.INT32)));
  }
}
