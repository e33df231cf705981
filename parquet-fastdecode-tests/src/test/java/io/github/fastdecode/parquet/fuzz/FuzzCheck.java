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
import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.conformance.InputKind;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.function.Supplier;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * The property every fuzz target checks, and the fuzzer-chosen way a page is decoded.
 *
 * <p>Property: decoding an input either succeeds or ends with a {@link ParquetDecodingException}
 * (any subclass) whose message names the encoding; calls that convert units may also throw
 * {@link ArithmeticException}, as {@link BatchValuesReader} documents. Any other throwable fails
 * the input. Time: in fuzzing mode ({@code JAZZER_FUZZ} set) an input that takes more than {@link
 * #TIME_LIMIT_NANOS} fails (an endless loop is left to Jazzer's own timeout); regression runs on a
 * busy build machine do not check time. Memory: the bytes the decoding thread allocates for one input (reader,
 * page views, scratch, exception) stay within {@link #allocationBound}, a small multiple of the
 * input and of what the calls returned, plus a constant for fixed-size scratch; an allocation
 * sized by a header field fails it.
 *
 * <p>A new target (a page of a column chunk, a whole file) is one more class: pick its options from
 * the {@link FuzzedDataProvider}, then hand {@link #check} a body that decodes and reports the bytes
 * it returns through {@link #produced(long)} (a {@link Plan} does both for a values reader).
 */
final class FuzzCheck {
  /** Fixed per-input allowance: reader scratch (at most a few chunks of 4096 values), exceptions, boxing. */
  static final long ALLOCATION_CONSTANT = 256 * 1024;
  /** Per input byte: the page copies of non-heap inputs, dictionaries materialised from it. */
  static final long PER_INPUT_BYTE = 32;
  /** Per returned byte: binary batches and scalar byte arrays grow with what they return. */
  static final long PER_OUTPUT_BYTE = 4;
  /**
   * Per returned byte in fuzzing mode, where Jazzer's coverage instrumentation allocates in the
   * decoding thread in proportion to the code run (measured: 404 KB for a dictionary input whose
   * calls return 28 KB and which allocates 10 KB uninstrumented). Regression runs keep {@link
   * #PER_OUTPUT_BYTE}; an allocation sized by a header field is far beyond either.
   */
  static final long PER_OUTPUT_BYTE_INSTRUMENTED = 32;
  static final long TIME_LIMIT_NANOS = 1_000_000_000L;
  private static final boolean FUZZING = System.getenv("JAZZER_FUZZ") != null && !System.getenv("JAZZER_FUZZ").isEmpty();
  /** Calls per input at most. */
  static final int MAX_CALLS = 48;

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private FuzzCheck() {}

  /** Bytes the calls of the input being checked have returned so far (they count even if a later call throws). */
  private static long produced;

  /** Decodes; each call reports what it returned through {@link #produced(long)}. */
  @FunctionalInterface
  interface Body {
    void decode() throws Exception;
  }

  static void produced(long bytes) {
    produced += bytes;
  }

  /** For {@link #check(String, Failure, long, long, Body)}: no allocation bound, only time and exceptions. */
  static final long UNBOUNDED = -1;

  static long allocationBound(long perInputByte, long inputBytes, long outputBytes) {
    return ALLOCATION_CONSTANT + perInputByte * inputBytes
        + (FUZZING ? PER_OUTPUT_BYTE_INSTRUMENTED : PER_OUTPUT_BYTE) * outputBytes;
  }

  /** Runs an input over the allocation bound or the time limit this many times before it counts. */
  static final int ATTEMPTS = 3;

  /**
   * Runs {@code body} under the property. An input over the allocation bound or the time limit is
   * run again, up to {@link #ATTEMPTS} times, and fails only if every run is over: class loading,
   * Jazzer's instrumentation of newly reached code and a GC pause happen once, an allocation sized
   * by a header field happens every time.
   */
  static void check(String encoding, long inputBytes, Body body) {
    check(encoding, namesEncoding(encoding), PER_INPUT_BYTE, inputBytes, body);
  }

  /**
   * As {@link #check(String, long, Body)}, with {@code failure} deciding which exceptions are an
   * accepted end of an input, and {@code perInputByte} bytes of allocation allowed per input byte
   * (not {@link #PER_INPUT_BYTE}; {@link #UNBOUNDED}: none checked); {@code what} names the target
   * in failures.
   */
  static void check(String what, Failure failure, long perInputByte, long inputBytes, Body body) {
    if (!THREADS.isThreadAllocatedMemoryEnabled()) {
      THREADS.setThreadAllocatedMemoryEnabled(true);
    }
    for (int attempt = 1; ; attempt++) {
      long before = THREADS.getCurrentThreadAllocatedBytes();
      long start = System.nanoTime();
      long out = run(what, failure, body);
      long nanos = System.nanoTime() - start;
      long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
      long bound = perInputByte == UNBOUNDED ? Long.MAX_VALUE : allocationBound(perInputByte, inputBytes, out);
      boolean slow = FUZZING && nanos > TIME_LIMIT_NANOS;
      if (allocated <= bound && !slow) {
        return;
      }
      if (attempt == ATTEMPTS) {
        throw new AssertionError(what + (slow ? ": took " + nanos / 1_000_000 + " ms" : ": allocated " + allocated
            + " bytes (bound " + bound + ")") + " for an input of " + inputBytes + " bytes whose calls returned "
            + out + " bytes, in each of " + ATTEMPTS + " runs");
      }
    }
  }

  /** Which exceptions may end an input: returns if {@code e} is one, else throws an {@link AssertionError}. */
  @FunctionalInterface
  interface Failure {
    void accept(Exception e);
  }

  /** The decoders' rule: a {@link ParquetDecodingException} whose message names {@code encoding}. */
  static Failure namesEncoding(String encoding) {
    return e -> {
      if (!(e instanceof ParquetDecodingException)) {
        throw new AssertionError(encoding + ": expected success or ParquetDecodingException, got " + e, e);
      }
      checkMessage(encoding, (ParquetDecodingException) e);
    };
  }

  /** Runs the body under the exception property; returns the bytes its calls returned. */
  private static long run(String what, Failure failure, Body body) {
    produced = 0;
    try {
      body.decode();
    } catch (Exception e) {
      failure.accept(e);
    } catch (OutOfMemoryError | StackOverflowError e) {
      throw new AssertionError(what + ": " + e, e);
    }
    return produced;
  }

  /**
   * Checks where an accepted exception came from. The column-chunk reader and the file reader wrap
   * what goes wrong below them, so a clean {@link ParquetDecodingException} on top may hide an
   * index error or a null pointer in the project's own code: the chain is walked to its root cause,
   * which must be a {@link ParquetDecodingException} (somebody named the problem), an {@link
   * IOException} (a declared, checked failure: bytes a page or file does not have), or thrown (see
   * {@link #origin}) by a class whose name starts with one of {@code parquetJava}: the parts of
   * parquet-java the caller allows to reject an input. Anything else, in particular an unchecked
   * exception thrown by {@code io.github.fastdecode} code, and an {@link Error} anywhere in the
   * chain, is a finding.
   */
  static void checkCauses(String what, Throwable top, String... parquetJava) {
    Throwable root = top;
    for (int depth = 0; ; depth++) {
      if (root instanceof Error) {
        throw new AssertionError(what + ": an Error in the chain of " + top, top);
      }
      Throwable cause = root.getCause();
      if (cause == null || cause == root || depth > 32) {
        break;
      }
      root = cause;
    }
    if (root instanceof ParquetDecodingException || root instanceof IOException) {
      return;
    }
    String origin = origin(root);
    if (origin != null && !origin.startsWith(PROJECT)) {
      for (String p : parquetJava) {
        if (origin.startsWith(p)) {
          return;
        }
      }
    }
    throw new AssertionError(what + ": " + root.getClass().getName() + " thrown by " + origin
        + " (not a ParquetDecodingException, not from " + String.join(", ", parquetJava) + ") under " + top, top);
  }

  private static final String PROJECT = "io.github.fastdecode.";

  /**
   * The class that threw {@code e}: its first stack frame outside the JDK and outside the helpers
   * everybody calls (parquet-common's byte streams in {@code org.apache.parquet.bytes} and its
   * {@code Preconditions}, and the tests' in-memory file, which stands for the file system), so an
   * exception from a helper is blamed on its caller. Null if every frame is such code.
   */
  static String origin(Throwable e) {
    for (StackTraceElement f : e.getStackTrace()) {
      String c = f.getClassName();
      if (!(c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")
          || c.startsWith("org.apache.parquet.bytes.") || c.equals("org.apache.parquet.Preconditions")
          || c.startsWith(IN_MEMORY_FILE))) {
        return c;
      }
    }
    return null;
  }

  private static final String IN_MEMORY_FILE = "io.github.fastdecode.parquet.conformance.InMemoryInputFile";

  static void checkMessage(String encoding, ParquetDecodingException e) {
    String m = e.getMessage();
    if (m == null || !m.contains(encoding)) {
      throw new AssertionError("ParquetDecodingException whose message does not name " + encoding + ": " + m, e);
    }
  }

  /** How a fuzz target calls a reader: value count, input shape, and a sequence of calls. */
  static final class Plan {
    final int valueCount;
    final InputKind input;
    final FuzzCall[] calls;
    final int[] counts;

    private Plan(int valueCount, InputKind input, FuzzCall[] calls, int[] counts) {
      this.valueCount = valueCount;
      this.input = input;
      this.calls = calls;
      this.counts = counts;
    }

    /**
     * Reads a plan from the end of the fuzzer's input (see {@link FuzzSeed#plan} for the layout):
     * value count (exact, large, near 2^31 or negative), input kind, then up to {@link #MAX_CALLS}
     * calls from {@code vocabulary}, each with a count up to {@link FuzzCall#MAX_COUNT}.
     */
    static Plan read(FuzzedDataProvider data, FuzzCall[] vocabulary) {
      int valueCount;
      switch (data.consumeInt(0, 3)) {
        case 0: valueCount = data.consumeInt(0, 0xFFFF); break;
        case 1: valueCount = data.consumeInt(0, 0xFFFF) << 10; break;
        case 2: valueCount = Integer.MAX_VALUE - data.consumeInt(0, 255); break;
        default: valueCount = -1 - data.consumeInt(0, 255); break;
      }
      InputKind input = InputKind.values()[data.consumeInt(0, InputKind.values().length - 1)];
      int n = data.consumeInt(0, MAX_CALLS);
      FuzzCall[] calls = new FuzzCall[n];
      int[] counts = new int[n];
      for (int i = 0; i < n; i++) {
        calls[i] = vocabulary[data.consumeInt(0, vocabulary.length - 1)];
        counts[i] = count(data.consumeInt(0, 255));
      }
      return new Plan(valueCount, input, calls, counts);
    }

    /** One byte to a count: 0..191 as is, then steps of 64 up to {@link FuzzCall#MAX_COUNT}. */
    static int count(int b) {
      return b < 192 ? b : (b - 191) * 64;
    }

    /**
     * Initialises {@code reader} on {@code page} and makes the calls. A call that converts may
     * overflow ({@link ArithmeticException}); like a decoding error, that ends the input.
     */
    void run(BatchValuesReader reader, byte[] page) throws Exception {
      reader.initFromPage(valueCount, input.open(page));
      calls(reader);
    }

    void calls(BatchValuesReader reader) {
      for (int i = 0; i < calls.length; i++) {
        try {
          produced(calls[i].call(reader, counts[i]));
        } catch (ArithmeticException e) {
          if (!calls[i].converts) {
            throw e;
          }
          return;
        }
      }
    }
  }

  /** The common target: a plan, then the rest of the input as the page, read by a fresh reader. */
  static void decodePage(FuzzedDataProvider data, String encoding, FuzzCall[] vocabulary, Supplier<? extends BatchValuesReader> reader) {
    Plan plan = Plan.read(data, vocabulary);
    byte[] page = data.consumeRemainingAsBytes();
    check(encoding, page.length, () -> plan.run(reader.get(), page));
  }
}
