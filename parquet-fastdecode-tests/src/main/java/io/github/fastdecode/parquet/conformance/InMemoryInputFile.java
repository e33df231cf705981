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
package io.github.fastdecode.parquet.conformance;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/** A whole Parquet file in a byte array, as an {@link InputFile} (parquet-java has none public). */
public final class InMemoryInputFile implements InputFile {
  private final byte[] bytes;

  /** Reads {@code bytes} in place: do not change them while a reader is open. */
  public InMemoryInputFile(byte[] bytes) {
    this.bytes = Objects.requireNonNull(bytes, "bytes");
  }

  @Override
  public long getLength() {
    return bytes.length;
  }

  @Override
  public SeekableInputStream newStream() {
    return new Stream(bytes);
  }

  @Override
  public String toString() {
    return "in-memory file of " + bytes.length + " bytes";
  }

  private static final class Stream extends SeekableInputStream {
    private final byte[] bytes;
    private int pos;

    Stream(byte[] bytes) {
      this.bytes = bytes;
    }

    @Override
    public long getPos() {
      return pos;
    }

    @Override
    public void seek(long newPos) throws IOException {
      if (newPos < 0 || newPos > bytes.length) {
        throw new EOFException("seek to " + newPos + " outside a file of " + bytes.length + " bytes");
      }
      pos = (int) newPos;
    }

    @Override
    public int read() {
      return pos < bytes.length ? bytes[pos++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      if (pos >= bytes.length) {
        return -1;
      }
      int n = Math.min(len, bytes.length - pos);
      System.arraycopy(bytes, pos, b, off, n);
      pos += n;
      return n;
    }

    @Override
    public long skip(long n) {
      long k = Math.max(0, Math.min(n, bytes.length - pos));
      pos += (int) k;
      return k;
    }

    @Override
    public int available() {
      return bytes.length - pos;
    }

    @Override
    public void readFully(byte[] b) throws IOException {
      readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
      Objects.checkFromIndexSize(off, len, b.length);
      if (len > bytes.length - pos) {
        throw new EOFException("reading " + len + " bytes at " + pos + " of a file of " + bytes.length + " bytes");
      }
      System.arraycopy(bytes, pos, b, off, len);
      pos += len;
    }

    @Override
    public int read(ByteBuffer buf) {
      if (!buf.hasRemaining()) {
        return 0;
      }
      if (pos >= bytes.length) {
        return -1;
      }
      int n = Math.min(buf.remaining(), bytes.length - pos);
      buf.put(bytes, pos, n);
      pos += n;
      return n;
    }

    @Override
    public void readFully(ByteBuffer buf) throws IOException {
      int n = buf.remaining();
      if (n > bytes.length - pos) {
        throw new EOFException("reading " + n + " bytes at " + pos + " of a file of " + bytes.length + " bytes");
      }
      buf.put(bytes, pos, n);
      pos += n;
    }
  }
}
