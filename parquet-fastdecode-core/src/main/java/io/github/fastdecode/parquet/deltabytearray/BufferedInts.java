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
package io.github.fastdecode.parquet.deltabytearray;

import io.github.fastdecode.parquet.BatchValuesWriter;

/**
 * Ints (lengths, prefix lengths) collected per value and handed to their DELTA_BINARY_PACKED
 * writer in bulk calls of up to {@link #CAPACITY}, so the per-value work is one array store.
 * {@link #flush()} before asking the writer anything: its size and bytes include only what it got.
 */
final class BufferedInts {
  static final int CAPACITY = 1024;

  final BatchValuesWriter writer;
  final int[] values = new int[CAPACITY];
  int count;

  BufferedInts(BatchValuesWriter writer) {
    this.writer = writer;
  }

  void add(int v) {
    values[count++] = v;
    if (count == CAPACITY) {
      flush();
    }
  }

  void flush() {
    if (count > 0) {
      writer.writeIntegers(values, 0, count);
      count = 0;
    }
  }

  void reset() {
    count = 0;
    writer.reset();
  }
}
