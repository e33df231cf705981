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
package io.github.fastdecode.parquet.conformance;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.spi.ValuesReaderProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The conformance kit's entry point for other projects' unit tests: checks a reader against
 * the parquet-java on the class path on files (any flat file, or the kit's generated ones) and on generated pages,
 * and reports the first mismatch with its row, column and both values.
 *
 * <pre>{@code
 * // Your file reader, behind one method:
 * ReaderConformance.ColumnSource mine = (file, column) -> myEngine.readColumnAsObjects(file, column);
 * ReaderConformance.assertGeneratedFiles(tempDir, mine);          // every encoding, codec, page version
 * ReaderConformance.assertFile(Path.of("my-file.parquet"), mine);
 *
 * // Your values readers, as a provider (or this library's own under your settings):
 * ReaderConformance.assertPages(myProvider);
 * }</pre>
 */
public final class ReaderConformance {
  private ReaderConformance() {}

  /** The reader under test, for a flat column of a file. */
  @FunctionalInterface
  public interface ColumnSource {
    /**
     * Every value of the column at {@code column} (path joined with {@code .}), one per row in file
     * order: {@code null} for a null, else {@link Boolean}, {@link Integer}, {@link Long}, {@link
     * Float}, {@link Double} or {@code byte[]} by physical type (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY,
     * INT96), with no logical conversion.
     */
    List<Object> readColumn(Path file, String column) throws IOException;
  }

  /** The first difference found. */
  public static final class Mismatch {
    public final String file;
    public final String column;
    /** Row (or value index, on a page) of the difference, or -1 for a length difference. */
    public final long row;
    public final String expected;
    public final String actual;

    Mismatch(String file, String column, long row, String expected, String actual) {
      this.file = file;
      this.column = column;
      this.row = row;
      this.expected = expected;
      this.actual = actual;
    }

    @Override
    public String toString() {
      return file + ": column " + column + (row >= 0 ? ", row " + row : "") + ": parquet-java has " + expected + ", the reader has " + actual;
    }
  }

  /** This library's file reader as a {@link ColumnSource}: batches of {@code batchSize} rows in the given layout. */
  public static ColumnSource fastdecode(int batchSize, ColumnBatch.Layout layout) {
    return (file, column) -> {
      ColumnDescriptor c = flatColumn(file, column);
      return FastDecodeColumns.read(file, List.of(c), batchSize, layout).get(column).values();
    };
  }

  /**
   * As {@link #fastdecode(int, ColumnBatch.Layout)}, with batches that keep dictionary ids ({@link
   * ColumnBatch#keepDictionaryIds()}); the values compared are the dictionary entries they index.
   */
  public static ColumnSource fastdecodeWithDictionaryIds(int batchSize, ColumnBatch.Layout layout) {
    return (file, column) -> {
      ColumnDescriptor c = flatColumn(file, column);
      return FastDecodeColumns.read(file, List.of(c), batchSize, layout, true).get(column).values();
    };
  }

  private static ColumnDescriptor flatColumn(Path file, String column) throws IOException {
    for (ColumnDescriptor c : schemaColumns(file)) {
      if (ParquetJavaColumns.name(c).equals(column)) {
        return c;
      }
    }
    throw new IllegalArgumentException("no column " + column + " in " + file);
  }

  private static List<ColumnDescriptor> schemaColumns(Path file) throws IOException {
    try (org.apache.parquet.hadoop.ParquetFileReader r =
        org.apache.parquet.hadoop.ParquetFileReader.open(new org.apache.parquet.io.LocalInputFile(file))) {
      return r.getFooter().getFileMetaData().getSchema().getColumns();
    }
  }

  /**
   * Compares every flat (non-repeated) column of {@code file} as {@code subject} reads it with
   * parquet-java's column reader; empty if all agree.
   */
  public static Optional<Mismatch> compareFile(Path file, ColumnSource subject) throws IOException {
    List<ColumnDescriptor> flat = new ArrayList<>();
    for (ColumnDescriptor c : schemaColumns(file)) {
      if (c.getMaxRepetitionLevel() == 0) {
        flat.add(c);
      }
    }
    Map<String, ColumnEntries> expected = ParquetJavaColumns.read(file, flat);
    for (ColumnDescriptor c : flat) {
      String name = ParquetJavaColumns.name(c);
      Optional<Mismatch> m = compare(file.toString(), name, expected.get(name).values(), subject.readColumn(file, name));
      if (m.isPresent()) {
        return m;
      }
    }
    return Optional.empty();
  }

  /** Compares two columns value by value; {@link FastDecodeColumns#SKIPPED} in {@code actual} matches anything. */
  public static Optional<Mismatch> compare(String file, String column, List<Object> expected, List<Object> actual) {
    int n = Math.min(expected.size(), actual.size());
    for (int i = 0; i < n; i++) {
      Object a = actual.get(i);
      if (a != FastDecodeColumns.SKIPPED && !ColumnEntries.same(expected.get(i), a)) {
        return Optional.of(new Mismatch(file, column, i, ColumnEntries.describe(expected.get(i)), ColumnEntries.describe(a)));
      }
    }
    if (expected.size() != actual.size()) {
      return Optional.of(new Mismatch(file, column, -1, expected.size() + " rows", actual.size() + " rows"));
    }
    return Optional.empty();
  }

  /** Fails with the first mismatch of {@link #compareFile}. */
  public static void assertFile(Path file, ColumnSource subject) throws IOException {
    Optional<Mismatch> m = compareFile(file, subject);
    if (m.isPresent()) {
      throw new AssertionError(m.get().toString());
    }
  }

  /** Writes the kit's {@link GeneratedFiles#standard()} files into {@code dir} and checks each. */
  public static void assertGeneratedFiles(Path dir, ColumnSource subject) throws IOException {
    for (GeneratedFiles.Spec spec : GeneratedFiles.standard()) {
      assertFile(GeneratedFiles.write(dir, spec), subject);
    }
  }

  /**
   * Checks {@code provider}'s values readers on pages parquet-java's writers produce (PLAIN,
   * DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY over the
   * kit's data shapes) under the kit's read/skip plans and input kinds. Combinations the provider
   * does not cover (returns null for) are left out. Fails with the page, plan, step and value.
   */
  public static void assertPages(ValuesReaderProvider provider) {
    long seed = 42;
    for (int n : new int[] {0, 1, 9, 129, 1024}) {
      long[] ints = DataShapes.narrow(DataShapes.wide(n, seed, 32));
      long[] longs = DataShapes.extremes(n, seed, 64);
      float[] floats = DataShapes.floats(n, seed);
      double[] doubles = DataShapes.doubles(n, seed);
      byte[][] binaries = DataShapes.binaryShapes(n, seed).values().iterator().next();
      pages(provider, PrimitiveTypeName.INT32, Encoding.PLAIN, ParquetJavaPages.plainInts(ints), n, ValueKind.INT32);
      pages(provider, PrimitiveTypeName.INT64, Encoding.PLAIN, ParquetJavaPages.plainLongs(longs), n, ValueKind.INT64);
      pages(provider, PrimitiveTypeName.FLOAT, Encoding.PLAIN, ParquetJavaPages.plainFloats(floats), n, ValueKind.FLOAT);
      pages(provider, PrimitiveTypeName.DOUBLE, Encoding.PLAIN, ParquetJavaPages.plainDoubles(doubles), n, ValueKind.DOUBLE);
      pages(provider, PrimitiveTypeName.BINARY, Encoding.PLAIN, ParquetJavaPages.plainBinaries(binaries), n, ValueKind.BINARY);
      pages(provider, PrimitiveTypeName.INT32, Encoding.DELTA_BINARY_PACKED, ParquetJavaPages.deltaInts(ints, 128, 4), n, ValueKind.INT32);
      pages(provider, PrimitiveTypeName.INT64, Encoding.DELTA_BINARY_PACKED, ParquetJavaPages.deltaLongs(longs, 128, 4), n, ValueKind.INT64);
      pages(provider, PrimitiveTypeName.FLOAT, Encoding.BYTE_STREAM_SPLIT, ParquetJavaPages.bssFloats(floats), n, ValueKind.FLOAT);
      pages(provider, PrimitiveTypeName.DOUBLE, Encoding.BYTE_STREAM_SPLIT, ParquetJavaPages.bssDoubles(doubles), n, ValueKind.DOUBLE);
      pages(provider, PrimitiveTypeName.INT32, Encoding.BYTE_STREAM_SPLIT, ParquetJavaPages.bssInts(ints), n, ValueKind.INT32);
      pages(provider, PrimitiveTypeName.INT64, Encoding.BYTE_STREAM_SPLIT, ParquetJavaPages.bssLongs(longs), n, ValueKind.INT64);
      pages(provider, PrimitiveTypeName.BINARY, Encoding.DELTA_LENGTH_BYTE_ARRAY, ParquetJavaPages.deltaLengthBinaries(binaries), n, ValueKind.BINARY);
      pages(provider, PrimitiveTypeName.BINARY, Encoding.DELTA_BYTE_ARRAY, ParquetJavaPages.deltaBinaries(binaries), n, ValueKind.BINARY);
      // Readers may lend their page to a batch that allows it: the values must be the same.
      pages(provider, PrimitiveTypeName.BINARY, Encoding.PLAIN, ParquetJavaPages.plainBinaries(binaries), n, ValueKind.borrowingBinary());
      pages(provider, PrimitiveTypeName.BINARY, Encoding.DELTA_LENGTH_BYTE_ARRAY, ParquetJavaPages.deltaLengthBinaries(binaries), n,
          ValueKind.borrowingBinary());
      pages(provider, PrimitiveTypeName.BINARY, Encoding.DELTA_BYTE_ARRAY, ParquetJavaPages.deltaBinaries(binaries), n,
          ValueKind.borrowingBinary());
    }
  }

  private static void pages(ValuesReaderProvider provider, PrimitiveTypeName type, Encoding encoding, byte[] page, int n, ValueKind kind) {
    ColumnDescriptor column = ParquetJavaPages.column(type);
    if (provider.newValuesReader(column, encoding) == null) {
      return;
    }
    Supplier<ValuesReader> oracle = () -> encoding.getValuesReader(column, ValuesType.VALUES);
    Supplier<BatchValuesReader> subject = () -> provider.newValuesReader(column, encoding);
    Differential.check(encoding + " " + type + " page of " + n + " values", oracle, subject, page, n, kind, ReadPlan.standard(n));
  }
}
