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
package io.github.fastdecode.parquet.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import org.apache.parquet.io.api.Binary;

/**
 * Where a {@link Binary}'s bytes live, without copying them: {@link #of} sets {@link #array},
 * {@link #offset} and {@link #length} to the value's backing range. Every {@code Binary} hands its
 * backing array to {@link Binary#writeTo(OutputStream)} in one {@code write(byte[], int, int)}
 * call (a direct {@code ByteBuffer} one is copied by {@code Binary} first), which this stream
 * records instead of copying. Reused per writer, so looking at a value allocates nothing.
 *
 * <p>The range is the caller's: read it before the caller may reuse its buffer, never keep it.
 */
public final class BinaryView extends OutputStream {
  private static final byte[] EMPTY = new byte[0];

  public byte[] array = EMPTY;
  public int offset;
  public int length;

  /** Points this view at {@code value}'s bytes. */
  public BinaryView of(Binary value) {
    array = EMPTY;
    offset = 0;
    length = 0;
    try {
      value.writeTo(this);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // never: this stream does no I/O
    }
    if (length != value.length()) {
      // Not the single call this class relies on: take a copy rather than guess.
      array = value.getBytes();
      offset = 0;
      length = array.length;
    }
    return this;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    array = b;
    offset = off;
    length = len;
  }

  @Override
  public void write(byte[] b) {
    write(b, 0, b.length);
  }

  @Override
  public void write(int b) {
    // Binary never writes single bytes; make a wrong assumption visible to of()'s length check.
    length = -1;
  }
}
