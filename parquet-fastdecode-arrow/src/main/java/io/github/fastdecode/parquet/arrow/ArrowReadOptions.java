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
package io.github.fastdecode.parquet.arrow;

import io.github.fastdecode.parquet.file.PageSettings;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.compat.FilterCompat;

/**
 * How an {@link ArrowParquetReader} reads: the caller's allocator, the rows per batch, whether each
 * batch gets a root of its own, which string columns stay dictionary-encoded, and the filter or
 * parquet-hadoop read options the underlying {@code ParquetBatchReader} gets.
 *
 * <pre>{@code
 * ArrowReadOptions options = ArrowReadOptions.builder(allocator)
 *     .batchSize(8192)
 *     .filter(FilterCompat.get(gt(longColumn("id"), 1000L)))
 *     .readDictionary("country")
 *     .build();
 * }</pre>
 */
public final class ArrowReadOptions {
  /** Rows per batch unless {@link Builder#batchSize} says otherwise. */
  public static final int DEFAULT_BATCH_SIZE = 4096;

  private final BufferAllocator allocator;
  private final int batchSize;
  private final boolean freshRootPerBatch;
  private final Set<String> dictionaryColumns;
  private final FilterCompat.Filter filter;
  private final ParquetReadOptions parquetOptions;
  private final PageSettings pageSettings;

  private ArrowReadOptions(Builder b) {
    this.allocator = b.allocator;
    this.batchSize = b.batchSize;
    this.freshRootPerBatch = b.freshRootPerBatch;
    this.dictionaryColumns = Set.copyOf(b.dictionaryColumns);
    this.filter = b.filter;
    this.parquetOptions = b.parquetOptions;
    this.pageSettings = b.pageSettings;
  }

  /** Options that allocate every Arrow buffer from {@code allocator}. */
  public static Builder builder(BufferAllocator allocator) {
    return new Builder(allocator);
  }

  /** Where every buffer of every batch (and of dictionaries) comes from. */
  public BufferAllocator allocator() {
    return allocator;
  }

  /** Most rows (records) per batch. */
  public int batchSize() {
    return batchSize;
  }

  /** Whether each batch is a new root the caller owns (false: one root, reused and owned by the reader). */
  public boolean freshRootPerBatch() {
    return freshRootPerBatch;
  }

  /** Top-level string or binary columns read as Arrow dictionary vectors (pyarrow's {@code read_dictionary}). */
  public Set<String> dictionaryColumns() {
    return dictionaryColumns;
  }

  /** The filter, or null. */
  public FilterCompat.Filter filter() {
    return filter;
  }

  /** parquet-hadoop read options of the caller's, or null for the defaults. */
  public ParquetReadOptions parquetOptions() {
    return parquetOptions;
  }

  /** How the file reader reads pages (checksums, coalescing, read-ahead), or null for its defaults. */
  public PageSettings pageSettings() {
    return pageSettings;
  }

  /** Builds {@link ArrowReadOptions}. */
  public static final class Builder {
    private final BufferAllocator allocator;
    private int batchSize = DEFAULT_BATCH_SIZE;
    private boolean freshRootPerBatch;
    private final Set<String> dictionaryColumns = new LinkedHashSet<>();
    private FilterCompat.Filter filter;
    private ParquetReadOptions parquetOptions;
    private PageSettings pageSettings;

    private Builder(BufferAllocator allocator) {
      this.allocator = Objects.requireNonNull(allocator, "allocator");
    }

    /** Most rows (records) per batch; a batch never spans row groups, so it may hold fewer. */
    public Builder batchSize(int rows) {
      if (rows <= 0) {
        throw new IllegalArgumentException("batch size " + rows + " must be positive");
      }
      this.batchSize = rows;
      return this;
    }

    /**
     * Whether every batch comes in a new {@code VectorSchemaRoot} that the caller owns and closes
     * (true), or in one root the reader reuses and closes (false, the default).
     */
    public Builder freshRootPerBatch(boolean fresh) {
      this.freshRootPerBatch = fresh;
      return this;
    }

    /**
     * Keeps these top-level BYTE_ARRAY columns (strings or binaries) dictionary-encoded: their
     * vectors hold int32 indices into a dictionary the reader's {@code DictionaryProvider} holds.
     */
    public Builder readDictionary(String... columns) {
      for (String c : columns) {
        dictionaryColumns.add(Objects.requireNonNull(c, "column"));
      }
      return this;
    }

    /**
     * A parquet-java filter: row groups and pages that cannot match are skipped and batches hold
     * only the matching rows, as {@code ParquetBatchReader.open(input, columns, filter)} does.
     */
    public Builder filter(FilterCompat.Filter filter) {
      this.filter = Objects.requireNonNull(filter, "filter");
      return this;
    }

    /**
     * parquet-hadoop read options (codecs, filters, record filtering on or off); they take the
     * place of {@link #filter}, so put a filter into them with {@code withRecordFilter}.
     */
    public Builder parquetOptions(ParquetReadOptions options) {
      this.parquetOptions = Objects.requireNonNull(options, "options");
      return this;
    }

    /**
     * How the file reader gets its pages ({@code ParquetBatchReader.open(input, columns, options,
     * settings)}): page CRC verification, read coalescing, and {@link PageSettings#withReadAhead}, which
     * fetches the next row group's chunks on your executor while the current one is decoded.
     */
    public Builder pageSettings(PageSettings settings) {
      this.pageSettings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    public ArrowReadOptions build() {
      if (filter != null && parquetOptions != null) {
        throw new IllegalStateException("give the filter inside the parquet read options (withRecordFilter), not both");
      }
      if (freshRootPerBatch && !dictionaryColumns.isEmpty()) {
        // The dictionaries live in the reader and change per batch; a caller-owned root would outlive them.
        throw new IllegalStateException("dictionary columns need the reused root (freshRootPerBatch(false))");
      }
      return new ArrowReadOptions(this);
    }
  }
}
