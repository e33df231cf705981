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
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.SeekableInputStream;

/** A stream of a test's input that runs a hook before every read and passes everything to the stream it wraps. */
final class HookedStream extends DelegatingSeekableInputStream {
  /** What runs before each read: {@code in} is the wrapped stream (its position is the read's), {@code closed} whether this one was closed. */
  interface Hook {
    void beforeRead(SeekableInputStream in, boolean closed) throws IOException;
  }

  private final SeekableInputStream in;
  private final Hook hook;
  private volatile boolean closed;

  HookedStream(SeekableInputStream in, Hook hook) {
    super(in);
    this.in = in;
    this.hook = hook;
  }

  @Override
  public long getPos() throws IOException {
    return in.getPos();
  }

  @Override
  public void seek(long newPos) throws IOException {
    in.seek(newPos);
  }

  @Override
  public int read() throws IOException {
    hook.beforeRead(in, closed);
    return super.read();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    hook.beforeRead(in, closed);
    return super.read(b, off, len);
  }

  @Override
  public void readFully(byte[] bytes, int start, int len) throws IOException {
    hook.beforeRead(in, closed);
    // LocalInputFile's stream has no read(byte[], int, int) of its own: a delegating readFully would read it byte by byte.
    in.readFully(bytes, start, len);
  }

  @Override
  public int read(ByteBuffer buf) throws IOException {
    hook.beforeRead(in, closed);
    return super.read(buf);
  }

  @Override
  public void readFully(ByteBuffer buf) throws IOException {
    hook.beforeRead(in, closed);
    in.readFully(buf);
  }

  @Override
  public void close() throws IOException {
    closed = true;
    super.close();
  }
}
