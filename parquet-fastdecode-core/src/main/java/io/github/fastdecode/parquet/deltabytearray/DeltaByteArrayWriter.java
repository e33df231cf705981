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
package io.github.fastdecode.parquet.deltabytearray;

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.delta.DeltaBinaryPackedWriter;
import io.github.fastdecode.parquet.internal.BinaryView;
import io.github.fastdecode.parquet.internal.LittleEndian;
import java.util.Arrays;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.io.api.Binary;

/**
 * DELTA_BYTE_ARRAY (BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY): per value the length of the prefix it
 * shares with the previous value (DELTA_BINARY_PACKED INT32, 128/4), then the suffixes as
 * DELTA_LENGTH_BYTE_ARRAY. Writes the same page bytes as parquet-java's {@code
 * DeltaByteArrayWriter}; like it, every page starts from an empty previous value.
 *
 * <p>The shared prefix is one mismatch scan (8 bytes per step, {@link Arrays#mismatch} for long values); the suffix is
 * copied straight from the value's backing array, and into the kept previous value only from the
 * first differing byte. Within a {@link BinaryBatch} the previous value is read in place.
 */
final class DeltaByteArrayWriter extends BatchValuesWriter {
  private final BufferedInts prefixLengths;
  private final DeltaLengthByteArrayWriter suffixes;
  private final BinaryView view = new BinaryView();
  private byte[] previous = new byte[64];
  private int previousLength;

  /** Parameters as parquet-java's writer takes them. */
  DeltaByteArrayWriter(int initialSize, int pageSize, ByteBufferAllocator allocator) {
    this.prefixLengths = new BufferedInts(DeltaBinaryPackedWriter.forInt32(
        DeltaBinaryPackedWriter.DEFAULT_BLOCK_SIZE, DeltaBinaryPackedWriter.DEFAULT_MINIBLOCKS, initialSize, pageSize, allocator));
    this.suffixes = new DeltaLengthByteArrayWriter(initialSize, pageSize, allocator);
  }

  @Override
  public void writeBytes(Binary v) {
    BinaryView b = view.of(v);
    write(b.array, b.offset, b.length);
  }

  /** Writes {@code length} bytes of {@code src} from {@code offset} as one value. */
  public void writeBytes(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    write(src, offset, length);
  }

  /**
   * How many leading bytes {@code a[aFrom..]} and {@code b[bFrom..]} share, at most {@code n}: 8
   * bytes per step for short values (the first differing byte is the lowest set byte of the xor of
   * two little-endian words), {@link Arrays#mismatch} (vectorised) from 32 bytes on.
   */
  static int sharedPrefix(byte[] a, int aFrom, byte[] b, int bFrom, int n) {
    if (n >= 32) {
      int m = Arrays.mismatch(a, aFrom, aFrom + n, b, bFrom, bFrom + n);
      return m < 0 ? n : m;
    }
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      long x = LittleEndian.getLong(a, aFrom + i) ^ LittleEndian.getLong(b, bFrom + i);
      if (x != 0) {
        return i + (Long.numberOfTrailingZeros(x) >>> 3);
      }
    }
    for (; i < n; i++) {
      if (a[aFrom + i] != b[bFrom + i]) {
        return i;
      }
    }
    return n;
  }

  private void write(byte[] src, int offset, int length) {
    int prefix = sharedPrefix(previous, 0, src, offset, Math.min(previousLength, length));
    prefixLengths.add(prefix);
    suffixes.append(src, offset + prefix, length - prefix);
    keepAsPrevious(src, offset, length, prefix);
  }

  /** Makes {@code src[offset .. offset + length)} the previous value; its first {@code prefix} bytes already are. */
  private void keepAsPrevious(byte[] src, int offset, int length, int prefix) {
    if (length > previous.length) {
      previous = Arrays.copyOf(previous, Math.max(length, 2 * previous.length));
    }
    System.arraycopy(src, offset + prefix, previous, prefix, length - prefix);
    previousLength = length;
  }

  @Override
  public void writeBinaries(BinaryBatch batch, int from, int count) {
    Objects.checkFromIndexSize(from, count, batch.size());
    if (count == 0) {
      return;
    }
    byte[] src = batch.bytes();
    int[] offsets = batch.offsets();
    // Suffixes total at most the batch's bytes: one capacity check for the whole batch.
    suffixes.reserve(offsets[from + count] - offsets[from]);
    BufferedInts prefixes = prefixLengths;
    BufferedInts suffixLengths = suffixes.lengths;
    // The first value against the kept previous one, the rest against their neighbour in the batch.
    int start = offsets[from];
    int length = offsets[from + 1] - start;
    int prefix = sharedPrefix(previous, 0, src, start, Math.min(previousLength, length));
    prefixes.add(prefix);
    suffixes.appendReserved(src, start + prefix, length - prefix);
    int i = from + 1;
    int end = from + count;
    while (i < end) {
      // A chunk that fits both length buffers: the loop below stores lengths and copies suffixes, no calls.
      prefixes.flush();
      suffixLengths.flush();
      int chunkEnd = Math.min(end, i + BufferedInts.CAPACITY);
      int[] pv = prefixes.values;
      int[] sv = suffixLengths.values;
      byte[] out = suffixes.bytes;
      int outPos = suffixes.size;
      int k = 0;
      for (; i < chunkEnd; i++, k++) {
        int prevStart = start;
        int prevLength = length;
        start = offsets[i];
        length = offsets[i + 1] - start;
        prefix = sharedPrefix(src, prevStart, src, start, Math.min(prevLength, length));
        int suffix = length - prefix;
        pv[k] = prefix;
        sv[k] = suffix;
        System.arraycopy(src, start + prefix, out, outPos, suffix);
        outPos += suffix;
      }
      prefixes.count = k;
      suffixLengths.count = k;
      suffixes.size = outPos;
      if (k == BufferedInts.CAPACITY) {
        prefixes.flush(); // full buffers must not reach the next add()
        suffixLengths.flush();
      }
    }
    keepAsPrevious(src, start, length, 0);
  }

  @Override
  public long getBufferedSize() {
    prefixLengths.flush();
    return prefixLengths.writer.getBufferedSize() + suffixes.getBufferedSize();
  }

  @Override
  public BytesInput getBytes() {
    prefixLengths.flush();
    return BytesInput.concat(prefixLengths.writer.getBytes(), suffixes.getBytes());
  }

  @Override
  public Encoding getEncoding() {
    return Encoding.DELTA_BYTE_ARRAY;
  }

  @Override
  public void reset() {
    prefixLengths.reset();
    suffixes.reset();
    previousLength = 0;
  }

  @Override
  public void close() {
    prefixLengths.count = 0;
    prefixLengths.writer.close();
    suffixes.close();
    previousLength = 0;
  }

  @Override
  public long getAllocatedSize() {
    return prefixLengths.writer.getAllocatedSize() + suffixes.getAllocatedSize();
  }

  @Override
  public String memUsageString(String prefix) {
    return suffixes.memUsageString(prefixLengths.writer.memUsageString(prefix) + "  DELTA_STRINGS");
  }
}
