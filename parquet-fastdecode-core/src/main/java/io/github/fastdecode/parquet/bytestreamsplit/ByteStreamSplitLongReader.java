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

import io.github.fastdecode.parquet.internal.ByteStreamSplitKernels;
import io.github.fastdecode.parquet.internal.convert.TimeConversions;

/**
 * BYTE_STREAM_SPLIT INT64. Conversions gather into the caller's array and convert in place; unsigned
 * reads use the inherited chunked path over {@link #readLongs}.
 */
final class ByteStreamSplitLongReader extends ByteStreamSplitReader {
  /** Transpose scratch, made on first use. */
  private long[][] rows;

  ByteStreamSplitLongReader() {
    super("BYTE_STREAM_SPLIT INT64", Long.BYTES);
  }

  private long[][] rows() {
    long[][] r = rows;
    return r != null ? r : (rows = ByteStreamSplitKernels.newRows());
  }

  @Override
  public long readLong() {
    return ByteStreamSplitKernels.gatherLong(bytes, base + next(), count);
  }

  @Override
  public void readLongs(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteStreamSplitKernels.gatherLongs(bytes, base + at, count, rows(), dst, offset, n);
    index = at + n;
  }

  @Override
  public void readTimestampMillisAsMicros(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteStreamSplitKernels.gatherLongs(bytes, base + at, count, rows(), dst, offset, n);
    TimeConversions.millisToMicros(dst, offset, n);
    index = at + n;
  }

  @Override
  public void readTimestampNanosAsMicros(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteStreamSplitKernels.gatherLongs(bytes, base + at, count, rows(), dst, offset, n);
    TimeConversions.nanosToMicros(dst, offset, n);
    index = at + n;
  }
}
