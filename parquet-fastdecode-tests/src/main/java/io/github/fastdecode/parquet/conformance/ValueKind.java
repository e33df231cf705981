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

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import java.math.BigInteger;
import java.util.Arrays;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.api.Binary;

/**
 * One way of reading values, as a pair: how parquet-java's reader yields them (scalar calls, plus
 * an independent conversion where the kind converts) and how a {@link BatchValuesReader} yields
 * them in bulk and by scalar call. Numeric values are compared as raw bits ({@code long}), binary
 * ones as byte arrays.
 */
public abstract class ValueKind {
  private static final int PAD = 3;
  private static final long SENTINEL = 0x5A5A5A5A5A5A5A5AL;

  public final String name;

  private ValueKind(String name) {
    this.name = name;
  }

  @Override
  public String toString() {
    return name;
  }

  /** Reads {@code n} values from parquet-java's reader. */
  public abstract Object expected(ValuesReader oracle, int n);

  /** Reads {@code n} values in bulk; checks them against {@code expected[from..]} and checks the destination's padding. */
  abstract void bulk(BatchValuesReader r, Object expected, int from, int n, String where);

  /** Reads one value by scalar call and checks it. */
  abstract void scalar(BatchValuesReader r, Object expected, int index, String where);

  public abstract int length(Object expected);

  /** One scalar read, result ignored (for past-the-end checks). */
  abstract void touchScalar(BatchValuesReader r);

  /** One bulk read of {@code n}, result ignored (for past-the-end checks). */
  abstract void touchBulk(BatchValuesReader r, int n);

  /** Called each time {@code r} has been initialised on a page, before a plan's first step. */
  void pageStarted(BatchValuesReader r, String where) {}

  // ---------------------------------------------------------------- numeric kinds

  private abstract static class Numeric extends ValueKind {
    Numeric(String name) {
      super(name);
    }

    abstract long oracle(ValuesReader r);

    abstract long scalar(BatchValuesReader r);

    /** Bulk-reads n values at dst offset PAD into a sentinel-filled array and returns all of it as bits. */
    abstract long[] bulkBits(BatchValuesReader r, int n);

    @Override
    public Object expected(ValuesReader oracle, int n) {
      long[] v = new long[n];
      for (int i = 0; i < n; i++) {
        v[i] = oracle(oracle);
      }
      return v;
    }

    @Override
    public int length(Object expected) {
      return ((long[]) expected).length;
    }

    @Override
    void bulk(BatchValuesReader r, Object expected, int from, int n, String where) {
      long[] e = (long[]) expected;
      long[] got = bulkBits(r, n);
      for (int i = 0; i < n; i++) {
        if (got[PAD + i] != e[from + i]) {
          throw new AssertionError(where + ": value " + (from + i) + " (bulk item " + i + " of " + n + ") expected "
              + show(e[from + i]) + " but was " + show(got[PAD + i]));
        }
      }
      for (int i = 0; i < PAD; i++) {
        if (got[i] != sentinelBits() || got[PAD + n + i] != sentinelBits()) {
          throw new AssertionError(where + ": bulk read of " + n + " wrote outside dst[offset, offset + count)");
        }
      }
    }

    long sentinelBits() {
      return SENTINEL;
    }

    @Override
    void touchScalar(BatchValuesReader r) {
      scalar(r);
    }

    @Override
    void touchBulk(BatchValuesReader r, int n) {
      bulkBits(r, n);
    }

    String show(long bits) {
      return Long.toString(bits);
    }

    @Override
    void scalar(BatchValuesReader r, Object expected, int index, String where) {
      long e = ((long[]) expected)[index];
      long got = scalar(r);
      if (got != e) {
        throw new AssertionError(where + ": value " + index + " (scalar) expected " + show(e) + " but was " + show(got));
      }
    }
  }

  private static int[] intDst(int n) {
    int[] a = new int[n + 2 * PAD];
    Arrays.fill(a, (int) SENTINEL);
    return a;
  }

  private static long[] longDst(int n) {
    long[] a = new long[n + 2 * PAD];
    Arrays.fill(a, SENTINEL);
    return a;
  }

  private static float[] floatDst(int n) {
    float[] a = new float[n + 2 * PAD];
    Arrays.fill(a, Float.intBitsToFloat((int) SENTINEL));
    return a;
  }

  private static double[] doubleDst(int n) {
    double[] a = new double[n + 2 * PAD];
    Arrays.fill(a, Double.longBitsToDouble(SENTINEL));
    return a;
  }

  private static long[] bits(int[] a) {
    long[] b = new long[a.length];
    for (int i = 0; i < a.length; i++) {
      b[i] = a[i];
    }
    return b;
  }

  private static long[] bits(float[] a) {
    long[] b = new long[a.length];
    for (int i = 0; i < a.length; i++) {
      b[i] = Float.floatToRawIntBits(a[i]);
    }
    return b;
  }

  private static long[] bits(double[] a) {
    long[] b = new long[a.length];
    for (int i = 0; i < a.length; i++) {
      b[i] = Double.doubleToRawLongBits(a[i]);
    }
    return b;
  }

  public static final ValueKind INT32 = new Numeric("INT32") {
    @Override long oracle(ValuesReader r) { return r.readInteger(); }
    @Override long scalar(BatchValuesReader r) { return r.readInteger(); }
    @Override long sentinelBits() { return (int) SENTINEL; }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      int[] d = intDst(n);
      r.readIntegers(d, PAD, n);
      return bits(d);
    }
  };

  public static final ValueKind INT64 = new Numeric("INT64") {
    @Override long oracle(ValuesReader r) { return r.readLong(); }
    @Override long scalar(BatchValuesReader r) { return r.readLong(); }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      long[] d = longDst(n);
      r.readLongs(d, PAD, n);
      return d;
    }
  };

  public static final ValueKind BOOLEAN = new Numeric("BOOLEAN") {
    @Override long oracle(ValuesReader r) { return r.readBoolean() ? 1 : 0; }
    @Override long scalar(BatchValuesReader r) { return r.readBoolean() ? 1 : 0; }
    @Override long sentinelBits() { return 1; }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      boolean[] d = new boolean[n + 2 * PAD];
      Arrays.fill(d, true);
      r.readBooleans(d, PAD, n);
      long[] b = new long[d.length];
      for (int i = 0; i < d.length; i++) {
        b[i] = d[i] ? 1 : 0;
      }
      return b;
    }
  };

  /**
   * BOOLEAN through {@code readBooleanBits}: bits land at an odd bit offset in words pre-filled
   * with alternating bits, which must survive outside the range.
   */
  public static final ValueKind BOOLEAN_BITS = new Numeric("BOOLEAN as bits") {
    private static final long FILL = 0xAAAAAAAAAAAAAAAAL;
    @Override long oracle(ValuesReader r) { return r.readBoolean() ? 1 : 0; }
    @Override long scalar(BatchValuesReader r) { return r.readBoolean() ? 1 : 0; }
    @Override long sentinelBits() { return -1; }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      int bitOffset = 61;
      long[] words = new long[(bitOffset + n + 63) / 64 + 1];
      Arrays.fill(words, FILL);
      r.readBooleanBits(words, bitOffset, n);
      long[] b = new long[n + 2 * PAD];
      Arrays.fill(b, -1);
      for (int i = 0; i < n; i++) {
        long bit = bitOffset + i;
        b[PAD + i] = (words[(int) (bit >>> 6)] >>> bit) & 1;
      }
      for (long bit = 0; bit < 64L * words.length; bit++) {
        if (bit >= bitOffset && bit < bitOffset + n) {
          continue;
        }
        if (((words[(int) (bit >>> 6)] >>> bit) & 1) != ((FILL >>> bit) & 1)) {
          b[0] = 7; // a bit outside the range changed: reported as a padding violation
        }
      }
      return b;
    }
  };

  public static final ValueKind DICTIONARY_IDS = new Numeric("dictionary ids") {
    @Override long oracle(ValuesReader r) { return r.readValueDictionaryId(); }
    @Override long scalar(BatchValuesReader r) { return r.readValueDictionaryId(); }
    @Override long sentinelBits() { return (int) SENTINEL; }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      int[] d = intDst(n);
      r.readDictionaryIds(d, PAD, n);
      return bits(d);
    }
  };

  public static final ValueKind FLOAT = new Numeric("FLOAT") {
    @Override long oracle(ValuesReader r) { return Float.floatToRawIntBits(r.readFloat()); }
    @Override long scalar(BatchValuesReader r) { return Float.floatToRawIntBits(r.readFloat()); }
    @Override long sentinelBits() { return (int) SENTINEL; }
    @Override String show(long b) { return Float.intBitsToFloat((int) b) + " (bits " + Integer.toHexString((int) b) + ")"; }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      float[] d = floatDst(n);
      r.readFloats(d, PAD, n);
      return bits(d);
    }
  };

  public static final ValueKind DOUBLE = new Numeric("DOUBLE") {
    @Override long oracle(ValuesReader r) { return Double.doubleToRawLongBits(r.readDouble()); }
    @Override long scalar(BatchValuesReader r) { return Double.doubleToRawLongBits(r.readDouble()); }
    @Override String show(long b) { return Double.longBitsToDouble(b) + " (bits " + Long.toHexString(b) + ")"; }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      double[] d = doubleDst(n);
      r.readDoubles(d, PAD, n);
      return bits(d);
    }
  };

  public static final ValueKind INT32_AS_INT64 = new Numeric("INT32 as long") {
    @Override long oracle(ValuesReader r) { return r.readInteger(); }
    @Override long scalar(BatchValuesReader r) { return r.readInteger(); }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      long[] d = longDst(n);
      r.readIntegersAsLongs(d, PAD, n);
      return d;
    }
  };

  /** INT32 zero-extended to long (UINT_32), against parquet-java's int masked to 32 bits. */
  public static final ValueKind INT32_UNSIGNED_AS_INT64 = new Numeric("INT32 as unsigned long") {
    @Override long oracle(ValuesReader r) { return Integer.toUnsignedLong(r.readInteger()); }
    @Override long scalar(BatchValuesReader r) { return Integer.toUnsignedLong(r.readInteger()); }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      long[] d = longDst(n);
      r.readUnsignedIntegersAsLongs(d, PAD, n);
      return d;
    }
  };

  public static final ValueKind INT32_AS_DOUBLE = new Numeric("INT32 as double") {
    @Override long oracle(ValuesReader r) { return Double.doubleToRawLongBits(r.readInteger()); }
    @Override long scalar(BatchValuesReader r) { return Double.doubleToRawLongBits(r.readInteger()); }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      double[] d = doubleDst(n);
      r.readIntegersAsDoubles(d, PAD, n);
      return bits(d);
    }
  };

  public static final ValueKind FLOAT_AS_DOUBLE = new Numeric("FLOAT as double") {
    @Override long oracle(ValuesReader r) { return Double.doubleToRawLongBits(r.readFloat()); }
    @Override long scalar(BatchValuesReader r) { return Double.doubleToRawLongBits(r.readFloat()); }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      double[] d = doubleDst(n);
      r.readFloatsAsDoubles(d, PAD, n);
      return bits(d);
    }
  };

  /** INT64 TIMESTAMP(MILLIS) to micros; data must not overflow (overflow is tested separately). */
  public static final ValueKind MILLIS_AS_MICROS = new Numeric("TIMESTAMP(MILLIS) as micros") {
    @Override long oracle(ValuesReader r) { return Math.multiplyExact(r.readLong(), 1000L); }
    @Override long scalar(BatchValuesReader r) { return Math.multiplyExact(r.readLong(), 1000L); }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      long[] d = longDst(n);
      r.readTimestampMillisAsMicros(d, PAD, n);
      return d;
    }
  };

  public static final ValueKind NANOS_AS_MICROS = new Numeric("TIMESTAMP(NANOS) as micros") {
    @Override long oracle(ValuesReader r) { return Math.floorDiv(r.readLong(), 1000L); }
    @Override long scalar(BatchValuesReader r) { return Math.floorDiv(r.readLong(), 1000L); }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      long[] d = longDst(n);
      r.readTimestampNanosAsMicros(d, PAD, n);
      return d;
    }
  };

  public static final ValueKind DATE_AS_MICROS = new Numeric("DATE as micros") {
    @Override long oracle(ValuesReader r) { return Math.multiplyExact((long) r.readInteger(), 86_400_000_000L); }
    @Override long scalar(BatchValuesReader r) { return Math.multiplyExact((long) r.readInteger(), 86_400_000_000L); }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      long[] d = longDst(n);
      r.readDatesAsMicros(d, PAD, n);
      return d;
    }
  };

  /** Independent INT96 arithmetic on BigInteger: (julianDay - 2440588) * unitsPerDay + nanosOfDay / nanosPerUnit. */
  static long int96Reference(Binary b, boolean micros) {
    byte[] v = b.getBytes();
    if (v.length != 12) {
      throw new AssertionError("INT96 of " + v.length + " bytes");
    }
    long nanos = 0;
    for (int i = 7; i >= 0; i--) {
      nanos = (nanos << 8) | (v[i] & 0xFF);
    }
    int day = (v[8] & 0xFF) | (v[9] & 0xFF) << 8 | (v[10] & 0xFF) << 16 | (v[11] & 0xFF) << 24;
    BigInteger days = BigInteger.valueOf(day).subtract(BigInteger.valueOf(2_440_588L));
    BigInteger result = micros
        ? days.multiply(BigInteger.valueOf(86_400_000_000L)).add(BigInteger.valueOf(Math.floorDiv(nanos, 1000L)))
        : days.multiply(BigInteger.valueOf(86_400_000_000_000L)).add(BigInteger.valueOf(nanos));
    return result.longValueExact();
  }

  public static final ValueKind INT96_AS_MICROS = new Numeric("INT96 as micros") {
    @Override long oracle(ValuesReader r) { return int96Reference(r.readBytes(), true); }
    @Override long scalar(BatchValuesReader r) { return int96Reference(r.readBytes(), true); }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      long[] d = longDst(n);
      r.readInt96AsMicros(d, PAD, n);
      return d;
    }
  };

  public static final ValueKind INT96_AS_NANOS = new Numeric("INT96 as nanos") {
    @Override long oracle(ValuesReader r) { return int96Reference(r.readBytes(), false); }
    @Override long scalar(BatchValuesReader r) { return int96Reference(r.readBytes(), false); }
    @Override long[] bulkBits(BatchValuesReader r, int n) {
      long[] d = longDst(n);
      r.readInt96AsNanos(d, PAD, n);
      return d;
    }
  };

  // ---------------------------------------------------------------- binary kinds

  private abstract static class Bytes extends ValueKind {
    Bytes(String name) {
      super(name);
    }

    abstract byte[] oracle(ValuesReader r);

    abstract byte[] scalar(BatchValuesReader r);

    abstract void bulkInto(BatchValuesReader r, BinaryBatch batch, int n);

    @Override
    void touchScalar(BatchValuesReader r) {
      scalar(r);
    }

    @Override
    void touchBulk(BatchValuesReader r, int n) {
      bulkInto(r, new BinaryBatch(), n);
    }

    @Override
    public Object expected(ValuesReader oracle, int n) {
      byte[][] v = new byte[n][];
      for (int i = 0; i < n; i++) {
        v[i] = oracle(oracle);
      }
      return v;
    }

    @Override
    public int length(Object expected) {
      return ((byte[][]) expected).length;
    }

    @Override
    void bulk(BatchValuesReader r, Object expected, int from, int n, String where) {
      byte[][] e = (byte[][]) expected;
      BinaryBatch batch = new BinaryBatch(1, 1);
      batch.add(new byte[] {9, 9}, 0, 2); // values are appended after what a batch holds
      bulkInto(r, batch, n);
      if (batch.size() != n + 1) {
        throw new AssertionError(where + ": bulk read of " + n + " left " + (batch.size() - 1) + " values");
      }
      if (batch.length(0) != 2 || batch.bytes()[0] != 9 || batch.bytes()[1] != 9) {
        throw new AssertionError(where + ": bulk read overwrote the batch's earlier value");
      }
      for (int i = 0; i < n; i++) {
        byte[] got = batch.toByteArray(i + 1);
        if (!Arrays.equals(got, e[from + i])) {
          throw new AssertionError(where + ": value " + (from + i) + " (bulk item " + i + " of " + n + ") expected "
              + hex(e[from + i]) + " but was " + hex(got));
        }
      }
    }

    @Override
    void scalar(BatchValuesReader r, Object expected, int index, String where) {
      byte[] e = ((byte[][]) expected)[index];
      byte[] got = scalar(r);
      if (!Arrays.equals(got, e)) {
        throw new AssertionError(where + ": value " + index + " (scalar) expected " + hex(e) + " but was " + hex(got));
      }
    }
  }

  static String hex(byte[] b) {
    StringBuilder s = new StringBuilder("0x");
    for (int i = 0; i < Math.min(b.length, 64); i++) {
      s.append(String.format("%02x", b[i] & 0xFF));
    }
    return b.length > 64 ? s + "...(" + b.length + " bytes)" : s.toString();
  }

  /** BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 through readBytes / readBinaries. */
  public static final ValueKind BINARY = new Bytes("BINARY") {
    @Override byte[] oracle(ValuesReader r) { return r.readBytes().getBytes(); }
    @Override byte[] scalar(BatchValuesReader r) { return r.readBytes().getBytes(); }
    @Override void bulkInto(BatchValuesReader r, BinaryBatch b, int n) { r.readBinaries(b, n); }
  };

  /** INT64 read as UINT_64, against BigInteger's own encoding. */
  public static final ValueKind UNSIGNED_BIG_ENDIAN = new Bytes("UINT_64 as big-endian") {
    @Override byte[] oracle(ValuesReader r) { return new BigInteger(Long.toUnsignedString(r.readLong())).toByteArray(); }
    @Override byte[] scalar(BatchValuesReader r) { return new BigInteger(Long.toUnsignedString(r.readLong())).toByteArray(); }
    @Override void bulkInto(BatchValuesReader r, BinaryBatch b, int n) { r.readUnsignedLongsAsBigEndian(b, n); }
  };

  /**
   * BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 bulk-read into one {@link BinaryBatch#setBorrowing
   * borrowing} batch kept across a plan's steps, so readers that lend their page are checked as
   * callers use them: reads that continue a borrow, reads after a skip or scalar read (the batch
   * copies what it borrowed first), and bytes kept while the page is current. After every step all
   * values the batch holds are compared; it is cleared once it holds 64 or more. When the reader
   * moves to the next page, a batch still holding its bytes must refuse to expose them. A new
   * instance per check: it keeps state.
   */
  public static ValueKind borrowingBinary() {
    return new BorrowingBytes();
  }

  private static final class BorrowingBytes extends Bytes {
    private static final int CLEAR_AT = 64;

    private final BinaryBatch batch = newBatch();
    private final java.util.List<byte[]> held = new java.util.ArrayList<>();
    private BatchValuesReader lender;

    BorrowingBytes() {
      super("BINARY into a borrowing batch");
    }

    private static BinaryBatch newBatch() {
      BinaryBatch b = new BinaryBatch();
      b.setBorrowing(true);
      return b;
    }

    @Override byte[] oracle(ValuesReader r) { return r.readBytes().getBytes(); }
    @Override byte[] scalar(BatchValuesReader r) { return r.readBytes().getBytes(); }
    @Override void bulkInto(BatchValuesReader r, BinaryBatch b, int n) { r.readBinaries(b, n); }

    @Override
    void touchBulk(BatchValuesReader r, int n) {
      bulkInto(r, newBatch(), n);
    }

    @Override
    void pageStarted(BatchValuesReader r, String where) {
      if (batch.holdsBorrowedValues() && r == lender) {
        expectGone(where + ": bytes()", batch::bytes);
        expectGone(where + ": offsets()", batch::offsets);
        expectGone(where + ": byteSize()", batch::byteSize);
        expectGone(where + ": toBinary(0)", () -> batch.toBinary(0));
        expectGone(where + ": copyBorrowed()", batch::copyBorrowed);
      }
      batch.clear();
      held.clear();
      lender = r;
    }

    private static void expectGone(String where, Runnable access) {
      try {
        access.run();
      } catch (IllegalStateException expected) {
        return;
      }
      throw new AssertionError(where + " on values borrowed from the reader's previous page did not throw IllegalStateException");
    }

    @Override
    void bulk(BatchValuesReader r, Object expected, int from, int n, String where) {
      byte[][] e = (byte[][]) expected;
      if (r != lender) {
        pageStarted(r, where);
      }
      int before = batch.size();
      bulkInto(r, batch, n);
      if (batch.size() != before + n) {
        throw new AssertionError(where + ": bulk read of " + n + " left " + (batch.size() - before) + " values");
      }
      for (int i = 0; i < n; i++) {
        held.add(e[from + i]);
      }
      int[] offsets = batch.offsets();
      if (!batch.holdsBorrowedValues() && offsets[0] != 0) {
        throw new AssertionError(where + ": a batch holding its own values starts at offset " + offsets[0]);
      }
      long total = 0;
      for (int i = 0; i < held.size(); i++) {
        byte[] got = batch.toByteArray(i);
        if (!Arrays.equals(got, held.get(i))) {
          throw new AssertionError(where + ": batch value " + i + " of " + held.size() + " (the step's values are the last "
              + n + ", from value " + from + ") expected " + hex(held.get(i)) + " but was " + hex(got));
        }
        total += got.length;
      }
      if (batch.byteSize() != total) {
        throw new AssertionError(where + ": byteSize() " + batch.byteSize() + ", values total " + total);
      }
      if (held.size() >= CLEAR_AT) {
        batch.clear();
        held.clear();
      }
    }
  }
}
