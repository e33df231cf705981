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
package io.github.fastdecode.parquet;

import io.github.fastdecode.parquet.dictionary.DictionaryReader;
import io.github.fastdecode.parquet.internal.VectorSupport;
import io.github.fastdecode.parquet.spi.ValuesReaderProvider;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.factory.DefaultValuesWriterFactory;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.hadoop.ParquetWriter;

/**
 * Entry point: the best available reader for a column and encoding, and a writer factory.
 *
 * <pre>{@code
 * BatchValuesReader reader = FastDecode.newValuesReader(column, Encoding.DELTA_BINARY_PACKED);
 * reader.initFromPage(valueCount, pageValues);   // a ByteBufferInputStream
 * reader.readLongs(values, 0, nonNullCount);
 * }</pre>
 *
 * Providers are discovered once, with {@link ServiceLoader}, from this class's class loader.
 * Anything no provider covers gets parquet-java's own reader behind the bulk interface ({@link
 * #wrap}), so the bulk calls work for every column.
 */
public final class FastDecode {
  private FastDecode() {}

  private static final class Providers {
    static final List<ValuesReaderProvider> ALL = load();

    private static List<ValuesReaderProvider> load() {
      List<ValuesReaderProvider> found = new ArrayList<>();
      for (ValuesReaderProvider p : ServiceLoader.load(ValuesReaderProvider.class, FastDecode.class.getClassLoader())) {
        found.add(p);
      }
      found.sort(Comparator.comparingInt(ValuesReaderProvider::priority).reversed()
          .thenComparing(p -> p.getClass().getName()));
      return Collections.unmodifiableList(found);
    }
  }

  /** The discovered providers, in the order they are asked. */
  public static List<ValuesReaderProvider> providers() {
    return Providers.ALL;
  }

  /**
   * A reader for a non-dictionary encoding of {@code column}'s values: the first provider's, else
   * parquet-java's.
   */
  public static BatchValuesReader newValuesReader(ColumnDescriptor column, Encoding encoding) {
    return newValuesReader(column, encoding, Providers.ALL);
  }

  /**
   * As {@link #newValuesReader(ColumnDescriptor, Encoding)}, asking only {@code providers}, in their
   * order (an empty list gives parquet-java's reader).
   */
  public static BatchValuesReader newValuesReader(ColumnDescriptor column, Encoding encoding, Iterable<? extends ValuesReaderProvider> providers) {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(encoding, "encoding");
    if (encoding.usesDictionary()) {
      throw new IllegalArgumentException(encoding + " needs a dictionary: use newDictionaryValuesReader");
    }
    for (ValuesReaderProvider p : providers) {
      BatchValuesReader r = p.newValuesReader(column, encoding);
      if (r != null) {
        return r;
      }
    }
    // A fresh parquet-java reader per page, as its column reader does: some cannot be re-initialised.
    return ParquetJavaValuesReader.freshPerPage(() -> encoding.getValuesReader(column, ValuesType.VALUES));
  }

  /** A reader for a dictionary-encoded data page of {@code column}. */
  public static BatchValuesReader newDictionaryValuesReader(ColumnDescriptor column, Encoding encoding, Dictionary dictionary) {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(encoding, "encoding");
    Objects.requireNonNull(dictionary, "dictionary");
    for (ValuesReaderProvider p : Providers.ALL) {
      BatchValuesReader r = p.newDictionaryValuesReader(column, encoding, dictionary);
      if (r != null) {
        return r;
      }
    }
    return new ParquetJavaValuesReader(encoding.getDictionaryBasedValuesReader(column, ValuesType.VALUES, dictionary));
  }

  /**
   * Reads a dictionary page into a {@link Dictionary} (what {@link #newDictionaryValuesReader}
   * takes), first checking that the page's bytes hold the entries its header claims: a lying header
   * is a {@link org.apache.parquet.io.ParquetDecodingException} here, not an out-of-memory error or
   * an index error in parquet-java's {@code initDictionary}. The dictionary is this library's: the
   * entries decoded once into arrays, which this library's dictionary readers take without copying,
   * and the values parquet-java's own dictionary gives through every {@code Dictionary} method.
   */
  public static Dictionary readDictionary(ColumnDescriptor column, DictionaryPage page) throws IOException {
    return DictionaryReader.readPage(Objects.requireNonNull(column, "column"), Objects.requireNonNull(page, "page"));
  }

  /** Whether the vector kernels (module {@code jdk.incubator.vector}) run now; see {@link #vectorKernelsStatus()}. */
  public static boolean vectorKernelsOn() {
    return VectorSupport.on();
  }

  /** One line saying whether the vector kernels are on, starting, or off and why (for logs and tools). */
  public static String vectorKernelsStatus() {
    return VectorSupport.status();
  }

  /**
   * A new writer factory: the first provider's (the built-in one unless a higher-priority provider
   * offers one), else parquet-java's default. The built-in factory chooses exactly the encodings
   * parquet-java's {@code DefaultValuesWriterFactory} chooses, for V1 and V2 pages, every type and
   * the per-column dictionary and BYTE_STREAM_SPLIT settings, writes the same bytes, and returns
   * only {@link BatchValuesWriter}s. Pass it to {@link
   * org.apache.parquet.column.ParquetProperties.Builder#withValuesWriterFactory}; each {@code
   * ParquetProperties} needs its own (building the properties initialises it).
   */
  public static ValuesWriterFactory valuesWriterFactory() {
    for (ValuesReaderProvider p : Providers.ALL) {
      ValuesWriterFactory f = p.valuesWriterFactory();
      if (f != null) {
        return f;
      }
    }
    return new DefaultValuesWriterFactory();
  }

  /**
   * {@code reader}, a parquet-java reader, behind the bulk interface: the bulk calls loop over its
   * scalar calls (parquet-java's speed and values). For a provider that covers an encoding with
   * parquet-java's own reader. Some parquet-java readers cannot be re-initialised for a second page:
   * use {@link #wrapFreshPerPage} for those.
   */
  public static BatchValuesReader wrap(ValuesReader reader) {
    return new ParquetJavaValuesReader(reader);
  }

  /**
   * Like {@link #wrap}, with a new parquet-java reader from {@code readers} at every {@code
   * initFromPage}, so it can be reused across pages like the library's own readers ({@code
   * DeltaBinaryPackingValuesReader}, for one, does not reset its position on a second page).
   */
  public static BatchValuesReader wrapFreshPerPage(Supplier<? extends ValuesReader> readers) {
    return ParquetJavaValuesReader.freshPerPage(readers);
  }

  /**
   * {@code builder}, set to write values with {@link #valuesWriterFactory()}: parquet-hadoop's
   * {@code ParquetWriter.Builder} (1.15.0 to 1.18.x) has no public setter for the values writer
   * factory, so this reaches its {@code ParquetProperties.Builder} reflectively; a parquet-hadoop
   * without that field gets an {@link IllegalStateException} saying so, never an ignored factory.
   */
  public static <T, B extends ParquetWriter.Builder<T, B>> B withFastValuesWriters(B builder) {
    return WriterBuilders.withValuesWriterFactory(builder, valuesWriterFactory());
  }

  /** {@code builder}, set to write values with {@code factory} (a fresh one: building initialises it). */
  public static <T, B extends ParquetWriter.Builder<T, B>> B withValuesWriterFactory(B builder, ValuesWriterFactory factory) {
    return WriterBuilders.withValuesWriterFactory(builder, factory);
  }
}
