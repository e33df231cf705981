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
package io.github.fastdecode.parquet.cli;

import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The files parquet-java writes for {@link CatPyarrowTest}, the same values on every run (fixed
 * seeds): every logical type {@code cat} prints (timestamps of each unit, UTC-adjusted or local,
 * times, dates beyond four-digit years, decimals of each physical type, unsigned integers, FLOAT16,
 * UUID, ENUM, JSON, NaN and -0.0, strings needing JSON escapes), nested lists, maps and structs with
 * nulls and empty collections, and some of the conformance kit's {@link GeneratedFiles} (without
 * their INT96 columns: {@link #WITHOUT_INT96}).
 *
 * <p>{@code main(dir)} writes them into {@code dir} for {@code src/test/python/regenerate.sh}, which
 * has pyarrow read them and writes the expectations the test compares with. Changing a file's
 * values means running that script again.
 */
public final class CatTestFiles {
  static final MessageType LOGICAL = MessageTypeParser.parseMessageType("message logical {\n"
      + "  required int32 id;\n"
      + "  optional boolean b;\n"
      + "  optional int32 i8 (INTEGER(8,true)); optional int32 i16 (INTEGER(16,true)); optional int64 i64;\n"
      + "  optional int32 u8 (INTEGER(8,false)); optional int32 u16 (INTEGER(16,false));\n"
      + "  optional int32 u32 (INTEGER(32,false)); optional int64 u64 (INTEGER(64,false));\n"
      + "  optional float f32; optional double f64; optional fixed_len_byte_array(2) f16 (FLOAT16);\n"
      + "  optional int32 dec_i32 (DECIMAL(9,2)); optional int64 dec_i64 (DECIMAL(18,6));\n"
      + "  optional fixed_len_byte_array(11) dec_flba (DECIMAL(26,4)); optional binary dec_bin (DECIMAL(38,10));\n"
      + "  optional int32 dec_zero (DECIMAL(5,0));\n"
      + "  optional int32 date (DATE);\n"
      + "  optional int32 t_ms (TIME(MILLIS,true)); optional int64 t_us (TIME(MICROS,false)); optional int64 t_ns (TIME(NANOS,true));\n"
      + "  optional int64 ts_ms_utc (TIMESTAMP(MILLIS,true)); optional int64 ts_us_utc (TIMESTAMP(MICROS,true));\n"
      + "  optional int64 ts_ns_utc (TIMESTAMP(NANOS,true)); optional int64 ts_ms_local (TIMESTAMP(MILLIS,false));\n"
      + "  optional int64 ts_us_local (TIMESTAMP(MICROS,false)); optional int64 ts_ns_local (TIMESTAMP(NANOS,false));\n"
      + "  optional int96 ts96;\n"
      + "  optional binary str (STRING); optional binary bin; optional binary en (ENUM); optional binary js (JSON);\n"
      + "  optional fixed_len_byte_array(5) fixed; optional fixed_len_byte_array(16) uuid (UUID);\n"
      + "}");

  static final MessageType NESTED = MessageTypeParser.parseMessageType("message nested {\n"
      + "  required int64 id;\n"
      + "  optional group li (LIST) { repeated group list { optional int64 element; } }\n"
      + "  optional group lls (LIST) { repeated group list { optional group element (LIST) {\n"
      + "    repeated group list { optional binary element (STRING); } } } }\n"
      + "  optional group m (MAP) { repeated group key_value { required binary key (STRING); optional int32 value; } }\n"
      + "  optional group st { optional int32 a; optional group b (LIST) { repeated group list { optional float element; } }\n"
      + "    required group c { optional int64 d (TIMESTAMP(MICROS,true)); } }\n"
      + "  optional group ls (LIST) { repeated group list { optional group element { optional int32 x;\n"
      + "    optional int32 y (DECIMAL(7,3)); } } }\n"
      + "  repeated int32 legacy;\n"
      + "}");

  /**
   * The conformance kit's schema without its INT96 columns: they hold 12 random bytes, so nanoseconds
   * of the day beyond a day and negative, which no writer produces and which pyarrow reads unsigned
   * where Spark (and cat, which follows Spark for INT96) reads them signed. LOGICAL has valid INT96
   * values.
   */
  static final MessageType WITHOUT_INT96 = new MessageType(GeneratedFiles.SCHEMA.getName(),
      GeneratedFiles.SCHEMA.getFields().stream().filter(f -> !f.getName().endsWith("_i96")).collect(Collectors.toList()));

  /** Rows per file: more than the 30 the expectations keep, so that the cap is exercised. */
  static final int ROWS = 40;

  private CatTestFiles() {}

  /** The conformance kit's files among the expectations: V1 and V2, dictionary and plain, all-null. */
  static List<GeneratedFiles.Spec> generatedSpecs() {
    return List.of(
        new GeneratedFiles.Spec(WriterVersion.PARQUET_1_0, true, false, CompressionCodecName.SNAPPY, true, 10, true, 120, 37),
        new GeneratedFiles.Spec(WriterVersion.PARQUET_2_0, false, true, CompressionCodecName.ZSTD, false, 10, false, 120, 38),
        new GeneratedFiles.Spec(WriterVersion.PARQUET_2_0, true, false, CompressionCodecName.GZIP, false, 100, false, 30, 39));
  }

  /** Writes every file into {@code dir}; returns their paths. */
  static List<Path> writeAll(Path dir) throws IOException {
    Files.createDirectories(dir);
    List<Path> files = new ArrayList<>();
    files.add(write(dir.resolve("logical-v1.parquet"), LOGICAL, WriterVersion.PARQUET_1_0, 1));
    files.add(write(dir.resolve("logical-v2-dict.parquet"), LOGICAL, WriterVersion.PARQUET_2_0, 2));
    files.add(write(dir.resolve("nested-v1.parquet"), NESTED, WriterVersion.PARQUET_1_0, 3));
    files.add(write(dir.resolve("nested-v2.parquet"), NESTED, WriterVersion.PARQUET_2_0, 4));
    for (GeneratedFiles.Spec s : generatedSpecs()) {
      files.add(GeneratedFiles.write(dir, s, WITHOUT_INT96));
    }
    return files;
  }

  public static void main(String[] args) throws IOException {
    writeAll(Path.of(args[0]));
  }

  private static Path write(Path file, MessageType schema, WriterVersion version, long seed) throws IOException {
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    Random r = new Random(seed);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(version)
        .withDictionaryEncoding(seed % 2 == 0).withCompressionCodec(CompressionCodecName.SNAPPY)
        .withPageRowCountLimit(16).build()) {
      for (int i = 0; i < ROWS; i++) {
        Group g = groups.newGroup();
        if (schema == LOGICAL) {
          logical(g, i, r);
        } else {
          nested(g, i, r);
        }
        w.write(g);
      }
    }
    return file;
  }

  private static boolean isNull(Random r) {
    return r.nextInt(8) == 0;
  }

  private static void logical(Group g, int i, Random r) {
    g.add("id", i);
    if (!isNull(r)) {
      g.add("b", r.nextBoolean());
    }
    if (!isNull(r)) {
      g.add("i8", i == 1 ? Byte.MIN_VALUE : i == 2 ? Byte.MAX_VALUE : r.nextInt(256) - 128);
    }
    if (!isNull(r)) {
      g.add("i16", i == 1 ? Short.MIN_VALUE : i == 2 ? Short.MAX_VALUE : r.nextInt(65536) - 32768);
    }
    if (!isNull(r)) {
      g.add("i64", i == 1 ? Long.MIN_VALUE : i == 2 ? Long.MAX_VALUE : r.nextLong());
    }
    if (!isNull(r)) {
      g.add("u8", i == 1 ? 255 : r.nextInt(256));
    }
    if (!isNull(r)) {
      g.add("u16", i == 1 ? 65535 : r.nextInt(65536));
    }
    if (!isNull(r)) {
      g.add("u32", i == 1 ? -1 : r.nextInt()); // 4294967295 unsigned
    }
    if (!isNull(r)) {
      g.add("u64", i == 1 ? -1L : i == 2 ? Long.MIN_VALUE : r.nextLong()); // 18446744073709551615, 2^63
    }
    float[] specialF = {Float.NaN, -0.0f, 0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE,
        Float.MAX_VALUE, 0.1f, 1e-5f, 1.0e10f, 16777217f};
    if (!isNull(r)) {
      g.add("f32", i < specialF.length ? specialF[i] : Float.intBitsToFloat(r.nextInt()));
    }
    double[] specialD = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
        Double.MAX_VALUE, 0.1, 1e-5, 1.0e16, 1e23, 123456789.125};
    if (!isNull(r)) {
      g.add("f64", i < specialD.length ? specialD[i] : r.nextBoolean() ? Double.longBitsToDouble(r.nextLong()) : r.nextGaussian() * 1e6);
    }
    if (!isNull(r)) {
      short half = (short) (i < 40 ? i * 1657 : r.nextInt(65536)); // NaNs, infinities and subnormals among them
      g.add("f16", Binary.fromConstantByteArray(new byte[] {(byte) half, (byte) (half >>> 8)}));
    }
    if (!isNull(r)) {
      g.add("dec_i32", i == 1 ? 999_999_999 : i == 2 ? -999_999_999 : i == 3 ? -5 : r.nextInt(2_000_000_000) - 1_000_000_000);
    }
    if (!isNull(r)) {
      g.add("dec_i64", i == 1 ? 999_999_999_999_999_999L : i == 2 ? -1 : r.nextLong() % 1_000_000_000_000_000_000L);
    }
    if (!isNull(r)) {
      g.add("dec_flba", Binary.fromConstantByteArray(signedBytes(r, 11, i)));
    }
    if (!isNull(r)) {
      g.add("dec_bin", Binary.fromConstantByteArray(signedBytes(r, 1 + r.nextInt(16), i)));
    }
    if (!isNull(r)) {
      g.add("dec_zero", r.nextInt(200_001) - 100_000);
    }
    if (!isNull(r)) {
      // 0001-01-01, 9999-12-31, and beyond four-digit years on both sides
      int[] days = {-719_162, 2_932_896, 2_932_897, -719_163, -1_000_000, 0, -1};
      g.add("date", i < days.length ? days[i] : r.nextInt(80_000) - 30_000);
    }
    if (!isNull(r)) {
      g.add("t_ms", i == 1 ? 86_399_999 : r.nextInt(86_400_000));
    }
    if (!isNull(r)) {
      g.add("t_us", (long) r.nextInt(86_400_000) * 1000 + r.nextInt(1000));
    }
    if (!isNull(r)) {
      g.add("t_ns", Math.floorMod(r.nextLong(), 86_400_000_000_000L));
    }
    long[] edges = {0, -1, 1, Long.MIN_VALUE, Long.MAX_VALUE};
    if (!isNull(r)) {
      g.add("ts_ms_utc", i < 3 ? edges[i] : r.nextLong() % 100_000_000_000_000L);
    }
    if (!isNull(r)) {
      g.add("ts_us_utc", i < 3 ? edges[i] : r.nextLong() % 100_000_000_000_000_000L);
    }
    if (!isNull(r)) {
      g.add("ts_ns_utc", i < edges.length ? edges[i] : r.nextLong());
    }
    if (!isNull(r)) {
      g.add("ts_ms_local", i < 3 ? edges[i] : r.nextLong() % 100_000_000_000_000L);
    }
    if (!isNull(r)) {
      g.add("ts_us_local", i < 3 ? edges[i] : r.nextLong() % 100_000_000_000_000_000L);
    }
    if (!isNull(r)) {
      g.add("ts_ns_local", i < edges.length ? edges[i] : r.nextLong());
    }
    if (!isNull(r)) {
      ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
      b.putLong(Math.floorMod(r.nextLong(), 86_400_000_000_000L)).putInt(2_440_588 + r.nextInt(80_000) - 40_000);
      g.add("ts96", Binary.fromConstantByteArray(b.array()));
    }
    if (!isNull(r)) {
      g.add("str", text(r, i));
    }
    if (!isNull(r)) {
      byte[] b = new byte[r.nextInt(12)];
      r.nextBytes(b);
      g.add("bin", Binary.fromConstantByteArray(b));
    }
    if (!isNull(r)) {
      g.add("en", new String[] {"RED", "GREEN", "BLUE"}[r.nextInt(3)]);
    }
    if (!isNull(r)) {
      g.add("js", "{\"k\":" + r.nextInt(100) + ",\"s\":\"a\\\"b\"}");
    }
    if (!isNull(r)) {
      byte[] b = new byte[5];
      r.nextBytes(b);
      g.add("fixed", Binary.fromConstantByteArray(b));
    }
    if (!isNull(r)) {
      byte[] b = new byte[16];
      r.nextBytes(b);
      g.add("uuid", Binary.fromConstantByteArray(b));
    }
  }

  /** A big-endian two's complement value of {@code n} bytes, extremes now and then. */
  private static byte[] signedBytes(Random r, int n, int i) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    if (i == 1) {
      b[0] = (byte) 0x80; // near the most negative
    } else if (i == 2) {
      java.util.Arrays.fill(b, (byte) 0xFF); // -1, with redundant sign bytes
    } else if (i == 3) {
      java.util.Arrays.fill(b, (byte) 0); // zero
    }
    return b;
  }

  /** Text that needs JSON's escapes: quotes, backslashes, control characters, U+2028, astral characters. */
  private static String text(Random r, int i) {
    String[] words = {"", "a", "say \"hi\"", "back\\slash", "tab\tnew\nline\r", "\u0000\u0001\u001f\u007f",
        "Ünïcödé", "日本語", "emoji \uD83D\uDE00", "line\u2028sep\u2029", "</script>", "\u00e9\u0301"};
    return words[r.nextInt(words.length)] + (r.nextBoolean() ? Integer.toString(i % 97) : "");
  }

  private static void nested(Group g, int i, Random r) {
    g.add("id", (long) i);
    int shape = r.nextInt(8);
    if (shape != 0) { // a null list otherwise
      Group li = g.addGroup("li");
      int n = shape == 1 ? 0 : r.nextInt(shape == 7 ? 12 : 4);
      for (int k = 0; k < n; k++) {
        Group e = li.addGroup("list");
        if (!isNull(r)) {
          e.add("element", r.nextLong() % 1000);
        }
      }
    }
    if (r.nextInt(6) != 0) {
      Group lls = g.addGroup("lls");
      for (int k = r.nextInt(4); k > 0; k--) {
        Group outer = lls.addGroup("list");
        if (r.nextInt(5) != 0) {
          Group inner = outer.addGroup("element");
          for (int j = r.nextInt(4); j > 0; j--) {
            Group e = inner.addGroup("list");
            if (!isNull(r)) {
              e.add("element", text(r, i + j));
            }
          }
        }
      }
    }
    if (r.nextInt(5) != 0) {
      Group m = g.addGroup("m");
      for (int k = r.nextInt(4); k > 0; k--) {
        Group kv = m.addGroup("key_value");
        kv.add("key", "k" + k + "_" + (i % 13));
        if (!isNull(r)) {
          kv.add("value", r.nextInt());
        }
      }
    }
    if (r.nextInt(5) != 0) {
      Group st = g.addGroup("st");
      if (!isNull(r)) {
        st.add("a", r.nextInt(1000));
      }
      if (r.nextInt(3) != 0) {
        Group b = st.addGroup("b");
        for (int k = r.nextInt(3); k > 0; k--) {
          Group e = b.addGroup("list");
          if (!isNull(r)) {
            e.add("element", r.nextInt(4) == 0 ? Float.NaN : r.nextFloat() * 10 - 5);
          }
        }
      }
      Group c = st.addGroup("c");
      if (!isNull(r)) {
        c.add("d", r.nextLong() % 10_000_000_000_000_000L);
      }
    }
    if (r.nextInt(4) != 0) {
      Group ls = g.addGroup("ls");
      for (int k = r.nextInt(3); k > 0; k--) {
        Group e = ls.addGroup("list");
        if (!isNull(r)) {
          Group el = e.addGroup("element");
          if (!isNull(r)) {
            el.add("x", r.nextInt());
          }
          if (!isNull(r)) {
            el.add("y", r.nextInt(2_000_000) - 1_000_000);
          }
        }
      }
    }
    for (int k = r.nextInt(3); k > 0; k--) {
      g.add("legacy", r.nextInt(100));
    }
  }
}
