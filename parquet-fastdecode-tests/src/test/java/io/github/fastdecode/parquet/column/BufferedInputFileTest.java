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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link BufferedInputFile}'s streams give the file's bytes at every position, through seeded
 * random seeks and single-byte, small, large, heap-array and byte-buffer reads, and end as the
 * file does.
 */
class BufferedInputFileTest {
  @Test
  void everyReadGivesTheFilesBytes(@TempDir Path dir) throws IOException {
    Random random = new Random(20261131L);
    byte[] data = new byte[100_000];
    random.nextBytes(data);
    Path f = dir.resolve("bytes");
    Files.write(f, data);
    try (SeekableInputStream in = new BufferedInputFile(new LocalInputFile(f)).newStream()) {
      for (int step = 0; step < 5_000; step++) {
        if (random.nextInt(4) == 0) {
          in.seek(random.nextInt(data.length));
        }
        long at = in.getPos();
        int left = (int) (data.length - at);
        int len = Math.min(left, random.nextInt(4) == 0 ? random.nextInt(3 * BufferedInputFile.BUFFER) : random.nextInt(40));
        switch (random.nextInt(4)) {
          case 0: {
            int b = in.read();
            assertEquals(left == 0 ? -1 : data[(int) at] & 0xFF, b, "byte at " + at);
            break;
          }
          case 1: {
            byte[] got = new byte[len];
            in.readFully(got);
            assertArrayEquals(Arrays.copyOfRange(data, (int) at, (int) at + len), got, len + " bytes at " + at);
            break;
          }
          case 2: {
            ByteBuffer got = random.nextBoolean() ? ByteBuffer.allocate(len) : ByteBuffer.allocateDirect(len);
            in.readFully(got);
            got.flip();
            byte[] bytes = new byte[len];
            got.get(bytes);
            assertArrayEquals(Arrays.copyOfRange(data, (int) at, (int) at + len), bytes, len + " buffer bytes at " + at);
            break;
          }
          default: {
            byte[] got = new byte[len + 3];
            int n = in.read(got, 3, len);
            assertEquals(len == 0 ? 0 : left == 0 ? -1 : Math.min(n, len), n);
            if (n > 0) {
              assertArrayEquals(Arrays.copyOfRange(data, (int) at, (int) at + n), Arrays.copyOfRange(got, 3, 3 + n), n + " bytes at " + at);
            }
            break;
          }
        }
      }
      in.seek(data.length - 5);
      assertThrows(EOFException.class, () -> in.readFully(new byte[6]));
    }
  }
}
