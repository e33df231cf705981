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
import io.github.fastdecode.parquet.internal.decode.ValueDecoder;

/** BYTE_STREAM_SPLIT INT64: the eight byte streams transposed into values. */
final class ByteStreamSplitInt64Decoder extends ByteStreamSplitSection implements ValueDecoder<long[]> {
  /** Transpose scratch, made on first use. */
  private long[][] rows;

  ByteStreamSplitInt64Decoder() {
    super("BYTE_STREAM_SPLIT INT64", Long.BYTES);
  }

  @Override
  public void read(long[] dst, int offset, int n) {
    int at = check(n);
    long[][] r = rows;
    if (r == null) {
      r = rows = ByteStreamSplitKernels.newRows();
    }
    ByteStreamSplitKernels.gatherLongs(bytes, base + at, count, r, dst, offset, n);
    index = at + n;
  }
}
