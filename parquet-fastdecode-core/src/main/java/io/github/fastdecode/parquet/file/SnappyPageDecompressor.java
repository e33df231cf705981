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
import org.xerial.snappy.Snappy;

/**
 * SNAPPY through snappy-java (which parquet-hadoop brings and uses itself), from array to array.
 * The raw stream's length preamble must equal the page's size before the native code runs: it
 * writes as many bytes as the preamble declares.
 */
final class SnappyPageDecompressor extends PageDecompressor {
  /** Whether snappy-java and its native library load and round-trip a few bytes here. */
  static boolean works() {
    byte[] plain = {1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8};
    try {
      byte[] packed = Snappy.compress(plain);
      byte[] back = new byte[plain.length];
      return Snappy.uncompress(packed, 0, packed.length, back, 0) == plain.length && java.util.Arrays.equals(plain, back);
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  void decompress(byte[] src, int off, int len, byte[] dst, int size) throws IOException {
    long declared = 0;
    int p = off;
    int end = off + len;
    for (int shift = 0; ; shift += 7) {
      if (shift > 28) {
        throw new IOException("its length preamble is longer than 5 bytes");
      }
      if (p == end) {
        throw new IOException("the bytes end inside its length preamble");
      }
      int b = src[p++];
      declared |= (long) (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        break;
      }
    }
    if (declared != size) {
      throw new IOException("its preamble declares " + declared + " uncompressed bytes, the page header " + size);
    }
    int n;
    try {
      n = Snappy.uncompress(src, off, len, dst, 0);
    } catch (org.xerial.snappy.SnappyError e) {
      // snappy-java reports some failures of its native code as an Error; here they are a bad page.
      throw new IOException("snappy: " + e.getMessage());
    }
    if (n != size) {
      throw new IOException("inflated to " + n + " bytes, the page header says " + size);
    }
  }
}
