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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
 * The files parquet-java writes for the Arrow tests, the same bytes on every run (fixed seeds):
 * every type the Arrow mapping covers, nested lists, maps and structs with nulls and empty
 * collections at every level, every codec parquet-java writes in the JVM, V1 and V2 pages,
 * dictionary and plain, and a string column whose dictionary falls back to plain part way.
 *
 * <p>{@code main(dir)} writes them into {@code dir}, for {@code src/test/python/regenerate.sh},
 * which has pyarrow read them and writes the expectations the tests compare with. Changing a file's
 * data means running that script again.
 */
public final class ArrowTestFiles {
  static final MessageType TYPES = MessageTypeParser.parseMessageType("message types {\n"
      + "  required int64 id;\n"
      + "  optional boolean b;\n"
      + "  optional int32 i8 (INTEGER(8,true));\n"
      + "  optional int32 i16 (INTEGER(16,true));\n"
      + "  optional int32 i32;\n"
      + "  optional int64 i64;\n"
      + "  optional int32 u8 (INTEGER(8,false));\n"
      + "  optional int32 u16 (INTEGER(16,false));\n"
      + "  optional int32 u32 (INTEGER(32,false));\n"
      + "  optional int64 u64 (INTEGER(64,false));\n"
      + "  optional float f32;\n"
      + "  optional double f64;\n"
      + "  optional fixed_len_byte_array(2) f16 (FLOAT16);\n"
      + "  optional int32 dec_i32 (DECIMAL(9,2));\n"
      + "  optional int64 dec_i64 (DECIMAL(18,3));\n"
      + "  optional fixed_len_byte_array(11) dec_flba (DECIMAL(26,4));\n"
      + "  optional binary dec_bin (DECIMAL(40,5));\n"
      + "  optional fixed_len_byte_array(20) dec_wide (DECIMAL(47,0));\n"
      + "  optional binary str (STRING);\n"
      + "  optional binary bin;\n"
      + "  optional binary en (ENUM);\n"
      + "  optional binary js (JSON);\n"
      + "  optional fixed_len_byte_array(5) fixed;\n"
      + "  optional fixed_len_byte_array(16) uuid (UUID);\n"
      + "  optional int32 date (DATE);\n"
      + "  optional int32 t_ms (TIME(MILLIS,true));\n"
      + "  optional int64 t_us (TIME(MICROS,false));\n"
      + "  optional int64 t_ns (TIME(NANOS,true));\n"
      + "  optional int64 ts_ms (TIMESTAMP(MILLIS,true));\n"
      + "  optional int64 ts_us (TIMESTAMP(MICROS,false));\n"
      + "  optional int64 ts_ns (TIMESTAMP(NANOS,true));\n"
      + "  optional int96 ts96;\n"
      + "  required int32 req_i32;\n"
      + "  required binary req_str (STRING);\n"
      + "  optional fixed_len_byte_array(7) dec_flba7 (DECIMAL(15,2));\n"
      + "}");

  static final MessageType NESTED = MessageTypeParser.parseMessageType("message nested {\n"
      + "  required int64 id;\n"
      + "  optional group li (LIST) { repeated group list { optional int64 element; } }\n"
      + "  optional group lls (LIST) { repeated group list { optional group element (LIST) {\n"
      + "    repeated group list { optional binary element (STRING); } } } }\n"
      + "  optional group m (MAP) { repeated group key_value { required binary key (STRING); optional int32 value; } }\n"
      + "  optional group st { optional int32 a; optional group b (LIST) { repeated group list { optional binary element (STRING); } }\n"
      + "    required group c { optional double d; } }\n"
      + "  optional group ls (LIST) { repeated group list { optional group element { optional int32 x; optional binary y (STRING); } } }\n"
      + "  required group rl (LIST) { repeated group list { required int32 element; } }\n"
      + "  repeated int32 legacy;\n"
      + "  optional group ms (MAP) { repeated group key_value { required int32 key;\n"
      + "    optional group value { optional int64 v; optional binary w (STRING); } } }\n"
      + "}");

  static final MessageType FALLBACK = MessageTypeParser.parseMessageType("message fallback {\n"
      + "  required int64 id;\n"
      + "  optional binary s (STRING);\n"
      + "  optional binary c (STRING);\n"
      + "  required binary r;\n"
      + "}");

  private ArrowTestFiles() {
  }

  /** One generated file: its name, how it is written. */
  record Spec(String name, MessageType schema, WriterVersion version, boolean dictionary, CompressionCodecName codec,
      int rows, long seed) {
  }

  static final List<Spec> SPECS = List.of(
      new Spec("types-v1-plain", TYPES, WriterVersion.PARQUET_1_0, false, CompressionCodecName.UNCOMPRESSED, 3000, 1),
      new Spec("types-v2-dict-snappy", TYPES, WriterVersion.PARQUET_2_0, true, CompressionCodecName.SNAPPY, 3000, 2),
      new Spec("types-v1-dict-zstd", TYPES, WriterVersion.PARQUET_1_0, true, CompressionCodecName.ZSTD, 3000, 3),
      new Spec("types-v2-plain-gzip", TYPES, WriterVersion.PARQUET_2_0, false, CompressionCodecName.GZIP, 3000, 4),
      new Spec("nested-v1-dict-snappy", NESTED, WriterVersion.PARQUET_1_0, true, CompressionCodecName.SNAPPY, 2000, 5),
      new Spec("nested-v2-plain-lz4raw", NESTED, WriterVersion.PARQUET_2_0, false, CompressionCodecName.LZ4_RAW, 2000, 6),
      new Spec("nested-v1-plain-lz4", NESTED, WriterVersion.PARQUET_1_0, false, CompressionCodecName.LZ4, 1000, 7),
      new Spec("fallback-v1", FALLBACK, WriterVersion.PARQUET_1_0, true, CompressionCodecName.SNAPPY, 6000, 8),
      new Spec("fallback-v2", FALLBACK, WriterVersion.PARQUET_2_0, true, CompressionCodecName.ZSTD, 6000, 9));

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    Files.createDirectories(dir);
    for (Spec s : SPECS) {
      write(dir, s);
    }
  }

  /** Writes {@code spec}'s file into {@code dir} and returns its path. */
  static Path write(Path dir, Spec spec) throws IOException {
    Path file = dir.resolve(spec.name() + ".parquet");
    SimpleGroupFactory groups = new SimpleGroupFactory(spec.schema());
    Random r = new Random(spec.seed());
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(spec.schema())
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(spec.version())
        .withDictionaryEncoding(spec.dictionary()).withCompressionCodec(spec.codec())
        .withDictionaryPageSize(spec.schema() == FALLBACK ? 4 * 1024 : 64 * 1024)
        .withPageSize(4 * 1024).withPageRowCountLimit(500).withRowGroupSize(96 * 1024L)
        .build()) {
      for (int i = 0; i < spec.rows(); i++) {
        Group g = groups.newGroup();
        if (spec.schema() == TYPES) {
          types(g, i, r);
        } else if (spec.schema() == NESTED) {
          nested(g, i, r);
        } else {
          fallback(g, i, r);
        }
        w.write(g);
      }
    }
    return file;
  }

  private static boolean isNull(Random r) {
    return r.nextInt(10) == 0;
  }

  private static void types(Group g, int i, Random r) {
    g.add("id", (long) i);
    if (!isNull(r)) {
      g.add("b", r.nextBoolean());
    }
    int[] i8 = {Byte.MIN_VALUE, Byte.MAX_VALUE, 0, -1};
    if (!isNull(r)) {
      g.add("i8", i % 50 < 4 ? i8[i % 50] : r.nextInt(256) - 128);
    }
    if (!isNull(r)) {
      g.add("i16", i % 50 == 0 ? Short.MIN_VALUE : i % 50 == 1 ? Short.MAX_VALUE : r.nextInt(65536) - 32768);
    }
    if (!isNull(r)) {
      g.add("i32", i % 50 == 0 ? Integer.MIN_VALUE : i % 50 == 1 ? Integer.MAX_VALUE : r.nextInt());
    }
    if (!isNull(r)) {
      g.add("i64", i % 50 == 0 ? Long.MIN_VALUE : i % 50 == 1 ? Long.MAX_VALUE : r.nextLong());
    }
    if (!isNull(r)) {
      g.add("u8", i % 50 == 0 ? 255 : r.nextInt(256));
    }
    if (!isNull(r)) {
      g.add("u16", i % 50 == 0 ? 65535 : r.nextInt(65536));
    }
    if (!isNull(r)) {
      g.add("u32", i % 50 == 0 ? -1 : r.nextInt());   // 4294967295 unsigned
    }
    if (!isNull(r)) {
      g.add("u64", i % 50 == 0 ? -1L : r.nextLong());  // 18446744073709551615 unsigned
    }
    float[] specialF = {Float.NaN, -0.0f, 0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE};
    if (!isNull(r)) {
      g.add("f32", i % 20 < specialF.length ? specialF[i % 20] : r.nextFloat() * 2000 - 1000);
    }
    double[] specialD = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
    if (!isNull(r)) {
      g.add("f64", i % 20 < specialD.length ? specialD[i % 20] : r.nextGaussian() * 1e6);
    }
    if (!isNull(r)) {
      short half = (short) (i < 300 ? i * 219 : r.nextInt(65536)); // every exponent, NaNs and infinities included
      g.add("f16", Binary.fromConstantByteArray(new byte[] {(byte) half, (byte) (half >>> 8)}));
    }
    if (!isNull(r)) {
      g.add("dec_i32", i % 50 == 0 ? 999_999_999 : i % 50 == 1 ? -999_999_999 : r.nextInt(2_000_000_000) - 1_000_000_000);
    }
    if (!isNull(r)) {
      g.add("dec_i64", i % 50 == 0 ? 999_999_999_999_999_999L : r.nextLong() % 1_000_000_000_000_000_000L);
    }
    if (!isNull(r)) {
      g.add("dec_flba", Binary.fromConstantByteArray(signedBytes(r, 11, i)));
    }
    if (!isNull(r)) {
      byte[] v = signedBytes(r, 1 + r.nextInt(16), i);  // big-endian, minimal or not
      g.add("dec_bin", Binary.fromConstantByteArray(v));
    }
    if (!isNull(r)) {
      g.add("dec_wide", Binary.fromConstantByteArray(signedBytes(r, 20, i)));
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
      g.add("js", "{\"k\":" + r.nextInt(100) + "}");
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
    if (!isNull(r)) {
      g.add("date", i % 50 == 0 ? -719_162 : i % 50 == 1 ? 2_932_896 : r.nextInt(40_000) - 10_000);
    }
    if (!isNull(r)) {
      g.add("t_ms", r.nextInt(86_400_000));
    }
    if (!isNull(r)) {
      g.add("t_us", (long) r.nextInt(86_400_000) * 1000 + r.nextInt(1000));
    }
    if (!isNull(r)) {
      g.add("t_ns", Math.floorMod(r.nextLong(), 86_400_000_000_000L));
    }
    if (!isNull(r)) {
      g.add("ts_ms", r.nextLong() % 100_000_000_000_000L);
    }
    if (!isNull(r)) {
      g.add("ts_us", r.nextLong() % 100_000_000_000_000_000L);
    }
    if (!isNull(r)) {
      g.add("ts_ns", r.nextLong());
    }
    if (!isNull(r)) {
      ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
      b.putLong(Math.floorMod(r.nextLong(), 86_400_000_000_000L)).putInt(2_440_588 + r.nextInt(80_000) - 40_000);
      g.add("ts96", Binary.fromConstantByteArray(b.array()));
    }
    g.add("req_i32", r.nextInt());
    g.add("req_str", text(r, i));
    // 200 distinct values (dictionary pages where dictionaries are on), from a stream of their own:
    // a short decimal in a fixed-length array, as pyarrow writes DECIMAL(15,2).
    Random d = new Random(i % 200);
    if (i % 10 != 3) {
      g.add("dec_flba7", Binary.fromConstantByteArray(signedBytes(d, 7, i % 200)));
    }
  }

  /** A big-endian two's complement value of {@code n} bytes, extremes now and then. */
  private static byte[] signedBytes(Random r, int n, int i) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    if (i % 50 == 0) {
      b[0] = (byte) 0x80;   // near the most negative
    } else if (i % 50 == 1) {
      b[0] = (byte) 0x7F;
    } else if (i % 50 == 2) {
      java.util.Arrays.fill(b, (byte) 0xFF);   // -1, with redundant sign bytes
    }
    return b;
  }

  private static String text(Random r, int i) {
    String[] words = {"", "a", "arrow", "parquet", "Ünïcödé", "日本語", "emoji \uD83D\uDE00", "tab\tnew\nline"};
    return words[r.nextInt(words.length)] + (r.nextBoolean() ? Integer.toString(i % 97) : "");
  }

  private static void nested(Group g, int i, Random r) {
    g.add("id", (long) i);
    int shape = r.nextInt(8);
    if (shape != 0) {   // null list otherwise
      Group li = g.addGroup("li");
      int n = shape == 1 ? 0 : r.nextInt(shape == 7 ? 40 : 5);
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
            e.add("element", text(r, i));
          }
        }
      }
      Group c = st.addGroup("c");
      if (!isNull(r)) {
        c.add("d", r.nextDouble());
      }
    }
    if (r.nextInt(5) != 0) {
      Group ls = g.addGroup("ls");
      for (int k = r.nextInt(4); k > 0; k--) {
        Group e = ls.addGroup("list");
        if (r.nextInt(6) != 0) {
          Group el = e.addGroup("element");
          if (!isNull(r)) {
            el.add("x", r.nextInt(100));
          }
          if (!isNull(r)) {
            el.add("y", text(r, k));
          }
        }
      }
    }
    Group rl = g.addGroup("rl");
    for (int k = r.nextInt(4); k > 0; k--) {
      rl.addGroup("list").add("element", r.nextInt());
    }
    for (int k = r.nextInt(3); k > 0; k--) {
      g.add("legacy", r.nextInt(50));
    }
    if (r.nextInt(4) != 0) {
      Group ms = g.addGroup("ms");
      for (int k = r.nextInt(3); k > 0; k--) {
        Group kv = ms.addGroup("key_value");
        kv.add("key", k);
        if (r.nextInt(4) != 0) {
          Group v = kv.addGroup("value");
          if (!isNull(r)) {
            v.add("v", r.nextLong());
          }
          if (!isNull(r)) {
            v.add("w", text(r, k));
          }
        }
      }
    }
  }

  private static void fallback(Group g, int i, Random r) {
    g.add("id", (long) i);
    if (!isNull(r)) {
      // Few distinct values first, then many: the 4 KiB dictionary overflows and the writer falls back to plain.
      g.add("s", i < 1500 ? "v" + r.nextInt(20) : "distinct-" + i + "-" + r.nextInt(1_000_000));
    }
    if (!isNull(r)) {
      g.add("c", new String[] {"x", "yy", "zzz", "Ünïcödé"}[r.nextInt(4)]);
    }
    g.add("r", Binary.fromConstantByteArray(("r" + r.nextInt(30)).getBytes(StandardCharsets.UTF_8)));
  }

  /** The generated files' names, as the expectations name them. */
  static List<String> names() {
    List<String> names = new ArrayList<>();
    for (Spec s : SPECS) {
      names.add(s.name() + ".parquet");
    }
    return names;
  }
}
