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
package io.github.fastdecode.parquet.benchmarks.jmh;

import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.DictionaryPages;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.function.Supplier;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForDouble;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFloat;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForInteger;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForLong;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.column.values.dictionary.DictionaryValuesReader;
import org.apache.parquet.column.values.plain.PlainValuesReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.CompilerControl;

/**
 * The parquet-java side of every benchmark: one scalar call per value through the abstract {@link
 * ValuesReader}, as a column reader makes it. In a real reader that call site serves every
 * encoding of the column type, so the JIT sees several receiver classes there and cannot inline
 * them; {@link #warmUpCallSites()} gives these loops that same profile (three or four reader
 * classes per call) before measurement. Without it, a benchmark that only ever passes one class
 * would measure a fully inlined loop no multi-encoding reader gets. The loops are kept out of line
 * ({@code DONT_INLINE}): inlined into a benchmark method that constructs the reader, C2 would see
 * its exact class and devirtualise the call whatever the profile says.
 */
final class ParquetJavaCalls {
  private ParquetJavaCalls() {}

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void readLongs(ValuesReader r, long[] dst, int n) {
    for (int i = 0; i < n; i++) {
      dst[i] = r.readLong();
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void readIntegers(ValuesReader r, int[] dst, int n) {
    for (int i = 0; i < n; i++) {
      dst[i] = r.readInteger();
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void readIntegersAsLongs(ValuesReader r, long[] dst, int n) {
    for (int i = 0; i < n; i++) {
      dst[i] = r.readInteger();
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void readIntegersAsDoubles(ValuesReader r, double[] dst, int n) {
    for (int i = 0; i < n; i++) {
      dst[i] = r.readInteger();
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void readFloats(ValuesReader r, float[] dst, int n) {
    for (int i = 0; i < n; i++) {
      dst[i] = r.readFloat();
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void readDoubles(ValuesReader r, double[] dst, int n) {
    for (int i = 0; i < n; i++) {
      dst[i] = r.readDouble();
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void readBytes(ValuesReader r, Binary[] dst, int n) {
    for (int i = 0; i < n; i++) {
      dst[i] = r.readBytes();
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void readDictionaryIds(ValuesReader r, int[] dst, int n) {
    for (int i = 0; i < n; i++) {
      dst[i] = r.readValueDictionaryId();
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void readBooleans(ValuesReader r, boolean[] dst, int n) {
    for (int i = 0; i < n; i++) {
      dst[i] = r.readBoolean();
    }
  }

  /** Reads {@code n} levels and returns how many equal {@code maxLevel}. */
  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static int readLevels(ValuesReader r, int[] dst, int n, int maxLevel) {
    int equal = 0;
    for (int i = 0; i < n; i++) {
      int level = r.readInteger();
      dst[i] = level;
      if (level == maxLevel) {
        equal++;
      }
    }
    return equal;
  }

  /** Per row: the level, then the value if it is defined (0 otherwise); returns the non-null count. */
  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static int readLongsWithLevels(ValuesReader levels, ValuesReader values, int[] rowLevels, long[] dst, int n, int defined) {
    int nonNull = 0;
    for (int i = 0; i < n; i++) {
      int level = levels.readInteger();
      rowLevels[i] = level;
      if (level == defined) {
        dst[i] = values.readLong();
        nonNull++;
      } else {
        dst[i] = 0;
      }
    }
    return nonNull;
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static int readDoublesWithLevels(ValuesReader levels, ValuesReader values, int[] rowLevels, double[] dst, int n, int defined) {
    int nonNull = 0;
    for (int i = 0; i < n; i++) {
      int level = levels.readInteger();
      rowLevels[i] = level;
      if (level == defined) {
        dst[i] = values.readDouble();
        nonNull++;
      } else {
        dst[i] = 0;
      }
    }
    return nonNull;
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static int readBytesWithLevels(ValuesReader levels, ValuesReader values, int[] rowLevels, Binary[] dst, int n, int defined) {
    int nonNull = 0;
    for (int i = 0; i < n; i++) {
      int level = levels.readInteger();
      rowLevels[i] = level;
      if (level == defined) {
        dst[i] = values.readBytes();
        nonNull++;
      } else {
        dst[i] = null;
      }
    }
    return nonNull;
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void skipAndReadBytes(ValuesReader r, Binary[] dst, int reads, int run) {
    for (int k = 0; k < reads; k++) {
      r.skip(run);
      dst[k] = r.readBytes();
    }
  }

  /** Skips {@code run} values, then reads one long, {@code reads} times. */
  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void skipAndReadLongs(ValuesReader r, long[] dst, int reads, int run) {
    for (int k = 0; k < reads; k++) {
      r.skip(run);
      dst[k] = r.readLong();
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void skipAndReadIntegers(ValuesReader r, int[] dst, int reads, int run) {
    for (int k = 0; k < reads; k++) {
      r.skip(run);
      dst[k] = r.readInteger();
    }
  }

  /** The benchmarks' {@code callSite} parameter: {@code megamorphic} (default) or {@code inlined}. */
  static void prepare(String callSite) {
    switch (callSite) {
      case "megamorphic":
        warmUpCallSites();
        break;
      case "inlined":
        break; // the loops only ever see the benchmark's own reader class: best case for parquet-java
      default:
        throw new IllegalArgumentException("unknown callSite " + callSite + "; known: megamorphic, inlined");
    }
  }

  private static boolean warm;

  /** Runs every loop above over three or four parquet-java reader classes, so their call sites are megamorphic. */
  static synchronized void warmUpCallSites() {
    if (warm) {
      return;
    }
    int n = 4096;
    long[] longs = DataShapes.smallDeltas(n, 1);
    long[] ints = DataShapes.narrow(longs);
    float[] floats = DataShapes.floats(n, 1);
    double[] doubles = DataShapes.doubles(n, 1);
    DictionaryPages.Encoded longDict = DictionaryPages.write(ParquetJavaPages.column(PrimitiveTypeName.INT64), n, 50, null, 1);
    DictionaryPages.Encoded intDict = DictionaryPages.write(ParquetJavaPages.column(PrimitiveTypeName.INT32), n, 50, null, 1);
    DictionaryPages.Encoded floatDict = DictionaryPages.write(ParquetJavaPages.column(PrimitiveTypeName.FLOAT), n, 50, null, 1);
    DictionaryPages.Encoded doubleDict = DictionaryPages.write(ParquetJavaPages.column(PrimitiveTypeName.DOUBLE), n, 50, null, 1);
    DictionaryPages.Encoded binDict = DictionaryPages.write(ParquetJavaPages.column(PrimitiveTypeName.BINARY), n, 50, null, 1);
    Object[][] longReaders = {
        {(Supplier<ValuesReader>) PlainValuesReader.LongPlainValuesReader::new, ParquetJavaPages.plainLongs(longs)},
        {(Supplier<ValuesReader>) DeltaBinaryPackingValuesReader::new, ParquetJavaPages.deltaLongs(longs, 128, 4)},
        {(Supplier<ValuesReader>) ByteStreamSplitValuesReaderForLong::new, ParquetJavaPages.bssLongs(longs)},
        {(Supplier<ValuesReader>) () -> new DictionaryValuesReader(longDict.dictionary), longDict.page}};
    Object[][] intReaders = {
        {(Supplier<ValuesReader>) PlainValuesReader.IntegerPlainValuesReader::new, ParquetJavaPages.plainInts(ints)},
        {(Supplier<ValuesReader>) DeltaBinaryPackingValuesReader::new, ParquetJavaPages.deltaInts(ints, 128, 4)},
        {(Supplier<ValuesReader>) ByteStreamSplitValuesReaderForInteger::new, ParquetJavaPages.bssInts(ints)},
        {(Supplier<ValuesReader>) () -> new DictionaryValuesReader(intDict.dictionary), intDict.page}};
    Object[][] floatReaders = {
        {(Supplier<ValuesReader>) PlainValuesReader.FloatPlainValuesReader::new, ParquetJavaPages.plainFloats(floats)},
        {(Supplier<ValuesReader>) ByteStreamSplitValuesReaderForFloat::new, ParquetJavaPages.bssFloats(floats)},
        {(Supplier<ValuesReader>) () -> new DictionaryValuesReader(floatDict.dictionary), floatDict.page}};
    Object[][] doubleReaders = {
        {(Supplier<ValuesReader>) PlainValuesReader.DoublePlainValuesReader::new, ParquetJavaPages.plainDoubles(doubles)},
        {(Supplier<ValuesReader>) ByteStreamSplitValuesReaderForDouble::new, ParquetJavaPages.bssDoubles(doubles)},
        {(Supplier<ValuesReader>) () -> new DictionaryValuesReader(doubleDict.dictionary), doubleDict.page}};
    byte[][] strings = DataShapes.binaryShapes(n, 1).get("randomStrings");
    Object[][] binaryReaders = {
        {(Supplier<ValuesReader>) org.apache.parquet.column.values.plain.BinaryPlainValuesReader::new, ParquetJavaPages.plainBinaries(strings)},
        {(Supplier<ValuesReader>) org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader::new,
            ParquetJavaPages.deltaLengthBinaries(strings)},
        {(Supplier<ValuesReader>) org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader::new, ParquetJavaPages.deltaBinaries(strings)},
        {(Supplier<ValuesReader>) () -> new DictionaryValuesReader(binDict.dictionary), binDict.page}};
    boolean[] booleans = new boolean[n];
    for (int k = 0; k < n; k++) {
      booleans[k] = (k * 7919) % 3 == 0;
    }
    int[] levelValues = new int[n];
    for (int k = 0; k < n; k++) {
      levelValues[k] = booleans[k] ? 0 : 1;
    }
    // A boolean column's readBoolean() sees PLAIN and RLE pages.
    Object[][] booleanReaders = {
        {(Supplier<ValuesReader>) org.apache.parquet.column.values.plain.BooleanPlainValuesReader::new, ParquetJavaPages.plainBooleans(booleans)},
        {(Supplier<ValuesReader>) () -> new org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesReader(1),
            ParquetJavaPages.rleLengthPrefixed(levelValues, 1)}};
    // Levels and dictionary ids: each has a single parquet-java reader class behind it.
    Object[] levelReader = {(Supplier<ValuesReader>) () -> new org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesReader(1),
        ParquetJavaPages.rleLengthPrefixed(levelValues, 1)};
    long[] l = new long[n];
    int[] i = new int[n];
    float[] f = new float[n];
    double[] d = new double[n];
    Binary[] b = new Binary[n];
    for (int round = 0; round < 30; round++) {
      for (Object[] e : longReaders) {
        readLongs(open(e), l, n);
        skipAndReadLongs(open(e), l, n / 64, 63);
      }
      for (Object[] e : intReaders) {
        readIntegers(open(e), i, n);
        readIntegersAsLongs(open(e), l, n);
        readIntegersAsDoubles(open(e), d, n);
        skipAndReadIntegers(open(e), i, n / 64, 63);
      }
      for (Object[] e : floatReaders) {
        readFloats(open(e), f, n);
      }
      for (Object[] e : doubleReaders) {
        readDoubles(open(e), d, n);
      }
      for (Object[] e : binaryReaders) {
        readBytes(open(e), b, n);
        skipAndReadBytes(open(e), b, n / 64, 63);
        readBytesWithLevels(open(levelReader), open(e), i, b, n, 1);
      }
      for (Object[] e : longReaders) {
        readLongsWithLevels(open(levelReader), open(e), i, l, n, 1);
      }
      for (Object[] e : doubleReaders) {
        readDoublesWithLevels(open(levelReader), open(e), i, d, n, 1);
      }
      for (Object[] e : booleanReaders) {
        readBooleans(open(e), booleans, n);
      }
      readLevels(open(levelReader), i, n, 1);
      readDictionaryIds(open(intReaders[3]), i, n);
    }
    warm = true;
  }

  @SuppressWarnings("unchecked")
  private static ValuesReader open(Object[] readerAndPage) {
    ValuesReader r = ((Supplier<ValuesReader>) readerAndPage[0]).get();
    byte[] page = (byte[]) readerAndPage[1];
    try {
      r.initFromPage(4096, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return r;
  }
}
