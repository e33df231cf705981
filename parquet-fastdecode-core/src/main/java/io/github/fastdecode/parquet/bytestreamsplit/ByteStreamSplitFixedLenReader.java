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
package io.github.fastdecode.parquet.bytestreamsplit;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.internal.ByteStreamSplitKernels;
import java.io.IOException;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.io.api.Binary;

/** BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY of any positive width. */
final class ByteStreamSplitFixedLenReader extends BatchValuesReader {
  private final ByteStreamSplitSection s;
  /** Transpose scratch for widths of 8 bytes or more, made on first use. */
  private long[][] rows;

  ByteStreamSplitFixedLenReader(int width) {
    s = new ByteStreamSplitSection("BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY(" + width + ")", width);
  }

  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    s.init(valueCount, in);
  }

  @Override
  public void skip() {
    s.next();
  }

  @Override
  public void skip(int n) {
    checkCount(n);
    s.skip(n);
  }

  @Override
  public String toString() {
    return s.toString();
  }

  /** A fresh array per value: the bytes are scattered over the streams, so there is nothing to view. */
  @Override
  public Binary readBytes() {
    int p = s.base + s.next();
    byte[] v = new byte[s.width];
    for (int k = 0; k < v.length; k++) {
      v[k] = s.bytes[p + k * s.count];
    }
    return Binary.fromConstantByteArray(v);
  }

  @Override
  public void readBinaries(BinaryBatch dst, int n) {
    checkCount(n);
    int at = s.check(n);
    int width = s.width;
    dst.reserve(n, (long) n * width);
    if (width >= 8 && rows == null) {
      rows = ByteStreamSplitKernels.newRows();
    }
    int start = dst.byteSize();
    ByteStreamSplitKernels.gatherBytes(s.bytes, s.base + at, s.count, width, rows, dst.bytes(), start, n);
    // Every value has the same length: end offsets in one loop over locals, then one commit.
    int[] ends = dst.offsets();
    int first = dst.size() + 1;
    for (int i = 0; i < n; i++) {
      ends[first + i] = start + (i + 1) * width;
    }
    dst.commitValues(n);
    s.index = at + n;
  }
}
