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
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.CDataDictionaryProvider;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
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
  @ValueSource(strings = {"types-v2-dict-snappy", "nested-v1-dict-snappy", "fallback-v1"})
  void exportedBatchesImportWithTheSameValues(String name) throws IOException {
    ArrowTestFiles.Spec spec = ArrowTestFiles.SPECS.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    Path file = ArrowTestFiles.write(dir, spec);
    String[] dictionaries = name.startsWith("fallback") ? new String[] {"s", "c"} : new String[0];
    int batches = 0;
    try (BufferAllocator producer = new RootAllocator(); BufferAllocator consumer = new RootAllocator()) {
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
          ArrowReadOptions.builder(producer).batchSize(700).readDictionary(dictionaries).build())) {
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
