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

import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;

/**
 * A BOOLEAN dictionary: PLAIN booleans, one bit per entry, least significant bit first. parquet-java
 * reads these from 1.17.0 on ({@code PlainValuesDictionary.PlainBooleanDictionary}); releases before
 * refuse BOOLEAN dictionary pages, so the library reads them itself on every release.
 */
final class BooleanDictionary extends Dictionary {
  private final boolean[] entries;

  /** The {@code size} entries bit-packed in {@code bytes} (checked to hold them by the caller). */
  BooleanDictionary(Encoding encoding, byte[] bytes, int size) {
    super(encoding);
    entries = new boolean[size];
    for (int i = 0; i < size; i++) {
      entries[i] = (bytes[i >>> 3] >>> (i & 7) & 1) != 0;
    }
  }

  @Override
  public boolean decodeToBoolean(int id) {
    return entries[id];
  }

  @Override
  public int getMaxId() {
    return entries.length - 1;
  }

  @Override
  public String toString() {
    return "BooleanDictionary of " + entries.length + " entries";
  }
}
