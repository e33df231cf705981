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

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.internal.VarInts;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.CapacityByteArrayOutputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * What the DELTA_BINARY_PACKED writers share: the block layout, the output buffer and the page
 * header. Pages are byte for byte parquet-java's ({@code DeltaBinaryPackingValuesWriterForInteger}
 * / {@code ForLong}), including two things parquet-java leaves from earlier blocks and pages:
 *
 * <ul>
 *   <li>the width bytes of the miniblocks a page's last block does not use hold the widths of the
 *       last block that did use them ({@link #bitWidths} is never cleared, not even by {@link
 *       #reset()});
 *   <li>the padding values of the last, partly filled miniblock are whatever the delta buffer held
 *       there from an earlier block, cut to the miniblock's width.
 * </ul>
 *
 * Readers ignore both (they read {@code totalValueCount} values), but they are part of the bytes,
 * so the subclasses keep the same buffers with the same lifetimes. Likewise the first value of an
 * empty page is the previous page's first value, as parquet-java leaves it.
 *
 * <p>A block is encoded into a scratch array (min delta, widths, packed miniblocks) and handed to
 * the buffer in one write; {@link #getBufferedSize()} is parquet-java's (flushed blocks only).
 *
 * <p>The algorithm is here once for both types: the bulk driver ({@link #writeRuns}) and the block
 * framing ({@link #flushBlock}: min delta, widths, miniblocks, one write). The INT32 and INT64
 * subclasses keep the deltas in their own type and supply the hooks that touch them: reading the
 * caller's values ({@link #takeFirstValue}, {@link #addDeltas}) and the two per-block loops
 * ({@link #subtractMinAndMeasure}, {@link #packMiniBlock}), each called once per run, block or
 * miniblock, never per value. INT32 deltas stay {@code int}s (computed and reduced in wrapping int
 * arithmetic, as parquet-java's), so their loops run on 32-bit lanes; measured before and after in
 * the same JMH command, keeping them as sign-extended longs made the INT32 wide-delta writer about
 * 1.5x slower. The zig-zag varint of an int min delta is the same bytes as that of its
 * sign-extended long, which is what the framing writes.
 */
public abstract class DeltaBinaryPackedWriter extends BatchValuesWriter {
  public static final int DEFAULT_BLOCK_SIZE = 128;
  public static final int DEFAULT_MINIBLOCKS = 4;

  final int blockSize;
  final int miniBlocks;
  final int miniBlockSize;
  final CapacityByteArrayOutputStream out;
  /**
   * The current block's smallest delta (sign-extended for INT32). The subclasses' delta arrays hold,
   * past {@link #deltaCount}, what earlier blocks left (see class comment).
   */
  long minDelta = Long.MAX_VALUE;
  /** Widths of the last flushed block's miniblocks; entries past its used ones are stale on purpose. */
  final int[] bitWidths;
  /** One encoded block: min delta, widths, miniblocks. */
  final byte[] blockBytes;
  int totalValueCount;
  /** Deltas buffered for the current block. */
  int deltaCount;
  /** The page's first value (sign-extended for INT32); an empty page repeats the previous page's. */
  long firstValue;

  DeltaBinaryPackedWriter(int blockSize, int miniBlocks, int maxWidth, int initialSlabSize, int pageSize, ByteBufferAllocator allocator) {
    // parquet-java's DeltaBinaryPackingConfig check: whole miniblocks of a multiple of 8 values.
    double miniBlockSizeExact = (double) blockSize / miniBlocks;
    if (miniBlockSizeExact % 8 != 0) {
      throw new IllegalArgumentException("DELTA_BINARY_PACKED: miniblock size must be a multiple of 8, but it is " + miniBlockSizeExact);
    }
    this.blockSize = blockSize;
    this.miniBlocks = miniBlocks;
    this.miniBlockSize = (int) miniBlockSizeExact;
    this.bitWidths = new int[miniBlocks];
    this.blockBytes = new byte[10 + miniBlocks + blockSize / 8 * maxWidth];
    this.out = new CapacityByteArrayOutputStream(initialSlabSize, pageSize, allocator);
  }

  /**
   * The DELTA_BINARY_PACKED writers' one entry: a new writer for an INT32 or INT64 column, in
   * parquet-java's default block shape ({@value #DEFAULT_BLOCK_SIZE} values, {@value
   * #DEFAULT_MINIBLOCKS} miniblocks).
   */
  public static DeltaBinaryPackedWriter forColumn(ColumnDescriptor column, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
    switch (type) {
      case INT32:
        return forInt32(DEFAULT_BLOCK_SIZE, DEFAULT_MINIBLOCKS, initialSlabSize, pageSize, allocator);
      case INT64:
        return forInt64(DEFAULT_BLOCK_SIZE, DEFAULT_MINIBLOCKS, initialSlabSize, pageSize, allocator);
      default:
        throw new IllegalArgumentException("DELTA_BINARY_PACKED does not apply to " + type);
    }
  }

  /** A new INT32 writer with the given block shape (also what the byte-array encodings' lengths use). */
  public static DeltaBinaryPackedWriter forInt32(int blockSize, int miniBlocks, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    return new DeltaBinaryPackedIntWriter(blockSize, miniBlocks, initialSlabSize, pageSize, allocator);
  }

  /** A new INT64 writer with the given block shape. */
  public static DeltaBinaryPackedWriter forInt64(int blockSize, int miniBlocks, int initialSlabSize, int pageSize,
      ByteBufferAllocator allocator) {
    return new DeltaBinaryPackedLongWriter(blockSize, miniBlocks, initialSlabSize, pageSize, allocator);
  }

  /**
   * The bulk driver: {@code src[offset .. offset + count)} ({@code src} the subclass's array type)
   * as the first value, then runs that fill the current block, each block encoded when full.
   */
  final void writeRuns(Object src, int offset, int count) {
    int i = offset;
    int end = offset + count;
    if (i < end && totalValueCount == 0) {
      takeFirstValue(src, i++);
    }
    while (i < end) {
      int start = deltaCount;
      int n = Math.min(end - i, blockSize - start);
      addDeltas(src, i, start, n);
      deltaCount = start + n;
      totalValueCount += n;
      i += n;
      if (deltaCount == blockSize) {
        flushBlock();
      }
    }
  }

  /** The scalar calls' first value: the page's first value. */
  final void takeFirstValue(long v) {
    firstValue = v;
    totalValueCount = 1;
  }

  /** After a scalar call stored one delta: counts it and encodes the block when full. */
  final void deltaAdded() {
    totalValueCount++;
    if (++deltaCount == blockSize) {
      flushBlock();
    }
  }

  /**
   * Encodes the buffered deltas as one block: the min delta, the width of each miniblock that holds
   * deltas (stale widths after them), and those miniblocks packed whole, padding included
   * (parquet-java packs whatever the delta buffer holds there).
   */
  final void flushBlock() {
    int count = deltaCount;
    byte[] b = blockBytes;
    int pos = VarInts.putZigZagLong(b, 0, minDelta);
    int used = (count + miniBlockSize - 1) / miniBlockSize;
    subtractMinAndMeasure(count, used);
    for (int m = 0; m < miniBlocks; m++) {
      b[pos++] = (byte) bitWidths[m];
    }
    for (int m = 0; m < used; m++) {
      pos = packMiniBlock(bitWidths[m], m * miniBlockSize, b, pos);
    }
    out.write(b, 0, pos);
    minDelta = Long.MAX_VALUE;
    deltaCount = 0;
  }

  // Per-type hooks: each runs once per run of values, never per value.

  /** Takes {@code src[i]} as the page's first value ({@link #takeFirstValue(long)}) and the previous value. */
  abstract void takeFirstValue(Object src, int i);

  /**
   * Stores the deltas of {@code src[i .. i + n)} from the previous value at {@code [start .. start +
   * n)} of the subclass's delta array (in the column type's arithmetic), moving the previous value on
   * and lowering {@link #minDelta}.
   */
  abstract void addDeltas(Object src, int i, int start, int n);

  /**
   * Subtracts {@link #minDelta} from the block's first {@code count} deltas and sets {@code
   * bitWidths[0 .. used)} to the width of each miniblock's largest result.
   */
  abstract void subtractMinAndMeasure(int count, int used);

  /** Packs one whole miniblock of deltas (from {@code first}) at {@code width} bits into {@code b} at {@code pos}. */
  abstract int packMiniBlock(int width, int first, byte[] b, int pos);

  @Override
  public BytesInput getBytes() {
    if (deltaCount != 0) {
      flushBlock();
    }
    byte[] header = new byte[40];
    int pos = VarInts.putUnsigned(header, 0, blockSize);
    pos = VarInts.putUnsigned(header, pos, miniBlocks);
    pos = VarInts.putUnsigned(header, pos, totalValueCount);
    pos = VarInts.putZigZagLong(header, pos, firstValue);
    return BytesInput.concat(BytesInput.from(header, 0, pos), BytesInput.from(out));
  }

  @Override
  public long getBufferedSize() {
    return out.size();
  }

  @Override
  public Encoding getEncoding() {
    return Encoding.DELTA_BINARY_PACKED;
  }

  @Override
  public void reset() {
    totalValueCount = 0;
    deltaCount = 0;
    minDelta = Long.MAX_VALUE;
    out.reset();
  }

  @Override
  public void close() {
    totalValueCount = 0;
    deltaCount = 0;
    minDelta = Long.MAX_VALUE;
    out.close();
  }

  @Override
  public long getAllocatedSize() {
    return out.getCapacity();
  }

  @Override
  public String memUsageString(String prefix) {
    return String.format("%s DeltaBinaryPacking %d bytes", prefix, getAllocatedSize());
  }
}
