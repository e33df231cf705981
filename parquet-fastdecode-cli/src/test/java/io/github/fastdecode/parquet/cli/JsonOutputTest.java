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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.stream.JsonWriter;
import io.github.fastdecode.parquet.column.ParquetBatchReader;
import io.github.fastdecode.parquet.column.RecordBatch;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JsonOutput} writes the bytes Gson's {@code JsonWriter} writes (then encoded as UTF-8), on
 * random strings and byte arrays built from the characters JSON escapes or UTF-8 makes awkward, and
 * on whole files: {@link RecordWriter}'s byte path against its Gson path.
 */
class JsonOutputTest {
  private static final long SEED = 20261129L;

  @TempDir
  Path dir;

  /** Gson's JSON string of {@code s}, as UTF-8 bytes. */
  private static byte[] gson(String s) throws IOException {
    StringWriter w = new StringWriter();
    JsonWriter j = new JsonWriter(w);
    j.value(s);
    j.flush();
    return w.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static final char[] AWKWARD_CHARS = {'a', 'Z', ' ', '"', '\\', '/', '\t', '\b', '\n', '\r', '\f', '\u0000', '\u0001',
      '\u001f', '\u007f', '\u0080', '\u00e9', '\u07ff', '\u0800', '\u2027', '\u2028', '\u2029', '\u202a', '\ufeff', '\uffff',
      '\ud83d', '\ude00', '\ud800', '\udfff', '<', '>', '&', '=', '\''};

  @Test
  void stringsAreEscapedAsGsonEscapesThem() throws IOException {
    Random r = new Random(SEED);
    System.out.println("seed " + SEED);
    JsonOutput out = new JsonOutput();
    for (int round = 0; round < 50_000; round++) {
      StringBuilder s = new StringBuilder();
      for (int i = r.nextInt(20); i > 0; i--) {
        int pick = r.nextInt(10);
        if (pick == 0) {
          s.appendCodePoint(0x10000 + r.nextInt(0x100000)); // a supplementary character, a surrogate pair
        } else if (pick == 1) {
          s.append((char) r.nextInt(0x10000)); // anything, lone surrogates included
        } else {
          s.append(AWKWARD_CHARS[r.nextInt(AWKWARD_CHARS.length)]);
        }
      }
      out.reset();
      out.string(s.toString());
      assertArrayEquals(gson(s.toString()), Arrays.copyOf(out.buf, out.size()), s.toString());
    }
  }

  @Test
  void utf8BytesAreCopiedOrDecodedAsTheStringPathDid() throws IOException {
    // Well-formed UTF-8 of awkward characters, and bytes that are not UTF-8: truncated sequences,
    // stray continuation bytes, overlong forms, surrogates encoded, beyond U+10FFFF.
    byte[][] pieces = {{'a'}, {'"'}, {'\\'}, {'\n'}, {0}, {0x1f}, {0x7f}, {(byte) 0xc3, (byte) 0xa9},
        {(byte) 0xe2, (byte) 0x80, (byte) 0xa8}, {(byte) 0xe2, (byte) 0x80, (byte) 0xa9}, {(byte) 0xe2, (byte) 0x82, (byte) 0xac},
        {(byte) 0xf0, (byte) 0x9f, (byte) 0x98, (byte) 0x80}, {(byte) 0xf4, (byte) 0x8f, (byte) 0xbf, (byte) 0xbf},
        {(byte) 0xc3}, {(byte) 0xe2, (byte) 0x82}, {(byte) 0xf0, (byte) 0x9f, (byte) 0x98}, {(byte) 0x80}, {(byte) 0xbf},
        {(byte) 0xc0, (byte) 0xaf}, {(byte) 0xc1, (byte) 0xbf}, {(byte) 0xe0, (byte) 0x80, (byte) 0xaf},
        {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xed, (byte) 0xbf, (byte) 0xbf}, {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
        {(byte) 0xf5, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xff}, {(byte) 0xfe}, {(byte) 0xef, (byte) 0xbf, (byte) 0xbf}};
    Random r = new Random(SEED + 1);
    System.out.println("seed " + (SEED + 1));
    JsonOutput out = new JsonOutput();
    int malformed = 0;
    for (int round = 0; round < 50_000; round++) {
      java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
      b.write(r.nextInt(3)); // a byte before the value, so that offsets are not 0
      for (int i = r.nextInt(12); i > 0; i--) {
        b.writeBytes(pieces[r.nextInt(pieces.length)]);
      }
      byte[] bytes = b.toByteArray();
      String decoded = new String(bytes, 1, bytes.length - 1, StandardCharsets.UTF_8);
      out.reset();
      out.string(bytes, 1, bytes.length - 1);
      assertArrayEquals(gson(decoded), Arrays.copyOf(out.buf, out.size()), Arrays.toString(bytes));
      malformed += decoded.indexOf('\ufffd') >= 0 ? 1 : 0;
    }
    assertTrue(malformed > 10_000 && malformed < 45_000, "malformed inputs: " + malformed);
  }

  @Test
  void numbersDecimalsAndDatesAreTheirStringsBytes() {
    Random r = new Random(SEED + 2);
    JsonOutput out = new JsonOutput();
    long[] edges = {0, 1, -1, 9, 10, -10, 99, 100, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 999_999_999_999_999_999L,
        1_000_000_000_000_000_000L, Integer.MIN_VALUE, Integer.MAX_VALUE};
    for (int k = 0; k < 20_000; k++) {
      long v = k < edges.length ? edges[k] : r.nextLong() >> r.nextInt(64);
      out.reset();
      out.number(v);
      assertEquals(Long.toString(v), out.toString());
      for (int scale = -1; scale <= 19; scale++) {
        out.reset();
        out.decimal(v, scale);
        assertEquals(BigDecimal.valueOf(v, scale).toPlainString(), out.toString(), v + " scale " + scale);
      }
    }
    int[] days = {0, -1, -719_162, -719_163, -719_528, -719_529, 2_932_896, 2_932_897, Integer.MIN_VALUE, Integer.MAX_VALUE, 11_016, 19_782};
    for (int k = 0; k < 200_000; k++) {
      int d = k < days.length ? days[k] : k % 2 == 0 ? r.nextInt(4_000_000) - 1_000_000 : r.nextInt();
      out.reset();
      out.date(d);
      assertEquals("\"" + ValueFormat.date(d) + "\"", out.toString(), "day " + d);
    }
  }

  @Test
  void recordsAsBytesEqualRecordsThroughGson() throws Exception {
    List<Path> files = new ArrayList<>(CatTestFiles.writeAll(dir));
    Path testing = Path.of(System.getProperty("parquet.testing.dir", "../../shared/parquet-testing"), "data");
    if (Files.isDirectory(testing)) {
      try (Stream<Path> s = Files.list(testing)) {
        files.addAll(s.filter(p -> p.toString().endsWith(".parquet")).sorted().collect(Collectors.toList()));
      }
    }
    int records = 0;
    for (Path file : files) {
      for (boolean raw : new boolean[] {false, true}) {
        try (ParquetBatchReader reader = ParquetFiles.open(file, null, null)) {
          RecordBatch batch = reader.newRecordBatch(1000);
          RecordWriter w = new RecordWriter(batch, batch.fields(), raw);
          while (reader.nextBatch(batch) > 0) {
            w.startBatch();
            StringWriter viaGson = new StringWriter();
            JsonOutput bytes = new JsonOutput();
            for (int row = 0; row < batch.rowCount(); row++) {
              w.json(viaGson, row);
              w.json(bytes, row);
              records++;
            }
            assertArrayEquals(viaGson.toString().getBytes(StandardCharsets.UTF_8), Arrays.copyOf(bytes.buf, bytes.size()),
                file.getFileName() + (raw ? " --raw" : ""));
          }
        }
      }
    }
    assertTrue(records > 10_000, "records compared: " + records);
  }
}
