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
package io.github.fastdecode.parquet.spark;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.column.RecordBatch;
import io.github.fastdecode.parquet.column.RecordNode;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.spark.TaskContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.RebaseDateTime;
import org.apache.spark.sql.execution.datasources.DataSourceUtils;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFilters;
import org.apache.spark.sql.execution.datasources.parquet.ParquetUtils;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.util.SerializableConfiguration;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;

/**
 * The per-file reader function {@link FastDecodeFileFormat} hands Spark: reads a file split with
 * parquet-fastdecode when every requested column is one it reads, and with Spark's own reader
 * (the function Spark's Parquet source built for the same scan) otherwise.
 */
final class FastDecodeScan extends AbstractFunction1<PartitionedFile, Iterator<InternalRow>> implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The settings of the scan, taken from the session when Spark plans it. */
  static final class Settings implements Serializable {
    private static final long serialVersionUID = 1L;
    int capacity;
    boolean returningBatch;
    boolean caseSensitive;
    boolean pushDown;
    boolean pushDownDate;
    boolean pushDownTimestamp;
    boolean pushDownDecimal;
    boolean pushDownStringPredicate;
    int pushDownInFilterThreshold;
    boolean int96TimestampConversion;
    /** {@code spark.sql.session.timeZone}: where INT96 values are converted from, when they are. */
    String sessionZone;
    String datetimeRebaseModeInRead;
    String int96RebaseModeInRead;
    /** Copy flat columns into Spark's vectors rather than wrap the library's batches. */
    boolean copyVectors;
    /** Hand Spark only the rows matching the pushed filters ({@code spark.fastdecode.filterRows}). */
    boolean filterRows;
    /** Fail the task rather than leave a file to Spark's reader ({@code spark.fastdecode.fallback=error}). */
    boolean fallbackError;
    /** Match requested fields that carry a Parquet field id by that id ({@code spark.sql.parquet.fieldId.read.enabled}). */
    boolean fieldIds;
    /** {@code spark.sql.parquet.fieldId.read.ignoreMissing}: a file without ids reads as nulls rather than failing. */
    boolean ignoreMissingFieldIds;
  }

  private final Broadcast<SerializableConfiguration> conf;
  private final StructType requiredSchema;
  private final StructType partitionSchema;
  private final scala.collection.immutable.Seq<Filter> filters;
  private final Settings settings;
  private final scala.Function1<PartitionedFile, Iterator<InternalRow>> spark;
  private final ScanCounters counters;

  FastDecodeScan(Broadcast<SerializableConfiguration> conf, StructType requiredSchema, StructType partitionSchema,
      scala.collection.immutable.Seq<Filter> filters, Settings settings,
      scala.Function1<PartitionedFile, Iterator<InternalRow>> spark, ScanCounters counters) {
    this.counters = counters;
    this.conf = conf;
    this.requiredSchema = requiredSchema;
    this.partitionSchema = partitionSchema;
    this.filters = filters;
    this.settings = settings;
    this.spark = spark;
  }

  @Override
  public Iterator<InternalRow> apply(PartitionedFile file) {
    try {
      Iterator<InternalRow> ours = read(file);
      if (ours != null) {
        counters.fileRead();
        return ours;
      }
      counters.fileLeft();
      return spark.apply(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file's batches through parquet-fastdecode, or null when Spark's reader must read it. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private Iterator<InternalRow> read(PartitionedFile file) throws IOException {
    Configuration hadoop = conf.value().value();
    Path path = file.toPath();
    HadoopInputFile input = HadoopInputFile.fromPath(path, hadoop);
    // The footer's schema and key-value metadata, read as Spark's footer reader reads them (with the
    // file's decryption settings from the Hadoop configuration), through parquet-java's public API:
    // Spark 4.0's ParquetFooterReader keeps its InputFile variant private.
    FileMetaData meta;
    try (ParquetFileReader footer = ParquetFileReader.open(input, HadoopReadOptions.builder(hadoop, path)
        .withMetadataFilter(ParquetMetadataConverter.SKIP_ROW_GROUPS).build())) {
      meta = footer.getFooter().getFileMetaData();
    } catch (IllegalStateException | IllegalArgumentException e) {
      // parquet-java refuses a schema with FLOAT16 on a FIXED_LEN_BYTE_ARRAY other than 2 bytes
      // without naming the column: name it.
      String column = badFloat16Column(input);
      if (column == null) {
        throw e;
      }
      throw float16Length(file, column, e);
    }
    MessageType schema = meta.getSchema();

    StructField[] fields = requiredSchema.fields();
    String collision = pathCollision(schema);
    if (collision != null) {
      return fallBack(file, collision);
    }
    int rowIndexField = -1;
    // Top-level fields (by the file's names) read as another type than stored, in part or whole.
    Set<String> convertedFields = new HashSet<>();
    boolean byIds = settings.fieldIds && ParquetUtils.hasFieldIds(requiredSchema);
    if (byIds && !settings.ignoreMissingFieldIds && !hasIds(schema)) {
      return fallBack(file, "the requested fields have Parquet field ids and the file has none (Spark's reader fails on it)");
    }
    String[] parquetNames = new String[fields.length];
    SparkColumnKind[] kinds = new SparkColumnKind[fields.length];
    @SuppressWarnings("unchecked")
    List<String[]>[] nestedLeaves = new List[fields.length];
    // A nested column's requested type with the fields matched by Parquet field id renamed to the file's names.
    DataType[] readTypes = new DataType[fields.length];
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].name().equals(ParquetFileFormat.ROW_INDEX_TEMPORARY_COLUMN_NAME())
          && fields[i].dataType() instanceof org.apache.spark.sql.types.LongType) {
        rowIndexField = i; // _metadata.row_index: the row's position in the file, from the reader
        continue;
      }
      Type match = null;
      if (byIds && ParquetUtils.hasFieldId(fields[i])) {
        // Matched by id alone, as Spark matches it; no field with the id: a column of nulls.
        int id = ParquetUtils.getFieldId(fields[i]);
        for (Type t : schema.getFields()) {
          if (t.getId() != null && t.getId().intValue() == id) {
            if (match != null) {
              return fallBack(file, "more than one field has the Parquet field id " + id + " (Spark's reader fails on it)");
            }
            match = t;
          }
        }
      } else {
        for (Type t : schema.getFields()) {
          boolean same = settings.caseSensitive ? t.getName().equals(fields[i].name())
              : t.getName().toLowerCase(Locale.ROOT).equals(fields[i].name().toLowerCase(Locale.ROOT));
          if (same) {
            if (match != null) {
              return fallBack(file, "more than one field matches " + fields[i].name());
            }
            match = t;
          }
        }
      }
      if (match == null) {
        continue; // missing: a column of nulls, as Spark reads it
      }
      if (!match.isPrimitive() || match.isRepetition(Type.Repetition.REPEATED)) {
        // Nested: core's shape of the whole field, the leaves Spark's type needs.
        List<ColumnDescriptor> all = leavesUnder(schema, match.getName());
        RecordNode node = RecordBatch.forColumns(schema, all, 1).field(match.getName());
        List<String[]> leaves = new ArrayList<>();
        readTypes[i] = fields[i].dataType();
        if (byIds && node != null) {
          try {
            readTypes[i] = SparkFieldIds.byName(fields[i].dataType(), node, settings.caseSensitive);
          } catch (SparkFieldIds.DuplicateId e) {
            return fallBack(file, e.getMessage());
          }
        }
        boolean[] nestedConverts = new boolean[1];
        String why = node == null ? "no leaf below " + match.getName()
            : SparkNestedColumn.plan(readTypes[i], node, settings.caseSensitive, leaves, nestedConverts);
        if (why != null) {
          return fallBack(file, why);
        }
        if (nestedConverts[0]) {
          convertedFields.add(match.getName());
        }
        nestedLeaves[i] = leaves;
        parquetNames[i] = match.getName();
        continue;
      }
      kinds[i] = SparkColumnKind.of(match.asPrimitiveType(), fields[i].dataType());
      if (kinds[i] == SparkColumnKind.FLOAT16 && match.asPrimitiveType().getTypeLength() != 2) {
        throw float16Length(file, match.getName() + " (FIXED_LEN_BYTE_ARRAY(" + match.asPrimitiveType().getTypeLength() + "))", null);
      }
      if (kinds[i] == null) {
        return fallBack(file, "column " + match.getName() + " of Parquet type " + match + " read as "
            + fields[i].dataType().simpleString());
      }
      parquetNames[i] = match.getName();
      if (kinds[i].converts()) {
        convertedFields.add(match.getName());
      }
    }

    Map<String, String> keyValues = meta.getKeyValueMetaData();
    scala.Function1<String, String> lookup = keyValues::get;
    RebaseDateTime.RebaseSpec datetimeSpec = DataSourceUtils.datetimeRebaseSpec(lookup, settings.datetimeRebaseModeInRead);
    RebaseDateTime.RebaseSpec int96Spec = DataSourceUtils.int96RebaseSpec(lookup, settings.int96RebaseModeInRead);
    // As Spark's reader: INT96 values from writers other than parquet-mr (Impala, Hive, pyarrow) are
    // wall-clock times in the session time zone, shifted to UTC as they are read. Only those read as
    // timestamp: Spark reads INT96 as timestamp_ntz without the shift (its INT96 updater for
    // TimestampNTZType ignores the conversion), and so do INT96_AS_TIMESTAMP_NTZ's conversions.
    String int96Convert = settings.int96TimestampConversion && !meta.getCreatedBy().startsWith("parquet-mr")
        ? settings.sessionZone : null;

    FilterPredicate pushed = null;
    if (settings.pushDown) {
      ParquetFilters parquetFilters = new ParquetFilters(schema, settings.pushDownDate, settings.pushDownTimestamp,
          settings.pushDownDecimal, settings.pushDownStringPredicate, settings.pushDownInFilterThreshold,
          settings.caseSensitive, datetimeSpec);
      pushed = PushedFilters.convert(parquetFilters, filters.iterator());
    }
    ParquetReadOptions.Builder options = HadoopReadOptions.builder(hadoop, path)
        .withRange(file.start(), file.start() + file.length());
    if (pushed != null) {
      // Row groups whose statistics, dictionary or bloom filter rule the predicate out are skipped.
      options.withRecordFilter(FilterCompat.get(pushed));
    }
    // Rows are filtered by the pushed predicate on stored values. Where dates or timestamps are
    // rebased from the legacy calendar as they are read, a stored value and Spark's may differ:
    // there only row groups and pages are skipped, and Spark's own filter drops the rows.
    // So where the predicate is on a column read as another type than the file's (widened, unsigned,
    // nanoseconds, FLOAT16): Spark's filter on it need not be the pushed predicate's comparison of
    // stored values. Columns read converted that the predicate does not name do not matter.
    // Nor does row filtering run with columns matched by field id (the pushed filter names columns
    // as Spark does, not by id), or with INT96 values shifted between time zones.
    Set<String> predicateFields = pushed == null ? Set.of() : PushedFilters.topLevelFields(pushed);
    boolean converts = byIds || int96Convert != null
        || (predicateFields == null ? !convertedFields.isEmpty() : !Collections.disjoint(predicateFields, convertedFields));
    options.useRecordFilter(pushed != null && settings.filterRows && !converts
        && !"LEGACY".equals(datetimeSpec.mode().toString()) && !"LEGACY".equals(int96Spec.mode().toString()));

    List<String> columns = new ArrayList<>();
    for (int i = 0; i < fields.length; i++) {
      if (nestedLeaves[i] != null) {
        for (String[] leaf : nestedLeaves[i]) {
          columns.add(String.join(".", leaf));
        }
      } else if (parquetNames[i] != null) {
        columns.add(parquetNames[i]);
      }
    }
    String datetimeMode = datetimeSpec.mode().toString();
    String int96Mode = int96Spec.mode().toString();

    if (rowIndexField >= 0 && columns.isEmpty() && !schema.getColumns().isEmpty()) {
      // Row counts without batches come a row group at a time (see FastDecodeBatchIterator), and row
      // indexes come with batches: one column is read for them, and not shown to Spark.
      columns.add(String.join(".", schema.getColumns().get(0).getPath()));
    }
    ParquetBatchReader reader = ParquetBatchReader.open(input, columns, options.build());
    try {
      counters.rowsRead(reader.totalRows());
      int capacity = settings.capacity;
      ColumnBatch[] batches = reader.newBatches(capacity, ColumnBatch.Layout.ROW_POSITIONS);
      Map<String, ColumnBatch> byPath = new HashMap<>();
      for (ColumnBatch b : batches) {
        byPath.put(String.join(".", b.column().getPath()), b);
      }
      List<WritableColumnVector> filled = new ArrayList<>();
      List<FastDecodeBatchIterator.Fill> fills = new ArrayList<>();
      List<ColumnBatchVector> wrapped = new ArrayList<>();
      ColumnVector[] vectors = new ColumnVector[fields.length + partitionSchema.fields().length];
      for (int i = 0; i < fields.length; i++) {
        if (i == rowIndexField) {
          OnHeapColumnVector v = new OnHeapColumnVector(capacity, fields[i].dataType());
          vectors[i] = v;
          filled.add(v);
          long[] indexes = new long[capacity];
          fills.add((vector, rows) -> vector.putLongs(0, reader.rowIndexes(indexes), indexes, 0));
          continue;
        }
        if (parquetNames[i] != null && nestedLeaves[i] == null && !settings.copyVectors) {
          // A flat column: Spark reads the library's batch through a vector over its arrays.
          ColumnBatchVector v = ColumnBatchVector.of(kinds[i], fields[i].dataType(), byPath.get(parquetNames[i]),
              new SparkValueConversions(datetimeMode, datetimeSpec.timeZone(), int96Mode, int96Spec.timeZone(), int96Convert));
          vectors[i] = v;
          wrapped.add(v);
          continue;
        }
        OnHeapColumnVector v = new OnHeapColumnVector(capacity, fields[i].dataType());
        vectors[i] = v;
        if (parquetNames[i] == null) {
          v.putNulls(0, capacity);
          v.setIsConstant();
          continue;
        }
        filled.add(v);
        if (nestedLeaves[i] != null) {
          List<ColumnDescriptor> chosen = new ArrayList<>();
          for (String[] leaf : nestedLeaves[i]) {
            chosen.add(byPath.get(String.join(".", leaf)).column());
          }
          RecordNode node = RecordBatch.forColumns(schema, chosen, 1).field(parquetNames[i]);
          SparkNestedColumn nested = SparkNestedColumn.of(readTypes[i], node, settings.caseSensitive, byPath,
              datetimeMode, datetimeSpec.timeZone(), int96Mode, int96Spec.timeZone(), int96Convert);
          fills.add(nested::fill);
        } else {
          SparkVectorFiller filler = new SparkVectorFiller(kinds[i], fields[i].dataType(), datetimeMode, datetimeSpec.timeZone(),
              int96Mode, int96Spec.timeZone(), int96Convert);
          ColumnBatch batch = byPath.get(parquetNames[i]);
          if (filler.keepsDictionaryIds()) {
            batch.keepDictionaryIds();
          }
          fills.add((vector, rows) -> filler.fill(batch, vector, rows));
        }
      }
      StructField[] partitions = partitionSchema.fields();
      for (int i = 0; i < partitions.length; i++) {
        ConstantColumnVector v = new ConstantColumnVector(capacity, partitions[i].dataType());
        ColumnVectorUtils.populate(v, file.partitionValues(), i);
        vectors[fields.length + i] = v;
      }
      FastDecodeBatchIterator iterator = new FastDecodeBatchIterator(reader, batches,
          filled.toArray(new WritableColumnVector[0]), fills.toArray(new FastDecodeBatchIterator.Fill[0]),
          wrapped.toArray(new ColumnBatchVector[0]), new ColumnarBatch(vectors), settings.returningBatch, capacity,
          counters);
      TaskContext task = TaskContext.get();
      if (task != null) {
        task.addTaskCompletionListener(new org.apache.spark.util.TaskCompletionListener() {
          @Override
          public void onTaskCompletion(TaskContext context) {
            iterator.close();
          }
        });
      }
      Fallbacks.fileRead(wrapped.size(), filled.size());
      return (Iterator) iterator;
    } catch (RuntimeException | Error e) {
      reader.close();
      throw e;
    }
  }

  private static org.apache.parquet.io.ParquetDecodingException float16Length(PartitionedFile file, String column,
      Throwable cause) {
    // The column's type is wrong, so its first value (row group 0, page 0) is the first bad one; no
    // value is read, so none can come out wrong.
    return new org.apache.parquet.io.ParquetDecodingException("file " + file.filePath() + ", column " + column
        + ", row group 0, page 0 (and every other): FLOAT16 annotates a FIXED_LEN_BYTE_ARRAY whose length is not 2", cause);
  }

  /**
   * The first column of {@code input}'s footer (read here as raw Thrift, as parquet-java's schema
   * refuses it) that annotates a FIXED_LEN_BYTE_ARRAY of another length than 2 with FLOAT16, as
   * "name (FIXED_LEN_BYTE_ARRAY(n))"; null if none, or if the footer cannot be read that way.
   */
  private static String badFloat16Column(org.apache.parquet.io.InputFile input) {
    try (org.apache.parquet.io.SeekableInputStream in = input.newStream()) {
      long length = input.getLength();
      if (length < 12) {
        return null;
      }
      byte[] tail = new byte[8];
      in.seek(length - 8);
      in.readFully(tail);
      long footerLength = java.nio.ByteBuffer.wrap(tail).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFFFFFFL;
      if (footerLength > length - 12) {
        return null;
      }
      byte[] footer = new byte[(int) footerLength];
      in.seek(length - 8 - footerLength);
      in.readFully(footer);
      org.apache.parquet.format.FileMetaData meta = org.apache.parquet.format.Util.readFileMetaData(
          new java.io.ByteArrayInputStream(footer));
      for (org.apache.parquet.format.SchemaElement el : meta.getSchema()) {
        if (el.isSetLogicalType() && el.getLogicalType().isSetFLOAT16() && el.getType_length() != 2) {
          return el.getName() + " (FIXED_LEN_BYTE_ARRAY(" + el.getType_length() + "))";
        }
      }
      return null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Whether any field of {@code group}, at any depth, has a Parquet field id. */
  private static boolean hasIds(org.apache.parquet.schema.GroupType group) {
    for (Type t : group.getFields()) {
      if (t.getId() != null || !t.isPrimitive() && hasIds(t.asGroupType())) {
        return true;
      }
    }
    return false;
  }

  /** The leaf columns of the top-level field {@code name}. */
  private static List<ColumnDescriptor> leavesUnder(MessageType schema, String name) {
    List<ColumnDescriptor> leaves = new ArrayList<>();
    for (ColumnDescriptor c : schema.getColumns()) {
      if (c.getPath()[0].equals(name)) {
        leaves.add(c);
      }
    }
    return leaves;
  }

  private Iterator<InternalRow> fallBack(PartitionedFile file, String reason) {
    Fallbacks.fileFallsBack(file.filePath().toString(), reason, settings.fallbackError);
    return null;
  }

  /**
   * Why columns cannot be told apart by their paths joined with dots (how the reader names them),
   * or null: two leaves whose joined paths are equal, or a top-level field whose name is another
   * field's leaf path ({@code "a.b"} beside a struct {@code a} with a field {@code b}).
   */
  private static String pathCollision(MessageType schema) {
    java.util.Set<String> leaves = new java.util.HashSet<>();
    Map<String, String> topOfLeaf = new HashMap<>();
    for (ColumnDescriptor c : schema.getColumns()) {
      String joined = String.join(".", c.getPath());
      if (!leaves.add(joined)) {
        return "two columns are both named " + joined + " when their paths are joined with dots";
      }
      topOfLeaf.put(joined, c.getPath()[0]);
    }
    for (Type t : schema.getFields()) {
      String top = topOfLeaf.get(t.getName());
      if (top != null && !top.equals(t.getName())) {
        return "field " + t.getName() + " has the name of a column of field " + top;
      }
    }
    return null;
  }
}
