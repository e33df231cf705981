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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.column.CodecExpansion;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Hand-built column chunks (page headers written with parquet-format's own writer, bodies compressed
 * with each codec's library): pages come out as written, under every codec this package decodes;
 * every lying or corrupt header field, a wrong CRC and a bit flip in a CRC'd page's values are a
 * {@link PageReadException} naming the column, the row group and the page; a lying uncompressed
 * size allocates nothing by it.
 */
class ChunkPageReaderTest {
  static final long SEED = 20261126L;
  static final String COLUMN = "c";

  /** Codecs this package decodes itself. */
  enum Codec {
    UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW;

    CompressionCodecName codec() {
      return CompressionCodecName.valueOf(name());
    }
  }

  static byte[] compress(CompressionCodecName codec, byte[] plain) throws IOException {
    switch (codec) {
      case UNCOMPRESSED:
        return plain;
      case SNAPPY:
        return org.xerial.snappy.Snappy.compress(plain);
      case GZIP: {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
          gz.write(plain);
        }
        return out.toByteArray();
      }
      case ZSTD:
        return com.github.luben.zstd.Zstd.compress(plain);
      case LZ4_RAW: {
        io.airlift.compress.lz4.Lz4Compressor c = new io.airlift.compress.lz4.Lz4Compressor();
        byte[] out = new byte[c.maxCompressedLength(plain.length)];
        int n = c.compress(plain, 0, plain.length, out, 0, out.length);
        return Arrays.copyOf(out, n);
      }
      default:
        throw new IllegalArgumentException(codec.toString());
    }
  }

  static byte[] values(Random random, int n) {
    byte[] b = new byte[4 * n];
    for (int i = 0; i < n; i++) {
      int v = random.nextInt(100); // compressible
      b[4 * i] = (byte) v;
    }
    return b;
  }

  static int crc(byte[] b) {
    CRC32 c = new CRC32();
    c.update(b);
    return (int) c.getValue();
  }

  /** A chunk being built: page headers and bodies one after another. */
  static final class Chunk {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final CompressionCodecName codec;
    long values;

    Chunk(CompressionCodecName codec) {
      this.codec = codec;
    }

    Chunk dictionary(byte[] plain, int entries, boolean withCrc) throws IOException {
      byte[] stored = compress(codec, plain);
      PageHeader h = new PageHeader(PageType.DICTIONARY_PAGE, plain.length, stored.length);
      h.setDictionary_page_header(new DictionaryPageHeader(entries, Encoding.PLAIN));
      if (withCrc) {
        h.setCrc(crc(stored));
      }
      return page(h, stored);
    }

    Chunk v1(byte[] plain, int n, boolean withCrc) throws IOException {
      byte[] stored = compress(codec, plain);
      PageHeader h = new PageHeader(PageType.DATA_PAGE, plain.length, stored.length);
      h.setData_page_header(new DataPageHeader(n, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
      if (withCrc) {
        h.setCrc(crc(stored));
      }
      values += n;
      return page(h, stored);
    }

    Chunk v2(byte[] levels, byte[] plain, int n, boolean withCrc) throws IOException {
      byte[] data = compress(codec, plain);
      byte[] stored = new byte[levels.length + data.length];
      System.arraycopy(levels, 0, stored, 0, levels.length);
      System.arraycopy(data, 0, stored, levels.length, data.length);
      PageHeader h = new PageHeader(PageType.DATA_PAGE_V2, levels.length + plain.length, stored.length);
      h.setData_page_header_v2(new DataPageHeaderV2(n, 0, n, Encoding.PLAIN, levels.length, 0));
      if (withCrc) {
        h.setCrc(crc(stored));
      }
      values += n;
      return page(h, stored);
    }

    Chunk page(PageHeader h, byte[] body) throws IOException {
      Util.writePageHeader(h, out);
      out.write(body);
      return this;
    }

    byte[] bytes() {
      return out.toByteArray();
    }

    ChunkPageReader reader(boolean verify) {
      byte[] b = bytes();
      return ChunkPageReader.of(COLUMN, 3, b, 0, b.length, values, codec, CodecExpansion.maxUncompressedPageBytes(codec, b.length), verify);
    }
  }

  @ParameterizedTest
  @EnumSource(Codec.class)
  void pagesComeOutAsWritten(Codec codec) throws IOException {
    Random random = new Random(SEED);
    System.out.println("seed " + SEED);
    byte[] dict = values(random, 50);
    byte[] p0 = values(random, 1000);
    byte[] p1 = values(random, 7);
    byte[] p2 = values(random, 300);
    byte[] levels = {2, 0, 0, 0, 9, 9};
    Chunk chunk = new Chunk(codec.codec()).dictionary(dict, 50, true).v1(p0, 1000, true).v1(p1, 7, false).v2(levels, p2, 300, true);
    for (boolean verify : new boolean[] {true, false}) {
      ChunkPageReader r = chunk.reader(verify);
      assertEquals(1307, r.getTotalValueCount());
      DictionaryPage d = r.readDictionaryPage();
      assertEquals(50, d.getDictionarySize());
      assertArrayEquals(dict, d.getBytes().toByteArray());
      DataPage a = r.readPage();
      assertEquals(1000, a.getValueCount());
      assertArrayEquals(p0, ((DataPageV1) a).getBytes().toByteArray());
      DataPage b = r.readPage();
      assertArrayEquals(p1, ((DataPageV1) b).getBytes().toByteArray());
      DataPageV2 c = (DataPageV2) r.readPage();
      assertEquals(300, c.getValueCount());
      assertArrayEquals(levels, c.getDefinitionLevels().toByteArray());
      assertEquals(0, c.getRepetitionLevels().size());
      assertArrayEquals(p2, c.getData().toByteArray());
      assertNull(r.readPage(), "the chunk has no more pages");
    }
  }

  @Test
  void aChunkWithoutDictionaryStartsWithItsFirstDataPage() throws IOException {
    byte[] p0 = values(new Random(SEED), 10);
    ChunkPageReader r = new Chunk(CompressionCodecName.SNAPPY).v1(p0, 10, true).reader(true);
    assertNull(r.readDictionaryPage());
    assertArrayEquals(p0, ((DataPageV1) r.readPage()).getBytes().toByteArray());
  }

  @ParameterizedTest
  @EnumSource(Codec.class)
  void aFlippedBitInACheckedPageIsCaught(Codec codec) throws IOException {
    byte[] p0 = values(new Random(SEED), 100);
    byte[] bytes = new Chunk(codec.codec()).v1(p0, 100, true).bytes();
    bytes[bytes.length - 3] ^= 0x10; // inside the page body (the values, or their compressed form)
    PageReadException e = assertThrows(PageReadException.class,
        () -> ChunkPageReader.of(COLUMN, 3, bytes, 0, bytes.length, 100, codec.codec(), Long.MAX_VALUE, true).readPage());
    assertLocated(e, 0);
    assertTrue(e.problem().contains("CRC32"), e.getMessage());
    if (codec == Codec.UNCOMPRESSED) {
      // Without verification the flipped value goes through unnoticed: what the CRC is for.
      DataPage page = ChunkPageReader.of(COLUMN, 3, bytes, 0, bytes.length, 100, codec.codec(), Long.MAX_VALUE, false).readPage();
      assertEquals(100, page.getValueCount());
    }
  }

  @Test
  void aWrongCrcInTheDictionaryPageIsCaught() throws IOException {
    Chunk chunk = new Chunk(CompressionCodecName.UNCOMPRESSED);
    PageHeader h = new PageHeader(PageType.DICTIONARY_PAGE, 8, 8);
    h.setDictionary_page_header(new DictionaryPageHeader(2, Encoding.PLAIN));
    h.setCrc(12345);
    chunk.page(h, new byte[8]);
    PageReadException e = assertThrows(PageReadException.class, () -> chunk.reader(true).readDictionaryPage());
    assertLocated(e, PageReadException.DICTIONARY_PAGE);
    chunk.reader(false).readDictionaryPage();
  }

  @Test
  void aTruncatedHeaderIsRejected() throws IOException {
    byte[] whole = new Chunk(CompressionCodecName.SNAPPY).v1(values(new Random(SEED), 10), 10, true).bytes();
    for (int cut = 1; cut < 12; cut++) {
      byte[] bytes = Arrays.copyOf(whole, cut);
      PageReadException e = assertThrows(PageReadException.class,
          () -> ChunkPageReader.of(COLUMN, 3, bytes, 0, bytes.length, 10, CompressionCodecName.SNAPPY, Long.MAX_VALUE, true).readPage());
      assertLocated(e, PageReadException.DICTIONARY_PAGE);
      assertTrue(e.problem().contains("page header"), e.getMessage());
    }
  }

  @Test
  void aTruncatedBodyIsRejected() throws IOException {
    byte[] whole = new Chunk(CompressionCodecName.UNCOMPRESSED).v1(values(new Random(SEED), 10), 10, true).bytes();
    byte[] bytes = Arrays.copyOf(whole, whole.length - 1);
    PageReadException e = assertThrows(PageReadException.class,
        () -> ChunkPageReader.of(COLUMN, 3, bytes, 0, bytes.length, 10, CompressionCodecName.UNCOMPRESSED, Long.MAX_VALUE, true).readPage());
    assertLocated(e, 0);
    assertTrue(e.problem().contains("compressed_page_size"), e.getMessage());
  }

  @Test
  void negativeSizesAndCountsAreRejected() throws IOException {
    byte[] body = new byte[8];
    PageHeader[] lies = new PageHeader[6];
    lies[0] = new PageHeader(PageType.DATA_PAGE, 8, -8);
    lies[0].setData_page_header(new DataPageHeader(2, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    lies[1] = new PageHeader(PageType.DATA_PAGE, -1, 8);
    lies[1].setData_page_header(new DataPageHeader(2, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    lies[2] = new PageHeader(PageType.DATA_PAGE, 8, 8);
    lies[2].setData_page_header(new DataPageHeader(-2, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    lies[3] = new PageHeader(PageType.DATA_PAGE_V2, 8, 8);
    lies[3].setData_page_header_v2(new DataPageHeaderV2(2, 0, 2, Encoding.PLAIN, -4, 0));
    lies[4] = new PageHeader(PageType.DATA_PAGE_V2, 8, 8);
    lies[4].setData_page_header_v2(new DataPageHeaderV2(2, 0, 2, Encoding.PLAIN, 4, 5)); // levels longer than the page
    lies[5] = new PageHeader(PageType.DATA_PAGE_V2, 8, 8);
    lies[5].setData_page_header_v2(new DataPageHeaderV2(2, -1, 2, Encoding.PLAIN, 0, 0));
    for (PageHeader h : lies) {
      Chunk chunk = new Chunk(CompressionCodecName.UNCOMPRESSED).page(h, body);
      chunk.values = 2;
      PageReadException e = assertThrows(PageReadException.class, () -> chunk.reader(true).readPage(), h.toString());
      // parquet-format's parser rejects some lies itself, before the page's type is known: the
      // chunk's first header is then reported as the dictionary page's place.
      assertLocated(e, e.problem().startsWith("cannot parse the page header") ? PageReadException.DICTIONARY_PAGE : 0);
    }
  }

  @Test
  void aHeaderWithoutItsTypeSpecificPartIsRejected() throws IOException {
    Chunk chunk = new Chunk(CompressionCodecName.UNCOMPRESSED).page(new PageHeader(PageType.DATA_PAGE, 8, 8), new byte[8]);
    chunk.values = 2;
    PageReadException e = assertThrows(PageReadException.class, () -> chunk.reader(true).readPage());
    assertLocated(e, 0);
  }

  @ParameterizedTest
  @EnumSource(value = Codec.class, names = {"SNAPPY", "GZIP", "ZSTD", "LZ4_RAW"})
  void aLyingUncompressedSizeAllocatesNothingByIt(Codec codec) throws IOException {
    byte[] plain = values(new Random(SEED), 1000);
    byte[] stored = compress(codec.codec(), plain);
    // Over the chunk's bound: rejected from the header alone.
    PageHeader huge = new PageHeader(PageType.DATA_PAGE, Integer.MAX_VALUE - 1, stored.length);
    huge.setData_page_header(new DataPageHeader(1000, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    Chunk chunk = new Chunk(codec.codec()).page(huge, stored);
    chunk.values = 1000;
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    PageReadException e = assertThrows(PageReadException.class, () -> chunk.reader(true).readPage());
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    assertLocated(e, 0);
    assertTrue(e.problem().contains("uncompressed_page_size"), e.getMessage());
    assertTrue(allocated < 4 << 20, allocated + " bytes allocated for a rejected page");
    // Within the bound but not what the bytes inflate to: the codec's stream says otherwise.
    for (int lie : new int[] {plain.length - 1, plain.length + 1, plain.length * 3}) {
      PageHeader h = new PageHeader(PageType.DATA_PAGE, lie, stored.length);
      h.setData_page_header(new DataPageHeader(1000, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
      Chunk c = new Chunk(codec.codec()).page(h, stored);
      c.values = 1000;
      PageReadException wrong = assertThrows(PageReadException.class, () -> c.reader(true).readPage(), "claimed " + lie);
      assertLocated(wrong, 0);
      assertTrue(wrong.problem().startsWith(codec.name() + " page"), wrong.getMessage());
    }
  }

  @ParameterizedTest
  @EnumSource(value = Codec.class, names = {"SNAPPY", "GZIP", "ZSTD", "LZ4_RAW"})
  void garbledCompressedBytesAreRejected(Codec codec) throws IOException {
    byte[] plain = values(new Random(SEED), 1000);
    byte[] stored = compress(codec.codec(), plain);
    Random random = new Random(SEED + 1);
    for (int trial = 0; trial < 200; trial++) {
      byte[] garbled = stored.clone();
      garbled[random.nextInt(garbled.length)] ^= (byte) (1 + random.nextInt(255));
      PageHeader h = new PageHeader(PageType.DATA_PAGE, plain.length, garbled.length);
      h.setData_page_header(new DataPageHeader(1000, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
      Chunk c = new Chunk(codec.codec()).page(h, garbled);
      c.values = 1000;
      try {
        DataPage p = c.reader(false).readPage();
        assertEquals(plain.length, ((DataPageV1) p).getBytes().toByteArray().length);
      } catch (PageReadException e) {
        assertLocated(e, 0);
      }
    }
  }

  @Test
  void aSecondDictionaryPageIsRejected() throws IOException {
    Chunk chunk = new Chunk(CompressionCodecName.UNCOMPRESSED).dictionary(new byte[8], 2, true).dictionary(new byte[8], 2, true);
    chunk.values = 1;
    ChunkPageReader r = chunk.reader(true);
    r.readDictionaryPage();
    assertLocated(assertThrows(PageReadException.class, r::readPage), 0);
  }

  static void assertLocated(PageReadException e, int page) {
    assertEquals(COLUMN, e.column(), e.getMessage());
    assertEquals(3, e.rowGroup(), e.getMessage());
    assertEquals(page, e.page(), e.getMessage());
    assertTrue(e.getMessage().startsWith("column c, row group 3, "), e.getMessage());
  }
}
