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
package io.github.fastdecode.parquet.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.ParquetJavaRelease;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.WriteDifferential;
import io.github.fastdecode.parquet.conformance.WriteDifferential.Mode;
import io.github.fastdecode.parquet.conformance.WriteDifferential.Values;
import io.github.fastdecode.parquet.plain.PlainWriters;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.fallback.FallbackValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Dictionary writers against parquet-java's, alone and inside the fallback writer: dictionary and
 * data page bytes, encodings, buffered sizes, fallback at the byte limit and on the first page's
 * compression check, across pages and column chunks.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DictionaryWritersTest {
  private static final long SEED = 7_305L;
  private static final HeapByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();
  private static final PrimitiveTypeName[] TYPES = {PrimitiveTypeName.INT32, PrimitiveTypeName.INT64, PrimitiveTypeName.FLOAT,
      PrimitiveTypeName.DOUBLE, PrimitiveTypeName.BINARY, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, PrimitiveTypeName.INT96};

  static ColumnDescriptor column(PrimitiveTypeName type) {
    return ParquetJavaPages.column(type, 16);
  }

  /** {@code n} values of {@code type} drawn from {@code distinct} distinct ones (seeded; every value its own when {@code distinct >= n}), NaN payloads and -0.0 included. */
  /**
   * {@code n} values of {@code type} drawn from {@code distinct} ones.
   *
   * <p>parquet-java before 1.18 keys its FLOAT and DOUBLE dictionaries by a hash of the raw bits but
   * compares canonical bits, so whether two NaNs of different payloads share an entry depends on
   * where its hash table put them. This library keeps them apart (as 1.18 does, and as those
   * releases mostly do); on those releases the generated values carry canonical NaNs only, and
   * payloads are covered by {@link #nanPayloadsAndSignedZerosAreDistinctEntries()} and the 1.18 runs.
   */
  static Values values(PrimitiveTypeName type, int n, int distinct, long seed) {
    Random r = new Random(seed);
    int[] pick = new int[n];
    boolean allDistinct = distinct >= n;
    distinct = Math.max(1, Math.min(distinct, n));
    for (int i = 0; i < n; i++) {
      pick[i] = allDistinct ? i : r.nextInt(distinct);
    }
    switch (type) {
      case INT32: {
        long[] pool = DataShapes.wide(distinct, seed, 32);
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
          v[i] = (int) pool[pick[i]];
        }
        return Values.ofInts(v);
      }
      case INT64: {
        long[] pool = DataShapes.wide(distinct, seed, 64);
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
          if (!ParquetJavaRelease.WRITES_NAN_PAYLOADS && v[i] != v[i]) {
            v[i] = Float.NaN; // canonical before 1.18: see above
          }
        }
        return Values.ofFloats(v);
      }
      case DOUBLE: {
        double[] pool = DataShapes.doubles(distinct, seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
          v[i] = pool[pick[i]];
          if (!ParquetJavaRelease.WRITES_NAN_PAYLOADS && v[i] != v[i]) {
            v[i] = Double.NaN; // canonical before 1.18: see above
          }
        }
        return Values.ofDoubles(v);
      }
      case BINARY: {
        // Distinct strings of mixed lengths, empty and long ones included.
        byte[][] shapes = DataShapes.binaryShapes(Math.max(1, distinct), seed).get("mixedUpTo10k");
        byte[][] v = new byte[n][];
        for (int i = 0; i < n; i++) {
          v[i] = shapes[pick[i]];
        }
        return Values.ofBinaries(type, v);
      }
      default: {
        byte[][] pool = DataShapes.fixedBytes(Math.max(1, distinct), type == PrimitiveTypeName.INT96 ? 12 : 16, seed);
        byte[][] v = new byte[n][];
        for (int i = 0; i < n; i++) {
          v[i] = pool[pick[i]];
        }
        return Values.ofBinaries(type, v);
      }
    }
  }

  static DictionaryValuesWriter parquetJavaDictionary(PrimitiveTypeName type, int maxBytes, Encoding data, Encoding dict) {
    switch (type) {
      case INT32: return new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(maxBytes, data, dict, HEAP);
      case INT64: return new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(maxBytes, data, dict, HEAP);
      case FLOAT: return new DictionaryValuesWriter.PlainFloatDictionaryValuesWriter(maxBytes, data, dict, HEAP);
      case DOUBLE: return new DictionaryValuesWriter.PlainDoubleDictionaryValuesWriter(maxBytes, data, dict, HEAP);
      case BINARY: return new DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter(maxBytes, data, dict, HEAP);
      case INT96: return new DictionaryValuesWriter.PlainFixedLenArrayDictionaryValuesWriter(maxBytes, 12, data, dict, HEAP);
      default: return new DictionaryValuesWriter.PlainFixedLenArrayDictionaryValuesWriter(maxBytes, 16, data, dict, HEAP);
    }
  }

  static ValuesWriter parquetJavaPlain(PrimitiveTypeName type) {
    switch (type) {
      case FIXED_LEN_BYTE_ARRAY: return new FixedLenByteArrayPlainValuesWriter(16, 64, 1 << 20, HEAP);
      case INT96: return new FixedLenByteArrayPlainValuesWriter(12, 64, 1 << 20, HEAP);
      default: return new PlainValuesWriter(64, 1 << 20, HEAP);
    }
  }

  /** The dictionary byte size of {@code k} distinct entries of each type, for limits right at the boundary. */
  static int entryBytes(PrimitiveTypeName type) {
    switch (type) {
      case INT32: case FLOAT: return 4;
      case INT64: case DOUBLE: return 8;
      case INT96: return 12;
      default: return 16;
    }
  }

  @Test
  void dictionaryAloneMatchesParquetJava() {
    for (PrimitiveTypeName type : TYPES) {
      for (int n : new int[] {0, 1, 7, 9, 129, 1024, 20_000}) {
        for (int distinct : new int[] {1, 2, 50, 5000}) {
          Values v = values(type, n, distinct, SEED + n);
          for (Mode mode : Mode.values()) {
            for (boolean v1 : new boolean[] {true, false}) {
              Encoding data = v1 ? Encoding.PLAIN_DICTIONARY : Encoding.RLE_DICTIONARY;
              Encoding dict = v1 ? Encoding.PLAIN_DICTIONARY : Encoding.PLAIN;
              WriteDifferential.check(type + " dictionary n=" + n + " distinct=" + distinct + (v1 ? " V1" : " V2"),
                  () -> parquetJavaDictionary(type, Integer.MAX_VALUE, data, dict),
                  DictionaryWriter.forColumn(column(type), Integer.MAX_VALUE, data, dict, HEAP),
                  v, WriteDifferential.pages(n, 1000), 2, mode, SEED);
            }
          }
        }
      }
    }
  }

  @Test
  void fallbackMatchesParquetJavaAtEveryLimit() {
    // Limits around the size that k distinct entries take: fallback exactly at, just before and just after that value.
    List<String> checked = new ArrayList<>();
    for (PrimitiveTypeName type : TYPES) {
      for (int distinct : new int[] {3, 40, 300}) {
        int n = 2_000;
        Values v = values(type, n, distinct, SEED + distinct);
        int perEntry = type == PrimitiveTypeName.BINARY ? 4 : entryBytes(type);
        // (parquet-java cannot write a data page under a limit below 64 bytes that was not crossed: its id
        // encoder refuses such a small capacity, so small limits here are ones the first value crosses.)
        int[] limits = {-1, 0, 1, 16 * perEntry - 1, 16 * perEntry, 16 * perEntry + 1, 17 * perEntry, distinct * perEntry / 2,
            distinct * perEntry - 1, distinct * perEntry, distinct * perEntry + 1, 1 << 20, Integer.MAX_VALUE};
        for (int limit : limits) {
          if (limit > 1 && limit < 64) {
            continue;
          }
          for (int pageSize : new int[] {n, 333, 1}) {
            if (pageSize == 1 && limit != 16 * perEntry) {
              continue; // one-value pages: one limit is enough
            }
            for (Mode mode : Mode.values()) {
              String label = type + " fallback limit=" + limit + " distinct=" + distinct + " pageSize=" + pageSize;
              WriteDifferential.check(label,
                  () -> FallbackValuesWriter.of(parquetJavaDictionary(type, limit, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY),
                      parquetJavaPlain(type)),
                  new DictionaryFallbackWriter(
                      DictionaryWriter.forColumn(column(type), limit, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP),
                      PlainWriters.forType(type, 16, 64, 1 << 20, HEAP)),
                  v, WriteDifferential.pages(n, pageSize), 2, mode, SEED + limit);
              checked.add(label);
            }
          }
        }
      }
    }
    assertTrue(checked.size() > 500, "cases run: " + checked.size());
  }

  @Test
  void highCardinalityFirstPageIsNotWorthADictionary() {
    // All values distinct: ids + dictionary are bigger than the raw values, so the first page falls back.
    for (PrimitiveTypeName type : TYPES) {
      Values v = values(type, 3000, 1 << 30, SEED);
      for (Mode mode : Mode.values()) {
        DictionaryFallbackWriter subject = new DictionaryFallbackWriter(
            DictionaryWriter.forColumn(column(type), 1 << 20, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP),
            PlainWriters.forType(type, 16, 64, 1 << 20, HEAP));
        WriteDifferential.check(type + " all distinct",
            () -> FallbackValuesWriter.of(parquetJavaDictionary(type, 1 << 20, Encoding.RLE_DICTIONARY, Encoding.PLAIN), parquetJavaPlain(type)),
            subject, v, WriteDifferential.pages(3000, 1000), 2, mode, SEED);
      }
    }
  }

  @Test
  void nanPayloadsAndSignedZerosAreDistinctEntries() {
    float[] f = {Float.NaN, Float.intBitsToFloat(0x7fc00001), 0.0f, -0.0f, Float.NaN, -0.0f};
    DictionaryWriter w = DictionaryWriter.forColumn(column(PrimitiveTypeName.FLOAT), 1 << 20, Encoding.PLAIN_DICTIONARY,
        Encoding.PLAIN_DICTIONARY, HEAP);
    w.writeFloats(f, 0, f.length);
    assertEquals(4, w.dictionarySize());
    double[] d = {Double.NaN, Double.longBitsToDouble(0x7ff8000000000001L), 0.0, -0.0, -0.0};
    DictionaryWriter dw = DictionaryWriter.forColumn(column(PrimitiveTypeName.DOUBLE), 1 << 20, Encoding.PLAIN_DICTIONARY,
        Encoding.PLAIN_DICTIONARY, HEAP);
    dw.writeDoubles(d, 0, d.length);
    assertEquals(4, dw.dictionarySize());
    WriteDifferential.check("float NaN payloads",
        parquetJavaDictionary(PrimitiveTypeName.FLOAT, 1 << 20, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY),
        DictionaryWriter.forColumn(column(PrimitiveTypeName.FLOAT), 1 << 20, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP),
        Values.ofFloats(f), new int[] {f.length}, 1, Mode.BULK, SEED);
  }

  @Test
  void wrongFixedLengthIsRefused() {
    DictionaryWriter w = DictionaryWriter.forColumn(column(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY), 1 << 20,
        Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP);
    ParquetEncodingException e = assertThrows(ParquetEncodingException.class, () -> w.writeBytes(Binary.fromConstantByteArray(new byte[15])));
    assertTrue(e.getMessage().contains("15"), e.getMessage());
  }

  @Test
  void manyDistinctValuesGrowTheTables() {
    // 300k distinct keys: several rehashes; colliding low bits (multiples of 2^20) included.
    int n = 300_000;
    int[] ints = new int[n];
    long[] longs = new long[n];
    for (int i = 0; i < n; i++) {
      ints[i] = (i % 3 == 0) ? i << 12 : i * 31;
      longs[i] = (i % 3 == 0) ? ((long) i) << 40 : i * 1_000_003L;
    }
    for (Mode mode : new Mode[] {Mode.BULK, Mode.MIXED}) {
      WriteDifferential.check("INT32 many", parquetJavaDictionary(PrimitiveTypeName.INT32, Integer.MAX_VALUE, Encoding.RLE_DICTIONARY, Encoding.PLAIN),
          DictionaryWriter.forColumn(column(PrimitiveTypeName.INT32), Integer.MAX_VALUE, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP),
          Values.ofInts(ints), WriteDifferential.pages(n, 100_000), 1, mode, SEED);
      WriteDifferential.check("INT64 many", parquetJavaDictionary(PrimitiveTypeName.INT64, Integer.MAX_VALUE, Encoding.RLE_DICTIONARY, Encoding.PLAIN),
          DictionaryWriter.forColumn(column(PrimitiveTypeName.INT64), Integer.MAX_VALUE, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP),
          Values.ofLongs(longs), WriteDifferential.pages(n, 100_000), 1, mode, SEED);
    }
  }
}
