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
package io.github.fastdecode.parquet.internal;

import java.lang.reflect.Method;
import java.nio.ByteOrder;

/**
 * Whether the decoders may use their Vector API kernels ({@code jdk.incubator.vector}) now.
 *
 * <p>The kernels are an optional speed-up, and every dispatch site asks {@link #on()} each time it
 * runs. They can switch on only when the JVM was started with {@code --add-modules
 * jdk.incubator.vector}, on a little-endian machine, and on a JDK where whole-file scans measured
 * no slower with them than without ({@link #AUTO_FROM_JDK} and later; see below). A daemon thread
 * waits until {@link #DEFAULT_DELAY_MILLIS} ms after this class was first used, then runs each
 * kernel's self-check against its scalar twin and, if every one passes, switches the kernels on.
 * Until then, and for good if a self-check fails, the scalar code runs, with the same results. The vector classes are
 * only loaded by that check, so a JVM without the module never touches them.
 *
 * <p>Why the delay: until the JIT has compiled a kernel, the Vector API boxes every vector. With the
 * kernels on from the start, a fresh JVM's first whole-file scan of a 4,000,000-row file took twice
 * the scalar code's time (JDK 17 and 25: about 620 to 860 ms against 270 to 370), after a quarter
 * of a second of self-checks on the caller's thread. Switched on later, the JIT's work costs one
 * scan about 300 ms once (JDK 25, snappy file: 415 ms against 113), after which each scan is about
 * 5% faster: a process that scans for longer than the delay wins it back, and a short one never
 * pays it. Warming the kernels up on the background thread instead cost more: on two cores it
 * slowed the scans beside it for about two seconds.
 *
 * <p>Why JDK 17 to 24 keep them off unless asked: on JDK 17 a whole-file scan with the kernels was
 * 1.5x (snappy) to 2.1x (uncompressed V2) slower than the scalar code at steady state. Kernels that
 * use two vector shapes of one element type share the Vector API's own methods, whose call profiles
 * then name two vector classes; JDK 17's JIT inlines both and can no longer intrinsify the load or
 * store, and falls back to boxing every vector. JDK 25 compiles the same scans without the
 * fallback. JDK 21 was not measured (no runtime with the module here) and is treated like 17.
 *
 * <p>System properties: {@code -Dfastdecode.vector=false} turns the kernels off; {@code =true}
 * allows them below {@link #AUTO_FROM_JDK} too (microbenchmarks of one kernel, whose profiles stay
 * clean). {@code -Dfastdecode.vector.delay=N} sets the delay in milliseconds (0: as soon as the
 * self-check has passed). {@code -Dfastdecode.vector.background=false} runs the self-check while
 * this class initialises, on the caller's thread, and switches the kernels on at once (the tests,
 * which must know which code they exercise).
 */
public final class VectorSupport {
  /** System property: {@code false} turns the vector kernels off, {@code true} allows them on any JDK. */
  public static final String PROPERTY = "fastdecode.vector";

  /** System property: {@code false} self-checks while this class initialises and switches on at once. */
  public static final String BACKGROUND_PROPERTY = "fastdecode.vector.background";

  /** System property: milliseconds after first use before the kernels switch on. */
  public static final String DELAY_PROPERTY = "fastdecode.vector.delay";

  /** The default of {@link #DELAY_PROPERTY}. */
  public static final long DEFAULT_DELAY_MILLIS = 10_000;

  /** The first JDK feature release on which the kernels may switch on without {@code -Dfastdecode.vector=true}. */
  public static final int AUTO_FROM_JDK = 25;

  /**
   * The class that self-checks and describes every vector kernel. It sits in a package
   * above the kernels' packages (this one is below them all), so it is named, not imported.
   */
  static final String PROBE = "io.github.fastdecode.parquet.spi.VectorProbe";

  /** Whether the kernels may switch on in this JVM. A constant, so the JIT drops every vector branch when not. */
  private static final boolean ALLOWED;

  /** Set once the self-check has passed (and, in the background, the delay is over); never cleared. */
  private static volatile boolean on;

  private static volatile String status;

  private static final long STARTED = System.nanoTime();

  static {
    String off = whyNotAllowed();
    ALLOWED = off == null;
    if (!ALLOWED) {
      status = "off: " + off;
    } else if ("false".equalsIgnoreCase(System.getProperty(BACKGROUND_PROPERTY, "true").trim())) {
      settle(false);
    } else {
      status = "starting: self-check on a background thread " + delayMillis() + " ms after first use, kernels on if it passes (scalar code until then)";
      Thread t = new Thread(() -> settle(true), "fastdecode-vector-check");
      t.setDaemon(true);
      t.setPriority(Thread.MIN_PRIORITY);
      t.start();
    }
  }

  private VectorSupport() {}

  /**
   * Whether the vector kernels are to be used now. Constant {@code false} where they cannot switch
   * on; otherwise one volatile read, which dispatch sites make once per call.
   */
  public static boolean on() {
    return ALLOWED && on;
  }

  /** Whether the kernels may switch on in this JVM (they are on, or their check is running). */
  public static boolean allowed() {
    return ALLOWED;
  }

  /** One line saying whether the vector kernels are on, starting, or off and why. */
  public static String status() {
    return status;
  }

  /**
   * Waits up to {@code millis} for the background check and the delay to end; returns {@link #on()}.
   * For benchmarks and tools that want to measure a settled JVM.
   */
  public static boolean awaitSettled(long millis) throws InterruptedException {
    long end = System.nanoTime() + millis * 1_000_000L;
    while (ALLOWED && !on && status.startsWith("starting") && System.nanoTime() < end) {
      Thread.sleep(10);
    }
    return on();
  }

  private static void settle(boolean background) {
    String failed;
    try {
      if (background) {
        // The check waits too: run at once, its interpreted kernels took CPU from a fresh JVM's first
        // scan on two cores (JDK 25 cold scans 715-744 ms against 549-570 on JDK 17, which had no check).
        long left = delayMillis() - (System.nanoTime() - STARTED) / 1_000_000;
        if (left > 0) {
          Thread.sleep(left);
        }
      }
      failed = probe("selfCheck");
    } catch (InterruptedException e) {
      failed = "the background check was interrupted";
    } catch (Throwable t) {
      failed = "vector kernels unavailable: " + t;
    }
    if (failed.isEmpty()) {
      status = "on: " + probe("describe");
      on = true;
    } else {
      status = "off: " + failed;
    }
  }

  private static long delayMillis() {
    return Math.max(0, Long.getLong(DELAY_PROPERTY, DEFAULT_DELAY_MILLIS));
  }

  private static String whyNotAllowed() {
    String asked = System.getProperty(PROPERTY, "").trim();
    if ("false".equalsIgnoreCase(asked)) {
      return "-D" + PROPERTY + "=false";
    }
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      return "module jdk.incubator.vector not loaded (start the JVM with --add-modules jdk.incubator.vector)";
    }
    if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
      return "big-endian platform";
    }
    int jdk = Runtime.version().feature();
    if (jdk < AUTO_FROM_JDK && !"true".equalsIgnoreCase(asked)) {
      return "JDK " + jdk + " (whole-file scans measured slower with the kernels before JDK " + AUTO_FROM_JDK
          + "; -D" + PROPERTY + "=true turns them on anyway)";
    }
    return null;
  }

  private static String probe(String method) {
    try {
      Method m = Class.forName(PROBE).getDeclaredMethod(method);
      m.setAccessible(true);
      return (String) m.invoke(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e.getCause() != null ? e.getCause() : e);
    }
  }
}
