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

import java.lang.module.ModuleFinder;
import java.util.ArrayList;
import java.util.List;

/** JVM options the benchmark forks get so fastdecode runs as a user would run it in production. */
public final class ForkOptions {
  /** Loaded in every benchmark fork where the JDK has it, so fastdecode's vector kernels run. */
  public static final String VECTOR_MODULE = "jdk.incubator.vector";

  /**
   * Given with the module: the kernels switch on (where the JDK allows them) as the fork starts,
   * not after the library's production delay, so a fork measures one code path throughout and
   * JMH's warm-up iterations do what the delay does in a long-running process.
   */
  public static final String SETTLED_AT_START = "-Dfastdecode.vector.background=false";

  private ForkOptions() {}

  /**
   * JMH options that load {@link #VECTOR_MODULE} in the forks ({@link #SETTLED_AT_START} with it), unless the caller set fork flags of
   * their own or this JDK lacks the module.
   */
  public static List<String> withVectorModule(List<String> jmhArgs) {
    boolean own = jmhArgs.contains("-jvmArgs") || jmhArgs.contains("-jvmArgsAppend");
    if (own || ModuleFinder.ofSystem().find(VECTOR_MODULE).isEmpty()) {
      return jmhArgs;
    }
    List<String> out = new ArrayList<>(jmhArgs);
    out.add("-jvmArgsAppend");
    out.add("--add-modules=" + VECTOR_MODULE + " " + SETTLED_AT_START);
    return out;
  }

  /**
   * JMH options that leave the Trino benchmarks out ({@code -e}, {@link TrinoContender#BENCHMARKS})
   * when forks of Java {@code forkFeature} cannot run them (below {@link TrinoContender#JAVA_FEATURE},
   * or a jar built without the contender): they are skipped there, not failed.
   */
  public static List<String> withoutTrinoBelow(List<String> jmhArgs, int forkFeature) {
    if (TrinoContender.runsOn(forkFeature)) {
      return jmhArgs;
    }
    List<String> out = new ArrayList<>(jmhArgs);
    out.add("-e");
    out.add(TrinoContender.BENCHMARKS);
    return out;
  }
}
