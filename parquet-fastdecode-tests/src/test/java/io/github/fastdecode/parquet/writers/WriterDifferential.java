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
package io.github.fastdecode.parquet.writers;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaRelease;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.io.api.Binary;

/**
 * Writes the same pages with parquet-java's writer (the oracle, one scalar call per value) and with
 * a {@link BatchValuesWriter} (scalar, bulk, or a seeded mix of both), both writers living across
 * every page of the run with {@code reset()} between pages, so state a writer keeps from earlier
 * pages is exercised. Checks after every step that {@code getBufferedSize()} agrees, then that the
 * pages are byte for byte the same, then that they decode to the values written through
 * parquet-java's reader and this library's reader.
 */
public final class WriterDifferential {
  private WriterDifferential() {}

  /** How the subject writer is driven; the oracle always writes one scalar call per value. */
  public enum Mode {
    SCALAR,
    BULK,
    /** Seeded random steps: bulk calls of 0..70 values and runs of 1..5 scalar calls. */
    MIXED
  }

  /** One page's values, and how to write a range of them. */
  public abstract static class Values {
    /** Shape and size, for failure messages. */
    public String name = "";

    public Values named(String name) {
      this.name = name;
      return this;
    }

    public abstract int size();

    public abstract void scalar(ValuesWriter w, int from, int to);

    public abstract void bulk(BatchValuesWriter w, int from, int to);

    /** The values as {@link ValueKind#expected} gives them. */
    public abstract Object expected();
  }

  public static Values ints(long[] v) {
    int[] a = new int[v.length];
    for (int i = 0; i < v.length; i++) {
      a[i] = (int) v[i];
    }
    return ints(a);
  }

  public static Values ints(int[] a) {
    return new Values() {
      @Override public int size() { return a.length; }
      @Override public void scalar(ValuesWriter w, int from, int to) {
        for (int i = from; i < to; i++) {
          w.writeInteger(a[i]);
        }
      }
      @Override public void bulk(BatchValuesWriter w, int from, int to) { w.writeIntegers(a, from, to - from); }
      @Override public Object expected() { return Arrays.stream(a).asLongStream().toArray(); }
    };
  }

  public static Values longs(long[] a) {
    return new Values() {
      @Override public int size() { return a.length; }
      @Override public void scalar(ValuesWriter w, int from, int to) {
        for (int i = from; i < to; i++) {
          w.writeLong(a[i]);
        }
      }
      @Override public void bulk(BatchValuesWriter w, int from, int to) { w.writeLongs(a, from, to - from); }
      @Override public Object expected() { return a.clone(); }
    };
  }

  public static Values floats(float[] a) {
    return new Values() {
      @Override public int size() { return a.length; }
      @Override public void scalar(ValuesWriter w, int from, int to) {
        for (int i = from; i < to; i++) {
          w.writeFloat(a[i]);
        }
      }
      @Override public void bulk(BatchValuesWriter w, int from, int to) { w.writeFloats(a, from, to - from); }
      @Override public Object expected() {
        long[] b = new long[a.length];
        for (int i = 0; i < a.length; i++) {
          b[i] = ParquetJavaRelease.writtenBits(a[i]); // NaNs canonical before parquet-java 1.18
        }
        return b;
      }
    };
  }

  public static Values doubles(double[] a) {
    return new Values() {
      @Override public int size() { return a.length; }
      @Override public void scalar(ValuesWriter w, int from, int to) {
        for (int i = from; i < to; i++) {
          w.writeDouble(a[i]);
        }
      }
      @Override public void bulk(BatchValuesWriter w, int from, int to) { w.writeDoubles(a, from, to - from); }
      @Override public Object expected() {
        long[] b = new long[a.length];
        for (int i = 0; i < a.length; i++) {
          b[i] = ParquetJavaRelease.writtenBits(a[i]);
        }
        return b;
      }
    };
  }

  public static Values booleans(boolean[] a) {
    return new Values() {
      @Override public int size() { return a.length; }
      @Override public void scalar(ValuesWriter w, int from, int to) {
        for (int i = from; i < to; i++) {
          w.writeBoolean(a[i]);
        }
      }
      @Override public void bulk(BatchValuesWriter w, int from, int to) { w.writeBooleans(a, from, to - from); }
      @Override public Object expected() {
        long[] b = new long[a.length];
        for (int i = 0; i < a.length; i++) {
          b[i] = a[i] ? 1 : 0;
        }
        return b;
      }
    };
  }

  /** Byte arrays; bulk calls pass a {@link BinaryBatch} that starts with an unrelated value, so offsets matter. */
  public static Values binaries(byte[][] a) {
    return new Values() {
      @Override public int size() { return a.length; }
      @Override public void scalar(ValuesWriter w, int from, int to) {
        for (int i = from; i < to; i++) {
          // A slice of a larger array: writers must honour the offset.
          byte[] padded = new byte[a[i].length + 3];
          System.arraycopy(a[i], 0, padded, 2, a[i].length);
          w.writeBytes(Binary.fromConstantByteArray(padded, 2, a[i].length));
        }
      }
      @Override public void bulk(BatchValuesWriter w, int from, int to) {
        BinaryBatch batch = new BinaryBatch();
        batch.add(new byte[] {7, 7, 7}, 0, 3);
        for (int i = from; i < to; i++) {
          batch.add(a[i], 0, a[i].length);
        }
        w.writeBinaries(batch, 1, to - from);
      }
      @Override public Object expected() { return a.clone(); }
    };
  }

  /** How a page is decoded back: the value kind and both readers (either may be null to skip it). */
  public static final class Decode {
    public final ValueKind kind;
    public final Supplier<? extends ValuesReader> parquetJava;
    public final Supplier<? extends BatchValuesReader> fastdecode;

    public Decode(ValueKind kind, Supplier<? extends ValuesReader> parquetJava, Supplier<? extends BatchValuesReader> fastdecode) {
      this.kind = kind;
      this.parquetJava = parquetJava;
      this.fastdecode = fastdecode;
    }
  }

  /**
   * Writes {@code pages} in order with one oracle and one subject writer, resetting both between
   * pages, in {@code mode}; {@code seed} drives {@link Mode#MIXED} and is in every failure message.
   */
  public static void check(String label, Supplier<? extends ValuesWriter> oracle, Supplier<? extends BatchValuesWriter> subject,
      List<Values> pages, Mode mode, long seed, Decode decode) {
    ValuesWriter o = oracle.get();
    BatchValuesWriter s = subject.get();
    Random random = new Random(seed);
    for (int p = 0; p < pages.size(); p++) {
      Values v = pages.get(p);
      String where = label + " [" + mode + ", seed=" + seed + ", page " + p + ": " + v.name + ", " + v.size() + " values]";
      int n = v.size();
      switch (mode) {
        case SCALAR:
          v.scalar(o, 0, n);
          v.scalar(s, 0, n);
          sameBufferedSize(where + " after the page", o, s);
          break;
        case BULK:
          v.scalar(o, 0, n);
          v.bulk(s, 0, n);
          sameBufferedSize(where + " after the page", o, s);
          break;
        case MIXED:
          for (int done = 0; done < n; ) {
            boolean bulk = random.nextInt(3) != 0;
            int step = Math.min(n - done, bulk ? random.nextInt(71) : 1 + random.nextInt(5));
            v.scalar(o, done, done + step);
            if (bulk) {
              v.bulk(s, done, done + step);
            } else {
              v.scalar(s, done, done + step);
            }
            done += step;
            sameBufferedSize(where + " after " + done + " values", o, s);
          }
          break;
        default:
          throw new AssertionError(mode);
      }
      if (o.getEncoding() != s.getEncoding()) {
        throw new AssertionError(where + ": encoding " + s.getEncoding() + ", parquet-java's is " + o.getEncoding());
      }
      byte[] expected = bytes(o);
      byte[] got = bytes(s);
      sameBytes(where, expected, got);
      sameBufferedSize(where + " after getBytes()", o, s);
      if (decode != null) {
        decodes(where, decode, got, v);
      }
      o.reset();
      s.reset();
      sameBufferedSize(where + " after reset()", o, s);
    }
    o.close();
    s.close();
  }

  /**
   * Runs {@link #check} in every mode, decoding in the bulk one only: the bytes are parquet-java's
   * in every mode, so one mode's decoding covers them all.
   */
  public static void checkAllModes(String label, Supplier<? extends ValuesWriter> oracle, Supplier<? extends BatchValuesWriter> subject,
      List<Values> pages, long seed, Decode decode) {
    for (Mode mode : Mode.values()) {
      check(label, oracle, subject, pages, mode, seed, mode == Mode.BULK ? decode : null);
    }
  }

  public static byte[] bytes(ValuesWriter w) {
    try {
      return w.getBytes().toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void sameBufferedSize(String where, ValuesWriter o, ValuesWriter s) {
    if (o.getBufferedSize() != s.getBufferedSize()) {
      throw new AssertionError(where + ": getBufferedSize() " + s.getBufferedSize() + ", parquet-java's " + o.getBufferedSize());
    }
  }

  public static void sameBytes(String where, byte[] expected, byte[] got) {
    int at = Arrays.mismatch(expected, got);
    if (at >= 0) {
      throw new AssertionError(where + ": page bytes differ from parquet-java's at byte " + at + " of " + expected.length
          + " (got " + got.length + " bytes): expected " + window(expected, at) + " but was " + window(got, at));
    }
  }

  private static String window(byte[] b, int at) {
    StringBuilder s = new StringBuilder("...");
    for (int i = Math.max(0, at - 4); i < Math.min(b.length, at + 8); i++) {
      s.append(String.format(i == at ? "[%02x]" : " %02x", b[i] & 0xFF));
    }
    return s.append("...").toString();
  }

  /** The page decodes to the values written, through parquet-java's reader and through this library's. */
  private static void decodes(String where, Decode d, byte[] page, Values v) {
    int n = v.size();
    Object expected = v.expected();
    if (d.parquetJava != null) {
      ValuesReader r = d.parquetJava.get();
      try {
        r.initFromPage(n, InputKind.HEAP.open(page));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Object decoded = d.kind.expected(r, n);
      boolean same = expected instanceof long[] ? Arrays.equals((long[]) expected, (long[]) decoded)
          : Arrays.deepEquals((byte[][]) expected, (byte[][]) decoded);
      if (!same) {
        throw new AssertionError(where + ": parquet-java's reader does not read back the values written");
      }
      if (d.fastdecode != null) {
        // Against parquet-java's reading of the same bytes, bulk and scalar.
        Differential.check(where + " read back", d.parquetJava, d.fastdecode, page, n, n, d.kind,
            List.of(ReadPlan.bulk(n, 1024), ReadPlan.random(n, 11, 40)), InputKind.HEAP);
      }
    }
  }
}
