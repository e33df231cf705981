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
import java.util.Arrays;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;

/**
 * DELTA_LENGTH_BYTE_ARRAY: every length (DELTA_BINARY_PACKED INT32, 128-value blocks of 4
 * miniblocks, as parquet-java writes them), then every value's bytes back to back. Writes the
 * same page bytes as parquet-java's {@code DeltaLengthByteArrayValuesWriter} for the same values.
 *
 * <p>Value bytes are copied straight from the value's backing array into one growing array (a
 * whole {@link BinaryBatch} range in one copy); lengths reach their writer in bulk.
 */
final class DeltaLengthByteArrayWriter extends BatchValuesWriter {
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

  final BufferedInts lengths;
  private final BinaryView view = new BinaryView();
  private final int initialCapacity;
  byte[] bytes;
  int size;

  /** Parameters as parquet-java's writer takes them: initial buffer size, page size hint, allocator (for the lengths). */
  DeltaLengthByteArrayWriter(int initialSize, int pageSize, ByteBufferAllocator allocator) {
    this.lengths = new BufferedInts(DeltaBinaryPackedWriter.forInt32(
        DeltaBinaryPackedWriter.DEFAULT_BLOCK_SIZE, DeltaBinaryPackedWriter.DEFAULT_MINIBLOCKS, initialSize, pageSize, allocator));
    this.initialCapacity = Math.max(64, Math.min(initialSize, 1 << 20));
    this.bytes = new byte[initialCapacity];
  }

  @Override
  public void writeBytes(Binary v) {
    BinaryView b = view.of(v);
    append(b.array, b.offset, b.length);
  }

  /** Writes {@code length} bytes of {@code src} from {@code offset} as one value. */
  public void writeBytes(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    append(src, offset, length);
  }

  @Override
  public void writeBinaries(BinaryBatch batch, int from, int count) {
    Objects.checkFromIndexSize(from, count, batch.size());
    int[] offsets = batch.offsets();
    int start = offsets[from];
    int total = offsets[from + count] - start;
    reserve(total);
    System.arraycopy(batch.bytes(), start, bytes, size, total);
    size += total;
    BufferedInts lengths = this.lengths;
    for (int i = from, end = from + count; i < end; i++) {
      lengths.add(offsets[i + 1] - offsets[i]);
    }
  }

  void append(byte[] src, int offset, int length) {
    reserve(length);
    appendReserved(src, offset, length);
  }

  /** Makes room for {@code more} value bytes, so the next appends up to that total need no check. */
  void reserve(long more) {
    long need = size + more;
    if (need > bytes.length) {
      if (need > MAX_ARRAY) {
        throw new ParquetEncodingException("DELTA_LENGTH_BYTE_ARRAY page would exceed 2 GiB: " + need + " bytes");
      }
      bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_ARRAY, Math.max(need, 2L * bytes.length)));
    }
  }

  /** Appends one value whose room {@link #reserve} made. */
  void appendReserved(byte[] src, int offset, int length) {
    System.arraycopy(src, offset, bytes, size, length);
    size += length;
    lengths.add(length);
  }

  @Override
  public long getBufferedSize() {
    lengths.flush();
    return lengths.writer.getBufferedSize() + size;
  }

  @Override
  public BytesInput getBytes() {
    lengths.flush();
    return BytesInput.concat(lengths.writer.getBytes(), BytesInput.from(bytes, 0, size));
  }

  @Override
  public Encoding getEncoding() {
    return Encoding.DELTA_LENGTH_BYTE_ARRAY;
  }

  @Override
  public void reset() {
    lengths.reset();
    size = 0;
  }

  @Override
  public void close() {
    lengths.count = 0;
    lengths.writer.close();
    size = 0;
    bytes = new byte[initialCapacity];
  }

  @Override
  public long getAllocatedSize() {
    return lengths.writer.getAllocatedSize() + bytes.length;
  }

  @Override
  public String memUsageString(String prefix) {
    return lengths.writer.memUsageString(prefix) + " DELTA_LENGTH_BYTE_ARRAY " + bytes.length + " bytes";
  }
}
