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
package io.github.fastdecode.parquet.spark.bench;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.file.PageBuffers;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Whole-file scans of flat Parquet files by Spark's own vectorized reader ({@code
 * VectorizedParquetRecordReader}, as a Spark task drives it: batches of 4,096 rows into on-heap
 * vectors) and by this library's {@code ParquetBatchReader} (dense batches of 4,096 rows, one {@code
 * PageBuffers} kept from scan to scan; {@code fastdecode-ids} keeps string columns' dictionary ids, as
 * the Spark module does for top-level strings), each in fresh JVMs: the first scans of a JVM (what a short
 * job pays) and the scans after it has warmed up. Every scan folds every value of every column into
 * a number through each reader's own accessors ({@code ColumnVector.getLong}, {@code getUTF8String}
 * and so on for Spark, the batch arrays for the library), so lazily decoded dictionaries are paid
 * for; before timing, the two readers' full-content checksums of each file must agree.
 *
 * <p>Not part of the build's tests: run with parquet-fastdecode-spark/bench/run-filescan.sh (see
 * docs/file-scan.md). Arguments: {@code [--jvms K] [--scans N] [--copies DIR] [--spark-copy FILE]...
 * file...}; {@code --spark-copy} rewrites FILE with Spark's default writer (snappy, V1 pages,
 * dictionaries) into DIR (default: java.io.tmpdir) and scans the copy. A column Spark's vectorized
 * reader refuses (BYTE_STREAM_SPLIT pages, for one) is left out of both readers' scans, and the
 * report says so. {@code child <reader> <file> <columns> <scans>} is the fresh-JVM mode.
 */
public final class SparkFileScanBenchmark {
  static final int BATCH = 4096;
  static final String[] READERS = {"spark", "fastdecode", "fastdecode-ids"};

  private SparkFileScanBenchmark() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 5 && args[0].equals("child")) {
      child(args[1], Path.of(args[2]), columns(args[3]), Integer.parseInt(args[4]));
      return;
    }
    int jvms = 3;
    int scans = 30;
    Path copies = Path.of(System.getProperty("java.io.tmpdir"));
    List<Path> files = new ArrayList<>();
    List<Path> toCopy = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--jvms" -> jvms = Integer.parseInt(args[++i]);
        case "--scans" -> scans = Integer.parseInt(args[++i]);
        case "--copies" -> copies = Path.of(args[++i]);
        case "--spark-copy" -> toCopy.add(Path.of(args[++i]));
        default -> files.add(Path.of(args[i]));
      }
    }
    if (files.isEmpty() && toCopy.isEmpty() || scans < 6 || jvms < 1) {
      throw new IllegalArgumentException("usage: [--jvms K>=1] [--scans N>=6] [--copies DIR] [--spark-copy FILE]... file...");
    }
    files.addAll(sparkCopies(toCopy, copies));
    StringBuilder report = new StringBuilder();
    report.append(String.format(Locale.ROOT, "JDK %s, %d fresh JVMs per reader and file, %d scans each, ms per scan"
        + " (medians over the JVMs; warm: median of the last %d scans)%n%n", Runtime.version(), jvms, scans, warmScans(scans)));
    report.append("| file | columns | reader | scan 1 | scans 2-5 | warm | Spark ÷ reader, scan 1 | scans 2-5 | warm |\n");
    report.append("|---|---|---|---:|---:|---:|---:|---:|---:|\n");
    StringBuilder notes = new StringBuilder();
    for (Path file : files) {
      List<String> columns = new ArrayList<>();
      for (String c : topLevelColumns(file)) {
        String refusal = sparkRefusal(file, c);
        if (refusal == null) {
          columns.add(c);
        } else {
          notes.append(String.format(Locale.ROOT, "- %s: column %s left out of both readers' scans: Spark's reader refuses it (%s)%n",
              file.getFileName(), c, refusal));
        }
      }
      long spark = sparkScan(file, columns, true);
      for (boolean ids : new boolean[] {false, true}) {
        long ours = fastdecodeScan(file, columns, true, ids);
        if (spark != ours) {
          throw new IllegalStateException(file + ": Spark's reader folds to " + spark + ", fastdecode's to " + ours
              + (ids ? " keeping dictionary ids" : ""));
        }
      }
      double[][] first = new double[READERS.length][jvms];
      double[][] early = new double[READERS.length][jvms];
      double[][] warm = new double[READERS.length][jvms];
      for (int j = 0; j < jvms; j++) {
        for (int k = 0; k < READERS.length; k++) {
          int r = (k + j) % READERS.length; // alternate which reader's JVM runs first
          double[] t = inChild(READERS[r], file, columns, scans);
          first[r][j] = t[0];
          early[r][j] = median(Arrays.copyOfRange(t, 1, 5));
          warm[r][j] = median(Arrays.copyOfRange(t, t.length - warmScans(scans), t.length));
          System.err.printf(Locale.ROOT, "%s %s jvm %d: %s%n", file.getFileName(), READERS[r], j + 1, Arrays.toString(t));
        }
      }
      for (int r = 0; r < READERS.length; r++) {
        report.append(String.format(Locale.ROOT, "| %s | %s | %s | %.0f | %.0f | %.0f | %.2f | %.2f | %.2f |%n", file.getFileName(),
            String.join(", ", columns), READERS[r], median(first[r]), median(early[r]), median(warm[r]),
            median(first[0]) / median(first[r]), median(early[0]) / median(early[r]), median(warm[0]) / median(warm[r])));
      }
    }
    System.out.print(report);
    System.out.print(notes.length() == 0 ? "" : "\n" + notes);
  }

  static List<String> columns(String joined) {
    return List.of(joined.split(","));
  }

  static List<String> topLevelColumns(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      List<String> names = new ArrayList<>();
      for (org.apache.parquet.schema.Type t : r.getFooter().getFileMetaData().getSchema().getFields()) {
        names.add(t.getName());
      }
      return names;
    }
  }

  /** Why Spark's vectorized reader cannot read {@code column} of {@code file}, or null when it reads it. */
  static String sparkRefusal(Path file, String column) {
    try {
      sparkScan(file, List.of(column), false);
      return null;
    } catch (IOException | RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  static int warmScans(int scans) {
    return Math.min(10, scans - 5);
  }

  /** Rewrites each file with Spark's default Parquet writer into {@code dir}; returns the new files. */
  static List<Path> sparkCopies(List<Path> files, Path dir) throws IOException {
    List<Path> out = new ArrayList<>();
    if (files.isEmpty()) {
      return out;
    }
    SparkSession spark = SparkSession.builder().master("local[1]").appName("filescan-copies")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.parquet.enableVectorizedReader", "false")
        .getOrCreate();
    try {
      for (Path f : files) {
        Path target = dir.resolve("spark-" + f.getFileName());
        if (!Files.isRegularFile(target)) {
          Path tmp = dir.resolve("spark-" + f.getFileName() + ".dir");
          spark.read().parquet(f.toString()).coalesce(1).write().mode("overwrite").parquet(tmp.toString());
          try (Stream<Path> parts = Files.list(tmp)) {
            Path part = parts.filter(p -> p.getFileName().toString().endsWith(".parquet")).findFirst()
                .orElseThrow(() -> new IOException("Spark wrote no part file into " + tmp));
            Files.move(part, target);
          }
          try (Stream<Path> rest = Files.walk(tmp)) {
            rest.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
          }
        }
        out.add(target);
      }
    } finally {
      spark.stop();
    }
    return out;
  }

  static double[] inChild(String reader, Path file, List<String> columns, int scans) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(SparkFileScanBenchmark.class.getName());
    cmd.add("child");
    cmd.add(reader);
    cmd.add(file.toString());
    cmd.add(String.join(",", columns));
    cmd.add(Integer.toString(scans));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    double[] times = null;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith("SCANS\t")) {
          times = Arrays.stream(line.substring(6).split("\t")).mapToDouble(Double::parseDouble).toArray();
        }
      }
    }
    if (p.waitFor() != 0 || times == null || times.length != scans) {
      throw new IllegalStateException("the fresh JVM for " + reader + " on " + file + " failed");
    }
    return times;
  }

  /** Fresh-JVM mode: {@code scans} timed scans, printed on one line. */
  static void child(String reader, Path file, List<String> columns, int scans) throws IOException {
    if (!Boolean.getBoolean("filescan.bareJvm")) {
      // What a Spark executor has done before its first Parquet task: logging and Hadoop's
      // configuration are up. Neither reader's first scan pays for them then.
      org.slf4j.LoggerFactory.getLogger(SparkFileScanBenchmark.class).debug("executor-like start");
      new org.apache.hadoop.conf.Configuration().get("fs.defaultFS");
    }
    StringBuilder line = new StringBuilder("SCANS");
    long sink = 0;
    for (int i = 0; i < scans; i++) {
      long start = System.nanoTime();
      sink += reader.equals("spark") ? sparkScan(file, columns, false)
          : fastdecodeScan(file, columns, false, reader.equals("fastdecode-ids"));
      line.append('\t').append(String.format(Locale.ROOT, "%.1f", (System.nanoTime() - start) / 1e6));
    }
    System.out.println(line);
    System.out.println("SINK\t" + sink);
  }

  /** Built on the first scan (so the first scan pays for it) and kept, as an engine keeps its scan settings. */
  private static final class Options {
    static final ParquetReadOptions READ = ParquetReadOptions.builder().build();
    /** One thread's buffers, kept from scan to scan as an engine's scan thread keeps them from file to file. */
    static final PageSettings PAGES = PageSettings.defaults().withBuffers(new PageBuffers());
  }

  /**
   * One scan through this library. {@code allBytes} folds every byte of every string (the
   * checksum); otherwise a string adds its length and first byte (the timed scans, the same for both
   * readers).
   */
  static long fastdecodeScan(Path file, List<String> columns, boolean allBytes, boolean ids) throws IOException {
    long h = 0;
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(file), columns, Options.READ, Options.PAGES)) {
      ColumnBatch[] batches = r.newBatches(BATCH, ColumnBatch.Layout.DENSE);
      if (ids) {
        for (ColumnBatch b : batches) {
          if (b.type() == PrimitiveTypeName.BINARY) {
            b.keepDictionaryIds(); // as the Spark module reads top-level strings
          }
        }
      }
      int n;
      while ((n = r.nextBatch(batches)) > 0) {
        for (ColumnBatch b : batches) {
          h = fold(b, n, h, allBytes);
        }
      }
    }
    return h;
  }

  private static long fold(ColumnBatch b, int n, long h, boolean allBytes) {
    boolean[] nulls = b.mayHaveNulls() ? b.nulls() : null;
    int k = 0;
    switch (b.type()) {
      case INT32 -> {
        int[] v = b.ints();
        for (int i = 0; i < n; i++) {
          h = h * 31 + (nulls != null && nulls[i] ? -1 : v[k++]);
        }
      }
      case INT64 -> {
        long[] v = b.longs();
        for (int i = 0; i < n; i++) {
          h = h * 31 + (nulls != null && nulls[i] ? -1 : v[k++]);
        }
      }
      case FLOAT -> {
        float[] v = b.floats();
        for (int i = 0; i < n; i++) {
          h = h * 31 + (nulls != null && nulls[i] ? -1 : Float.floatToRawIntBits(v[k++]));
        }
      }
      case DOUBLE -> {
        double[] v = b.doubles();
        for (int i = 0; i < n; i++) {
          h = h * 31 + (nulls != null && nulls[i] ? -1 : Double.doubleToRawLongBits(v[k++]));
        }
      }
      case BOOLEAN -> {
        boolean[] v = b.booleans();
        for (int i = 0; i < n; i++) {
          h = h * 31 + (nulls != null && nulls[i] ? -1 : v[k++] ? 1 : 0);
        }
      }
      case BINARY -> {
        BinaryBatch v = b.hasDictionaryIds() ? b.dictionary().binaries() : b.binaries();
        int[] ids = b.hasDictionaryIds() ? b.dictionaryIds() : null;
        byte[] bytes = v.bytes();
        for (int i = 0; i < n; i++) {
          if (nulls != null && nulls[i]) {
            h = h * 31 - 1;
          } else {
            int e = ids == null ? k : ids[k];
            h = h * 31 + bytesFold(bytes, v.offset(e), v.length(e), allBytes);
            k++;
          }
        }
      }
      default -> throw new IllegalArgumentException("column " + b.type() + ": this benchmark reads flat BOOLEAN, INT32, INT64,"
          + " FLOAT, DOUBLE and BYTE_ARRAY columns");
    }
    return h;
  }

  private static long bytesFold(byte[] bytes, int offset, int length, boolean allBytes) {
    if (!allBytes) {
      return length == 0 ? 0 : length * 257L + bytes[offset];
    }
    long h = length;
    for (int i = 0; i < length; i++) {
      h = h * 31 + bytes[offset + i];
    }
    return h;
  }

  /** One scan through Spark's vectorized reader, folding as {@link #fastdecodeScan} does. */
  static long sparkScan(Path file, List<String> columns, boolean allBytes) throws IOException {
    long h = 0;
    VectorizedParquetRecordReader r = new VectorizedParquetRecordReader(false, BATCH);
    try {
      r.initialize(file.toString(), columns);
      ColumnarBatch batch = r.resultBatch();
      while (r.nextBatch()) {
        int n = batch.numRows();
        for (int c = 0; c < batch.numCols(); c++) {
          h = fold(batch.column(c), n, h, allBytes);
        }
      }
    } finally {
      r.close();
    }
    return h;
  }

  private static long fold(ColumnVector v, int n, long h, boolean allBytes) {
    DataType t = v.dataType();
    boolean nulls = v.hasNull();
    if (t == DataTypes.IntegerType || t == DataTypes.DateType) {
      for (int i = 0; i < n; i++) {
        h = h * 31 + (nulls && v.isNullAt(i) ? -1 : v.getInt(i));
      }
    } else if (t == DataTypes.LongType || t == DataTypes.TimestampType || t == DataTypes.TimestampNTZType) {
      for (int i = 0; i < n; i++) {
        h = h * 31 + (nulls && v.isNullAt(i) ? -1 : v.getLong(i));
      }
    } else if (t == DataTypes.FloatType) {
      for (int i = 0; i < n; i++) {
        h = h * 31 + (nulls && v.isNullAt(i) ? -1 : Float.floatToRawIntBits(v.getFloat(i)));
      }
    } else if (t == DataTypes.DoubleType) {
      for (int i = 0; i < n; i++) {
        h = h * 31 + (nulls && v.isNullAt(i) ? -1 : Double.doubleToRawLongBits(v.getDouble(i)));
      }
    } else if (t == DataTypes.BooleanType) {
      for (int i = 0; i < n; i++) {
        h = h * 31 + (nulls && v.isNullAt(i) ? -1 : v.getBoolean(i) ? 1 : 0);
      }
    } else if (t instanceof StringType) {
      for (int i = 0; i < n; i++) {
        if (nulls && v.isNullAt(i)) {
          h = h * 31 - 1;
        } else {
          UTF8String s = v.getUTF8String(i);
          h = h * 31 + utf8Fold(s, allBytes);
        }
      }
    } else if (t == DataTypes.BinaryType) {
      for (int i = 0; i < n; i++) {
        if (nulls && v.isNullAt(i)) {
          h = h * 31 - 1;
        } else {
          byte[] b = v.getBinary(i);
          h = h * 31 + bytesFold(b, 0, b.length, allBytes);
        }
      }
    } else {
      throw new IllegalArgumentException("Spark type " + t + ": this benchmark reads boolean, int, date, long, timestamp, float,"
          + " double, string and binary columns");
    }
    return h;
  }

  private static long utf8Fold(UTF8String s, boolean allBytes) {
    int length = s.numBytes();
    if (!allBytes) {
      return length == 0 ? 0 : length * 257L + s.getByte(0);
    }
    long h = length;
    for (int i = 0; i < length; i++) {
      h = h * 31 + s.getByte(i);
    }
    return h;
  }

  private static double median(double[] t) {
    double[] s = t.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
  }
}
