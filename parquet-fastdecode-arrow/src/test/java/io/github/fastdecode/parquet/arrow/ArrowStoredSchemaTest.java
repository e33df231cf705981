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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeStampMilliTZVector;
import org.apache.arrow.vector.TimeStampNanoTZVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The stored Arrow schema ({@code ARROW:schema}) beyond the pyarrow comparison in {@link
 * ArrowPyarrowEqualityTest}: the exact Arrow Java fields and vectors it gives, the option that turns
 * it off, projections, and stored schemas that are damaged or do not match the file, which must
 * leave the file's own mapping without an error. The allocator is empty after every read.
 */
class ArrowStoredSchemaTest {
  private static final String V1 = "resources/stored-schema/stored-schema-v1-snappy.parquet";

  @TempDir
  Path dir;

  /** What a read gives: the fields, and per field every value's canonical text. */
  record Read(List<Field> fields, List<String> canonicalFields, List<List<String>> values) {
  }

  static Read read(Path file, List<String> columns, ArrowReadOptions.Builder options, RootAllocator allocator)
      throws IOException {
    List<List<String>> values = new ArrayList<>();
    List<String> canonical = new ArrayList<>();
    List<Field> fields;
    try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), columns, options.build())) {
      fields = reader.schema().getFields();
      for (Field f : fields) {
        canonical.add(ArrowCanonical.field(f, reader.dictionaries()));
        values.add(new ArrayList<>());
      }
      VectorSchemaRoot root;
      while ((root = reader.next()) != null) {
        for (int c = 0; c < fields.size(); c++) {
          ArrowCanonical.validate(root.getVector(c));
          for (int r = 0; r < root.getRowCount(); r++) {
            values.get(c).add(ArrowCanonical.value(root.getVector(c), r, reader.dictionaries()));
          }
        }
      }
    }
    return new Read(fields, canonical, values);
  }

  static Read read(Path file, List<String> columns, boolean stored) throws IOException {
    try (RootAllocator allocator = new RootAllocator()) {
      Read r = read(file, columns, ArrowReadOptions.builder(allocator).batchSize(20).storedArrowSchema(stored), allocator);
      assertEquals(0, allocator.getAllocatedMemory(), file + ": bytes left in the allocator after close");
      return r;
    }
  }

  private static Field field(Read r, String name) {
    return r.fields().stream().filter(f -> f.getName().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void restoresArrowJavaFieldsAndVectors() throws IOException {
    Path file = ArrowPyarrowEqualityTest.resolve(V1);
    Read r = read(file, null, true);
    assertEquals(new ArrowType.Timestamp(TimeUnit.NANOSECOND, "America/New_York"), field(r, "ts_ny_ns").getType());
    assertEquals(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "Asia/Kolkata"), field(r, "ts_kol_ms").getType());
    assertEquals(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "Asia/Kolkata"), field(r, "ts_kol_s").getType());
    assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), field(r, "ts_utc_us").getType());
    assertEquals(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), field(r, "ts_local_ms").getType());
    assertEquals(ArrowType.LargeUtf8.INSTANCE, field(r, "large_s").getType());
    assertEquals(ArrowType.LargeBinary.INSTANCE, field(r, "large_b").getType());
    assertEquals(ArrowType.LargeList.INSTANCE, field(r, "large_l").getType());
    assertEquals(new ArrowType.Duration(TimeUnit.SECOND), field(r, "dur_s").getType());
    assertEquals(new ArrowType.Duration(TimeUnit.NANOSECOND), field(r, "dur_ns").getType());
    assertEquals(new ArrowType.Decimal(12, 2, 256), field(r, "dec256").getType());
    DictionaryEncoding d8 = field(r, "dict8_s").getDictionary();
    assertEquals(new ArrowType.Int(8, true), d8.getIndexType());
    assertEquals(new ArrowType.Int(32, true), field(r, "dict_s").getDictionary().getIndexType());
    assertEquals(Map.of("comment", "row number"), field(r, "id").getMetadata());
    Field st = field(r, "st");
    assertEquals(ArrowType.LargeList.INSTANCE, st.getChildren().get(0).getType());
    assertEquals(ArrowType.LargeUtf8.INSTANCE, st.getChildren().get(0).getChildren().get(0).getType());
    assertEquals(new ArrowType.Duration(TimeUnit.MILLISECOND), st.getChildren().get(1).getType());
    assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Asia/Kolkata"), st.getChildren().get(2).getType());
    // pyarrow leaves date64 as date32: so does the reader.
    assertEquals(new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY), field(r, "d64").getType());

    try (RootAllocator allocator = new RootAllocator();
         ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
             ArrowReadOptions.builder(allocator).build())) {
      VectorSchemaRoot root = reader.next();
      assertInstanceOf(TimeStampNanoTZVector.class, root.getVector("ts_ny_ns"));
      assertEquals("America/New_York", ((TimeStampNanoTZVector) root.getVector("ts_ny_ns")).getTimeZone());
      assertInstanceOf(TimeStampMilliTZVector.class, root.getVector("ts_kol_s"));
      assertInstanceOf(LargeVarCharVector.class, root.getVector("large_s"));
      assertInstanceOf(LargeVarBinaryVector.class, root.getVector("large_b"));
      assertInstanceOf(LargeListVector.class, root.getVector("large_l"));
      assertInstanceOf(DurationVector.class, root.getVector("dur_us"));
      assertInstanceOf(TinyIntVector.class, root.getVector("dict8_s"));
      assertInstanceOf(LargeListVector.class, ((StructVector) root.getVector("st")).getChild("tags"));
    }
  }

  @Test
  void arrowReaderDescribesStoredTypes() throws IOException {
    Path file = ArrowPyarrowEqualityTest.resolve(V1);
    try (RootAllocator allocator = new RootAllocator()) {
      try (ArrowReader reader = ArrowParquetReader.open(new LocalInputFile(file), List.of("dict8_s", "ts_kol_us"),
          ArrowReadOptions.builder(allocator).build()).asArrowReader()) {
        Schema schema = reader.getVectorSchemaRoot().getSchema();
        Field dict = schema.getFields().get(0);
        assertEquals(new ArrowType.Int(8, true), dict.getType());
        assertEquals(new ArrowType.Int(8, true), dict.getDictionary().getIndexType());
        assertEquals(ArrowType.Utf8.INSTANCE, reader.lookup(dict.getDictionary().getId()).getVectorType());
        assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Asia/Kolkata"), schema.getFields().get(1).getType());
        int rows = 0;
        while (reader.loadNextBatch()) {
          rows += reader.getVectorSchemaRoot().getRowCount();
        }
        assertEquals(48, rows);
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  /** Off: every column as the Parquet schema alone maps it, with the same values. */
  @Test
  void turnedOffGivesTheFileMappingAndTheSameValues() throws IOException {
    Path file = ArrowPyarrowEqualityTest.resolve(V1);
    Read on = read(file, null, true);
    Read off = read(file, null, false);
    assertEquals(new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC"), field(off, "ts_ny_ns").getType());
    assertEquals(ArrowType.Utf8.INSTANCE, field(off, "large_s").getType());
    assertEquals(ArrowType.Binary.INSTANCE, field(off, "large_b").getType());
    assertEquals(ArrowType.List.INSTANCE, field(off, "large_l").getType());
    assertEquals(new ArrowType.Int(64, true), field(off, "dur_ms").getType());
    assertEquals(null, field(off, "dict8_s").getDictionary());
    assertEquals(ArrowType.Utf8.INSTANCE, field(off, "dict8_s").getType());
    assertEquals(new ArrowType.Decimal(12, 2, 128), field(off, "dec256").getType());
    assertEquals(ArrowType.List.INSTANCE, field(off, "st").getChildren().get(0).getType());
    assertTrue(field(off, "id").getMetadata() == null || field(off, "id").getMetadata().isEmpty());
    assertEquals(on.fields().size(), off.fields().size());
    int differ = 0;
    for (int c = 0; c < on.fields().size(); c++) {
      differ += on.canonicalFields().get(c).equals(off.canonicalFields().get(c)) ? 0 : 1;
      assertEquals(on.values().get(c), off.values().get(c), on.canonicalFields().get(c) + ": values");
      assertEquals(48, on.values().get(c).size());
    }
    assertEquals(21, differ, "fields whose type the stored schema changes");
  }

  /**
   * pyarrow's binary_type and list_type give way to a stored schema the reader uses (pyarrow ignores
   * them then); with the stored schema off they apply to the file's own mapping, values unchanged.
   */
  @Test
  void binaryAndListTypesApplyOnlyWithoutAStoredSchema() throws IOException {
    Path file = ArrowPyarrowEqualityTest.resolve(V1);
    Read on = read(file, null, true);
    Read off = read(file, null, false);
    try (RootAllocator allocator = new RootAllocator()) {
      Read onWithTypes = read(file, null, ArrowReadOptions.builder(allocator).batchSize(20)
          .binaryType(ArrowType.BinaryView.INSTANCE).listType(ArrowType.LargeList.INSTANCE), allocator);
      assertEquals(on.canonicalFields(), onWithTypes.canonicalFields());
      assertEquals(on.values(), onWithTypes.values());
      Read offWithTypes = read(file, null, ArrowReadOptions.builder(allocator).batchSize(20).storedArrowSchema(false)
          .binaryType(ArrowType.BinaryView.INSTANCE).listType(ArrowType.LargeList.INSTANCE), allocator);
      assertEquals(ArrowType.Utf8View.INSTANCE, field(offWithTypes, "large_s").getType());
      assertEquals(ArrowType.BinaryView.INSTANCE, field(offWithTypes, "large_b").getType());
      assertEquals(ArrowType.LargeList.INSTANCE, field(offWithTypes, "large_l").getType());
      assertEquals(ArrowType.Utf8View.INSTANCE, field(offWithTypes, "dict8_s").getType());
      assertEquals(off.values(), offWithTypes.values());
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  /** A projection (leaf paths, another order) keeps the restored types of what it reads. */
  @Test
  void projectionKeepsRestoredTypes() throws IOException {
    Path file = ArrowPyarrowEqualityTest.resolve(V1);
    Read all = read(file, null, true);
    Read some = read(file, List.of("dict8_s", "st.at", "large_l"), true);
    assertEquals(List.of("dict8_s: dictionary<values=string, indices=int8>",
        "st: struct<at: timestamp[us, tz=Asia/Kolkata]>", "large_l: large_list<element: int32>"), some.canonicalFields());
    assertEquals(all.values().get(all.fields().indexOf(field(all, "dict8_s"))), some.values().get(0));
    assertEquals(all.values().get(all.fields().indexOf(field(all, "large_l"))), some.values().get(2));
  }

  /** Fresh roots would outlive the reader's dictionaries: stored dictionary columns come as their values. */
  @Test
  void freshRootsReadStoredDictionariesAsValues() throws IOException {
    Path file = ArrowPyarrowEqualityTest.resolve(V1);
    Read reused = read(file, List.of("dict_s", "dict8_s", "ts_ny_ms"), true);
    List<List<String>> values = new ArrayList<>();
    try (RootAllocator allocator = new RootAllocator()) {
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), List.of("dict_s", "dict8_s", "ts_ny_ms"),
          ArrowReadOptions.builder(allocator).batchSize(7).freshRootPerBatch(true).build())) {
        List<Field> fields = reader.schema().getFields();
        assertEquals(null, fields.get(0).getDictionary());
        assertEquals(ArrowType.Utf8.INSTANCE, fields.get(1).getType());
        assertEquals(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "America/New_York"), fields.get(2).getType());
        for (int c = 0; c < 3; c++) {
          values.add(new ArrayList<>());
        }
        VectorSchemaRoot root;
        while ((root = reader.next()) != null) {
          try (VectorSchemaRoot owned = root) {
            for (int c = 0; c < 3; c++) {
              for (int r = 0; r < owned.getRowCount(); r++) {
                values.get(c).add(ArrowCanonical.value(owned.getVector(c), r, reader.dictionaries()));
              }
            }
          }
        }
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
    assertEquals(reused.values(), values);
  }

  // ---- stored schemas that are damaged or do not match the file ----

  private static final MessageType SMALL = MessageTypeParser.parseMessageType("message m {\n"
      + "  required int64 id;\n"
      + "  optional int64 ts (TIMESTAMP(MILLIS,true));\n"
      + "  optional binary s (STRING);\n"
      + "  optional int64 n;\n"
      + "}");

  private static Field arrowField(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }

  private static final ArrowType KOLKATA_MS = new ArrowType.Timestamp(TimeUnit.MILLISECOND, "Asia/Kolkata");

  static String ipc(Field... fields) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      MessageSerializer.serialize(new WriteChannel(Channels.newChannel(out)), new Schema(List.of(fields)));
      return Base64.getEncoder().encodeToString(out.toByteArray());
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** The stored schema that matches {@link #SMALL}: a control that it is read at all. */
  static String matching() {
    return ipc(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null), arrowField("ts", KOLKATA_MS),
        arrowField("s", ArrowType.LargeUtf8.INSTANCE), arrowField("n", new ArrowType.Duration(TimeUnit.MILLISECOND)));
  }

  static List<Object[]> mismatched() {
    byte[] valid = Base64.getDecoder().decode(matching());
    byte[] hugeLength = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0, 0, 0, 0x7F, 1, 2, 3, 4};
    return List.of(
        new Object[] {"bad base64", "!!not base64!!"},
        new Object[] {"empty", ""},
        new Object[] {"not a schema message", Base64.getEncoder().encodeToString("hello, not an Arrow schema".getBytes(StandardCharsets.UTF_8))},
        new Object[] {"a length beyond the bytes", Base64.getEncoder().encodeToString(hugeLength)},
        new Object[] {"truncated", Base64.getEncoder().encodeToString(Arrays.copyOf(valid, valid.length / 2))},
        new Object[] {"flatbuffer bytes overwritten", Base64.getEncoder().encodeToString(overwrite(valid))},
        new Object[] {"three fields", ipc(arrowField("id", new ArrowType.Int(64, true)), arrowField("ts", KOLKATA_MS),
            arrowField("s", ArrowType.LargeUtf8.INSTANCE))},
        new Object[] {"five fields", ipc(arrowField("id", new ArrowType.Int(64, true)), arrowField("ts", KOLKATA_MS),
            arrowField("s", ArrowType.LargeUtf8.INSTANCE), arrowField("n", new ArrowType.Duration(TimeUnit.SECOND)),
            arrowField("x", ArrowType.LargeUtf8.INSTANCE))},
        new Object[] {"other names", ipc(arrowField("id", new ArrowType.Int(64, true)), arrowField("ts2", KOLKATA_MS),
            arrowField("s", ArrowType.LargeUtf8.INSTANCE), arrowField("n", new ArrowType.Duration(TimeUnit.SECOND)))});
  }

  private static byte[] overwrite(byte[] valid) {
    byte[] b = valid.clone();
    for (int i = 12; i < b.length; i += 3) {
      b[i] = (byte) (b[i] * 31 + 7);
    }
    return b;
  }

  private Path small(String name, String storedSchema) throws IOException {
    Path file = dir.resolve(name.replace(' ', '-') + ".parquet");
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("ARROW:schema", storedSchema);
    SimpleGroupFactory groups = new SimpleGroupFactory(SMALL);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(SMALL)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withExtraMetaData(extra).build()) {
      for (int i = 0; i < 50; i++) {
        Group g = groups.newGroup().append("id", (long) i);
        if (i % 7 != 3) {
          g.append("ts", 1_700_000_000_000L + i * 3_600_000L);
          g.append("s", "v" + i);
          g.append("n", (long) i * -1000);
        }
        w.write(g);
      }
    }
    return file;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mismatched")
  void unusableStoredSchemaFallsBackToTheFileMapping(String name, String storedSchema) throws IOException {
    Path file = small(name, storedSchema);
    Read withStored = read(file, null, true);
    Read without = read(file, null, false);
    assertEquals(List.of("id: int64 not null", "ts: timestamp[ms, tz=UTC]", "s: string", "n: int64"), without.canonicalFields());
    assertEquals(without.canonicalFields(), withStored.canonicalFields(), name);
    assertEquals(without.values(), withStored.values(), name);
  }

  @Test
  void matchingStoredSchemaWrittenByArrowJavaIsUsed() throws IOException {
    Read r = read(small("matching", matching()), null, true);
    assertEquals(List.of("id: int64 not null", "ts: timestamp[ms, tz=Asia/Kolkata]", "s: large_string", "n: duration[ms]"),
        r.canonicalFields());
    assertEquals("1700000000000", r.values().get(1).get(0));
    assertEquals("null", r.values().get(2).get(3));
    assertEquals("x:" + java.util.HexFormat.of().formatHex("v4".getBytes(StandardCharsets.UTF_8)), r.values().get(2).get(4));
    assertEquals("-4000", r.values().get(3).get(4));
  }

  /** Per field, a stored type that does not fit the column leaves the file's mapping; the fitting ones apply. */
  @Test
  void incompatibleStoredTypesAreIgnoredFieldByField() throws IOException {
    String stored = ipc(arrowField("id", ArrowType.Utf8.INSTANCE), arrowField("ts", KOLKATA_MS),
        arrowField("s", new ArrowType.Duration(TimeUnit.SECOND)), arrowField("n", ArrowType.LargeUtf8.INSTANCE));
    Read r = read(small("incompatible", stored), null, true);
    assertEquals(List.of("id: int64 not null", "ts: timestamp[ms, tz=Asia/Kolkata]", "s: string", "n: int64"), r.canonicalFields());
    Read off = read(small("incompatible", stored), null, false);
    assertEquals(off.values(), r.values());
    assertNotEquals(off.canonicalFields(), r.canonicalFields());
  }

  /** Reading the stored schema allocates no Arrow buffer: after open, with a damaged one, the allocator is empty. */
  @Test
  void openAllocatesNothing() throws IOException {
    Path file = small("open", "!!");
    try (RootAllocator allocator = new RootAllocator()) {
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
          ArrowReadOptions.builder(allocator).build())) {
        assertEquals(0, allocator.getAllocatedMemory());
        assertEquals(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), reader.schema().getFields().get(1).getType());
        assertEquals(50, reader.next().getRowCount());
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }
  // ---- stored dictionary index types ----

  private static final MessageType STRINGS = MessageTypeParser.parseMessageType(
      "message m { required int64 id; optional binary s (STRING); }");

  /** {@code rows} rows of {@code distinct} strings (every 9th null), dictionary-encoded by parquet-java or plain. */
  private Path strings(String name, String storedSchema, int rows, int distinct, boolean dictionary) throws IOException {
    Path file = dir.resolve(name + ".parquet");
    SimpleGroupFactory groups = new SimpleGroupFactory(STRINGS);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(STRINGS)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withDictionaryEncoding(dictionary)
        .withExtraMetaData(Map.of("ARROW:schema", storedSchema)).build()) {
      for (int i = 0; i < rows; i++) {
        Group g = groups.newGroup().append("id", (long) i);
        if (i % 9 != 4) {
          g.append("s", "value " + (i * 7919 % distinct));
        }
        w.write(g);
      }
    }
    return file;
  }

  private static String storedDictionary(int bits, boolean signed, boolean ordered) {
    return ipc(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("s", new FieldType(true, ArrowType.Utf8.INSTANCE, new DictionaryEncoding(0, ordered, new ArrowType.Int(bits, signed))), null));
  }

  static List<Object[]> indexTypes() {
    return List.of(new Object[] {8, true}, new Object[] {8, false}, new Object[] {16, true}, new Object[] {16, false},
        new Object[] {32, false}, new Object[] {64, true});
  }

  @ParameterizedTest(name = "{1} {0}")
  @MethodSource("indexTypes")
  void storedIndexTypeIsKept(int bits, boolean signed) throws IOException {
    Path file = strings("index-" + bits + signed, storedDictionary(bits, signed, bits == 16), 200, 12, true);
    Read on = read(file, null, true);
    Read off = read(file, null, false);
    DictionaryEncoding e = on.fields().get(1).getDictionary();
    assertEquals(new ArrowType.Int(bits, signed), e.getIndexType());
    assertEquals(new ArrowType.Int(bits, signed), on.fields().get(1).getType());
    assertEquals(bits == 16, e.isOrdered());
    assertEquals("s: dictionary<values=string, indices=" + (signed ? "int" : "uint") + bits + ">", on.canonicalFields().get(1));
    assertEquals(off.values(), on.values());
    assertEquals("null", on.values().get(1).get(4));
  }

  /**
   * int8 indices cannot address a batch whose plain values serve as its dictionary when it holds more
   * than 128 of them: a clear error, everything released; a batch size within the range reads.
   */
  @Test
  void narrowIndexTooSmallForPlainBatchFails() throws IOException {
    Path file = strings("narrow", storedDictionary(8, true, false), 400, 400, false);
    try (RootAllocator allocator = new RootAllocator()) {
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
          ArrowReadOptions.builder(allocator).batchSize(300).build())) {
        org.apache.parquet.io.ParquetDecodingException e =
            org.junit.jupiter.api.Assertions.assertThrows(org.apache.parquet.io.ParquetDecodingException.class, reader::next);
        assertTrue(e.getMessage().contains("int8 indices") && e.getMessage().contains("column s"), e.getMessage());
        assertEquals(0, allocator.getAllocatedMemory());
      }
      assertEquals(0, allocator.getAllocatedMemory());
      Read small = read(file, null, ArrowReadOptions.builder(allocator).batchSize(100), allocator);
      assertEquals("s: dictionary<values=string, indices=int8>", small.canonicalFields().get(1));
      assertEquals(read(file, null, false).values(), small.values());
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }
  // ---- fixed_size_list ----

  private static final MessageType LISTS = MessageTypeParser.parseMessageType("message m { required int64 id; "
      + "optional group l (LIST) { repeated group list { optional int32 element; } } }");

  /** Row {@code i}'s list: null every 5th row, else {@code [i, null, -i]}, but {@code [i]} at row {@code shortRow}. */
  private Path lists(String name, int rows, int shortRow) throws IOException {
    Path file = dir.resolve(name + ".parquet");
    String stored = ipc(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("l", FieldType.nullable(new ArrowType.FixedSizeList(3)),
            List.of(new Field("element", FieldType.nullable(new ArrowType.Int(32, true)), null))));
    SimpleGroupFactory groups = new SimpleGroupFactory(LISTS);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(LISTS)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withExtraMetaData(Map.of("ARROW:schema", stored)).build()) {
      for (int i = 0; i < rows; i++) {
        Group g = groups.newGroup().append("id", (long) i);
        if (i % 5 != 2) {
          Group l = g.addGroup("l");
          l.addGroup("list").append("element", i);
          if (i != shortRow) {
            l.addGroup("list");
            l.addGroup("list").append("element", -i);
          }
        }
        w.write(g);
      }
    }
    return file;
  }

  /**
   * A stored fixed_size_list over a Parquet list: Arrow's layout, where a null list holds the list
   * size's null elements (the child has three per row, the values where they belong); a file whose
   * list has another length fails naming the column, and nothing is left allocated.
   */
  @Test
  void fixedSizeListsHoldTheirSizeOfElementsNullListsToo() throws IOException {
    Path file = lists("fixed", 50, -1);
    try (RootAllocator allocator = new RootAllocator()) {
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null,
          ArrowReadOptions.builder(allocator).batchSize(16).build())) {
        assertEquals(new ArrowType.FixedSizeList(3), reader.schema().getFields().get(1).getType());
        int row = 0;
        for (VectorSchemaRoot root; (root = reader.next()) != null; ) {
          org.apache.arrow.vector.complex.FixedSizeListVector l =
              (org.apache.arrow.vector.complex.FixedSizeListVector) root.getVector("l");
          org.apache.arrow.vector.IntVector e = (org.apache.arrow.vector.IntVector) l.getDataVector();
          assertEquals(3 * root.getRowCount(), e.getValueCount());
          for (int r = 0; r < root.getRowCount(); r++, row++) {
            assertEquals(row % 5 == 2, l.isNull(r), "row " + row);
            if (row % 5 == 2) {
              assertTrue(e.isNull(3 * r) && e.isNull(3 * r + 1) && e.isNull(3 * r + 2), "row " + row);
            } else {
              assertEquals(row, e.get(3 * r));
              assertTrue(e.isNull(3 * r + 1));
              assertEquals(-row, e.get(3 * r + 2));
            }
          }
        }
        assertEquals(50, row);
      }
      assertEquals(0, allocator.getAllocatedMemory());
      Path bad = lists("short", 50, 38);
      try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(bad), null,
          ArrowReadOptions.builder(allocator).batchSize(16).build())) {
        assertNotNull(reader.next());
        assertNotNull(reader.next());
        org.apache.parquet.io.ParquetDecodingException e =
            org.junit.jupiter.api.Assertions.assertThrows(org.apache.parquet.io.ParquetDecodingException.class, reader::next);
        assertTrue(e.getMessage().contains("column l.list.element") && e.getMessage().contains("fixed_size_list of 3")
            && e.getMessage().contains("list of 1 elements"), e.getMessage());
      }
      assertEquals(0, allocator.getAllocatedMemory());
      // Without the stored schema it is a list like any other.
      assertEquals("l: list<element: int32>", read(bad, null, false).canonicalFields().get(1));
    }
  }

  /**
   * The stored schema of the pyarrow file with its base64 text damaged in place (1 to 6 characters
   * replaced by other base64 characters, so it still decodes to bytes: a damaged IPC message), 300
   * seeded variants: every read succeeds with the undamaged read's values, whichever types the
   * damaged schema leaves, and the allocator is empty.
   */
  @Test
  void damagedStoredSchemaNeverFailsTheRead() throws IOException {
    Path original = ArrowPyarrowEqualityTest.resolve(V1);
    byte[] bytes = java.nio.file.Files.readAllBytes(original);
    String value;
    try (org.apache.parquet.hadoop.ParquetFileReader f = org.apache.parquet.hadoop.ParquetFileReader.open(new LocalInputFile(original))) {
      value = f.getFileMetaData().getKeyValueMetaData().get("ARROW:schema");
    }
    byte[] text = value.getBytes(StandardCharsets.US_ASCII);
    int at = indexOf(bytes, text);
    assertTrue(at > 0, "the stored schema's text is in the footer");
    List<List<String>> expected = read(original, null, true).values();
    byte[] alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(StandardCharsets.US_ASCII);
    Path damaged = dir.resolve("damaged.parquet");
    int restored = 0;
    for (int seed = 0; seed < 300; seed++) {
      java.util.Random random = new java.util.Random(seed);
      byte[] copy = bytes.clone();
      int edits = 1 + random.nextInt(6);
      // The last characters carry padding bits: leave them, so the text stays valid base64.
      for (int e = 0; e < edits; e++) {
        copy[at + random.nextInt(text.length - 4)] = alphabet[random.nextInt(alphabet.length)];
      }
      java.nio.file.Files.write(damaged, copy);
      Read r;
      try {
        r = read(damaged, null, true);
      } catch (RuntimeException | IOException | Error e) {
        throw new AssertionError("seed " + seed + ": " + e, e);
      }
      assertEquals(expected, r.values(), "seed " + seed);
      restored += r.canonicalFields().contains("dur_s: duration[s]") ? 1 : 0;
    }
    // Some damage leaves a usable schema (names, metadata, padding), most does not: both paths ran.
    assertTrue(restored > 0 && restored < 300, restored + " of 300 damaged schemas still restored durations");
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
