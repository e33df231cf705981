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
package io.github.fastdecode.parquet.column;

import io.github.fastdecode.parquet.file.PageReadException;
import io.github.fastdecode.parquet.file.PageSettings;
import io.github.fastdecode.parquet.file.RowGroupReader;
import io.github.fastdecode.parquet.file.SelectedRows;
import java.io.Closeable;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexStore;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Reads chosen columns of a Parquet file, of any schema, in row batches: one {@link ColumnBatch}
 * per leaf column ({@link #nextBatch(ColumnBatch[])}), or whole records in the schema's shape
 * ({@link #newRecordBatch(int)}, {@link #nextBatch(RecordBatch)}), row group after row group.
 * Columns are chosen by top-level field name (all the leaves below it) or by leaf path; {@link
 * #readableColumns()} lists the leaves. A row is a record: the batch of a repeated column holds
 * whole records and their offsets (see {@link ColumnBatch}).
 *
 * <pre>{@code
 * try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(path), List.of("id", "name"))) {
 *   ColumnBatch[] batches = reader.newBatches(4096, ColumnBatch.Layout.DENSE);
 *   int rows;
 *   while ((rows = reader.nextBatch(batches)) > 0) {
 *     long[] ids = batches[0].longs();              // column "id", INT64
 *     BinaryBatch names = batches[1].binaries();    // column "name", BYTE_ARRAY
 *     boolean[] nameIsNull = batches[1].nulls();
 *   }
 * }
 * }</pre>
 *
 * <p>A batch never spans row groups, so it may hold fewer rows than its capacity. Columns are named
 * by their path joined with {@code .} ({@code "address.city"}). parquet-hadoop reads the footer; a
 * local file needs no Hadoop configuration, only the Hadoop classes parquet-hadoop itself loads.
 * Not thread-safe.
 *
 * <p>Pages: a scan of an unencrypted file reads its column chunks itself ({@link RowGroupReader}:
 * one positioned read per run of adjacent chunks into reused buffers, page headers checked field by
 * field, pages decompressed into reused buffers, page CRC32s verified; a filtered scan reads only
 * the pages holding selected rows, by the offset index), unless {@link PageSettings} (or the system
 * property {@code fastdecode.pages=parquet-hadoop}) asks for parquet-hadoop's pages. Encrypted files
 * always take parquet-hadoop's pages, through {@code ParquetFileReader}, checked as the next
 * paragraphs say. With {@link PageSettings#withReadAhead} the next row group's chunks are fetched on
 * the given executor while the current one is decoded (unfiltered scans); decoding stays on the
 * caller's thread.
 *
 * <p>Before parquet-hadoop reads a row group, the reader checks that the chunks it will read lie
 * within the file and walks the page headers of the one chunk parquet-hadoop may read past its
 * declared end (the last one it reads), so that a lying size is a {@link PageReadException}
 * rather than an allocation of up to 2 GB (see {@code ChunkBoundsCheck}). Cost per row group: one
 * read of up to 8 KiB per page header of that one chunk that is not in the previous read's window,
 * and parsing those headers a second time; page bodies are not read. Row groups that are skipped
 * whole are not read by parquet-hadoop, so not checked.
 *
 * <p>parquet-hadoop inflates a compressed page into an array of the size its header claims, so
 * each page's claim is bounded by its chunk's stored bytes times the codec's largest expansion
 * ({@link CodecExpansion}; checked by {@link ColumnChunkReader} before the page's bytes are touched,
 * or for ZSTD and LZ4_RAW, which parquet-hadoop inflates while handing the page out, by walking the
 * chunk's page headers as for the last chunk above). Sizes the compressed bytes declare about
 * themselves, by which parquet-hadoop's SNAPPY and Hadoop's LZ4 decompressors allocate, are checked
 * by a {@link DeclaredSizeCodecFactory} wrapped around the options' codec factory.
 *
 * <p>Filtered scans: opened with a parquet-java {@link FilterCompat.Filter} ({@link #open(InputFile,
 * List, FilterCompat.Filter)}, or a record filter in the read options), the reader skips row groups
 * whose statistics, dictionary or bloom filter prove no row matches (parquet-hadoop drops them when
 * the file is opened), and within the row groups left, every page the column index proves empty
 * (through the offset index; files without a page index are read whole). Which rows the column
 * index keeps is parquet-java's own computation ({@link SelectedRows}), whichever reads the pages.
 * Then, with record filtering on ({@code ParquetReadOptions.useRecordFilter()}, parquet-java's
 * default), the reader evaluates the predicate on the rows left and a batch holds only the rows
 * that match, the rows parquet-java's record-level filter returns ({@link RowFilterScan}: the
 * predicate's columns first, the others only where rows matched). With it off, results have page
 * granularity, as parquet-java's filtered reads with record filtering off: every row of the
 * selected row ranges, including rows that do not match. {@link #rowIndexes(long[])} tells which
 * rows of the file a batch holds. All columns of a batch stay
 * aligned: each column skips the rows of its pages that lie outside the selected ranges, a repeated
 * column whole records (counted by repetition level 0).
 */
public final class ParquetBatchReader implements Closeable {
  private final ParquetFileReader file;
  private final ChunkBoundsCheck bounds;
  /** This library's chunk reading, or null where parquet-hadoop reads the pages. */
  private final RowGroupReader pages;
  /** The caller's columns, in the order of the batches. */
  private final List<ColumnDescriptor> columns;
  /** The columns read: the caller's, then those only the row filter reads. */
  private final List<ColumnDescriptor> readColumns;
  private final ColumnChunkReader[] chunks;
  /** The row filter's reading, or null when rows are not filtered one by one. */
  private final RowFilterScan rowScan;
  /** The row group {@link #rowScan} last started on. */
  private int rowScanGroup = -1;
  private int rowGroup = -1;
  private long rowGroupRowsLeft;
  private long rowsLeft;
  /** Whether row groups are read page-filtered by the column index (a filter that filters). */
  private final boolean filtered;
  /** The filter when {@link #filtered}, else null. */
  private final FilterCompat.Filter filter;
  /** The chosen columns' paths: the columns parquet-java's column index filter knows as present. */
  private final Set<ColumnPath> paths;
  private final String[] names;
  /** The current row group's selected rows, or null when it is read whole. */
  private FilteredRowGroup selection;
  /** The current row group's first row in the file. */
  private long rowGroupFirstRow;
  /** Rows of the current row group not read whole: those before {@code rowGroupRowsLeft}'s. */
  private long rowGroupRows;
  private final FilteredRowGroup.RowRuns lastRuns = new FilteredRowGroup.RowRuns();
  private int lastRows;

  private ParquetBatchReader(ParquetFileReader file, ChunkBoundsCheck bounds, List<ColumnDescriptor> columns,
      List<ColumnDescriptor> readColumns, RowFilter rowFilter, FilterCompat.Filter filter, InputFile input, ParquetReadOptions options,
      PageSettings settings) throws IOException {
    this.file = file;
    this.bounds = bounds;
    this.columns = List.copyOf(columns);
    this.readColumns = List.copyOf(readColumns);
    this.chunks = new ColumnChunkReader[readColumns.size()];
    this.rowScan = rowFilter == null ? null : new RowFilterScan(rowFilter, this.readColumns, columns.size(),
        slotColumns(rowFilter, this.readColumns));
    // Page filtering keeps every column on the selected rows (a repeated column's rows are records).
    this.filtered = filter != null && FilterCompat.isFilteringRequired(filter);
    this.filter = filtered ? filter : null;
    this.pages = settings.parquetHadoopPages() || encrypted(file)
        ? null : new RowGroupReader(input, options.getCodecFactory(), settings);
    Set<ColumnPath> chosen = new HashSet<>();
    for (ColumnDescriptor c : readColumns) {
      chosen.add(ColumnPath.get(c.getPath()));
    }
    this.paths = chosen;
    // Column-index filtering counts the selected rows of every row group (parquet-hadoop keeps the ranges for the reads).
    this.rowsLeft = filtered ? filteredRecordCount(file) : file.getRecordCount();
    this.names = new String[readColumns.size()];
    for (int i = 0; i < names.length; i++) {
      names[i] = String.join(".", readColumns.get(i).getPath());
    }
  }

  /** The index in {@code read} of each of the filter's columns, -1 for one the file lacks. */
  private static int[] slotColumns(RowFilter filter, List<ColumnDescriptor> read) {
    int[] slots = new int[filter.columns().size()];
    for (int s = 0; s < slots.length; s++) {
      slots[s] = -1;
      for (int i = 0; i < read.size(); i++) {
        if (ColumnPath.get(read.get(i).getPath()).equals(filter.columns().get(s))) {
          slots[s] = i;
        }
      }
    }
    return slots;
  }

  /** Whether the file or any of its chunks is encrypted: parquet-hadoop's pages then, which decrypt. */
  private static boolean encrypted(ParquetFileReader file) {
    return encrypted(file.getFooter().getFileMetaData(), file.getRowGroups());
  }

  /** Whether the file or any of {@code rowGroups}' chunks is encrypted. */
  private static boolean encrypted(FileMetaData meta, List<BlockMetaData> rowGroups) {
    if (meta.getEncryptionType() != FileMetaData.EncryptionType.UNENCRYPTED) {
      return true;
    }
    for (BlockMetaData b : rowGroups) {
      for (org.apache.parquet.hadoop.metadata.ColumnChunkMetaData c : b.getColumns()) {
        if (c.isEncrypted()) {
          return true;
        }
      }
    }
    return false;
  }

  /** The rows the page index selects; a page index parquet-hadoop cannot use (a lying offset index) is a bad file. */
  private static long filteredRecordCount(ParquetFileReader file) {
    try {
      return file.getFilteredRecordCount();
    } catch (ParquetDecodingException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ParquetDecodingException("cannot filter the row groups by their page index: " + describe(e), e);
    }
  }

  /**
   * parquet-hadoop's reader of {@code input}, on {@code footer} where it may be shared (see {@link
   * #open(InputFile, ParquetMetadata, List, ParquetReadOptions, PageSettings)}), else parsing the
   * footer: when {@code footer} is null, on parquet-java 1.15 and for an encrypted file.
   */
  private static ParquetFileReader fileReader(InputFile input, ParquetMetadata footer, ParquetReadOptions options)
      throws IOException {
    if (footer == null || FooterConstructor.HANDLE == null || !shareable(footer)) {
      return ParquetFileReader.open(input, options);
    }
    SeekableInputStream in = input.newStream();
    try {
      return (ParquetFileReader) FooterConstructor.HANDLE.invokeExact(input, footer, options, in);
    } catch (IOException | RuntimeException | Error e) {
      closeAfter(in, e);
      throw e;
    } catch (Throwable e) {
      closeAfter(in, e);
      throw new IOException(e); // the constructor declares IOException only
    }
  }

  /** Closes {@code in} after {@code failure}: parquet-hadoop closes it when its row-group filter fails, not on other failures. */
  private static void closeAfter(SeekableInputStream in, Throwable failure) {
    try {
      in.close();
    } catch (IOException | RuntimeException suppressed) {
      failure.addSuppressed(suppressed);
    }
  }

  /**
   * Whether readers on several threads may share {@code footer}. parquet-hadoop only reads a
   * footer once parsed (1.15 to 1.18: its metadata objects are set while the footer is converted,
   * and the row-group filter builds a new list), except where the file is encrypted: an encrypted
   * chunk's metadata is decrypted the first time it is asked for, into fields of the shared object
   * and without synchronisation, through the file's decryptor, which keeps per-column state in
   * plain maps. A decryptor on a plaintext file (the options carried decryption properties) is
   * left out too, for the same state.
   */
  private static boolean shareable(ParquetMetadata footer) {
    FileMetaData meta = footer.getFileMetaData();
    return meta.getFileDecryptor() == null && !encrypted(meta, footer.getBlocks());
  }

  /**
   * parquet-hadoop's {@code ParquetFileReader(InputFile, ParquetMetadata, ParquetReadOptions,
   * SeekableInputStream)}, or null. parquet-java has it from 1.16, where the constructor that parses
   * the footer calls it with the footer it parsed, so a reader opened on a footer is the reader
   * opened on the file (row-group filtering by the options' filter, column indexes, decryption).
   * 1.15 takes a parsed footer only with a Hadoop {@code Path}, whose file system it asks for the
   * file's status, so there every open parses the footer.
   */
  private static final class FooterConstructor {
    static final MethodHandle HANDLE = find();

    private static MethodHandle find() {
      try {
        return MethodHandles.publicLookup().findConstructor(ParquetFileReader.class, MethodType.methodType(void.class,
            InputFile.class, ParquetMetadata.class, ParquetReadOptions.class, SeekableInputStream.class));
      } catch (NoSuchMethodException | IllegalAccessException e) {
        return null;
      }
    }
  }

  /** Whether {@link #open(InputFile, ParquetMetadata, List, ParquetReadOptions, PageSettings)} can use a parsed footer (not on parquet-java 1.15). */
  static boolean opensOnFooters() {
    return FooterConstructor.HANDLE != null;
  }

  /**
   * The configuration behind the default read options: a plain one, shared, since only read here.
   * Hadoop's ({@code ParquetReadOptions.builder()}) parses its XML defaults on first use, about 60 ms
   * in a fresh JVM (JDK 17) and then 6 ms and a megabyte per file opened, and nothing this reader
   * takes from it differs: the parquet keys have the same defaults, and a codec only Hadoop
   * decompresses still gets a Hadoop configuration of its own from parquet-hadoop's codec factory.
   */
  private static final class DefaultConfiguration {
    static final ParquetConfiguration CONF = new PlainParquetConfiguration();
  }

  private static ParquetReadOptions.Builder defaultOptions() {
    return ParquetReadOptions.builder(DefaultConfiguration.CONF);
  }

  /** Opens {@code input} for all of its columns. */
  public static ParquetBatchReader open(InputFile input) throws IOException {
    return open(input, null, defaultOptions().build());
  }

  /** Opens {@code input} for the named columns, in the given order (null: all, in schema order). */
  public static ParquetBatchReader open(InputFile input, List<String> columns) throws IOException {
    return open(input, columns, defaultOptions().build());
  }

  /**
   * Opens {@code input} for the named columns (null: all) with a filter: row groups and pages that
   * cannot hold a matching row are skipped, with parquet-hadoop's statistics, dictionary, bloom
   * filter and column index filters all on, and batches hold only the rows that match (the filter's
   * columns are read whether or not they are named). For page granularity, pass read options with
   * {@code useRecordFilter(false)}.
   *
   * @param filter built with {@code FilterCompat.get(FilterPredicate)}; {@code FilterCompat.NOOP} reads everything
   */
  public static ParquetBatchReader open(InputFile input, List<String> columns, FilterCompat.Filter filter) throws IOException {
    return open(input, columns, defaultOptions().withRecordFilter(Objects.requireNonNull(filter, "filter")).build());
  }

  /**
   * As {@link #open(InputFile, List)} with parquet-hadoop read options of the caller's. A record
   * filter in the options filters the scan as {@link #open(InputFile, List, FilterCompat.Filter)}
   * describes, with the options' choice of filters (statistics, dictionary, bloom filter, column index).
   *
   * @throws IllegalArgumentException if a column is unknown
   */
  public static ParquetBatchReader open(InputFile input, List<String> columns, ParquetReadOptions options) throws IOException {
    return open(input, columns, options, PageSettings.defaults());
  }

  /**
   * As {@link #open(InputFile, List, ParquetReadOptions)}, with {@code settings} choosing where the
   * pages come from (this library's chunk reading or parquet-hadoop's) and whether page CRCs are
   * verified. Encrypted files take parquet-hadoop's pages whatever the settings.
   */
  public static ParquetBatchReader open(InputFile input, List<String> columns, ParquetReadOptions options, PageSettings settings)
      throws IOException {
    return openFile(input, null, columns, options, settings);
  }

  /**
   * As {@link #open(InputFile, List, ParquetReadOptions, PageSettings)}, with the file's footer
   * already parsed: {@code footer} as another reader of the same file with the same options has it
   * ({@code fileReader().getFooter()}), so several readers of one file (one per thread, each with
   * its own columns) parse the footer once. The reader opens its own stream and, as any open, drops
   * the row groups the options' filter rules out (its list of row groups is its own; the footer's is
   * not changed). The footer is only read, so readers on different threads may share it, with two
   * exceptions in which this open parses the footer again, as the other opens do: an encrypted file
   * (parquet-java decrypts a column's metadata the first time it is asked for, without
   * synchronisation, and the file's decryptor keeps per-column state), and parquet-java 1.15, which
   * has no {@code ParquetFileReader} constructor taking a footer.
   *
   * @param footer the footer of {@code input}, parsed with the same options' metadata filter
   */
  public static ParquetBatchReader open(InputFile input, ParquetMetadata footer, List<String> columns, ParquetReadOptions options,
      PageSettings settings) throws IOException {
    return openFile(input, Objects.requireNonNull(footer, "footer"), columns, options, settings);
  }

  /** Opens {@code input} with {@code footer}, or parsing the footer when it is null. */
  private static ParquetBatchReader openFile(InputFile input, ParquetMetadata footer, List<String> columns, ParquetReadOptions options,
      PageSettings settings) throws IOException {
    Objects.requireNonNull(settings, "settings");
    ParquetFileReader file;
    try {
      options = checkingDecompressors(Objects.requireNonNull(options, "options"));
      // parquet-hadoop parses the footer and page indexes a byte at a time: through a buffer.
      file = fileReader(new BufferedInputFile(Objects.requireNonNull(input, "input")), footer, options);
    } catch (ParquetDecodingException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      if (thrownBy(e, "SchemaCompatibilityValidator")) {
        // parquet-hadoop checks the filter against the schema as it opens the file.
        throw new IllegalArgumentException("the filter " + options.getRecordFilter() + " does not fit the file's schema: "
            + String.valueOf(e.getMessage()).replace("\n", "; "), e);
      }
      throw new ParquetDecodingException("cannot read the footer: " + describe(e), e);
    } catch (RuntimeException e) {
      // parquet-hadoop reports a bad footer or magic as a bare RuntimeException.
      throw new ParquetDecodingException("cannot read the footer: " + describe(e), e);
    }
    try {
      List<BlockMetaData> rowGroups = file.getRowGroups();
      for (int i = 0; i < rowGroups.size(); i++) {
        if (rowGroups.get(i).getRowCount() < 0) {
          // Batch sizes and skips are computed from these counts.
          throw new ParquetDecodingException("row group " + i + " claims " + rowGroups.get(i).getRowCount() + " rows");
        }
      }
      MessageType schema = file.getFooter().getFileMetaData().getSchema();
      List<ColumnDescriptor> chosen = choose(schema, columns);
      RowFilter rowFilter = rowFilter(options, schema);
      List<ColumnDescriptor> read = new ArrayList<>(chosen);
      if (rowFilter != null) {
        // The predicate's columns are read whether or not the caller reads them.
        for (ColumnPath p : rowFilter.columns()) {
          if (schema.containsPath(p.toArray())) {
            ColumnDescriptor c = schema.getColumnDescription(p.toArray());
            if (!read.contains(c)) {
              read.add(c);
            }
          }
        }
      }
      // The MessageType overload: every parquet-java from 1.15 has it (the List one came in 1.16).
      file.setRequestedSchema(projection(schema, read));
      Set<ColumnPath> paths = new HashSet<>();
      for (ColumnDescriptor c : read) {
        paths.add(ColumnPath.get(c.getPath()));
      }
      return new ParquetBatchReader(file, new ChunkBoundsCheck(input, options, paths), chosen, read, rowFilter,
          options.useColumnIndexFilter() ? options.getRecordFilter() : null, input, options, settings);
    } catch (RuntimeException | IOException e) {
      file.close();
      throw e;
    }
  }

  /**
   * The filter of {@code options} compiled for row filtering, or null: the options hold a filter
   * predicate and record filtering is on ({@code ParquetReadOptions.useRecordFilter()}, parquet-java's
   * own switch between row-level and page-level results).
   */
  private static RowFilter rowFilter(ParquetReadOptions options, MessageType schema) {
    FilterCompat.Filter f = options.getRecordFilter();
    if (!options.useRecordFilter() || !(f instanceof FilterCompat.FilterPredicateCompat)) {
      return null;
    }
    return RowFilter.of(((FilterCompat.FilterPredicateCompat) f).getFilterPredicate(), schema);
  }

  /**
   * {@code options} with their codec factory wrapped in a {@link DeclaredSizeCodecFactory} (unless
   * it already is one), everything else as given: the builder's {@code copy} leaves out a few
   * settings and the allocation size, which are set from {@code options} here.
   */
  static ParquetReadOptions checkingDecompressors(ParquetReadOptions options) {
    if (options.getCodecFactory() instanceof DeclaredSizeCodecFactory) {
      return options;
    }
    ParquetReadOptions.Builder b = options instanceof HadoopReadOptions
        ? HadoopReadOptions.builder(((HadoopReadOptions) options).getConf())
        : options.getConfiguration() == null ? ParquetReadOptions.builder()
        : ParquetReadOptions.builder(options.getConfiguration());
    return b.copy(options)
        .useColumnIndexFilter(options.useColumnIndexFilter())
        .useBloomFilter(options.useBloomFilter())
        .useOffHeapDecryptBuffer(options.useOffHeapDecryptBuffer())
        .withMaxAllocationInBytes(options.getMaxAllocationSize())
        .withCodecFactory(new DeclaredSizeCodecFactory(options.getCodecFactory()))
        .build();
  }

  /**
   * The leaf columns of {@code schema} that {@code names} choose (null: all), in the order named:
   * a top-level field's name stands for every leaf below it, in schema order; a leaf's path is its
   * names joined with {@code .} ({@code "address.city"}).
   *
   * @throws IllegalArgumentException for a name that is neither, or a leaf chosen twice
   */
  public static List<ColumnDescriptor> choose(MessageType schema, List<String> names) {
    List<ColumnDescriptor> all = schema.getColumns();
    List<ColumnDescriptor> chosen = new ArrayList<>();
    if (names == null) {
      chosen.addAll(all);
    } else {
      for (String name : names) {
        int before = chosen.size();
        for (ColumnDescriptor c : all) {
          if (String.join(".", c.getPath()).equals(name) || c.getPath()[0].equals(name)) {
            if (chosen.contains(c)) {
              throw new IllegalArgumentException("column " + String.join(".", c.getPath()) + " is chosen twice");
            }
            chosen.add(c);
          }
        }
        if (chosen.size() == before) {
          throw new IllegalArgumentException("no field or column " + name + " in the schema; columns are " + pathList(all));
        }
      }
    }
    return chosen;
  }

  /**
   * {@code schema} cut down to the fields on the way to {@code chosen}'s leaves, in {@code schema}'s
   * order: what {@code ParquetFileReader.setRequestedSchema(MessageType)} takes on every supported
   * parquet-java (its {@code List<ColumnDescriptor>} overload came in 1.16.0).
   */
  public static MessageType projection(MessageType schema, List<ColumnDescriptor> chosen) {
    Set<List<String>> paths = new HashSet<>();
    for (ColumnDescriptor c : chosen) {
      paths.add(Arrays.asList(c.getPath()));
    }
    return new MessageType(schema.getName(), keptFields(schema, new ArrayList<>(), paths));
  }

  private static List<Type> keptFields(GroupType group, List<String> prefix, Set<List<String>> paths) {
    List<Type> kept = new ArrayList<>();
    for (Type field : group.getFields()) {
      prefix.add(field.getName());
      if (field.isPrimitive()) {
        if (paths.contains(prefix)) {
          kept.add(field);
        }
      } else {
        List<Type> children = keptFields(field.asGroupType(), prefix, paths);
        if (!children.isEmpty()) {
          kept.add(field.asGroupType().withNewFields(children));
        }
      }
      prefix.remove(prefix.size() - 1);
    }
    return kept;
  }

  private static String pathList(List<ColumnDescriptor> columns) {
    List<String> names = new ArrayList<>();
    for (ColumnDescriptor c : columns) {
      names.add(String.join(".", c.getPath()));
    }
    return String.join(", ", names);
  }

  /** The chosen columns, in the order of the batches. */
  public List<ColumnDescriptor> columns() {
    return columns;
  }

  /** Every leaf column of the file, by path (names joined with {@code .}): what {@code open} can choose. */
  public List<String> readableColumns() {
    List<String> names = new ArrayList<>();
    for (ColumnDescriptor c : schema().getColumns()) {
      names.add(String.join(".", c.getPath()));
    }
    return names;
  }

  /** The file's whole schema. */
  public MessageType schema() {
    return file.getFooter().getFileMetaData().getSchema();
  }

  /** The underlying parquet-hadoop reader (footer, metadata). */
  public ParquetFileReader fileReader() {
    return file;
  }

  /** Rows in the row groups left after row-group filtering (all the file's rows without a filter). */
  public long totalRows() {
    return file.getRecordCount();
  }

  /** Whether pages come from this library's chunk reading (false: from parquet-hadoop's {@code ParquetFileReader}). */
  public boolean readsOwnPages() {
    return pages != null;
  }

  /** Whether batches hold only rows that match the filter (a filter predicate, record filtering on). */
  public boolean filtersRows() {
    return rowScan != null;
  }

  /** Whether row groups are read page-filtered (a filter was given and the column index filter is on). */
  public boolean isFiltered() {
    return filtered;
  }

  /**
   * Writes the file row index (counted from the file's first row, over all row groups) of each row
   * of the last batch into {@code dst[0, rows)}, where {@code rows} is what {@link #nextBatch}
   * returned; returns {@code rows}. Cheap: a batch is a few runs of consecutive rows.
   */
  public int rowIndexes(long[] dst) {
    if (dst.length < lastRows) {
      throw new IllegalArgumentException("room for " + dst.length + " row indexes, the batch has " + lastRows);
    }
    int k = 0;
    for (int r = 0; r < lastRuns.count; r++) {
      long first = rowGroupFirstRow + lastRuns.start[r];
      for (int i = 0, n = lastRuns.length[r]; i < n; i++) {
        dst[k++] = first + i;
      }
    }
    return k;
  }

  /**
   * Rows not yet read or skipped: the rows the page index selects when filtered; with row filtering,
   * those not yet examined (at least the matching rows left).
   */
  public long remainingRows() {
    return rowsLeft;
  }

  /** Index of the row group the last batch came from (-1 before the first). */
  public int rowGroupIndex() {
    return rowGroup;
  }

  /**
   * One batch per chosen column, each holding up to {@code capacity} rows, with the levels of the
   * column's path (offsets of repeated columns; see {@link ColumnBatch}).
   */
  public ColumnBatch[] newBatches(int capacity, ColumnBatch.Layout layout) {
    ColumnBatch[] batches = new ColumnBatch[columns.size()];
    for (int i = 0; i < batches.length; i++) {
      batches[i] = ColumnBatch.forColumn(schema(), columns.get(i), capacity, layout);
    }
    return batches;
  }

  /**
   * A record batch of the chosen columns, up to {@code capacity} records, for {@link
   * #nextBatch(RecordBatch)}: one tree per top-level field holding a chosen column.
   */
  public RecordBatch newRecordBatch(int capacity) {
    return RecordBatch.forColumns(schema(), columns, capacity);
  }

  /**
   * Fills {@code batch} (from {@link #newRecordBatch}) with the next whole records and returns how
   * many, as {@link #nextBatch(ColumnBatch[])} does, at most the batch's capacity (a batch of no
   * columns too); its nodes' nulls and offsets are then set.
   */
  public int nextBatch(RecordBatch batch) throws IOException {
    List<ColumnBatch> leaves = batch.columns();
    if (leaves.size() != columns.size()) {
      throw new IllegalArgumentException("the record batch has " + leaves.size() + " columns, the reader " + columns.size());
    }
    for (int i = 0; i < leaves.size(); i++) {
      if (!leaves.get(i).column().equals(columns.get(i))) {
        throw new IllegalArgumentException("the record batch's column " + i + " is " + leaves.get(i).column() + ", not " + columns.get(i));
      }
    }
    // The batch's capacity bounds the read even where it holds no column (a count).
    int rows = nextBatch(batch.columnArray, batch.capacity);
    batch.update(rows);
    return rows;
  }

  /**
   * Fills every batch (one per chosen column, in order) with the next rows and returns how many: up
   * to the smallest capacity, never past the current row group; 0 at the end of the file.
   */
  public int nextBatch(ColumnBatch[] batches) throws IOException {
    return nextBatch(batches, Integer.MAX_VALUE);
  }

  /** {@link #nextBatch(ColumnBatch[])} reading at most {@code limit} rows. */
  private int nextBatch(ColumnBatch[] batches, int limit) throws IOException {
    if (batches.length != columns.size()) {
      throw new IllegalArgumentException(batches.length + " batches for " + columns.size() + " columns");
    }
    if (rowScan != null) {
      return nextMatchingRows(batches, limit);
    }
    if (!ensureRowGroup()) {
      // The batches say what was read, as a record batch's nodes do after update(0): nothing.
      for (ColumnBatch b : batches) {
        b.clear();
      }
      return 0;
    }
    int capacity = limit;
    for (ColumnBatch b : batches) {
      capacity = Math.min(capacity, b.capacity());
    }
    int want = (int) Math.min(capacity, rowGroupRowsLeft);
    lastRuns.clear();
    lastRows = 0;
    if (selection != null) {
      for (int i = 0; i < chunks.length; i++) {
        if (!batches[i].column().equals(columns.get(i))) {
          throw new IllegalArgumentException("batch " + i + " is for column " + batches[i].column() + ", not " + columns.get(i));
        }
        batches[i].clear();
      }
      selection.read(chunks, batches, want, names, lastRuns);
    } else {
      for (int i = 0; i < chunks.length; i++) {
        int got = chunks[i].readBatch(batches[i], want);
        if (got != want) {
          throw chunkEnded(i);
        }
      }
      lastRuns.add(rowGroupRows - rowGroupRowsLeft, want);
    }
    lastRows = want;
    rowGroupRowsLeft -= want;
    rowsLeft -= want;
    return want;
  }

  /**
   * {@link #nextBatch(ColumnBatch[])} with row filtering: windows of candidate rows are read until
   * the batches are half full or the row group ends ({@link RowFilterScan}).
   */
  private int nextMatchingRows(ColumnBatch[] batches, int limit) throws IOException {
    int capacity = limit;
    for (int i = 0; i < batches.length; i++) {
      if (!batches[i].column().equals(columns.get(i))) {
        throw new IllegalArgumentException("batch " + i + " is for column " + batches[i].column() + ", not " + columns.get(i));
      }
      batches[i].clear();
      capacity = Math.min(capacity, batches[i].capacity());
    }
    lastRuns.clear();
    lastRows = 0;
    int filled = 0;
    while (filled * 2L < capacity) {
      if (rowGroupRowsLeft == 0) {
        if (filled > 0 || !nextScanGroup()) {
          break; // a batch never spans row groups
        }
        continue;
      }
      int n = (int) Math.min(Math.min(capacity - filled, rowGroupRowsLeft), MAX_WINDOW);
      candidates(n);
      filled += rowScan.window(scanChunks, batches, candidateRuns, n, lastRuns);
      rowGroupRowsLeft -= n;
      rowsLeft -= n;
    }
    for (int i = 0; i < batches.length; i++) {
      if (batches[i].isNested() && chunks[i] != null) {
        chunks[i].finishRecords(batches[i]);
      }
    }
    lastRows = filled;
    return filled;
  }

  private final FilteredRowGroup.RowRuns candidateRuns = new FilteredRowGroup.RowRuns();

  /** The next {@code n} candidate rows of the row group (those the page index kept), as runs, into {@link #candidateRuns}. */
  private void candidates(int n) {
    candidateRuns.clear();
    if (selection != null) {
      selection.take(n, candidateRuns);
    } else {
      candidateRuns.add(rowGroupRows - rowGroupRowsLeft, n);
    }
  }

  /** Moves the row-filtered scan to the next row group with rows; false at the end of the file. */
  private boolean nextScanGroup() throws IOException {
    if (!ensureRowGroup()) {
      return false;
    }
    if (rowGroup != rowScanGroup) {
      rowScan.startRowGroup(file.getRowGroups().get(rowGroup));
      rowScanGroup = rowGroup;
    }
    return true;
  }

  /** The current row group's chunks, for {@link RowFilterScan}. */
  private final RowFilterScan.Chunks scanChunks = new RowFilterScan.Chunks() {
    @Override
    public ColumnChunkReader chunk(int c) {
      return chunks[c];
    }

    @Override
    public String name(int c) {
      return names[c];
    }

    @Override
    public int rowGroup() {
      return rowGroup;
    }

    @Override
    public boolean pageFiltered() {
      return selection != null;
    }

    @Override
    public RuntimeException ended(int c) {
      return chunkEnded(c);
    }
  };

  /**
   * Moves past {@code rows} rows (across row groups), decoding only what a skip needs. With row
   * filtering the rows are matching rows: the predicate's columns are read and evaluated to count
   * them, the other columns skip when rows are next read.
   *
   * @throws IllegalArgumentException if fewer rows remain (with row filtering: found when the file
   *     ends, after the matching rows there were skipped)
   */
  public void skipRows(long rows) throws IOException {
    if (rows < 0 || rows > rowsLeft) {
      throw new IllegalArgumentException("cannot skip " + rows + " rows: " + rowsLeft + " remain");
    }
    if (rowScan != null) {
      skipMatchingRows(rows);
      return;
    }
    long left = rows;
    while (left > 0) {
      if (!filtered && rowGroupRowsLeft == 0 && rowGroup + 1 < file.getRowGroups().size()
          && file.getRowGroups().get(rowGroup + 1).getRowCount() <= left) {
        // Whole row groups are skipped without reading them.
        left -= file.getRowGroups().get(rowGroup + 1).getRowCount();
        rowsLeft -= file.getRowGroups().get(rowGroup + 1).getRowCount();
        try {
          file.skipNextRowGroup();
        } catch (RuntimeException e) {
          throw new ParquetDecodingException("row group " + (rowGroup + 1) + ": " + describe(e), e);
        }
        rowGroup++;
        continue;
      }
      if (!ensureRowGroup()) {
        break;
      }
      long m = Math.min(left, rowGroupRowsLeft);
      if (selection != null) {
        // The columns catch up at the next read.
        selection.advance(m);
      } else {
        for (int i = 0; i < chunks.length; i++) {
          if (chunks[i].remainingEntries() < m) {
            throw chunkEnded(i);
          }
          try {
            chunks[i].skipRows(m);
          } catch (IllegalArgumentException e) {
            // A repeated column whose chunk holds fewer records than the row group's row count.
            throw chunkEnded(i);
          }
        }
      }
      rowGroupRowsLeft -= m;
      rowsLeft -= m;
      left -= m;
    }
  }

  /** Largest window a row-filtered skip evaluates at once. */
  private static final int SKIP_WINDOW = 4096;
  /** Largest window a row-filtered read evaluates at once (a read with no columns has no capacity). */
  private static final int MAX_WINDOW = 1 << 16;

  /**
   * Skips {@code rows} matching rows: windows of at most the rows still to skip, so a window never
   * holds matching rows beyond them.
   */
  private void skipMatchingRows(long rows) throws IOException {
    long left = rows;
    while (left > 0) {
      if (rowGroupRowsLeft == 0 && !nextScanGroup()) {
        throw new IllegalArgumentException("cannot skip " + rows + " rows: only " + (rows - left) + " matched");
      }
      int n = (int) Math.min(Math.min(left, rowGroupRowsLeft), SKIP_WINDOW);
      candidates(n);
      left -= rowScan.window(scanChunks, null, candidateRuns, n, null);
      rowGroupRowsLeft -= n;
      rowsLeft -= n;
    }
  }

  /** Column {@code i}'s chunk holds fewer values than its row group has rows. */
  private ColumnReadException chunkEnded(int i) {
    return new ColumnReadException(String.join(".", readColumns.get(i).getPath()), rowGroup, ColumnReadException.CHUNK,
        "column chunk ended after " + (chunks[i].totalEntries() - chunks[i].remainingEntries())
            + " values, but the row group has " + file.getRowGroups().get(rowGroup).getRowCount() + " rows", null);
  }

  private boolean ensureRowGroup() throws IOException {
    while (rowGroupRowsLeft == 0) {
      if (rowGroup + 1 >= file.getRowGroups().size()) {
        return false;
      }
      BlockMetaData next = file.getRowGroups().get(rowGroup + 1);
      if (next.getRowCount() == 0) {
        // parquet-hadoop would pass over it inside readNextRowGroup; passing it here keeps rowGroup
        // the index of the row group parquet-hadoop reads next.
        file.skipNextRowGroup();
        rowGroup++;
        continue;
      }
      if (pages != null && pages.holds(next, readColumns)) {
        if (filtered) {
          readOwnFilteredPages(next);
        } else {
          readOwnPages(next);
        }
        continue;
      }
      try {
        bounds.check(next, rowGroup + 1);
      } catch (ParquetDecodingException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new ParquetDecodingException("row group " + (rowGroup + 1) + ": " + describe(e), e);
      } catch (IOException e) {
        throw new IOException("row group " + (rowGroup + 1) + ": " + describe(e), e);
      }
      PageReadStore store;
      try {
        // Page filtering reads by index and does not move readNextRowGroup's cursor, which a filtered reader never uses.
        // A row group whose chunks do not fit this library's buffers comes here while the others are read
        // by RowGroupReader, which does not move readNextRowGroup's cursor: read it by index then.
        store = filtered ? file.readFilteredRowGroup(rowGroup + 1)
            : pages != null ? file.readRowGroup(rowGroup + 1) : file.readNextRowGroup();
      } catch (ParquetDecodingException e) {
        throw new ParquetDecodingException("row group " + (rowGroup + 1) + ": " + e.getMessage(), e);
      } catch (RuntimeException e) {
        throw new ParquetDecodingException("row group " + (rowGroup + 1) + ": " + describe(e), e);
      } catch (IOException e) {
        // e.g. a bare EOFException when a chunk's pages run past the end of the file
        throw new IOException("row group " + (rowGroup + 1) + ": " + describe(e), e);
      }
      rowGroup++;
      if (store == null) {
        if (filtered) {
          continue; // the column index rules out every row of this row group
        }
        return false;
      }
      rowGroupFirstRow = next.getRowIndexOffset();
      selection = null;
      if (filtered && store.getRowIndexes().isPresent()) {
        selection = FilteredRowGroup.of(rowGroup, store.getRowIndexes().get());
        if (selection.rowCount() != store.getRowCount()) {
          throw new ParquetDecodingException("row group " + rowGroup + ": the page filter selected " + selection.rowCount()
              + " row indexes but counts " + store.getRowCount() + " rows");
        }
      }
      rowGroupRowsLeft = store.getRowCount();
      rowGroupRows = rowGroupRowsLeft;
      for (int i = 0; i < chunks.length; i++) {
        ColumnDescriptor c = readColumns.get(i);
        PageReader pages;
        try {
          pages = store.getPageReader(c);
        } catch (RuntimeException e) {
          // A footer whose row group lists other columns than the schema: parquet-hadoop says IllegalArgumentException.
          throw new ColumnReadException(String.join(".", c.getPath()), rowGroup, ColumnReadException.CHUNK,
              "the row group has no chunk for the column: " + describe(e), e);
        }
        // Bounds the array parquet-hadoop inflates each page into, which it sizes by the page header's claim.
        chunks[i] = new ColumnChunkReader(c, pages, rowGroup, CodecExpansion.maxUncompressedPageBytes(next, ColumnPath.get(c.getPath())));
      }
    }
    return true;
  }

  /** Reads the next row group, {@code next}, with this library's chunk reading. */
  private void readOwnPages(BlockMetaData next) throws IOException {
    int index = rowGroup + 1;
    long[] maxPageBytes = new long[readColumns.size()];
    for (int i = 0; i < maxPageBytes.length; i++) {
      maxPageBytes[i] = CodecExpansion.maxUncompressedPageBytes(next, ColumnPath.get(readColumns.get(i).getPath()));
    }
    org.apache.parquet.column.page.PageReader[] readers;
    try {
      readers = pages.read(next, index, readColumns, maxPageBytes);
    } catch (PageReadException e) {
      throw new ColumnReadException(e.column(), e.rowGroup(), e.page(), e.problem(), e);
    } catch (IOException e) {
      throw new IOException("row group " + index + ": " + describe(e), e);
    }
    rowGroup = index;
    rowGroupFirstRow = next.getRowIndexOffset();
    selection = null;
    rowGroupRowsLeft = next.getRowCount();
    rowGroupRows = rowGroupRowsLeft;
    for (int i = 0; i < chunks.length; i++) {
      chunks[i] = new ColumnChunkReader(readColumns.get(i), readers[i], rowGroup, maxPageBytes[i]);
    }
    if (!filtered) {
      readAheadAfter(index);
    }
  }

  /**
   * With read-ahead on ({@link PageSettings#withReadAhead}), starts fetching the first row group with
   * rows after {@code index} while this one is decoded, if this library's chunk reading will read it.
   */
  private void readAheadAfter(int index) {
    List<BlockMetaData> groups = file.getRowGroups();
    for (int j = index + 1; j < groups.size(); j++) {
      BlockMetaData b = groups.get(j);
      if (b.getRowCount() > 0) {
        pages.readAhead(b, j, readColumns);
        return;
      }
    }
  }

  /**
   * Reads the next row group, {@code next}, of a filtered scan with this library's chunk reading:
   * the rows the column index keeps (parquet-java's computation, {@link SelectedRows}); none: the
   * row group is passed over; all: it is read whole; else only the pages holding them, by each
   * column's offset index.
   */
  private void readOwnFilteredPages(BlockMetaData next) throws IOException {
    int index = rowGroup + 1;
    SelectedRows rows;
    OffsetIndex[] offsetIndexes = new OffsetIndex[readColumns.size()];
    try {
      ColumnIndexStore store = file.getColumnIndexStore(index);
      rows = SelectedRows.of(filter, store, paths, next.getRowCount(), index);
      if (rows.rowCount() > 0 && !rows.all()) {
        for (int i = 0; i < offsetIndexes.length; i++) {
          try {
            offsetIndexes[i] = store.getOffsetIndex(ColumnPath.get(readColumns.get(i).getPath()));
          } catch (ColumnIndexStore.MissingOffsetIndexException e) {
            offsetIndexes[i] = null; // read whole
          }
        }
      }
    } catch (ParquetDecodingException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ParquetDecodingException("row group " + index + ": cannot filter the row group by its page index: " + describe(e), e);
    }
    if (rows.rowCount() == 0) {
      // The column index rules out every row of this row group.
      rowGroup = index;
      rowGroupRowsLeft = 0;
      return;
    }
    if (rows.all()) {
      readOwnPages(next);
      return;
    }
    long[] maxPageBytes = new long[readColumns.size()];
    for (int i = 0; i < maxPageBytes.length; i++) {
      maxPageBytes[i] = CodecExpansion.maxUncompressedPageBytes(next, ColumnPath.get(readColumns.get(i).getPath()));
    }
    PageReader[] readers;
    try {
      readers = pages.readSelected(next, index, readColumns, maxPageBytes, rows, offsetIndexes);
    } catch (PageReadException e) {
      throw new ColumnReadException(e.column(), e.rowGroup(), e.page(), e.problem(), e);
    } catch (IOException e) {
      throw new IOException("row group " + index + ": " + describe(e), e);
    }
    rowGroup = index;
    rowGroupFirstRow = next.getRowIndexOffset();
    selection = FilteredRowGroup.of(rowGroup, rows);
    rowGroupRowsLeft = rows.rowCount();
    rowGroupRows = rowGroupRowsLeft;
    for (int i = 0; i < chunks.length; i++) {
      chunks[i] = new ColumnChunkReader(readColumns.get(i), readers[i], rowGroup, maxPageBytes[i]);
    }
  }

  /** Whether a method of the class named {@code simpleName} threw {@code e}. */
  private static boolean thrownBy(Throwable e, String simpleName) {
    for (StackTraceElement f : e.getStackTrace()) {
      if (f.getClassName().endsWith("." + simpleName)) {
        return true;
      }
    }
    return false;
  }

  private static String describe(Throwable e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage();
  }

  @Override
  public void close() throws IOException {
    Arrays.fill(chunks, null);
    try {
      bounds.close();
      if (pages != null) {
        pages.close();
      }
    } finally {
      file.close();
    }
  }
}
