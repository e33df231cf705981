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
package io.github.fastdecode.parquet.file;

import java.io.IOException;

/**
 * Inflates one page's compressed bytes into a caller's array, exactly as many bytes as the page
 * header says: fewer or more is an error, and nothing is written past them. One instance per
 * reader (some hold codec state, such as an {@code Inflater}); not thread-safe.
 */
abstract class PageDecompressor {
  /**
   * Inflates {@code src[off, off + len)} into {@code dst[0, size)}; {@code dst.length >= size}.
   *
   * @throws IOException or a runtime exception of the codec's if the bytes are not a valid stream
   *     of exactly {@code size} bytes (the caller names the page)
   */
  abstract void decompress(byte[] src, int off, int len, byte[] dst, int size) throws IOException;

  /** Frees native state; the decompressor is not used afterwards. */
  void release() {}
}
