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
package io.github.fastdecode.parquet.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Dictionary-encoded data pages and their dictionaries, written by parquet-java's dictionary
 * writers and read back into a {@link Dictionary} the way parquet-java's column reader does.
 */
public final class DictionaryPages {
  private static final ByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();
  private static final int MAX_DICTIONARY_BYTES = Integer.MAX_VALUE;

  /** A data page (bit width byte + RLE ids) and the dictionary it refers to. */
  public static final class Encoded {
    public final byte[] page;
    public final Dictionary dictionary;
    public final ColumnDescriptor column;
    /** The dictionary page parquet-java wrote: its bytes, entry count and encoding. */
    public final byte[] dictionaryBytes;
    public final int dictionarySize;
    public final Encoding dictionaryEncoding;

    Encoded(byte[] page, Dictionary dictionary, ColumnDescriptor column, DictionaryPage dictionaryPage) throws IOException {
      this.page = page;
      this.dictionary = dictionary;
      this.column = column;
      this.dictionaryBytes = dictionaryPage.getBytes().toByteArray();
      this.dictionarySize = dictionaryPage.getDictionarySize();
      this.dictionaryEncoding = dictionaryPage.getEncoding();
    }
  }

  private DictionaryPages() {}

  /**
   * Writes {@code n} values drawn from a pool of {@code dictionarySize} distinct values of the
   * column's type, choosing pool entries by {@code ids} (uniform random when null).
   */
  public static Encoded write(ColumnDescriptor column, int n, int dictionarySize, int[] ids, long seed) {
    return write(column, n, dictionarySize, ids, seed, 20);
  }

  /** As {@link #write(ColumnDescriptor, int, int, int[], long)}, BINARY entries 0 to {@code binaryLengthBound - 1} bytes long. */
  public static Encoded write(ColumnDescriptor column, int n, int dictionarySize, int[] ids, long seed, int binaryLengthBound) {
    Random r = new Random(seed);
    PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
    int length = column.getPrimitiveType().getTypeLength();
    DictionaryValuesWriter w;
    Encoding dataEnc = Encoding.PLAIN_DICTIONARY;
    Encoding dictEnc = Encoding.PLAIN_DICTIONARY;
    switch (type) {
      case INT32: w = new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(MAX_DICTIONARY_BYTES, dataEnc, dictEnc, HEAP); break;
      case INT64: w = new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(MAX_DICTIONARY_BYTES, dataEnc, dictEnc, HEAP); break;
      case FLOAT: w = new DictionaryValuesWriter.PlainFloatDictionaryValuesWriter(MAX_DICTIONARY_BYTES, dataEnc, dictEnc, HEAP); break;
      case DOUBLE: w = new DictionaryValuesWriter.PlainDoubleDictionaryValuesWriter(MAX_DICTIONARY_BYTES, dataEnc, dictEnc, HEAP); break;
      case BINARY: w = new DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter(MAX_DICTIONARY_BYTES, dataEnc, dictEnc, HEAP); break;
      case FIXED_LEN_BYTE_ARRAY:
      case INT96:
        w = new DictionaryValuesWriter.PlainFixedLenArrayDictionaryValuesWriter(MAX_DICTIONARY_BYTES,
            type == PrimitiveTypeName.INT96 ? 12 : length, dataEnc, dictEnc, HEAP);
        break;
      default: throw new IllegalArgumentException(type.toString());
    }
    // Pool of distinct values, awkward ones included.
    long[] longPool = DataShapes.wide(dictionarySize, seed, 64);
    double[] doublePool = DataShapes.doubles(dictionarySize, seed);
    float[] floatPool = DataShapes.floats(dictionarySize, seed);
    byte[][] binPool = new byte[dictionarySize][];
    for (int i = 0; i < dictionarySize; i++) {
      int len = type == PrimitiveTypeName.INT96 ? 12 : type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? length : r.nextInt(binaryLengthBound);
      byte[] b = new byte[len];
      r.nextBytes(b);
      if (type == PrimitiveTypeName.INT96) {
        // nanos of day in [0, 86400e9), Julian day around the epoch: representable timestamps
        long nanos = Math.floorMod(r.nextLong(), 86_400_000_000_000L);
        int day = 2_440_588 - 50_000 + r.nextInt(100_000);
        for (int k = 0; k < 8; k++) {
          b[k] = (byte) (nanos >>> (8 * k));
        }
        for (int k = 0; k < 4; k++) {
          b[8 + k] = (byte) (day >>> (8 * k));
        }
      } else if (len >= 4) {
        b[0] = (byte) i; // distinct
        b[1] = (byte) (i >>> 8);
        b[2] = (byte) (i >>> 16);
        b[3] = (byte) (i >>> 24);
      }
      binPool[i] = b;
    }
    for (int i = 0; i < n; i++) {
      int id = ids != null ? ids[i] % dictionarySize : r.nextInt(dictionarySize);
      switch (type) {
        case INT32: w.writeInteger((int) longPool[id]); break;
        case INT64: w.writeLong(longPool[id]); break;
        case FLOAT: w.writeFloat(floatPool[id]); break;
        case DOUBLE: w.writeDouble(doublePool[id]); break;
        default: w.writeBytes(Binary.fromConstantByteArray(binPool[id])); break;
      }
    }
    try {
      byte[] page = w.getBytes().toByteArray();
      DictionaryPage dictPage = w.toDictPageAndClose();
      if (dictPage == null) {
        throw new IllegalStateException("parquet-java wrote no dictionary page (n=" + n + ")");
      }
      DictionaryPage copy = new DictionaryPage(org.apache.parquet.bytes.BytesInput.from(dictPage.getBytes().toByteArray()),
          dictPage.getDictionarySize(), dictPage.getEncoding());
      Dictionary dictionary = copy.getEncoding().initDictionary(column, copy);
      return new Encoded(page, dictionary, column, copy);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
