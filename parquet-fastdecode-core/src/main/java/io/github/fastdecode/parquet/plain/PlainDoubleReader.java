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

import java.nio.DoubleBuffer;

/** PLAIN DOUBLE: 8-byte little-endian IEEE 754 values, copied bit for bit. */
final class PlainDoubleReader extends PlainReader {
  private DoubleBuffer doubles = DoubleBuffer.allocate(0);

  PlainDoubleReader() {
    super("PLAIN DOUBLE", Double.BYTES);
  }

  @Override
  void onNewPage() {
    doubles = buf.asDoubleBuffer();
  }

  @Override
  public double readDouble() {
    return doubles.get(next());
  }

  @Override
  public void readDoubles(double[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    doubles.get(at, dst, offset, n);
    index = at + n;
  }
}
