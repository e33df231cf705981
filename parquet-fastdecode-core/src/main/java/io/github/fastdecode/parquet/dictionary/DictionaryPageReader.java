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

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.internal.LittleEndian;
import java.io.IOException;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Reads a dictionary page into a {@link Dictionary} (parquet-java's interface; this library's
 * {@link PlainDictionary}, whose entries the batch readers take as they are), after checking that
 * the page's bytes hold the entries its header claims.
 *
 * <p>parquet-java's {@code Encoding.initDictionary} allocates an array of the claimed entry count
 * before reading any entry, so a header claiming 2^31 - 1 entries is an out-of-memory error and a
 * negative count a {@link NegativeArraySizeException}; a BYTE_ARRAY entry whose length runs past
 * the page is an {@link IndexOutOfBoundsException}. Here each of those is a {@link
 * ValuesDecodingException}, raised before anything sized by the header is allocated.
 */
final class DictionaryPageReader {
  private DictionaryPageReader() {}

  /** The dictionary of {@code column} held by {@code page} (PLAIN or PLAIN_DICTIONARY encoded). */
  public static Dictionary read(ColumnDescriptor column, DictionaryPage page) throws IOException {
    PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
    Encoding encoding = page.getEncoding();
    // Named as the page type it is (DICTIONARY_PAGE in the page header), then its value encoding.
    String what = "DICTIONARY_PAGE " + type + " (" + encoding + ")";
    if (encoding != Encoding.PLAIN && encoding != Encoding.PLAIN_DICTIONARY) {
      throw new ValuesDecodingException(what, 0, "dictionary pages are PLAIN or PLAIN_DICTIONARY encoded");
    }
    int size = page.getDictionarySize();
    if (size < 0) {
      throw new ValuesDecodingException(what, 0, "negative entry count " + size);
    }
    long length = page.getBytes().size();
    if (length < 0) {
      // parquet-hadoop takes it from the page header's uncompressed size; BytesInput would allocate by it.
      throw new ValuesDecodingException(what, 0, "negative page length " + length);
    }
    byte[] bytes = page.getBytes().toByteArray();
    int width = fixedWidth(column);
    if (width > 0) {
      if ((long) size * width > bytes.length) {
        throw new ValuesDecodingException(what, 0, "header claims " + size + " entries of " + width
            + " bytes but the page has " + bytes.length + " bytes");
      }
    } else if (width == 0) {
      // parquet-java refuses it too (IllegalArgumentException), after allocating for the header's count.
      throw new ValuesDecodingException(what, 0, "entries of FIXED_LEN_BYTE_ARRAY(0) cannot be read");
    } else if (type == PrimitiveTypeName.BOOLEAN) {
      if (size > 8L * bytes.length) {
        throw new ValuesDecodingException(what, 0, "header claims " + size + " entries but the page has " + bytes.length + " bytes");
      }
      // Ours on every release: parquet-java's initDictionary reads BOOLEAN only from 1.17.0 on.
      return new BooleanDictionary(encoding, bytes, size);
    } else {
      checkLengthPrefixed(what, bytes, size);
    }
    return new PlainDictionary(encoding, decode(type, width, bytes, size));
  }

  /** The {@code size} PLAIN entries in {@code bytes} (checked to hold them), of {@code width} bytes each or length-prefixed. */
  private static DictionaryValues decode(PrimitiveTypeName type, int width, byte[] bytes, int size) {
    switch (type) {
      case INT32: {
        int[] a = new int[size];
        for (int i = 0; i < size; i++) {
          a[i] = LittleEndian.getInt(bytes, 4 * i);
        }
        return DictionaryValues.of(type, size, a, null, null, null, null);
      }
      case INT64: {
        long[] a = new long[size];
        for (int i = 0; i < size; i++) {
          a[i] = LittleEndian.getLong(bytes, 8 * i);
        }
        return DictionaryValues.of(type, size, null, a, null, null, null);
      }
      case FLOAT: {
        float[] a = new float[size];
        for (int i = 0; i < size; i++) {
          a[i] = Float.intBitsToFloat(LittleEndian.getInt(bytes, 4 * i));
        }
        return DictionaryValues.of(type, size, null, null, a, null, null);
      }
      case DOUBLE: {
        double[] a = new double[size];
        for (int i = 0; i < size; i++) {
          a[i] = Double.longBitsToDouble(LittleEndian.getLong(bytes, 8 * i));
        }
        return DictionaryValues.of(type, size, null, null, null, a, null);
      }
      default: {
        // FIXED_LEN_BYTE_ARRAY and INT96 of width bytes each; BYTE_ARRAY length-prefixed.
        int total = width > 0 ? width * size : bytes.length - 4 * size;
        BinaryBatch b = new BinaryBatch(size, total);
        for (int i = 0, p = 0; i < size; i++) {
          int length = width;
          if (width < 0) {
            length = LittleEndian.getInt(bytes, p);
            p += 4;
          }
          b.appendUnchecked(bytes, p, length);
          p += length;
        }
        return DictionaryValues.of(type, size, null, null, null, null, b);
      }
    }
  }

  /** Each of {@code size} entries: a 4-byte little-endian length, then that many bytes, inside the page. */
  private static void checkLengthPrefixed(String what, byte[] bytes, int size) {
    int p = 0;
    for (int i = 0; i < size; i++) {
      if (bytes.length - p < 4) {
        throw new ValuesDecodingException(what, p, "entry " + i + " of " + size + ": truncated length ("
            + (bytes.length - p) + " of 4 bytes)");
      }
      int length = LittleEndian.getInt(bytes, p);
      p += 4;
      if (length < 0 || length > bytes.length - p) {
        throw new ValuesDecodingException(what, p - 4, "entry " + i + " of " + size + " has length "
            + Integer.toUnsignedString(length) + " but " + (bytes.length - p) + " bytes are left");
      }
      p += length;
    }
  }

  /** Bytes per entry for fixed-width types; -1 for BYTE_ARRAY and BOOLEAN. */
  private static int fixedWidth(ColumnDescriptor column) {
    switch (column.getPrimitiveType().getPrimitiveTypeName()) {
      case INT32:
      case FLOAT:
        return 4;
      case INT64:
      case DOUBLE:
        return 8;
      case INT96:
        return 12;
      case FIXED_LEN_BYTE_ARRAY:
        return column.getPrimitiveType().getTypeLength();
      default:
        return -1;
    }
  }
}
