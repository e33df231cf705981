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
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * GZIP with the JDK's {@link Inflater}, reused from page to page: the gzip member header (RFC 1952)
 * is parsed here, the deflate stream inflated straight into the page's buffer, and the member's
 * trailer (CRC32 and length of what it inflated to) checked. Members follow one another until the
 * page's size is reached; bytes after that are ignored, as the JDK's gzip stream does.
 */
final class GzipPageDecompressor extends PageDecompressor {
  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;

  private final Inflater inflater = new Inflater(true);
  private final CRC32 crc = new CRC32();
  private final byte[] probe = new byte[1];

  @Override
  void decompress(byte[] src, int off, int len, byte[] dst, int size) throws IOException {
    int p = off;
    int end = off + len;
    int produced = 0;
    do {
      p = skipHeader(src, p, end);
      inflater.reset();
      inflater.setInput(src, p, end - p);
      int memberStart = produced;
      try {
        while (!inflater.finished()) {
          int n = inflater.inflate(dst, produced, size - produced);
          produced += n;
          if (n > 0) {
            continue;
          }
          if (inflater.finished()) {
            break;
          }
          if (produced == size) {
            // Room is used up: the stream must end here, without more output.
            if (inflater.inflate(probe, 0, 1) > 0) {
              throw new IOException("the deflate stream holds more than the page header's " + size + " bytes");
            }
            if (inflater.finished()) {
              break;
            }
          }
          if (inflater.needsInput()) {
            throw new IOException("the deflate stream ends early, after " + produced + " of " + size + " bytes");
          }
          if (inflater.needsDictionary()) {
            throw new IOException("the deflate stream asks for a preset dictionary");
          }
        }
      } catch (DataFormatException e) {
        // The message only: the JDK's exception says no more, and a checked non-IO cause would hide the page.
        throw new IOException("invalid deflate stream: " + e.getMessage());
      }
      p = end - inflater.getRemaining();
      if (end - p < 8) {
        throw new IOException("the gzip trailer is cut off: " + (end - p) + " of 8 bytes");
      }
      crc.reset();
      crc.update(dst, memberStart, produced - memberStart);
      int storedCrc = intLe(src, p);
      int storedLength = intLe(src, p + 4);
      p += 8;
      if ((int) crc.getValue() != storedCrc) {
        throw new IOException("the gzip trailer's CRC32 " + Integer.toHexString(storedCrc) + " does not match the inflated bytes' "
            + Integer.toHexString((int) crc.getValue()));
      }
      if (storedLength != produced - memberStart) {
        throw new IOException("the gzip trailer says " + Integer.toUnsignedString(storedLength) + " bytes, the member inflated to "
            + (produced - memberStart));
      }
    } while (produced < size && p < end);
    if (produced != size) {
      throw new IOException("inflated to " + produced + " bytes, the page header says " + size);
    }
  }

  /** Moves past a gzip member header at {@code p}; returns where its deflate stream starts. */
  private static int skipHeader(byte[] src, int p, int end) throws IOException {
    if (end - p < 10) {
      throw new IOException("a gzip header is cut off: " + (end - p) + " of at least 10 bytes");
    }
    if ((src[p] & 0xff) != 0x1f || (src[p + 1] & 0xff) != 0x8b) {
      throw new IOException("no gzip magic bytes at offset " + p);
    }
    if (src[p + 2] != 8) {
      throw new IOException("gzip compression method " + (src[p + 2] & 0xff) + ", not deflate (8)");
    }
    int flags = src[p + 3] & 0xff;
    if ((flags & 0xe0) != 0) {
      throw new IOException("gzip header flags " + Integer.toHexString(flags) + " set reserved bits");
    }
    p += 10;
    if ((flags & FEXTRA) != 0) {
      if (end - p < 2) {
        throw new IOException("the gzip header's extra field is cut off");
      }
      int extra = (src[p] & 0xff) | (src[p + 1] & 0xff) << 8;
      p += 2;
      if (extra > end - p) {
        throw new IOException("the gzip header's extra field of " + extra + " bytes runs past the page");
      }
      p += extra;
    }
    if ((flags & FNAME) != 0) {
      p = skipZeroTerminated(src, p, end, "file name");
    }
    if ((flags & FCOMMENT) != 0) {
      p = skipZeroTerminated(src, p, end, "comment");
    }
    if ((flags & FHCRC) != 0) {
      if (end - p < 2) {
        throw new IOException("the gzip header's CRC16 is cut off");
      }
      p += 2;
    }
    return p;
  }

  private static int skipZeroTerminated(byte[] src, int p, int end, String what) throws IOException {
    while (p < end) {
      if (src[p++] == 0) {
        return p;
      }
    }
    throw new IOException("the gzip header's " + what + " runs past the page");
  }

  private static int intLe(byte[] b, int p) {
    return (b[p] & 0xff) | (b[p + 1] & 0xff) << 8 | (b[p + 2] & 0xff) << 16 | (b[p + 3] & 0xff) << 24;
  }

  @Override
  void release() {
    inflater.end();
  }
}
