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

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Files written by parquet-java's own writer over every physical type, required and optional (and
 * an optional group), under writer settings that select every encoding it writes: V1 and V2 pages,
 * dictionary on and off, BYTE_STREAM_SPLIT for all five types it applies to, DELTA_* through the V2
 * writer, every codec that runs in the JVM, tiny pages and several row groups.
 */
public final class GeneratedFiles {
  private GeneratedFiles() {}

  /** The schema of every generated file. */
  public static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message generated {\n"
          + "  required boolean r_bool; required int32 r_i32; required int64 r_i64; required float r_f; required double r_d;\n"
          + "  required binary r_str (STRING); required binary r_bin; required fixed_len_byte_array(5) r_flba; required int96 r_i96;\n"
          + "  optional boolean o_bool; optional int32 o_i32; optional int64 o_i64; optional float o_f; optional double o_d;\n"
          + "  optional binary o_str (STRING); optional binary o_bin; optional fixed_len_byte_array(5) o_flba; optional int96 o_i96;\n"
          + "  optional group g { optional int64 x; optional binary y (STRING); }\n"
          + "}");

  /** Codecs parquet-hadoop compresses and decompresses in the JVM with the tests' class path. */
  public static final List<CompressionCodecName> CODECS = List.of(
      CompressionCodecName.UNCOMPRESSED, CompressionCodecName.SNAPPY, CompressionCodecName.GZIP,
      CompressionCodecName.ZSTD, CompressionCodecName.LZ4_RAW, CompressionCodecName.LZ4);

  /** One file's writer settings and data. */
  public static final class Spec {
    public final WriterVersion version;
    public final boolean dictionary;
    public final boolean byteStreamSplit;
    public final CompressionCodecName codec;
    public final boolean tinyPages;
    public final int nullPercent;
    /** Draw values from a pool of 40 per column, so dictionaries stay small. */
    public final boolean lowCardinality;
    public final int rows;
    public final long seed;

    public Spec(WriterVersion version, boolean dictionary, boolean byteStreamSplit, CompressionCodecName codec,
        boolean tinyPages, int nullPercent, boolean lowCardinality, int rows, long seed) {
      this.version = version;
      this.dictionary = dictionary;
      this.byteStreamSplit = byteStreamSplit;
      this.codec = codec;
      this.tinyPages = tinyPages;
      this.nullPercent = nullPercent;
      this.lowCardinality = lowCardinality;
      this.rows = rows;
      this.seed = seed;
    }

    /** A file name that says what the file is. */
    public String fileName() {
      return (version == WriterVersion.PARQUET_1_0 ? "v1" : "v2")
          + (dictionary ? "-dict" : "-nodict") + (byteStreamSplit ? "-bss" : "")
          + "-" + codec.name().toLowerCase() + (tinyPages ? "-tinypages" : "")
          + "-nulls" + nullPercent + (lowCardinality ? "-lowcard" : "") + "-rows" + rows + "-seed" + seed + ".parquet";
    }

    @Override
    public String toString() {
      return fileName();
    }
  }

  /**
   * The standard set: both page versions x dictionary on/off x tiny/default pages x 0/10/100% nulls
   * (uncompressed and SNAPPY alternating), every codec under V1 and V2, BYTE_STREAM_SPLIT under V1
   * and V2, and a one-row file.
   */
  public static List<Spec> standard() {
    List<Spec> specs = new ArrayList<>();
    long seed = 20261122L;
    int i = 0;
    for (WriterVersion v : WriterVersion.values()) {
      for (boolean dict : new boolean[] {true, false}) {
        for (boolean tiny : new boolean[] {true, false}) {
          for (int nulls : new int[] {0, 10, 100}) {
            CompressionCodecName codec = i % 2 == 0 ? CompressionCodecName.UNCOMPRESSED : CompressionCodecName.SNAPPY;
            specs.add(new Spec(v, dict, false, codec, tiny, nulls, dict, 3000, seed + i++));
          }
        }
      }
      for (CompressionCodecName codec : CODECS) {
        specs.add(new Spec(v, true, false, codec, false, 10, i % 2 == 0, 5000, seed + i++));
      }
      for (boolean dict : new boolean[] {true, false}) {
        specs.add(new Spec(v, dict, true, CompressionCodecName.ZSTD, true, 10, false, 3000, seed + i++));
      }
      specs.add(new Spec(v, true, false, CompressionCodecName.UNCOMPRESSED, false, 10, false, 1, seed + i++));
    }
    return specs;
  }

  /** Writes the file {@code spec} describes into {@code dir} and returns its path. */
  public static Path write(Path dir, Spec spec) throws IOException {
    return write(dir, spec, SCHEMA);
  }

  /**
   * As {@link #write(Path, Spec)} with only some of {@link #SCHEMA}'s fields: {@code schema} keeps a
   * subset of them (same names and types). The kept columns hold the values they hold in the full
   * file.
   */
  public static Path write(Path dir, Spec spec, MessageType schema) throws IOException {
    Path file = dir.resolve(spec.fileName());
    Random random = new Random(spec.seed);
    Values values = new Values(spec.rows, spec.seed);
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    SimpleGroupFactory kept = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>(spec.rows);
    for (int row = 0; row < spec.rows; row++) {
      int at = spec.lowCardinality ? random.nextInt(40) : row;
      Group required = groups.newGroup();
      values.put(required, "r_", at);
      Group g = kept.newGroup();
      for (String field : Values.FIELDS) {
        if (schema.containsField("r_" + field)) {
          copyField(required, g, "r_" + field);
        }
      }
      if (spec.nullPercent < 100) {
        // Each optional field is null on its own draw.
        Group optional = groups.newGroup();
        values.put(optional, "o_", spec.lowCardinality ? random.nextInt(40) : row);
        for (String field : Values.FIELDS) {
          if (random.nextInt(100) >= spec.nullPercent && schema.containsField("o_" + field)) {
            copyField(optional, g, "o_" + field);
          }
        }
        if (random.nextInt(100) >= spec.nullPercent) {
          // Without g in the schema, the group is filled and dropped so later rows draw the same values.
          Group inner = (schema.containsField("g") ? g : groups.newGroup()).addGroup("g");
          if (random.nextInt(100) >= spec.nullPercent) {
            inner.add("x", values.longs[at]);
          }
          if (random.nextInt(100) >= spec.nullPercent) {
            inner.add("y", values.strings[at]);
          }
        }
      }
      rows.add(g);
    }
    // Three row groups (one for a one-row file), cut by row count on every parquet-java release.
    return ParquetJavaWriters.write(path -> builder(path, spec, schema), file, rows, Math.max(1, spec.rows / 3 + 1));
  }

  /** A parquet-java writer with {@code spec}'s settings, into {@code file}. */
  private static ExampleParquetWriter.Builder builder(Path file, Spec spec, MessageType schema) {
    ExampleParquetWriter.Builder b = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(schema)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withWriterVersion(spec.version)
        .withDictionaryEncoding(spec.dictionary)
        .withCompressionCodec(spec.codec);
    if (spec.tinyPages) {
      b = b.withPageRowCountLimit(7).withPageSize(512).withDictionaryPageSize(512).withMinRowCountForPageSizeCheck(1);
    }
    if (spec.byteStreamSplit) {
      for (ColumnDescriptor c : schema.getColumns()) {
        PrimitiveTypeName t = c.getPrimitiveType().getPrimitiveTypeName();
        if (t != PrimitiveTypeName.BOOLEAN && t != PrimitiveTypeName.BINARY && t != PrimitiveTypeName.INT96) {
          b = ParquetJavaWriters.withByteStreamSplitEncoding(b, String.join(".", c.getPath()), true);
        }
      }
    }
    return b;
  }

  private static void copyField(Group from, Group to, String field) {
    switch (from.getType().getType(field).asPrimitiveType().getPrimitiveTypeName()) {
      case BOOLEAN:
        to.add(field, from.getBoolean(field, 0));
        break;
      case INT32:
        to.add(field, from.getInteger(field, 0));
        break;
      case INT64:
        to.add(field, from.getLong(field, 0));
        break;
      case FLOAT:
        to.add(field, from.getFloat(field, 0));
        break;
      case DOUBLE:
        to.add(field, from.getDouble(field, 0));
        break;
      case INT96:
        to.add(field, from.getInt96(field, 0));
        break;
      default:
        to.add(field, from.getBinary(field, 0));
        break;
    }
  }

  /** Writes every {@link #standard()} file into {@code dir}. */
  public static List<Path> writeStandard(Path dir) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Spec s : standard()) {
      files.add(write(dir, s));
    }
    return files;
  }

  /** Per-column value arrays, from {@link DataShapes} where it has the shape. */
  private static final class Values {
    static final String[] FIELDS = {"bool", "i32", "i64", "f", "d", "str", "bin", "flba", "i96"};

    final boolean[] booleans;
    final long[] ints;
    final long[] longs;
    final float[] floats;
    final double[] doubles;
    final String[] strings;
    final byte[][] binaries;
    final byte[][] fixed;
    final byte[][] int96;

    Values(int n, long seed) {
      int size = Math.max(n, 40);
      Random random = new Random(seed ^ 0x5DEECE66DL);
      booleans = new boolean[size];
      strings = new String[size];
      binaries = new byte[size][];
      for (int i = 0; i < size; i++) {
        booleans[i] = random.nextBoolean();
        char[] s = new char[random.nextInt(21)];
        for (int j = 0; j < s.length; j++) {
          s[j] = (char) ('a' + random.nextInt(26));
        }
        strings[i] = new String(s);
        binaries[i] = new byte[random.nextInt(31)];
        random.nextBytes(binaries[i]);
      }
      ints = DataShapes.narrow(DataShapes.extremes(size, seed + 1, 32));
      longs = DataShapes.extremes(size, seed + 2, 64);
      floats = DataShapes.floats(size, seed + 3);
      doubles = DataShapes.doubles(size, seed + 4);
      fixed = DataShapes.fixedBytes(size, 5, seed + 5);
      int96 = DataShapes.fixedBytes(size, 12, seed + 6);
    }

    void put(Group g, String prefix, int i) {
      g.add(prefix + "bool", booleans[i]);
      g.add(prefix + "i32", (int) ints[i]);
      g.add(prefix + "i64", longs[i]);
      g.add(prefix + "f", floats[i]);
      g.add(prefix + "d", doubles[i]);
      g.add(prefix + "str", strings[i]);
      g.add(prefix + "bin", Binary.fromConstantByteArray(binaries[i]));
      g.add(prefix + "flba", Binary.fromConstantByteArray(fixed[i]));
      g.add(prefix + "i96", Binary.fromConstantByteArray(int96[i]));
    }
  }
}
