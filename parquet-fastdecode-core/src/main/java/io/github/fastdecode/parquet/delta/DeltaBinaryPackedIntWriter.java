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

import io.github.fastdecode.parquet.internal.bitpacking.BitPacker;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferAllocator;

/**
 * DELTA_BINARY_PACKED INT32, byte for byte parquet-java's {@code
 * DeltaBinaryPackingValuesWriterForInteger}. {@link DeltaBinaryPackedWriter} holds the algorithm (and
 * says what it keeps from earlier blocks); this class keeps the deltas as {@code int}s, wrapping
 * modulo 2^32 as parquet-java's do, and runs the per-block loops on them.
 */
final class DeltaBinaryPackedIntWriter extends DeltaBinaryPackedWriter {
  private int previousValue;
  /** Deltas of the current block; past {@link #deltaCount}, what earlier blocks left. */
  private final int[] deltas;

  /** As parquet-java's {@code DeltaBinaryPackingValuesWriterForInteger(slabSize, pageSize, allocator)}: blocks of 128, 4 miniblocks. */
  DeltaBinaryPackedIntWriter(int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    this(DEFAULT_BLOCK_SIZE, DEFAULT_MINIBLOCKS, initialSlabSize, pageSize, allocator);
  }

  /** As parquet-java's {@code DeltaBinaryPackingValuesWriterForInteger(blockSize, miniBlocks, slabSize, pageSize, allocator)}. */
  DeltaBinaryPackedIntWriter(int blockSize, int miniBlocks, int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    super(blockSize, miniBlocks, 32, initialSlabSize, pageSize, allocator);
    this.deltas = new int[blockSize];
  }

  @Override
  public void writeInteger(int v) {
    if (totalValueCount == 0) {
      takeFirstValue(v);
    } else {
      int delta = v - previousValue;
      deltas[deltaCount] = delta;
      minDelta = Math.min(minDelta, delta);
      deltaAdded();
    }
    previousValue = v;
  }

  @Override
  public void writeIntegers(int[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    writeRuns(src, offset, count);
  }

  @Override
  void takeFirstValue(Object src, int i) {
    int v = ((int[]) src)[i];
    takeFirstValue(v);
    previousValue = v;
  }

  @Override
  void addDeltas(Object values, int i, int start, int n) {
    int[] src = (int[]) values;
    int[] d = deltas;
    int previous = previousValue;
    int min = (int) Math.min(minDelta, Integer.MAX_VALUE);
    for (int k = 0; k < n; k++) {
      int v = src[i + k];
      int delta = v - previous;
      previous = v;
      d[start + k] = delta;
      min = Math.min(min, delta);
    }
    previousValue = previous;
    minDelta = min;
  }

  @Override
  void subtractMinAndMeasure(int count, int used) {
    int[] d = deltas;
    int min = (int) minDelta;
    for (int k = 0; k < count; k++) {
      d[k] -= min;
    }
    for (int m = 0; m < used; m++) {
      int or = 0;
      for (int k = m * miniBlockSize, e = Math.min(k + miniBlockSize, count); k < e; k++) {
        or |= d[k];
      }
      bitWidths[m] = 32 - Integer.numberOfLeadingZeros(or);
    }
  }

  @Override
  int packMiniBlock(int width, int first, byte[] b, int pos) {
    return BitPacker.packInts(width, deltas, first, miniBlockSize, b, pos);
  }
}
