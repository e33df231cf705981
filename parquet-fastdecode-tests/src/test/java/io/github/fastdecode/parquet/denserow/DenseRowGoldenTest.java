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
package io.github.fastdecode.parquet.denserow;

import static io.github.fastdecode.parquet.denserow.DenseType.array;
import static io.github.fastdecode.parquet.denserow.DenseType.binary;
import static io.github.fastdecode.parquet.denserow.DenseType.booleans;
import static io.github.fastdecode.parquet.denserow.DenseType.fixed;
import static io.github.fastdecode.parquet.denserow.DenseType.float32;
import static io.github.fastdecode.parquet.denserow.DenseType.float64;
import static io.github.fastdecode.parquet.denserow.DenseType.int32;
import static io.github.fastdecode.parquet.denserow.DenseType.int64;
import static io.github.fastdecode.parquet.denserow.DenseType.map;
import static io.github.fastdecode.parquet.denserow.DenseType.row;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bytes written down by hand from the grammar in {@link DenseRowCodec}'s class comment (the
 * arithmetic is in each case's comment), for every case of the seed and the edges of each
 * type. Each case checks the writer's bytes (version 3), the sizes, and that the reader gives the
 * rows back; the version 2 bytes of the same rows (INT64 as LEB128 varints, written down by hand
 * from the version 2 grammar when that version was current) must still read to the same rows.
 */
class DenseRowGoldenTest {
  static List<Object> rowOf(Object... fields) {
    return new ArrayList<>(Arrays.asList(fields));
  }

  static byte[] bytes(int... b) {
    byte[] out = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = (byte) b[i];
    }
    return out;
  }

  static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  static ByteBuffer buf(String s) {
    return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Serialises {@code rows} of {@code type} as a run without options and checks it is {@code 0x40}
   * followed by {@code expectedRows} (one array per row); reads the run and the scattered rows back.
   * For a type without INT32 (whose bytes version 4 did not change) the same bytes are also read
   * as version 3: the version 3 goldens, kept.
   */
  static void check(DenseType type, List<List<Object>> rows, byte[]... expectedRows) {
    DenseRowCodec codec = new DenseRowCodec(type);
    DenseVector batch = DenseVector.create(type, 4);
    for (List<Object> r : rows) {
      batch.appendObject(r);
    }
    int[] sizes = new int[rows.size()];
    long total = codec.rowSizes(batch, sizes);
    byte[] expectedRun = concat(bytes(0x40), concat(expectedRows));
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(expectedRows[i].length, sizes[i], "size of row " + i);
    }
    assertEquals(expectedRun.length - 1, total);
    byte[] out = new byte[expectedRun.length];
    assertEquals(out.length, codec.serializeRun(batch, 0, sizes, out, 0));
    assertArrayEquals(expectedRun, out, () -> "run of " + type + ": " + hex(out));

    DenseVector back = DenseVector.create(type, 1);
    assertEquals(rows.size(), codec.deserializeRun(out, 0, out.length, back));
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(rows.get(i), back.getObject(i), "row " + i);
    }
    // Length-prefixed run: 0x41, then varint(len) row for each row.
    byte[][] prefixed = new byte[rows.size() * 2 + 1][];
    prefixed[0] = bytes(0x41);
    for (int i = 0; i < rows.size(); i++) {
      prefixed[2 * i + 1] = bytes(expectedRows[i].length); // every golden row is < 128 bytes
      prefixed[2 * i + 2] = expectedRows[i];
    }
    byte[] expectedPrefixed = concat(prefixed);
    assertEquals(expectedPrefixed.length, codec.runSize(batch, DenseRowCodec.LENGTH_PREFIXED, sizes));
    byte[] out2 = new byte[expectedPrefixed.length + 3];
    assertEquals(expectedPrefixed.length + 3, codec.serializeRun(batch, DenseRowCodec.LENGTH_PREFIXED, sizes, out2, 3));
    assertArrayEquals(expectedPrefixed, Arrays.copyOfRange(out2, 3, out2.length));
    back.reset();
    assertEquals(rows.size(), codec.deserializeRun(out2, 3, out2.length, back));
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(rows.get(i), back.getObject(i), "row " + i);
    }
    reads(4, type, rows, expectedRows);
    if (!hasInt32(type)) {
      reads(3, type, rows, expectedRows);
    }
  }

  static boolean hasInt32(DenseType t) {
    if (t.kind() == DenseType.Kind.INT32) {
      return true;
    }
    for (int c = 0; c < t.childCount(); c++) {
      if (hasInt32(t.child(c))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Reads {@code versionRows} (one array per row) written with format version {@code version}: as
   * a run, as a length-prefixed run, and as rows at scattered offsets; each must give {@code rows}.
   */
  static void reads(int version, DenseType type, List<List<Object>> rows, byte[]... versionRows) {
    DenseRowCodec codec = new DenseRowCodec(type);
    byte[] run = concat(bytes(version << 4), concat(versionRows));
    DenseVector back = DenseVector.create(type, 1);
    assertEquals(rows.size(), codec.deserializeRun(run, 0, run.length, back));
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(rows.get(i), back.getObject(i), "version " + version + " row " + i);
    }
    byte[][] prefixed = new byte[rows.size() * 2 + 1][];
    prefixed[0] = bytes((version << 4) | 1);
    for (int i = 0; i < rows.size(); i++) {
      prefixed[2 * i + 1] = bytes(versionRows[i].length);
      prefixed[2 * i + 2] = versionRows[i];
    }
    byte[] prefixedRun = concat(prefixed);
    back.reset();
    assertEquals(rows.size(), codec.deserializeRun(prefixedRun, 0, prefixedRun.length, back));
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(rows.get(i), back.getObject(i), "version " + version + " length-prefixed row " + i);
    }
    // Rows at offsets, in reverse order with a gap byte before each, read column by column.
    int n = rows.size();
    int[] offsets = new int[n];
    int[] lengths = new int[n];
    byte[][] scattered = new byte[2 * n][];
    int at = 0;
    for (int i = n - 1, k = 0; i >= 0; i--, k += 2) {
      scattered[k] = bytes(0x5a);
      scattered[k + 1] = versionRows[i];
      offsets[i] = at + 1;
      lengths[i] = versionRows[i].length;
      at += 1 + versionRows[i].length;
    }
    byte[] in = concat(scattered);
    back.reset();
    codec.deserialize(version << 4, in, offsets, lengths, n, back);
    for (int i = 0; i < n; i++) {
      assertEquals(rows.get(i), back.getObject(i), "version " + version + " row " + i + " at an offset");
    }
  }

  /** {@link #check}, and the same bytes read as versions 3 and 2 (types whose bytes did not change). */
  static void checkAlsoV2(DenseType type, List<List<Object>> rows, byte[]... expectedRows) {
    check(type, rows, expectedRows);
    reads(3, type, rows, expectedRows);
    reads(2, type, rows, expectedRows);
  }

  static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) {
      s.append(String.format("%02x ", x & 0xFF));
    }
    return s.toString().trim();
  }

  @Test
  void formatBytes() {
    // version 4 in the high four bits, LENGTH_PREFIXED in bit 0
    assertEquals(0x40, DenseRowCodec.formatByte(0));
    assertEquals(0x41, DenseRowCodec.formatByte(DenseRowCodec.LENGTH_PREFIXED));
  }

  @Test
  void bigintBelow2To8() {
    List<List<Object>> rows = List.of(rowOf(5L), rowOf(63L), rowOf(200L), rowOf(-64L));
    // Prefix varints: zz(5) = 10, one byte 10 << 1 = 0x14; zz(63) = 126 -> 0xfc (the largest
    // one-byte value but one); zz(200) = 400, 9 bits: two bytes, one trailing one:
    // (400 << 2) | 1 = 0x641 -> 41 06; zz(-64) = 127 -> 0xfe.
    check(row(false, int64(false)), rows, bytes(0x14), bytes(0xfc), bytes(0x41, 0x06), bytes(0xfe));
    // version 2 (LEB128): 0a; 7e; 400 = 0b11_0010000 -> 90 03; 7f.
    reads(2, row(false, int64(false)), rows, bytes(0x0a), bytes(0x7e), bytes(0x90, 0x03), bytes(0x7f));
  }

  @Test
  void bigintBelow2To32() {
    List<List<Object>> rows = List.of(rowOf(1L << 31), rowOf((1L << 32) - 1));
    // zz(2^31) = 2^32, 33 bits: five bytes, four trailing ones: (2^32 << 5) | 0x0f = 2^37 | 0x0f
    // -> 0f 00 00 00 20. zz(2^32 - 1) = 2^33 - 2: ((2^33 - 2) << 5) | 0x0f = 0x3f_ffff_ffc0 | 0x0f
    // -> cf ff ff ff 3f.
    check(row(false, int64(false)), rows, bytes(0x0f, 0x00, 0x00, 0x00, 0x20), bytes(0xcf, 0xff, 0xff, 0xff, 0x3f));
    // version 2: bit 32 is bit 4 of the fifth 7-bit group -> 80 80 80 80 10; 2^33 - 2 in groups
    // 7e 7f 7f 7f 1f -> fe ff ff ff 1f.
    reads(2, row(false, int64(false)), rows, bytes(0x80, 0x80, 0x80, 0x80, 0x10), bytes(0xfe, 0xff, 0xff, 0xff, 0x1f));
  }

  @Test
  void randomBigintsWithNulls() {
    List<List<Object>> nullableRows = List.of(rowOf((Object) null), rowOf(-1L), rowOf(0L), rowOf(Long.MAX_VALUE), rowOf(Long.MIN_VALUE));
    // nullable: null = 00; -1: zz 1, + 1 = 2 -> 2 << 1 = 04; 0: zz 0, + 1 = 1 -> 02;
    // Long.MAX_VALUE: zz = 2^64 - 2, at least 2^56 - 1: the 9-byte form of zz itself: ff, fe, ff x 7;
    // Long.MIN_VALUE: zz = 2^64 - 1: ff, ff x 8.
    check(row(false, int64(true)), nullableRows,
        bytes(0x00), bytes(0x04), bytes(0x02),
        bytes(0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
        bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff));
    // version 2: 00; 02; 01; 2^64 - 1: nine ff then 01; the 65-bit 2^64: nine 80 then 02.
    reads(2, row(false, int64(true)), nullableRows,
        bytes(0x00), bytes(0x02), bytes(0x01),
        bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01),
        bytes(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02));
    List<List<Object>> rows = List.of(rowOf(Long.MIN_VALUE), rowOf(Long.MAX_VALUE));
    // not nullable: Long.MIN_VALUE: zz = 2^64 - 1: ff, ff x 8; Long.MAX_VALUE: zz = 2^64 - 2: ff, fe, ff x 7.
    check(row(false, int64(false)), rows,
        bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
        bytes(0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff));
    // version 2: nine ff then 01; fe, eight ff, 01.
    reads(2, row(false, int64(false)), rows,
        bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01),
        bytes(0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01));
  }

  /**
   * Every prefix length, at each 7-bit boundary. For k in 1..8, u = 2^(7k) - 1 (7k one bits) takes
   * k bytes: ((2^(7k) - 1) << k) | (2^(k-1) - 1) = 2^(8k) - 2^(k-1) - 1, i.e. a first byte of ff
   * with bit k-1 clear, then k - 1 bytes ff. u = 2^(7k) takes k + 1 bytes: (2^(7k) << (k + 1)) |
   * (2^k - 1) = 2^(8k+1) | (2^k - 1), i.e. a first byte of k ones, k - 1 zero bytes, then 02; for
   * k = 8 (2^56, 57 bits) the 9-byte form instead: ff, then 00 x 7 01.
   */
  @Test
  void prefixLengthsAtEverySevenBitBoundary() {
    // not nullable: zz(-2^(7k-1)) = 2^(7k) - 1 and zz(2^(7k-1)) = 2^(7k); zz(0) = 0 -> 00.
    List<List<Object>> rows = new ArrayList<>();
    rows.add(rowOf(0L));
    for (int k = 1; k <= 8; k++) {
      rows.add(rowOf(-(1L << (7 * k - 1))));
      rows.add(rowOf(1L << (7 * k - 1)));
    }
    check(row(false, int64(false)), rows,
        bytes(0x00),
        bytes(0xfe), // k = 1: 2^7 - 1 = 127, one byte
        bytes(0x01, 0x02), // 2^7: two bytes
        bytes(0xfd, 0xff), // k = 2: 2^14 - 1
        bytes(0x03, 0x00, 0x02), // 2^14
        bytes(0xfb, 0xff, 0xff), // k = 3: 2^21 - 1
        bytes(0x07, 0x00, 0x00, 0x02), // 2^21
        bytes(0xf7, 0xff, 0xff, 0xff), // k = 4: 2^28 - 1
        bytes(0x0f, 0x00, 0x00, 0x00, 0x02), // 2^28
        bytes(0xef, 0xff, 0xff, 0xff, 0xff), // k = 5: 2^35 - 1
        bytes(0x1f, 0x00, 0x00, 0x00, 0x00, 0x02), // 2^35
        bytes(0xdf, 0xff, 0xff, 0xff, 0xff, 0xff), // k = 6: 2^42 - 1
        bytes(0x3f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02), // 2^42
        bytes(0xbf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), // k = 7: 2^49 - 1
        bytes(0x7f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02), // 2^49: eight bytes
        bytes(0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), // k = 8: 2^56 - 1, the widest eight-byte value
        bytes(0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01)); // 2^56: nine bytes
    // nullable: zz(2^(7k-1) - 1) + 1 = 2^(7k) - 1 (k bytes, as above) and zz(-2^(7k-1)) + 1 = 2^(7k)
    // (k + 1 bytes, as above), but for k = 8: zz(-2^55) + 1 = 2^56 is not below 2^56, so the
    // 9-byte form of zz = 2^56 - 1: ff, ff x 7, 00. A null: 00.
    List<List<Object>> nullable = new ArrayList<>();
    nullable.add(rowOf((Object) null));
    for (int k = 1; k <= 8; k++) {
      nullable.add(rowOf((1L << (7 * k - 1)) - 1));
      nullable.add(rowOf(-(1L << (7 * k - 1))));
    }
    check(row(false, int64(true)), nullable,
        bytes(0x00),
        bytes(0xfe), bytes(0x01, 0x02),
        bytes(0xfd, 0xff), bytes(0x03, 0x00, 0x02),
        bytes(0xfb, 0xff, 0xff), bytes(0x07, 0x00, 0x00, 0x02),
        bytes(0xf7, 0xff, 0xff, 0xff), bytes(0x0f, 0x00, 0x00, 0x00, 0x02),
        bytes(0xef, 0xff, 0xff, 0xff, 0xff), bytes(0x1f, 0x00, 0x00, 0x00, 0x00, 0x02),
        bytes(0xdf, 0xff, 0xff, 0xff, 0xff, 0xff), bytes(0x3f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02),
        bytes(0xbf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), bytes(0x7f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02),
        bytes(0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), // 2^55 - 1: zz + 1 = 2^56 - 1, eight bytes
        bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00)); // -2^55: zz = 2^56 - 1 in nine bytes
    // The largest nullable value in eight bytes: zz = 2^56 - 2 (v = 2^55 - 1 above) and the
    // smallest in nine, zz = 2^56 - 1 (v = -2^55 above); -1 and 1 for the smallest two.
    // Inside a ROW, an ARRAY (wk = 0) and a MAP: see rows(), arrayOfBigints() and maps().
  }

  @Test
  void int32Edges() {
    DenseType t = row(false, int32(false), int32(true));
    List<List<Object>> rows = List.of(rowOf(Integer.MIN_VALUE, Integer.MIN_VALUE), rowOf(-3, null));
    // Version 4, prefix varints: zz32(Integer.MIN_VALUE) = 2^32 - 1, 32 bits: five bytes, four
    // trailing ones: ((2^32 - 1) << 5) | 0x0f = 0x1f_ffff_ffef -> ef ff ff ff 1f; nullable adds 1:
    // 2^32 -> (2^32 << 5) | 0x0f = 0x20_0000_000f -> 0f 00 00 00 20.
    check(t, rows,
        bytes(0xef, 0xff, 0xff, 0xff, 0x1f, 0x0f, 0x00, 0x00, 0x00, 0x20),
        // zz(-3) = 5 -> 5 << 1 = 0a; null -> 00
        bytes(0x0a, 0x00));
    // Versions 3 and 2 (LEB128): 2^32 - 1 -> ff ff ff ff 0f; 2^32 -> 80 80 80 80 10; 5 -> 05.
    byte[][] leb = {bytes(0xff, 0xff, 0xff, 0xff, 0x0f, 0x80, 0x80, 0x80, 0x80, 0x10), bytes(0x05, 0x00)};
    reads(3, t, rows, leb);
    reads(2, t, rows, leb);
  }

  /**
   * Version 4's INT32 prefix varints of every length 1 to 5 at each 7-bit boundary, not nullable
   * (zz32) and nullable (zz32 + 1), with 0, -1, Integer.MIN_VALUE and MAX_VALUE; the bytes
   * written down from the grammar: n trailing ones for n + 1 bytes, (u << (n + 1)) | (2^n - 1)
   * little-endian.
   */
  @Test
  void int32PrefixLengthsAtEverySevenBitBoundary() {
    List<List<Object>> rows = List.of(rowOf(0), rowOf(-1), rowOf(63), rowOf(-64), rowOf(64), rowOf(-8192), rowOf(8192),
        rowOf(-(1 << 20)), rowOf(1 << 20), rowOf(-(1 << 27)), rowOf(1 << 27), rowOf(Integer.MAX_VALUE), rowOf(Integer.MIN_VALUE));
    check(row(false, int32(false)), rows,
        bytes(0x00), // zz 0
        bytes(0x02), // zz 1 -> 1 << 1
        bytes(0xfc), // zz 126
        bytes(0xfe), // zz 127 = 2^7 - 1, the widest one-byte value
        bytes(0x01, 0x02), // zz 128 = 2^7: (128 << 2) | 1 = 0x201
        bytes(0xfd, 0xff), // zz 2^14 - 1: (16383 << 2) | 1 = 0xfffd
        bytes(0x03, 0x00, 0x02), // zz 2^14: (2^14 << 3) | 3 = 0x20003
        bytes(0xfb, 0xff, 0xff), // zz 2^21 - 1: ((2^21 - 1) << 3) | 3 = 0xfffffb
        bytes(0x07, 0x00, 0x00, 0x02), // zz 2^21: (2^21 << 4) | 7 = 0x2000007
        bytes(0xf7, 0xff, 0xff, 0xff), // zz 2^28 - 1: ((2^28 - 1) << 4) | 7 = 0xfffffff7
        bytes(0x0f, 0x00, 0x00, 0x00, 0x02), // zz 2^28: (2^28 << 5) | 0x0f = 0x2_0000_000f
        bytes(0xcf, 0xff, 0xff, 0xff, 0x1f), // zz 2^32 - 2: ((2^32 - 2) << 5) | 0x0f = 0x1f_ffff_ffcf
        bytes(0xef, 0xff, 0xff, 0xff, 0x1f)); // zz 2^32 - 1
    // version 3 (LEB128) of the same rows
    reads(3, row(false, int32(false)), rows, bytes(0x00), bytes(0x01), bytes(0x7e), bytes(0x7f), bytes(0x80, 0x01),
        bytes(0xff, 0x7f), bytes(0x80, 0x80, 0x01), bytes(0xff, 0xff, 0x7f), bytes(0x80, 0x80, 0x80, 0x01),
        bytes(0xff, 0xff, 0xff, 0x7f), bytes(0x80, 0x80, 0x80, 0x80, 0x01), bytes(0xfe, 0xff, 0xff, 0xff, 0x0f),
        bytes(0xff, 0xff, 0xff, 0xff, 0x0f));
    List<List<Object>> nullable = List.of(rowOf((Object) null), rowOf(0), rowOf(63), rowOf(-64), rowOf(8191), rowOf(-8192),
        rowOf((1 << 27) - 1), rowOf(-(1 << 27)), rowOf(Integer.MAX_VALUE), rowOf(Integer.MIN_VALUE));
    check(row(false, int32(true)), nullable,
        bytes(0x00), // null
        bytes(0x02), // zz 0, + 1 = 1
        bytes(0xfe), // zz 126 + 1 = 127
        bytes(0x01, 0x02), // zz 127 + 1 = 128
        bytes(0xfd, 0xff), // zz 16382 + 1 = 2^14 - 1
        bytes(0x03, 0x00, 0x02), // zz 16383 + 1 = 2^14
        bytes(0xf7, 0xff, 0xff, 0xff), // zz 2^28 - 2, + 1 = 2^28 - 1
        bytes(0x0f, 0x00, 0x00, 0x00, 0x02), // zz 2^28 - 1, + 1 = 2^28
        bytes(0xef, 0xff, 0xff, 0xff, 0x1f), // zz 2^32 - 2, + 1 = 2^32 - 1
        bytes(0x0f, 0x00, 0x00, 0x00, 0x20)); // zz 2^32 - 1, + 1 = 2^32: (2^32 << 5) | 0x0f
    // version 3 (LEB128)
    reads(3, row(false, int32(true)), nullable, bytes(0x00), bytes(0x01), bytes(0x7f), bytes(0x80, 0x01), bytes(0xff, 0x7f),
        bytes(0x80, 0x80, 0x01), bytes(0xff, 0xff, 0xff, 0x7f), bytes(0x80, 0x80, 0x80, 0x80, 0x01),
        bytes(0xff, 0xff, 0xff, 0xff, 0x0f), bytes(0x80, 0x80, 0x80, 0x80, 0x10));
  }

  /** Version 4's INT32 prefix varints in ROW fields, arrays (wk = 0, and one-byte values) and maps. */
  @Test
  void int32InRowsArraysAndMaps() {
    // ROW<INT32, INT32?> (2^27, Integer.MIN_VALUE): 0f 00 00 00 02 (zz 2^28), 0f 00 00 00 20 (2^32)
    DenseType rowT = row(false, row(false, int32(false), int32(true)));
    List<List<Object>> rowRows = List.of(rowOf(rowOf(1 << 27, Integer.MIN_VALUE)));
    check(rowT, rowRows, bytes(0x0f, 0x00, 0x00, 0x00, 0x02, 0x0f, 0x00, 0x00, 0x00, 0x20));
    reads(3, rowT, rowRows, bytes(0x80, 0x80, 0x80, 0x80, 0x01, 0x80, 0x80, 0x80, 0x80, 0x10));
    // ARRAY<INT32> [1, -2, 300]: zz 2, 3, 600; prefix varints 1 + 1 + 2 bytes against width 2 (6):
    // wk = 0, header 06; 04, 06, (600 << 2) | 1 = 0x961 -> 61 09. Empty array: 00.
    DenseType arr = row(false, array(int32(false), false));
    List<List<Object>> arrRows = List.of(rowOf(List.of(1, -2, 300)), rowOf(List.of()));
    check(arr, arrRows, bytes(0x06, 0x04, 0x06, 0x61, 0x09), bytes(0x00));
    reads(3, arr, arrRows, bytes(0x06, 0x02, 0x03, 0xd8, 0x04), bytes(0x00));
    // ten one-byte values (the writer's one-byte copies): [0, -1, 1, -64, 63, 5, 6, 7, 8, -9]: zz
    // 0 1 2 127 126 10 12 14 16 17, each zz << 1; header 10 << 1 = 14
    List<List<Object>> ten = List.of(rowOf(List.of(0, -1, 1, -64, 63, 5, 6, 7, 8, -9)));
    check(arr, ten, bytes(0x14, 0x00, 0x02, 0x04, 0xfe, 0xfc, 0x14, 0x18, 0x1c, 0x20, 0x22));
    reads(3, arr, ten, bytes(0x14, 0x00, 0x01, 0x02, 0x7f, 0x7e, 0x0a, 0x0c, 0x0e, 0x10, 0x11));
    // ARRAY<INT32?> (not packable) [null, -1, 2^20]: header 03; 00; zz 1 + 1 = 2 -> 04; zz 2^21 + 1
    // in four bytes: ((2^21 + 1) << 4) | 7 = 0x2000017 -> 17 00 00 02
    DenseType arrN = row(false, array(int32(true), false));
    List<List<Object>> arrNRows = List.of(rowOf(Arrays.asList(null, -1, 1 << 20)));
    check(arrN, arrNRows, bytes(0x03, 0x00, 0x04, 0x17, 0x00, 0x00, 0x02));
    reads(3, arrN, arrNRows, bytes(0x03, 0x00, 0x02, 0x81, 0x80, 0x80, 0x01));
    // MAP<INT32, INT32> {1: 10, -1: 200}: keys zz 2, 1 -> 04 02; values zz 20, 400 -> 28, (400 << 2)
    // | 1 = 0x641 -> 41 06 (width 1 for the keys and 2 for the values take no fewer bytes); header 04
    DenseType mapT = row(false, map(int32(false), int32(false), false));
    List<List<Object>> mapRows = List.of(rowOf(List.of(List.of(1, 10), List.of(-1, 200))));
    check(mapT, mapRows, bytes(0x04, 0x04, 0x02, 0x28, 0x41, 0x06));
    // version 3 (LEB128): keys 02 01, values 14, 400 = 0b11_0010000 -> 90 03
    reads(3, mapT, mapRows, bytes(0x04, 0x02, 0x01, 0x14, 0x90, 0x03));
  }

  @Test
  void doubles() {
    // 1.0 = 0x3ff0000000000000, little-endian; -0.0 = 0x8000000000000000; nullable: 01 then the bits.
    checkAlsoV2(row(false, float64(false), float64(true)), List.of(rowOf(1.0, -0.0), rowOf(-0.0, null)),
        bytes(0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0x01, 0, 0, 0, 0, 0, 0, 0, 0x80),
        bytes(0, 0, 0, 0, 0, 0, 0, 0x80, 0x00));
  }

  @Test
  void floatsAndBooleans() {
    // 1.5f = 0x3fc00000 -> 00 00 c0 3f; booleans: false 00, true 01; nullable: null 00, false 01, true 02.
    checkAlsoV2(row(false, float32(true), booleans(false), booleans(true)),
        List.of(rowOf(1.5f, true, false), rowOf(null, false, null), rowOf(1.5f, false, true)),
        bytes(0x01, 0x00, 0x00, 0xc0, 0x3f, 0x01, 0x01),
        bytes(0x00, 0x00, 0x00),
        bytes(0x01, 0x00, 0x00, 0xc0, 0x3f, 0x00, 0x02));
  }

  @Test
  void stringOf8AndOf100Bytes() {
    String s8 = "abcdefgh";
    String s100 = "0123456789".repeat(10);
    byte[] b100 = s100.getBytes(StandardCharsets.UTF_8);
    // not nullable: varint(8) = 08, varint(100) = 0x64; nullable: length + 1: 09, 0x65; empty nullable: 01.
    checkAlsoV2(row(false, binary(false), binary(true)),
        List.of(rowOf(buf(s8), buf(s100)), rowOf(buf(s100), buf("")), rowOf(buf(""), null)),
        concat(bytes(0x08), s8.getBytes(StandardCharsets.UTF_8), bytes(0x65), b100),
        concat(bytes(0x64), b100, bytes(0x01)),
        bytes(0x00, 0x00));
  }

  @Test
  void fixedLength() {
    // FIXED(3): the 3 bytes; nullable: 01 then the bytes, null 00.
    checkAlsoV2(row(false, fixed(3, false), fixed(3, true)),
        List.of(rowOf(ByteBuffer.wrap(bytes(1, 2, 3)), null), rowOf(ByteBuffer.wrap(bytes(4, 5, 6)), ByteBuffer.wrap(bytes(7, 8, 9)))),
        bytes(1, 2, 3, 0x00), bytes(4, 5, 6, 0x01, 7, 8, 9));
  }

  @Test
  void fiveScalarColumns() {
    DenseType t = row(false, int64(false), int32(false), float64(false), binary(false), booleans(false));
    List<List<Object>> rows = List.of(rowOf(1L, -1, 0.5, buf("x"), true));
    // int64 1: zz 2 -> 2 << 1 = 04; int32 -1: zz 1 -> 1 << 1 = 02; double 0.5 = 0x3fe0000000000000;
    // string "x" -> 01 78; boolean true -> 01.
    check(t, rows, bytes(0x04, 0x02, 0, 0, 0, 0, 0, 0, 0xe0, 0x3f, 0x01, 0x78, 0x01));
    // version 3: int32 -1 -> 01 (LEB128).
    reads(3, t, rows, bytes(0x04, 0x01, 0, 0, 0, 0, 0, 0, 0xe0, 0x3f, 0x01, 0x78, 0x01));
    // version 2: int64 1 -> 02.
    reads(2, t, rows, bytes(0x02, 0x01, 0, 0, 0, 0, 0, 0, 0xe0, 0x3f, 0x01, 0x78, 0x01));
  }

  @Test
  void tenScalarColumnsNullable() {
    DenseType[] fields = new DenseType[10];
    Arrays.fill(fields, int64(true));
    List<List<Object>> rows = List.of(rowOf(0L, 1L, 2L, null, 4L, 5L, 6L, 7L, 8L, 9L));
    // small integers 0..9, with a null in column 3: nullable zz(v) + 1 = 2v + 1, one byte (2v + 1) << 1 = 4v + 2.
    check(row(false, fields), rows, bytes(0x02, 0x06, 0x0a, 0x00, 0x12, 0x16, 0x1a, 0x1e, 0x22, 0x26));
    // version 2: 2v + 1.
    reads(2, row(false, fields), rows, bytes(0x01, 0x03, 0x05, 0x00, 0x09, 0x0b, 0x0d, 0x0f, 0x11, 0x13));
  }

  @Test
  void arrayOfBigints() {
    List<List<Object>> rows = List.of(rowOf(List.of(1L, -2L, 300L)), rowOf(List.of()));
    // [1, -2, 300]: zz 2 -> 04, zz 3 -> 06; zz(300) = 600, 10 bits: two bytes, (600 << 2) | 1 =
    // 0x961 -> 61 09: 4 bytes of prefix varints; 600 needs a width of 2, 3 * 2 = 6 > 4: varints
    // (wk = 0), f = 0, header (3 << 1) | 0 = 06. Empty: 00.
    check(row(false, array(int64(false), false)), rows, bytes(0x06, 0x04, 0x06, 0x61, 0x09), bytes(0x00));
    // version 2: 02 03; 600 = 0b100_1011000 -> d8 04.
    reads(2, row(false, array(int64(false), false)), rows, bytes(0x06, 0x02, 0x03, 0xd8, 0x04), bytes(0x00));
    List<List<Object>> nullableRows = List.of(rowOf((Object) null), rowOf(List.of()), rowOf(Arrays.asList(null, 7L)));
    // nullable array of nullable elements (not packable: header = count): null 00; [] -> 01;
    // [null, 7] -> count + 1 = 03, 00, zz(7) + 1 = 15 -> 15 << 1 = 1e.
    check(row(false, array(int64(true), true)), nullableRows, bytes(0x00), bytes(0x01), bytes(0x03, 0x00, 0x1e));
    // version 2: 15 = 0f.
    reads(2, row(false, array(int64(true), true)), nullableRows, bytes(0x00), bytes(0x01), bytes(0x03, 0x00, 0x0f));
  }

  @Test
  void arrayOfSmallBigints() {
    // ten values 0..9: zz(v) = 2v, ten one-byte prefix varints 4v; width 1 takes 10 bytes too, not
    // fewer: varints, header (10 << 1) | 0 = 0x14.
    List<Object> ten = new ArrayList<>();
    for (long v = 0; v < 10; v++) {
      ten.add(v);
    }
    check(row(false, array(int64(false), false)), List.of(rowOf(ten)),
        bytes(0x14, 0x00, 0x04, 0x08, 0x0c, 0x10, 0x14, 0x18, 0x1c, 0x20, 0x24));
    // version 2: the varints 2v.
    reads(2, row(false, array(int64(false), false)), List.of(rowOf(ten)),
        bytes(0x14, 0x00, 0x02, 0x04, 0x06, 0x08, 0x0a, 0x0c, 0x0e, 0x10, 0x12));
  }

  @Test
  void nestedArrays() {
    DenseType t = row(false, array(array(int64(false), false), false));
    List<List<Object>> rows = List.of(rowOf(List.of(List.of(1L, 2L), List.of(), List.of(3L))));
    // [[1, 2], [], [3]]: the outer array's child is an ARRAY (not packable): header = count 03;
    // inner arrays are packable, one-byte values: (2 << 1) = 04, zz 2 and 4 -> 04 08; 00;
    // (1 << 1) = 02, zz 6 -> 0c.
    check(t, rows, bytes(0x03, 0x04, 0x04, 0x08, 0x00, 0x02, 0x0c));
    reads(2, t, rows, bytes(0x03, 0x04, 0x02, 0x04, 0x00, 0x02, 0x06));
    // depth 3: [[[-1]]] -> 01 01 02, zz(-1) = 1 -> 02 (version 2: 01)
    DenseType t3 = row(false, array(array(array(int64(false), false), false), false));
    List<List<Object>> rows3 = List.of(rowOf(List.of(List.of(List.of(-1L)))));
    check(t3, rows3, bytes(0x01, 0x01, 0x02, 0x02));
    reads(2, t3, rows3, bytes(0x01, 0x01, 0x02, 0x01));
  }

  @Test
  void maps() {
    DenseType t = row(false, map(int64(false), int64(false), false));
    List<List<Object>> rows = List.of(rowOf(List.of(List.of(1L, 10L), List.of(2L, 20L))), rowOf(List.of()));
    // {1: 10, 2: 20}: keys zz 2, 4 -> 04 08; values zz 20, 40 -> 28 50 (keys all before values);
    // one-byte values, no fixed width takes fewer: header (2 << 1) | 0 = 04.
    check(t, rows, bytes(0x04, 0x04, 0x08, 0x28, 0x50), bytes(0x00));
    reads(2, t, rows, bytes(0x04, 0x02, 0x04, 0x14, 0x28), bytes(0x00));
    // A MAP's INT64 values of every length class with wk = 0: {0: 2^55 (zz 2^56, nine bytes),
    // 1: 64 (zz 128, two bytes)}: keys 00 04 (2 bytes, no width takes fewer); values 11 bytes
    // against 2 * 8 with width 8: varints, header 04: 04, 00 04, ff 00 x 7 01, 01 02.
    check(t, List.of(rowOf(List.of(List.of(0L, 1L << 55), List.of(1L, 64L)))),
        bytes(0x04, 0x00, 0x04, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x02));
    // nullable map of string to nullable int32 (no packable child): null 00; {"a": null} -> 02, 01 61, 00.
    checkAlsoV2(row(false, map(binary(false), int32(true), true)),
        List.of(rowOf((Object) null), rowOf(List.of(Arrays.asList(buf("a"), null)))),
        bytes(0x00), bytes(0x02, 0x01, 0x61, 0x00));
    // MAP<BINARY, INT64?> (values nullable, not packable): {"a": -2^55, "b": null}: header 02,
    // keys 01 61 01 62, values: zz(-2^55) + 1 = 2^56: the 9-byte form of zz = 2^56 - 1: ff, ff x 7, 00; null 00.
    check(row(false, map(binary(false), int64(true), false)),
        List.of(rowOf(List.of(Arrays.asList(buf("a"), -(1L << 55)), Arrays.asList(buf("b"), null)))),
        bytes(0x02, 0x01, 0x61, 0x01, 0x62, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00));
  }

  @Test
  void rows() {
    DenseType t = row(false, row(true, int64(false), binary(true)), row(false, booleans(false)));
    List<List<Object>> rows = List.of(rowOf(null, rowOf(true)), rowOf(rowOf(1L, null), rowOf(false)));
    // nullable struct<int64, string?>: null 00; (1, null) -> 01, zz 2 -> 04, 00; not nullable struct<bool>: 01.
    check(t, rows, bytes(0x00, 0x01), bytes(0x01, 0x04, 0x00, 0x00));
    reads(2, t, rows, bytes(0x00, 0x01), bytes(0x01, 0x02, 0x00, 0x00));
    // INT64 fields of a ROW, not nullable and nullable: (2^49 (zz 2^50: eight bytes, seven
    // trailing ones: (2^50 << 8) | 0x7f -> 7f 00 00 00 00 00 00 04), Long.MIN_VALUE (nullable:
    // ff, ff x 8)).
    check(row(false, row(false, int64(false), int64(true))), List.of(rowOf(rowOf(1L << 49, Long.MIN_VALUE))),
        bytes(0x7f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff));
    // array of structs: [(5), null] with struct? <int32>: 02, 01 14 (zz 10 << 1), 00.
    check(row(false, array(row(true, int32(false)), false)),
        List.of(rowOf(Arrays.asList(rowOf(5), null))), bytes(0x02, 0x01, 0x14, 0x00));
    // versions 3 and 2: zz 10 -> 0a.
    reads(3, row(false, array(row(true, int32(false)), false)),
        List.of(rowOf(Arrays.asList(rowOf(5), null))), bytes(0x02, 0x01, 0x0a, 0x00));
    reads(2, row(false, array(row(true, int32(false)), false)),
        List.of(rowOf(Arrays.asList(rowOf(5), null))), bytes(0x02, 0x01, 0x0a, 0x00));
  }

  static final int[] FF8 = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

  static int[] join(int[]... parts) {
    int n = 0;
    for (int[] p : parts) {
      n += p.length;
    }
    int[] out = new int[n];
    int at = 0;
    for (int[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  @Test
  void fixedWidthEightBytes() {
    // [Long.MIN_VALUE, Long.MAX_VALUE]: zz = 2^64 - 1 and 2^64 - 2, nine-byte prefix varints each
    // (18 bytes; ten-byte varints in version 2); width 8 takes 16: f = 1, header (2 << 1) | 1 = 05,
    // width byte 08, then the zig-zag values little-endian: ff x 8, then fe ff x 7. The same bytes
    // in versions 2 and 3.
    checkAlsoV2(row(false, array(int64(false), false)), List.of(rowOf(List.of(Long.MIN_VALUE, Long.MAX_VALUE))),
        bytes(join(new int[] {0x05, 0x08}, FF8, new int[] {0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})));
    // a nullable array: header + 1; [Long.MIN_VALUE] -> (1 << 1 | 1) + 1 = 04, 08, ff x 8; null 00.
    checkAlsoV2(row(false, array(int64(false), true)), List.of(rowOf(List.of(Long.MIN_VALUE)), rowOf((Object) null)),
        bytes(join(new int[] {0x04, 0x08}, FF8)), bytes(0x00));
  }

  @Test
  void fixedWidthsOneToSeven() {
    DenseType t = row(false, array(int64(false), false));
    // width 1: [64, -128, 127]: zz 128, 255, 254: two-byte prefix varints (6 bytes), one byte
    // each (3): header (3 << 1) | 1 = 07, width 01, 80 ff fe.
    checkAlsoV2(t, List.of(rowOf(List.of(64L, -128L, 127L))), bytes(0x07, 0x01, 0x80, 0xff, 0xfe));
    // width 2: [8192, -8193]: zz 16384 = 0x4000 and 16385 = 0x4001 (15 bits), three-byte prefix
    // varints (6), 2 bytes each (4): 05 02, 00 40, 01 40.
    checkAlsoV2(t, List.of(rowOf(List.of(8192L, -8193L))), bytes(0x05, 0x02, 0x00, 0x40, 0x01, 0x40));
    // width 3: [2^22, -2^22 - 1]: zz 2^23 = 0x800000 and 2^23 + 1 (24 bits), four-byte prefix
    // varints (8), 3 bytes each (6): 05 03, 00 00 80, 01 00 80.
    checkAlsoV2(t, List.of(rowOf(List.of(1L << 22, -(1L << 22) - 1))), bytes(0x05, 0x03, 0x00, 0x00, 0x80, 0x01, 0x00, 0x80));
    // width 4: [-2^31]: zz = 2^32 - 1 (32 bits), a five-byte prefix varint, 4 bytes: (1 << 1) | 1 = 03, 04, ff ff ff ff.
    checkAlsoV2(t, List.of(rowOf(List.of(-(1L << 31)))), bytes(0x03, 0x04, 0xff, 0xff, 0xff, 0xff));
    // width 5: [2^32]: zz = 2^33 (34 bits): a five-byte prefix varint, five bytes fixed: not fewer,
    // varints: header 02, then (2^33 << 5) | 0x0f = 2^38 | 0x0f -> 0f 00 00 00 40.
    check(t, List.of(rowOf(List.of(1L << 32))), bytes(0x02, 0x0f, 0x00, 0x00, 0x00, 0x40));
    // version 2: 2^33 in 7-bit groups 00 00 00 00 02 -> 80 80 80 80 20.
    reads(2, t, List.of(rowOf(List.of(1L << 32))), bytes(0x02, 0x80, 0x80, 0x80, 0x80, 0x20));
    // width 7: [-2^55]: zz = 2^56 - 1 (56 bits): an eight-byte prefix varint, 7 bytes fixed: 03 07 ff x 7.
    checkAlsoV2(t, List.of(rowOf(List.of(-(1L << 55)))), bytes(0x03, 0x07, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff));
    // a container of one small and one wide value: 1 and 2^62: zz 2 (one byte, 04) and 2^63 (nine
    // bytes: ff, then 00 x 7 80): 10 bytes; width 8: 16: varints, header 04.
    check(t, List.of(rowOf(List.of(1L, 1L << 62))),
        bytes(0x04, 0x04, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80));
    // version 2: 02, then a ten-byte varint 80 x 9 01.
    reads(2, t, List.of(rowOf(List.of(1L, 1L << 62))),
        bytes(0x04, 0x02, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01));
  }

  @Test
  void fixedWidthInt32() {
    // ARRAY<INT32> [Integer.MIN_VALUE, Integer.MAX_VALUE]: zz32 = ffffffff and fffffffe, five-byte
    // varints (10), width 4 (8): 05 04, ff ff ff ff, fe ff ff ff.
    checkAlsoV2(row(false, array(int32(false), false)), List.of(rowOf(List.of(Integer.MIN_VALUE, Integer.MAX_VALUE))),
        bytes(0x05, 0x04, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff));
  }

  @Test
  void fixedWidthInMaps() {
    DenseType t = row(false, map(int64(false), int64(false), false));
    List<List<Object>> rows = List.of(rowOf(List.of(List.of(0L, Long.MIN_VALUE), List.of(1L, Long.MAX_VALUE))));
    // MAP<INT64, INT64> {0: Long.MIN_VALUE, 1: Long.MAX_VALUE}: keys zz 0 2 stay prefix varints
    // (w0 = 0): 00 04; values take width 8 (w1 = 8, 16 bytes against 18): header 05, width byte
    // 0x80, keys, values ff x 8, fe ff x 7.
    check(t, rows, bytes(join(new int[] {0x05, 0x80, 0x00, 0x04}, FF8, new int[] {0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})));
    // version 2: keys 00 02.
    reads(2, t, rows, bytes(join(new int[] {0x05, 0x80, 0x00, 0x02}, FF8, new int[] {0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})));
    // keys wide and values of width 1: {Long.MIN_VALUE: 100}: zz(100) = 200, a two-byte varint, one byte
    // fixed: w0 = 8, w1 = 1: 03 18, ff x 8, c8.
    checkAlsoV2(row(false, map(int64(false), int32(false), false)),
        List.of(rowOf(List.of(List.of(Long.MIN_VALUE, 100)))),
        bytes(join(new int[] {0x03, 0x18}, FF8, new int[] {0xc8})));
    // MAP<BINARY, INT64>: only the values are packable: {"a": Long.MIN_VALUE}: 03 80, 01 61, ff x 8.
    checkAlsoV2(row(false, map(binary(false), int64(false), false)),
        List.of(rowOf(List.of(List.of(buf("a"), Long.MIN_VALUE)))),
        bytes(join(new int[] {0x03, 0x80, 0x01, 0x61}, FF8)));
  }

  @Test
  void versionOneStillReads() {
    // Version 1: every container's header is its count, no width byte.
    DenseType t = row(false, array(int64(false), false), map(int64(false), int64(false), false));
    DenseRowCodec codec = new DenseRowCodec(t);
    byte[] run = bytes(0x10, 0x03, 0x02, 0x03, 0xd8, 0x04, 0x02, 0x02, 0x04, 0x14, 0x28, 0x00, 0x00);
    DenseVector back = DenseVector.create(t, 1);
    assertEquals(2, codec.deserializeRun(run, 0, run.length, back));
    assertEquals(rowOf(List.of(1L, -2L, 300L), List.of(List.of(1L, 10L), List.of(2L, 20L))), back.getObject(0));
    assertEquals(rowOf(List.of(), List.of()), back.getObject(1));
    back.reset();
    codec.deserialize(0x10, run, new int[] {11, 1}, new int[] {2, 10}, 2, back);
    assertEquals(rowOf(List.of(), List.of()), back.getObject(0));
    assertEquals(rowOf(List.of(1L, -2L, 300L), List.of(List.of(1L, 10L), List.of(2L, 20L))), back.getObject(1));
  }
}
