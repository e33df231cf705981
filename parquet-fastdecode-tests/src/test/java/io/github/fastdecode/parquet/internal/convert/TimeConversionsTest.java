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
package io.github.fastdecode.parquet.internal.convert;

import static io.github.fastdecode.parquet.conformance.ParquetJavaPages.column;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.bytestreamsplit.ByteStreamSplitReaders;
import io.github.fastdecode.parquet.conformance.ConversionShapes;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.plain.PlainReaders;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Function;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/** Date/time conversions: exact where the result fits, ArithmeticException naming the value where not. */
class TimeConversionsTest {
  static final long SEED = 0x5EED_0005L;
  static final long MAX_MILLIS = Long.MAX_VALUE / 1000;
  static final long MAX_DAYS = Long.MAX_VALUE / 86_400_000_000L;
  static final int EPOCH = 2_440_588;

  @Test
  void millisToMicros() {
    assertEquals(0, TimeConversions.millisToMicros(0));
    assertEquals(-1000, TimeConversions.millisToMicros(-1));
    assertEquals(MAX_MILLIS * 1000, TimeConversions.millisToMicros(MAX_MILLIS));
    assertEquals(-MAX_MILLIS * 1000, TimeConversions.millisToMicros(-MAX_MILLIS));
    for (long bad : new long[] {MAX_MILLIS + 1, -MAX_MILLIS - 1, Long.MAX_VALUE, Long.MIN_VALUE}) {
      ArithmeticException e = assertThrows(ArithmeticException.class, () -> TimeConversions.millisToMicros(bad));
      assertTrue(e.getMessage().contains(Long.toString(bad)), e.getMessage());
    }
  }

  @Test
  void daysToMicros() {
    assertEquals(86_400_000_000L, TimeConversions.daysToMicros(1));
    assertEquals(MAX_DAYS * 86_400_000_000L, TimeConversions.daysToMicros(MAX_DAYS));
    assertEquals(-MAX_DAYS * 86_400_000_000L, TimeConversions.daysToMicros(-MAX_DAYS));
    for (long bad : new long[] {MAX_DAYS + 1, -MAX_DAYS - 1, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
      ArithmeticException e = assertThrows(ArithmeticException.class, () -> TimeConversions.daysToMicros(bad));
      assertTrue(e.getMessage().contains(Long.toString(bad)), e.getMessage());
    }
  }

  /**
   * The bulk conversions check a whole run's range before multiplying: equal to the value-at-a-time
   * conversion on runs of values at and around the limits, and the first value out of range throws,
   * wherever it lies in the run.
   */
  @Test
  void bulkConversionsEqualTheScalarOnesAndThrowOnTheFirstValueOutOfRange() {
    java.util.Random random = new java.util.Random(SEED);
    long[][] limits = {
      {0, 1, -1, MAX_MILLIS, -MAX_MILLIS, Long.MIN_VALUE / 1000, MAX_MILLIS - 1},
      {0, 1, -1, MAX_DAYS, -MAX_DAYS, MAX_DAYS - 1, 19_000}};
    long[][] outside = {
      {MAX_MILLIS + 1, Long.MIN_VALUE / 1000 - 1, Long.MAX_VALUE, Long.MIN_VALUE},
      {MAX_DAYS + 1, -MAX_DAYS - 1, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MAX_VALUE}};
    for (int kind = 0; kind < 2; kind++) {
      for (int round = 0; round < 200; round++) {
        int n = 1 + random.nextInt(round % 4 == 0 ? 700 : 40); // past the checks' 256-value blocks too
        int offset = random.nextInt(3);
        long[] values = new long[offset + n + 2];
        for (int i = 0; i < values.length; i++) {
          values[i] = random.nextBoolean() ? limits[kind][random.nextInt(limits[kind].length)]
              : random.nextLong() % (kind == 0 ? MAX_MILLIS : MAX_DAYS);
        }
        long[] expected = values.clone();
        for (int i = offset; i < offset + n; i++) {
          expected[i] = kind == 0 ? TimeConversions.millisToMicros(values[i]) : TimeConversions.daysToMicros(values[i]);
        }
        long[] bad = values.clone();
        int at = offset + random.nextInt(n);
        bad[at] = outside[kind][random.nextInt(outside[kind].length)];
        if (kind == 0) {
          TimeConversions.millisToMicros(values, offset, n);
          assertThrows(ArithmeticException.class, () -> TimeConversions.millisToMicros(bad, offset, n));
        } else {
          TimeConversions.daysToMicros(values, offset, n);
          ArithmeticException e = assertThrows(ArithmeticException.class, () -> TimeConversions.daysToMicros(bad, offset, n));
          assertTrue(e.getMessage().contains(Long.toString(bad[at])), e.getMessage());
        }
        assertArrayEquals(expected, values, "kind " + kind + " round " + round);
      }
    }
    // DATE from ints into a separate long array (widened, checked and multiplied in one pass).
    int[] intOutside = {(int) MAX_DAYS + 1, (int) -MAX_DAYS - 1, Integer.MAX_VALUE, Integer.MIN_VALUE};
    for (int round = 0; round < 200; round++) {
      int n = 1 + random.nextInt(round % 4 == 0 ? 700 : 40); // past the checks' 256-value blocks too
      int from = random.nextInt(3);
      int to = random.nextInt(3);
      int[] days = new int[from + n + 2];
      for (int i = 0; i < days.length; i++) {
        days[i] = random.nextBoolean() ? (int) limits[1][random.nextInt(limits[1].length)]
            : (int) (random.nextLong() % MAX_DAYS);
      }
      long[] out = new long[to + n + 2];
      out[0] = 7;
      out[out.length - 1] = 9;
      long[] expected = out.clone();
      for (int i = 0; i < n; i++) {
        expected[to + i] = TimeConversions.daysToMicros(days[from + i]);
      }
      TimeConversions.daysToMicros(days, from, out, to, n);
      assertArrayEquals(expected, out, "ints round " + round);
      int at = from + random.nextInt(n);
      days[at] = intOutside[random.nextInt(intOutside.length)];
      long[] untouched = new long[to + n];
      java.util.Arrays.fill(untouched, 5);
      ArithmeticException e = assertThrows(ArithmeticException.class,
          () -> TimeConversions.daysToMicros(days, from, untouched, to, n));
      assertTrue(e.getMessage().contains(Integer.toString(days[at])), e.getMessage());
      assertTrue(java.util.Arrays.stream(untouched).allMatch(v -> v == 5), "written before the throw");
    }
  }

  /** A value out of range throws wherever it sits in a long run (the checks work in blocks). */
  @Test
  void bulkConversionsFindAnOutOfRangeValueAtEveryPosition() {
    int n = 600;
    for (int at = 0; at < n; at++) {
      long[] millis = new long[n + 1];
      millis[1 + at] = MAX_MILLIS + 1;
      assertThrows(ArithmeticException.class, () -> TimeConversions.millisToMicros(millis, 1, n), "millis at " + at);
      long[] days = new long[n + 1];
      days[1 + at] = -MAX_DAYS - 1;
      assertThrows(ArithmeticException.class, () -> TimeConversions.daysToMicros(days, 1, n), "days at " + at);
      int[] intDays = new int[n + 1];
      intDays[1 + at] = (int) MAX_DAYS + 1;
      assertThrows(ArithmeticException.class, () -> TimeConversions.daysToMicros(intDays, 1, new long[n], 0, n), "int days at " + at);
    }
  }

  /** A PLAIN DATE out of range throws in the read that reaches it, wherever it sits in the 1,024-int chunks. */
  @Test
  void plainDateOutOfRangeThrowsInTheReadThatReachesIt() throws IOException {
    int n = 3000;
    for (int bad : new int[] {0, 1, 1023, 1024, 1500, 2047, 2999}) {
      long[] days = new long[n];
      for (int i = 0; i < n; i++) {
        days[i] = i - 1000;
      }
      days[bad] = bad % 2 == 0 ? MAX_DAYS + 1 : Integer.MIN_VALUE;
      BatchValuesReader r = PlainReaders.forColumn(column(PrimitiveTypeName.INT32));
      r.initFromPage(n, InputKind.HEAP.open(ParquetJavaPages.plainInts(days)));
      long[] out = new long[1500];
      for (int done = 0; done < n; done += 1500) {
        if (bad >= done && bad < done + 1500) {
          ArithmeticException e = assertThrows(ArithmeticException.class, () -> r.readDatesAsMicros(out, 0, 1500), "bad at " + bad);
          assertTrue(e.getMessage().contains(Long.toString(days[bad])), e.getMessage());
          break;
        }
        r.readDatesAsMicros(out, 0, 1500);
        for (int i = 0; i < 1500; i++) {
          assertEquals(TimeConversions.daysToMicros(days[done + i]), out[i], "bad at " + bad + " value " + (done + i));
        }
      }
    }
  }

  /**
   * PLAIN INT32 widened reads (to long, to double, DATE to micros, unsigned to long) copy the page in chunks of 1,024
   * ints before widening: calls shorter than, equal to and longer than a chunk, at an offset, over
   * every input kind, give each value as widening it alone does.
   */
  @Test
  void widenedPlainInt32ReadsAcrossChunks() throws IOException {
    Random random = new Random(SEED + 1);
    int n = 5000;
    long[] days = new long[n];
    for (int i = 0; i < n; i++) {
      days[i] = random.nextInt((int) (2 * MAX_DAYS + 1)) - MAX_DAYS;
    }
    byte[] page = ParquetJavaPages.plainInts(days);
    int[] calls = {1, 1023, 1024, 1025, 1047, 880};
    for (InputKind kind : InputKind.values()) {
      for (int method = 0; method < 4; method++) {
        BatchValuesReader r = PlainReaders.forColumn(column(PrimitiveTypeName.INT32));
        r.initFromPage(n, kind.open(page));
        int done = 0;
        for (int m : calls) {
          long[] longs = new long[m + 3];
          double[] doubles = new double[m + 3];
          if (method == 0) {
            r.readIntegersAsLongs(longs, 3, m);
          } else if (method == 1) {
            r.readIntegersAsDoubles(doubles, 3, m);
          } else if (method == 2) {
            r.readDatesAsMicros(longs, 3, m);
          } else {
            r.readUnsignedIntegersAsLongs(longs, 3, m);
          }
          for (int i = 0; i < m; i++) {
            long v = days[done + i];
            String where = kind + " method " + method + " value " + (done + i);
            if (method == 1) {
              assertEquals((double) v, doubles[3 + i], where);
            } else {
              long want = method == 0 ? v : method == 2 ? TimeConversions.daysToMicros(v) : v & 0xFFFF_FFFFL;
              assertEquals(want, longs[3 + i], where);
            }
          }
          done += m;
        }
        assertEquals(n, done);
      }
    }
  }

  @Test
  void nanosToMicrosRoundsDown() {
    long[] in = {0, 999, 1000, -1, -999, -1000, -1001, Long.MAX_VALUE, Long.MIN_VALUE};
    long[] out = in.clone();
    TimeConversions.nanosToMicros(out, 0, out.length);
    long[] expected = new long[in.length];
    for (int i = 0; i < in.length; i++) {
      expected[i] = BigInteger.valueOf(in[i]).subtract(BigInteger.valueOf(Math.floorMod(in[i], 1000L)))
          .divide(BigInteger.valueOf(1000)).longValueExact();
    }
    assertArrayEquals(expected, out);
    assertEquals(-1, out[3]);
    assertEquals(-2, out[6]);
  }

  @Test
  void int96Epoch() {
    assertEquals(0, TimeConversions.int96ToMicros(EPOCH, 0));
    assertEquals(0, TimeConversions.int96ToNanos(EPOCH, 0));
    assertEquals(0, TimeConversions.int96ToMicros(ConversionShapes.int96(EPOCH, 0), 0));
    assertEquals(-1, TimeConversions.int96ToMicros(EPOCH, -1));
    assertEquals(-1, TimeConversions.int96ToNanos(EPOCH, -1));
    assertEquals(-86_400_000_000L + 1, TimeConversions.int96ToMicros(EPOCH - 1, 1000));
  }

  /** Exact BigInteger arithmetic, or null where it does not fit in a long. */
  static Long int96Reference(int day, long nanos, boolean micros) {
    BigInteger days = BigInteger.valueOf(day).subtract(BigInteger.valueOf(EPOCH));
    BigInteger v = micros
        ? days.multiply(BigInteger.valueOf(86_400_000_000L)).add(BigInteger.valueOf(Math.floorDiv(nanos, 1000L)))
        : days.multiply(BigInteger.valueOf(86_400_000_000_000L)).add(BigInteger.valueOf(nanos));
    return v.bitLength() < 64 ? v.longValue() : null;
  }

  static void checkInt96(int day, long nanos, String where) {
    for (boolean micros : new boolean[] {true, false}) {
      Long expected = int96Reference(day, nanos, micros);
      String what = where + ": INT96 day " + day + " nanos " + nanos + (micros ? " as micros" : " as nanos");
      if (expected == null) {
        ArithmeticException e = assertThrows(ArithmeticException.class,
            () -> { long ignored = micros ? TimeConversions.int96ToMicros(day, nanos) : TimeConversions.int96ToNanos(day, nanos); },
            what);
        assertTrue(e.getMessage().contains(Integer.toString(day)) && e.getMessage().contains(Long.toString(nanos)), e.getMessage());
      } else {
        assertEquals(expected.longValue(), micros ? TimeConversions.int96ToMicros(day, nanos) : TimeConversions.int96ToNanos(day, nanos), what);
      }
    }
  }

  /** Around each representable edge, both sides; and the far days a 4-byte Julian day can hold. */
  @Test
  void int96EdgesAgainstBigInteger() {
    long npd = 86_400_000_000_000L;
    long mpd = 86_400_000_000L;
    int[] days = {EPOCH, 0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE,
        (int) (EPOCH + Long.MAX_VALUE / npd), (int) (EPOCH + Math.floorDiv(Long.MIN_VALUE, npd)),
        (int) (EPOCH + Long.MAX_VALUE / mpd), (int) (EPOCH + Math.floorDiv(Long.MIN_VALUE, mpd))};
    long[] nanos = {0, 1, -1, 999, 1000, -1000, -1001, npd - 1, npd, Long.MAX_VALUE, Long.MIN_VALUE,
        Long.MAX_VALUE - (Long.MAX_VALUE / npd) * npd, Long.MIN_VALUE - Math.floorDiv(Long.MIN_VALUE, npd) * npd,
        (Long.MAX_VALUE - (Long.MAX_VALUE / mpd) * mpd) * 1000 + 999, (Long.MIN_VALUE - Math.floorDiv(Long.MIN_VALUE, mpd) * mpd) * 1000};
    for (int d : days) {
      for (int dd = -1; dd <= 1; dd++) {
        for (long n : nanos) {
          for (long dn = -1; dn <= 1; dn++) {
            checkInt96(d + dd, n + dn, "edges");
          }
        }
      }
    }
  }

  @Test
  void int96RandomAgainstBigInteger() {
    Random r = new Random(SEED);
    for (int i = 0; i < 200_000; i++) {
      int day = r.nextBoolean() ? r.nextInt() : EPOCH + (int) ((r.nextLong() % (2 * MAX_DAYS)) - MAX_DAYS);
      long nanos = r.nextBoolean() ? r.nextLong() : (long) (r.nextDouble() * 86_400_000_000_000L);
      checkInt96(day, nanos, "random seed=" + SEED + " i=" + i);
    }
  }

  // ------------------------------------------------------------------ through the readers

  interface Open {
    BatchValuesReader open(ColumnDescriptor c);
  }

  static final Open[] ENCODINGS = {PlainReaders::forColumn, ByteStreamSplitReaders::forColumn};

  static BatchValuesReader open(Open enc, PrimitiveTypeName type, byte[] plain, byte[] bss, int n) throws IOException {
    BatchValuesReader r = enc.open(column(type));
    r.initFromPage(n, InputKind.HEAP.open(enc == ENCODINGS[0] ? plain : bss));
    return r;
  }

  /**
   * One overflowing value among good ones: ArithmeticException naming it, and the position stays
   * before the batch so the good values before it can still be read.
   */
  @Test
  void overflowThroughTheReaders() throws IOException {
    long[] millis = {1, 2, MAX_MILLIS, MAX_MILLIS + 1, 5};
    long[] days = {1, 2, MAX_DAYS, Integer.MAX_VALUE, 5};
    for (Open enc : ENCODINGS) {
      BatchValuesReader r = open(enc, PrimitiveTypeName.INT64, ParquetJavaPages.plainLongs(millis), ParquetJavaPages.bssLongs(millis), 5);
      long[] dst = new long[5];
      ArithmeticException e = assertThrows(ArithmeticException.class, () -> r.readTimestampMillisAsMicros(dst, 0, 5), r.toString());
      assertTrue(e.getMessage().contains(Long.toString(MAX_MILLIS + 1)), e.getMessage());
      r.readTimestampMillisAsMicros(dst, 0, 3);
      assertArrayEquals(new long[] {1000, 2000, MAX_MILLIS * 1000}, Arrays.copyOf(dst, 3));

      BatchValuesReader d = open(enc, PrimitiveTypeName.INT32, ParquetJavaPages.plainInts(days), ParquetJavaPages.bssInts(days), 5);
      e = assertThrows(ArithmeticException.class, () -> d.readDatesAsMicros(dst, 0, 5), d.toString());
      assertTrue(e.getMessage().contains(Integer.toString(Integer.MAX_VALUE)), e.getMessage());
      d.readDatesAsMicros(dst, 0, 3);
      assertArrayEquals(new long[] {86_400_000_000L, 2 * 86_400_000_000L, MAX_DAYS * 86_400_000_000L}, Arrays.copyOf(dst, 3));
    }
    byte[][] int96 = {ConversionShapes.int96(EPOCH, 0), ConversionShapes.int96(Integer.MAX_VALUE, 0)};
    BatchValuesReader r = PlainReaders.forColumn(column(PrimitiveTypeName.INT96));
    r.initFromPage(2, InputKind.DIRECT.open(ParquetJavaPages.plainFixed(int96, 12)));
    long[] dst = new long[2];
    assertThrows(ArithmeticException.class, () -> r.readInt96AsMicros(dst, 0, 2));
    assertThrows(ArithmeticException.class, () -> r.readInt96AsNanos(dst, 0, 2));
    r.readInt96AsMicros(dst, 0, 1);
    assertEquals(0, dst[0]);
  }
}
