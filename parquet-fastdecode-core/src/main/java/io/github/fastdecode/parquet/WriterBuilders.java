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

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.Objects;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.hadoop.ParquetWriter;

/**
 * Puts a {@link ValuesWriterFactory} into a parquet-hadoop {@link ParquetWriter.Builder}, for {@link
 * FastDecode#withFastValuesWriters} and {@link FastDecode#withValuesWriterFactory}.
 *
 * <p>parquet-hadoop's builder (1.15.0 to 1.18.x) has no public setter for it: it keeps its {@link
 * ParquetProperties.Builder} in a private field ({@code encodingPropsBuilder}) and the {@code
 * ParquetWriter} constructors that take {@code ParquetProperties} are package-private. This class
 * finds a getter for the private field once, when it loads, and reads it once per builder, before
 * {@code build()}. The cost: it depends on that field's name (checked by this project's tests
 * against each supported parquet-hadoop; one without it gets an {@link IllegalStateException}
 * saying so at first use, never a silently ignored factory), and it needs reflective access to
 * parquet-hadoop's classes, which the class path and automatic modules give. Code that builds {@code ParquetProperties} itself (its own
 * {@code ColumnWriteStore}) needs none of this: {@code withValuesWriterFactory} is public there.
 */
final class WriterBuilders {
  private static final String FIELD = "encodingPropsBuilder";
  /** Getter of the builder's {@link #FIELD}, found once when this class loads; null if there is none. */
  private static final MethodHandle ENCODING_PROPERTIES;
  /** Why {@link #ENCODING_PROPERTIES} is null, thrown at first use. */
  private static final IllegalStateException PROBLEM;

  static {
    MethodHandle getter = null;
    IllegalStateException problem = null;
    try {
      getter = MethodHandles.privateLookupIn(ParquetWriter.Builder.class, MethodHandles.lookup())
          .findGetter(ParquetWriter.Builder.class, FIELD, ParquetProperties.Builder.class);
    } catch (NoSuchFieldException e) {
      problem = new IllegalStateException("this parquet-hadoop's ParquetWriter.Builder has no ParquetProperties.Builder field " + FIELD
          + ": set the factory with ParquetProperties.Builder.withValuesWriterFactory where the properties are built", e);
    } catch (IllegalAccessException | RuntimeException e) {
      problem = new IllegalStateException("cannot reach ParquetWriter.Builder." + FIELD + " (is parquet-hadoop in a named module"
          + " that does not open org.apache.parquet.hadoop?)", e);
    }
    ENCODING_PROPERTIES = getter;
    PROBLEM = problem;
  }

  private WriterBuilders() {}

  static <T, B extends ParquetWriter.Builder<T, B>> B withValuesWriterFactory(B builder, ValuesWriterFactory factory) {
    Objects.requireNonNull(builder, "builder");
    Objects.requireNonNull(factory, "factory");
    encodingProperties(builder).withValuesWriterFactory(factory);
    return builder;
  }

  private static ParquetProperties.Builder encodingProperties(ParquetWriter.Builder<?, ?> builder) {
    if (ENCODING_PROPERTIES == null) {
      throw new IllegalStateException(PROBLEM.getMessage(), PROBLEM.getCause());
    }
    try {
      return (ParquetProperties.Builder) ENCODING_PROPERTIES.invoke(builder);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("cannot read ParquetWriter.Builder." + FIELD, e);
    }
  }
}
