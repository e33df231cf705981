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
package io.github.fastdecode.parquet.delta;

import io.github.fastdecode.parquet.bitpacking.BitPacker;
import io.github.fastdecode.parquet.internal.VarInts;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferAllocator;

/**
 * DELTA_BINARY_PACKED INT32, byte for byte parquet-java's {@code
 * DeltaBinaryPackingValuesWriterForInteger} (see {@link DeltaBinaryPackedWriter} for what it keeps
 * from earlier blocks). Deltas wrap modulo 2^32.
 *
 * <p>{@link #writeIntegers} computes a block's deltas and their minimum in one loop over the
 * caller's array, then flushes the block: subtract the minimum, OR each miniblock for its width,
 * pack with {@link BitPacker}, one write.
 */
public final class DeltaBinaryPackedIntWriter extends DeltaBinaryPackedWriter {
  /** Deltas of the current block; past {@link #deltaCount}, what earlier blocks left (see class comment). */
  private final int[] deltas;
  private int firstValue;
  private int previousValue;
  private int minDelta = Integer.MAX_VALUE;

  /** As parquet-java's {@code DeltaBinaryPackingValuesWriterForInteger(slabSize, pageSize, allocator)}: blocks of 128, 4 miniblocks. */
  public DeltaBinaryPackedIntWriter(int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    this(DEFAULT_BLOCK_SIZE, DEFAULT_MINIBLOCKS, initialSlabSize, pageSize, allocator);
  }

  /** As parquet-java's {@code DeltaBinaryPackingValuesWriterForInteger(blockSize, miniBlocks, slabSize, pageSize, allocator)}. */
  public DeltaBinaryPackedIntWriter(int blockSize, int miniBlocks, int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    super(blockSize, miniBlocks, 32, initialSlabSize, pageSize, allocator);
    this.deltas = new int[blockSize];
  }

  @Override
  public void writeInteger(int v) {
    if (totalValueCount++ == 0) {
      firstValue = v;
      previousValue = v;
      return;
    }
    int delta = v - previousValue;
    previousValue = v;
    deltas[deltaCount++] = delta;
    if (delta < minDelta) {
      minDelta = delta;
    }
    if (deltaCount == blockSize) {
      flushBlock();
    }
  }

  @Override
  public void writeIntegers(int[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    int i = offset;
    int end = offset + count;
    if (i < end && totalValueCount == 0) {
      writeInteger(src[i++]);
    }
    int[] d = deltas;
    while (i < end) {
      int start = deltaCount;
      int n = Math.min(end - i, blockSize - start);
      int previous = previousValue;
      int min = minDelta;
      for (int k = 0; k < n; k++) {
        int v = src[i + k];
        int delta = v - previous;
        previous = v;
        d[start + k] = delta;
        min = Math.min(min, delta);
      }
      previousValue = previous;
      minDelta = min;
      deltaCount = start + n;
      totalValueCount += n;
      i += n;
      if (deltaCount == blockSize) {
        flushBlock();
      }
    }
  }

  @Override
  void flushBlock() {
    int[] d = deltas;
    int count = deltaCount;
    int min = minDelta;
    for (int k = 0; k < count; k++) {
      d[k] -= min;
    }
    byte[] b = blockBytes;
    int pos = VarInts.putZigZagInt(b, 0, min);
    int used = miniBlocksToFlush(count);
    for (int m = 0; m < used; m++) {
      int or = 0;
      for (int k = m * miniBlockSize, e = Math.min(k + miniBlockSize, count); k < e; k++) {
        or |= d[k];
      }
      bitWidths[m] = 32 - Integer.numberOfLeadingZeros(or);
    }
    pos = putWidths(pos);
    for (int m = 0; m < used; m++) {
      // The whole miniblock, padding included: parquet-java packs whatever the buffer holds there.
      pos = BitPacker.packInts(bitWidths[m], d, m * miniBlockSize, miniBlockSize, b, pos);
    }
    out.write(b, 0, pos);
    minDelta = Integer.MAX_VALUE;
    deltaCount = 0;
  }

  @Override
  int putFirstValue(byte[] dst, int pos) {
    return VarInts.putZigZagInt(dst, pos, firstValue);
  }

  @Override
  public void reset() {
    super.reset();
    minDelta = Integer.MAX_VALUE;
  }

  @Override
  public void close() {
    super.close();
    minDelta = Integer.MAX_VALUE;
  }
}
