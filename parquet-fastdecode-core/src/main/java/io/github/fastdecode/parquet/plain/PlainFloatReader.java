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
package io.github.fastdecode.parquet.plain;

import java.nio.FloatBuffer;

/** PLAIN FLOAT: 4-byte little-endian IEEE 754 values, copied bit for bit. */
final class PlainFloatReader extends PlainReader {
  private FloatBuffer floats = FloatBuffer.allocate(0);

  PlainFloatReader() {
    super("PLAIN FLOAT", Float.BYTES);
  }

  @Override
  void onNewPage() {
    floats = buf.asFloatBuffer();
  }

  @Override
  public float readFloat() {
    return floats.get(next());
  }

  @Override
  public void readFloats(float[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    floats.get(at, dst, offset, n);
    index = at + n;
  }

  @Override
  public void readFloatsAsDoubles(double[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    FloatBuffer src = floats;
    for (int i = 0; i < n; i++) {
      dst[offset + i] = src.get(at + i);
    }
    index = at + n;
  }
}
