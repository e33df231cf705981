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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.annotations.Param;

/**
 * Every Trino benchmark case decodes exactly parquet-java's values: each class's setup, for every
 * default parameter combination, with Trino's scalar code and (with the vector module) its vector
 * code, runs the check the benchmark fork runs ({@link Verify} over all 8 pages, against parquet-java
 * on the same bytes). Needs Java 25 and the contender in the build: the build's JDK 25 test run
 * (the surefire execution {@code trino-jdk25}) runs it; on older JDKs it is skipped, saying why.
 */
class TrinoContenderTest {
  private static final List<Class<? extends TrinoBenchmark>> CLASSES = List.of(
      TrinoPlainBenchmark.class,
      TrinoDeltaBinaryPackedInt32Benchmark.class,
      TrinoDeltaBinaryPackedInt64Benchmark.class,
      TrinoByteStreamSplitBenchmark.class,
      TrinoRleDictionaryIdsBenchmark.class,
      TrinoDefinitionLevelsBenchmark.class,
      TrinoBooleanBenchmark.class,
      TrinoByteArrayBenchmark.class,
      TrinoDeltaLengthByteArrayBenchmark.class);

  /** Skips the calling test, saying why, where the contender cannot run (JDK below 25, or built without it). */
  private static void assumeTrinoRuns() {
    String reason = TrinoContender.unavailableReason();
    Assumptions.assumeTrue(reason == null, () -> "skipped: " + reason);
  }

  private static boolean vectorModule() {
    return ModuleLayer.boot().findModule(ForkOptions.VECTOR_MODULE).isPresent();
  }

  @TestFactory
  Stream<DynamicTest> everyCaseDecodesParquetJavasValues() {
    assumeTrinoRuns();
    List<Boolean> modes = vectorModule() ? List.of(false, true) : List.of(false);
    List<DynamicTest> tests = new ArrayList<>();
    for (Class<? extends TrinoBenchmark> c : CLASSES) {
      for (Map<Field, String> params : combinations(c)) {
        for (boolean vector : modes) {
          String name = c.getSimpleName() + " " + describe(params) + (vector ? " vector" : " scalar");
          tests.add(dynamicTest(name, () -> {
            TrinoBenchmark b = c.getDeclaredConstructor().newInstance();
            for (Map.Entry<Field, String> e : params.entrySet()) {
              set(b, e.getKey(), e.getValue());
            }
            b.vectorized = vector;
            setup(b); // throws IllegalStateException naming page and value on the first mismatch
            int decoded = b.trino();
            if (!(b instanceof TrinoDefinitionLevelsBenchmark)) { // which returns the non-null rows, checked in setup
              assertEquals(BenchmarkPages.PAGES * b.checkedValues(), decoded, name + ": values decoded");
            }
          }));
        }
      }
    }
    return tests.stream();
  }

  /** Trino's own choice is the vector code exactly when the module is loaded on a 256-bit machine (Trino's rule). */
  @Test
  void defaultModeFollowsTrinosRule() {
    assumeTrinoRuns();
    TrinoContender.Factory trino = TrinoContender.load();
    if (!vectorModule()) {
      assertEquals(false, trino.vectorized(), trino.describe());
    }
    assertTrue(trino.describe().startsWith("Trino "), trino.describe());
  }

  /** The check the benchmarks run is not vacuous: Trino's values of one page shape against parquet-java's of another fail it. */
  @Test
  void theCheckCatchesAWrongWiring() {
    assumeTrinoRuns();
    TrinoContender.PageDecoder trino = TrinoContender.load(false)
        .values(PrimitiveTypeName.INT64, Encoding.DELTA_BINARY_PACKED, BenchmarkPages.VALUES_PER_PAGE);
    BenchmarkPages wide = DeltaBinaryPackedInt64Benchmark.pages("wide");
    BenchmarkPages monotonic = DeltaBinaryPackedInt64Benchmark.pages("monotonic");
    long[] expected = new long[BenchmarkPages.VALUES_PER_PAGE];
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Verify.samePages("wrong pages", wide,
        BenchmarkPages.VALUES_PER_PAGE, expected, p -> {
          DeltaBinaryPackingValuesReader r = new DeltaBinaryPackingValuesReader();
          wide.init(r, p);
          ParquetJavaCalls.readLongs(r, expected, BenchmarkPages.VALUES_PER_PAGE);
        }, trino.destination(), p -> trino.readPage(monotonic.bytes(p), BenchmarkPages.VALUES_PER_PAGE)));
    assertTrue(e.getMessage().contains("differs"), e.getMessage());
  }

  /** Every combination of the class's {@code @Param} defaults (its own and inherited fields). */
  private static List<Map<Field, String>> combinations(Class<?> c) {
    List<Map<Field, String>> out = new ArrayList<>();
    out.add(new LinkedHashMap<>());
    for (Class<?> k = c; k != Object.class; k = k.getSuperclass()) {
      for (Field f : k.getDeclaredFields()) {
        Param param = f.getAnnotation(Param.class);
        if (param == null || Modifier.isStatic(f.getModifiers())) {
          continue;
        }
        List<Map<Field, String>> next = new ArrayList<>();
        for (Map<Field, String> partial : out) {
          for (String v : param.value()) {
            Map<Field, String> m = new LinkedHashMap<>(partial);
            m.put(f, v);
            next.add(m);
          }
        }
        out = next;
      }
    }
    return out;
  }

  private static void set(Object target, Field f, String value) throws IllegalAccessException {
    f.setAccessible(true);
    if (f.getType() == int.class) {
      f.setInt(target, Integer.parseInt(value));
    } else {
      f.set(target, value);
    }
  }

  private static void setup(TrinoBenchmark b) throws Exception {
    b.getClass().getMethod("setup").invoke(b);
  }

  private static String describe(Map<Field, String> params) {
    StringBuilder sb = new StringBuilder();
    params.forEach((f, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(f.getName()).append('=').append(v));
    return sb.toString();
  }
}
