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

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.bytes.ByteBufferInputStream;

/** The shapes a page's bytes arrive in: decoders must give the same values from each. */
public enum InputKind {
  /** A heap buffer over exactly the page. */
  HEAP {
    @Override
    public ByteBufferInputStream open(byte[] page) {
      return ByteBufferInputStream.wrap(ByteBuffer.wrap(page.clone()));
    }
  },
  /** A heap buffer whose array has other bytes before and after the page (non-zero arrayOffset and position). */
  HEAP_SLICED {
    @Override
    public ByteBufferInputStream open(byte[] page) {
      byte[] big = new byte[page.length + 19];
      java.util.Arrays.fill(big, (byte) 0xA5);
      System.arraycopy(page, 0, big, 11, page.length);
      ByteBuffer outer = ByteBuffer.wrap(big, 3, page.length + 10).slice();
      outer.position(8);
      outer.limit(8 + page.length);
      return ByteBufferInputStream.wrap(outer);
    }
  },
  /** A direct buffer. */
  DIRECT {
    @Override
    public ByteBufferInputStream open(byte[] page) {
      ByteBuffer b = ByteBuffer.allocateDirect(page.length);
      b.put(page).flip();
      return ByteBufferInputStream.wrap(b);
    }
  },
  /** A read-only heap buffer (no accessible array). */
  READ_ONLY {
    @Override
    public ByteBufferInputStream open(byte[] page) {
      return ByteBufferInputStream.wrap(ByteBuffer.wrap(page.clone()).asReadOnlyBuffer());
    }
  },
  /** Several buffers: 1 byte, then 7 bytes, then pieces of 13 bytes alternating heap and direct, then the rest. */
  MULTI_BUFFER {
    @Override
    public ByteBufferInputStream open(byte[] page) {
      List<ByteBuffer> parts = new ArrayList<>();
      int pos = 0;
      int[] sizes = {1, 7, 13, 13, 13};
      for (int i = 0; i < sizes.length && pos < page.length; i++) {
        int n = Math.min(sizes[i], page.length - pos);
        ByteBuffer b = (i % 2 == 0) ? ByteBuffer.allocate(n) : ByteBuffer.allocateDirect(n);
        b.put(page, pos, n).flip();
        parts.add(b);
        pos += n;
      }
      if (pos < page.length) {
        parts.add(ByteBuffer.wrap(page, pos, page.length - pos).slice());
      }
      if (parts.isEmpty()) {
        parts.add(ByteBuffer.allocate(0));
      }
      return ByteBufferInputStream.wrap(parts);
    }
  };

  public abstract ByteBufferInputStream open(byte[] page);
}
