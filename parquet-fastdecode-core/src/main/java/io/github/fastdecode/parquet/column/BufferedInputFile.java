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

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.ParquetFileRange;
import org.apache.parquet.io.SeekableInputStream;

/**
 * An {@link InputFile} whose streams buffer small reads: parquet-hadoop parses the footer, column
 * indexes and offset indexes with Thrift a byte at a time, and a stream without a buffer of its own
 * (parquet-java's {@code LocalInputFile} reads a {@code RandomAccessFile}) makes each byte a system
 * call: its stream has no {@code read(byte[], int, int)} of its own, so {@code InputStream}'s reads
 * byte by byte. The buffer is filled, and reads of {@link #BUFFER} bytes or more are made, with the
 * underlying stream's {@code readFully}, up to the file's end; vectored reads go to it as they are.
 */
final class BufferedInputFile implements InputFile {
  /** The buffer of each stream. */
  static final int BUFFER = 8192;

  private final InputFile file;

  BufferedInputFile(InputFile file) {
    this.file = Objects.requireNonNull(file, "file");
  }

  @Override
  public long getLength() throws IOException {
    return file.getLength();
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    return new Stream(file.newStream(), file.getLength());
  }

  @Override
  public String toString() {
    return file.toString();
  }

  private static final class Stream extends SeekableInputStream {
    private final SeekableInputStream in;
    private final long length;
    private final byte[] buffer = new byte[BUFFER];
    /** File position of {@code buffer[0]}, and how many bytes it holds. */
    private long bufferAt;
    private int buffered;
    private long pos;

    Stream(SeekableInputStream in, long length) throws IOException {
      this.in = in;
      this.length = length;
      this.pos = in.getPos();
      this.bufferAt = pos;
    }

    @Override
    public long getPos() {
      return pos;
    }

    @Override
    public void seek(long newPos) throws IOException {
      if (newPos < 0) {
        throw new IOException("cannot seek to " + newPos);
      }
      pos = newPos;
    }

    /** Bytes of the buffer at {@link #pos}, filling it when it holds none. */
    private int available(boolean fill) throws IOException {
      long off = pos - bufferAt;
      if (off >= 0 && off < buffered) {
        return (int) (buffered - off);
      }
      if (!fill) {
        return 0;
      }
      int n = (int) Math.max(0, Math.min(buffer.length, length - pos));
      if (n > 0) {
        in.seek(pos);
        in.readFully(buffer, 0, n);
      }
      bufferAt = pos;
      buffered = n;
      return n;
    }

    @Override
    public int read() throws IOException {
      if (available(true) == 0) {
        return -1;
      }
      return buffer[(int) (pos++ - bufferAt)] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      int have = available(len < BUFFER);
      if (have > 0) {
        int n = Math.min(have, len);
        System.arraycopy(buffer, (int) (pos - bufferAt), b, off, n);
        pos += n;
        return n;
      }
      int n = (int) Math.min(len, length - pos);
      if (n <= 0) {
        return -1;
      }
      in.seek(pos);
      in.readFully(b, off, n);
      pos += n;
      return n;
    }

    @Override
    public void readFully(byte[] bytes) throws IOException {
      readFully(bytes, 0, bytes.length);
    }

    @Override
    public void readFully(byte[] bytes, int start, int len) throws IOException {
      int done = 0;
      while (done < len) {
        int n = read(bytes, start + done, len - done);
        if (n < 0) {
          throw new EOFException("reached the end of the stream with " + (len - done) + " bytes left to read");
        }
        done += n;
      }
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      int have = available(false);
      if (have > 0) {
        int n = Math.min(have, dst.remaining());
        dst.put(buffer, (int) (pos - bufferAt), n);
        pos += n;
        return n;
      }
      int n = (int) Math.min(dst.remaining(), length - pos);
      if (n <= 0) {
        return dst.hasRemaining() ? -1 : 0;
      }
      readInto(dst, n);
      return n;
    }

    /**
     * Reads the next {@code n} bytes into {@code dst} through the stream's {@code readFully(byte[],
     * int, int)}: parquet-java 1.15's {@code LocalInputFile} reads a direct buffer not at all and a
     * heap buffer at a non-zero position wrongly.
     */
    private void readInto(ByteBuffer dst, int n) throws IOException {
      in.seek(pos);
      if (dst.hasArray()) {
        in.readFully(dst.array(), dst.arrayOffset() + dst.position(), n);
        dst.position(dst.position() + n);
      } else {
        byte[] bytes = new byte[n];
        in.readFully(bytes, 0, n);
        dst.put(bytes);
      }
      pos += n;
    }

    @Override
    public void readFully(ByteBuffer dst) throws IOException {
      int have = available(false);
      if (have > 0) {
        int n = Math.min(have, dst.remaining());
        dst.put(buffer, (int) (pos - bufferAt), n);
        pos += n;
      }
      if (dst.hasRemaining()) {
        if (dst.remaining() > length - pos) {
          throw new EOFException("reached the end of the stream with " + (dst.remaining() - (length - pos)) + " bytes left to read");
        }
        readInto(dst, dst.remaining());
      }
    }

    @Override
    public boolean readVectoredAvailable(ByteBufferAllocator allocator) {
      return in.readVectoredAvailable(allocator);
    }

    @Override
    public void readVectored(List<ParquetFileRange> ranges, ByteBufferAllocator allocator) throws IOException {
      in.readVectored(ranges, allocator);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
