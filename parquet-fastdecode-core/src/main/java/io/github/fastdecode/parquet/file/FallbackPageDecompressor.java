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
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A codec this package has no direct decoder for (LZO, BROTLI, Hadoop's LZ4), or whose library
 * did not load: the caller's parquet-java codec factory inflates the page, and its bytes are copied
 * into the page buffer. Allocates per page, as parquet-hadoop does.
 */
final class FallbackPageDecompressor extends PageDecompressor {
  private final CompressionCodecFactory factory;
  private final CompressionCodecName codec;
  private BytesInputDecompressor decompressor;

  FallbackPageDecompressor(CompressionCodecFactory factory, CompressionCodecName codec) {
    this.factory = factory;
    this.codec = codec;
  }

  @Override
  void decompress(byte[] src, int off, int len, byte[] dst, int size) throws IOException {
    if (decompressor == null) {
      decompressor = factory.getDecompressor(codec);
      if (decompressor == null) {
        throw new IOException("no decompressor for " + codec + " in the read options' codec factory");
      }
    }
    // A copy of the compressed bytes: parquet-hadoop's decompressors may keep or reposition the input.
    BytesInput in = BytesInput.from(java.util.Arrays.copyOfRange(src, off, off + len));
    ByteBuffer out = decompressor.decompress(in, size).toByteBuffer();
    if (out.remaining() != size) {
      throw new IOException("inflated to " + out.remaining() + " bytes, the page header says " + size);
    }
    out.get(dst, 0, size);
  }
}
