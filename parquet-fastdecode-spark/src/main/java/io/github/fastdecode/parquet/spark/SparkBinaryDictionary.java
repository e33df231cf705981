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
package io.github.fastdecode.parquet.spark;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.dictionary.DictionaryValues;
import java.util.Arrays;
import org.apache.spark.sql.execution.vectorized.Dictionary;

/**
 * A column chunk's string or binary dictionary as Spark's vectors take it: the vector keeps the
 * page's ids, and Spark looks a value up only when it reads that row (a filter or a group-by key
 * may never need the bytes). Built once per dictionary, one array per entry, so lookups allocate
 * nothing.
 */
final class SparkBinaryDictionary implements Dictionary {
  private final DictionaryValues source;
  private final byte[][] entries;

  SparkBinaryDictionary(DictionaryValues source) {
    this.source = source;
    BinaryBatch values = source.binaries();
    byte[] bytes = values.bytes();
    int[] offsets = values.offsets();
    entries = new byte[source.size()][];
    for (int i = 0; i < entries.length; i++) {
      entries[i] = Arrays.copyOfRange(bytes, offsets[i], offsets[i + 1]);
    }
  }

  /** Whether this was built from {@code values} (the same chunk's dictionary). */
  boolean isFor(DictionaryValues values) {
    return source == values;
  }

  @Override
  public byte[] decodeToBinary(int id) {
    return entries[id];
  }

  @Override
  public int decodeToInt(int id) {
    throw new UnsupportedOperationException("a binary dictionary");
  }

  @Override
  public long decodeToLong(int id) {
    throw new UnsupportedOperationException("a binary dictionary");
  }

  @Override
  public float decodeToFloat(int id) {
    throw new UnsupportedOperationException("a binary dictionary");
  }

  @Override
  public double decodeToDouble(int id) {
    throw new UnsupportedOperationException("a binary dictionary");
  }
}
