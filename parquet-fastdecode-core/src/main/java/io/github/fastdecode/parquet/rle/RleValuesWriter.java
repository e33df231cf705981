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
package io.github.fastdecode.parquet.rle;

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.VarInts;
import io.github.fastdecode.parquet.internal.bitpacking.BitPacker;
import java.io.IOException;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.CapacityByteArrayOutputStream;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.io.ParquetEncodingException;

/**
 * RLE / bit-packed hybrid writer for levels (widths 0..32) and RLE BOOLEAN values, byte for byte
 * parquet-java's {@code RunLengthBitPackingHybridEncoder}: with the 4-byte length prefix its {@code
 * RunLengthBitPackingHybridValuesWriter} adds (V1 levels, BOOLEAN values), or without it, as the
 * encoder alone writes V2 levels.
 *
 * <p>It runs parquet-java's run-finding rules unchanged, since they decide the bytes: values are
 * buffered 8 at a time; 8 equal values in a row start an RLE run (buffered repeats are dropped
 * then, unless the group of 8 filled first and was bit-packed); a bit-packed run takes at most 63
 * groups, its one-byte header patched when the run ends. The bulk path differs in cost only: no
 * call per value, a run of repeats is measured by one scan of the caller's array, consecutive
 * groups that cannot start an RLE run are packed straight from the caller's array by {@link
 * BitPacker} (see {@link #packGroups}), and output goes through a small staging array into the
 * buffer.
 * {@link #getBufferedSize()} counts staged bytes, so it is parquet-java's at every point.
 */
public final class RleValuesWriter extends BatchValuesWriter {
  private static final int STAGE = 4096;
  /** Room the largest single step needs: an RLE run (10 + 4 bytes), a header byte and a group (32 bytes). */
  private static final int STEP_ROOM = 64;
  private static final int CHUNK = 1024;

  private final int bitWidth;
  private final boolean lengthPrefixed;
  private final CapacityByteArrayOutputStream out;
  /** Output not yet in {@link #out}; {@code stage[0]} is byte {@code out.size()} of the section. */
  private final byte[] stage = new byte[STAGE];
  private int staged;

  private int previousValue;
  private final int[] buffered = new int[8];
  private int bufferedCount;
  private int repeatCount;
  private int groupCount;
  /** Section offset of the open bit-packed run's header byte, or -1. */
  private long headerIndex;
  private boolean finished;
  private int[] chunk;

  /** As parquet-java's {@code RunLengthBitPackingHybridValuesWriter(bitWidth, initialCapacity, pageSize, allocator)}: length-prefixed. */
  public RleValuesWriter(int bitWidth, int initialCapacity, int pageSize, ByteBufferAllocator allocator) {
    this(bitWidth, true, initialCapacity, pageSize, allocator);
  }

  /**
   * @param lengthPrefixed whether {@link #getBytes()} starts with the 4-byte little-endian length
   *     (parquet-java's values writer) or is the bare encoding (its encoder, V2 levels)
   */
  public RleValuesWriter(int bitWidth, boolean lengthPrefixed, int initialCapacity, int pageSize, ByteBufferAllocator allocator) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new IllegalArgumentException("bitWidth must be >= 0 and <= 32, got " + bitWidth);
    }
    this.bitWidth = bitWidth;
    this.lengthPrefixed = lengthPrefixed;
    this.out = new CapacityByteArrayOutputStream(initialCapacity, pageSize, allocator);
    resetState();
  }

  /** A writer for the levels of a column whose maximum level is {@code maxLevel}. */
  public static RleValuesWriter forLevels(int maxLevel, boolean lengthPrefixed, int initialCapacity, int pageSize, ByteBufferAllocator allocator) {
    return new RleValuesWriter(32 - Integer.numberOfLeadingZeros(maxLevel), lengthPrefixed, initialCapacity, pageSize, allocator);
  }

  /** A writer for RLE BOOLEAN values: bit width 1 with the 4-byte length prefix. */
  public static RleValuesWriter forBooleans(int initialCapacity, int pageSize, ByteBufferAllocator allocator) {
    return new RleValuesWriter(1, true, initialCapacity, pageSize, allocator);
  }

  /**
   * {@code values[0 .. count)} in the hybrid encoding at {@code bitWidth}, without a length prefix
   * (dictionary ids after their bit-width byte), as a new array.
   */
  public static byte[] encode(int bitWidth, int[] values, int count, int initialCapacity, int pageSize,
      ByteBufferAllocator allocator) {
    RleValuesWriter writer = new RleValuesWriter(bitWidth, false, initialCapacity, pageSize, allocator);
    try {
      writer.writeIntegers(values, 0, count);
      return writer.getBytes().toByteArray();
    } catch (IOException e) {
      throw new ParquetEncodingException("could not encode " + count + " values at bit width " + bitWidth, e);
    } finally {
      writer.close();
    }
  }

  private void resetState() {
    previousValue = 0;
    bufferedCount = 0;
    repeatCount = 0;
    groupCount = 0;
    headerIndex = -1;
    finished = false;
    staged = 0;
  }

  @Override
  public void writeInteger(int v) {
    if (v == previousValue) {
      if (++repeatCount >= 8) {
        return;
      }
    } else {
      if (repeatCount >= 8) {
        writeRleRun();
      }
      repeatCount = 1;
      previousValue = v;
    }
    buffered[bufferedCount] = v;
    if (++bufferedCount == 8) {
      writeOrAppendBitPackedGroup();
    }
  }

  @Override
  public void writeBoolean(boolean v) {
    writeInteger(v ? 1 : 0);
  }

  @Override
  public void writeIntegers(int[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    int i = offset;
    int end = offset + count;
    while (i < end) {
      if (bufferedCount == 0 && repeatCount == 0 && end - i >= 8) {
        i = packGroups(src, i, end);
      }
      if (i == end) {
        break;
      }
      int v = src[i];
      if (v == previousValue) {
        if (++repeatCount >= 8) {
          // An RLE run is certain: take every following repeat in one scan.
          int j = i + 1;
          while (j < end && src[j] == v) {
            j++;
          }
          repeatCount += j - i - 1;
          i = j;
          continue;
        }
      } else {
        if (repeatCount >= 8) {
          writeRleRun();
        }
        repeatCount = 1;
        previousValue = v;
      }
      buffered[bufferedCount] = v;
      if (++bufferedCount == 8) {
        writeOrAppendBitPackedGroup();
      }
      i++;
    }
  }

  /**
   * At a group boundary (nothing buffered, no repeats counted) the rules above reduce to: the next
   * 8 values are bit-packed as one group unless all 8 are equal (then the 8th makes the repeat count
   * 8 and an RLE run starts). So whole groups that are not 8 equal values go straight from {@code
   * src} to the packer, up to the 63 groups a run may hold; returns where the value-at-a-time rules
   * must take over. Ending a full run before knowing whether a group or an RLE run follows writes
   * the same header byte the rules write later.
   */
  private int packGroups(int[] src, int i, int end) {
    while (end - i >= 8) {
      if (groupCount >= 63) {
        endBitPackedRun();
      }
      int max = Math.min(63 - groupCount, (end - i) >>> 3);
      int groups = 0;
      while (groups < max && !eightEqual(src, i + 8 * groups)) {
        groups++;
      }
      if (groups == 0) {
        // max >= 1, so the next 8 values are equal: the rules buffer seven, count the eighth as
        // the eighth repeat, and an RLE run is certain; the buffered values are never packed now
        // (the run's end drops them), so only their count is kept.
        int v = src[i];
        int j = i + 8;
        while (j < end && src[j] == v) {
          j++;
        }
        previousValue = v;
        bufferedCount = 7;
        repeatCount = j - i;
        return j;
      }
      if (staged + 1 + groups * bitWidth > STAGE) {
        out.write(stage, 0, staged);
        staged = 0;
      }
      if (headerIndex == -1) {
        headerIndex = out.size() + staged;
        stage[staged++] = 0;
      }
      staged = BitPacker.packInts(bitWidth, src, i, 8 * groups, stage, staged);
      groupCount += groups;
      i += 8 * groups;
      previousValue = src[i - 1];
    }
    return i;
  }

  private static boolean eightEqual(int[] a, int p) {
    int v = a[p];
    return ((a[p + 1] ^ v) | (a[p + 2] ^ v) | (a[p + 3] ^ v) | (a[p + 4] ^ v) | (a[p + 5] ^ v) | (a[p + 6] ^ v) | (a[p + 7] ^ v)) == 0;
  }

  @Override
  public void writeBooleans(boolean[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    int[] c = chunk;
    if (c == null) {
      c = chunk = new int[CHUNK];
    }
    for (int done = 0; done < count; done += CHUNK) {
      int n = Math.min(CHUNK, count - done);
      for (int k = 0, o = offset + done; k < n; k++) {
        c[k] = src[o + k] ? 1 : 0;
      }
      writeIntegers(c, 0, n);
    }
  }

  /** Makes room for one step's output, moving the staged bytes into the buffer when needed. */
  private void ensureRoom() {
    if (staged > STAGE - STEP_ROOM) {
      out.write(stage, 0, staged);
      staged = 0;
    }
  }

  private void writeOrAppendBitPackedGroup() {
    if (groupCount >= 63) {
      endBitPackedRun();
    }
    ensureRoom();
    if (headerIndex == -1) {
      headerIndex = out.size() + staged;
      stage[staged++] = 0; // patched by endBitPackedRun
    }
    staged = BitPacker.packInts(bitWidth, buffered, 0, 8, stage, staged);
    bufferedCount = 0;
    // Repeats just packed into this group no longer count towards an RLE run.
    repeatCount = 0;
    groupCount++;
  }

  private void endBitPackedRun() {
    if (headerIndex == -1) {
      return;
    }
    byte header = (byte) ((groupCount << 1) | 1);
    long flushed = out.size();
    if (headerIndex >= flushed) {
      stage[(int) (headerIndex - flushed)] = header;
    } else {
      out.setByte(headerIndex, header);
    }
    headerIndex = -1;
    groupCount = 0;
  }

  private void writeRleRun() {
    endBitPackedRun();
    ensureRoom();
    int pos = VarInts.putUnsigned(stage, staged, Integer.toUnsignedLong(repeatCount << 1));
    // The repeated value in ceil(bitWidth / 8) little-endian bytes.
    LittleEndian.putInt(stage, pos, previousValue);
    staged = pos + (bitWidth + 7) / 8;
    repeatCount = 0;
    bufferedCount = 0;
  }

  /** Ends the section as parquet-java's {@code toBytes()} does; once per page, as there. */
  private void finish() {
    if (finished) {
      throw new IllegalArgumentException("You cannot call toBytes() more than once without calling reset()");
    }
    if (repeatCount >= 8) {
      writeRleRun();
    } else if (bufferedCount > 0) {
      for (int k = bufferedCount; k < 8; k++) {
        buffered[k] = 0;
      }
      writeOrAppendBitPackedGroup();
      endBitPackedRun();
    } else {
      endBitPackedRun();
    }
    finished = true;
    out.write(stage, 0, staged);
    staged = 0;
  }

  @Override
  public BytesInput getBytes() {
    finish();
    BytesInput data = BytesInput.from(out);
    return lengthPrefixed ? BytesInput.concat(BytesInput.fromInt(Math.toIntExact(data.size())), data) : data;
  }

  @Override
  public long getBufferedSize() {
    return out.size() + staged;
  }

  @Override
  public Encoding getEncoding() {
    return Encoding.RLE;
  }

  @Override
  public void reset() {
    out.reset();
    resetState();
  }

  @Override
  public void close() {
    resetState();
    out.close();
  }

  @Override
  public long getAllocatedSize() {
    return out.getCapacity();
  }

  @Override
  public String memUsageString(String prefix) {
    return String.format("%s RunLengthBitPackingHybrid %d bytes", prefix, getAllocatedSize());
  }
}
