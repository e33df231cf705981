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
package io.github.fastdecode.parquet.internal.decode;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.internal.convert.TimeConversions;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferInputStream;

/**
 * parquet-java's {@code ValuesReader}, with this library's bulk calls, over a {@link ValueDecoder}:
 * one reader per physical type serves every encoding of that type. The decoder reads and skips;
 * this layer adds the scalar calls and the conversions (widening, unsigned, dates and timestamps
 * to microseconds), each written once here.
 *
 * <p>A conversion decodes into a small scratch array and converts from there, a chunk at a time.
 * So that a read past the page's end still writes nothing, the reader counts the values left
 * (from {@link ValueDecoder#init}) and, when too few are left, asks the decoder to skip them all,
 * which throws the decoder's own error without moving. A conversion that meets a value out of
 * range throws {@link ArithmeticException} with the position before the batch: it gives the values
 * it took back to the reader, to be read again.
 *
 * <p>Scalar calls decode a few values ahead (never past the values the section holds), and bulk
 * calls and skips take those first. A bulk call that fails after scalar calls names, in its error,
 * only the values beyond the ones decoded ahead.
 */
public final class DecoderReaders {
  /** Values per conversion chunk: small enough to stay in L1, large enough to amortise the call. */
  static final int CHUNK = 1024;

  /**
   * Values a scalar call decodes ahead: parquet-java's column reader asks for one value at a
   * time, and one decoder call per value cost 1.3x to 3.3x the time of the per-encoding readers
   * this replaced (PlainBenchmark and ByteStreamSplitBenchmark, {@code fastdecodeScalar}).
   */
  static final int AHEAD = 64;

  private DecoderReaders() {}

  /** An INT32 reader over {@code decoder}. */
  public static BatchValuesReader int32(ValueDecoder<int[]> decoder) {
    return new Int32(decoder);
  }

  /** An INT64 reader over {@code decoder}. */
  public static BatchValuesReader int64(ValueDecoder<long[]> decoder) {
    return new Int64(decoder);
  }

  /** A FLOAT reader over {@code decoder}. */
  public static BatchValuesReader float32(ValueDecoder<float[]> decoder) {
    return new Float32(decoder);
  }

  /** A DOUBLE reader over {@code decoder}. */
  public static BatchValuesReader float64(ValueDecoder<double[]> decoder) {
    return new Float64(decoder);
  }

  /**
   * What every type shares: the page's start, skips, the count of values the decoder still holds,
   * and the values the scalar calls decoded ahead.
   */
  private abstract static class Reader<A> extends BatchValuesReader {

    final ValueDecoder<A> decoder;
    /** Values of the page the decoder has not decoded yet. */
    int left;
    /**
     * Values decoded ahead by scalar calls, or given back by a failed conversion: {@code ahead[pos,
     * end)} come next.
     */
    A ahead;
    int pos;
    int end;

    Reader(ValueDecoder<A> decoder, A ahead) {
      this.decoder = decoder;
      this.ahead = ahead;
    }

    @Override
    public final void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
      pos = 0;
      end = 0;
      left = 0;
      left = decoder.init(valueCount, in);
    }

    /** The index in {@link #ahead} of the next value, decoding more when none is left there. */
    final int next() {
      int p = pos;
      if (p == end) {
        pos = 0;
        end = 0;
        if (left == 0) {
          throw pastEnd(1);
        }
        int m = Math.min(AHEAD, left);
        decoder.read(ahead, 0, m);
        left -= m;
        end = m;
        p = 0;
      }
      pos = p + 1;
      return p;
    }

    /**
     * The decoder's own error for a read of {@code n} values when fewer are left: its skip throws
     * before moving. After scalar calls it counts only the values not yet decoded ahead.
     */
    final RuntimeException pastEnd(int n) {
      decoder.skip(n);
      return new IllegalStateException(decoder + " skipped " + n + " values of " + left);
    }

    /** Checks that {@code n} values are left (before anything is written); does not move. */
    final void check(int n) {
      int pending = end - pos;
      if (n - pending > left) {
        throw pastEnd(n - pending);
      }
    }

    /** The next {@code n} values into {@code dst[offset, offset + n)}: those decoded ahead first. */
    final void fill(A dst, int offset, int n) {
      int pending = end - pos;
      if (pending > 0) {
        int k = Math.min(pending, n);
        System.arraycopy(ahead, pos, dst, offset, k);
        pos += k;
        offset += k;
        n -= k;
      }
      if (n > 0) {
        decoder.read(dst, offset, n);
        left -= n;
      }
    }

    /**
     * Makes {@code raw[0, n)} the next values, before those still decoded ahead: a conversion that
     * throws gives back the values it took, so the position stays before the batch (the caller
     * can still read the good values before the bad one). Only on that failure path, so it may
     * allocate.
     */
    @SuppressWarnings("unchecked") // an array of A's own component type
    final void giveBack(A raw, int n) {
      int pending = end - pos;
      A into = ahead;
      if (n + pending > Array.getLength(into)) {
        into = (A) Array.newInstance(into.getClass().getComponentType(), n + pending);
      }
      System.arraycopy(ahead, pos, into, n, pending);
      System.arraycopy(raw, 0, into, 0, n);
      ahead = into;
      pos = 0;
      end = n + pending;
      aheadMoved();
    }

    /** Lets a subclass refresh its typed view of {@link #ahead}. */
    abstract void aheadMoved();

    /** A bulk read: destination range, then the values left, then the values. */
    final void read(A dst, int dstLength, int offset, int n) {
      checkRange(dstLength, offset, n);
      check(n);
      fill(dst, offset, n);
    }

    @Override
    public final void skip() {
      skip(1);
    }

    @Override
    public final void skip(int n) {
      checkCount(n);
      int pending = end - pos;
      if (n <= pending) {
        pos += n;
        return;
      }
      decoder.skip(n - pending);
      pos = end;
      left -= n - pending;
    }

    @Override
    public final String toString() {
      return decoder.toString();
    }
  }

  private static final class Int32 extends Reader<int[]> {
    private int[] values;
    private int[] chunk;

    Int32(ValueDecoder<int[]> decoder) {
      this(decoder, new int[AHEAD]);
    }

    private Int32(ValueDecoder<int[]> decoder, int[] ahead) {
      super(decoder, ahead);
      values = ahead;
    }

    @Override
    void aheadMoved() {
      values = ahead;
    }

    @Override
    public int readInteger() {
      return values[next()];
    }

    @Override
    public void readIntegers(int[] dst, int offset, int n) {
      read(dst, dst.length, offset, n);
    }

    /**
     * The next {@code m} values into {@code c}, for the conversions. The decoder is called from
     * here, not from the shared {@link #fill}, so that this call's type profile holds INT32
     * decoders only: through {@code fill}, whose profile every type's decoders share, the date
     * conversion of a PLAIN page ran 1.3x as long (ConversionDecodeBenchmark.dateAsMicros, JDK 17).
     */
    private void take(int[] c, int m) {
      if (pos == end) {
        decoder.read(c, 0, m);
        left -= m;
      } else {
        fill(c, 0, m);
      }
    }

    /** Checks the range and the values left, then returns the scratch chunk. */
    private int[] start(int dstLength, int offset, int n) {
      checkRange(dstLength, offset, n);
      check(n);
      int[] c = chunk;
      return c != null ? c : (chunk = new int[CHUNK]);
    }

    @Override
    public void readIntegersAsLongs(long[] dst, int offset, int n) {
      int[] c = start(dst.length, offset, n);
      for (int done = 0; done < n; done += CHUNK) {
        int m = Math.min(CHUNK, n - done);
        take(c, m);
        for (int i = 0, o = offset + done; i < m; i++) {
          dst[o + i] = c[i];
        }
      }
    }

    @Override
    public void readUnsignedIntegersAsLongs(long[] dst, int offset, int n) {
      int[] c = start(dst.length, offset, n);
      for (int done = 0; done < n; done += CHUNK) {
        int m = Math.min(CHUNK, n - done);
        take(c, m);
        for (int i = 0, o = offset + done; i < m; i++) {
          dst[o + i] = c[i] & 0xFFFF_FFFFL;
        }
      }
    }

    @Override
    public void readIntegersAsDoubles(double[] dst, int offset, int n) {
      int[] c = start(dst.length, offset, n);
      for (int done = 0; done < n; done += CHUNK) {
        int m = Math.min(CHUNK, n - done);
        take(c, m);
        for (int i = 0, o = offset + done; i < m; i++) {
          dst[o + i] = c[i];
        }
      }
    }

    @Override
    public void readDatesAsMicros(long[] dst, int offset, int n) {
      int[] c = start(dst.length, offset, n);
      for (int done = 0; done < n; done += CHUNK) {
        int m = Math.min(CHUNK, n - done);
        take(c, m);
        try {
          TimeConversions.daysToMicros(c, 0, dst, offset + done, m); // checks the chunk before it writes
        } catch (ArithmeticException e) {
          // The chunks before converted exactly, so their days come back by division.
          int[] raw = new int[done + m];
          for (int i = 0; i < done; i++) {
            raw[i] = (int) (dst[offset + i] / TimeConversions.MICROS_PER_DAY);
          }
          System.arraycopy(c, 0, raw, done, m);
          giveBack(raw, done + m);
          throw e;
        }
      }
    }
  }

  private static final class Int64 extends Reader<long[]> {
    private long[] values;

    Int64(ValueDecoder<long[]> decoder) {
      this(decoder, new long[AHEAD]);
    }

    private Int64(ValueDecoder<long[]> decoder, long[] ahead) {
      super(decoder, ahead);
      values = ahead;
    }

    @Override
    void aheadMoved() {
      values = ahead;
    }

    @Override
    public long readLong() {
      return values[next()];
    }

    @Override
    public void readLongs(long[] dst, int offset, int n) {
      read(dst, dst.length, offset, n);
    }

    // The time conversions read into the caller's array and convert there.

    @Override
    public void readTimestampMillisAsMicros(long[] dst, int offset, int n) {
      read(dst, dst.length, offset, n);
      try {
        TimeConversions.millisToMicros(dst, offset, n); // checks every value before it writes
      } catch (ArithmeticException e) {
        giveBack(Arrays.copyOfRange(dst, offset, offset + n), n);
        throw e;
      }
    }

    @Override
    public void readTimestampNanosAsMicros(long[] dst, int offset, int n) {
      read(dst, dst.length, offset, n);
      TimeConversions.nanosToMicros(dst, offset, n);
    }
  }

  private static final class Float32 extends Reader<float[]> {
    private float[] values;
    private float[] chunk;

    Float32(ValueDecoder<float[]> decoder) {
      this(decoder, new float[AHEAD]);
    }

    private Float32(ValueDecoder<float[]> decoder, float[] ahead) {
      super(decoder, ahead);
      values = ahead;
    }

    @Override
    void aheadMoved() {
      values = ahead;
    }

    @Override
    public float readFloat() {
      return values[next()];
    }

    @Override
    public void readFloats(float[] dst, int offset, int n) {
      read(dst, dst.length, offset, n);
    }

    @Override
    public void readFloatsAsDoubles(double[] dst, int offset, int n) {
      checkRange(dst.length, offset, n);
      check(n);
      float[] c = chunk;
      if (c == null) {
        c = chunk = new float[CHUNK];
      }
      for (int done = 0; done < n; done += CHUNK) {
        int m = Math.min(CHUNK, n - done);
        fill(c, 0, m);
        for (int i = 0, o = offset + done; i < m; i++) {
          dst[o + i] = c[i];
        }
      }
    }
  }

  private static final class Float64 extends Reader<double[]> {
    private double[] values;

    Float64(ValueDecoder<double[]> decoder) {
      this(decoder, new double[AHEAD]);
    }

    private Float64(ValueDecoder<double[]> decoder, double[] ahead) {
      super(decoder, ahead);
      values = ahead;
    }

    @Override
    void aheadMoved() {
      values = ahead;
    }

    @Override
    public double readDouble() {
      return values[next()];
    }

    @Override
    public void readDoubles(double[] dst, int offset, int n) {
      read(dst, dst.length, offset, n);
    }
  }
}
