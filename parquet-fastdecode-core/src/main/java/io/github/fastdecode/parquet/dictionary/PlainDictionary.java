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
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.io.api.Binary;

/**
 * A dictionary page's entries, decoded once into {@link DictionaryValues} and served through
 * parquet-java's {@link Dictionary}: what {@link DictionaryPageReader} gives for every type but
 * BOOLEAN. The batch readers take the values as they are ({@link DictionaryValues#of} copies
 * nothing for it); parquet-java's callers get the values its own dictionaries give, byte arrays as
 * constant {@link Binary} slices of one array. Asking for another type than the column's throws
 * {@link UnsupportedOperationException}, as parquet-java's dictionaries do.
 */
final class PlainDictionary extends Dictionary {
  private final DictionaryValues values;

  PlainDictionary(Encoding encoding, DictionaryValues values) {
    super(encoding);
    this.values = values;
  }

  DictionaryValues values() {
    return values;
  }

  @Override
  public int getMaxId() {
    return values.size() - 1;
  }

  @Override
  public int decodeToInt(int id) {
    int[] a = values.ints();
    return a == null ? super.decodeToInt(id) : a[id];
  }

  @Override
  public long decodeToLong(int id) {
    long[] a = values.longs();
    return a == null ? super.decodeToLong(id) : a[id];
  }

  @Override
  public float decodeToFloat(int id) {
    float[] a = values.floats();
    return a == null ? super.decodeToFloat(id) : a[id];
  }

  @Override
  public double decodeToDouble(int id) {
    double[] a = values.doubles();
    return a == null ? super.decodeToDouble(id) : a[id];
  }

  @Override
  public Binary decodeToBinary(int id) {
    BinaryBatch b = values.binaries();
    if (b == null) {
      return super.decodeToBinary(id);
    }
    int[] o = b.offsets();
    return Binary.fromConstantByteArray(b.bytes(), o[id], o[id + 1] - o[id]);
  }

  @Override
  public String toString() {
    return "PlainDictionary of " + values.size() + " " + values.type() + " entries";
  }
}
