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

import io.github.fastdecode.parquet.internal.convert.TimeConversions;
import java.nio.LongBuffer;

/**
 * PLAIN INT64: 8-byte little-endian values. Unsigned reads use the inherited chunked path, which
 * runs on {@link #readLongs} (one memory copy per chunk) and the unsigned encoder.
 */
final class PlainLongReader extends PlainReader {
  private LongBuffer longs = LongBuffer.allocate(0);

  PlainLongReader() {
    super("PLAIN INT64", Long.BYTES);
  }

  @Override
  void onNewPage() {
    longs = buf.asLongBuffer();
  }

  @Override
  public long readLong() {
    return longs.get(next());
  }

  @Override
  public void readLongs(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    longs.get(at, dst, offset, n);
    index = at + n;
  }

  // The conversions copy, then convert in place (the copy is a memory copy, the data stays in
  // cache), and move the position only once every value converted.

  @Override
  public void readTimestampMillisAsMicros(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    longs.get(at, dst, offset, n);
    TimeConversions.millisToMicros(dst, offset, n);
    index = at + n;
  }

  @Override
  public void readTimestampNanosAsMicros(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    longs.get(at, dst, offset, n);
    TimeConversions.nanosToMicros(dst, offset, n);
    index = at + n;
  }
}
