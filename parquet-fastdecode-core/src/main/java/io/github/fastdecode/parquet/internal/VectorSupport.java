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
 * Whether the decoders may use their Vector API kernels ({@code jdk.incubator.vector}).
 *
 * <p>The kernels are an optional speed-up: they run only when the JVM was started with {@code
 * --add-modules jdk.incubator.vector}, the machine's preferred vectors are at least 256 bits wide,
 * and a self-check of each kernel against its scalar twin passes at start-up. Otherwise every
 * decoder uses its scalar code, with the same results. {@code -Dfastdecode.vector=false} turns the
 * kernels off. The vector classes are only loaded once this check has passed, so a JVM without
 * the module never touches them.
 */
public final class VectorSupport {
  /** System property that turns the vector kernels off when {@code false}. */
  public static final String PROPERTY = "fastdecode.vector";

  /**
   * The class that self-checks and describes every vector kernel. It sits in a package above the
   * kernels' packages (this one is below them all), so it is named, not imported.
   */
  static final String PROBE = "io.github.fastdecode.parquet.spi.VectorProbe";

  /** Whether the vector kernels are in use. A constant, so the JIT drops the branch not taken. */
  public static final boolean ENABLED;

  private static final String STATUS;

  static {
    String off = whyOff();
    ENABLED = off == null;
    STATUS = off == null ? "on: " + probe("describe") : "off: " + off;
  }

  private VectorSupport() {}

  /** One line saying whether the vector kernels are on, and why not if they are off. */
  public static String status() {
    return STATUS;
  }

  private static String whyOff() {
    if ("false".equalsIgnoreCase(System.getProperty(PROPERTY, "true").trim())) {
      return "-D" + PROPERTY + "=false";
    }
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      return "module jdk.incubator.vector not loaded (start the JVM with --add-modules jdk.incubator.vector)";
    }
    if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
      return "big-endian platform";
    }
    try {
      String failed = probe("selfCheck");
      return failed.isEmpty() ? null : failed;
    } catch (Throwable t) {
      return "vector kernels unavailable: " + t;
    }
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
