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

import static io.github.fastdecode.parquet.denserow.DenseRowGoldenTest.bytes;
import static io.github.fastdecode.parquet.denserow.DenseType.array;
import static io.github.fastdecode.parquet.denserow.DenseType.binary;
import static io.github.fastdecode.parquet.denserow.DenseType.booleans;
import static io.github.fastdecode.parquet.denserow.DenseType.fixed;
import static io.github.fastdecode.parquet.denserow.DenseType.float64;
import static io.github.fastdecode.parquet.denserow.DenseType.int32;
import static io.github.fastdecode.parquet.denserow.DenseType.int64;
import static io.github.fastdecode.parquet.denserow.DenseType.map;
import static io.github.fastdecode.parquet.denserow.DenseType.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input: each kind of damage the grammar defines, by hand, must end in a {@link
 * DenseRowFormatException} naming the row and the byte offset; then every truncation and seeded
 * random damage of valid runs must end in success or that exception, never in another one.
 */
class DenseRowBadInputTest {
  static final long SEED = 0xBAD_D5L;

  static DenseRowFormatException runFails(DenseType type, byte[] run, String expected, long row, int offset) {
    DenseRowCodec codec = new DenseRowCodec(type);
    DenseRowFormatException e = assertThrows(DenseRowFormatException.class,
        () -> codec.deserializeRun(run, 0, run.length, DenseVector.create(type, 1)));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(e.getMessage().contains("row " + row + ", byte offset " + offset), e.getMessage());
    assertEquals(row, e.row());
    assertEquals(offset, e.offset());
    return e;
  }

  @Test
  void wrongFormatByte() {
    DenseType t = row(false, int64(false));
    runFails(t, bytes(0x50, 0x02), "version 5", -1, 0);
    runFails(t, bytes(0x00, 0x02), "version 0", -1, 0);
    runFails(t, bytes(0xf0, 0x02), "version 15", -1, 0);
    runFails(t, bytes(0x12, 0x02), "unknown options", -1, 0);
    runFails(t, bytes(0x22, 0x02), "unknown options", -1, 0);
    runFails(t, bytes(0x28, 0x02), "unknown options", -1, 0);
    runFails(t, bytes(0x32, 0x02), "unknown options", -1, 0);
    runFails(t, bytes(0x42, 0x02), "unknown options", -1, 0);
    runFails(t, bytes(), "no format byte", -1, 0);
    DenseRowCodec codec = new DenseRowCodec(t);
    DenseRowFormatException e = assertThrows(DenseRowFormatException.class,
        () -> codec.deserialize(0x50, bytes(0x02), new int[] {0}, new int[] {1}, 1, DenseVector.create(t, 1)));
    assertTrue(e.getMessage().contains("version 5"), e.getMessage());
  }

  @Test
  void truncatedRuns() {
    DenseType t = row(false, int64(false), float64(false));
    // second row: varint cut
    runFails(t, bytes(0x10, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0x80), "runs past the row's end at 11", 1, 10);
    // second row: double cut after 3 bytes
    runFails(t, bytes(0x10, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0x04, 1, 2, 3), "needs 8 bytes", 1, 11);
    // length-prefixed: prefix says 9, 3 bytes follow
    runFails(t, bytes(0x11, 0x09, 0x02, 0, 0), "row length 9 exceeds", 0, 1);
    // length-prefixed: prefix says 10 but the row takes 9
    runFails(t, bytes(0x11, 0x0a, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0x07), "row ends 1 bytes before", 0, 11);
  }

  @Test
  void lyingLengthsAndCounts() {
    runFails(row(false, binary(false)), bytes(0x10, 0x05, 'a', 'b'), "BINARY length 5 exceeds the 2 bytes", 0, 1);
    runFails(row(false, binary(true)), bytes(0x10, 0x01, 0x07, 'a'), "BINARY length 6 exceeds the 1 bytes", 1, 2);
    // a count near 2^35 and one of 2^64 - 1
    runFails(row(false, array(int64(false), false)), bytes(0x10, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x00), "ARRAY count 34359738367 exceeds", 0, 1);
    runFails(row(false, array(int64(false), false)),
        bytes(0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01), "ARRAY count 18446744073709551615 exceeds", 0, 1);
    // a map of 2 takes at least 4 bytes; 3 are left
    runFails(row(false, map(int64(false), int64(false), false)), bytes(0x10, 0x02, 0x01, 0x02, 0x03), "MAP count 2 exceeds the 3 bytes", 0, 1);
    runFails(row(false, binary(false)), bytes(0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01), "BINARY length 18446744073709551615", 0, 1);
    runFails(row(false, fixed(4, false)), bytes(0x10, 1, 2, 3), "needs 4 bytes", 0, 1);
  }

  @Test
  void lyingLengthsInRowsAtOffsets() {
    // rows at given offsets are read column by column: the same checks, the same names
    DenseType t = row(false, int64(false), binary(true));
    DenseRowCodec codec = new DenseRowCodec(t);
    DenseRowFormatException e = assertThrows(DenseRowFormatException.class, () -> codec.deserialize(0x10,
        bytes(0x02, 0x02, 'a', 0x04, 0x09, 'b'), new int[] {0, 3}, new int[] {3, 3}, 2, DenseVector.create(t, 1)));
    assertTrue(e.getMessage().contains("BINARY length 8 exceeds the 1 bytes left") && e.getMessage().contains("row 1, byte offset 4"),
        e.getMessage());
    e = assertThrows(DenseRowFormatException.class, () -> codec.deserialize(0x10,
        bytes(0x02, 0x00, 0x80), new int[] {0, 2}, new int[] {2, 1}, 2, DenseVector.create(t, 1)));
    assertTrue(e.getMessage().contains("runs past the row's end at 3") && e.getMessage().contains("row 1, byte offset 2"), e.getMessage());
  }

  @Test
  void varints() {
    runFails(row(false, int64(false)), bytes(0x10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01),
        "varint longer than 10 bytes", 0, 1);
    runFails(row(false, int64(false)), bytes(0x10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02),
        "varint exceeds 64 bits", 0, 1);
    // 2^64 + 1 in a nullable INT64 is out of range; 2^64 is Long.MIN_VALUE (golden test)
    runFails(row(false, int64(true)), bytes(0x10, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02),
        "varint exceeds 64 bits", 0, 1);
    runFails(row(false, int32(false)), bytes(0x10, 0x80, 0x80, 0x80, 0x80, 0x10), "out of INT32 range", 0, 1);
    runFails(row(false, int32(true)), bytes(0x10, 0x81, 0x80, 0x80, 0x80, 0x10), "out of INT32 range", 0, 1);
  }

  @Test
  void packedContainers() {
    DenseType longs = row(false, array(int64(false), false));
    // width bytes that are not allowed
    runFails(longs, bytes(0x20, 0x03, 0x09, 1, 2, 3, 4, 5, 6, 7, 8, 9), "width 9 is not allowed for INT64", 0, 2);
    runFails(longs, bytes(0x20, 0x03, 0x0f, 1, 2, 3, 4, 5, 6, 7, 8, 9), "width 15 is not allowed for INT64", 0, 2);
    runFails(row(false, array(int32(false), false)), bytes(0x20, 0x03, 0x05, 1, 2, 3, 4, 5), "width 5 is not allowed for INT32", 0, 2);
    runFails(longs, bytes(0x20, 0x03, 0x00, 0x02), "width byte 0x00 selects no fixed width", 0, 2);
    runFails(longs, bytes(0x20, 0x03, 0x18, 1, 2, 3, 4, 5, 6, 7, 8), "gives a width to no child", 0, 2);
    runFails(row(false, map(binary(false), int64(false), false)), bytes(0x20, 0x03, 0x01, 0x01, 0x61, 0x02),
        "gives a width to BINARY, which is not a not-nullable INT32 or INT64", 0, 2);
    // the width byte itself missing
    runFails(longs, bytes(0x20, 0x03), "row ends inside a value", 0, 2);
    // truncated fixed-width values: two of 8 bytes, 3 bytes left
    runFails(longs, bytes(0x20, 0x05, 0x08, 0xff, 0xff, 0xff), "2 values of 8 bytes need 16 bytes, the row has 3 left", 0, 3);
    // width 4 of INT32, one value, 3 bytes left; in the second row
    runFails(row(false, array(int32(false), false)), bytes(0x20, 0x00, 0x03, 0x04, 1, 2, 3),
        "1 values of 4 bytes need 4 bytes, the row has 3 left", 1, 4);
    // a count larger than the bytes left: header (100 << 1) | 1 = 201 = c9 01
    runFails(longs, bytes(0x20, 0xc9, 0x01, 0x08, 0xff), "ARRAY count 100 exceeds the 1 bytes left", 0, 1);
    // a header near 2^64: count 2^63 - 1
    runFails(longs, bytes(0x20, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x08), "ARRAY count 9223372036854775807 exceeds", 0, 1);
    // a map of 2 with fixed keys: 2 * 8 + 2 bytes at least; fewer left
    runFails(row(false, map(int64(false), int64(false), false)), bytes(0x20, 0x05, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00),
        "2 values of 8 bytes need 16 bytes, the row has 9 left", 0, 3);
    // version 1 has no flag: the same bytes are a count of 3 and three varints
    DenseRowCodec codec = new DenseRowCodec(longs);
    DenseVector back = DenseVector.create(longs, 1);
    codec.deserializeRun(bytes(0x10, 0x03, 0x09, 0x02, 0x04), 0, 5, back);
    assertEquals(List.of(List.of(-5L, 1L, 2L)), back.getObject(0));
    // rows at offsets, nested: the second row's inner array lies about its fixed values
    DenseType nested = row(false, array(array(int64(false), false), false));
    DenseRowCodec nestedCodec = new DenseRowCodec(nested);
    DenseRowFormatException e = assertThrows(DenseRowFormatException.class, () -> nestedCodec.deserialize(0x20,
        bytes(0x01, 0x02, 0x04, 0x01, 0x05, 0x08, 0xff, 0xff), new int[] {0, 3}, new int[] {3, 5}, 2, DenseVector.create(nested, 1)));
    assertTrue(e.getMessage().contains("2 values of 8 bytes need 16 bytes, the row has 2 left") && e.getMessage().contains("row 1, byte offset 6"),
        e.getMessage());
  }

  @Test
  void markers() {
    runFails(row(false, booleans(false)), bytes(0x10, 0x02), "BOOLEAN byte 2", 0, 1);
    runFails(row(false, booleans(true)), bytes(0x10, 0x01, 0x03), "nullable BOOLEAN byte 3", 1, 2);
    runFails(row(false, float64(true)), bytes(0x10, 0x02), "null marker 2", 0, 1);
    runFails(row(false, row(true, int64(false))), bytes(0x10, 0xff), "null marker 255", 0, 1);
  }

  @Test
  void nestingDeeperThanTheType() {
    // [[1]] written as ARRAY<ARRAY<INT64>> (01 01 02), read as ARRAY<INT64>: the element 01 is read
    // as -1 and 02 is left over: the row is longer than the type has room for.
    DenseType flat = row(false, array(int64(false), false));
    DenseRowCodec codec = new DenseRowCodec(flat);
    byte[] rowBytes = bytes(0x01, 0x01, 0x02);
    DenseRowFormatException e = assertThrows(DenseRowFormatException.class,
        () -> codec.deserialize(0x10, rowBytes, new int[] {0}, new int[] {3}, 1, DenseVector.create(flat, 1)));
    assertTrue(e.getMessage().contains("row ends 1 bytes before its given length") && e.getMessage().contains("row 0, byte offset 2"), e.getMessage());
    // in a length-prefixed run
    runFails(flat, bytes(0x11, 0x03, 0x01, 0x01, 0x02), "row ends 1 bytes before", 0, 4);
  }

  @Test
  void rowsOutsideTheInput() {
    DenseType t = row(false, int64(false));
    DenseRowCodec codec = new DenseRowCodec(t);
    DenseRowFormatException e = assertThrows(DenseRowFormatException.class,
        () -> codec.deserialize(0x10, bytes(0x02, 0x04), new int[] {0, 1}, new int[] {1, 5}, 2, DenseVector.create(t, 1)));
    assertTrue(e.getMessage().contains("row 1, byte offset 1"), e.getMessage());
    assertThrows(DenseRowFormatException.class,
        () -> codec.deserialize(0x10, bytes(0x02), new int[] {-1}, new int[] {1}, 1, DenseVector.create(t, 1)));
    assertThrows(DenseRowFormatException.class,
        () -> codec.deserialize(0x10, bytes(0x02), new int[] {0}, new int[] {0}, 1, DenseVector.create(t, 1)));
    assertThrows(DenseRowFormatException.class,
        () -> codec.deserialize(0x11, bytes(0x02), new int[] {0}, new int[] {1}, 1, DenseVector.create(t, 1)));
  }

  // ------------------------------------------------------------------ version 3: prefix varints

  /**
   * A row of {@code rowBytes} with format {@code format}, read as rows at offsets (row 1, after a
   * valid row 0 of {@code row0}) with 16 bytes of other data after it so that the column reader's
   * 8-byte loads run, and without them: each must fail naming row 1 and {@code offset} within
   * the row (the row starts at {@code row0.length}).
   */
  static void rowsFail(DenseType type, int format, byte[] row0, byte[] rowBytes, String expected, int offset) {
    DenseRowCodec codec = new DenseRowCodec(type);
    for (int pad : new int[] {0, 16}) {
      byte[] in = new byte[row0.length + rowBytes.length + pad];
      System.arraycopy(row0, 0, in, 0, row0.length);
      System.arraycopy(rowBytes, 0, in, row0.length, rowBytes.length);
      Arrays.fill(in, row0.length + rowBytes.length, in.length, (byte) 0xff);
      DenseRowFormatException e = assertThrows(DenseRowFormatException.class, () -> codec.deserialize(format, in,
          new int[] {0, row0.length}, new int[] {row0.length, rowBytes.length}, 2, DenseVector.create(type, 1)),
          () -> DenseRowGoldenTest.hex(rowBytes) + " with " + pad + " bytes after");
      assertTrue(e.getMessage().contains(expected), e.getMessage());
      assertEquals(1, e.row(), e.getMessage());
      assertEquals(row0.length + offset, e.offset(), e.getMessage());
    }
  }

  /** The bytes {@code codec} writes for the one-field row {@code value}. */
  static byte[] written(DenseType type, Object value) {
    DenseRowCodec codec = new DenseRowCodec(type);
    DenseVector batch = DenseVector.create(type, 1);
    batch.appendObject(new ArrayList<>(Arrays.asList(value)));
    int[] sizes = new int[1];
    byte[] out = new byte[(int) codec.rowSizes(batch, sizes)];
    codec.serialize(batch, sizes, out, new int[] {0});
    return out;
  }

  /** INT64 values of every prefix length 1 to 9 (zz64 of 2^(7k) - 1 and 2^(7k)), and the extremes. */
  static long[] everyLength() {
    List<Long> v = new ArrayList<>(List.of(0L, -1L, 1L, Long.MIN_VALUE, Long.MAX_VALUE));
    for (int k = 1; k <= 8; k++) {
      v.add(-(1L << (7 * k - 1)));
      v.add(1L << (7 * k - 1));
      v.add((1L << (7 * k - 1)) - 1);
    }
    return v.stream().mapToLong(Long::longValue).toArray();
  }

  /**
   * Every INT64 value of each prefix length, nullable and not, cut at every byte: as a run, a
   * length-prefixed run and a row at an offset (with and without bytes after it in the input),
   * each a DenseRowFormatException naming the row and the value's first byte.
   */
  @Test
  void prefixVarintsTruncatedAtEveryByte() {
    int cuts = 0;
    for (boolean nullable : new boolean[] {false, true}) {
      DenseType t = row(false, int64(nullable));
      for (long v : everyLength()) {
        byte[] full = written(t, v);
        for (int cut = 1; cut < full.length; cut++) {
          byte[] cutRow = Arrays.copyOf(full, cut);
          String what = "runs past the row's end";
          // a run: row 0 whole, row 1 cut (the run's end is the row's)
          runFails(t, DenseRowGoldenTest.concat(bytes(0x30), full, cutRow), what, 1, 1 + full.length);
          // a length-prefixed run whose second row's prefix says cut, with the rest of the value after it
          byte[] prefixed = DenseRowGoldenTest.concat(bytes(0x31, full.length), full, bytes(cut), full);
          runFails(t, prefixed, what, 1, 2 + full.length + 1);
          rowsFail(t, 0x30, full, cutRow, what, 0);
          cuts++;
        }
      }
    }
    assertTrue(cuts > 200, cuts + " cuts");
  }

  /**
   * Each INT64 value of every length as the last bytes of the input (no room for the 8-byte loads):
   * read by the byte-by-byte path, as a run and at an offset, to the same value.
   */
  @Test
  void prefixVarintsAtTheInputsEnd() {
    for (boolean nullable : new boolean[] {false, true}) {
      DenseType t = row(false, int64(nullable), int64(nullable));
      DenseRowCodec codec = new DenseRowCodec(t);
      for (long v : everyLength()) {
        for (long w : new long[] {v, 5L, Long.MIN_VALUE}) {
          DenseVector batch = DenseVector.create(t, 1);
          List<Object> r = new ArrayList<>(Arrays.asList(w, v));
          batch.appendObject(r);
          int[] sizes = new int[1];
          byte[] row = new byte[(int) codec.rowSizes(batch, sizes)];
          codec.serialize(batch, sizes, row, new int[] {0}); // exactly the row's bytes: the last ends at the array's end
          DenseVector back = DenseVector.create(t, 1);
          codec.deserialize(0x30, row, new int[] {0}, new int[] {row.length}, 1, back);
          assertEquals(r, back.getObject(0));
          byte[] run = DenseRowGoldenTest.concat(bytes(0x30), row);
          back.reset();
          assertEquals(1, codec.deserializeRun(run, 0, run.length, back));
          assertEquals(r, back.getObject(0));
        }
      }
    }
  }

  /**
   * Forms other than the shortest: readers reject them (each value has one encoding in version 3),
   * by the row reader and the column reader alike, at the value's first byte.
   */
  @Test
  void prefixVarintsNotInTheirShortestForm() {
    DenseType longs = row(false, int64(false));
    DenseType nullable = row(false, int64(true));
    String shorter = "which has a shorter form";
    // 0 in two bytes: (0 << 2) | 1 -> 01 00; 5 in two bytes: (5 << 2) | 1 = 0x15 -> 15 00.
    runFails(longs, bytes(0x30, 0x01, 0x00), "prefix varint of 2 bytes holds 0, " + shorter, 0, 1);
    runFails(longs, bytes(0x30, 0x15, 0x00), "prefix varint of 2 bytes holds 5, " + shorter, 0, 1);
    rowsFail(longs, 0x30, bytes(0x02), bytes(0x15, 0x00), "holds 5, " + shorter, 0);
    // the widest value of k bytes written in k + 1 (k = 1..7): 2^(7k) - 1 in the form with k
    // trailing ones: (u << (k + 1)) | (2^k - 1), k + 1 bytes little-endian.
    for (int k = 1; k <= 7; k++) {
      long u = (1L << (7 * k)) - 1;
      long word = (u << (k + 1)) | ((1L << k) - 1);
      byte[] b = new byte[k + 1];
      for (int i = 0; i < k + 1; i++) {
        b[i] = (byte) (word >>> (8 * i));
      }
      runFails(longs, DenseRowGoldenTest.concat(bytes(0x30), b), "prefix varint of " + (k + 1) + " bytes holds " + u + ", " + shorter, 0, 1);
      rowsFail(longs, 0x30, bytes(0x02), b, shorter, 0);
    }
    // nine bytes holding 2^56 - 1 (eight bytes' widest: 7f ff x 7): ff ff x 7 00
    byte[] nine = bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00);
    runFails(longs, DenseRowGoldenTest.concat(bytes(0x30), nine), "prefix varint of 9 bytes holds 72057594037927935, " + shorter, 0, 1);
    rowsFail(longs, 0x30, bytes(0x02), nine, shorter, 0);
    // ... and nine bytes holding 0
    byte[] nineZero = bytes(0xff, 0, 0, 0, 0, 0, 0, 0, 0);
    runFails(longs, DenseRowGoldenTest.concat(bytes(0x30), nineZero), "holds 0, " + shorter, 0, 1);
    // nullable: a null (0) in two bytes; zz + 1 = 3 in three bytes: (3 << 3) | 3 = 1b 00 00
    runFails(nullable, bytes(0x30, 0x01, 0x00), "holds 0, " + shorter, 0, 1);
    runFails(nullable, bytes(0x30, 0x1b, 0x00, 0x00), "prefix varint of 3 bytes holds 3, " + shorter, 0, 1);
    rowsFail(nullable, 0x30, bytes(0x00), bytes(0x1b, 0x00, 0x00), shorter, 0);
    // nullable, nine bytes: they hold zz itself, which must be at least 2^56 - 1 (below, zz + 1 fits
    // eight bytes): zz = 2^56 - 2 (ff, fe ff x 6 00) and zz = 0 are rejected; zz = 2^56 - 1 is -2^55
    byte[] nineNullable = bytes(0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00);
    String notTheForm = "nullable INT64 in 9 bytes holds zig-zag value 72057594037927934, whose form is the prefix varint of 72057594037927935";
    runFails(nullable, DenseRowGoldenTest.concat(bytes(0x30), nineNullable), notTheForm, 0, 1);
    rowsFail(nullable, 0x30, bytes(0x00), nineNullable, notTheForm, 0);
    runFails(nullable, DenseRowGoldenTest.concat(bytes(0x30), nineZero), "holds zig-zag value 0", 0, 1);
    rowsFail(nullable, 0x30, bytes(0x00), nineZero, "holds zig-zag value 0", 0);
    DenseVector back = DenseVector.create(nullable, 1);
    byte[] edge = DenseRowGoldenTest.concat(bytes(0x30), nine);
    new DenseRowCodec(nullable).deserializeRun(edge, 0, edge.length, back);
    assertEquals(Arrays.asList(-(1L << 55)), back.getObject(0));
    // in containers (wk = 0) and ROW fields: ARRAY<INT64> [5 in two bytes]: header 02, 15 00; a
    // MAP<INT64, INT64> {0: 0 in two bytes}: header 02, key 00, value 01 00
    runFails(row(false, array(int64(false), false)), bytes(0x30, 0x02, 0x15, 0x00), shorter, 0, 2);
    rowsFail(row(false, array(int64(false), false)), 0x30, bytes(0x00), bytes(0x02, 0x15, 0x00), shorter, 1);
    runFails(row(false, map(int64(false), int64(false), false)), bytes(0x30, 0x02, 0x00, 0x01, 0x00), shorter, 0, 3);
    runFails(row(false, row(true, int64(true))), bytes(0x30, 0x01, 0x1b, 0x00, 0x00), shorter, 0, 2);
    // version 2 still takes longer LEB128 forms: 5 as 85 00
    back = DenseVector.create(longs, 1);
    new DenseRowCodec(longs).deserializeRun(bytes(0x20, 0x8a, 0x00), 0, 3, back);
    assertEquals(List.of(5L), back.getObject(0));
  }

  // ------------------------------------------------------------------ version 4: INT32 prefix varints

  /** INT32 values of every prefix length 1 to 5 (zz32 of 2^(7k) - 1 and 2^(7k)), and the extremes. */
  static int[] everyInt32Length() {
    List<Integer> v = new ArrayList<>(List.of(0, -1, 1, Integer.MIN_VALUE, Integer.MAX_VALUE));
    for (int k = 1; k <= 4; k++) {
      v.add(-(1 << (7 * k - 1)));
      v.add(1 << (7 * k - 1));
      v.add((1 << (7 * k - 1)) - 1);
    }
    return v.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Every INT32 value of each prefix length (1 to 5 bytes), nullable and not, cut at every byte:
   * as a run, a length-prefixed run and a row at an offset (with and without bytes after it), each
   * a DenseRowFormatException naming the row and the value's first byte.
   */
  @Test
  void int32PrefixVarintsTruncatedAtEveryByte() {
    int cuts = 0;
    for (boolean nullable : new boolean[] {false, true}) {
      DenseType t = row(false, int32(nullable));
      for (int v : everyInt32Length()) {
        byte[] full = written(t, v);
        assertTrue(full.length >= 1 && full.length <= 5, full.length + " bytes");
        for (int cut = 1; cut < full.length; cut++) {
          byte[] cutRow = Arrays.copyOf(full, cut);
          String what = "runs past the row's end";
          runFails(t, DenseRowGoldenTest.concat(bytes(0x40), full, cutRow), what, 1, 1 + full.length);
          byte[] prefixed = DenseRowGoldenTest.concat(bytes(0x41, full.length), full, bytes(cut), full);
          runFails(t, prefixed, what, 1, 2 + full.length + 1);
          rowsFail(t, 0x40, full, cutRow, what, 0);
          cuts++;
        }
      }
    }
    assertTrue(cuts > 50, cuts + " cuts");
  }

  /**
   * Each INT32 value of every length as the last bytes of the input (no room for the 8-byte loads),
   * next to INT64 values: read by the byte-by-byte path, as a run and at an offset.
   */
  @Test
  void int32PrefixVarintsAtTheInputsEnd() {
    for (boolean nullable : new boolean[] {false, true}) {
      DenseType t = row(false, int32(nullable), int64(nullable), int32(nullable));
      DenseRowCodec codec = new DenseRowCodec(t);
      for (int v : everyInt32Length()) {
        for (int w : new int[] {v, 5, Integer.MIN_VALUE}) {
          DenseVector batch = DenseVector.create(t, 1);
          List<Object> r = new ArrayList<>(Arrays.asList(w, (long) v, v));
          batch.appendObject(r);
          int[] sizes = new int[1];
          byte[] row = new byte[(int) codec.rowSizes(batch, sizes)];
          codec.serialize(batch, sizes, row, new int[] {0});
          DenseVector back = DenseVector.create(t, 1);
          codec.deserialize(0x40, row, new int[] {0}, new int[] {row.length}, 1, back);
          assertEquals(r, back.getObject(0));
          byte[] run = DenseRowGoldenTest.concat(bytes(0x40), row);
          back.reset();
          assertEquals(1, codec.deserializeRun(run, 0, run.length, back));
          assertEquals(r, back.getObject(0));
        }
      }
    }
  }

  /**
   * INT32 prefix varints other than the shortest form, and shortest forms out of range (a
   * not-nullable zz32 at or above 2^32, a nullable zz32 + 1 above 2^32, anything of 6 to 9
   * bytes): rejected by the row and the column readers at the value's first byte; in ROW fields,
   * arrays (wk = 0) and maps.
   */
  @Test
  void int32PrefixVarintsNotShortestOrOutOfRange() {
    DenseType ints = row(false, int32(false));
    DenseType nullable = row(false, int32(true));
    String shorter = "which has a shorter form";
    // 0 in two bytes: 01 00; 5 in two bytes: (5 << 2) | 1 = 0x15 -> 15 00
    runFails(ints, bytes(0x40, 0x01, 0x00), "prefix varint of 2 bytes holds 0, " + shorter, 0, 1);
    rowsFail(ints, 0x40, bytes(0x02), bytes(0x15, 0x00), "holds 5, " + shorter, 0);
    // the widest value of k bytes in k + 1 (k = 1..4): (u << (k + 1)) | (2^k - 1)
    for (int k = 1; k <= 4; k++) {
      long u = (1L << (7 * k)) - 1;
      long word = (u << (k + 1)) | ((1L << k) - 1);
      byte[] b = new byte[k + 1];
      for (int i = 0; i < k + 1; i++) {
        b[i] = (byte) (word >>> (8 * i));
      }
      runFails(ints, DenseRowGoldenTest.concat(bytes(0x40), b), "prefix varint of " + (k + 1) + " bytes holds " + u + ", " + shorter, 0, 1);
      rowsFail(ints, 0x40, bytes(0x02), b, shorter, 0);
      runFails(nullable, DenseRowGoldenTest.concat(bytes(0x40), b), shorter, 0, 1);
      rowsFail(nullable, 0x40, bytes(0x00), b, shorter, 0);
    }
    // five bytes out of range: 2^32 not nullable ((2^32 << 5) | 0x0f: 0f 00 00 00 20); 2^32 + 1
    // nullable (2f 00 00 00 20); 2^35 - 1 either way (ef ff ff ff ff)
    byte[] twoTo32 = bytes(0x0f, 0x00, 0x00, 0x00, 0x20);
    runFails(ints, DenseRowGoldenTest.concat(bytes(0x40), twoTo32), "prefix varint 4294967296 out of INT32 range", 0, 1);
    rowsFail(ints, 0x40, bytes(0x02), twoTo32, "out of INT32 range", 0);
    byte[] twoTo32Plus1 = bytes(0x2f, 0x00, 0x00, 0x00, 0x20);
    runFails(nullable, DenseRowGoldenTest.concat(bytes(0x40), twoTo32Plus1), "prefix varint 4294967297 out of INT32 range", 0, 1);
    rowsFail(nullable, 0x40, bytes(0x00), twoTo32Plus1, "out of INT32 range", 0);
    byte[] widest = bytes(0xef, 0xff, 0xff, 0xff, 0xff);
    for (DenseType t : new DenseType[] {ints, nullable}) {
      runFails(t, DenseRowGoldenTest.concat(bytes(0x40), widest), "out of INT32 range", 0, 1);
      rowsFail(t, 0x40, bytes(0x00), widest, "out of INT32 range", 0);
    }
    // ... and 2^32 nullable is Integer.MIN_VALUE (zz32 = 2^32 - 1, + 1)
    DenseVector back = DenseVector.create(nullable, 1);
    byte[] edge = DenseRowGoldenTest.concat(bytes(0x40), twoTo32);
    new DenseRowCodec(nullable).deserializeRun(edge, 0, edge.length, back);
    assertEquals(Arrays.asList(Integer.MIN_VALUE), back.getObject(0));
    // six to nine bytes, in their shortest forms, are out of range: 2^35 in six bytes
    // ((2^35 << 6) | 0x1f: 1f 00 00 00 00 02), 2^56 in nine (ff 00 x 7 01)
    byte[] six = bytes(0x1f, 0x00, 0x00, 0x00, 0x00, 0x02);
    byte[] nine = bytes(0xff, 0, 0, 0, 0, 0, 0, 0, 0x01);
    for (DenseType t : new DenseType[] {ints, nullable}) {
      runFails(t, DenseRowGoldenTest.concat(bytes(0x40), six), "prefix varint 34359738368 out of INT32 range", 0, 1);
      rowsFail(t, 0x40, bytes(0x00), six, "out of INT32 range", 0);
      runFails(t, DenseRowGoldenTest.concat(bytes(0x40), nine), "out of INT32 range", 0, 1);
      rowsFail(t, 0x40, bytes(0x00), nine, "out of INT32 range", 0);
    }
    // in containers (wk = 0) and ROW fields: ARRAY<INT32> [5 in two bytes]: header 02, 15 00; a
    // MAP<INT32, INT32> {0: 0 in two bytes}: header 02, key 00, value 01 00; ROW?<INT32?> 01, 3 in
    // three bytes (1b 00 00); ARRAY<INT32> [2^32]
    runFails(row(false, array(int32(false), false)), bytes(0x40, 0x02, 0x15, 0x00), shorter, 0, 2);
    rowsFail(row(false, array(int32(false), false)), 0x40, bytes(0x00), bytes(0x02, 0x15, 0x00), shorter, 1);
    runFails(row(false, map(int32(false), int32(false), false)), bytes(0x40, 0x02, 0x00, 0x01, 0x00), shorter, 0, 3);
    runFails(row(false, row(true, int32(true))), bytes(0x40, 0x01, 0x1b, 0x00, 0x00), shorter, 0, 2);
    runFails(row(false, array(int32(false), false)), DenseRowGoldenTest.concat(bytes(0x40, 0x02), twoTo32), "out of INT32 range", 0, 2);
    // version 3 still reads INT32 as LEB128: 5 as 0a, and a longer form 8a 00
    back = DenseVector.create(ints, 1);
    new DenseRowCodec(ints).deserializeRun(bytes(0x30, 0x8a, 0x00), 0, 3, back);
    assertEquals(List.of(5), back.getObject(0));
  }

  /**
   * Every truncation of valid runs, and seeded random byte damage (flips, inserted and removed
   * bytes, varint-sized lies), read back: success or a DenseRowFormatException, and for a run
   * without length prefixes cut at a row boundary, the rows before the cut.
   */
  @Test
  void truncationsAndDamage() {
    Random random = new Random(SEED);
    System.out.println("DenseRowBadInputTest seed " + SEED);
    int failures = 0;
    int successes = 0;
    for (int s = 0; s < 120; s++) {
      DenseType type = DenseRowData.rowType(random, 5, 3);
      List<Object> rows = new ArrayList<>();
      DenseVector batch = DenseRowData.batch(random, type, 1 + random.nextInt(6), 0.4, rows);
      DenseRowCodec codec = new DenseRowCodec(type);
      int options = random.nextBoolean() ? 0 : DenseRowCodec.LENGTH_PREFIXED;
      int[] sizes = new int[rows.size()];
      byte[] run = new byte[(int) codec.runSize(batch, options, sizes)];
      codec.serializeRun(batch, options, sizes, run, 0);
      for (int cut = 0; cut < run.length; cut++) {
        byte[] damaged = Arrays.copyOf(run, cut);
        if (read(codec, type, damaged)) {
          successes++;
        } else {
          failures++;
        }
      }
      for (int k = 0; k < 200; k++) {
        byte[] damaged = damage(random, run);
        if (read(codec, type, damaged)) {
          successes++;
        } else {
          failures++;
        }
      }
    }
    assertTrue(failures > 1000 && successes > 100, failures + " failures, " + successes + " successes");
  }

  /**
   * The column readers of rows at given offsets (one loop per column, a checked fallback) and the
   * row reader of runs (every byte checked) on the same damaged rows of integer columns with values
   * of every length and nulls among them: both fail, or both give the same values. Version 4 rows
   * as the codec writes them, version 3 rows (INT32 as LEB128) and version 2 rows (INT64 as LEB128
   * too) from the test's own encoders.
   */
  @ParameterizedTest
  @ValueSource(ints = {4, 3, 2})
  void columnReadersAgreeWithTheRowReader(int version) {
    long seed = SEED + 4 + version;
    Random random = new Random(seed);
    System.out.println("DenseRowBadInputTest column readers seed " + seed + ", version " + version);
    DenseType[] types = {row(false, int64(true)), row(false, int64(false)), row(false, int32(true)),
        row(false, int64(true), int64(false), int32(false), int64(true))};
    int agreedValues = 0;
    int agreedFailures = 0;
    for (DenseType type : types) {
      DenseRowCodec codec = new DenseRowCodec(type);
      for (int k = 0; k < 3000; k++) {
        DenseVector batch = DenseVector.create(type, 1);
        List<Object> fields = new ArrayList<>();
        for (int f = 0; f < type.childCount(); f++) {
          DenseType t = type.child(f);
          long x = anyLength(random);
          fields.add(t.nullable() && random.nextInt(4) == 0 ? null : t.kind() == DenseType.Kind.INT32 ? (Object) (int) x : (Object) x);
        }
        batch.appendObject(fields);
        byte[] row;
        if (version == 4) {
          int[] sizes = new int[1];
          row = new byte[(int) codec.rowSizes(batch, sizes)];
          codec.serialize(batch, sizes, row, new int[] {0});
        } else {
          row = version == 3 ? version3Row(type, fields) : version2Row(type, fields);
        }
        byte[] damaged = k % 4 == 0 ? row : damage(random, row);
        if (damaged.length == 0) {
          continue;
        }
        // Room after the row, as in a buffer of many rows, half the time.
        byte[] input = random.nextBoolean() ? damaged : Arrays.copyOf(damaged, damaged.length + 16);
        Object byColumn;
        Object byRow;
        try {
          DenseVector v = DenseVector.create(type, 1);
          codec.deserialize(version << 4, input, new int[] {0}, new int[] {damaged.length}, 1, v);
          byColumn = v.getObject(0);
        } catch (DenseRowFormatException e) {
          byColumn = "failed";
        }
        try {
          // A length-prefixed run of the one row (rows of under 128 bytes: a one-byte prefix).
          byte[] run = new byte[damaged.length + 2];
          run[0] = (byte) ((version << 4) | DenseRowCodec.LENGTH_PREFIXED);
          run[1] = (byte) damaged.length;
          System.arraycopy(damaged, 0, run, 2, damaged.length);
          DenseVector v = DenseVector.create(type, 1);
          assertEquals(1, codec.deserializeRun(run, 0, run.length, v));
          byRow = v.getObject(0);
        } catch (DenseRowFormatException e) {
          byRow = "failed";
        }
        assertEquals(byRow, byColumn, () -> type + " row " + DenseRowGoldenTest.hex(damaged) + " (seed " + seed + ")");
        if (byRow.equals("failed")) {
          agreedFailures++;
        } else {
          agreedValues++;
        }
      }
    }
    assertTrue(agreedValues > 3000 && agreedFailures > 1000, agreedValues + " values, " + agreedFailures + " failures");
  }

  /**
   * A row of INT32 and INT64 fields in version 3: INT64 as prefix varints (zz64 + 1 where nullable,
   * 0xFF and zz64 where that is not below 2^56), INT32 as LEB128 varints (zz32, + 1 where
   * nullable), 00 for a null.
   */
  static byte[] version3Row(DenseType type, List<Object> fields) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int f = 0; f < type.childCount(); f++) {
      DenseType t = type.child(f);
      Object x = fields.get(f);
      if (x == null) {
        out.write(0);
        continue;
      }
      if (t.kind() == DenseType.Kind.INT64) {
        long z = ((Long) x << 1) ^ ((Long) x >> 63);
        if (t.nullable() && Long.compareUnsigned(z + 1, 1L << 56) >= 0 || t.nullable() && z == -1L) {
          out.write(0xFF);
          for (int k = 0; k < 8; k++) {
            out.write((int) (z >>> (8 * k)) & 0xFF);
          }
        } else {
          DenseRowRoundTripTest.referencePrefix(z + (t.nullable() ? 1 : 0), out);
        }
        continue;
      }
      long u = Integer.toUnsignedLong(((Integer) x << 1) ^ ((Integer) x >> 31)) + (t.nullable() ? 1 : 0);
      while ((u & ~0x7FL) != 0) {
        out.write((int) (u & 0x7F) | 0x80);
        u >>>= 7;
      }
      out.write((int) u);
    }
    return out.toByteArray();
  }

  /**
   * A row of INT32 and INT64 fields in version 2: LEB128 varints of the zig-zag values, + 1 where
   * nullable (65 bits for a nullable Long.MIN_VALUE: 80 x 9 02), 00 for a null.
   */
  static byte[] version2Row(DenseType type, List<Object> fields) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int f = 0; f < type.childCount(); f++) {
      DenseType t = type.child(f);
      Object x = fields.get(f);
      if (x == null) {
        out.write(0);
        continue;
      }
      long z = t.kind() == DenseType.Kind.INT32
          ? Integer.toUnsignedLong(((Integer) x << 1) ^ ((Integer) x >> 31)) : ((Long) x << 1) ^ ((Long) x >> 63);
      if (t.nullable() && z == -1L) {
        out.writeBytes(bytes(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02));
        continue;
      }
      long u = z + (t.nullable() ? 1 : 0);
      while ((u & ~0x7FL) != 0) {
        out.write((int) (u & 0x7F) | 0x80);
        u >>>= 7;
      }
      out.write((int) u);
    }
    return out.toByteArray();
  }

  /** A long whose zig-zag prefix varint takes any of 1 to 9 bytes (LEB128: 1 to 10), with the extremes. */
  static long anyLength(Random random) {
    switch (random.nextInt(8)) {
      case 0: return Long.MIN_VALUE;
      case 1: return Long.MAX_VALUE;
      case 2: return random.nextInt(3) - 1;
      default: {
        int bits = 1 + random.nextInt(63);
        long x = random.nextLong() >>> (64 - bits);
        return random.nextBoolean() ? x : ~x;
      }
    }
  }

  static boolean read(DenseRowCodec codec, DenseType type, byte[] input) {
    try {
      codec.deserializeRun(input, 0, input.length, DenseVector.create(type, 1));
      return true;
    } catch (DenseRowFormatException e) {
      assertTrue(e.getMessage().startsWith("DenseRow: ") && e.getMessage().contains("byte offset"), e.getMessage());
      assertTrue(e.offset() >= -1 && e.offset() <= input.length, e.getMessage());
      return false;
    } catch (ParquetDecodingException e) {
      throw new AssertionError("not a DenseRowFormatException: " + e, e);
    } catch (RuntimeException e) {
      fail("input " + DenseRowGoldenTest.hex(input) + " of " + type + " threw " + e, e);
      return false;
    }
  }

  static byte[] damage(Random random, byte[] run) {
    byte[] b = run.clone();
    switch (random.nextInt(5)) {
      case 0:
        b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
        return b;
      case 1:
        b[random.nextInt(b.length)] = (byte) random.nextInt(256);
        return b;
      case 2: {
        int at = random.nextInt(b.length + 1);
        byte[] out = new byte[b.length + 1];
        System.arraycopy(b, 0, out, 0, at);
        out[at] = (byte) random.nextInt(256);
        System.arraycopy(b, at, out, at + 1, b.length - at);
        return out;
      }
      case 3: {
        int at = random.nextInt(b.length);
        byte[] out = new byte[b.length - 1];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(b, at + 1, out, at, b.length - at - 1);
        return out;
      }
      default: {
        // a long varint where one byte was
        int at = 1 + random.nextInt(Math.max(1, b.length - 1));
        byte[] lie = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f};
        byte[] out = new byte[b.length + lie.length];
        System.arraycopy(b, 0, out, 0, Math.min(at, b.length));
        System.arraycopy(lie, 0, out, Math.min(at, b.length), lie.length);
        if (at < b.length) {
          System.arraycopy(b, at, out, at + lie.length, b.length - at);
        }
        return Arrays.copyOf(out, b.length + lie.length);
      }
    }
  }
}
