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
package io.github.fastdecode.parquet.internal.decode;

import java.io.IOException;
import org.apache.parquet.bytes.ByteBufferInputStream;

/**
 * The whole contract one encoding implements for one physical type: start a page, read values in
 * bulk, step over values. {@code A} is the destination: {@code int[]}, {@code long[]}, {@code
 * float[]} or {@code double[]}.
 *
 * <p>{@link DecoderReaders} puts parquet-java's {@code ValuesReader} on top (the scalar calls,
 * skips, and the widening and time conversions, written once for every encoding), so a decoder
 * holds only what its encoding alone knows.
 *
 * <p>A decoder checks its own bounds: a read or skip of more values than the page holds throws
 * {@link io.github.fastdecode.parquet.ValuesDecodingException} before it writes or moves anything,
 * and a read never touches {@code dst} outside {@code [offset, offset + count)} (the caller checks
 * that range).
 */
public interface ValueDecoder<A> {
  /**
   * Starts a page whose values section is the rest of {@code in}; {@code valueCount} is the page's
   * value count, nulls included. Returns how many values the section holds (at most {@code
   * valueCount}). A failure leaves the decoder with nothing to read.
   */
  int init(int valueCount, ByteBufferInputStream in) throws IOException;

  /** Writes the next {@code count} values to {@code dst[offset, offset + count)}. */
  void read(A dst, int offset, int count);

  /** Steps over the next {@code count} values. */
  void skip(int count);
}
