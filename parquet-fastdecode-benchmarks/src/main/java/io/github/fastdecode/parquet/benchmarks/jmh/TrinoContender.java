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

import java.lang.reflect.InvocationTargetException;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Trino's Parquet value decoders ({@code io.trino:trino-parquet}, the version in the benchmark
 * module's pom) as a third contender beside parquet-java and fastdecode: the fastest decoders of
 * another JVM engine, measured on the same pages as the other two by the {@code Trino*Benchmark}
 * classes, in JDK 25 forks only.
 *
 * <p>Trino's classes need Java 25 and this module is compiled with {@code --release 17}, so the
 * code that calls Trino lives in {@code src/trino/java}, compiled by JDK 25's javac where the build
 * finds one, and is reached only through the interfaces here, loaded by name ({@link #IMPLEMENTATION}).
 * {@link #unavailableReason()} says why it cannot run in this JVM, if it cannot; the runner leaves
 * the Trino benchmarks out of such forks ({@link ForkOptions#withoutTrinoBelow}).
 *
 * <p>Each page is decoded the way Trino's flat column reader does it: a new decoder for the page
 * from Trino's {@code ValueDecoders} for the column (one per column, made once), initialised on the
 * page's values section, then read in batches of {@link #BATCH} values into one reused array, each
 * batch at its place in the page (so the whole page can be checked against parquet-java). Where
 * Trino's reader keeps values in its own form, so does the contender: FLOAT and DOUBLE as raw bits
 * in {@code int[]} and {@code long[]}, booleans as bytes, byte arrays in Trino's {@code
 * BinaryBuffer} (one per batch, joined into one slice, as Trino builds a block from it), definition
 * levels as a validity bitmap. Vector decoding is on when Trino would turn it on: the vector module
 * loaded and a preferred vector size of at least 256 bits.
 */
public final class TrinoContender {
  /** The Java feature version Trino's classes need. */
  public static final int JAVA_FEATURE = 25;

  /** The class in {@code src/trino/java} that implements {@link Factory}. */
  public static final String IMPLEMENTATION = "io.github.fastdecode.parquet.benchmarks.trino.TrinoDecoders";

  /** Values per read call, as the method asks (Trino's own reader reads batches of up to 8,192 rows). */
  public static final int BATCH = 4096;

  /** A JMH regex for every Trino benchmark of the jar: {@code Trino<Class>Benchmark.trino}. */
  public static final String BENCHMARKS = "\\.Trino[A-Za-z0-9]*Benchmark\\.";

  private TrinoContender() {}

  /** One benchmark case: how Trino decodes a page of it. Not thread-safe; one per benchmark state. */
  public interface PageDecoder {
    /**
     * Decodes the first {@code count} values of the page's values section {@code page} into {@link
     * #destination()} from index 0, in batches of {@link #BATCH}; returns {@code count}, or for
     * definition levels the number of non-null rows.
     */
    int readPage(byte[] page, int count);

    /**
     * Skips {@code skipRun} values then reads one, {@code reads} times, the values read landing at
     * 0, 1, ... of {@link #destination()}; returns {@code reads}.
     */
    int skipPage(byte[] page, int reads, int skipRun);

    /**
     * The reused array Trino decodes into ({@code int[]}, {@code long[]} or {@code byte[]}, values
     * at their indexes), or null where Trino's form is not an array of values (byte arrays,
     * definition levels): then {@link #export} gives them for checking.
     */
    Object destination();

    /**
     * For the setup check only, never timed: copies the first {@code count} values of the last page
     * decoded into {@code target}, a {@code org.apache.parquet.io.api.Binary[]} for byte arrays or
     * an {@code int[]} of definition levels (0 or 1).
     */
    void export(Object target, int count);
  }

  /** Makes the page decoders; implemented by {@link #IMPLEMENTATION}. */
  public interface Factory {
    /**
     * Values of a column of {@code type} in {@code encoding}, into the array Trino's reader uses
     * for the type: {@code int[]} for INT32 and FLOAT (its bits), {@code long[]} for INT64 and
     * DOUBLE (its bits), {@code byte[]} (0 or 1) for BOOLEAN, a {@code BinaryBuffer} per batch for
     * BINARY.
     */
    PageDecoder values(PrimitiveTypeName type, Encoding encoding, int capacity);

    /** INT32 values widened to {@code long[]} (Trino's decoder for an INT32 column read as BIGINT). */
    PageDecoder int32AsLongs(Encoding encoding, int capacity);

    /**
     * Dictionary ids of an RLE_DICTIONARY data page: its bit-width byte, then the RLE / bit-packed
     * hybrid, into {@code int[]} (Trino's dictionary decoder makes an id decoder per page).
     */
    PageDecoder dictionaryIds(int capacity);

    /**
     * Definition levels of an optional top-level column (max level 1) in a V1 page (a 4-byte
     * length, then the hybrid), into Trino's validity bitmap; {@code readPage} returns the non-null
     * rows.
     */
    PageDecoder definitionLevels(int capacity);

    /** Whether the decoders made use Trino's vector code. */
    boolean vectorized();

    /** Trino's version and the decoding mode, for labels and logs. */
    String describe();
  }

  /**
   * Why the Trino contender cannot run in this JVM (too old a Java, or the jar was built without
   * it), or null when it can.
   */
  public static String unavailableReason() {
    if (!isBuiltIn()) {
      return "this benchmarks.jar was built without the Trino contender (the build found no JDK " + JAVA_FEATURE
          + "; see docs/benchmarks.md)";
    }
    int feature = Runtime.version().feature();
    if (feature < JAVA_FEATURE) {
      return "Trino's decoders need Java " + JAVA_FEATURE + " or later; this JVM is Java " + feature;
    }
    return null;
  }

  /**
   * Whether the jar holds the contender (the build found JDK 25). Looks for the class file, not
   * the class: a JDK 17 runner cannot load it, but still decides for its JDK 25 forks.
   */
  public static boolean isBuiltIn() {
    return TrinoContender.class.getClassLoader().getResource(IMPLEMENTATION.replace('.', '/') + ".class") != null;
  }

  /** Whether forks of this Java feature version can run the Trino benchmarks of this jar. */
  public static boolean runsOn(int forkFeature) {
    return forkFeature >= JAVA_FEATURE && isBuiltIn();
  }

  /**
   * The factory, with Trino's own choice of vector decoding: on when the vector module is loaded
   * and the JVM prefers vectors of 256 bits or more.
   *
   * @throws IllegalStateException naming {@link #unavailableReason()} when it cannot run here
   */
  public static Factory load() {
    return load(null);
  }

  /**
   * The factory with vector decoding forced on or off ({@code null}: Trino's own choice); tests use
   * it to check both of Trino's code paths.
   */
  public static Factory load(Boolean vectorized) {
    String reason = unavailableReason();
    if (reason != null) {
      throw new IllegalStateException(reason);
    }
    try {
      Class<?> c = Class.forName(IMPLEMENTATION, true, TrinoContender.class.getClassLoader());
      return (Factory) c.getConstructor(Boolean.class).newInstance(vectorized);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("cannot start Trino's decoders: " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalStateException("cannot start Trino's decoders: " + e, e);
    }
  }
}
