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

import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.gt;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.notEq;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.file.PageReadException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.OriginalType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reader's behaviour apart from pyarrow equality: root ownership, filters, bad input and
 * allocation failures, always with the allocator left empty.
 */
class ArrowParquetReaderTest {
  @TempDir
  static Path dir;
  static Path types;
  static Path nested;

  @BeforeAll
  static void writeFiles() throws IOException {
    types = ArrowTestFiles.write(dir, spec("types-v1-plain"));
    nested = ArrowTestFiles.write(dir, spec("nested-v2-plain-lz4raw"));
  }

  private static ArrowTestFiles.Spec spec(String name) {
    return ArrowTestFiles.SPECS.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void reusedRootIsOneRootTheReaderOwns() throws IOException {
    try (RootAllocator allocator = new RootAllocator()) {
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(types), List.of("id", "str"),
          ArrowReadOptions.builder(allocator).batchSize(1000).build())) {
        VectorSchemaRoot first = reader.next();
        long expectedId = 0;
        java.util.Set<Object> dataBuffers = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        int batches = 0;
        for (VectorSchemaRoot r = first; r != null; r = reader.next()) {
          assertSame(first, r);
          BigIntVector ids = (BigIntVector) r.getVector("id");
          dataBuffers.add(ids.getDataBuffer());
          dataBuffers.add(r.getVector("str").getDataBuffer());
          batches++;
          for (int i = 0; i < r.getRowCount(); i++) {
            assertEquals(expectedId++, ids.get(i));
          }
        }
        assertEquals(3000, expectedId);
        // Buffers are refilled in place: new ones only when a batch needs more room (or a batch was exported).
        assertTrue(batches > 5 && dataBuffers.size() <= 6, dataBuffers.size() + " buffers over " + batches + " batches");
        assertTrue(allocator.getAllocatedMemory() > 0, "the reused root keeps its buffers until close");
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  /**
   * Each row group's dictionary reaches the dictionary vector: the row groups' dictionaries have
   * the same size and other entries, and a batch of a later row group decodes to that row group's
   * strings (the reader copies a dictionary once per chunk, not once per batch).
   */
  @Test
  void everyRowGroupsDictionaryIsHandedOver() throws IOException {
    MessageType schema = MessageTypeParser.parseMessageType(
        "message m { required int64 id; optional binary s (STRING); }");
    Path file = dir.resolve("dictionaries-per-row-group.parquet");
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    for (int r = 0; r < 2000; r++) {
      Group g = groups.newGroup().append("id", (long) r);
      if (r % 11 != 0) {
        g.add("s", "group" + (r / 500) + "-" + (r % 7));
      }
      rows.add(g);
    }
    try (ParquetWriter<Group> w = ExampleParquetWriter
        .builder(new LocalOutputFile(file)).withType(schema).withRowGroupRowCountLimit(500)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).build()) {
      for (Group g : rows) {
        w.write(g);
      }
    }
    try (ParquetFileReader footer = ParquetFileReader.open(new LocalInputFile(file))) {
      assertEquals(4, footer.getRowGroups().size());
    }
    try (RootAllocator allocator = new RootAllocator();
        ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
            ArrowReadOptions.builder(allocator).batchSize(97).readDictionary("s").build())) {
      int row = 0;
      for (VectorSchemaRoot r; (r = reader.next()) != null; ) {
        BigIntVector ids = (BigIntVector) r.getVector("id");
        FieldVector indices = r.getVector("s");
        VarCharVector values = (VarCharVector) reader.dictionaries()
            .lookup(indices.getField().getDictionary().getId()).getVector();
        assertEquals(7, values.getValueCount());
        for (int i = 0; i < r.getRowCount(); i++, row++) {
          assertEquals(row, ids.get(i));
          if (row % 11 == 0) {
            assertTrue(indices.isNull(i), "row " + row);
          } else {
            int index = (int) ((BaseIntVector) indices).getValueAsLong(i);
            assertEquals("group" + (row / 500) + "-" + (row % 7), new String(values.get(index), StandardCharsets.UTF_8),
                "row " + row);
          }
        }
      }
      assertEquals(2000, row);
    }
  }

  /** A read of no columns counts rows in batches of the batch size, as any other read (was: a row group at a time). */
  @Test
  void aReadOfNoColumnsKeepsTheBatchSize() throws IOException {
    try (RootAllocator allocator = new RootAllocator()) {
      for (FilterCompat.Filter filter : Arrays.asList(null, FilterCompat.get(lt(longColumn("id"), 2000L)))) {
        ArrowReadOptions.Builder b = ArrowReadOptions.builder(allocator).batchSize(97);
        try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(types), List.of(),
            (filter == null ? b : b.filter(filter)).build())) {
          long rows = 0;
          int batches = 0;
          for (VectorSchemaRoot r; (r = reader.next()) != null; ) {
            assertTrue(r.getRowCount() > 0 && r.getRowCount() <= 97, r.getRowCount() + " rows in one batch");
            assertEquals(0, r.getFieldVectors().size());
            rows += r.getRowCount();
            batches++;
          }
          assertEquals(filter == null ? 3000 : 2000, rows, "rows, filter " + filter);
          assertTrue(batches >= (filter == null ? 31 : 21), batches + " batches");
        }
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void freshRootsBelongToTheCaller() throws IOException {
    try (RootAllocator allocator = new RootAllocator()) {
      List<VectorSchemaRoot> roots = new ArrayList<>();
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(nested), null,
          ArrowReadOptions.builder(allocator).batchSize(300).freshRootPerBatch(true).build())) {
        for (VectorSchemaRoot r; (r = reader.next()) != null; ) {
          roots.add(r);
        }
      }
      assertTrue(roots.size() >= 7, roots.size() + " batches");
      assertNotSame(roots.get(0), roots.get(1));
      assertTrue(allocator.getAllocatedMemory() > 0, "the caller's roots outlive the reader");
      long id = 0;
      for (VectorSchemaRoot r : roots) {
        BigIntVector ids = (BigIntVector) r.getVector("id");
        for (int i = 0; i < r.getRowCount(); i++) {
          assertEquals(id++, ids.get(i));
        }
        r.close();
      }
      assertEquals(2000, id);
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void leafPathsChooseStructFields() throws IOException {
    try (RootAllocator allocator = new RootAllocator();
        ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(nested), List.of("st.c.d", "li"),
            ArrowReadOptions.builder(allocator).build())) {
      List<Field> fields = reader.schema().getFields();
      assertEquals("st: struct<c: struct<d: double> not null>", ArrowCanonical.field(fields.get(0), reader.dictionaries()));
      assertEquals("li: list<element: int64>", ArrowCanonical.field(fields.get(1), reader.dictionaries()));
      VectorSchemaRoot root = reader.next();
      assertTrue(root.getVector("st") instanceof StructVector && root.getVector("li") instanceof ListVector);
    }
  }

  /** Top-level fields come in the order asked for, as pyarrow's read_table(columns=...), with the same values. */
  @Test
  void fieldsComeInTheRequestedOrder() throws IOException {
    List<List<String>> all = readAll(types, null, null);
    List<List<String>> some = readAll(types, null, List.of("str", "id", "i8"));
    assertEquals(List.of(all.get(18), all.get(0), all.get(2)), some);
    try (RootAllocator allocator = new RootAllocator();
        ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(types), List.of("str", "id", "i8"),
            ArrowReadOptions.builder(allocator).build())) {
      assertEquals(List.of("str", "id", "i8"), reader.schema().getFields().stream().map(Field::getName).toList());
    }
  }

  /** A filter gives exactly the rows of an unfiltered read that match, in order, through the row filter. */
  @Test
  void filtersApplyAsInParquetBatchReader() throws IOException {
    FilterPredicate p = and(and(gtEq(longColumn("id"), 700L), lt(longColumn("id"), 2300L)), gt(intColumn("i32"), 0));
    List<List<String>> all = readAll(types, null, null);
    List<List<String>> filtered = readAll(types, FilterCompat.get(p), null);
    int idColumn = 0;
    int i32Column = 4;
    List<Integer> matching = new ArrayList<>();
    for (int r = 0; r < all.get(0).size(); r++) {
      long id = Long.parseLong(all.get(idColumn).get(r));
      String i32 = all.get(i32Column).get(r);
      if (id >= 700 && id < 2300 && !i32.equals("null") && Integer.parseInt(i32) > 0) {
        matching.add(r);
      }
    }
    assertTrue(matching.size() > 500 && matching.size() < 1000, matching.size() + " matching rows");
    for (int c = 0; c < all.size(); c++) {
      List<String> expected = new ArrayList<>();
      for (int r : matching) {
        expected.add(all.get(c).get(r));
      }
      assertEquals(expected, filtered.get(c), "column " + c);
    }
  }

  /** With record filtering off, whole pages the column index keeps: a superset of the matches, still whole rows. */
  @Test
  void pageFilteringKeepsWholeRows() throws IOException {
    FilterPredicate p = and(gtEq(longColumn("id"), 1000L), lt(longColumn("id"), 1010L));
    ParquetReadOptions pages = ParquetReadOptions.builder().withRecordFilter(FilterCompat.get(p)).useRecordFilter(false).build();
    try (RootAllocator allocator = new RootAllocator()) {
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(nested), null,
          ArrowReadOptions.builder(allocator).parquetOptions(pages).build())) {
        long rows = 0;
        long[] rowIndexes = new long[4096];
        for (VectorSchemaRoot r; (r = reader.next()) != null; ) {
          reader.parquetReader().rowIndexes(rowIndexes);
          BigIntVector ids = (BigIntVector) r.getVector("id");
          for (int i = 0; i < r.getRowCount(); i++) {
            assertEquals(rowIndexes[i], ids.get(i), "the id is the row index");
          }
          rows += r.getRowCount();
        }
        assertTrue(rows >= 10 && rows < 2000, rows + " rows");
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  /**
   * A byte flipped inside a page body of the second row group: the first batches read, then the
   * read fails with the file reader's exception naming column, row group and page (the page CRC),
   * and every buffer is given back at once, before close.
   */
  @Test
  void corruptPageFailsNamingItAndFreesEverything() throws IOException {
    for (boolean fresh : new boolean[] {false, true}) {
      Path file = dir.resolve("corrupt-" + fresh + ".parquet");
      Files.copy(nested, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      ColumnChunkMetaData chunk;
      try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
        List<BlockMetaData> groups = f.getRowGroups();
        assertTrue(groups.size() >= 2, groups.size() + " row groups");
        chunk = groups.get(1).getColumns().get(1);   // li.list.element
      }
      byte[] bytes = Files.readAllBytes(file);
      int at = (int) (chunk.getStartingPos() + chunk.getTotalSize() - 3);   // in the chunk's last page body
      bytes[at] ^= 0x5A;
      Files.write(file, bytes);
      try (RootAllocator allocator = new RootAllocator()) {
        List<VectorSchemaRoot> kept = new ArrayList<>();
        ParquetDecodingException e;
        try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
            ArrowReadOptions.builder(allocator).batchSize(200).freshRootPerBatch(fresh).build())) {
          e = assertThrows(ParquetDecodingException.class, () -> {
            for (VectorSchemaRoot r; (r = reader.next()) != null; ) {
              if (fresh) {
                kept.add(r);
              }
            }
          });
          assertTrue(fresh ? kept.size() > 0 : allocator.getAllocatedMemory() == 0,
              "the reused root's buffers are released when the read fails");
          assertThrows(IllegalStateException.class, reader::next);
        }
        PageReadException page = (PageReadException) e;
        assertEquals("li.list.element", page.column(), e.getMessage());
        assertEquals(1, page.rowGroup(), e.getMessage());
        assertTrue(page.page() >= 0, e.getMessage());
        for (VectorSchemaRoot r : kept) {
          r.close();
        }
        assertEquals(0, allocator.getAllocatedMemory());
      }
    }
  }

  /** An allocator too small for a batch: Arrow's OutOfMemoryException, and nothing left allocated. */
  @Test
  void allocatorLimitFailsCleanly() throws IOException {
    try (RootAllocator allocator = new RootAllocator(48 * 1024)) {
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(types), null,
          ArrowReadOptions.builder(allocator).batchSize(4096).build())) {
        assertThrows(OutOfMemoryException.class, () -> {
          while (reader.next() != null) {
            // reads until the limit is hit
          }
        });
        assertEquals(0, allocator.getAllocatedMemory());
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void truncatedFileFailsAtOpen() throws IOException {
    Path file = dir.resolve("truncated.parquet");
    byte[] bytes = Files.readAllBytes(types);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
    try (RootAllocator allocator = new RootAllocator()) {
      assertThrows(ParquetDecodingException.class,
          () -> ArrowParquetReader.open(new LocalInputFile(file), null, ArrowReadOptions.builder(allocator).build()));
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void badOptionsAreRefused() throws IOException {
    try (RootAllocator allocator = new RootAllocator()) {
      assertThrows(IllegalStateException.class,
          () -> ArrowReadOptions.builder(allocator).readDictionary("str").freshRootPerBatch(true).build());
      assertThrows(IllegalArgumentException.class, () -> ArrowParquetReader.open(new LocalInputFile(types), null,
          ArrowReadOptions.builder(allocator).readDictionary("i32").build()));
      assertThrows(IllegalArgumentException.class, () -> ArrowParquetReader.open(new LocalInputFile(types), null,
          ArrowReadOptions.builder(allocator).readDictionary("dec_bin").build()));
      assertThrows(IllegalArgumentException.class, () -> ArrowParquetReader.open(new LocalInputFile(types), List.of("id"),
          ArrowReadOptions.builder(allocator).readDictionary("str").build()));
      // Nested dictionaries name string leaves by column path: not an int leaf, not a group, not a path left out.
      for (String notAStringLeaf : List.of("st.a", "st.b", "lls.list.element", "ms.key_value.key", "st.b.list.elem")) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ArrowParquetReader.open(
            new LocalInputFile(nested), null, ArrowReadOptions.builder(allocator).readDictionary(notAStringLeaf).build()));
        assertTrue(e.getMessage().contains(notAStringLeaf), e.getMessage());
      }
      assertThrows(IllegalArgumentException.class, () -> ArrowParquetReader.open(new LocalInputFile(nested), List.of("id"),
          ArrowReadOptions.builder(allocator).readDictionary("st.b.list.element").build()));
      assertThrows(IllegalArgumentException.class, () -> ArrowReadOptions.builder(allocator).binaryType(ArrowType.Utf8.INSTANCE));
      assertThrows(IllegalArgumentException.class, () -> ArrowReadOptions.builder(allocator).listType(new ArrowType.Map(false)));
      assertThrows(IllegalStateException.class,
          () -> ArrowReadOptions.builder(allocator).readDictionary("str").binaryType(ArrowType.LargeBinary.INSTANCE).build());
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  /**
   * A type without a mapping is refused, naming the column. Every annotation parquet-java reads now
   * has one, so the schema is one no file can hold: INT64 annotated TIME(MILLIS), which parquet-java
   * refuses when it reads a footer, made in memory.
   */
  @Test
  void unmappedTypeIsRefusedNamingTheColumn() {
    PrimitiveType p = new PrimitiveType(Type.Repetition.OPTIONAL, PrimitiveTypeName.INT64, "t", OriginalType.TIME_MILLIS);
    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> ArrowTypeMapping.leafType(p, "t"));
    assertTrue(e.getMessage().contains("column t"), e.getMessage());
  }

  /**
   * The UNKNOWN logical type (how pyarrow writes Arrow's null columns) reads as null on any physical
   * type and inside a list, as pyarrow 26.0.1's {@code read_table} reads it (checked on a file
   * written like this one: {@code n32: null, nbin: null, nl: list<element: null>}).
   */
  @Test
  void unknownLogicalTypeReadsAsNull() throws IOException {
    Path file = dir.resolve("unknown-type.parquet");
    MessageType schema = Types.buildMessage()
        .required(PrimitiveTypeName.INT32).named("id")
        .optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.unknownType()).named("n32")
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.unknownType()).named("nbin")
        .optionalList().optionalElement(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.unknownType()).named("nl")
        .named("m");
    int rows = 300;
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema).build()) {
      SimpleGroupFactory f = new SimpleGroupFactory(schema);
      for (int r = 0; r < rows; r++) {
        Group g = f.newGroup().append("id", r);
        if (r % 3 == 1) {
          Group list = g.addGroup("nl");
          for (int k = 0; k < r % 4; k++) {
            list.addGroup("list");
          }
        }
        w.write(g);
      }
    }
    try (RootAllocator allocator = new RootAllocator();
        ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
            ArrowReadOptions.builder(allocator).batchSize(64).build())) {
      List<Field> fields = reader.schema().getFields();
      assertEquals(ArrowType.Null.INSTANCE, fields.get(1).getType());
      assertEquals(ArrowType.Null.INSTANCE, fields.get(2).getType());
      assertEquals(ArrowType.List.INSTANCE, fields.get(3).getType());
      assertEquals(ArrowType.Null.INSTANCE, fields.get(3).getChildren().get(0).getType());
      int row = 0;
      for (VectorSchemaRoot root; (root = reader.next()) != null; ) {
        int n = root.getRowCount();
        assertEquals(n, root.getVector(1).getValueCount());
        assertEquals(n, root.getVector(1).getNullCount());
        assertEquals(n, root.getVector(2).getNullCount());
        ListVector list = (ListVector) root.getVector(3);
        int elements = 0;
        for (int i = 0; i < n; i++, row++) {
          boolean present = row % 3 == 1;
          assertEquals(!present, list.isNull(i), "row " + row);
          int size = present ? row % 4 : 0;
          assertEquals(size, list.getElementEndIndex(i) - list.getElementStartIndex(i), "row " + row);
          elements += size;
        }
        assertEquals(elements, list.getDataVector().getValueCount());
        assertEquals(elements, list.getDataVector().getNullCount());
      }
      assertEquals(rows, row);
    }
  }

  /**
   * GEOMETRY and GEOGRAPHY (WKB in BYTE_ARRAY) read as binary, as pyarrow 26.0.1's {@code read_table}
   * gives them when no geoarrow extension type is registered (checked on a file written like this
   * one: binary, no field metadata): the bytes as written, nulls, from plain and dictionary pages.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void geometryAndGeographyReadAsBinary(boolean dictionary) throws IOException {
    Path file = dir.resolve("geospatial-" + dictionary + ".parquet");
    MessageType schema = Types.buildMessage()
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.geometryType(null)).named("geom")
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.geometryType("OGC:CRS84")).named("geom_crs")
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.geographyType()).named("geog")
        .named("m");
    int rows = 500;
    List<byte[]> points = new ArrayList<>();
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
        .withDictionaryEncoding(dictionary).withCompressionCodec(CompressionCodecName.SNAPPY).build()) {
      SimpleGroupFactory f = new SimpleGroupFactory(schema);
      for (int r = 0; r < rows; r++) {
        // WKB POINT(x y): byte order (1: little-endian), type 1, then the coordinates.
        byte[] wkb = ByteBuffer.allocate(21).order(ByteOrder.LITTLE_ENDIAN).put((byte) 1).putInt(1)
            .putDouble(r % 7).putDouble(-r).array();
        points.add(r % 5 == 0 ? null : wkb);
        Group g = f.newGroup();
        if (r % 5 != 0) {
          org.apache.parquet.io.api.Binary b = org.apache.parquet.io.api.Binary.fromConstantByteArray(wkb);
          g.append("geom", b).append("geom_crs", b).append("geog", b);
        }
        w.write(g);
      }
    }
    try (RootAllocator allocator = new RootAllocator();
        ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
            ArrowReadOptions.builder(allocator).batchSize(128).build())) {
      for (Field field : reader.schema().getFields()) {
        assertEquals(ArrowType.Binary.INSTANCE, field.getType(), field.getName());
        assertTrue(field.isNullable(), field.getName());
        assertTrue(field.getMetadata() == null || field.getMetadata().isEmpty(), field.getName());
      }
      int row = 0;
      for (VectorSchemaRoot root; (root = reader.next()) != null; ) {
        for (int i = 0; i < root.getRowCount(); i++, row++) {
          for (FieldVector v : root.getFieldVectors()) {
            byte[] got = ((VarBinaryVector) v).getObject(i);
            byte[] want = points.get(row);
            assertTrue(want == null ? got == null : Arrays.equals(want, got), v.getField().getName() + " row " + row);
          }
        }
      }
      assertEquals(rows, row);
    }
  }

  /**
   * A VARIANT group (its metadata and value binaries, unshredded) reads as a struct of two binaries
   * that are not nullable, without field metadata, as pyarrow 26.0.1's {@code read_table} gives it
   * (checked on a file written like this one): the bytes as written, null variants as null structs.
   */
  @Test
  void variantReadsAsStructOfBinaries() throws IOException {
    Path file = dir.resolve("variant.parquet");
    MessageType schema = Types.buildMessage()
        .optionalGroup().as(LogicalTypeAnnotation.variantType((byte) 1))
        .required(PrimitiveTypeName.BINARY).named("metadata")
        .required(PrimitiveTypeName.BINARY).named("value")
        .named("v")
        .named("m");
    int rows = 300;
    List<byte[][]> written = new ArrayList<>();
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema).build()) {
      SimpleGroupFactory f = new SimpleGroupFactory(schema);
      for (int r = 0; r < rows; r++) {
        Group g = f.newGroup();
        if (r % 4 == 3) {
          written.add(null);
        } else {
          // Metadata: version 1, an empty dictionary; value: an int8 primitive (header 3 << 2), then the byte.
          byte[] metadata = {1, 0, 0};
          byte[] value = {(byte) (3 << 2), (byte) r};
          written.add(new byte[][] {metadata, value});
          g.addGroup("v").append("metadata", org.apache.parquet.io.api.Binary.fromConstantByteArray(metadata))
              .append("value", org.apache.parquet.io.api.Binary.fromConstantByteArray(value));
        }
        w.write(g);
      }
    }
    try (RootAllocator allocator = new RootAllocator();
        ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
            ArrowReadOptions.builder(allocator).batchSize(64).build())) {
      Field v = reader.schema().getFields().get(0);
      assertEquals(ArrowType.Struct.INSTANCE, v.getType());
      assertTrue(v.isNullable());
      assertTrue(v.getMetadata() == null || v.getMetadata().isEmpty());
      assertEquals(List.of("metadata", "value"), v.getChildren().stream().map(Field::getName).collect(Collectors.toList()));
      for (Field c : v.getChildren()) {
        assertEquals(ArrowType.Binary.INSTANCE, c.getType(), c.getName());
        assertFalse(c.isNullable(), c.getName());
      }
      int row = 0;
      for (VectorSchemaRoot root; (root = reader.next()) != null; ) {
        StructVector struct = (StructVector) root.getVector(0);
        VarBinaryVector metadata = (VarBinaryVector) struct.getChild("metadata");
        VarBinaryVector value = (VarBinaryVector) struct.getChild("value");
        for (int i = 0; i < root.getRowCount(); i++, row++) {
          byte[][] want = written.get(row);
          assertEquals(want == null, struct.isNull(i), "row " + row);
          if (want != null) {
            assertArrayEquals(want[0], metadata.getObject(i), "row " + row);
            assertArrayEquals(want[1], value.getObject(i), "row " + row);
          }
        }
      }
      assertEquals(rows, row);
    }
  }

  /**
   * INTERVAL (months, days, milliseconds: unsigned, little-endian) reads as month_day_nano_interval,
   * with nulls, from plain and dictionary pages (V1 and V2), and a row filter; a count of months or
   * days above 2^31 - 1, which Arrow's signed counts cannot hold, fails naming the column.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void intervalsReadAsMonthDayNano(boolean v2) throws IOException {
    Path file = dir.resolve("interval-" + v2 + ".parquet");
    MessageType schema = MessageTypeParser.parseMessageType(
        "message m { required int64 id; optional fixed_len_byte_array(12) iv (INTERVAL); }");
    int rows = 1000;
    writeIntervals(file, schema, v2, rows, -1);
    try (RootAllocator allocator = new RootAllocator()) {
      for (FilterCompat.Filter filter : new FilterCompat.Filter[] {null, FilterCompat.get(notEq(longColumn("id"), 500L))}) {
        ArrowReadOptions.Builder b = ArrowReadOptions.builder(allocator).batchSize(333);
        if (filter != null) {
          b.filter(filter);
        }
        int row = 0;
        try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null, b.build())) {
          assertEquals(new ArrowType.Interval(org.apache.arrow.vector.types.IntervalUnit.MONTH_DAY_NANO),
              reader.schema().getFields().get(1).getType());
          for (VectorSchemaRoot r; (r = reader.next()) != null; ) {
            BigIntVector ids = (BigIntVector) r.getVector(0);
            org.apache.arrow.vector.IntervalMonthDayNanoVector iv = (org.apache.arrow.vector.IntervalMonthDayNanoVector) r.getVector(1);
            for (int i = 0; i < r.getRowCount(); i++, row++) {
              int id = (int) ids.get(i);
              assertEquals(filter != null && row >= 500 ? row + 1 : row, id);
              if (id % 7 == 3) {
                assertTrue(iv.isNull(i), "row " + id);
              } else {
                org.apache.arrow.vector.holders.NullableIntervalMonthDayNanoHolder h =
                    new org.apache.arrow.vector.holders.NullableIntervalMonthDayNanoHolder();
                iv.get(i, h);
                long[] expected = interval(id);
                assertEquals(expected[0], h.months, "months, row " + id);
                assertEquals(expected[1], h.days, "days, row " + id);
                assertEquals(expected[2] * 1_000_000L, h.nanoseconds, "nanoseconds, row " + id);
              }
            }
          }
        }
        assertEquals(filter == null ? rows : rows - 1, row);
      }
      assertEquals(0, allocator.getAllocatedMemory());
      Path wide = dir.resolve("interval-wide-" + v2 + ".parquet");
      writeIntervals(wide, schema, v2, rows, 777);
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(wide), null,
          ArrowReadOptions.builder(allocator).batchSize(333).build())) {
        assertNotNull(reader.next());
        assertNotNull(reader.next());
        ParquetDecodingException e = assertThrows(ParquetDecodingException.class, reader::next);
        assertTrue(e.getMessage().contains("column iv") && e.getMessage().contains("2147483648 months"), e.getMessage());
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  /** Row {@code i}'s interval: few distinct values (dictionary pages), a milliseconds count above 2^31 every 5th. */
  private static long[] interval(int i) {
    return new long[] {i % 13, (i * 7) % 31, i % 5 == 0 ? 4_000_000_000L + i % 11 : (i % 11) * 1000L};
  }

  private static void writeIntervals(Path file, MessageType schema, boolean v2, int rows, int tooWideRow) throws IOException {
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
        .withWriterVersion(v2 ? WriterVersion.PARQUET_2_0 : WriterVersion.PARQUET_1_0).withPageSize(1024)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED).build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      for (int i = 0; i < rows; i++) {
        Group g = groups.newGroup().append("id", (long) i);
        if (i % 7 != 3) {
          long[] v = interval(i);
          java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate(12).order(java.nio.ByteOrder.LITTLE_ENDIAN);
          bytes.putInt(i == tooWideRow ? Integer.MIN_VALUE : (int) v[0]).putInt((int) v[1]).putInt((int) v[2]);
          g.append("iv", org.apache.parquet.io.api.Binary.fromConstantByteArray(bytes.array()));
        }
        w.write(g);
      }
    }
  }

  /**
   * A decimal of 17 bytes whose leading byte is more than sign does not fit decimal128: reading its
   * row fails naming the column, with dictionary pages (where the dictionary is converted once) as
   * with plain ones; a filter that drops that row reads the rest, as parquet-java's values would.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aDecimalTooWideFailsOnlyWhereItIsRead(boolean dictionary) throws IOException {
    Path file = dir.resolve("wide-decimal-" + dictionary + ".parquet");
    MessageType schema = MessageTypeParser.parseMessageType(
        "message m { required int64 id; optional fixed_len_byte_array(17) d (DECIMAL(38,0)); }");
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
        .withDictionaryEncoding(dictionary).withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
        // parquet-java writes dictionaries of fixed-length arrays with V2 pages only.
        .withWriterVersion(dictionary ? WriterVersion.PARQUET_2_0 : WriterVersion.PARQUET_1_0).build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      for (int i = 0; i < 100; i++) {
        byte[] v = new byte[17];
        if (i == 57) {
          v[0] = 1;                     // 2^128: no sign byte to drop
        } else {
          v[16] = (byte) (i % 10);      // small values, repeated: dictionary pages when asked
          v[0] = (byte) (i % 3 == 0 ? 0xFF : 0);
          if (v[0] != 0) {
            java.util.Arrays.fill(v, 1, 16, (byte) 0xFF);
          }
        }
        w.write(groups.newGroup().append("id", (long) i).append("d", org.apache.parquet.io.api.Binary.fromConstantByteArray(v)));
      }
    }
    ParquetDecodingException e = assertThrows(ParquetDecodingException.class, () -> readAll(file, null, null));
    assertTrue(e.getMessage().contains("column d") && e.getMessage().contains("does not fit"), e.getMessage());
    List<List<String>> rest = readAll(file, FilterCompat.get(notEq(longColumn("id"), 57L)), null);
    assertEquals(99, rest.get(0).size());
    assertEquals("-256", rest.get(1).get(0));
    assertEquals("1", rest.get(1).get(1));
    assertEquals("2", rest.get(1).get(2));
    assertEquals("9", rest.get(1).get(58));   // id 59
  }

  /**
   * Strings read as values from dictionary pages: entries of every length class the dictionary
   * reader copies differently (up to 8, 16 and 32 bytes, and longer), with nulls, as string,
   * large_string and string_view, and a column whose dictionary gives way to plain pages mid-chunk;
   * every value as written, with and without a row filter.
   */
  @ParameterizedTest
  @ValueSource(strings = {"string", "large_string", "string_view"})
  void dictionaryStringsReadAsValues(String binaryType) throws IOException {
    Path file = dir.resolve("dictionary-strings.parquet");
    String[] names = {"s8", "s16", "s32", "long", "fallback"};
    int rows = 5000;
    if (!Files.exists(file)) {
      MessageType schema = MessageTypeParser.parseMessageType("message m { required int64 id; "
          + "optional binary s8 (STRING); optional binary s16 (STRING); optional binary s32 (STRING); "
          + "optional binary long (STRING); optional binary fallback (STRING); }");
      try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
          .withDictionaryEncoding(true).withDictionaryPageSize(4096).withPageSize(2048)
          .withCompressionCodec(CompressionCodecName.UNCOMPRESSED).build()) {
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        for (int i = 0; i < rows; i++) {
          Group g = groups.newGroup().append("id", (long) i);
          for (String name : names) {
            String v = dictionaryString(name, i);
            if (v != null) {
              g.append(name, v);
            }
          }
          w.write(g);
        }
      }
      try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
        for (ColumnChunkMetaData chunk : r.getFooter().getBlocks().get(0).getColumns()) {
          if (!chunk.getPath().toDotString().equals("id")) {
            assertTrue(chunk.hasDictionaryPage(), chunk.getPath() + " has no dictionary");
          }
        }
      }
    }
    ArrowType type = binaryType.equals("string") ? ArrowType.Binary.INSTANCE
        : binaryType.equals("large_string") ? ArrowType.LargeBinary.INSTANCE : ArrowType.BinaryView.INSTANCE;
    for (FilterCompat.Filter filter : new FilterCompat.Filter[] {null, FilterCompat.get(notEq(longColumn("id"), 4321L))}) {
      List<List<String>> read = readAll(file, filter, null, b -> b.binaryType(type));
      int k = 0;
      for (int i = 0; i < rows; i++) {
        if (filter != null && i == 4321) {
          continue;
        }
        assertEquals(Long.toString(i), read.get(0).get(k));
        for (int c = 0; c < names.length; c++) {
          String v = dictionaryString(names[c], i);
          String expected = v == null ? "null" : "x:" + java.util.HexFormat.of().formatHex(v.getBytes(StandardCharsets.UTF_8));
          assertEquals(expected, read.get(c + 1).get(k), names[c] + " row " + i + " as " + binaryType);
        }
        k++;
      }
      assertEquals(k, read.get(0).size());
    }
  }

  /** Row {@code i}'s value of column {@code name}: few distinct values of each length class, some nulls. */
  private static String dictionaryString(String name, int i) {
    if (i % 7 == 3) {
      return null;
    }
    int e = i % 37;
    switch (name) {
      case "s8":
        return "abcdefgh".substring(0, e % 9);
      case "s16":
        return ("v" + e + "-0123456789abcdef").substring(0, 9 + e % 8);
      case "s32":
        return ("w" + e + "-0123456789abcdefghijklmnopqrstuvwxyz").substring(0, 17 + e % 16);
      case "long":
        return ("long entry " + e + " ").repeat(2 + e % 5);
      default:
        // Few distinct values at first, then all distinct: the dictionary outgrows its page and the writer turns to plain.
        return i < 1000 ? "early " + e : "distinct value number " + i + " ".repeat(i % 11);
    }
  }

  private static List<List<String>> readAll(Path file, FilterCompat.Filter filter, List<String> names) throws IOException {
    return readAll(file, filter, names, b -> b);
  }

  private static List<List<String>> readAll(Path file, FilterCompat.Filter filter, List<String> names,
      java.util.function.UnaryOperator<ArrowReadOptions.Builder> options) throws IOException {
    List<List<String>> columns = new ArrayList<>();
    try (RootAllocator allocator = new RootAllocator()) {
      ArrowReadOptions.Builder b = options.apply(ArrowReadOptions.builder(allocator).batchSize(333));
      if (filter != null) {
        b.filter(filter);
      }
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), names, b.build())) {
        for (int c = 0; c < reader.schema().getFields().size(); c++) {
          columns.add(new ArrayList<>());
        }
        for (VectorSchemaRoot r; (r = reader.next()) != null; ) {
          for (int c = 0; c < columns.size(); c++) {
            for (int i = 0; i < r.getRowCount(); i++) {
              columns.get(c).add(ArrowCanonical.value(r.getVector(c), i, reader.dictionaries()));
            }
          }
        }
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
    return columns;
  }
}
