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

/** BYTE_STREAM_SPLIT FLOAT, bit for bit. */
final class ByteStreamSplitFloatReader extends ByteStreamSplitReader {
  private static final int CHUNK = 1024;
  private float[] chunk;

  ByteStreamSplitFloatReader() {
    super("BYTE_STREAM_SPLIT FLOAT", Float.BYTES);
  }

  @Override
  public float readFloat() {
    return Float.intBitsToFloat(ByteStreamSplitKernels.gatherInt(bytes, base + next(), count));
  }

  @Override
  public void readFloats(float[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteStreamSplitKernels.gatherFloats(bytes, base + at, count, dst, offset, n);
    index = at + n;
  }

  @Override
  public void readFloatsAsDoubles(double[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    float[] c = chunk;
    if (c == null) {
      c = chunk = new float[CHUNK];
    }
    for (int done = 0; done < n; done += CHUNK) {
      int m = Math.min(CHUNK, n - done);
      ByteStreamSplitKernels.gatherFloats(bytes, base + at + done, count, c, 0, m);
      int o = offset + done;
      for (int i = 0; i < m; i++) {
        dst[o + i] = c[i];
      }
    }
    index = at + n;
  }
}
