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

import java.lang.reflect.Field;
import java.util.Objects;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.hadoop.ParquetWriter;

/**
 * Puts a {@link ValuesWriterFactory} into a parquet-hadoop {@link ParquetWriter.Builder}.
 *
 * <p>parquet-hadoop 1.18.0's builder has no public setter for it: it keeps its {@link
 * ParquetProperties.Builder} in a private field ({@code encodingPropsBuilder}) and the {@code
 * ParquetWriter} constructors that take {@code ParquetProperties} are package-private. This class
 * reaches the private field by reflection, once per builder, before {@code build()}. The cost: it
 * depends on that field's name (checked by this project's tests against the parquet-hadoop it is
 * built with; a parquet-hadoop without it gets an {@link IllegalStateException} saying so, never a
 * silently ignored factory), and it needs reflective access to parquet-hadoop's classes, which the
 * class path and automatic modules give. Code that builds {@code ParquetProperties} itself (its own
 * {@code ColumnWriteStore}) needs none of this: {@code withValuesWriterFactory} is public there.
 */
public final class ParquetWriterBuilders {
  private static final String FIELD = "encodingPropsBuilder";

  private ParquetWriterBuilders() {}

  /** {@code builder}, set to write values with {@link FastDecode#valuesWriterFactory()}. */
  public static <T, B extends ParquetWriter.Builder<T, B>> B withFastValuesWriters(B builder) {
    return withValuesWriterFactory(builder, FastDecode.valuesWriterFactory());
  }

  /** {@code builder}, set to write values with {@code factory} (a fresh one: building initialises it). */
  public static <T, B extends ParquetWriter.Builder<T, B>> B withValuesWriterFactory(B builder, ValuesWriterFactory factory) {
    Objects.requireNonNull(builder, "builder");
    Objects.requireNonNull(factory, "factory");
    encodingProperties(builder).withValuesWriterFactory(factory);
    return builder;
  }

  private static ParquetProperties.Builder encodingProperties(ParquetWriter.Builder<?, ?> builder) {
    Field field;
    try {
      field = ParquetWriter.Builder.class.getDeclaredField(FIELD);
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("this parquet-hadoop's ParquetWriter.Builder has no field " + FIELD
          + ": set the factory with ParquetProperties.Builder.withValuesWriterFactory where the properties are built", e);
    }
    if (field.getType() != ParquetProperties.Builder.class) {
      throw new IllegalStateException("ParquetWriter.Builder." + FIELD + " is a " + field.getType().getName()
          + ", not a ParquetProperties.Builder");
    }
    try {
      field.setAccessible(true);
      return (ParquetProperties.Builder) field.get(builder);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("cannot reach ParquetWriter.Builder." + FIELD + " (is parquet-hadoop in a named module"
          + " that does not open org.apache.parquet.hadoop?)", e);
    }
  }
}
