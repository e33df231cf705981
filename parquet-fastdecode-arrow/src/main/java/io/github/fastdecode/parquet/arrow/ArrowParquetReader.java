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

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.column.RecordBatch;
import io.github.fastdecode.parquet.column.RecordNode;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * Reads Parquet files into Apache Arrow vectors: batches of whole records as a {@link
 * VectorSchemaRoot}, every buffer allocated from the caller's {@link BufferAllocator}. It sits on
 * {@link ParquetBatchReader} (this library's decoders, nested assembly, row-group, page and row
 * filters) and copies each batch into Arrow buffers in bulk; types map as pyarrow's {@code
 * read_table} maps them (see {@code docs/arrow.md}).
 *
 * <pre>{@code
 * try (BufferAllocator allocator = new RootAllocator();
 *      ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(path), List.of("id", "tags"),
 *          ArrowReadOptions.builder(allocator).build())) {
 *   VectorSchemaRoot root;
 *   while ((root = reader.next()) != null) {
 *     BigIntVector ids = (BigIntVector) root.getVector("id");
 *     ListVector tags = (ListVector) root.getVector("tags");
 *   }
 * }
 * }</pre>
 *
 * <p>Ownership: by default {@link #next()} returns the same root every time, refilled; it and its
 * buffers belong to the reader and are released by {@link #close()}. With {@link
 * ArrowReadOptions.Builder#freshRootPerBatch} every batch is a new root the caller owns and closes.
 * When a read fails (a corrupt page, an allocation over the allocator's limit, an I/O error), the
 * buffers the reader holds are released at once, the fresh root being filled is closed, the
 * exception (a {@code ParquetDecodingException} naming the column, row group and page for bad data)
 * is rethrown, and the reader can only be closed.
 *
 * <p>Top-level fields come in the order {@code columns} names them (all in schema order when it is
 * null), as pyarrow's {@code read_table(columns=...)}; a leaf path keeps its struct around it. Not
 * thread-safe.
 */
public final class ArrowParquetReader implements AutoCloseable {
  private final ParquetBatchReader reader;
  private final RecordBatch batch;
  private final Schema schema;
  /** {@link #schema} as Arrow's IPC and {@code ArrowReader} describe it: dictionary fields with their value type. */
  private final Schema messageSchema;
  private final BufferAllocator allocator;
  private final boolean fresh;
  private final VectorFiller filler = new VectorFiller();
  /** Per top-level field: the index of its dictionary in {@link #dictionaryVectors}, or -1. */
  private final int[] dictionaryOf;
  /** Leaves below the top level read as dictionaries: column path to the index in {@link #dictionaryVectors}. */
  private final Map<String, Integer> nestedDictionaryLeaves = new HashMap<>();
  /** The record batch's top-level nodes in the order of the schema's fields. */
  private final List<RecordNode> nodes;
  private final List<BaseVariableWidthVector> dictionaryVectors = new ArrayList<>();
  private final DictionaryProvider.MapDictionaryProvider dictionaries = new DictionaryProvider.MapDictionaryProvider();
  /** The column groups of a parallel scan, or null: this reader reads {@link #reader} on the caller's thread. */
  private ParallelScan parallel;
  private VectorSchemaRoot root;
  private boolean failed;
  private boolean closed;

  private ArrowParquetReader(ParquetBatchReader reader, List<String> columns, ArrowReadOptions options) {
    this.reader = reader;
    this.allocator = options.allocator();
    this.fresh = options.freshRootPerBatch();
    // A parallel scan's main reader reads nothing: its batch only describes the fields.
    this.batch = reader.newRecordBatch(readsInGroups(options, reader) ? 1 : options.batchSize());
    List<RecordNode> nodes = inRequestedOrder(batch.fields(), columns);
    this.nodes = nodes;
    List<String> unmatched = new ArrayList<>(options.dictionaryColumns());
    List<Field> fields = new ArrayList<>();
    List<Field> messageFields = new ArrayList<>();
    this.dictionaryOf = new int[nodes.size()];
    Map<Long, ArrowType> valueTypes = new HashMap<>();
    MessageType fileSchema = reader.schema();
    VectorFiller.keepDecimalDictionaryIds(batch.columns());
    Schema stored = options.storedArrowSchema()
        ? StoredArrowSchema.read(reader.fileReader().getFileMetaData().getKeyValueMetaData(), fileSchema) : null;
    try {
      for (int i = 0; i < nodes.size(); i++) {
        RecordNode node = nodes.get(i);
        // A repeated field outside a LIST group is a list that is never null.
        boolean nullable = node.type().isRepetition(Type.Repetition.OPTIONAL);
        dictionaryOf[i] = -1;
        Field origin = stored == null ? null : stored.getFields().get(fileSchema.getFieldIndex(node.name()));
        ArrowType valueType = node.kind() != RecordNode.Kind.PRIMITIVE || node.column().type() != PrimitiveTypeName.BINARY
            ? null : ArrowTypeMapping.leafType(node.type().asPrimitiveType(), node.name());
        boolean byteArray = valueType instanceof ArrowType.Utf8 || valueType instanceof ArrowType.Binary;
        boolean asked = unmatched.remove(node.name());
        // A stored dictionary type, as pyarrow restores it (not into fresh roots, which would outlive the dictionaries).
        boolean storedDictionary = origin != null && usableIndexType(origin.getDictionary()) && byteArray && !fresh;
        if (asked || storedDictionary) {
          if (!byteArray) {
            throw new IllegalArgumentException("readDictionary(" + node.name() + "): only BYTE_ARRAY columns"
                + " read as strings or binaries are read as dictionaries, not " + node);
          }
          ColumnBatch leaf = node.column();
          leaf.keepDictionaryIds();
          long id = dictionaryVectors.size();
          DictionaryEncoding storedEncoding = origin == null || !usableIndexType(origin.getDictionary()) ? null : origin.getDictionary();
          Field f = ArrowTypeMapping.field(node, nullable, storedEncoding == null
              ? new DictionaryEncoding(id, false, new ArrowType.Int(32, true))
              : new DictionaryEncoding(id, storedEncoding.isOrdered(), storedEncoding.getIndexType()));
          if (origin != null && origin.getMetadata() != null && !origin.getMetadata().isEmpty()) {
            f = new Field(f.getName(), new FieldType(nullable, f.getType(), f.getDictionary(), origin.getMetadata()), null);
          }
          Field values = new Field(node.name() + ".dictionary", FieldType.notNullable(valueType), null);
          BaseVariableWidthVector v = (BaseVariableWidthVector) values.createVector(allocator);
          dictionaryVectors.add(v);
          dictionaries.put(new Dictionary(v, f.getDictionary()));
          dictionaryOf[i] = (int) id;
          fields.add(f);
          messageFields.add(new Field(f.getName(), new FieldType(nullable, valueType, f.getDictionary(), f.getMetadata()), null));
        } else {
          Map<RecordNode, DictionaryEncoding> nested = new IdentityHashMap<>();
          if (!unmatched.isEmpty()) {
            nestedDictionaries(node, unmatched, nested, valueTypes);
          }
          if (origin != null && !fresh) {
            // Dictionary types a stored Arrow schema gives leaves below the top level, as pyarrow restores them.
            storedNestedDictionaries(node, origin, nested, valueTypes);
          }
          Field f = ArrowTypeMapping.field(node, nullable, null, nested);
          // pyarrow's binary_type and list_type apply where no stored Arrow schema does.
          fields.add(stored != null ? StoredArrowSchema.restore(origin, f)
              : ArrowTypeMapping.withTypes(f, options.binaryType(), options.listType()));
          Field last = fields.get(fields.size() - 1);
          messageFields.add(nested.isEmpty() ? last : ArrowTypeMapping.messageField(last, valueTypes));
        }
      }
      if (!unmatched.isEmpty()) {
        throw new IllegalArgumentException("readDictionary names columns that are neither read nor string or binary leaves"
            + " (a top-level name, or a leaf's column path such as \"tags.list.element\"): " + unmatched);
      }
    } catch (RuntimeException e) {
      dictionaries.close();
      throw e;
    }
    this.schema = new Schema(fields);
    this.messageSchema = new Schema(messageFields);
  }

  /**
   * The string and binary leaves below a top-level {@code node} whose column paths {@code unmatched}
   * names (removed from it): each gets a dictionary (int32 indices, as pyarrow's {@code
   * read_dictionary} with a column path), in {@code nested} and in {@link #nestedDictionaryLeaves}.
   */
  private void nestedDictionaries(RecordNode node, List<String> unmatched, Map<RecordNode, DictionaryEncoding> nested,
      Map<Long, ArrowType> valueTypes) {
    switch (node.kind()) {
      case PRIMITIVE: {
        String path = String.join(".", node.column().column().getPath());
        if (!unmatched.remove(path)) {
          return;
        }
        ArrowType valueType = node.column().type() != PrimitiveTypeName.BINARY
            ? null : ArrowTypeMapping.leafType(node.type().asPrimitiveType(), path);
        if (!(valueType instanceof ArrowType.Utf8 || valueType instanceof ArrowType.Binary)) {
          throw new IllegalArgumentException("readDictionary(" + path + "): only BYTE_ARRAY leaves read as strings or"
              + " binaries are read as dictionaries, not " + node.type());
        }
        nestedDictionary(node, path, valueType, false, new ArrowType.Int(32, true), nested, valueTypes);
        return;
      }
      case LIST:
        nestedDictionaries(node.element(), unmatched, nested, valueTypes);
        return;
      case MAP:
        nestedDictionaries(node.key(), unmatched, nested, valueTypes);
        nestedDictionaries(node.value(), unmatched, nested, valueTypes);
        return;
      default:
        for (RecordNode c : node.children()) {
          nestedDictionaries(c, unmatched, nested, valueTypes);
        }
    }
  }

  /** Reads a leaf below the top level as a dictionary of {@code valueType} with these indices. */
  private void nestedDictionary(RecordNode node, String path, ArrowType valueType, boolean ordered, ArrowType.Int indexType,
      Map<RecordNode, DictionaryEncoding> nested, Map<Long, ArrowType> valueTypes) {
    node.column().keepDictionaryIds();
    long id = dictionaryVectors.size();
    DictionaryEncoding encoding = new DictionaryEncoding(id, ordered, indexType);
    BaseVariableWidthVector v = (BaseVariableWidthVector) new Field(path + ".dictionary",
        FieldType.notNullable(valueType), null).createVector(allocator);
    dictionaryVectors.add(v);
    dictionaries.put(new Dictionary(v, encoding));
    nested.put(node, encoding);
    valueTypes.put(id, valueType);
    nestedDictionaryLeaves.put(path, (int) id);
  }

  /**
   * The string and binary leaves below a top-level {@code node} whose {@code stored} field (matched
   * as {@link StoredArrowSchema#restore} matches: list elements, map keys and values, struct
   * children by name) is dictionary-encoded with a usable index type, and not asked for already.
   */
  private void storedNestedDictionaries(RecordNode node, Field stored, Map<RecordNode, DictionaryEncoding> nested,
      Map<Long, ArrowType> valueTypes) {
    ArrowType.ArrowTypeID s = stored.getType().getTypeID();
    switch (node.kind()) {
      case LIST:
        if ((s == ArrowType.ArrowTypeID.List || s == ArrowType.ArrowTypeID.LargeList || s == ArrowType.ArrowTypeID.FixedSizeList)
            && stored.getChildren().size() == 1) {
          storedNestedLeaf(node.element(), stored.getChildren().get(0), nested, valueTypes);
        }
        return;
      case MAP:
        if (s == ArrowType.ArrowTypeID.Map && stored.getChildren().size() == 1
            && stored.getChildren().get(0).getChildren().size() == 2) {
          List<Field> kv = stored.getChildren().get(0).getChildren();
          storedNestedLeaf(node.key(), kv.get(0), nested, valueTypes);
          storedNestedLeaf(node.value(), kv.get(1), nested, valueTypes);
        }
        return;
      case STRUCT:
        if (s == ArrowType.ArrowTypeID.Struct) {
          for (RecordNode c : node.children()) {
            for (Field f : stored.getChildren()) {
              if (f.getName().equals(c.name())) {
                storedNestedLeaf(c, f, nested, valueTypes);
                break;
              }
            }
          }
        }
        return;
      default:
        return;
    }
  }

  private void storedNestedLeaf(RecordNode node, Field stored, Map<RecordNode, DictionaryEncoding> nested,
      Map<Long, ArrowType> valueTypes) {
    if (node.kind() != RecordNode.Kind.PRIMITIVE) {
      storedNestedDictionaries(node, stored, nested, valueTypes);
      return;
    }
    if (nested.containsKey(node) || !usableIndexType(stored.getDictionary()) || node.column().type() != PrimitiveTypeName.BINARY) {
      return;
    }
    String path = String.join(".", node.column().column().getPath());
    ArrowType valueType = ArrowTypeMapping.leafType(node.type().asPrimitiveType(), path);
    if (valueType instanceof ArrowType.Utf8 || valueType instanceof ArrowType.Binary) {
      DictionaryEncoding e = stored.getDictionary();
      nestedDictionary(node, path, valueType, e.isOrdered(), e.getIndexType(), nested, valueTypes);
    }
  }

  /**
   * Whether a stored dictionary encoding has an index type Arrow Java can hold: an integer of 8,
   * 16, 32 or 64 bits (a damaged stored schema can say anything; the field is then read as the
   * file's own mapping has it).
   */
  private static boolean usableIndexType(DictionaryEncoding encoding) {
    if (encoding == null || encoding.getIndexType() == null) {
      return false;
    }
    int bits = encoding.getIndexType().getBitWidth();
    return bits == 8 || bits == 16 || bits == 32 || bits == 64;
  }

  /**
   * The top-level nodes ordered as pyarrow orders {@code read_table(columns=...)}: by the first of
   * the requested names that is the field or a path inside it; all of them in schema order when
   * {@code columns} is null.
   */
  private static List<RecordNode> inRequestedOrder(List<RecordNode> fields, List<String> columns) {
    if (columns == null) {
      return fields;
    }
    List<RecordNode> ordered = new ArrayList<>(fields);
    ordered.sort(java.util.Comparator.comparingInt(n -> {
      for (int i = 0; i < columns.size(); i++) {
        String c = columns.get(i);
        if (c.equals(n.name()) || c.startsWith(n.name() + ".")) {
          return i;
        }
      }
      return columns.size();
    }));
    return ordered;
  }

  /**
   * Opens {@code input} for the named columns (top-level field names or leaf paths, as {@link
   * ParquetBatchReader#open(InputFile, List)} takes them; null: all) with {@code options}.
   *
   * @throws UnsupportedOperationException if a chosen column has a type this reader does not map yet
   * @throws IllegalArgumentException if a column is unknown, or a dictionary column is not a string or binary leaf read
   */
  public static ArrowParquetReader open(InputFile input, List<String> columns, ArrowReadOptions options) throws IOException {
    ParquetBatchReader reader;
    if (options.executor() != null) {
      // The main reader only describes the file (schema, footer); the column groups read it.
      reader = ParquetBatchReader.open(input, columns, groupOptions(options), groupSettings(options));
    } else if (options.pageSettings() != null) {
      ParquetReadOptions parquet = options.parquetOptions();
      if (parquet == null) {
        ParquetReadOptions.Builder b = ParquetReadOptions.builder(DefaultConfiguration.CONF);
        parquet = (options.filter() == null ? b : b.withRecordFilter(options.filter())).build();
      }
      reader = ParquetBatchReader.open(input, columns, parquet, options.pageSettings());
    } else if (options.parquetOptions() != null) {
      reader = ParquetBatchReader.open(input, columns, options.parquetOptions());
    } else if (options.filter() != null) {
      reader = ParquetBatchReader.open(input, columns, options.filter());
    } else {
      reader = ParquetBatchReader.open(input, columns);
    }
    try {
      ArrowParquetReader arrow = new ArrowParquetReader(reader, columns, options);
      if (readsInGroups(options, reader)) {
        ParquetReadOptions parquet = groupOptions(options);
        // Page-granular filtering keeps the rows whose pages the filter's columns among those read
        // select: a group reading other columns would keep other rows. One group reads them all then.
        boolean oneGroup = parquet.getRecordFilter() != null && FilterCompat.isFilteringRequired(parquet.getRecordFilter())
            && !parquet.useRecordFilter();
        try {
          arrow.parallel = ParallelScan.open(input, columns, arrow.nodes, arrow.dictionaryOf, reader, () -> groupOptions(options),
              groupSettings(options), options, oneGroup);
          arrow.parallel.keepDictionaryIds(arrow.nestedDictionaryLeaves.keySet());
        } catch (IOException | RuntimeException | Error e) {
          arrow.dictionaries.close(); // the main reader is closed below
          throw e;
        }
      }
      return arrow;
    } catch (IOException | RuntimeException | Error e) {
      try {
        reader.close();
      } catch (IOException | RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** Whether column groups read the file (a parallel scan of at least one column), not {@code reader} itself. */
  private static boolean readsInGroups(ArrowReadOptions options, ParquetBatchReader reader) {
    return options.executor() != null && !reader.columns().isEmpty();
  }

  /**
   * Read only, so the column groups' readers share it; a plain configuration, as core's default read
   * options have (Hadoop's parses XML defaults: about 60 ms in a fresh JVM, milliseconds per reader).
   */
  private static final class DefaultConfiguration {
    static final ParquetConfiguration CONF = new PlainParquetConfiguration();
  }

  /**
   * parquet-hadoop read options for one reader of a parallel scan: the caller's, or the defaults
   * with the filter. Each gets a codec factory of its own where it would share parquet-java's, which
   * caches decompressors in a plain map.
   */
  private static ParquetReadOptions groupOptions(ArrowReadOptions options) {
    ParquetReadOptions.Builder b = ParquetReadOptions.builder(DefaultConfiguration.CONF);
    if (options.parquetOptions() != null) {
      b.copy(options.parquetOptions());
      if (options.parquetOptions().getCodecFactory() instanceof CodecFactory) {
        b.withCodecFactory(null);
      }
    } else if (options.filter() != null) {
      b.withRecordFilter(options.filter());
    }
    return b.build();
  }

  private static PageSettings groupSettings(ArrowReadOptions options) {
    return options.pageSettings() != null ? options.pageSettings() : PageSettings.defaults();
  }

  /** The Arrow schema of every batch (dictionary-encoded fields carry their encoding). */
  public Schema schema() {
    return schema;
  }

  /** The dictionaries of dictionary-encoded fields, valid for the last batch until the next call of {@link #next()}. */
  public DictionaryProvider dictionaries() {
    return dictionaries;
  }

  /**
   * The file reader underneath: footer, row group index, {@code rowIndexes} of the last batch. In a
   * parallel scan it only describes the file (the column groups' readers read it): use {@link
   * #rowIndexes(long[])}.
   */
  public ParquetBatchReader parquetReader() {
    return reader;
  }

  /**
   * The next batch of whole records, or null at the end of the file: the reused root (valid until
   * the next call), or with {@code freshRootPerBatch} a new root the caller must close. A batch
   * never spans row groups, so it may hold fewer rows than the batch size.
   */
  public VectorSchemaRoot next() throws IOException {
    if (closed || failed) {
      throw new IllegalStateException(closed ? "the reader is closed" : "an earlier read failed; close the reader");
    }
    VectorSchemaRoot target = null;
    try {
      int rows = advance();
      if (rows == 0) {
        return null;
      }
      if (fresh) {
        target = VectorSchemaRoot.create(schema, allocator);
      } else {
        if (root == null) {
          root = VectorSchemaRoot.create(schema, allocator);
        }
        target = root;
      }
      fill(target, dictionaryVectors, rows);
      return target;
    } catch (IOException | RuntimeException | Error e) {
      failed = true;
      if (fresh && target != null) {
        target.close();
      }
      if (parallel != null) {
        parallel.stop();
      }
      releaseBuffers(e);
      throw e;
    }
  }

  /** Reads the next batch (into the file reader's arrays, or every column group's) and returns its rows, 0 at the end. */
  private int advance() throws IOException {
    return parallel != null ? parallel.advance() : reader.nextBatch(batch);
  }

  /**
   * Writes the file row index (counted from the file's first row) of each row of the last batch into
   * {@code dst}, and returns how many rows it has: which rows a filter kept.
   */
  public int rowIndexes(long[] dst) {
    return parallel != null ? parallel.rowIndexes(dst) : reader.rowIndexes(dst);
  }

  /** Fills {@code target} (of {@link #schema}) and the dictionary vectors with the batch just read. */
  private void fill(VectorSchemaRoot target, List<BaseVariableWidthVector> dictionaryTargets, int rows) throws IOException {
    if (parallel != null) {
      parallel.fill(target, dictionaryTargets, dictionaryOf, nestedDictionaryLeaves);
      target.setRowCount(rows);
      return;
    }
    List<FieldVector> vectors = target.getFieldVectors();
    filler.dictionaryLeaves(nestedDictionaryLeaves, dictionaryTargets);
    for (int i = 0; i < nodes.size(); i++) {
      RecordNode node = nodes.get(i);
      if (dictionaryOf[i] >= 0) {
        filler.fillDictionaryEncoded(node.column(), node.nulls(), node.positionCount(), vectors.get(i),
            dictionaryTargets.get(dictionaryOf[i]));
      } else {
        filler.fill(node, vectors.get(i));
      }
    }
    target.setRowCount(rows);
  }

  /**
   * This reader as Arrow Java's {@link ArrowReader}, which owns it from then on: {@code
   * loadNextBatch()} fills {@code getVectorSchemaRoot()} (and the dictionaries it provides) with the
   * next batch, and closing it closes this reader. Through it the batches reach whatever takes an
   * {@code ArrowReader}, Arrow's C stream export ({@code Data.exportArrayStream}) included. Call it
   * before reading, instead of {@link #next()}; not with fresh roots per batch.
   */
  public ArrowReader asArrowReader() {
    if (fresh) {
      throw new IllegalStateException("an ArrowReader fills its own root: open the reader without freshRootPerBatch");
    }
    if (root != null || closed || failed) {
      throw new IllegalStateException("asArrowReader() comes before the first read");
    }
    return new AsArrowReader(allocator);
  }

  /** {@link #asArrowReader()}: Arrow's reader interface over this reader. */
  private final class AsArrowReader extends ArrowReader {
    AsArrowReader(BufferAllocator allocator) {
      super(allocator);
    }

    @Override
    protected Schema readSchema() {
      return messageSchema;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
      ensureInitialized();
      if (closed || failed) {
        throw new IllegalStateException(closed ? "the reader is closed" : "an earlier read failed; close the reader");
      }
      VectorSchemaRoot target = getVectorSchemaRoot();
      List<BaseVariableWidthVector> dictionaryTargets = new ArrayList<>();
      for (int d = 0; d < dictionaryVectors.size(); d++) {
        dictionaryTargets.add((BaseVariableWidthVector) lookup(d).getVector());
      }
      try {
        int rows = advance();
        if (rows == 0) {
          target.setRowCount(0);
          return false;
        }
        fill(target, dictionaryTargets, rows);
        return true;
      } catch (IOException | RuntimeException | Error e) {
        failed = true;
        if (parallel != null) {
          parallel.stop();
        }
        try {
          target.clear();
          for (BaseVariableWidthVector v : dictionaryTargets) {
            v.clear();
          }
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
        throw e;
      }
    }

    /** Not counted: the file reader does not report its reads. */
    @Override
    public long bytesRead() {
      return 0;
    }

    @Override
    protected void closeReadSource() throws IOException {
      ArrowParquetReader.this.close();
    }
  }

  /** Gives back every buffer the reader holds (the reused root's, the dictionaries'), keeping the vectors. */
  private void releaseBuffers(Throwable cause) {
    try {
      if (root != null) {
        root.clear();
      }
      for (BaseVariableWidthVector v : dictionaryVectors) {
        v.clear();
      }
    } catch (RuntimeException suppressed) {
      cause.addSuppressed(suppressed);
    }
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (parallel != null) {
        // First: no task may still write into the root or the dictionaries when they are closed.
        parallel.close();
      }
    } finally {
      try {
        if (root != null) {
          root.close();
        }
        dictionaries.close();
      } finally {
        reader.close();
      }
    }
  }
}
