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

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Setup;

/**
 * One benchmark method timed by the thread's CPU time instead of the wall clock, for A/B runs on a
 * machine shared with other work, where time slices lost to other processes make JMH's wall-clock
 * scores swing by 2x and more between forks. Not a replacement for JMH (no forks, no blackhole, one
 * thread): a setup call, a warm-up of the given CPU seconds, then {@code reps} rounds of 20 calls;
 * prints the fastest round and the 25th and 50th percentiles in ns per value (the benchmark's
 * {@code @OperationsPerInvocation}). Run one JVM per case and alternate the jars:
 *
 * <pre>
 * java --add-modules=jdk.incubator.vector -Dfastdecode.vector.background=false -cp benchmarks.jar \
 *     io.github.fastdecode.parquet.benchmarks.jmh.CpuTimeRun RleDictionaryIdsBenchmark fastdecode 3 40 bitWidth=8 shape=random
 * </pre>
 */
public final class CpuTimeRun {
  private CpuTimeRun() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println("usage: CpuTimeRun CLASS METHOD WARMUP_SECONDS REPS [param=value ...]");
      System.exit(2);
    }
    Class<?> c = Class.forName(CpuTimeRun.class.getPackageName() + "." + args[0]);
    Object bench = c.getDeclaredConstructor().newInstance();
    set(c, bench, "callSite", "megamorphic");
    for (int i = 4; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      set(c, bench, kv[0], kv[1]);
    }
    for (Method m : c.getMethods()) {
      if (m.isAnnotationPresent(Setup.class)) {
        m.invoke(bench);
      }
    }
    Method method = c.getMethod(args[1]);
    org.openjdk.jmh.annotations.OperationsPerInvocation ops =
        c.getAnnotation(org.openjdk.jmh.annotations.OperationsPerInvocation.class);
    int perCall = ops == null ? 1 : ops.value();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long warmUp = (long) (Double.parseDouble(args[2]) * 1e9);
    int checksum = 0;
    long start = threads.getCurrentThreadCpuTime();
    while (threads.getCurrentThreadCpuTime() - start < warmUp) {
      checksum += method.invoke(bench).hashCode();
    }
    int reps = Integer.parseInt(args[3]);
    double[] nsPerValue = new double[reps];
    for (int r = 0; r < reps; r++) {
      int calls = 20;
      long s = threads.getCurrentThreadCpuTime();
      for (int k = 0; k < calls; k++) {
        checksum += method.invoke(bench).hashCode();
      }
      nsPerValue[r] = (threads.getCurrentThreadCpuTime() - s) / (double) calls / perCall;
    }
    Arrays.sort(nsPerValue);
    System.out.printf("%s.%s %s min %.4f p25 %.4f med %.4f ns/value (checksum %d)%n", args[0], args[1],
        String.join(",", Arrays.copyOfRange(args, 4, args.length)), nsPerValue[0], nsPerValue[reps / 4],
        nsPerValue[reps / 2], checksum);
  }

  /** Sets a {@code @Param} field (int or String) if the class has it. */
  private static void set(Class<?> c, Object bench, String name, String value) throws IllegalAccessException {
    Field f;
    try {
      f = c.getDeclaredField(name);
    } catch (NoSuchFieldException e) {
      if (name.equals("callSite")) {
        return;
      }
      throw new IllegalArgumentException(c.getSimpleName() + " has no parameter " + name, e);
    }
    f.setAccessible(true);
    if (f.getType() == int.class) {
      f.setInt(bench, Integer.parseInt(value));
    } else {
      f.set(bench, value);
    }
  }
}
