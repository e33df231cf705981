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

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * The page headers of one column chunk, read from its bytes in the file one after another (as
 * parquet-cli's {@code pages} does), each page's CRC32 checked when its header has one. What
 * {@code pages} prints and what {@code check} uses to find every page with a bad checksum in a
 * chunk after the first problem the page pipeline met.
 */
final class ChunkPages {
  private ChunkPages() {}

  /** One page: its number (data pages from 0, the dictionary page -1), header, where it is, and its CRC's verdict. */
  record Page(int number, PageHeader header, long fileOffset, Boolean crcOk) {}

  /** The pages that could be read, and what stopped the walk early (null: it reached the chunk's end). */
  record Walk(List<Page> pages, String problem, int problemPage) {}

  /** The largest chunk read whole; larger ones are walked no further than this. */
  static final int MAX_CHUNK = Integer.MAX_VALUE - 8;

  static Walk walk(Path file, ColumnChunkMetaData chunk) throws IOException {
    long start = chunk.getStartingPos();
    long size = chunk.getTotalSize();
    long fileLength = new LocalInputFile(file).getLength();
    if (start < 0 || size < 0 || start + size > fileLength || size > MAX_CHUNK) {
      return new Walk(List.of(), "the chunk's " + size + " bytes at offset " + start + " do not lie within the file's "
          + fileLength + " bytes", -2);
    }
    byte[] bytes = new byte[(int) size];
    try (SeekableInputStream in = new LocalInputFile(file).newStream()) {
      in.seek(start);
      in.readFully(bytes);
    }
    List<Page> pages = new ArrayList<>();
    ByteArrayInputStream stream = new ByteArrayInputStream(bytes);
    int dataPages = 0;
    CRC32 crc = new CRC32();
    while (stream.available() > 0) {
      int at = bytes.length - stream.available();
      int number = dataPages;
      PageHeader h;
      try {
        h = Util.readPageHeader(stream);
      } catch (IOException | RuntimeException e) {
        return new Walk(pages, "cannot parse the page header at chunk offset " + at + ": " + Messages.oneLine(e), number);
      }
      if (h.getType() == org.apache.parquet.format.PageType.DICTIONARY_PAGE) {
        number = -1;
      } else if (h.getType() == org.apache.parquet.format.PageType.DATA_PAGE
          || h.getType() == org.apache.parquet.format.PageType.DATA_PAGE_V2) {
        dataPages++;
      }
      int body = bytes.length - stream.available();
      int compressed = h.getCompressed_page_size();
      if (compressed < 0 || compressed > stream.available()) {
        return new Walk(pages, "the header claims compressed_page_size " + compressed + ", but " + stream.available()
            + " bytes of the chunk are left at chunk offset " + body, number);
      }
      Boolean ok = null;
      if (h.isSetCrc()) {
        crc.reset();
        crc.update(bytes, body, compressed);
        ok = (int) crc.getValue() == h.getCrc();
      }
      pages.add(new Page(number, h, start + at, ok));
      stream.skip(compressed);
    }
    return new Walk(pages, null, 0);
  }

  /** The page's name in messages: {@code dictionary page} or {@code page N}. */
  static String pageName(int number) {
    return number == -1 ? "dictionary page" : number == -2 ? "chunk" : "page " + number;
  }
}
