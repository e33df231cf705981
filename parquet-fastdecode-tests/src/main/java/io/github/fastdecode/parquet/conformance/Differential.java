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
package io.github.fastdecode.parquet.conformance;

import io.github.fastdecode.parquet.BatchValuesReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Supplier;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Decodes one page with parquet-java's reader (the oracle, scalar calls) and with a {@link
 * BatchValuesReader} under every read plan and input kind, and fails on the first difference,
 * naming the page, input, plan, step and value.
 */
public final class Differential {
  private Differential() {}

  /** Builder-free entry point: see {@link #check(String, Supplier, Supplier, byte[], int, int, ValueKind, List, InputKind...)}. */
  public static void check(String label, Supplier<? extends ValuesReader> oracle, Supplier<? extends BatchValuesReader> subject,
      byte[] page, int valueCount, ValueKind kind, List<ReadPlan> plans) {
    check(label, oracle, subject, page, valueCount, valueCount, kind, plans, InputKind.values());
  }

  /**
   * @param valueCount the count passed to {@code initFromPage} (may include nulls)
   * @param readable how many values the page holds (non-null values); plans read exactly this many
   */
  public static void check(String label, Supplier<? extends ValuesReader> oracle, Supplier<? extends BatchValuesReader> subject,
      byte[] page, int valueCount, int readable, ValueKind kind, List<ReadPlan> plans, InputKind... inputs) {
    ValuesReader o = oracle.get();
    Object expected;
    try {
      o.initFromPage(valueCount, InputKind.HEAP.open(page));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    expected = kind.expected(o, readable);
    for (InputKind input : inputs) {
      // One reader per input, re-initialised for every plan: exercises the reuse path.
      BatchValuesReader r = subject.get();
      for (ReadPlan plan : plans) {
        run(label + " [" + kind + ", " + input + ", " + plan + "]", r, input.open(page), valueCount, expected, kind, plan);
      }
    }
  }

  static void run(String where, BatchValuesReader r, ByteBufferInputStream in, int valueCount, Object expected, ValueKind kind, ReadPlan plan) {
    try {
      r.initFromPage(valueCount, in);
    } catch (IOException e) {
      throw new UncheckedIOException(where, e);
    }
    kind.pageStarted(r, where);
    int pos = 0;
    int total = kind.length(expected);
    for (int s = 0; s < plan.steps.size(); s++) {
      ReadPlan.Step step = plan.steps.get(s);
      String at = where + " step " + s + " " + step;
      switch (step.op) {
        case BULK:
          kind.bulk(r, expected, pos, step.count, at);
          break;
        case SCALAR:
          for (int i = 0; i < step.count; i++) {
            kind.scalar(r, expected, pos + i, at);
          }
          break;
        case SKIP_ONE:
          r.skip();
          break;
        case SKIP:
          r.skip(step.count);
          break;
        default:
          throw new AssertionError(step.op);
      }
      pos += step.count;
    }
    if (pos != total) {
      throw new AssertionError(where + ": plan read " + pos + " of " + total + " values");
    }
    // Past the end: a clean ParquetDecodingException, never padding or another exception type.
    expectPastEnd(where + " scalar read after the last value", () -> kind.touchScalar(r));
    expectPastEnd(where + " bulk read after the last value", () -> kind.touchBulk(r, 1));
  }

  private static void expectPastEnd(String where, Runnable read) {
    try {
      read.run();
    } catch (ParquetDecodingException expectedFailure) {
      return;
    } catch (AssertionError | RuntimeException e) {
      throw new AssertionError(where + ": expected ParquetDecodingException, got " + e, e);
    }
    throw new AssertionError(where + ": read past the page's values returned a value");
  }
}
