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
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A dictionary's entries in one flat array of the column's physical type: entry {@code id} is
 * {@code ints()[id]}, {@code longs()[id]}, {@code floats()[id]}, {@code doubles()[id]}, or value
 * {@code id} of {@link #binaries()} (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, INT96). The arrays of the
 * other types are {@code null}. What dictionary ids index, for callers that keep ids instead of
 * values (see {@code ColumnBatch.keepDictionaryIds()}). Read-only by contract: the arrays are
 * shared, not copied.
 */
public final class DictionaryValues {
  private final PrimitiveTypeName type;
  private final int size;
  private int[] ints;
  private long[] longs;
  private float[] floats;
  private double[] doubles;
  private BinaryBatch binaries;

  private DictionaryValues(PrimitiveTypeName type, int size) {
    this.type = type;
    this.size = size;
  }

  /**
   * Copies {@code dictionary}'s entries out of parquet-java's per-type dictionary; a dictionary
   * this library read ({@code FastDecode.readDictionary}) hands over the entries it holds.
   *
   * @throws ValuesDecodingException if its max id is below -1 or its byte arrays exceed 2 GiB
   * @throws IllegalArgumentException for a BOOLEAN column, which has no dictionary encoding
   */
  public static DictionaryValues of(ColumnDescriptor column, Dictionary dictionary) {
    if (dictionary instanceof PlainDictionary) {
      // This library's own dictionary pages: decoded into these arrays already.
      return ((PlainDictionary) dictionary).values();
    }
    PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
    String encoding = "RLE_DICTIONARY " + type;
    int maxId = dictionary.getMaxId();
    if (maxId < -1) {
      throw new ValuesDecodingException(encoding, 0, "dictionary max id " + maxId + " is negative");
    }
    int size = maxId + 1;
    DictionaryValues v = new DictionaryValues(type, size);
    switch (type) {
      case INT32:
        v.ints = new int[size];
        for (int i = 0; i < size; i++) {
          v.ints[i] = dictionary.decodeToInt(i);
        }
        break;
      case INT64:
        v.longs = new long[size];
        for (int i = 0; i < size; i++) {
          v.longs[i] = dictionary.decodeToLong(i);
        }
        break;
      case FLOAT:
        v.floats = new float[size];
        for (int i = 0; i < size; i++) {
          v.floats[i] = dictionary.decodeToFloat(i);
        }
        break;
      case DOUBLE:
        v.doubles = new double[size];
        for (int i = 0; i < size; i++) {
          v.doubles[i] = dictionary.decodeToDouble(i);
        }
        break;
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
      case INT96: {
        long total = 0;
        for (int i = 0; i < size; i++) {
          total += dictionary.decodeToBinary(i).length();
          if (total > Integer.MAX_VALUE - 16) {
            throw new ValuesDecodingException(encoding, 0, "dictionary values exceed 2 GiB");
          }
        }
        BinaryBatch b = new BinaryBatch(size, (int) total);
        for (int i = 0; i < size; i++) {
          Binary e = dictionary.decodeToBinary(i);
          b.appendUnchecked(e.getBytesUnsafe(), 0, e.length());
        }
        v.binaries = b;
        break;
      }
      default:
        throw new IllegalArgumentException("no dictionary encoding for " + type);
    }
    return v;
  }

  /** Entries decoded from a page ({@link DictionaryPageReader}): the array of {@code type}, the others null. */
  static DictionaryValues of(PrimitiveTypeName type, int size, int[] ints, long[] longs, float[] floats, double[] doubles,
      BinaryBatch binaries) {
    DictionaryValues v = new DictionaryValues(type, size);
    v.ints = ints;
    v.longs = longs;
    v.floats = floats;
    v.doubles = doubles;
    v.binaries = binaries;
    return v;
  }

  public PrimitiveTypeName type() {
    return type;
  }

  /** Entries in the dictionary; valid ids are {@code [0, size())}. */
  public int size() {
    return size;
  }

  public int[] ints() {
    return ints;
  }

  public long[] longs() {
    return longs;
  }

  public float[] floats() {
    return floats;
  }

  public double[] doubles() {
    return doubles;
  }

  /** The byte-array entries, {@link #size()} values; do not add to it. */
  public BinaryBatch binaries() {
    return binaries;
  }
}
