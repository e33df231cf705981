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

import io.github.fastdecode.parquet.BinaryBatch;
import java.util.Arrays;

/**
 * A nullable byte-array column as a vectorised reader holds one: the non-null values back to back
 * in a {@link BinaryBatch}, and per row its definition level and where its bytes start and end,
 * so no value is copied to put it at its row. Row {@code i} is null when {@code levels[i]} is
 * below {@link #DEFINED}; otherwise it is {@code values.bytes()[offsets[i] .. offsets[i + 1])}
 * (offsets start where the batch's first value does, not necessarily at 0).
 */
final class BinaryRows {
  /** The definition level of a non-null row (an optional column at the top level). */
  static final int DEFINED = 1;

  final BinaryBatch values;
  final int[] levels;
  /** The row offsets: the batch's own offsets when every row is defined, else {@link #spread}. */
  int[] offsets;
  private final int[] spread;

  BinaryRows(int rows, int byteCapacity) {
    values = new BinaryBatch(rows, byteCapacity);
    levels = new int[rows];
    spread = new int[rows + 1];
  }

  /**
   * Positions the batch's {@code values.size()} values at the rows {@link #levels} marks defined
   * among the first {@code rows}: a null row gets an empty range, so row {@code i + 1} starts where
   * row {@code i} ends.
   */
  void spreadToRows(int rows) {
    int[] dense = values.offsets();
    if (values.size() == rows) {
      offsets = dense;
      return;
    }
    int[] levels = this.levels;
    int[] out = spread;
    int k = 0;
    out[0] = dense[0]; // 0 unless the values are borrowed from a page
    for (int i = 0; i < rows; i++) {
      // Branch-free: a defined row moves to the next value's end, a null row stays put.
      k += levels[i] == DEFINED ? 1 : 0;
      out[i + 1] = dense[k];
    }
    offsets = out;
  }

  /** Row {@code i}'s bytes (a copy), or null for a null row. */
  byte[] row(int i) {
    return levels[i] == DEFINED ? Arrays.copyOfRange(values.bytes(), offsets[i], offsets[i + 1]) : null;
  }
}
