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

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/** Values sections written by parquet-java's own writers: the bytes every decoder is checked on. */
public final class ParquetJavaPages {
  private static final ByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();
  private static final int SLAB = 64 * 1024;
  private static final int PAGE = 64 * 1024 * 1024;

  private ParquetJavaPages() {}

  /** A required column of the given type, named {@code c}. */
  public static ColumnDescriptor column(PrimitiveTypeName type) {
    return column(type, 0);
  }

  /** A required column; {@code length} is the FIXED_LEN_BYTE_ARRAY width (ignored otherwise). */
  public static ColumnDescriptor column(PrimitiveTypeName type, int length) {
    Types.PrimitiveBuilder<org.apache.parquet.schema.PrimitiveType> b = Types.required(type);
    if (type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
      b = b.length(length);
    }
    return new ColumnDescriptor(new String[] {"c"}, b.named("c"), 0, 0);
  }

  static byte[] bytes(ValuesWriter w) {
    try {
      return w.getBytes().toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      w.close();
    }
  }

  public static byte[] plainInts(long[] values) {
    PlainValuesWriter w = new PlainValuesWriter(SLAB, PAGE, HEAP);
    for (long v : values) {
      w.writeInteger((int) v);
    }
    return bytes(w);
  }

  public static byte[] plainLongs(long[] values) {
    PlainValuesWriter w = new PlainValuesWriter(SLAB, PAGE, HEAP);
    for (long v : values) {
      w.writeLong(v);
    }
    return bytes(w);
  }

  public static byte[] plainFloats(float[] values) {
    PlainValuesWriter w = new PlainValuesWriter(SLAB, PAGE, HEAP);
    for (float v : values) {
      w.writeFloat(v);
    }
    return bytes(w);
  }

  public static byte[] plainDoubles(double[] values) {
    PlainValuesWriter w = new PlainValuesWriter(SLAB, PAGE, HEAP);
    for (double v : values) {
      w.writeDouble(v);
    }
    return bytes(w);
  }

  /** PLAIN FIXED_LEN_BYTE_ARRAY (and INT96, which is 12 fixed bytes). */
  public static byte[] plainFixed(byte[][] values, int length) {
    FixedLenByteArrayPlainValuesWriter w = new FixedLenByteArrayPlainValuesWriter(length, SLAB, PAGE, HEAP);
    for (byte[] v : values) {
      w.writeBytes(Binary.fromConstantByteArray(v));
    }
    return bytes(w);
  }

  public static byte[] plainBooleans(boolean[] values) {
    BooleanPlainValuesWriter w = new BooleanPlainValuesWriter();
    for (boolean v : values) {
      w.writeBoolean(v);
    }
    return bytes(w);
  }

  /** PLAIN BYTE_ARRAY: 4-byte length, then the bytes, per value. */
  public static byte[] plainBinaries(byte[][] values) {
    PlainValuesWriter w = new PlainValuesWriter(SLAB, PAGE, HEAP);
    for (byte[] v : values) {
      w.writeBytes(Binary.fromConstantByteArray(v));
    }
    return bytes(w);
  }

  /** RLE / bit-packed hybrid data with parquet-java's 4-byte length prefix (V1 levels, RLE booleans). */
  public static byte[] rleLengthPrefixed(int[] values, int bitWidth) {
    RunLengthBitPackingHybridValuesWriter w = new RunLengthBitPackingHybridValuesWriter(bitWidth, SLAB, PAGE, HEAP);
    for (int v : values) {
      w.writeInteger(v);
    }
    return bytes(w);
  }

  /** RLE / bit-packed hybrid data without a length prefix (V2 levels, dictionary ids after the width byte). */
  public static byte[] rleRaw(int[] values, int bitWidth) {
    RunLengthBitPackingHybridEncoder e = new RunLengthBitPackingHybridEncoder(bitWidth, SLAB, PAGE, HEAP);
    try {
      for (int v : values) {
        e.writeInt(v);
      }
      return e.toBytes().toByteArray();
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    } finally {
      e.close();
    }
  }

  public static byte[] deltaLengthBinaries(byte[][] values) {
    DeltaLengthByteArrayValuesWriter w = new DeltaLengthByteArrayValuesWriter(SLAB, PAGE, HEAP);
    for (byte[] v : values) {
      w.writeBytes(Binary.fromConstantByteArray(v));
    }
    return bytes(w);
  }

  public static byte[] deltaBinaries(byte[][] values) {
    DeltaByteArrayWriter w = new DeltaByteArrayWriter(SLAB, PAGE, HEAP);
    for (byte[] v : values) {
      w.writeBytes(Binary.fromConstantByteArray(v));
    }
    return bytes(w);
  }

  public static byte[] deltaInts(long[] values, int blockSize, int miniBlocks) {
    DeltaBinaryPackingValuesWriterForInteger w = new DeltaBinaryPackingValuesWriterForInteger(blockSize, miniBlocks, SLAB, PAGE, HEAP);
    for (long v : values) {
      w.writeInteger((int) v);
    }
    return bytes(w);
  }

  public static byte[] deltaLongs(long[] values, int blockSize, int miniBlocks) {
    DeltaBinaryPackingValuesWriterForLong w = new DeltaBinaryPackingValuesWriterForLong(blockSize, miniBlocks, SLAB, PAGE, HEAP);
    for (long v : values) {
      w.writeLong(v);
    }
    return bytes(w);
  }

  public static byte[] bssFloats(float[] values) {
    ValuesWriter w = new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(SLAB, PAGE, HEAP);
    for (float v : values) {
      w.writeFloat(v);
    }
    return bytes(w);
  }

  public static byte[] bssDoubles(double[] values) {
    ValuesWriter w = new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(SLAB, PAGE, HEAP);
    for (double v : values) {
      w.writeDouble(v);
    }
    return bytes(w);
  }

  public static byte[] bssInts(long[] values) {
    ValuesWriter w = new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(SLAB, PAGE, HEAP);
    for (long v : values) {
      w.writeInteger((int) v);
    }
    return bytes(w);
  }

  public static byte[] bssLongs(long[] values) {
    ValuesWriter w = new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(SLAB, PAGE, HEAP);
    for (long v : values) {
      w.writeLong(v);
    }
    return bytes(w);
  }

  public static byte[] bssFixed(byte[][] values, int length) {
    ValuesWriter w = new ByteStreamSplitValuesWriter.FixedLenByteArrayByteStreamSplitValuesWriter(length, SLAB, PAGE, HEAP);
    for (byte[] v : values) {
      w.writeBytes(Binary.fromConstantByteArray(v));
    }
    return bytes(w);
  }
}
