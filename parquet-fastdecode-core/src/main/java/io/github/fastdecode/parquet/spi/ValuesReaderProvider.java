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
package io.github.fastdecode.parquet.spi;

import io.github.fastdecode.parquet.BatchValuesReader;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;

/**
 * A source of readers and writers, found with {@link java.util.ServiceLoader}: list the
 * implementation in {@code META-INF/services/io.github.fastdecode.parquet.spi.ValuesReaderProvider}.
 *
 * <p>{@link io.github.fastdecode.parquet.FastDecode} asks providers in descending {@link #priority()}
 * order (ties by class name) and uses the first non-null answer; when none answers it falls back to
 * parquet-java's own reader. A provider answers {@code null} for anything it does not cover.
 */
public interface ValuesReaderProvider {

  /** Higher is asked first. The built-in provider has priority 0. */
  default int priority() {
    return 0;
  }

  /** A reader for a non-dictionary encoding, a fresh instance per call, or {@code null}. */
  BatchValuesReader newValuesReader(ColumnDescriptor column, Encoding encoding);

  /** A reader for a dictionary-encoded data page, or {@code null}. */
  default BatchValuesReader newDictionaryValuesReader(ColumnDescriptor column, Encoding encoding, Dictionary dictionary) {
    return null;
  }

  /** A writer factory, or {@code null}. */
  default ValuesWriterFactory valuesWriterFactory() {
    return null;
  }
}
