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

/** BYTE_STREAM_SPLIT INT32. Widening reads gather a chunk into scratch, then widen it. */
final class ByteStreamSplitIntReader extends ByteStreamSplitReader {
  private static final int CHUNK = 1024;
  private int[] chunk;

  ByteStreamSplitIntReader() {
    super("BYTE_STREAM_SPLIT INT32", Integer.BYTES);
  }

  @Override
  public int readInteger() {
    return ByteStreamSplitKernels.gatherInt(bytes, base + next(), count);
  }

  @Override
  public void readIntegers(int[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteStreamSplitKernels.gatherInts(bytes, base + at, count, dst, offset, n);
    index = at + n;
  }

  private int[] chunk() {
    int[] c = chunk;
    return c != null ? c : (chunk = new int[CHUNK]);
  }

  @Override
  public void readIntegersAsLongs(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    int[] c = chunk();
    for (int done = 0; done < n; done += CHUNK) {
      int m = Math.min(CHUNK, n - done);
      ByteStreamSplitKernels.gatherInts(bytes, base + at + done, count, c, 0, m);
      int o = offset + done;
      for (int i = 0; i < m; i++) {
        dst[o + i] = c[i];
      }
    }
    index = at + n;
  }

  @Override
  public void readIntegersAsDoubles(double[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    int[] c = chunk();
    for (int done = 0; done < n; done += CHUNK) {
      int m = Math.min(CHUNK, n - done);
      ByteStreamSplitKernels.gatherInts(bytes, base + at + done, count, c, 0, m);
      int o = offset + done;
      for (int i = 0; i < m; i++) {
        dst[o + i] = c[i];
      }
    }
    index = at + n;
  }

  @Override
  public void readDatesAsMicros(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    int[] c = chunk();
    for (int done = 0; done < n; done += CHUNK) {
      int m = Math.min(CHUNK, n - done);
      ByteStreamSplitKernels.gatherInts(bytes, base + at + done, count, c, 0, m);
      int o = offset + done;
      TimeConversions.daysToMicros(c, 0, dst, o, m);
    }
    index = at + n;
  }
}
