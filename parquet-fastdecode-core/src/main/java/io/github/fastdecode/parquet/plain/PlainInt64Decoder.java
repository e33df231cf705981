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

import io.github.fastdecode.parquet.internal.decode.ValueDecoder;
import java.nio.LongBuffer;

/** PLAIN INT64: 8-byte little-endian values. */
final class PlainInt64Decoder extends PlainSection implements ValueDecoder<long[]> {
  /** View of the section: index {@code i} is value {@code i}; a bulk get is one memory copy. */
  private LongBuffer values = LongBuffer.allocate(0);

  PlainInt64Decoder() {
    super("PLAIN INT64", 8);
  }

  @Override
  void onNewPage() {
    values = buf.asLongBuffer();
  }

  @Override
  public void read(long[] dst, int offset, int n) {
    int at = check(n);
    values.get(at, dst, offset, n);
    index = at + n;
  }
}
