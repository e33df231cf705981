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
package io.github.fastdecode.parquet.internal;

import java.io.IOException;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;

/**
 * How the parquet-java on the class path writes floating-point NaNs, found once when this class
 * loads by writing one NaN with a payload through its own writers.
 *
 * <p>parquet-java before 1.18.0 writes FLOAT and DOUBLE values through {@code
 * Float.floatToIntBits}/{@code Double.doubleToLongBits} in PLAIN (data and dictionary pages) and
 * BYTE_STREAM_SPLIT, which turn every NaN into the canonical one ({@code 0x7fc00000}, {@code
 * 0x7ff8000000000000}); 1.18.0 writes the raw bits, payloads kept. The writers here follow
 * whichever the user's parquet-java does, so their pages stay byte for byte that release's. The
 * flags are constants to the JIT: the releases that keep payloads pay nothing.
 */
public final class ParquetJavaNaN {
  private ParquetJavaNaN() {}

  private static final int FLOAT_PAYLOAD_NAN = 0x7fc00001;
  private static final long DOUBLE_PAYLOAD_NAN = 0x7ff8000000000001L;

  /** PLAIN FLOAT and DOUBLE (data and dictionary pages) canonicalise NaNs. */
  public static final boolean PLAIN_CANONICAL = canonicalises(new PlainValuesWriter(64, 1024, new HeapByteBufferAllocator()),
      new PlainValuesWriter(64, 1024, new HeapByteBufferAllocator()));
  /** BYTE_STREAM_SPLIT FLOAT and DOUBLE canonicalise NaNs. */
  public static final boolean BYTE_STREAM_SPLIT_CANONICAL = canonicalises(
      new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(64, 1024, new HeapByteBufferAllocator()),
      new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(64, 1024, new HeapByteBufferAllocator()));

  private static boolean canonicalises(ValuesWriter floats, ValuesWriter doubles) {
    try {
      // One value: the same bytes for PLAIN and BYTE_STREAM_SPLIT.
      floats.writeFloat(Float.intBitsToFloat(FLOAT_PAYLOAD_NAN));
      doubles.writeDouble(Double.longBitsToDouble(DOUBLE_PAYLOAD_NAN));
      boolean f = LittleEndian.getInt(floats.getBytes().toByteArray(), 0) != FLOAT_PAYLOAD_NAN;
      boolean d = LittleEndian.getLong(doubles.getBytes().toByteArray(), 0) != DOUBLE_PAYLOAD_NAN;
      if (f != d) {
        throw new IllegalStateException("this parquet-java canonicalises NaNs in " + (f ? "FLOAT" : "DOUBLE") + " only");
      }
      return f;
    } catch (IOException e) {
      throw new IllegalStateException("cannot probe parquet-java's NaN writes", e);
    } finally {
      floats.close();
      doubles.close();
    }
  }

  /** The bits PLAIN writes for {@code v}. */
  public static int plainBits(float v) {
    return PLAIN_CANONICAL ? Float.floatToIntBits(v) : Float.floatToRawIntBits(v);
  }

  /** The bits PLAIN writes for {@code v}. */
  public static long plainBits(double v) {
    return PLAIN_CANONICAL ? Double.doubleToLongBits(v) : Double.doubleToRawLongBits(v);
  }

  /** The bits PLAIN writes for the float with raw bits {@code bits} (dictionary keys). */
  public static int plainFloatBits(int bits) {
    return PLAIN_CANONICAL && (bits & 0x7fffffff) > 0x7f800000 ? 0x7fc00000 : bits;
  }

  /** The bits PLAIN writes for the double with raw bits {@code bits} (dictionary keys). */
  public static long plainDoubleBits(long bits) {
    return PLAIN_CANONICAL && (bits & 0x7fffffffffffffffL) > 0x7ff0000000000000L ? 0x7ff8000000000000L : bits;
  }

  /** The bits BYTE_STREAM_SPLIT writes for {@code v}. */
  public static int byteStreamSplitBits(float v) {
    return BYTE_STREAM_SPLIT_CANONICAL ? Float.floatToIntBits(v) : Float.floatToRawIntBits(v);
  }

  /** The bits BYTE_STREAM_SPLIT writes for {@code v}. */
  public static long byteStreamSplitBits(double v) {
    return BYTE_STREAM_SPLIT_CANONICAL ? Double.doubleToLongBits(v) : Double.doubleToRawLongBits(v);
  }

  /** Copies {@code src[from, from + n)} to {@code dst[0, n)} with every NaN made the canonical one. */
  public static void copyCanonical(float[] src, int from, int n, float[] dst) {
    for (int i = 0; i < n; i++) {
      float v = src[from + i];
      dst[i] = v != v ? Float.NaN : v;
    }
  }

  /** Copies {@code src[from, from + n)} to {@code dst[0, n)} with every NaN made the canonical one. */
  public static void copyCanonical(double[] src, int from, int n, double[] dst) {
    for (int i = 0; i < n; i++) {
      double v = src[from + i];
      dst[i] = v != v ? Double.NaN : v;
    }
  }
}
