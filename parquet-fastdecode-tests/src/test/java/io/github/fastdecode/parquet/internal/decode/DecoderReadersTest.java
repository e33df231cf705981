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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.Function;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The readers over a {@link ValueDecoder}, where they add state of their own: the values scalar
 * calls decode ahead. Bulk reads, conversions and skips take those first, and a failing bulk read
 * after scalar calls writes nothing and moves nothing. (Every read and skip interleaving against
 * parquet-java is in the conformance tests; these are the cases they do not reach.)
 */
class DecoderReadersTest {
  private static final int VALUES = 1000;
  private static final long SENTINEL = 0x5A5A5A5AL;

  /** A numeric page in each encoding the readers serve, as values and its reads (as raw bits). */
  enum Page {
    PLAIN_INT32(PrimitiveTypeName.INT32, Encoding.PLAIN, ParquetJavaPages::plainInts),
    PLAIN_INT64(PrimitiveTypeName.INT64, Encoding.PLAIN, ParquetJavaPages::plainLongs),
    PLAIN_FLOAT(PrimitiveTypeName.FLOAT, Encoding.PLAIN, v -> ParquetJavaPages.plainFloats(floats(v))),
    PLAIN_DOUBLE(PrimitiveTypeName.DOUBLE, Encoding.PLAIN, v -> ParquetJavaPages.plainDoubles(doubles(v))),
    BSS_INT32(PrimitiveTypeName.INT32, Encoding.BYTE_STREAM_SPLIT, ParquetJavaPages::bssInts),
    BSS_INT64(PrimitiveTypeName.INT64, Encoding.BYTE_STREAM_SPLIT, ParquetJavaPages::bssLongs),
    BSS_FLOAT(PrimitiveTypeName.FLOAT, Encoding.BYTE_STREAM_SPLIT, v -> ParquetJavaPages.bssFloats(floats(v))),
    BSS_DOUBLE(PrimitiveTypeName.DOUBLE, Encoding.BYTE_STREAM_SPLIT, v -> ParquetJavaPages.bssDoubles(doubles(v)));

    final PrimitiveTypeName type;
    final Encoding encoding;
    final Function<long[], byte[]> write;

    Page(PrimitiveTypeName type, Encoding encoding, Function<long[], byte[]> write) {
      this.type = type;
      this.encoding = encoding;
      this.write = write;
    }

    /**
     * The values as the type holds them, each as raw bits widened to long. Floating-point values
     * are numbers, not NaNs: parquet-java before 1.18 writes every NaN as the canonical one.
     */
    long[] sample() {
      long[] v = new long[VALUES];
      for (int i = 0; i < VALUES; i++) {
        long x = (i * 0x9E3779B97F4A7C15L) ^ (i - 7L);
        switch (type) {
          case INT32:
            v[i] = (int) x;
            break;
          case FLOAT:
            v[i] = Float.floatToRawIntBits((float) (x >> 40) / 7f);
            break;
          case DOUBLE:
            v[i] = Double.doubleToRawLongBits((double) x / 7d);
            break;
          default:
            v[i] = x;
        }
      }
      return v;
    }

    BatchValuesReader open(long[] values) throws IOException {
      BatchValuesReader r = FastDecode.newValuesReader(ParquetJavaPages.column(type), encoding);
      r.initFromPage(VALUES, InputKind.HEAP.open(write.apply(values)));
      return r;
    }

    long scalar(BatchValuesReader r) {
      switch (type) {
        case INT32:
          return r.readInteger();
        case INT64:
          return r.readLong();
        case FLOAT:
          return Float.floatToRawIntBits(r.readFloat());
        default:
          return Double.doubleToRawLongBits(r.readDouble());
      }
    }

    /** A bulk read of {@code n} values into a fresh array filled with the sentinel first. */
    long[] bulk(BatchValuesReader r, int n, long[] into) {
      switch (type) {
        case INT32: {
          int[] d = new int[n];
          Arrays.fill(d, (int) SENTINEL);
          try {
            r.readIntegers(d, 0, n);
          } finally {
            for (int i = 0; i < n; i++) {
              into[i] = d[i];
            }
          }
          return into;
        }
        case INT64: {
          Arrays.fill(into, SENTINEL);
          r.readLongs(into, 0, n);
          return into;
        }
        case FLOAT: {
          float[] d = new float[n];
          Arrays.fill(d, Float.intBitsToFloat((int) SENTINEL));
          try {
            r.readFloats(d, 0, n);
          } finally {
            for (int i = 0; i < n; i++) {
              into[i] = Float.floatToRawIntBits(d[i]);
            }
          }
          return into;
        }
        default: {
          double[] d = new double[n];
          Arrays.fill(d, Double.longBitsToDouble(SENTINEL));
          try {
            r.readDoubles(d, 0, n);
          } finally {
            for (int i = 0; i < n; i++) {
              into[i] = Double.doubleToRawLongBits(d[i]);
            }
          }
          return into;
        }
      }
    }

    /** The sentinel as a bulk read leaves it in an untouched slot. */
    long untouched() {
      switch (type) {
        case INT32:
          return (int) SENTINEL;
        case FLOAT:
          return Float.floatToRawIntBits(Float.intBitsToFloat((int) SENTINEL));
        default:
          return SENTINEL;
      }
    }
  }

  private static float[] floats(long[] v) {
    float[] f = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      f[i] = Float.intBitsToFloat((int) v[i]);
    }
    return f;
  }

  private static double[] doubles(long[] v) {
    double[] d = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      d[i] = Double.longBitsToDouble(v[i]);
    }
    return d;
  }

  @ParameterizedTest
  @EnumSource(Page.class)
  void aBulkReadPastTheEndAfterScalarCallsWritesNothingAndMovesNothing(Page page) throws IOException {
    long[] values = page.sample();
    BatchValuesReader r = page.open(values);
    for (int i = 0; i < 3; i++) {
      assertEquals(values[i], page.scalar(r), "value " + i);
    }
    long[] got = new long[VALUES];
    // VALUES - 3 values are left, the first AHEAD - 3 of them decoded ahead.
    assertThrows(ParquetDecodingException.class, () -> page.bulk(r, VALUES - 2, got));
    long[] untouched = new long[VALUES - 2];
    Arrays.fill(untouched, page.untouched());
    assertArrayEquals(untouched, Arrays.copyOf(got, VALUES - 2), "a failed read wrote values");
    page.bulk(r, VALUES - 3, got);
    assertArrayEquals(Arrays.copyOfRange(values, 3, VALUES), Arrays.copyOf(got, VALUES - 3));
    assertThrows(ParquetDecodingException.class, () -> page.scalar(r));
  }

  @ParameterizedTest
  @EnumSource(Page.class)
  void skipsAndBulkReadsTakeTheValuesDecodedAheadFirst(Page page) throws IOException {
    long[] values = page.sample();
    BatchValuesReader r = page.open(values);
    assertEquals(values[0], page.scalar(r));
    r.skip(10); // inside the values decoded ahead
    assertEquals(values[11], page.scalar(r));
    int at = 12 + DecoderReaders.AHEAD + 50;
    r.skip(DecoderReaders.AHEAD + 50); // past them
    assertEquals(values[at], page.scalar(r));
    assertThrows(ParquetDecodingException.class, () -> r.skip(VALUES - at));
    assertEquals(values[at + 1], page.scalar(r), "a failed skip moved");
    int n = DecoderReaders.AHEAD + 20; // those decoded ahead, then some from the page
    long[] got = page.bulk(r, n, new long[n]);
    assertArrayEquals(Arrays.copyOfRange(values, at + 2, at + 2 + n), got);
    r.skip();
    assertEquals(values[at + 3 + n], page.scalar(r));
  }

  @ParameterizedTest
  @EnumSource(value = Page.class, names = {"PLAIN_INT32", "BSS_INT32"})
  void aConversionAfterScalarCallsStartsAtTheNextValue(Page page) throws IOException {
    long[] values = page.sample();
    BatchValuesReader r = page.open(values);
    for (int i = 0; i < 5; i++) {
      page.scalar(r);
    }
    long[] wide = new long[VALUES];
    Arrays.fill(wide, SENTINEL);
    assertThrows(ParquetDecodingException.class, () -> r.readIntegersAsLongs(wide, 0, VALUES - 4));
    assertEquals(SENTINEL, wide[0], "a failed conversion wrote values");
    r.readIntegersAsLongs(wide, 0, VALUES - 5);
    assertArrayEquals(Arrays.copyOfRange(values, 5, VALUES), Arrays.copyOf(wide, VALUES - 5));
  }
}
