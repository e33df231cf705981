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
 * DELTA_BINARY_PACKED INT64, byte for byte parquet-java's {@code
 * DeltaBinaryPackingValuesWriterForLong}. {@link DeltaBinaryPackedWriter} holds the algorithm (and
 * says what it keeps from earlier blocks); this class keeps the deltas as {@code long}s, wrapping
 * modulo 2^64, and runs the per-block loops on them.
 */
final class DeltaBinaryPackedLongWriter extends DeltaBinaryPackedWriter {
  private long previousValue;
  /** Deltas of the current block; past {@link #deltaCount}, what earlier blocks left. */
  private final long[] deltas;

  /** As parquet-java's {@code DeltaBinaryPackingValuesWriterForLong(slabSize, pageSize, allocator)}: blocks of 128, 4 miniblocks. */
  DeltaBinaryPackedLongWriter(int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    this(DEFAULT_BLOCK_SIZE, DEFAULT_MINIBLOCKS, initialSlabSize, pageSize, allocator);
  }

  /** As parquet-java's {@code DeltaBinaryPackingValuesWriterForLong(blockSize, miniBlocks, slabSize, pageSize, allocator)}. */
  DeltaBinaryPackedLongWriter(int blockSize, int miniBlocks, int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    super(blockSize, miniBlocks, 64, initialSlabSize, pageSize, allocator);
    this.deltas = new long[blockSize];
  }

  @Override
  public void writeLong(long v) {
    if (totalValueCount == 0) {
      takeFirstValue(v);
    } else {
      long delta = v - previousValue;
      deltas[deltaCount] = delta;
      minDelta = Math.min(minDelta, delta);
      deltaAdded();
    }
    previousValue = v;
  }

  @Override
  public void writeLongs(long[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    writeRuns(src, offset, count);
  }

  @Override
  void takeFirstValue(Object src, int i) {
    long v = ((long[]) src)[i];
    takeFirstValue(v);
    previousValue = v;
  }

  @Override
  void addDeltas(Object values, int i, int start, int n) {
    long[] src = (long[]) values;
    long[] d = deltas;
    long previous = previousValue;
    long min = minDelta;
    for (int k = 0; k < n; k++) {
      long v = src[i + k];
      long delta = v - previous;
      previous = v;
      d[start + k] = delta;
      min = Math.min(min, delta);
    }
    previousValue = previous;
    minDelta = min;
  }

  @Override
  void subtractMinAndMeasure(int count, int used) {
    long[] d = deltas;
    long min = minDelta;
    for (int k = 0; k < count; k++) {
      d[k] -= min;
    }
    for (int m = 0; m < used; m++) {
      long or = 0;
      for (int k = m * miniBlockSize, e = Math.min(k + miniBlockSize, count); k < e; k++) {
        or |= d[k];
      }
      bitWidths[m] = 64 - Long.numberOfLeadingZeros(or);
    }
  }

  @Override
  int packMiniBlock(int width, int first, byte[] b, int pos) {
    return BitPacker.packLongs(width, deltas, first, miniBlockSize, b, pos);
  }
}
