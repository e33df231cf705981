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
package io.github.fastdecode.parquet.benchmarks.jmh;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.column.RecordBatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Whole scans of one nested top-level field of a generated file (1 million records, uncompressed,
 * V1 pages, dictionaries where parquet-java's writer keeps them): {@code list_i64} a list of
 * optional INT64, {@code list_struct} a list of structs of an optional INT32 and an optional
 * string, {@code map_str_i64} a map of string keys to optional INT64 values; lists and maps are
 * optional, a tenth of them null and a tenth empty, elements 0 to 8 long.
 *
 * <p>{@code parquetJava} reads each leaf through {@code ColumnReadStoreImpl}'s {@code ColumnReader},
 * one call per level and value, and builds what an engine needs from it in the same loop: per
 * record the list's offset and definition level, per element a null flag and the value (parquet-java
 * hands out references to its {@code Binary}s), into reused arrays of {@value #BATCH} records.
 * {@code fastdecode} reads the field with {@code ParquetBatchReader.nextBatch(RecordBatch)} in
 * batches of {@value #BATCH} records: the same offsets, definition levels, null flags and values
 * (dense, byte arrays copied); {@code fastdecodeDictionaryIds} the same with the string leaves' dictionary
 * ids kept instead of their bytes copied. All include parquet-hadoop's file reading. Setup checks once that
 * both fold into the same checksum. Score: milliseconds per scan of the field.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class NestedScanBenchmark {
  static final int ROWS = 1_000_000;
  static final int BATCH = 4096;
  static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message nested {"
      + " optional group list_i64 (LIST) { repeated group list { optional int64 element; } }"
      + " optional group list_struct (LIST) { repeated group list { optional group element { optional int32 x; optional binary s (STRING); } } }"
      + " optional group map_str_i64 (MAP) { repeated group key_value { required binary key (STRING); optional int64 value; } } }");

  @Param({"list_i64", "list_struct", "map_str_i64"})
  public String field;

  private Path file;
  private List<ColumnDescriptor> leaves;
  private RecordBatch batch;
  private RecordBatch idsBatch;
  private ParquetJavaLists[] parquetJava;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    file = generatedFile();
    leaves = new ArrayList<>();
    for (ColumnDescriptor c : SCHEMA.getColumns()) {
      if (c.getPath()[0].equals(field)) {
        leaves.add(c);
      }
    }
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), List.of(field))) {
      batch = reader.newRecordBatch(BATCH);
      idsBatch = reader.newRecordBatch(BATCH).keepDictionaryIds();
    }
    parquetJava = new ParquetJavaLists[leaves.size()];
    for (int i = 0; i < leaves.size(); i++) {
      parquetJava[i] = new ParquetJavaLists(leaves.get(i), SCHEMA.getMaxDefinitionLevel(leaves.get(i).getPath()[0], leaves.get(i).getPath()[1]));
    }
    long expected = parquetJavaScan(true);
    long actual = fastdecodeScan(batch, true);
    if (expected != actual) {
      throw new IllegalStateException(field + ": fastdecode's records differ from parquet-java's column reader's");
    }
    if (expected != fastdecodeScan(idsBatch, true)) {
      throw new IllegalStateException(field + ": fastdecode's records with dictionary ids differ from parquet-java's column reader's");
    }
  }

  /** The benchmark file, written on first use into {@code java.io.tmpdir}. */
  static synchronized Path generatedFile() throws IOException {
    Path file = Path.of(System.getProperty("java.io.tmpdir"), "parquet-fastdecode-nestedscan-v1-" + ROWS + ".parquet");
    if (Files.isRegularFile(file)) {
      return file;
    }
    Path partial = Files.createTempFile(file.getParent(), "nestedscan", ".partial");
    Random random = new Random(20261126L);
    String[] words = new String[500];
    for (int i = 0; i < words.length; i++) {
      words[i] = "key-" + Integer.toString(random.nextInt(1 << 30), 36) + "-" + i;
    }
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(partial)).withType(SCHEMA)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withCompressionCodec(CompressionCodecName.UNCOMPRESSED).build()) {
      for (int row = 0; row < ROWS; row++) {
        Group g = groups.newGroup();
        int n = length(random);
        if (n >= 0) {
          Group l = g.addGroup("list_i64");
          for (int i = 0; i < n; i++) {
            Group e = l.addGroup("list");
            if (random.nextInt(10) != 0) {
              e.append("element", random.nextLong() >> random.nextInt(40));
            }
          }
        }
        n = length(random);
        if (n >= 0) {
          Group l = g.addGroup("list_struct");
          for (int i = 0; i < n; i++) {
            Group e = l.addGroup("list").addGroup("element");
            if (random.nextInt(10) != 0) {
              e.append("x", random.nextInt(1000));
            }
            if (random.nextInt(10) != 0) {
              e.append("s", words[random.nextInt(words.length)]);
            }
          }
        }
        n = length(random);
        if (n >= 0) {
          Group m = g.addGroup("map_str_i64");
          for (int i = 0; i < n; i++) {
            Group e = m.addGroup("key_value").append("key", words[random.nextInt(words.length)]);
            if (random.nextInt(10) != 0) {
              e.append("value", (long) random.nextInt());
            }
          }
        }
        w.write(g);
      }
    }
    Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return file;
  }

  /** -1 for a null list (a tenth), 0 for an empty one (a tenth), else 1..8. */
  private static int length(Random random) {
    int k = random.nextInt(10);
    return k == 0 ? -1 : k == 1 ? 0 : 1 + random.nextInt(8);
  }

  @Benchmark
  public long parquetJava() throws IOException {
    return parquetJavaScan(false);
  }

  @Benchmark
  public long fastdecode() throws IOException {
    return fastdecodeScan(batch, false);
  }

  /**
   * As {@link #fastdecode}, the string leaves keeping dictionary ids ({@code
   * RecordBatch.keepDictionaryIds()}) where pages are dictionary-encoded instead of copying each
   * string's bytes: what parquet-java's side gets too (references to its dictionary's entries).
   */
  @Benchmark
  public long fastdecodeDictionaryIds() throws IOException {
    return fastdecodeScan(idsBatch, false);
  }

  /** parquet-java's column reader, leaf by leaf, per record and per element into reused arrays. */
  long parquetJavaScan(boolean checksum) throws IOException {
    long h = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      reader.setRequestedSchema(leaves);
      PageReadStore store;
      while ((store = reader.readNextRowGroup()) != null) {
        ColumnReadStoreImpl columns = new ColumnReadStoreImpl(store, new GroupRecordConverter(schema).getRootConverter(), schema, createdBy);
        for (ParquetJavaLists lists : parquetJava) {
          h += lists.scan(columns.getColumnReader(lists.column), checksum);
        }
      }
    }
    return h;
  }

  /** This library's record batches. */
  long fastdecodeScan(RecordBatch batch, boolean checksum) throws IOException {
    long h = 0;
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file), List.of(field))) {
      int n;
      while ((n = reader.nextBatch(batch)) > 0) {
        for (ColumnBatch c : batch.columns()) {
          h += checksum ? fold(c, n) : c.valueCount();
        }
      }
    }
    return h;
  }

  /** Folds one leaf's records as {@link ParquetJavaLists#scan} does. */
  private static long fold(ColumnBatch c, int rows) {
    long h = 0;
    int[] rowLevels = c.positionDefinitionLevels(0);
    int[] offsets = c.offsets(1);
    boolean[] nulls = c.nulls();
    int v = 0;
    for (int r = 0; r < rows; r++) {
      h = h * 31 + rowLevels[r];
      h = h * 31 + (offsets[r + 1] - offsets[r]);
      for (int e = offsets[r]; e < offsets[r + 1]; e++) {
        if (nulls[e]) {
          h = h * 31 - 1;
        } else {
          h = h * 31 + valueHash(c, v++);
        }
      }
    }
    return h;
  }

  private static long valueHash(ColumnBatch c, int i) {
    switch (c.type()) {
      case INT32:
        return c.ints()[i];
      case INT64:
        return c.longs()[i];
      default: {
        BinaryBatch b = c.binaries();
        int at = i;
        if (c.hasDictionaryIds()) {
          b = c.dictionary().binaries();
          at = c.dictionaryIds()[i];
        }
        return Arrays.hashCode(Arrays.copyOfRange(b.bytes(), b.offset(at), b.offset(at) + b.length(at)));
      }
    }
  }

  /** What an engine builds per leaf from parquet-java's column reader: offsets, levels, null flags and values. */
  static final class ParquetJavaLists {
    final ColumnDescriptor column;
    final PrimitiveTypeName type;
    final int maxDef;
    /** Definition level an entry needs to be an element of the list. */
    final int elementLevel;
    final int[] offsets = new int[BATCH + 1];
    final int[] rowLevels = new int[BATCH];
    boolean[] nulls = new boolean[BATCH * 8];
    long[] longs = new long[BATCH * 8];
    int[] ints = new int[BATCH * 8];
    Binary[] binaries = new Binary[BATCH * 8];

    ParquetJavaLists(ColumnDescriptor column, int elementLevel) {
      this.column = column;
      this.type = column.getPrimitiveType().getPrimitiveTypeName();
      this.maxDef = column.getMaxDefinitionLevel();
      this.elementLevel = elementLevel;
    }

    long scan(ColumnReader r, boolean checksum) {
      long h = 0;
      int rows = 0;
      int elements = 0;
      for (long i = 0, n = r.getTotalValueCount(); i < n; i++) {
        int rep = r.getCurrentRepetitionLevel();
        int def = r.getCurrentDefinitionLevel();
        if (rep == 0) {
          if (rows == BATCH) {
            offsets[rows] = elements;
            h += checksum ? fold(rows) : elements;
            rows = 0;
            elements = 0;
          }
          offsets[rows] = elements;
          rowLevels[rows++] = def;
        }
        if (def >= elementLevel) {
          if (elements == nulls.length) {
            grow();
          }
          nulls[elements] = def < maxDef;
          if (def == maxDef) {
            switch (type) {
              case INT64:
                longs[elements] = r.getLong();
                break;
              case INT32:
                ints[elements] = r.getInteger();
                break;
              default:
                binaries[elements] = r.getBinary();
                break;
            }
          }
          elements++;
        }
        r.consume();
      }
      offsets[rows] = elements;
      h += checksum ? fold(rows) : elements;
      return h;
    }

    private void grow() {
      int size = nulls.length * 2;
      nulls = Arrays.copyOf(nulls, size);
      longs = Arrays.copyOf(longs, size);
      ints = Arrays.copyOf(ints, size);
      binaries = Arrays.copyOf(binaries, size);
    }

    private long fold(int rows) {
      long h = 0;
      for (int r = 0; r < rows; r++) {
        h = h * 31 + rowLevels[r];
        h = h * 31 + (offsets[r + 1] - offsets[r]);
        for (int e = offsets[r]; e < offsets[r + 1]; e++) {
          if (nulls[e]) {
            h = h * 31 - 1;
          } else {
            h = h * 31 + (type == PrimitiveTypeName.INT64 ? longs[e] : type == PrimitiveTypeName.INT32 ? ints[e]
                : Arrays.hashCode(binaries[e].getBytes()));
          }
        }
      }
      return h;
    }
  }
}
