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
package io.github.fastdecode.parquet.dictionary;

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.ParquetJavaNaN;
import java.util.Arrays;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Dictionary for INT64 and DOUBLE columns, keyed by the 8-byte value (a double by its raw bits, so
 * NaNs with different payloads are different entries, as in parquet-java). The dictionary page
 * writes NaNs as the user's parquet-java does ({@link ParquetJavaNaN}: canonicalised before 1.18,
 * whose hash map usually, but not always, kept NaNs of different payloads apart too).
 */
public final class LongDictionaryWriter extends DictionaryWriter {
  private static final long FIBONACCI = 0x9E3779B97F4A7C15L;

  private final boolean doubles;
  /** Entries by id. */
  private long[] keys = new long[64];
  private int size;
  /** Open addressing, linear probing: slot key, and id + 1 (0 = empty slot). */
  private long[] slotKeys;
  private int[] slotIds;
  private int shift;

  public LongDictionaryWriter(PrimitiveTypeName type, int maxDictionaryByteSize, Encoding dataPageEncoding,
      Encoding dictionaryPageEncoding, ByteBufferAllocator allocator) {
    super(maxDictionaryByteSize, dataPageEncoding, dictionaryPageEncoding, allocator);
    if (type != PrimitiveTypeName.INT64 && type != PrimitiveTypeName.DOUBLE) {
      throw new IllegalArgumentException("INT64 or DOUBLE, not " + type);
    }
    this.doubles = type == PrimitiveTypeName.DOUBLE;
    allocateTable(tableSizeFor(0));
  }

  private void allocateTable(int slots) {
    slotKeys = new long[slots];
    slotIds = new int[slots];
    shift = 64 - Integer.numberOfTrailingZeros(slots);
  }

  /** The id of {@code key}, added to the dictionary if new. */
  private int idOf(long key) {
    long[] sk = slotKeys;
    int[] si = slotIds;
    int mask = si.length - 1;
    int h = (int) ((key * FIBONACCI) >>> shift); // Fibonacci hashing: the product's top bits
    for (;;) {
      int s = si[h];
      if (s == 0) {
        return insert(key, h);
      }
      if (sk[h] == key) {
        return s - 1;
      }
      h = (h + 1) & mask;
    }
  }

  private int insert(long key, int slot) {
    int id = size;
    if (id == keys.length) {
      keys = Arrays.copyOf(keys, id * 2);
    }
    keys[id] = key;
    size = id + 1;
    slotKeys[slot] = key;
    slotIds[slot] = id + 1;
    dictionaryByteSize += 8;
    if (size * 2L > slotIds.length) {
      rehash();
    }
    return id;
  }

  private void rehash() {
    allocateTable(tableSizeFor(size));
    long[] sk = slotKeys;
    int[] si = slotIds;
    int mask = si.length - 1;
    for (int id = 0; id < size; id++) {
      long key = keys[id];
      int h = (int) ((key * FIBONACCI) >>> shift);
      while (si[h] != 0) {
        h = (h + 1) & mask;
      }
      sk[h] = key;
      si[h] = id + 1;
    }
  }

  @Override
  public void writeLong(long v) {
    addId(idOf(v));
  }

  @Override
  public void writeDouble(double v) {
    addId(idOf(Double.doubleToRawLongBits(v)));
  }

  @Override
  public void writeLongs(long[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    putLongs(src, offset, count, Long.MAX_VALUE);
  }

  @Override
  public void writeDoubles(double[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    putDoubles(src, offset, count, Long.MAX_VALUE);
  }

  @Override
  int putLongs(long[] src, int offset, int count, long byteLimit) {
    makeRoomForIds(count);
    int[] ids = this.ids;
    int c = idCount;
    for (int i = 0; i < count; i++) {
      ids[c++] = idOf(src[offset + i]);
      if (dictionaryByteSize > byteLimit) {
        idCount = c;
        return i + 1;
      }
    }
    idCount = c;
    return count;
  }

  @Override
  int putDoubles(double[] src, int offset, int count, long byteLimit) {
    makeRoomForIds(count);
    int[] ids = this.ids;
    int c = idCount;
    for (int i = 0; i < count; i++) {
      ids[c++] = idOf(Double.doubleToRawLongBits(src[offset + i]));
      if (dictionaryByteSize > byteLimit) {
        idCount = c;
        return i + 1;
      }
    }
    idCount = c;
    return count;
  }

  @Override
  public int dictionarySize() {
    return size;
  }

  @Override
  void clearDictionary() {
    size = 0;
    Arrays.fill(slotIds, 0);
  }

  @Override
  byte[] dictionaryPageBytes(int entries) {
    byte[] page = new byte[entries * 8];
    for (int id = 0; id < entries; id++) {
      LittleEndian.putLong(page, id * 8, doubles ? ParquetJavaNaN.plainDoubleBits(keys[id]) : keys[id]);
    }
    return page;
  }

  @Override
  void writeValues(int[] ids, int from, int count, ValuesWriter writer) {
    long[] keys = this.keys;
    if (writer instanceof BatchValuesWriter) {
      BatchValuesWriter bulk = (BatchValuesWriter) writer;
      long[] longChunk = doubles ? null : new long[Math.min(count, FALLBACK_CHUNK)];
      double[] doubleChunk = doubles ? new double[Math.min(count, FALLBACK_CHUNK)] : null;
      for (int done = 0; done < count; ) {
        int n = Math.min(count - done, FALLBACK_CHUNK);
        for (int i = 0; i < n; i++) {
          long key = keys[ids[from + done + i]];
          if (doubles) {
            doubleChunk[i] = Double.longBitsToDouble(key);
          } else {
            longChunk[i] = key;
          }
        }
        if (doubles) {
          bulk.writeDoubles(doubleChunk, 0, n);
        } else {
          bulk.writeLongs(longChunk, 0, n);
        }
        done += n;
      }
      return;
    }
    for (int i = from, end = from + count; i < end; i++) {
      long key = keys[ids[i]];
      if (doubles) {
        writer.writeDouble(Double.longBitsToDouble(key));
      } else {
        writer.writeLong(key);
      }
    }
  }
}
