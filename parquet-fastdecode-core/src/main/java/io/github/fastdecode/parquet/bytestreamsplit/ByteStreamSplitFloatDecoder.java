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

/** BYTE_STREAM_SPLIT FLOAT: the four byte streams gathered into values, bit for bit. */
final class ByteStreamSplitFloatDecoder extends ByteStreamSplitSection implements ValueDecoder<float[]> {
  ByteStreamSplitFloatDecoder() {
    super("BYTE_STREAM_SPLIT FLOAT", Float.BYTES);
  }

  @Override
  public void read(float[] dst, int offset, int n) {
    int at = check(n);
    ByteStreamSplitKernels.gatherFloats(bytes, base + at, count, dst, offset, n);
    index = at + n;
  }
}
