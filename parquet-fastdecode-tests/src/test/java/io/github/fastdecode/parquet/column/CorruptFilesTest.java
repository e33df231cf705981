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

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Corrupt files read through {@link ParquetBatchReader}: truncated inside a data page, bytes
 * flipped in page bodies, page headers lying about sizes and counts. Every outcome must be a
 * {@link ParquetDecodingException} or an {@link java.io.IOException} (or, for a flip that keeps the
 * page decodable, other values), within seconds and without running out of memory.
 */
class CorruptFilesTest {
  @TempDir
  Path dir;

  /** A data page: where its header starts, its header's length, the header itself. */
  static final class PageAt {
    final long offset;
    final int headerLength;
    final PageHeader header;

    PageAt(long offset, int headerLength, PageHeader header) {
      this.offset = offset;
      this.headerLength = headerLength;
      this.header = header;
    }

    long bodyStart() {
      return offset + headerLength;
    }
  }

  private Path source(String version) throws IOException {
    WriterVersion v = version.equals("v1") ? WriterVersion.PARQUET_1_0 : WriterVersion.PARQUET_2_0;
    boolean dictionary = version.equals("v1");
    return GeneratedFiles.write(dir, new GeneratedFiles.Spec(v, dictionary, false, CompressionCodecName.UNCOMPRESSED, false, 10, false, 2000, 77));
  }

  /** The first page of every column chunk. */
  private static List<PageAt> firstPages(Path file, byte[] bytes) throws IOException {
    List<PageAt> pages = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (BlockMetaData block : r.getRowGroups()) {
        for (ColumnChunkMetaData c : block.getColumns()) {
          long at = c.getStartingPos();
          ByteArrayInputStream in = new ByteArrayInputStream(bytes, (int) at, bytes.length - (int) at);
          int before = in.available();
          PageHeader h = Util.readPageHeader(in);
          pages.add(new PageAt(at, before - in.available(), h));
        }
      }
    }
    return pages;
  }

  private static void readAll(Path file) {
    assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
      try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(file))) {
        ColumnBatch[] batches = reader.newBatches(777, ColumnBatch.Layout.ROW_POSITIONS);
        while (reader.nextBatch(batches) > 0) {
          // values are not checked: only how reading ends
        }
      } catch (ParquetDecodingException | IOException expected) {
        assertTrue(expected.getMessage() != null && !expected.getMessage().isEmpty(), "an error says what was wrong: " + expected);
      } catch (Throwable other) {
        throw new AssertionError(file.getFileName() + ": " + other, other);
      }
    });
  }

  @ParameterizedTest
  @ValueSource(strings = {"v1", "v2"})
  void truncatedInsideDataPages(String version) throws IOException {
    Path src = source(version);
    byte[] bytes = Files.readAllBytes(src);
    List<PageAt> pages = firstPages(src, bytes);
    for (int i = 0; i < pages.size(); i += 3) {
      PageAt p = pages.get(i);
      long cut = p.bodyStart() + p.header.getCompressed_page_size() / 2;
      Path f = dir.resolve("truncated-" + version + "-" + i + ".parquet");
      Files.write(f, java.util.Arrays.copyOf(bytes, (int) cut));
      readAll(f);
      // The same cut with the footer put back: the footer's offsets now point past the end.
      int footer = footerStart(bytes);
      byte[] spliced = new byte[(int) cut + bytes.length - footer];
      System.arraycopy(bytes, 0, spliced, 0, (int) cut);
      System.arraycopy(bytes, footer, spliced, (int) cut, bytes.length - footer);
      Path g = dir.resolve("truncated-with-footer-" + version + "-" + i + ".parquet");
      Files.write(g, spliced);
      readAll(g);
    }
  }

  /** Where the footer starts: its length is in the 4 bytes before the closing magic. */
  private static int footerStart(byte[] bytes) {
    int n = bytes.length;
    int length = (bytes[n - 8] & 0xFF) | (bytes[n - 7] & 0xFF) << 8 | (bytes[n - 6] & 0xFF) << 16 | (bytes[n - 5] & 0xFF) << 24;
    return n - 8 - length;
  }

  @ParameterizedTest
  @ValueSource(strings = {"v1", "v2"})
  void bytesFlippedInPageBodies(String version) throws IOException {
    Path src = source(version);
    byte[] bytes = Files.readAllBytes(src);
    List<PageAt> pages = firstPages(src, bytes);
    long seed = 4_2026_11_22L;
    Random random = new Random(seed);
    int variant = 0;
    for (PageAt p : pages) {
      for (int k = 0; k < 4; k++) {
        byte[] copy = bytes.clone();
        int body = p.header.getCompressed_page_size();
        int at = (int) p.bodyStart() + random.nextInt(Math.max(1, Math.min(body, 64)));
        copy[at] ^= (byte) (1 + random.nextInt(255));
        if (k % 2 == 1 && body > 8) {
          copy[(int) p.bodyStart() + random.nextInt(body)] ^= (byte) 0xFF;
        }
        Path f = dir.resolve("flipped-" + version + "-" + variant++ + ".parquet");
        Files.write(f, copy);
        try {
          readAll(f);
        } catch (AssertionError e) {
          throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"v1", "v2"})
  void pageHeadersLyingAboutSizes(String version) throws IOException {
    Path src = source(version);
    byte[] bytes = Files.readAllBytes(src);
    List<PageAt> pages = firstPages(src, bytes);
    List<Consumer<PageHeader>> lies = new ArrayList<>();
    lies.add(h -> h.setUncompressed_page_size(h.getUncompressed_page_size() + 13));
    lies.add(h -> h.setUncompressed_page_size(Math.max(0, h.getUncompressed_page_size() - 13)));
    lies.add(h -> h.setUncompressed_page_size(Integer.MAX_VALUE));
    lies.add(h -> h.setCompressed_page_size(h.getCompressed_page_size() + 9));
    lies.add(h -> h.setCompressed_page_size(Math.max(0, h.getCompressed_page_size() - 9)));
    lies.add(h -> {
      if (h.isSetData_page_header()) {
        h.getData_page_header().setNum_values(h.getData_page_header().getNum_values() + 50);
      } else if (h.isSetData_page_header_v2()) {
        h.getData_page_header_v2().setNum_values(h.getData_page_header_v2().getNum_values() + 50);
      } else if (h.isSetDictionary_page_header()) {
        h.getDictionary_page_header().setNum_values(h.getDictionary_page_header().getNum_values() + 50);
      }
    });
    lies.add(h -> {
      if (h.isSetData_page_header()) {
        h.getData_page_header().setNum_values(Math.max(0, h.getData_page_header().getNum_values() - 5));
      } else if (h.isSetData_page_header_v2()) {
        h.getData_page_header_v2().setNum_values(Math.max(0, h.getData_page_header_v2().getNum_values() - 5));
      } else if (h.isSetDictionary_page_header()) {
        h.getDictionary_page_header().setNum_values(Integer.MAX_VALUE);
      }
    });
    lies.add(h -> {
      if (h.isSetData_page_header_v2()) {
        h.getData_page_header_v2().setDefinition_levels_byte_length(h.getData_page_header_v2().getDefinition_levels_byte_length() + 3);
      }
    });
    int applied = 0;
    for (int li = 0; li < lies.size(); li++) {
      for (int pi = 0; pi < pages.size(); pi += 2) {
        PageAt p = pages.get(pi);
        PageHeader h = p.header.deepCopy();
        lies.get(li).accept(h);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Util.writePageHeader(h, out);
        byte[] header = out.toByteArray();
        if (header.length != p.headerLength || h.equals(p.header)) {
          continue; // only lies that keep every other offset in the file valid
        }
        byte[] copy = bytes.clone();
        System.arraycopy(header, 0, copy, (int) p.offset, header.length);
        Path f = dir.resolve("lying-" + version + "-" + li + "-" + pi + ".parquet");
        Files.write(f, copy);
        readAll(f);
        applied++;
      }
    }
    assertTrue(applied >= 20, "only " + applied + " lying headers could be spliced in");
  }
}
