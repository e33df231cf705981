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

import io.airlift.compress.lz4.Lz4Decompressor;
import java.io.IOException;

/**
 * LZ4_RAW (one LZ4 block, no framing) through aircompressor's pure-Java decoder, which
 * parquet-hadoop brings and uses itself; it checks every bound against the arrays it is given.
 */
final class Lz4RawPageDecompressor extends PageDecompressor {
  private final Lz4Decompressor lz4 = new Lz4Decompressor();

  /** Whether aircompressor loads here (a missing class is a {@link LinkageError}). */
  static boolean works() {
    byte[] packed = {(byte) 0x30, 1, 2, 3}; // one sequence of three literals
    byte[] back = new byte[3];
    return new Lz4Decompressor().decompress(packed, 0, packed.length, back, 0, back.length) == 3 && back[2] == 3;
  }

  @Override
  void decompress(byte[] src, int off, int len, byte[] dst, int size) throws IOException {
    int n = lz4.decompress(src, off, len, dst, 0, size);
    if (n != size) {
      throw new IOException("inflated to " + n + " bytes, the page header says " + size);
    }
  }
}
