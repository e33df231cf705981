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
package io.github.fastdecode.parquet.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.fastdecode.parquet.column.ColumnBatch;

/**
 * How the column-chunk and file targets read: batch capacity, layout, then up to {@link #MAX_OPS}
 * operations, each a batch read or a row skip with a count (one byte, as {@link FuzzCheck.Plan#count}).
 */
final class BatchPlan {
  static final int READ = 0;
  static final int SKIP = 1;
  static final int MAX_OPS = 16;

  final int capacity;
  final ColumnBatch.Layout layout;
  final int[] ops;
  final int[] counts;

  private BatchPlan(int capacity, ColumnBatch.Layout layout, int[] ops, int[] counts) {
    this.capacity = capacity;
    this.layout = layout;
    this.ops = ops;
    this.counts = counts;
  }

  static BatchPlan read(FuzzedDataProvider data) {
    int capacity = Math.max(1, FuzzCheck.Plan.count(data.consumeInt(0, 255)));
    ColumnBatch.Layout layout = ColumnBatch.Layout.values()[data.consumeInt(0, 1)];
    int n = data.consumeInt(0, MAX_OPS);
    int[] ops = new int[n];
    int[] counts = new int[n];
    for (int i = 0; i < n; i++) {
      ops[i] = data.consumeInt(0, 1);
      counts[i] = FuzzCheck.Plan.count(data.consumeInt(0, 255));
    }
    return new BatchPlan(capacity, layout, ops, counts);
  }

  /** Writes what {@link #read} reads: capacity (1..191), layout, then (op, count byte) pairs. */
  static FuzzSeed write(FuzzSeed s, int capacity, ColumnBatch.Layout layout, int... opsAndCounts) {
    s.pick(capacity).pick(layout.ordinal()).pick(opsAndCounts.length / 2);
    for (int x : opsAndCounts) {
      s.pick(x);
    }
    return s;
  }
}
