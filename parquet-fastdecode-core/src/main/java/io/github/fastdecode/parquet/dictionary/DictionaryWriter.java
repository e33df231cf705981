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
import io.github.fastdecode.parquet.rle.RleValuesWriter;
import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.bytes.CapacityByteArrayOutputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.RequiresFallback;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A dictionary writer: values become ids into a dictionary built in first-seen order; a data page
 * is the ids' bit width in one byte, then the ids in the RLE / bit-packed hybrid encoding; the
 * dictionary page is the entries used so far, PLAIN. Same bytes, sizes and fallback decisions as
 * parquet-java's {@code DictionaryValuesWriter} for the same values and parameters.
 *
 * <p>The dictionaries are primitive open-addressing hash tables (no boxing, no per-value
 * allocation); bulk calls hash a whole array in one loop. Use it alone, inside parquet-java's
 * {@code FallbackValuesWriter}, or inside {@link DictionaryFallbackWriter}, which keeps the bulk
 * calls bulk.
 */
public abstract class DictionaryWriter extends BatchValuesWriter implements RequiresFallback {
  /** The most entries a dictionary may hold before the writer must fall back (as parquet-java). */
  static final int MAX_DICTIONARY_ENTRIES = Integer.MAX_VALUE - 1;
  private static final int MIN_INITIAL_SLAB_SIZE = 64;
  private static final int[] NO_IDS = new int[0];
  /** Ids per bulk call when handing the values to a fallback writer. */
  static final int FALLBACK_CHUNK = 1024;

  private final Encoding dataPageEncoding;
  private final Encoding dictionaryPageEncoding;
  final int maxDictionaryByteSize;
  private final ByteBufferAllocator allocator;

  /** Bytes the whole dictionary takes in its PLAIN page. */
  long dictionaryByteSize;
  /** Entries and bytes of the dictionary when the last data page was written. */
  private int lastUsedDictionarySize;
  private int lastUsedDictionaryByteSize;

  /** The ids of this page's values, in order. */
  int[] ids = new int[1024];
  int idCount;

  DictionaryWriter(int maxDictionaryByteSize, Encoding dataPageEncoding, Encoding dictionaryPageEncoding,
      ByteBufferAllocator allocator) {
    this.maxDictionaryByteSize = maxDictionaryByteSize;
    this.dataPageEncoding = dataPageEncoding;
    this.dictionaryPageEncoding = dictionaryPageEncoding;
    this.allocator = allocator;
  }

  /**
   * This writer in front of {@code fallback}, which takes over (with the values written so far) when
   * the dictionary grows past its size bound, as parquet-java's {@code FallbackValuesWriter} does.
   */
  public BatchValuesWriter withFallback(BatchValuesWriter fallback) {
    return new DictionaryFallbackWriter(this, fallback);
  }

  /**
   * The dictionary writer parquet-java's default factory would use for {@code column}: INT32 and
   * FLOAT, INT64 and DOUBLE, BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 (12 fixed bytes).
   */
  public static DictionaryWriter forColumn(ColumnDescriptor column, int maxDictionaryByteSize, Encoding dataPageEncoding,
      Encoding dictionaryPageEncoding, ByteBufferAllocator allocator) {
    PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
    switch (type) {
      case INT32:
      case FLOAT:
        return new DictionaryIntWriter(type, maxDictionaryByteSize, dataPageEncoding, dictionaryPageEncoding, allocator);
      case INT64:
      case DOUBLE:
        return new DictionaryLongWriter(type, maxDictionaryByteSize, dataPageEncoding, dictionaryPageEncoding, allocator);
      case BINARY:
        return new DictionaryBinaryWriter(-1, maxDictionaryByteSize, dataPageEncoding, dictionaryPageEncoding, allocator);
      case FIXED_LEN_BYTE_ARRAY:
        return new DictionaryBinaryWriter(column.getPrimitiveType().getTypeLength(), maxDictionaryByteSize, dataPageEncoding,
            dictionaryPageEncoding, allocator);
      case INT96:
        return new DictionaryBinaryWriter(12, maxDictionaryByteSize, dataPageEncoding, dictionaryPageEncoding, allocator);
      default:
        throw new IllegalArgumentException("no dictionary encoding for " + type);
    }
  }

  /** Entries in the dictionary. */
  public abstract int dictionarySize();

  /** Forgets every entry, keeping the storage. */
  abstract void clearDictionary();

  /** The PLAIN bytes of the first {@code entries} entries, as a new array. */
  abstract byte[] dictionaryPageBytes(int entries);

  /** Writes the values of {@code ids[from .. from + count)} to {@code writer}. */
  abstract void writeValues(int[] ids, int from, int count, ValuesWriter writer);

  // Bulk writes that stop early: each writes values from src[offset] on until count are written or
  // the dictionary has grown past byteLimit bytes, and returns how many it wrote (the value that
  // crossed the limit included), so a fallback writer can switch encodings at exactly the value
  // parquet-java's would. The defaults loop over the scalar calls; subclasses override their types.

  int putIntegers(int[] src, int offset, int count, long byteLimit) {
    for (int i = 0; i < count; i++) {
      writeInteger(src[offset + i]);
      if (dictionaryByteSize > byteLimit) {
        return i + 1;
      }
    }
    return count;
  }

  int putLongs(long[] src, int offset, int count, long byteLimit) {
    for (int i = 0; i < count; i++) {
      writeLong(src[offset + i]);
      if (dictionaryByteSize > byteLimit) {
        return i + 1;
      }
    }
    return count;
  }

  int putFloats(float[] src, int offset, int count, long byteLimit) {
    for (int i = 0; i < count; i++) {
      writeFloat(src[offset + i]);
      if (dictionaryByteSize > byteLimit) {
        return i + 1;
      }
    }
    return count;
  }

  int putDoubles(double[] src, int offset, int count, long byteLimit) {
    for (int i = 0; i < count; i++) {
      writeDouble(src[offset + i]);
      if (dictionaryByteSize > byteLimit) {
        return i + 1;
      }
    }
    return count;
  }

  int putBinaries(BinaryBatch batch, int from, int count, long byteLimit) {
    byte[] bytes = batch.bytes();
    int[] offsets = batch.offsets();
    for (int i = 0; i < count; i++) {
      int k = from + i;
      writeBytes(Binary.fromReusedByteArray(bytes, offsets[k], offsets[k + 1] - offsets[k]));
      if (dictionaryByteSize > byteLimit) {
        return i + 1;
      }
    }
    return count;
  }

  /** Makes room for {@code more} ids, so the next {@code more} stores need no check. */
  final void makeRoomForIds(int more) {
    long need = (long) idCount + more;
    if (need > ids.length) {
      if (need > Integer.MAX_VALUE - 16) {
        throw new ParquetEncodingException("dictionary-encoded page would exceed " + (Integer.MAX_VALUE - 16) + " values");
      }
      ids = Arrays.copyOf(ids, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, 2L * ids.length)));
    }
  }

  final void addId(int id) {
    if (idCount == ids.length) {
      makeRoomForIds(1);
    }
    ids[idCount++] = id;
  }

  /** True once the dictionary is larger than allowed (or has too many entries to be addressed). */
  @Override
  public boolean shouldFallBack() {
    return dictionaryByteSize > maxDictionaryByteSize || dictionarySize() > MAX_DICTIONARY_ENTRIES;
  }

  @Override
  public boolean isCompressionSatisfying(long rawSize, long encodedSize) {
    return (encodedSize + dictionaryByteSize) < rawSize;
  }

  @Override
  public void fallBackAllValuesTo(ValuesWriter writer) {
    writeValues(ids, 0, idCount, writer);
    if (lastUsedDictionarySize == 0) {
      // No page used the dictionary: it can go.
      clearDictionary();
      dictionaryByteSize = 0;
      idCount = 0;
    }
  }

  @Override
  public long getBufferedSize() {
    return idCount * 4L;
  }

  @Override
  public long getAllocatedSize() {
    return idCount * 4L + dictionaryByteSize;
  }

  @Override
  public BytesInput getBytes() {
    int size = dictionarySize();
    int bitWidth = BytesUtils.getWidthFromMaxInt(size - 1);
    int initialSlabSize = CapacityByteArrayOutputStream.initialSlabSizeHeuristic(MIN_INITIAL_SLAB_SIZE, maxDictionaryByteSize, 10);
    byte[] encoded = RleValuesWriter.encode(bitWidth, ids, idCount, initialSlabSize, maxDictionaryByteSize, allocator);
    lastUsedDictionarySize = size;
    lastUsedDictionaryByteSize = Math.toIntExact(dictionaryByteSize);
    return BytesInput.concat(BytesInput.from(new byte[] {(byte) bitWidth}), BytesInput.from(encoded));
  }

  @Override
  public Encoding getEncoding() {
    return dataPageEncoding;
  }

  @Override
  public void reset() {
    idCount = 0;
  }

  @Override
  public void close() {
    idCount = 0;
    ids = NO_IDS;
  }

  @Override
  public DictionaryPage toDictPageAndClose() {
    if (lastUsedDictionarySize == 0) {
      return null; // no data page used the dictionary
    }
    byte[] page = dictionaryPageBytes(lastUsedDictionarySize);
    assert page.length == lastUsedDictionaryByteSize;
    return new DictionaryPage(BytesInput.from(page), lastUsedDictionarySize, dictionaryPageEncoding);
  }

  @Override
  public void resetDictionary() {
    lastUsedDictionaryByteSize = 0;
    lastUsedDictionarySize = 0;
    dictionaryByteSize = 0;
    clearDictionary();
  }

  @Override
  public String memUsageString(String prefix) {
    return String.format("%s %s{dict: %d bytes, values: %d bytes}", prefix, getClass().getSimpleName(), dictionaryByteSize,
        idCount * 4L);
  }

  /** A power-of-two hash table size with room for {@code entries} at load factor 1/2. */
  static int tableSizeFor(int entries) {
    int n = Integer.highestOneBit(Math.max(8, entries) * 2 - 1) << 1;
    if (n <= 0) {
      throw new ParquetEncodingException("dictionary of " + entries + " entries is too large for a hash table");
    }
    return n;
  }
}
