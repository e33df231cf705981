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
import java.util.concurrent.Executor;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
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
  private final Executor executor;
  private final int threads;
  private final long readAheadBytes;
  private final boolean storedArrowSchema;
  private final ArrowType binaryType;
  private final ArrowType listType;

  private ArrowReadOptions(Builder b) {
    this.allocator = b.allocator;
    this.batchSize = b.batchSize;
    this.freshRootPerBatch = b.freshRootPerBatch;
    this.dictionaryColumns = Set.copyOf(b.dictionaryColumns);
    this.filter = b.filter;
    this.parquetOptions = b.parquetOptions;
    this.pageSettings = b.pageSettings;
    this.executor = b.executor;
    this.threads = b.threads;
    this.readAheadBytes = b.readAheadBytes;
    this.storedArrowSchema = b.storedArrowSchema;
    this.binaryType = b.binaryType;
    this.listType = b.listType;
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

  /** String or binary columns read as Arrow dictionary vectors, by top-level name or leaf column path (pyarrow's {@code read_dictionary}). */
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

  /** The executor of a parallel scan ({@link Builder#parallel}), or null: the caller's thread reads alone. */
  public Executor executor() {
    return executor;
  }

  /** Threads a parallel scan decodes on at once, the caller's included (1 when single-threaded). */
  public int threads() {
    return threads;
  }

  /** The most bytes of later row groups a parallel scan holds read ahead (0 when single-threaded or off). */
  public long readAheadBytes() {
    return readAheadBytes;
  }

  /** Whether the Arrow schema a writer stored in the file ({@code ARROW:schema}) restores types (true unless turned off). */
  public boolean storedArrowSchema() {
    return storedArrowSchema;
  }

  /**
   * How BYTE_ARRAY strings and binaries are read where no stored Arrow schema says: {@code
   * ArrowType.Binary} (string and binary, the default), {@code ArrowType.LargeBinary} (large_string
   * and large_binary) or {@code ArrowType.BinaryView} (string_view and binary_view); pyarrow's
   * {@code binary_type}.
   */
  public ArrowType binaryType() {
    return binaryType;
  }

  /**
   * How lists are read where no stored Arrow schema says: {@code ArrowType.List} (the default) or
   * {@code ArrowType.LargeList}; pyarrow's {@code list_type}. Maps stay maps.
   */
  public ArrowType listType() {
    return listType;
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
    private Executor executor;
    private int threads = 1;
    private long readAheadBytes;
    private boolean storedArrowSchema = true;
    private ArrowType binaryType = ArrowType.Binary.INSTANCE;
    private ArrowType listType = ArrowType.List.INSTANCE;

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
     * Keeps these BYTE_ARRAY columns (strings or binaries) dictionary-encoded, as pyarrow's {@code
     * read_dictionary}: their vectors hold int32 indices into a dictionary the reader's {@code
     * DictionaryProvider} holds. A top-level column is named by its name; a leaf at any depth (in a
     * list, struct or map) by its Parquet column path, e.g. {@code "tags.list.element"} or {@code
     * "attrs.key_value.key"}. A name that is not a string or binary leaf read is refused at open.
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

    /**
     * A scan on more than one core: the top-level fields are split into {@code threads} groups of
     * about equal compressed size, each read by a file reader of its own whose batches line up with
     * the others' row for row; the groups decode (I/O, decompression, decoding) in tasks on {@code
     * executor}, each up to two batches ahead of the caller, whose {@code next()} copies every
     * group's batch into the vectors. The caller's thread runs any task the executor has not
     * started when it needs its result, so {@code threads} is the executor's threads plus one, and
     * an executor that refuses tasks (or is shut down) only makes the scan single-threaded. Each
     * group reads its next row group's chunks ahead on the same executor ({@code
     * PageSettings.withReadAhead}), all groups together holding at most {@code readAheadBytes} (0:
     * no read-ahead). Filtered scans are
     * parallel too (each group evaluates the row filter on the filter's columns); page-granular
     * filtering (a filter with record filtering off) reads all fields in one group.
     *
     * @param executor bounded or not; its tasks never wait for one another, so a pool of any size works
     * @param threads how many groups the fields are split into, at least 2 (1 turns parallel scans off)
     */
    public Builder parallel(Executor executor, int threads, long readAheadBytes) {
      Objects.requireNonNull(executor, "executor");
      if (threads < 1) {
        throw new IllegalArgumentException(threads + " threads: must be at least 1");
      }
      if (readAheadBytes < 0) {
        throw new IllegalArgumentException("read-ahead of " + readAheadBytes + " bytes");
      }
      this.executor = threads == 1 ? null : executor;
      this.threads = threads;
      this.readAheadBytes = threads == 1 ? 0 : readAheadBytes;
      return this;
    }

    /**
     * Whether the Arrow schema that pyarrow and Arrow C++ store in the file's key-value metadata
     * ({@code ARROW:schema}) restores what Parquet's types cannot say, as pyarrow's {@code
     * read_table} does (true, the default): time zones other than UTC, large_string, large_binary,
     * large_list, duration, decimal256, field metadata, and dictionary-encoded string and binary
     * columns at any depth (with the stored index type; not with {@link #freshRootPerBatch}, where
     * they are read as values). A stored schema that cannot be decoded, or whose top-level fields differ
     * from the file's in number or names, is ignored; so is a stored type that does not fit its
     * column. False maps every column from the Parquet schema alone.
     */
    public Builder storedArrowSchema(boolean use) {
      this.storedArrowSchema = use;
      return this;
    }

    /**
     * The Arrow type of every BYTE_ARRAY string or binary column, at any depth, as pyarrow's {@code
     * binary_type}: {@code ArrowType.Binary.INSTANCE} (string and binary, the default), {@code
     * ArrowType.LargeBinary.INSTANCE} (large_string and large_binary: eight-byte offsets) or {@code
     * new ArrowType.BinaryView()} (string_view and binary_view). As in pyarrow, a stored Arrow schema
     * the reader uses decides instead ({@link #storedArrowSchema}), and decimals, UUIDs and
     * fixed-size binaries are not affected. pyarrow reads {@code read_dictionary} columns as values
     * when a binary type is given; here the two together are refused.
     */
    public Builder binaryType(ArrowType type) {
      Objects.requireNonNull(type, "type");
      if (!(type instanceof ArrowType.Binary || type instanceof ArrowType.LargeBinary || type instanceof ArrowType.BinaryView)) {
        throw new IllegalArgumentException("binary type " + type + ": binary, large_binary or binary_view");
      }
      this.binaryType = type;
      return this;
    }

    /**
     * The Arrow type of every list (LIST groups and repeated fields outside them, at any depth), as
     * pyarrow's {@code list_type}: {@code ArrowType.List.INSTANCE} (the default) or {@code
     * ArrowType.LargeList.INSTANCE} (eight-byte offsets). Maps stay maps. As in pyarrow, a stored
     * Arrow schema the reader uses decides instead ({@link #storedArrowSchema}).
     */
    public Builder listType(ArrowType type) {
      Objects.requireNonNull(type, "type");
      if (!(type instanceof ArrowType.List || type instanceof ArrowType.LargeList)) {
        throw new IllegalArgumentException("list type " + type + ": list or large_list");
      }
      this.listType = type;
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
      if (!(binaryType instanceof ArrowType.Binary) && !dictionaryColumns.isEmpty()) {
        // pyarrow silently reads them as values then; a dictionary of large or view values is not built here.
        throw new IllegalStateException("readDictionary with binaryType " + binaryType
            + ": dictionary columns are read with the default binary type only");
      }
      return new ArrowReadOptions(this);
    }
  }
}
