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

import java.io.IOException;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.api.Binary;

/**
 * A parquet-java {@link ValuesReader} behind the bulk interface ({@link FastDecode#wrap}), for
 * whatever no provider covers:
 * callers never branch on whether a fast reader exists. Bulk calls loop over the delegate's scalar
 * calls, so they are exactly as fast as parquet-java.
 */
final class ParquetJavaValuesReader extends BatchValuesReader {
  private ValuesReader delegate;
  /** Null, or where a fresh delegate for every page comes from (see {@link #freshPerPage}). */
  private final Supplier<? extends ValuesReader> perPage;

  ParquetJavaValuesReader(ValuesReader delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.perPage = null;
  }

  private ParquetJavaValuesReader(Supplier<? extends ValuesReader> perPage) {
    this.perPage = perPage;
    this.delegate = Objects.requireNonNull(perPage.get(), "supplied reader");
  }

  /**
   * A wrapper that takes a new delegate from {@code readers} at every {@code initFromPage}, so it
   * can be reused across pages like the library's own readers. Needed because some parquet-java
   * readers are single-use: {@code DeltaBinaryPackingValuesReader.initFromPage} does not reset its
   * read position, so a second page fails or misreads (its own column reader makes one per page).
   */
  static ParquetJavaValuesReader freshPerPage(Supplier<? extends ValuesReader> readers) {
    return new ParquetJavaValuesReader(Objects.requireNonNull(readers, "readers"));
  }

  /** The wrapped parquet-java reader (for {@link #freshPerPage}, the current page's). */
  ValuesReader delegate() {
    return delegate;
  }

  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    if (perPage != null) {
      delegate = Objects.requireNonNull(perPage.get(), "supplied reader");
    }
    delegate.initFromPage(valueCount, in);
  }

  @Override
  @SuppressWarnings("deprecation")
  public int getNextOffset() {
    return delegate.getNextOffset();
  }

  @Override
  public int readValueDictionaryId() {
    return delegate.readValueDictionaryId();
  }

  @Override
  public boolean readBoolean() {
    return delegate.readBoolean();
  }

  @Override
  public Binary readBytes() {
    return delegate.readBytes();
  }

  @Override
  public float readFloat() {
    return delegate.readFloat();
  }

  @Override
  public double readDouble() {
    return delegate.readDouble();
  }

  @Override
  public int readInteger() {
    return delegate.readInteger();
  }

  @Override
  public long readLong() {
    return delegate.readLong();
  }

  @Override
  public void skip() {
    delegate.skip();
  }

  @Override
  public void skip(int n) {
    delegate.skip(n);
  }

  @Override
  public String toString() {
    return "ParquetJavaValuesReader[" + delegate.getClass().getName() + "]";
  }
}
