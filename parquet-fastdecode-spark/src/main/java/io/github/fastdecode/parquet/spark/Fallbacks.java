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
package io.github.fastdecode.parquet.spark;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Says once per reason (per JVM) that a file went to Spark's own reader, and counts every time. */
final class Fallbacks {
  private static final Logger LOG = LoggerFactory.getLogger(FastDecodeFileFormat.class);
  private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();
  private static final java.util.concurrent.atomic.AtomicLong FILES = new java.util.concurrent.atomic.AtomicLong();

  private Fallbacks() {}

  /**
   * Counts and logs (at WARN, once per reason) a file left to Spark's reader; with {@code error}
   * ({@value FastDecodeFileFormat#FALLBACK}{@code =error}) fails instead, naming the file and reason.
   */
  static void fileFallsBack(String file, String reason, boolean error) {
    if (error) {
      throw new FallbackRefusedException("parquet-fastdecode would leave " + file + " to Spark's Parquet reader: " + reason
          + " (" + FastDecodeFileFormat.FALLBACK + "=error)");
    }
    FILES.incrementAndGet();
    if (LOGGED.add(reason)) {
      LOG.warn("parquet-fastdecode leaves {} to Spark's Parquet reader: {} (logged once per reason)", file, reason);
    }
  }

  /** As {@link #fileFallsBack} for a whole scan (decided when Spark builds the scan's reader). */
  static void scanFallsBack(String reason, String paths, boolean error) {
    if (error) {
      throw new FallbackRefusedException("parquet-fastdecode would leave the scan of " + paths
          + " to Spark's Parquet reader: " + reason + " (" + FastDecodeFileFormat.FALLBACK + "=error)");
    }
    if (LOGGED.add(reason)) {
      LOG.warn("parquet-fastdecode leaves the scan of {} to Spark's Parquet reader: {} (logged once per reason)", paths, reason);
    }
  }

  /** What {@value FastDecodeFileFormat#FALLBACK}{@code =error} throws instead of leaving a file to Spark's reader. */
  static final class FallbackRefusedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    FallbackRefusedException(String message) {
      super(message);
    }
  }

  private static final java.util.concurrent.atomic.AtomicLong READ = new java.util.concurrent.atomic.AtomicLong();

  private static final java.util.concurrent.atomic.AtomicLong WRAPPED = new java.util.concurrent.atomic.AtomicLong();
  private static final java.util.concurrent.atomic.AtomicLong COPIED = new java.util.concurrent.atomic.AtomicLong();

  /**
   * Counts a file split read by parquet-fastdecode, with how many of its columns Spark reads through
   * vectors over the library's batches ({@code wrapped}) and how many are copied into Spark's.
   */
  static void fileRead(int wrapped, int copied) {
    READ.incrementAndGet();
    WRAPPED.addAndGet(wrapped);
    COPIED.addAndGet(copied);
  }

  /** Columns of file splits shown to Spark without a copy since this JVM started (for tests). */
  static long columnsWrapped() {
    return WRAPPED.get();
  }

  /** Columns of file splits copied into Spark's vectors since this JVM started (for tests). */
  static long columnsCopied() {
    return COPIED.get();
  }

  /** File splits read by parquet-fastdecode since this JVM started (for tests and diagnostics). */
  static long filesRead() {
    return READ.get();
  }

  /** Files read by Spark's reader since this JVM started (for tests and diagnostics). */
  static long filesFallenBack() {
    return FILES.get();
  }
}
