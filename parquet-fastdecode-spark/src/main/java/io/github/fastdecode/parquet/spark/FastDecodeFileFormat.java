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

import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat;
import org.apache.spark.sql.execution.datasources.parquet.ParquetOptions;
import org.apache.spark.sql.execution.datasources.parquet.ParquetUtils;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import scala.Function1;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;
import scala.collection.Iterator;
import scala.collection.immutable.Map;
import scala.collection.immutable.Seq;
import scala.reflect.ClassTag$;

/**
 * Spark's Parquet file source with the scan done by parquet-fastdecode: {@code
 * spark.read.format("fastdecode")} and {@code CREATE TABLE ... USING fastdecode}.
 *
 * <p>Everything but the decoding is Spark's Parquet source, inherited: schema inference and merging,
 * partition discovery and pruning, splits, filter and column pushdown, options, writes. Files (or
 * scans) this source does not read itself go to Spark's own reader; see {@link SparkColumnKind}.
 */
public class FastDecodeFileFormat extends ParquetFileFormat {
  private static final long serialVersionUID = 1L;

  /** The name Spark finds this source by. */
  public static final String SHORT_NAME = "fastdecode";

  /**
   * The session setting that makes scans copy each batch into Spark's own column vectors
   * ({@code true}) instead of handing Spark vectors over the library's arrays (the default,
   * {@code false}); kept to compare the two.
   */
  public static final String COPY_VECTORS = "spark.fastdecode.copyVectors";

  /**
   * The session setting that turns row filtering off ({@code false}): by default a scan hands Spark
   * only the rows that match the filters Spark pushes (evaluated inside the scan, the other columns
   * decoded only for those rows), not every row of the pages the filters keep. Spark still applies
   * its own filter above the scan, so results are the same either way.
   */
  public static final String FILTER_ROWS = "spark.fastdecode.filterRows";

  /**
   * The session setting that says what happens to a file this source would leave to Spark's own
   * reader: {@code warn} (the default) reads it with Spark's reader and logs the reason at WARN once
   * per reason; {@code error} fails the query naming the file and the reason (for tests that must
   * know the library read everything).
   */
  public static final String FALLBACK = "spark.fastdecode.fallback";

  /**
   * The SQL metrics of the one scan node this instance serves, or null. Spark makes instances with
   * no metrics (by this source's name, and {@link ParquetScanStrategy} for Spark's Parquet scans);
   * the session extension's {@link ScanMetricsRule} gives each scan it measures an instance of its
   * own with metrics, whose reader functions count into them beside the accumulators.
   */
  private final ScanMetrics metrics;

  /** The format as Spark finds it by its name: counts go to stage accumulators only. */
  public FastDecodeFileFormat() {
    this(null);
  }

  /** The format of one measured scan (see {@link #metrics}). */
  FastDecodeFileFormat(ScanMetrics metrics) {
    this.metrics = metrics;
  }

  /** The scan node's metrics this format counts into, or null. */
  ScanMetrics metrics() {
    return metrics;
  }

  static boolean fallbackError(SQLConf conf) {
    String v = conf.getConfString(FALLBACK, "warn").trim();
    if (v.equalsIgnoreCase("error")) {
      return true;
    }
    if (!v.equalsIgnoreCase("warn")) {
      throw new IllegalArgumentException(FALLBACK + " is warn or error, not " + v);
    }
    return false;
  }

  static boolean filterRows(SQLConf conf) {
    return !"false".equalsIgnoreCase(conf.getConfString(FILTER_ROWS, "true").trim());
  }

  static boolean copyVectors(SQLConf conf) {
    return "true".equalsIgnoreCase(conf.getConfString(COPY_VECTORS, "false").trim());
  }

  /**
   * The column vector classes Spark's generated code may assume. A scan hands Spark vectors of
   * several classes for the same column (this library's over its batches, Spark's own for files
   * that fall back, for nested columns and with {@value #COPY_VECTORS}), so the generated code takes
   * any {@link ColumnVector}, whatever the setting was when the plan was made; partition columns
   * are Spark's constant vectors either way.
   */
  @Override
  public Option<Seq<String>> vectorTypes(StructType requiredSchema, StructType partitionSchema, SQLConf sqlConf) {
    java.util.List<String> types = new java.util.ArrayList<>();
    for (int i = 0; i < requiredSchema.fields().length; i++) {
      types.add(ColumnVector.class.getName());
    }
    for (int i = 0; i < partitionSchema.fields().length; i++) {
      types.add(ConstantColumnVector.class.getName());
    }
    return Option.<Seq<String>>apply(CollectionConverters.asScala(types).toList());
  }

  /**
   * Spark's schema inference, or where Spark refuses a type this source reads (INT64
   * TIMESTAMP(NANOS), FLOAT16, UUID), the same inference with those typed ({@link RefusedTypes}).
   */
  @Override
  public Option<StructType> inferSchema(SparkSession session, Map<String, String> parameters,
      Seq<org.apache.hadoop.fs.FileStatus> files) {
    try {
      return super.inferSchema(session, parameters, files);
    } catch (Exception e) { // Spark's AnalysisException is a checked exception
      if (!RefusedTypes.isRefusedType(e)) {
        throw FastDecodeFileFormat.<RuntimeException>rethrow(e);
      }
      return Option.apply(RefusedTypes.infer(session, parameters, files));
    }
  }

  /** Throws {@code e} as it is, checked or not (Scala's methods throw checked exceptions undeclared). */
  @SuppressWarnings("unchecked")
  private static <E extends Throwable> E rethrow(Throwable e) throws E {
    throw (E) e;
  }

  @Override
  public String shortName() {
    return SHORT_NAME;
  }

  @Override
  public String toString() {
    return "FastDecodeParquet";
  }

  // Spark's ParquetFileFormat counts every instance of itself as equal; a scan through this source
  // must never be taken for (and reused as) a scan through Spark's reader. Instances with and without
  // metrics are equal too: metrics do not change what a scan reads, and plans Spark compares (exchange
  // reuse, adaptive re-planning) stay equal.
  @Override
  public boolean equals(Object other) {
    return other instanceof FastDecodeFileFormat;
  }

  @Override
  public int hashCode() {
    return FastDecodeFileFormat.class.hashCode();
  }

  @Override
  public Function1<PartitionedFile, Iterator<InternalRow>> buildReaderWithPartitionValues(SparkSession session,
      StructType dataSchema, StructType partitionSchema, StructType requiredSchema, Seq<Filter> filters,
      Map<String, String> options, Configuration hadoopConf) {
    // Spark's own reader for the same scan: the fallback, and the Hadoop settings it needs.
    Function1<PartitionedFile, Iterator<InternalRow>> spark = super.buildReaderWithPartitionValues(
        session, dataSchema, partitionSchema, requiredSchema, filters, options, hadoopConf);
    SQLConf conf = session.sessionState().conf(); // (FileFormat.getSqlConf is Spark 4.1 and later)
    StructType resultSchema = new StructType(concat(partitionSchema.fields(), requiredSchema.fields()));
    boolean fallbackError = fallbackError(conf);
    String unsupported = unsupportedScan(conf, resultSchema, requiredSchema);
    if (unsupported != null) {
      Option<String> path = options.get("path");
      Fallbacks.scanFallsBack(unsupported, path.isDefined() ? path.get() : "a Parquet relation", fallbackError);
      return new ScanCounters(session.sparkContext(), metrics).countingSparks(spark);
    }
    FastDecodeScan.Settings s = new FastDecodeScan.Settings();
    s.capacity = conf.parquetVectorizedReaderBatchSize();
    // Spark's scan says whether it wants batches or rows (decided when it planned the scan); a
    // caller that does not say gets what supportBatch says now.
    scala.Option<String> returning = options.get(org.apache.spark.sql.execution.datasources.FileFormat$.MODULE$.OPTION_RETURNING_BATCH());
    s.returningBatch = returning.isDefined() ? Boolean.parseBoolean(returning.get()) : supportBatch(session, resultSchema);
    s.caseSensitive = conf.caseSensitiveAnalysis();
    s.pushDown = conf.parquetFilterPushDown();
    s.pushDownDate = conf.parquetFilterPushDownDate();
    s.pushDownTimestamp = conf.parquetFilterPushDownTimestamp();
    s.pushDownDecimal = conf.parquetFilterPushDownDecimal();
    s.pushDownStringPredicate = conf.parquetFilterPushDownStringPredicate();
    s.pushDownInFilterThreshold = conf.parquetFilterPushDownInFilterThreshold();
    s.int96TimestampConversion = conf.isParquetINT96TimestampConversion();
    s.sessionZone = conf.sessionLocalTimeZone();
    ParquetOptions parquetOptions = new ParquetOptions(options, conf);
    s.datetimeRebaseModeInRead = parquetOptions.datetimeRebaseModeInRead();
    s.int96RebaseModeInRead = parquetOptions.int96RebaseModeInRead();
    s.copyVectors = copyVectors(conf);
    s.filterRows = filterRows(conf);
    s.fallbackError = fallbackError;
    s.fieldIds = conf.parquetFieldIdReadEnabled();
    s.ignoreMissingFieldIds = conf.ignoreMissingParquetFieldId();
    var broadcast = session.sparkContext().broadcast(new SerializableConfiguration(hadoopConf),
        ClassTag$.MODULE$.apply(SerializableConfiguration.class));
    return new FastDecodeScan(broadcast, requiredSchema, partitionSchema, filters, s, spark,
        new ScanCounters(session.sparkContext(), metrics));
  }

  /** Why a whole scan stays with Spark's reader, or null when this source takes it. */
  private static String unsupportedScan(SQLConf conf, StructType resultSchema, StructType requiredSchema) {
    if (!ParquetUtils.isBatchReadSupportedForSchema(conf, resultSchema)) {
      return "Spark reads this schema row by row (the vectorized reader is off or does not take it)";
    }
    if (conf.offHeapColumnVectorEnabled()) {
      return "off-heap column vectors (spark.sql.columnVector.offheap.enabled)";
    }
    return null;
  }

  private static StructField[] concat(StructField[] a, StructField[] b) {
    StructField[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
