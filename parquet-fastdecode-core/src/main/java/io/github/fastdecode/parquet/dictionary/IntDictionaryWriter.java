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
 * Dictionary for INT32 and FLOAT columns, keyed by the 4-byte value (a float by its raw bits, so
 * NaNs with different payloads are different entries, as in parquet-java). The dictionary page
 * writes NaNs as the user's parquet-java does ({@link ParquetJavaNaN}: canonicalised before 1.18,
 * whose hash map usually, but not always, kept NaNs of different payloads apart too).
 */
public final class IntDictionaryWriter extends DictionaryWriter {
  private final boolean floats;
  /** Entries by id. */
  private int[] keys = new int[64];
  private int size;
  /** Open addressing, linear probing: slot key, and id + 1 (0 = empty slot). */
  private int[] slotKeys;
  private int[] slotIds;
  private int shift;

  public IntDictionaryWriter(PrimitiveTypeName type, int maxDictionaryByteSize, Encoding dataPageEncoding,
      Encoding dictionaryPageEncoding, ByteBufferAllocator allocator) {
    super(maxDictionaryByteSize, dataPageEncoding, dictionaryPageEncoding, allocator);
    if (type != PrimitiveTypeName.INT32 && type != PrimitiveTypeName.FLOAT) {
      throw new IllegalArgumentException("INT32 or FLOAT, not " + type);
    }
    this.floats = type == PrimitiveTypeName.FLOAT;
    allocateTable(tableSizeFor(0));
  }

  private void allocateTable(int slots) {
    slotKeys = new int[slots];
    slotIds = new int[slots];
    shift = 32 - Integer.numberOfTrailingZeros(slots);
  }

  /** The id of {@code key}, added to the dictionary if new. */
  private int idOf(int key) {
    int[] sk = slotKeys;
    int[] si = slotIds;
    int mask = si.length - 1;
    int h = (key * 0x9E3779B9) >>> shift; // Fibonacci hashing: the product's top bits
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

  private int insert(int key, int slot) {
    int id = size;
    if (id == keys.length) {
      keys = Arrays.copyOf(keys, id * 2);
    }
    keys[id] = key;
    size = id + 1;
    slotKeys[slot] = key;
    slotIds[slot] = id + 1;
    dictionaryByteSize += 4;
    if (size * 2L > slotIds.length) {
      rehash();
    }
    return id;
  }

  private void rehash() {
    allocateTable(tableSizeFor(size));
    int[] sk = slotKeys;
    int[] si = slotIds;
    int mask = si.length - 1;
    for (int id = 0; id < size; id++) {
      int key = keys[id];
      int h = (key * 0x9E3779B9) >>> shift;
      while (si[h] != 0) {
        h = (h + 1) & mask;
      }
      sk[h] = key;
      si[h] = id + 1;
    }
  }

  @Override
  public void writeInteger(int v) {
    addId(idOf(v));
  }

  @Override
  public void writeFloat(float v) {
    addId(idOf(Float.floatToRawIntBits(v)));
  }

  @Override
  public void writeIntegers(int[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    putIntegers(src, offset, count, Long.MAX_VALUE);
  }

  @Override
  public void writeFloats(float[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    putFloats(src, offset, count, Long.MAX_VALUE);
  }

  @Override
  int putIntegers(int[] src, int offset, int count, long byteLimit) {
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
  int putFloats(float[] src, int offset, int count, long byteLimit) {
    makeRoomForIds(count);
    int[] ids = this.ids;
    int c = idCount;
    for (int i = 0; i < count; i++) {
      ids[c++] = idOf(Float.floatToRawIntBits(src[offset + i]));
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
    byte[] page = new byte[entries * 4];
    for (int id = 0; id < entries; id++) {
      LittleEndian.putInt(page, id * 4, floats ? ParquetJavaNaN.plainFloatBits(keys[id]) : keys[id]);
    }
    return page;
  }

  @Override
  void writeValues(int[] ids, int from, int count, ValuesWriter writer) {
    int[] keys = this.keys;
    if (writer instanceof BatchValuesWriter) {
      BatchValuesWriter bulk = (BatchValuesWriter) writer;
      int[] intChunk = floats ? null : new int[Math.min(count, FALLBACK_CHUNK)];
      float[] floatChunk = floats ? new float[Math.min(count, FALLBACK_CHUNK)] : null;
      for (int done = 0; done < count; ) {
        int n = Math.min(count - done, FALLBACK_CHUNK);
        for (int i = 0; i < n; i++) {
          int key = keys[ids[from + done + i]];
          if (floats) {
            floatChunk[i] = Float.intBitsToFloat(key);
          } else {
            intChunk[i] = key;
          }
        }
        if (floats) {
          bulk.writeFloats(floatChunk, 0, n);
        } else {
          bulk.writeIntegers(intChunk, 0, n);
        }
        done += n;
      }
      return;
    }
    for (int i = from, end = from + count; i < end; i++) {
      int key = keys[ids[i]];
      if (floats) {
        writer.writeFloat(Float.intBitsToFloat(key));
      } else {
        writer.writeInteger(key);
      }
    }
  }
}
