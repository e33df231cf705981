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
package io.github.fastdecode.parquet.benchmarks.jmh;

import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.VALUES_PER_PAGE;

import org.apache.parquet.column.values.dictionary.DictionaryValuesReader;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Trino's RLE / bit-packed id decoder on {@link RleDictionaryIdsBenchmark}'s pages: the page's bit
 * width, then a new decoder for the page, as Trino's dictionary decoder makes one.
 */
public class TrinoRleDictionaryIdsBenchmark extends TrinoBenchmark {
  @Param({"1", "4", "8", "12", "20"})
  int bitWidth;

  @Param({"random", "mixed"})
  String shape;

  @Setup
  public void setup() {
    pages = RleDictionaryIdsBenchmark.pages(shape, bitWidth);
    decoder = loadTrino().dictionaryIds(VALUES_PER_PAGE);
    RleDictionaryIdsBenchmark.IdentityDictionary dictionary = new RleDictionaryIdsBenchmark.IdentityDictionary(1 << bitWidth);
    int[] expected = new int[VALUES_PER_PAGE];
    verify("RLE_DICTIONARY ids bitWidth=" + bitWidth + " shape=" + shape, expected, p -> {
      DictionaryValuesReader r = new DictionaryValuesReader(dictionary);
      pages.init(r, p);
      ParquetJavaCalls.readDictionaryIds(r, expected, VALUES_PER_PAGE);
    }, null);
  }
}
