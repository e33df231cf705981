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
package io.github.fastdecode.parquet.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What the file commands check before parquet-hadoop sees a file, so a wrong path or a file that is
 * not Parquet gets one plain sentence instead of parquet-hadoop's (which names Java objects): the
 * file exists and is a regular file, and it has the layout every Parquet file has, {@code PAR1} at
 * both ends with a footer between whose length (the 4 bytes before the closing magic) fits.
 */
final class ParquetFileCheck {
  static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  /** The opening magic, the footer length and the closing magic. */
  static final int MIN_LENGTH = 4 + 4 + 4;

  private ParquetFileCheck() {}

  /** Why {@code file} cannot be a Parquet file to read, as one lowercase sentence, or null if it may be. */
  static String problem(Path file) {
    if (Files.isDirectory(file)) {
      return "is a directory";
    }
    if (!Files.exists(file)) {
      return "no such file";
    }
    if (!Files.isRegularFile(file)) {
      return "not a regular file";
    }
    if (!Files.isReadable(file)) {
      return "cannot be read (permission denied)";
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      if (size == 0) {
        return "empty file, not a Parquet file";
      }
      byte[] head = read(ch, 0, (int) Math.min(4, size));
      byte[] tail = read(ch, Math.max(0, size - 8), (int) Math.min(8, size));
      boolean startsWithMagic = startsWith(head, 0);
      boolean endsWithMagic = tail.length >= 4 && startsWith(tail, tail.length - 4);
      if (!endsWithMagic) {
        return startsWithMagic
            ? "truncated Parquet file: PAR1 magic at its start but not at its end (" + size + " bytes)"
            : "not a Parquet file: no PAR1 magic at its end";
      }
      if (size < MIN_LENGTH) {
        return "truncated Parquet file: " + size + " bytes, too short for the magic and a footer";
      }
      if (!startsWithMagic) {
        return "not a Parquet file: no PAR1 magic at its start";
      }
      int footer = ByteBuffer.wrap(tail, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
      if (footer <= 0 || footer > size - MIN_LENGTH) {
        return "corrupt Parquet file: its footer length " + Integer.toUnsignedString(footer)
            + " does not fit in its " + size + " bytes";
      }
      return null;
    } catch (IOException e) {
      return "cannot be read: " + Messages.oneLine(e);
    }
  }

  private static byte[] read(FileChannel ch, long at, int length) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(length);
    while (b.hasRemaining()) {
      if (ch.read(b, at + b.position()) < 0) {
        break;
      }
    }
    return b.array();
  }

  private static boolean startsWith(byte[] bytes, int at) {
    if (bytes.length < at + 4) {
      return false;
    }
    for (int i = 0; i < 4; i++) {
      if (bytes[at + i] != MAGIC[i]) {
        return false;
      }
    }
    return true;
  }
}
