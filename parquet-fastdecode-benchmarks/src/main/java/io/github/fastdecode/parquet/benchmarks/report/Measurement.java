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
package io.github.fastdecode.parquet.benchmarks.report;

import java.util.Map;

/**
 * One benchmark result from a JMH JSON file, in nanoseconds per operation.
 *
 * <p>With {@code @OperationsPerInvocation(n)} JMH already divides both the score and the gc
 * profiler's {@code gc.alloc.rate.norm} by {@code n}, so for this project's benchmarks one
 * operation is one value.
 *
 * @param jdk the JDK feature version the fork ran on (17, 21, 25, ...)
 * @param className the benchmark class's simple name
 * @param method the benchmark method's name ({@code parquetJava}, {@code fastdecode}, ...)
 * @param params the JMH parameters in the file's order (empty for a class without any)
 * @param nsPerOp the score converted to ns/op
 * @param errorNs JMH's score error (half the 99.9% confidence interval) in ns/op; NaN when JMH
 *     could not compute one (a single measurement iteration)
 * @param allocBytesPerOp {@code gc.alloc.rate.norm} in bytes/op, NaN when the gc profiler did not run
 * @param source the file it came from
 */
public record Measurement(
    int jdk,
    String className,
    String method,
    Map<String, String> params,
    double nsPerOp,
    double errorNs,
    double allocBytesPerOp,
    String source) {

  /** The lower end of JMH's confidence interval (never below zero), NaN without an error. */
  public double low() {
    return Math.max(0, nsPerOp - errorNs);
  }

  /** The upper end of JMH's confidence interval, NaN without an error. */
  public double high() {
    return nsPerOp + errorNs;
  }
}
