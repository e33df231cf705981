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

import java.util.ArrayList;

/**
 * Byte buffers kept from one file to the next: a {@link RowGroupReader} given these (through {@link
 * PageSettings#withBuffers}) takes its chunk and page buffers from them and gives them back when it
 * is closed, so that a thread scanning file after file allocates its buffers once, not once per file
 * (a reader without them keeps its buffers only from row group to row group). Holds what was given
 * back until {@link #clear()}; the smallest buffer that fits is taken. Not thread-safe: one per
 * thread, used by one open reader at a time.
 */
public final class PageBuffers {
  private final ArrayList<byte[]> free = new ArrayList<>();

  /** A buffer of at least {@code length} bytes from those given back (the smallest such), or null. */
  byte[] take(int length) {
    int best = -1;
    for (int i = 0; i < free.size(); i++) {
      int l = free.get(i).length;
      if (l >= length && (best < 0 || l < free.get(best).length)) {
        best = i;
      }
    }
    return best < 0 ? null : free.remove(best);
  }

  /** Keeps {@code buffer} for a later {@link #take}; null and empty ones are ignored. */
  void give(byte[] buffer) {
    if (buffer != null && buffer.length > 0) {
      free.add(buffer);
    }
  }

  /** Bytes held for reuse. */
  public long retainedBytes() {
    long n = 0;
    for (byte[] b : free) {
      n += b.length;
    }
    return n;
  }

  /** Drops every buffer held. */
  public void clear() {
    free.clear();
  }
}
