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
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.internal.BinaryView;
import io.github.fastdecode.parquet.internal.LittleEndian;
import java.util.Arrays;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;

/**
 * Dictionary for BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 columns. Entries are kept back to back
 * in one array already laid out as the PLAIN dictionary page (4-byte length before each entry for
 * BYTE_ARRAY, none for fixed lengths), so the dictionary page is a copy of its first bytes. The
 * hash table holds ids and cached hashes; a value is looked at in its caller's array ({@link
 * BinaryView}) and copied only when it is a new entry.
 *
 * <p>A FIXED_LEN_BYTE_ARRAY value of another length is refused when written (parquet-java takes it
 * into the dictionary and fails when writing the dictionary page).
 */
class DictionaryBinaryWriter extends DictionaryWriter {
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

  /** The type length, or -1 for BYTE_ARRAY. */
  private final int fixedLength;
  private final BinaryView view = new BinaryView();
  /** The dictionary in PLAIN layout. */
  private byte[] data = new byte[1024];
  private int dataSize;
  /** Where entry {@code id}'s bytes start in {@link #data}, and their length. */
  private int[] starts = new int[64];
  private int[] lengths = new int[64];
  private int size;
  /** Open addressing, linear probing: id + 1 (0 = empty slot), and the entry's hash. */
  private int[] slotIds;
  private int[] slotHashes;

  /** {@code fixedLength} is the FIXED_LEN_BYTE_ARRAY / INT96 length, or -1 for BYTE_ARRAY. */
  DictionaryBinaryWriter(int fixedLength, int maxDictionaryByteSize, Encoding dataPageEncoding,
      Encoding dictionaryPageEncoding, ByteBufferAllocator allocator) {
    super(maxDictionaryByteSize, dataPageEncoding, dictionaryPageEncoding, allocator);
    this.fixedLength = fixedLength;
    slotIds = new int[tableSizeFor(0)];
    slotHashes = new int[slotIds.length];
  }

  /** A hash of {@code b[offset .. offset + length)}, 8 bytes per step. */
  static int hash(byte[] b, int offset, int length) {
    long h = 0x9E3779B97F4A7C15L ^ length;
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      h = Long.rotateLeft(h ^ LittleEndian.getLong(b, offset + i) * 0xC2B2AE3D27D4EB4FL, 31) * 0x9E3779B97F4A7C15L;
    }
    if (i < length) {
      long tail = 0;
      for (int k = length - 1; k >= i; k--) {
        tail = (tail << 8) | (b[offset + k] & 0xFF);
      }
      h = Long.rotateLeft(h ^ tail * 0xC2B2AE3D27D4EB4FL, 31) * 0x9E3779B97F4A7C15L;
    }
    h ^= h >>> 33;
    h *= 0xFF51AFD7ED558CCDL;
    h ^= h >>> 33;
    return (int) h;
  }

  /** The id of {@code src[offset .. offset + length)}, added to the dictionary (copied) if new. */
  private int idOf(byte[] src, int offset, int length) {
    if (fixedLength >= 0 && length != fixedLength) {
      throw new ParquetEncodingException("Fixed Binary size " + length + " does not match field type length " + fixedLength);
    }
    int hash = hash(src, offset, length);
    int[] si = slotIds;
    int[] sh = slotHashes;
    int mask = si.length - 1;
    int h = hash & mask;
    for (;;) {
      int s = si[h];
      if (s == 0) {
        return insert(src, offset, length, hash, h);
      }
      if (sh[h] == hash) {
        int id = s - 1;
        int start = starts[id];
        if (lengths[id] == length && Arrays.equals(data, start, start + length, src, offset, offset + length)) {
          return id;
        }
      }
      h = (h + 1) & mask;
    }
  }

  private int insert(byte[] src, int offset, int length, int hash, int slot) {
    int id = size;
    if (id == starts.length) {
      starts = Arrays.copyOf(starts, id * 2);
      lengths = Arrays.copyOf(lengths, id * 2);
    }
    int header = fixedLength >= 0 ? 0 : 4;
    long need = (long) dataSize + header + length;
    if (need > data.length) {
      if (need > MAX_ARRAY) {
        throw new ParquetEncodingException("dictionary would exceed 2 GiB: " + need + " bytes");
      }
      data = Arrays.copyOf(data, (int) Math.min(MAX_ARRAY, Math.max(need, 2L * data.length)));
    }
    if (header != 0) {
      LittleEndian.putInt(data, dataSize, length);
    }
    int start = dataSize + header;
    System.arraycopy(src, offset, data, start, length);
    dataSize = start + length;
    starts[id] = start;
    lengths[id] = length;
    size = id + 1;
    slotIds[slot] = id + 1;
    slotHashes[slot] = hash;
    dictionaryByteSize += header + length;
    if (size * 2L > slotIds.length) {
      rehash();
    }
    return id;
  }

  private void rehash() {
    int[] oldIds = slotIds;
    int[] oldHashes = slotHashes;
    int[] si = new int[tableSizeFor(size)];
    int[] sh = new int[si.length];
    int mask = si.length - 1;
    for (int k = 0; k < oldIds.length; k++) {
      int s = oldIds[k];
      if (s != 0) {
        int h = oldHashes[k] & mask;
        while (si[h] != 0) {
          h = (h + 1) & mask;
        }
        si[h] = s;
        sh[h] = oldHashes[k];
      }
    }
    slotIds = si;
    slotHashes = sh;
  }

  @Override
  public void writeBytes(Binary v) {
    BinaryView b = view.of(v);
    addId(idOf(b.array, b.offset, b.length));
  }

  @Override
  public void writeBinaries(BinaryBatch batch, int from, int count) {
    Objects.checkFromIndexSize(from, count, batch.size());
    putBinaries(batch, from, count, Long.MAX_VALUE);
  }

  @Override
  int putBinaries(BinaryBatch batch, int from, int count, long byteLimit) {
    makeRoomForIds(count);
    byte[] src = batch.bytes();
    int[] offsets = batch.offsets();
    int[] ids = this.ids;
    int c = idCount;
    for (int i = 0; i < count; i++) {
      int start = offsets[from + i];
      ids[c++] = idOf(src, start, offsets[from + i + 1] - start);
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
    dataSize = 0;
    Arrays.fill(slotIds, 0);
  }

  @Override
  byte[] dictionaryPageBytes(int entries) {
    int end = entries == 0 ? 0 : starts[entries - 1] + lengths[entries - 1];
    return Arrays.copyOf(data, end);
  }

  @Override
  void writeValues(int[] ids, int from, int count, ValuesWriter writer) {
    if (writer instanceof BatchValuesWriter) {
      BatchValuesWriter bulk = (BatchValuesWriter) writer;
      BinaryBatch chunk = new BinaryBatch(Math.min(count, FALLBACK_CHUNK), 16);
      for (int done = 0; done < count; ) {
        int n = Math.min(count - done, FALLBACK_CHUNK);
        long bytes = 0;
        for (int i = 0; i < n; i++) {
          bytes += lengths[ids[from + done + i]];
        }
        chunk.clear();
        chunk.reserve(n, bytes);
        for (int i = 0; i < n; i++) {
          int id = ids[from + done + i];
          chunk.appendUnchecked(data, starts[id], lengths[id]);
        }
        bulk.writeBinaries(chunk, 0, n);
        done += n;
      }
      return;
    }
    for (int i = from, end = from + count; i < end; i++) {
      int id = ids[i];
      // Reused: the writer must copy what it keeps, as these bytes change with the dictionary.
      writer.writeBytes(Binary.fromReusedByteArray(data, starts[id], lengths[id]));
    }
  }
}
