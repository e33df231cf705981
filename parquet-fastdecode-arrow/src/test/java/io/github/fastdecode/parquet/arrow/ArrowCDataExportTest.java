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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.CDataDictionaryProvider;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Batches handed to a consumer through the Arrow C Data Interface ({@code arrow-c-data}'s {@code
 * Data.exportVectorSchemaRoot}): the consumer here is Arrow Java's importer on a second allocator,
 * which reads the exported C structs as any C Data consumer (pyarrow, DuckDB) would. Every batch
 * must come back with the same schema and values, and releasing the imported batch must give every
 * exported buffer back to the reader's allocator.
 */
class ArrowCDataExportTest {
  @TempDir
  static Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"types-v2-dict-snappy", "nested-v1-dict-snappy", "fallback-v1", "stored-schema",
      "nested-v1-dict-snappy+views", "types-v2-dict-snappy+views", "nested-v1-dict-snappy+dictionaries"})
  void exportedBatchesImportWithTheSameValues(String name) throws IOException {
    // stored-schema: pyarrow's 48-row file whose stored Arrow schema gives zoned timestamps, large
    // types, durations and int8 dictionary indices. +views: strings as string_view, lists as large_list.
    boolean stored = name.equals("stored-schema");
    boolean views = name.endsWith("+views");
    String specName = name.replaceAll("\\+.*", "");
    Path file = stored ? ArrowPyarrowEqualityTest.resolve("resources/stored-schema/stored-schema-v1-snappy.parquet")
        : ArrowTestFiles.write(dir, ArrowTestFiles.SPECS.stream().filter(s -> s.name().equals(specName)).findFirst().orElseThrow());
    String[] dictionaries = dictionaries(name).toArray(new String[0]);
    int batches = 0;
    try (BufferAllocator producer = new RootAllocator(); BufferAllocator consumer = new RootAllocator()) {
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
          viewsAndLargeLists(ArrowReadOptions.builder(producer).batchSize(stored ? 20 : 700).readDictionary(dictionaries), views)
              .build())) {
        for (VectorSchemaRoot root; (root = reader.next()) != null; batches++) {
          List<String> fields = new ArrayList<>();
          for (Field f : root.getSchema().getFields()) {
            fields.add(ArrowCanonical.field(f, reader.dictionaries()));
          }
          List<List<String>> values = canonical(root, reader.dictionaries());
          try (ArrowArray array = ArrowArray.allocateNew(consumer); ArrowSchema schema = ArrowSchema.allocateNew(consumer);
              CDataDictionaryProvider imported = new CDataDictionaryProvider()) {
            Data.exportVectorSchemaRoot(producer, root, reader.dictionaries(), array, schema);
            try (VectorSchemaRoot back = Data.importVectorSchemaRoot(consumer, array, schema, imported)) {
              List<String> backFields = new ArrayList<>();
              for (Field f : back.getSchema().getFields()) {
                backFields.add(ArrowCanonical.field(f, imported));
              }
              assertEquals(fields, backFields, name + ": schema through the C Data Interface");
              assertEquals(root.getRowCount(), back.getRowCount());
              assertEquals(values, canonical(back, imported), name + ": values through the C Data Interface, batch " + batches);
            }
          }
        }
      }
      assertTrue(batches > 1, batches + " batches");
      assertEquals(0, consumer.getAllocatedMemory(), "the consumer's allocator after release");
      assertEquals(0, producer.getAllocatedMemory(), "the reader's allocator after release and close");
    }
  }

  /**
   * A consumer may keep exported batches while the reader goes on (the C Data Interface gives each
   * exported array a life of its own; pyarrow's {@code read_all()} keeps every batch of a stream):
   * the reused root must then not overwrite the buffers an exported batch still holds. Every batch
   * is exported and imported into a root of its own, all kept until the file is read, then
   * compared with a read that kept nothing.
   */
  @ParameterizedTest
  @ValueSource(strings = {"types-v2-dict-snappy", "nested-v1-dict-snappy", "fallback-v1", "nested-v1-dict-snappy+views",
      "nested-v1-dict-snappy+dictionaries", "nested-v1-plain-lz4+dictionaries"})
  void exportedBatchesSurviveLaterReads(String name) throws IOException {
    boolean views = name.endsWith("+views");
    String specName = name.replaceAll("\\+.*", "");
    ArrowTestFiles.Spec spec = ArrowTestFiles.SPECS.stream().filter(s -> s.name().equals(specName)).findFirst().orElseThrow();
    Path file = ArrowTestFiles.write(dir, spec);
    List<String> dictionaries = dictionaries(name);
    List<List<String>> expected = ArrowPyarrowEqualityTest.read(file, 300, false, dictionaries,
        views ? List.of("binary_type=binary_view", "list_type=large_list") : List.of(), new ArrayList<>(), null);
    try (BufferAllocator producer = new RootAllocator(); BufferAllocator consumer = new RootAllocator()) {
      List<VectorSchemaRoot> kept = new ArrayList<>();
      List<CDataDictionaryProvider> keptDictionaries = new ArrayList<>();
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
          viewsAndLargeLists(ArrowReadOptions.builder(producer).batchSize(300).readDictionary(dictionaries.toArray(new String[0])),
              views).build())) {
        for (VectorSchemaRoot root; (root = reader.next()) != null; ) {
          try (ArrowArray array = ArrowArray.allocateNew(consumer); ArrowSchema schema = ArrowSchema.allocateNew(consumer)) {
            Data.exportVectorSchemaRoot(producer, root, reader.dictionaries(), array, schema);
            CDataDictionaryProvider d = new CDataDictionaryProvider();
            keptDictionaries.add(d);
            kept.add(Data.importVectorSchemaRoot(consumer, array, schema, d));
          }
        }
      }
      List<List<String>> got = new ArrayList<>();
      for (int k = 0; k < kept.size(); k++) {
        List<List<String>> batch = canonical(kept.get(k), keptDictionaries.get(k));
        for (int c = 0; c < batch.size(); c++) {
          if (got.size() <= c) {
            got.add(new ArrayList<>());
          }
          got.get(c).addAll(batch.get(c));
        }
        kept.get(k).close();
        keptDictionaries.get(k).close();
      }
      assertTrue(kept.size() > 3, kept.size() + " batches");
      assertEquals(expected, got, name + ": batches kept by a consumer changed as the reader went on");
      assertEquals(0, consumer.getAllocatedMemory());
      assertEquals(0, producer.getAllocatedMemory());
    }
  }

  /**
   * The whole file as Arrow Java's {@code ArrowReader} ({@code asArrowReader()}), read directly and
   * through the C stream interface ({@code Data.exportArrayStream}, imported on a second allocator):
   * both give every value of the reader's own batches.
   */
  @ParameterizedTest
  @ValueSource(strings = {"types-v1-dict-zstd", "nested-v2-plain-lz4raw", "fallback-v1", "nested-v1-dict-snappy+dictionaries"})
  void arrowReaderAndArrayStreamGiveTheSameFile(String name) throws IOException {
    String specName = name.replaceAll("\\+.*", "");
    ArrowTestFiles.Spec spec = ArrowTestFiles.SPECS.stream().filter(s -> s.name().equals(specName)).findFirst().orElseThrow();
    Path file = ArrowTestFiles.write(dir, spec);
    List<String> dictionaries = dictionaries(name);
    List<List<String>> expected = ArrowPyarrowEqualityTest.read(file, 500, false, dictionaries, new ArrayList<>());
    for (boolean throughC : new boolean[] {false, true}) {
      try (BufferAllocator producer = new RootAllocator(); BufferAllocator consumer = new RootAllocator()) {
        ArrowParquetReader parquet = ArrowParquetReader.open(new LocalInputFile(file), null,
            ArrowReadOptions.builder(producer).batchSize(500).readDictionary(dictionaries.toArray(new String[0])).build());
        List<List<String>> got = new ArrayList<>();
        if (throughC) {
          try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(consumer)) {
            Data.exportArrayStream(producer, parquet.asArrowReader(), stream);
            try (ArrowReader in = Data.importArrayStream(consumer, stream)) {
              drain(in, got);
            }
          }
        } else {
          try (ArrowReader in = parquet.asArrowReader()) {
            drain(in, got);
          }
        }
        assertEquals(expected, got, name + (throughC ? " through the C stream interface" : " as an ArrowReader"));
        assertEquals(0, consumer.getAllocatedMemory());
        assertEquals(0, producer.getAllocatedMemory(), "closing the ArrowReader closes the Parquet reader and its buffers");
      }
    }
  }

  /** The string columns read as dictionaries: the fallback file's two; +dictionaries: nested leaves by column path. */
  private static List<String> dictionaries(String name) {
    if (name.endsWith("+dictionaries")) {
      return List.of("lls.list.element.list.element", "st.b.list.element", "ls.list.element.y", "m.key_value.key",
          "ms.key_value.value.w");
    }
    return name.startsWith("fallback") ? List.of("s", "c") : List.of();
  }

  /** pyarrow's binary_type=binary_view and list_type=large_list when {@code on}. */
  private static ArrowReadOptions.Builder viewsAndLargeLists(ArrowReadOptions.Builder b, boolean on) {
    return on ? b.binaryType(ArrowType.BinaryView.INSTANCE).listType(ArrowType.LargeList.INSTANCE) : b;
  }

  private static void drain(ArrowReader in, List<List<String>> columns) throws IOException {
    VectorSchemaRoot root = in.getVectorSchemaRoot();
    for (int c = 0; c < root.getFieldVectors().size(); c++) {
      columns.add(new ArrayList<>());
    }
    while (in.loadNextBatch()) {
      List<List<String>> batch = canonical(root, in);
      for (int c = 0; c < batch.size(); c++) {
        columns.get(c).addAll(batch.get(c));
      }
    }
  }

  private static List<List<String>> canonical(VectorSchemaRoot root, org.apache.arrow.vector.dictionary.DictionaryProvider d) {
    List<List<String>> columns = new ArrayList<>();
    for (int c = 0; c < root.getFieldVectors().size(); c++) {
      List<String> column = new ArrayList<>();
      for (int r = 0; r < root.getRowCount(); r++) {
        column.add(ArrowCanonical.value(root.getVector(c), r, d));
      }
      columns.add(column);
    }
    return columns;
  }
}
