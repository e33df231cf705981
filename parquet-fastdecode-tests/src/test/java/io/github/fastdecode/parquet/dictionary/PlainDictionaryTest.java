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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.function.IntFunction;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Dictionary pages read by {@code FastDecode.readDictionary}, which decodes the entries once into
 * {@link DictionaryValues} and serves them as a {@link Dictionary}: for every type but BOOLEAN
 * ({@link BooleanDictionaryTest}), both dictionary encodings and sizes from 0 to 1,000 entries,
 * each entry through every {@code decodeTo*} call as parquet-java's own dictionary of the same page
 * gives it (NaN payloads, -0.0, empty byte arrays), the calls of other types refused as parquet-java
 * refuses them, and {@code DictionaryValues.of} handing over the decoded arrays without a copy.
 */
class PlainDictionaryTest {
  private static final long SEED = 20_261_129L;

  @ParameterizedTest
  @EnumSource(value = PrimitiveTypeName.class, names = {"INT32", "INT64", "FLOAT", "DOUBLE", "BINARY", "FIXED_LEN_BYTE_ARRAY", "INT96"})
  void sameEntriesAsParquetJava(PrimitiveTypeName type) throws IOException {
    Random r = new Random(SEED + type.ordinal());
    ColumnDescriptor column = ParquetJavaPages.column(type, 5);
    for (int size : new int[] {0, 1, 2, 7, 100, 1000}) {
      byte[] page = plainPage(type, size, r);
      for (Encoding encoding : new Encoding[] {Encoding.PLAIN_DICTIONARY, Encoding.PLAIN}) {
        DictionaryPage dictionaryPage = new DictionaryPage(BytesInput.from(page), size, encoding);
        Dictionary ours = FastDecode.readDictionary(column, dictionaryPage);
        Dictionary theirs = encoding.initDictionary(column, new DictionaryPage(BytesInput.from(page), size, encoding));
        String what = type + ", " + size + " entries, " + encoding;
        assertEquals(theirs.getMaxId(), ours.getMaxId(), what);
        assertEquals(encoding, ours.getEncoding(), what);
        for (int id = 0; id < size; id++) {
          String entry = what + ", entry " + id;
          switch (type) {
            case INT32:
              assertEquals(theirs.decodeToInt(id), ours.decodeToInt(id), entry);
              break;
            case INT64:
              assertEquals(theirs.decodeToLong(id), ours.decodeToLong(id), entry);
              break;
            case FLOAT:
              assertEquals(Float.floatToRawIntBits(theirs.decodeToFloat(id)), Float.floatToRawIntBits(ours.decodeToFloat(id)), entry);
              break;
            case DOUBLE:
              assertEquals(Double.doubleToRawLongBits(theirs.decodeToDouble(id)),
                  Double.doubleToRawLongBits(ours.decodeToDouble(id)), entry);
              break;
            default:
              assertArrayEquals(theirs.decodeToBinary(id).getBytes(), ours.decodeToBinary(id).getBytes(), entry);
              assertEquals(theirs.decodeToBinary(id), ours.decodeToBinary(id), entry);
              break;
          }
        }
        // The calls of the other types: refused by both.
        for (IntFunction<Object> call : otherCalls(type, ours)) {
          assertThrows(UnsupportedOperationException.class, () -> call.apply(0), what);
        }
        for (IntFunction<Object> call : otherCalls(type, theirs)) {
          assertThrows(UnsupportedOperationException.class, () -> call.apply(0), what + " (parquet-java)");
        }
        DictionaryValues taken = DictionaryValues.of(column, ours);
        DictionaryValues copied = DictionaryValues.of(column, theirs);
        assertSame(taken, DictionaryValues.of(column, ours), "the decoded arrays are handed over, not copied");
        assertEquals(copied.size(), taken.size(), what);
        assertArrayEquals(copied.ints(), taken.ints(), what);
        assertArrayEquals(copied.longs(), taken.longs(), what);
        assertArrayEquals(copied.floats(), taken.floats(), what);
        assertArrayEquals(copied.doubles(), taken.doubles(), what);
        if (copied.binaries() != null) {
          BinaryBatch a = copied.binaries();
          BinaryBatch b = taken.binaries();
          assertEquals(a.size(), b.size(), what);
          for (int i = 0; i < a.size(); i++) {
            assertArrayEquals(a.toByteArray(i), b.toByteArray(i), what + ", entry " + i);
          }
        }
      }
    }
  }

  /** The decodeTo calls for types other than {@code type}'s. */
  private static java.util.List<IntFunction<Object>> otherCalls(PrimitiveTypeName type, Dictionary d) {
    java.util.List<IntFunction<Object>> calls = new java.util.ArrayList<>();
    if (type != PrimitiveTypeName.INT32) {
      calls.add(d::decodeToInt);
    }
    if (type != PrimitiveTypeName.INT64) {
      calls.add(d::decodeToLong);
    }
    if (type != PrimitiveTypeName.FLOAT) {
      calls.add(d::decodeToFloat);
    }
    if (type != PrimitiveTypeName.DOUBLE) {
      calls.add(d::decodeToDouble);
    }
    if (type == PrimitiveTypeName.INT32 || type == PrimitiveTypeName.INT64 || type == PrimitiveTypeName.FLOAT
        || type == PrimitiveTypeName.DOUBLE) {
      calls.add(d::decodeToBinary);
    }
    calls.add(d::decodeToBoolean);
    return calls;
  }

  /** {@code size} PLAIN entries of {@code type}: extremes, NaN payloads and -0.0 among random values; byte arrays of 0 to 40 bytes. */
  private static byte[] plainPage(PrimitiveTypeName type, int size, Random r) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < size; i++) {
      ByteBuffer b;
      switch (type) {
        case INT32:
          b = le(4).putInt(i % 5 == 0 ? (i % 2 == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE) : r.nextInt());
          break;
        case INT64:
          b = le(8).putLong(i % 5 == 0 ? (i % 2 == 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : r.nextLong());
          break;
        case FLOAT:
          b = le(4).putInt(i % 4 == 0 ? 0x7fc0_0001 + i : i % 4 == 1 ? 0x8000_0000 : Float.floatToRawIntBits(r.nextFloat()));
          break;
        case DOUBLE:
          b = le(8).putLong(i % 4 == 0 ? 0x7ff8_0000_0000_0001L + i : i % 4 == 1 ? Long.MIN_VALUE
              : Double.doubleToRawLongBits(r.nextGaussian()));
          break;
        case BINARY: {
          byte[] v = new byte[r.nextInt(41)];
          r.nextBytes(v);
          b = le(4 + v.length).putInt(v.length).put(v);
          break;
        }
        default: {
          byte[] v = new byte[type == PrimitiveTypeName.INT96 ? 12 : 5];
          r.nextBytes(v);
          b = le(v.length).put(v);
          break;
        }
      }
      out.write(b.array(), 0, b.position());
    }
    return out.toByteArray();
  }

  private static ByteBuffer le(int bytes) {
    return ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }
}
