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
package io.github.fastdecode.parquet.column;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.List;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * A {@link CompressionCodecFactory} whose decompressors check the sizes a page's compressed bytes
 * declare about themselves before handing the page to the wrapped factory's decompressor, which
 * would otherwise allocate by them: a fuzzed page of a few KB can declare 2 GB.
 *
 * <ul>
 *   <li>SNAPPY: a raw snappy stream starts with its uncompressed length as a varint; parquet-hadoop's
 *       heap decompressor allocates a direct buffer of that length. It must equal the size
 *       parquet-hadoop asks for (the page header's, which {@link CodecExpansion} bounds): a writer
 *       compresses exactly the page's bytes.
 *   <li>LZ4 (Hadoop's block framing): each block is a 4-byte big-endian uncompressed length followed
 *       by chunks, each a 4-byte big-endian compressed length and that many bytes, until the chunks
 *       have inflated to the block's length; Hadoop's {@code BlockDecompressorStream} allocates each
 *       chunk's declared length on the heap. Every chunk must lie within the page's bytes, and the
 *       blocks' lengths must add up to at most the size asked for. Where one block's chunks end
 *       depends on what they inflate to (large pages give several chunks per block), which is read
 *       off each chunk's LZ4 sequence headers (token, extra length bytes, match offset) without
 *       inflating it: literals are skipped, so the walk reads a few bytes per sequence.
 * </ul>
 *
 * <p>Other codecs get the wrapped factory's decompressor itself, so their pages are not touched
 * twice. Checked pages are not copied: the walk reads slices of the page's own buffers, which are
 * then handed on. A rejected page is a {@link ParquetDecodingException} naming the codec and the
 * size; parquet-hadoop lets it through its page reader, and {@link ColumnChunkReader} names the
 * column, row group and page.
 */
final class DeclaredSizeCodecFactory implements CompressionCodecFactory {
  private final CompressionCodecFactory delegate;
  private final EnumMap<CompressionCodecName, BytesInputDecompressor> checked = new EnumMap<>(CompressionCodecName.class);

  DeclaredSizeCodecFactory(CompressionCodecFactory delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** The factory this one wraps. */
  public CompressionCodecFactory delegate() {
    return delegate;
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codecName) {
    return delegate.getCompressor(codecName);
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codecName) {
    BytesInputDecompressor d = delegate.getDecompressor(codecName);
    if (codecName != CompressionCodecName.SNAPPY && codecName != CompressionCodecName.LZ4) {
      return d;
    }
    BytesInputDecompressor c = checked.get(codecName);
    if (c == null || ((Checking) c).inner != d) {
      c = new Checking(codecName, d);
      checked.put(codecName, c);
    }
    return c;
  }

  @Override
  public void release() {
    checked.clear();
    delegate.release();
  }

  /**
   * Checks {@code page}, the whole compressed bytes of one page section under {@code codec}, against
   * {@code uncompressedSize}.
   *
   * @throws ParquetDecodingException if the bytes declare sizes they cannot hold
   */
  public static void check(CompressionCodecName codec, List<ByteBuffer> page, int uncompressedSize) throws IOException {
    ByteBufferInputStream in = ByteBufferInputStream.wrap(page);
    if (codec == CompressionCodecName.SNAPPY) {
      checkSnappy(in, uncompressedSize);
    } else if (codec == CompressionCodecName.LZ4) {
      checkHadoopLz4(in, uncompressedSize);
    }
  }

  private static void checkSnappy(ByteBufferInputStream in, int uncompressedSize) throws IOException {
    if (in.available() == 0) {
      return; // nothing to allocate by; parquet-hadoop judges an empty page
    }
    long declared = 0;
    for (int shift = 0; ; shift += 7) {
      if (shift > 28) {
        throw new ParquetDecodingException("SNAPPY page: its length preamble is longer than 5 bytes");
      }
      if (in.available() == 0) {
        throw new ParquetDecodingException("SNAPPY page: the bytes end inside its length preamble");
      }
      int b = in.read();
      declared |= (long) (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        break;
      }
    }
    if (declared != uncompressedSize) {
      throw new ParquetDecodingException("SNAPPY page: its preamble declares " + declared
          + " uncompressed bytes, the page header " + uncompressedSize);
    }
  }

  private static void checkHadoopLz4(ByteBufferInputStream in, int uncompressedSize) throws IOException {
    // Walks the headers as Hadoop's stream reads them: a block header, then chunks until they have
    // inflated to the block's length; Hadoop reads no further once the page's size has been inflated.
    long produced = 0;
    while (produced < uncompressedSize) {
      if (in.available() < 4) {
        return; // parquet-hadoop reports the missing bytes itself
      }
      long block = readInt(in);
      if (block == 0) {
        return; // Hadoop's stream ends here
      }
      if (block < 0 || block > uncompressedSize - produced) {
        throw new ParquetDecodingException("LZ4 page: a block declares " + block + " uncompressed bytes, more than the "
            + (uncompressedSize - produced) + " left of the page header's " + uncompressedSize);
      }
      long inflated = 0;
      while (inflated < block) {
        if (in.available() < 4) {
          return;
        }
        long chunk = readInt(in);
        if (chunk < 0 || chunk > in.available()) {
          throw new ParquetDecodingException("LZ4 page: a chunk declares " + chunk + " compressed bytes, but "
              + in.available() + " remain in the page");
        }
        long out = lz4Output(in, chunk);
        if (out < 0) {
          throw new ParquetDecodingException("LZ4 page: a chunk's sequences run past its " + chunk + " bytes");
        }
        inflated += out;
      }
      if (inflated > block) {
        return; // more than the block declared: Hadoop's stream ends after this chunk
      }
      produced += inflated;
    }
  }

  /**
   * The bytes one LZ4 block of {@code length} bytes inflates to, read off its sequence headers
   * (consuming the block), or -1 if a sequence runs past the block's end.
   */
  private static long lz4Output(ByteBufferInputStream in, long length) throws IOException {
    long left = length;
    long out = 0;
    while (left > 0) {
      int token = in.read();
      left--;
      long literals = token >>> 4;
      if (literals == 15) {
        int b;
        do {
          if (left == 0) {
            return -1;
          }
          b = in.read();
          left--;
          literals += b;
        } while (b == 255);
      }
      if (literals > left) {
        return -1;
      }
      in.skipFully(literals);
      left -= literals;
      out += literals;
      if (left == 0) {
        break; // the last sequence has literals only
      }
      if (left < 2) {
        return -1;
      }
      in.skipFully(2); // match offset
      left -= 2;
      long match = (token & 15) + 4;
      if ((token & 15) == 15) {
        int b;
        do {
          if (left == 0) {
            return -1;
          }
          b = in.read();
          left--;
          match += b;
        } while (b == 255);
      }
      out += match;
    }
    return out;
  }

  private static long readInt(ByteBufferInputStream in) throws IOException {
    int b0 = in.read();
    int b1 = in.read();
    int b2 = in.read();
    int b3 = in.read();
    return (b0 << 24) | (b1 << 16) | (b2 << 8) | b3;
  }

  /** Checks a page's bytes, then hands them on untouched. */
  private static final class Checking implements BytesInputDecompressor {
    private final CompressionCodecName codec;
    final BytesInputDecompressor inner;

    Checking(CompressionCodecName codec, BytesInputDecompressor inner) {
      this.codec = codec;
      this.inner = inner;
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int decompressedSize) throws IOException {
      // Slices of the page's buffers (a stream-backed input is read once here instead of in inner).
      List<ByteBuffer> page = bytes.toInputStream().remainingBuffers();
      check(codec, page, decompressedSize);
      return inner.decompress(BytesInput.from(page), decompressedSize);
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
        throws IOException {
      if (compressedSize < 0 || compressedSize > input.remaining()) {
        throw new ParquetDecodingException(codec + " page: " + compressedSize + " compressed bytes, but "
            + input.remaining() + " in the buffer");
      }
      ByteBuffer page = input.duplicate();
      page.limit(page.position() + compressedSize);
      check(codec, List.of(page), decompressedSize);
      inner.decompress(input, compressedSize, output, decompressedSize);
    }

    @Override
    public void release() {
      inner.release();
    }
  }
}
