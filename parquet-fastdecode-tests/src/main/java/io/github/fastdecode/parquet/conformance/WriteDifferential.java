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

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.BinaryBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.fallback.FallbackValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Drives a parquet-java {@link ValuesWriter} (the oracle, scalar calls) and a {@link
 * BatchValuesWriter} through the same life a column writer gives them (pages of values, {@code
 * getBufferedSize}, {@code getBytes}, {@code getEncoding}, {@code reset}, then the dictionary page
 * and {@code resetDictionary} per column chunk) and fails on the first difference in bytes, sizes
 * or encodings, naming the chunk, page and call.
 */
public final class WriteDifferential {
  private WriteDifferential() {}

  /** How the subject gets its values. */
  public enum Mode {
    /** One scalar call per value (binaries as whole constant arrays). */
    SCALAR,
    /** One scalar call per value, binaries as reused slices of a larger array. */
    SCALAR_SLICES,
    /** One bulk call per page. */
    BULK,
    /** Seeded random runs of 1..70 values, alternating between scalar and bulk calls. */
    MIXED
  }

  /** One column's values: exactly one array is set, of the column's type. */
  public static final class Values {
    public final PrimitiveTypeName type;
    public final int[] ints;
    public final long[] longs;
    public final float[] floats;
    public final double[] doubles;
    public final boolean[] booleans;
    public final byte[][] binaries;
    private final BinaryBatch batch;

    private Values(PrimitiveTypeName type, int[] ints, long[] longs, float[] floats, double[] doubles, boolean[] booleans,
        byte[][] binaries) {
      this.type = type;
      this.ints = ints;
      this.longs = longs;
      this.floats = floats;
      this.doubles = doubles;
      this.booleans = booleans;
      this.binaries = binaries;
      if (binaries != null) {
        long total = 0;
        for (byte[] b : binaries) {
          total += b.length;
        }
        batch = new BinaryBatch(binaries.length, (int) total);
        for (byte[] b : binaries) {
          batch.add(b, 0, b.length);
        }
      } else {
        batch = null;
      }
    }

    public static Values ofInts(int[] v) {
      return new Values(PrimitiveTypeName.INT32, v, null, null, null, null, null);
    }

    public static Values ofLongs(long[] v) {
      return new Values(PrimitiveTypeName.INT64, null, v, null, null, null, null);
    }

    public static Values ofFloats(float[] v) {
      return new Values(PrimitiveTypeName.FLOAT, null, null, v, null, null, null);
    }

    public static Values ofDoubles(double[] v) {
      return new Values(PrimitiveTypeName.DOUBLE, null, null, null, v, null, null);
    }

    public static Values ofBooleans(boolean[] v) {
      return new Values(PrimitiveTypeName.BOOLEAN, null, null, null, null, v, null);
    }

    /** BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY or INT96 values. */
    public static Values ofBinaries(PrimitiveTypeName type, byte[][] v) {
      return new Values(type, null, null, null, null, null, v);
    }

    public int size() {
      return ints != null ? ints.length : longs != null ? longs.length : floats != null ? floats.length
          : doubles != null ? doubles.length : booleans != null ? booleans.length : binaries.length;
    }

    /** Values {@code [from, to)} through scalar calls. */
    public void writeScalar(ValuesWriter w, int from, int to, boolean slices) {
      for (int i = from; i < to; i++) {
        if (ints != null) {
          w.writeInteger(ints[i]);
        } else if (longs != null) {
          w.writeLong(longs[i]);
        } else if (floats != null) {
          w.writeFloat(floats[i]);
        } else if (doubles != null) {
          w.writeDouble(doubles[i]);
        } else if (booleans != null) {
          w.writeBoolean(booleans[i]);
        } else if (slices) {
          // The value in the middle of a larger reused array: writers must honour the offset.
          byte[] padded = new byte[binaries[i].length + 7];
          Arrays.fill(padded, (byte) 0x5A);
          System.arraycopy(binaries[i], 0, padded, 3, binaries[i].length);
          w.writeBytes(Binary.fromReusedByteArray(padded, 3, binaries[i].length));
        } else {
          w.writeBytes(Binary.fromConstantByteArray(binaries[i]));
        }
      }
    }

    /** Values {@code [from, to)} through one bulk call. */
    public void writeBulk(BatchValuesWriter w, int from, int to) {
      int n = to - from;
      if (ints != null) {
        w.writeIntegers(ints, from, n);
      } else if (longs != null) {
        w.writeLongs(longs, from, n);
      } else if (floats != null) {
        w.writeFloats(floats, from, n);
      } else if (doubles != null) {
        w.writeDoubles(doubles, from, n);
      } else if (booleans != null) {
        w.writeBooleans(booleans, from, n);
      } else {
        w.writeBinaries(batch, from, n);
      }
    }
  }

  /** Writes values {@code [from, to)} to {@code w} the {@code mode} way ({@code random} drives MIXED). */
  public static void write(BatchValuesWriter w, Values values, int from, int to, Mode mode, Random random) {
    switch (mode) {
      case SCALAR:
        values.writeScalar(w, from, to, false);
        break;
      case SCALAR_SLICES:
        values.writeScalar(w, from, to, true);
        break;
      case BULK:
        values.writeBulk(w, from, to);
        break;
      case MIXED:
        for (int i = from; i < to; ) {
          int run = Math.min(to - i, 1 + random.nextInt(70));
          if (random.nextBoolean()) {
            values.writeBulk(w, i, i + run);
          } else {
            values.writeScalar(w, i, i + run, random.nextBoolean());
          }
          i += run;
        }
        break;
      default:
        throw new IllegalArgumentException(mode.toString());
    }
  }

  /**
   * Writes {@code chunks} column chunks of {@code values}, each split into pages at {@code
   * pageBreaks} (increasing indexes, the last equal to the value count), to both writers, comparing
   * everything on the way. {@code seed} drives {@link Mode#MIXED}. With more than one chunk on
   * parquet-java before 1.18.0, prefer the {@code Supplier} form: this one reuses {@code oracle}, and
   * those releases' dictionary writers do not reuse cleanly (GH-3637).
   */
  public static void check(String label, ValuesWriter oracle, BatchValuesWriter subject, Values values, int[] pageBreaks,
      int chunks, Mode mode, long seed) {
    check(label, oracle, null, subject, values, pageBreaks, chunks, mode, seed);
  }

  /**
   * As {@link #check(String, ValuesWriter, BatchValuesWriter, Values, int[], int, Mode, long)} with
   * the oracle made by {@code oracles}: one writer for every chunk where parquet-java's writers can
   * be reused across column chunks ({@link ParquetJavaRelease#REUSES_DICTIONARY_WRITERS_CLEANLY},
   * 1.18.0 on); before that, a new one for each chunk where the oracle is a dictionary writer with a
   * fallback, so the subject (reused, as a column writer reuses it) is held to what a correct reuse
   * gives (what a fresh writer gives) rather than to GH-3637's early fallbacks and stale pages.
   * Other writers (delta, PLAIN) are reused on every release.
   */
  public static void check(String label, Supplier<? extends ValuesWriter> oracles, BatchValuesWriter subject, Values values,
      int[] pageBreaks, int chunks, Mode mode, long seed) {
    check(label, oracles.get(), ParquetJavaRelease.REUSES_DICTIONARY_WRITERS_CLEANLY ? null : oracles, subject, values, pageBreaks,
        chunks, mode, seed);
  }

  private static void check(String label, ValuesWriter oracle, Supplier<? extends ValuesWriter> freshOracles,
      BatchValuesWriter subject, Values values, int[] pageBreaks, int chunks, Mode mode, long seed) {
    Random random = new Random(seed);
    String where = label + " [" + mode + ", seed=" + seed + ", subject " + subject.getClass().getSimpleName() + "]";
    for (int chunk = 0; chunk < chunks; chunk++) {
      if (chunk > 0 && freshOracles != null && oracle instanceof FallbackValuesWriter) {
        oracle.close();
        oracle = freshOracles.get();
      }
      int from = 0;
      for (int page = 0; page < pageBreaks.length; page++) {
        int to = pageBreaks[page];
        String at = where + " chunk " + chunk + " page " + page + " values [" + from + ", " + to + ")";
        values.writeScalar(oracle, from, to, false);
        write(subject, values, from, to, mode, random);
        same(at + " getBufferedSize", oracle.getBufferedSize(), subject.getBufferedSize());
        byte[] expected = bytes(oracle);
        byte[] actual = bytes(subject);
        sameBytes(at + " getBytes", expected, actual);
        same(at + " getEncoding", oracle.getEncoding(), subject.getEncoding());
        oracle.reset();
        subject.reset();
        from = to;
      }
      DictionaryPage e = oracle.toDictPageAndClose();
      DictionaryPage a = subject.toDictPageAndClose();
      String at = where + " chunk " + chunk + " dictionary page";
      if (e == null || a == null) {
        same(at + " present", e != null, a != null);
      } else {
        try {
          sameBytes(at, e.getBytes().toByteArray(), a.getBytes().toByteArray());
        } catch (IOException ex) {
          throw new UncheckedIOException(ex);
        }
        same(at + " size", e.getDictionarySize(), a.getDictionarySize());
        same(at + " encoding", e.getEncoding(), a.getEncoding());
      }
      oracle.resetDictionary();
      subject.resetDictionary();
    }
    oracle.close();
    subject.close();
  }

  /** {@code count} values cut into pages of {@code pageSize} (the last may be shorter; one empty page for 0). */
  public static int[] pages(int count, int pageSize) {
    int n = Math.max(1, (count + pageSize - 1) / pageSize);
    int[] breaks = new int[n];
    for (int i = 0; i < n; i++) {
      breaks[i] = Math.min(count, (i + 1) * pageSize);
    }
    return breaks;
  }

  static byte[] bytes(ValuesWriter w) {
    try {
      return w.getBytes().toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void same(String what, Object expected, Object actual) {
    if (!java.util.Objects.equals(expected, actual)) {
      throw new AssertionError(what + ": parquet-java " + expected + ", subject " + actual);
    }
  }

  private static void sameBytes(String what, byte[] expected, byte[] actual) {
    int i = Arrays.mismatch(expected, actual);
    if (i >= 0) {
      throw new AssertionError(what + ": " + expected.length + " bytes from parquet-java, " + actual.length
          + " from the subject; first difference at byte " + i);
    }
  }
}
