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

import com.github.luben.zstd.Zstd;
import java.io.IOException;

/**
 * ZSTD through zstd-jni (which parquet-hadoop brings and uses itself), from array to array in one
 * call: the native decoder writes into the page's buffer and never past {@code size}; a frame that
 * wants more is an error.
 */
final class ZstdPageDecompressor extends PageDecompressor {
  /** Whether zstd-jni and its native library load and round-trip a few bytes here. */
  static boolean works() {
    byte[] plain = {1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8};
    byte[] packed = Zstd.compress(plain);
    byte[] back = new byte[plain.length];
    long n = Zstd.decompressByteArray(back, 0, back.length, packed, 0, packed.length);
    return !Zstd.isError(n) && n == plain.length && java.util.Arrays.equals(plain, back);
  }

  @Override
  void decompress(byte[] src, int off, int len, byte[] dst, int size) throws IOException {
    long n = Zstd.decompressByteArray(dst, 0, size, src, off, len);
    if (Zstd.isError(n)) {
      throw new IOException("zstd: " + Zstd.getErrorName(n));
    }
    if (n != size) {
      throw new IOException("inflated to " + n + " bytes, the page header says " + size);
    }
  }
}
