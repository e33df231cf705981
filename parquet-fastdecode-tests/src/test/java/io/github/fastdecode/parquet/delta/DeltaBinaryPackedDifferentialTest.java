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
package io.github.fastdecode.parquet.delta;

import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DeltaBinaryPackedReader against parquet-java's DeltaBinaryPackingValuesReader on pages written by
 * parquet-java: every data shape, page size, block layout, read plan and input kind.
 */
class DeltaBinaryPackedDifferentialTest {
  private static final long SEED = 0xDE17AL;
  private static final int BIG = 100_003;

  private static String label(String type, String shape, int n, int[] layout) {
    return "DELTA_BINARY_PACKED " + type + " " + shape + " n=" + n + " seed=" + SEED + " layout=" + layout[0] + "/" + layout[1];
  }

  private static boolean fitsMicros(long[] values, long factor) {
    for (long v : values) {
      if (v > Long.MAX_VALUE / factor || v < Long.MIN_VALUE / factor) {
        return false;
      }
    }
    return true;
  }

  // Block size / miniblocks: the default, then layouts parquet-java accepts but rarely writes.
  @ParameterizedTest(name = "block {0} / {1} miniblocks")
  @CsvSource({"128, 4", "8, 1", "64, 2", "256, 8", "1024, 4", "32, 4"})
  void int64MatchesParquetJava(int blockSize, int miniBlocks) {
    int[] layout = {blockSize, miniBlocks};
    for (int n : DataShapes.PAGE_SIZES) {
      if (n == BIG) {
        continue;
      }
      for (Map.Entry<String, long[]> shape : DataShapes.integerShapes(n, SEED, 64).entrySet()) {
        long[] values = shape.getValue();
        byte[] page = ParquetJavaPages.deltaLongs(values, layout[0], layout[1]);
        String label = label("INT64", shape.getKey(), n, layout);
        List<ReadPlan> plans = ReadPlan.standard(n);
        check(label, page, n, ValueKind.INT64, plans, false);
        boolean main = layout[0] == 128;
        // Conversions share the decode path: the default layout covers them with every plan.
        List<ReadPlan> some = main ? plans : List.of(ReadPlan.bulk(n, 33), ReadPlan.random(n, 7, 100));
        check(label, page, n, ValueKind.UNSIGNED_BIG_ENDIAN, some, false);
        check(label, page, n, ValueKind.NANOS_AS_MICROS, some, false);
        if (fitsMicros(values, 1000)) {
          check(label, page, n, ValueKind.MILLIS_AS_MICROS, some, false);
        }
      }
    }
  }

  @ParameterizedTest(name = "block {0} / {1} miniblocks")
  @CsvSource({"128, 4", "8, 1", "64, 2", "256, 8", "1024, 4", "32, 4"})
  void int32MatchesParquetJava(int blockSize, int miniBlocks) {
    int[] layout = {blockSize, miniBlocks};
    for (int n : DataShapes.PAGE_SIZES) {
      if (n == BIG) {
        continue;
      }
      Map<String, long[]> shapes = DataShapes.integerShapes(n, SEED, 32);
      shapes.put("days", DataShapes.wide(n, SEED, 18));
      for (Map.Entry<String, long[]> shape : shapes.entrySet()) {
        long[] values = shape.getValue();
        byte[] page = ParquetJavaPages.deltaInts(values, layout[0], layout[1]);
        String label = label("INT32", shape.getKey(), n, layout);
        List<ReadPlan> plans = ReadPlan.standard(n);
        check32(label, page, n, ValueKind.INT32, plans);
        boolean main = layout[0] == 128;
        List<ReadPlan> some = main ? plans : List.of(ReadPlan.bulk(n, 33), ReadPlan.random(n, 7, 100));
        check32(label, page, n, ValueKind.INT32_AS_INT64, some);
        check32(label, page, n, ValueKind.INT32_AS_DOUBLE, some);
        if (fitsMicros(values, 86_400_000_000L)) {
          check32(label, page, n, ValueKind.DATE_AS_MICROS, some);
        }
      }
    }
  }

  /**
   * Evenly spaced runs (each block of only width-0 miniblocks), the step changing from run to run
   * and runs of random steps between some of them: whole-block reads take a run of such blocks with
   * one min delta in one step, and must stop where the min delta or the widths change.
   */
  @ParameterizedTest(name = "block {0} / {1} miniblocks")
  @CsvSource({"128, 4", "8, 1", "32, 4"})
  void evenlySpacedRunsMatchParquetJava(int blockSize, int miniBlocks) {
    int[] layout = {blockSize, miniBlocks};
    int n = 6_000;
    long[] steps = {3, 3, -5, 0, 0, 7, 1_000_000_007L, -1};
    Random r = new Random(SEED);
    long[] values = new long[n];
    long x = -12_345;
    for (int i = 0; i < n; i++) {
      int run = i / 700;
      x += run % 4 == 3 ? r.nextInt(100) - 50 : steps[run % steps.length];
      values[i] = x;
    }
    List<ReadPlan> plans = ReadPlan.standard(n);
    check(label("INT64", "evenlySpaced", n, layout), ParquetJavaPages.deltaLongs(values, blockSize, miniBlocks), n,
        ValueKind.INT64, plans, false);
    check32(label("INT32", "evenlySpaced", n, layout), ParquetJavaPages.deltaInts(DataShapes.narrow(values), blockSize, miniBlocks),
        n, ValueKind.INT32, plans);
  }

  /** 100,003 values: the reduced plan set, every shape, two layouts. */
  @ParameterizedTest(name = "block {0} / {1} miniblocks")
  @CsvSource({"128, 4", "1024, 4"})
  void bigPagesMatchParquetJava(int blockSize, int miniBlocks) {
    int[] layout = {blockSize, miniBlocks};
    List<ReadPlan> plans = ReadPlan.standard(BIG);
    for (Map.Entry<String, long[]> shape : DataShapes.integerShapes(BIG, SEED, 64).entrySet()) {
      byte[] page = ParquetJavaPages.deltaLongs(shape.getValue(), layout[0], layout[1]);
      check(label("INT64", shape.getKey(), BIG, layout), page, BIG, ValueKind.INT64, plans, true);
    }
    for (Map.Entry<String, long[]> shape : DataShapes.integerShapes(BIG, SEED, 32).entrySet()) {
      byte[] page = ParquetJavaPages.deltaInts(shape.getValue(), layout[0], layout[1]);
      check32(label("INT32", shape.getKey(), BIG, layout), page, BIG, ValueKind.INT32, plans);
    }
  }

  private static void check(String label, byte[] page, int n, ValueKind kind, List<ReadPlan> plans, boolean fewInputs) {
    InputKind[] inputs = fewInputs ? new InputKind[] {InputKind.HEAP, InputKind.MULTI_BUFFER} : InputKind.values();
    Differential.check(label, DeltaBinaryPackingValuesReader::new, DeltaBinaryPackedReader::forInt64, page, n, n, kind, plans, inputs);
  }

  private static void check32(String label, byte[] page, int n, ValueKind kind, List<ReadPlan> plans) {
    InputKind[] inputs = n > 5_000 ? new InputKind[] {InputKind.HEAP, InputKind.DIRECT} : InputKind.values();
    Differential.check(label, DeltaBinaryPackingValuesReader::new, DeltaBinaryPackedReader::forInt32, page, n, n, kind, plans, inputs);
  }
}
