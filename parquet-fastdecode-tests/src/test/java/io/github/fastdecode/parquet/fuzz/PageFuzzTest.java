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
package io.github.fastdecode.parquet.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.file.ChunkPages;
import io.github.fastdecode.parquet.file.PageReadException;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Page headers and decompression of this library's chunk reading ({@code file.ChunkPageReader}, through {@link ChunkPages}): the
 * input picks a codec (UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW), whether CRCs are verified and
 * the chunk's value count; the rest is the chunk, whose page headers are parsed by parquet-format
 * and whose pages are decompressed by the codec's library. The dictionary page and up to {@link
 * #MAX_PAGES} data pages are read and each section's bytes taken.
 *
 * <p>Property ({@link FuzzCheck}): reading succeeds or throws a {@link PageReadException} naming the
 * column, row group and page, whose root cause is a {@code ParquetDecodingException}, an {@code
 * IOException}, or thrown by parquet-format's header parser or a codec library (snappy-java,
 * zstd-jni, aircompressor). A page may claim at most {@code 64 x input + 4 KiB} uncompressed bytes
 * (the bound the caller gives, standing for {@code CodecExpansion}'s): claims above it must be
 * rejected before anything is allocated. No allocation bound is checked, as in {@link
 * ParquetFileFuzzTest}: parquet-format's thrift parser allocates binaries and lists by the sizes a
 * header declares, which only parquet-java can bound.
 */
class PageFuzzTest {
  static final int MAX_PAGES = 64;
  static final String WHAT = "chunk pages";
  static final CompressionCodecName[] CODECS = {CompressionCodecName.UNCOMPRESSED, CompressionCodecName.SNAPPY,
      CompressionCodecName.GZIP, CompressionCodecName.ZSTD, CompressionCodecName.LZ4_RAW};
  static final String[] LIBRARIES = {"org.apache.parquet.format.", "shaded.parquet.", "org.xerial.snappy.",
      "io.airlift.compress.", "com.github.luben.zstd."};

  @FuzzTest
  void pages(FuzzedDataProvider data) {
    CompressionCodecName codec = CODECS[data.consumeInt(0, CODECS.length - 1)];
    boolean verify = data.consumeBoolean();
    long valueCount = data.consumeLong(0, 1L << 20);
    byte[] chunk = data.consumeRemainingAsBytes();
    long bound = 64L * chunk.length + 4096;
    FuzzCheck.check(WHAT, PageFuzzTest::accepted, FuzzCheck.UNBOUNDED, chunk.length, () -> read(chunk, codec, valueCount, bound, verify));
  }

  static void accepted(Exception e) {
    if (!(e instanceof PageReadException)) {
      throw new AssertionError(WHAT + ": expected success or PageReadException, got " + e, e);
    }
    if (!e.getMessage().startsWith("column c, row group 0, ")) {
      throw new AssertionError(WHAT + ": the message does not name the column, row group and page: " + e.getMessage(), e);
    }
    FuzzCheck.checkCauses(WHAT, e, LIBRARIES);
  }

  static void read(byte[] chunk, CompressionCodecName codec, long valueCount, long bound, boolean verify) {
    PageReader r = ChunkPages.of("c", 0, chunk, 0, chunk.length, valueCount, codec, bound, verify);
    DictionaryPage d = r.readDictionaryPage();
    if (d != null) {
      FuzzCheck.produced(take(d.getBytes()));
    }
    for (int i = 0; i < MAX_PAGES; i++) {
      DataPage p = r.readPage();
      if (p == null) {
        return;
      }
      if (p instanceof DataPageV1) {
        FuzzCheck.produced(take(((DataPageV1) p).getBytes()));
      } else {
        DataPageV2 v2 = (DataPageV2) p;
        FuzzCheck.produced(take(v2.getRepetitionLevels()) + take(v2.getDefinitionLevels()) + take(v2.getData()));
      }
    }
  }

  private static long take(org.apache.parquet.bytes.BytesInput bytes) {
    try {
      return bytes.toByteArray().length;
    } catch (java.io.IOException e) {
      throw new AssertionError("a page's bytes in memory could not be read", e);
    }
  }
}
