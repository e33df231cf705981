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
import java.util.List;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.openjdk.jmh.annotations.CompilerControl;

/**
 * The parquet-java side of the writer benchmarks: one scalar call per value through the abstract
 * {@link ValuesWriter}, as a column writer makes it. As for the readers ({@link ParquetJavaCalls}),
 * a column writer's call site serves every encoding of the type, so by default the loops are
 * warmed over three or four writer classes first and kept out of line.
 */
final class ParquetJavaWriterCalls {
  private ParquetJavaWriterCalls() {}

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void writeIntegers(ValuesWriter w, int[] src, int n) {
    for (int i = 0; i < n; i++) {
      w.writeInteger(src[i]);
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void writeLongs(ValuesWriter w, long[] src, int n) {
    for (int i = 0; i < n; i++) {
      w.writeLong(src[i]);
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void writeFloats(ValuesWriter w, float[] src, int n) {
    for (int i = 0; i < n; i++) {
      w.writeFloat(src[i]);
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void writeDoubles(ValuesWriter w, double[] src, int n) {
    for (int i = 0; i < n; i++) {
      w.writeDouble(src[i]);
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void writeBooleans(ValuesWriter w, boolean[] src, int n) {
    for (int i = 0; i < n; i++) {
      w.writeBoolean(src[i]);
    }
  }

  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void writeBinaries(ValuesWriter w, Binary[] src, int n) {
    for (int i = 0; i < n; i++) {
      w.writeBytes(src[i]);
    }
  }

  static void prepare(String callSite) {
    switch (callSite) {
      case "megamorphic":
        warmUpCallSites();
        break;
      case "inlined":
        break;
      default:
        throw new IllegalArgumentException("unknown callSite " + callSite + "; known: megamorphic, inlined");
    }
  }

  private static boolean warm;

  /** Runs every loop above over three or four parquet-java writer classes. */
  static synchronized void warmUpCallSites() {
    if (warm) {
      return;
    }
    int n = 4096;
    long[] longs = DataShapes.smallDeltas(n, 1);
    int[] ints = new int[n];
    for (int i = 0; i < n; i++) {
      ints[i] = (int) longs[i] & 1;
    }
    float[] floats = DataShapes.floats(n, 1);
    double[] doubles = DataShapes.doubles(n, 1);
    ByteBufferAllocator heap = HeapByteBufferAllocator.getInstance();
    int slab = 1024;
    int page = 1 << 20;
    List<ValuesWriter> intWriters = List.of(new PlainValuesWriter(slab, page, heap),
        new DeltaBinaryPackingValuesWriterForInteger(slab, page, heap),
        new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(slab, page, heap),
        new RunLengthBitPackingHybridValuesWriter(1, slab, page, heap));
    List<ValuesWriter> longWriters = List.of(new PlainValuesWriter(slab, page, heap),
        new DeltaBinaryPackingValuesWriterForLong(slab, page, heap),
        new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(slab, page, heap));
    List<ValuesWriter> floatWriters = List.of(new PlainValuesWriter(slab, page, heap),
        new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(slab, page, heap),
        new DictionaryValuesWriter.PlainFloatDictionaryValuesWriter(Integer.MAX_VALUE, Encoding.RLE_DICTIONARY, Encoding.PLAIN, heap));
    List<ValuesWriter> doubleWriters = List.of(new PlainValuesWriter(slab, page, heap),
        new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(slab, page, heap),
        new DictionaryValuesWriter.PlainDoubleDictionaryValuesWriter(Integer.MAX_VALUE, Encoding.RLE_DICTIONARY, Encoding.PLAIN, heap));
    boolean[] booleans = new boolean[n];
    Binary[] binaries = new Binary[n];
    for (int i = 0; i < n; i++) {
      booleans[i] = (longs[i] & 1) != 0;
      binaries[i] = Binary.fromConstantByteArray(java.nio.ByteBuffer.allocate(12).putLong(longs[i]).array());
    }
    // Every writer parquet-java has for BOOLEAN; for binaries, four of its classes.
    List<ValuesWriter> booleanWriters = List.of(new BooleanPlainValuesWriter(),
        new RunLengthBitPackingHybridValuesWriter(1, slab, page, heap));
    List<ValuesWriter> binaryWriters = List.of(new PlainValuesWriter(slab, page, heap),
        new FixedLenByteArrayPlainValuesWriter(12, slab, page, heap),
        new DeltaLengthByteArrayValuesWriter(slab, page, heap),
        new DeltaByteArrayWriter(slab, page, heap));
    for (int round = 0; round < 100; round++) {
      for (ValuesWriter w : booleanWriters) {
        writeBooleans(w, booleans, n);
        w.reset();
      }
      for (ValuesWriter w : binaryWriters) {
        writeBinaries(w, binaries, n);
        w.reset();
      }
      for (ValuesWriter w : intWriters) {
        writeIntegers(w, ints, n);
        w.reset();
      }
      for (ValuesWriter w : longWriters) {
        writeLongs(w, longs, n);
        w.reset();
      }
      for (ValuesWriter w : floatWriters) {
        writeFloats(w, floats, n);
        w.reset();
      }
      for (ValuesWriter w : doubleWriters) {
        writeDoubles(w, doubles, n);
        w.reset();
      }
    }
    warm = true;
  }
}
