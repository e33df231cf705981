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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DeclaredSizeCodecFactory}: pages whose SNAPPY preamble or Hadoop-LZ4 block and chunk
 * lengths declare more than the page holds are rejected before parquet-hadoop's decompressors
 * allocate by them, quickly and with little allocation; valid pages inflate as parquet-hadoop
 * inflates them, through both of its decompress methods.
 */
class DeclaredSizeCodecFactoryTest {
  /** Bytes the reading thread may allocate to reject one page of a few KB. */
  static final long ALLOCATION_LIMIT = 1L << 20;

  static final long SEED = 20261122L;

  static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message generated { required int64 r_i64; required binary r_str (STRING); optional double o_d; }");

  @TempDir
  Path dir;

  private CodecFactory parquetJava;
  private DeclaredSizeCodecFactory checking;

  @BeforeEach
  void factories() {
    parquetJava = new CodecFactory(new Configuration(), 1 << 20);
    checking = new DeclaredSizeCodecFactory(parquetJava);
  }

  @AfterEach
  void release() {
    checking.release();
  }

  @Test
  void uncheckedCodecsGetTheWrappedDecompressorItself() {
    for (CompressionCodecName codec : List.of(CompressionCodecName.UNCOMPRESSED, CompressionCodecName.GZIP,
        CompressionCodecName.ZSTD, CompressionCodecName.LZ4_RAW)) {
      assertSame(parquetJava.getDecompressor(codec), checking.getDecompressor(codec), codec.toString());
    }
  }

  /** The reader's options keep the caller's settings, including those the builder's copy leaves out. */
  @Test
  void theReadersOptionsKeepTheCallersSettings() {
    for (boolean flag : new boolean[] {false, true}) {
      Configuration conf = new Configuration();
      conf.set("fastdecode.test.key", "kept");
      ParquetReadOptions given = HadoopReadOptions.builder(conf).useColumnIndexFilter(flag).useBloomFilter(flag)
          .useOffHeapDecryptBuffer(!flag).useStatsFilter(flag).withMaxAllocationInBytes(12345).withCodecFactory(parquetJava)
          .set("fastdecode.test.property", "kept").build();
      ParquetReadOptions used = ParquetBatchReader.checkingDecompressors(given);
      assertTrue(used instanceof HadoopReadOptions, used.getClass().getName());
      assertSame(conf, ((HadoopReadOptions) used).getConf());
      assertSame(parquetJava, ((DeclaredSizeCodecFactory) used.getCodecFactory()).delegate());
      assertEquals(flag, used.useColumnIndexFilter());
      assertEquals(flag, used.useBloomFilter());
      assertEquals(!flag, used.useOffHeapDecryptBuffer());
      assertEquals(flag, used.useStatsFilter());
      assertEquals(12345, used.getMaxAllocationSize());
      assertEquals("kept", used.getProperty("fastdecode.test.property"));
      assertSame(used, ParquetBatchReader.checkingDecompressors(used), "wrapped once");
      ParquetReadOptions plain = ParquetReadOptions.builder().useColumnIndexFilter(flag).withCodecFactory(parquetJava).build();
      assertEquals(flag, ParquetBatchReader.checkingDecompressors(plain).useColumnIndexFilter());
    }
  }

  /**
   * Sizes from empty to 3 MiB: the larger ones make Hadoop's LZ4 write several chunks per block
   * (its buffer is 256 KiB), whose ends the walk must find. Half-redundant data, seed {@link #SEED}.
   */
  static Stream<Arguments> validPages() {
    List<Arguments> cases = new ArrayList<>();
    for (CompressionCodecName codec : List.of(CompressionCodecName.SNAPPY, CompressionCodecName.LZ4)) {
      for (int size : new int[] {0, 1, 100, 70_000, 1 << 20, 3 << 20}) {
        cases.add(Arguments.of(codec, size));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} bytes")
  @MethodSource("validPages")
  void validPagesInflateAsParquetJavaInflatesThem(CompressionCodecName codec, int size) throws IOException {
    System.out.println("seed " + SEED);
    byte[] raw = new byte[size];
    Random random = new Random(SEED + size);
    for (int i = 0; i < size; i++) {
      raw[i] = (byte) (i % 7 == 0 ? random.nextInt() : i / 1024);
    }
    byte[] compressed = parquetJava.getCompressor(codec).compress(BytesInput.from(raw)).toByteArray();
    BytesInputDecompressor d = checking.getDecompressor(codec);

    assertArrayEquals(raw, d.decompress(BytesInput.from(compressed), size).toByteArray());
    // A page split across two buffers, as parquet-hadoop slices pages from its read buffers.
    int half = compressed.length / 2;
    BytesInput split = BytesInput.from(List.of(ByteBuffer.wrap(compressed, 0, half).slice(),
        ByteBuffer.wrap(compressed, half, compressed.length - half).slice()));
    assertArrayEquals(raw, d.decompress(split, size).toByteArray());

    ByteBuffer in = ByteBuffer.allocateDirect(compressed.length);
    in.put(compressed).flip();
    ByteBuffer out = ByteBuffer.allocateDirect(size);
    d.decompress(in, compressed.length, out, size);
    out.flip();
    byte[] got = new byte[out.remaining()];
    out.get(got);
    assertArrayEquals(raw, got);
  }

  @Test
  void aSnappyPreambleOfTwoGigabytesIsRejected() throws IOException {
    byte[] page = compressed(CompressionCodecName.SNAPPY, 4000);
    int n = varintLength(page);
    byte[] lying = new byte[page.length - n + 5];
    writeVarint(lying, Integer.MAX_VALUE - 7);
    System.arraycopy(page, n, lying, 5, page.length - n);
    ParquetDecodingException e = rejected(CompressionCodecName.SNAPPY, lying, 4000);
    assertTrue(e.getMessage().contains("SNAPPY") && e.getMessage().contains(String.valueOf(Integer.MAX_VALUE - 7))
        && e.getMessage().contains("4000"), e.getMessage());
  }

  @Test
  void aSnappyPreambleBelowThePageIsRejected() throws IOException {
    byte[] page = compressed(CompressionCodecName.SNAPPY, 4000);
    ParquetDecodingException e = rejected(CompressionCodecName.SNAPPY, page, 4001);
    assertTrue(e.getMessage().contains("declares 4000"), e.getMessage());
  }

  @Test
  void anLz4ChunkOfTwoGigabytesIsRejected() throws IOException {
    byte[] page = compressed(CompressionCodecName.LZ4, 4000);
    putInt(page, 4, Integer.MAX_VALUE - 7);
    ParquetDecodingException e = rejected(CompressionCodecName.LZ4, page, 4000);
    assertTrue(e.getMessage().contains("LZ4") && e.getMessage().contains(String.valueOf(Integer.MAX_VALUE - 7)), e.getMessage());
  }

  @Test
  void anLz4ChunkInALaterBlockIsRejected() throws IOException {
    // Two pages' streams one after the other: the second block's chunk lies.
    byte[] a = compressed(CompressionCodecName.LZ4, 3000);
    byte[] b = compressed(CompressionCodecName.LZ4, 1000);
    byte[] page = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, page, a.length, b.length);
    assertArrayEquals(Arrays.copyOf(raw(3000), 3000),
        Arrays.copyOf(checking.getDecompressor(CompressionCodecName.LZ4).decompress(BytesInput.from(page), 4000).toByteArray(), 3000));
    putInt(page, a.length + 4, b.length);
    ParquetDecodingException e = rejected(CompressionCodecName.LZ4, page, 4000);
    assertTrue(e.getMessage().contains("chunk declares " + b.length), e.getMessage());
  }

  /** A 1 MiB page is one block of several chunks (Hadoop's buffer is 256 KiB): a later chunk's lie is found too. */
  @Test
  void anLz4ChunkLaterInABlockIsRejected() throws IOException {
    int size = 1 << 20;
    byte[] page = compressed(CompressionCodecName.LZ4, size);
    ByteBuffer b = ByteBuffer.wrap(page);
    assertEquals(size, b.getInt(), "one block for the page");
    int at = -1;
    for (int chunk = 0; chunk < 3; chunk++) {
      at = b.position();
      b.position(at + 4 + b.getInt(at));
    }
    assertTrue(at > 8 && at + 4 < page.length, "a third chunk at " + at + " of " + page.length);
    putInt(page, at, Integer.MAX_VALUE - 7);
    ParquetDecodingException e = rejected(CompressionCodecName.LZ4, page, size);
    assertTrue(e.getMessage().contains("chunk declares " + (Integer.MAX_VALUE - 7)), e.getMessage());
  }

  @Test
  void anLz4BlockLargerThanThePageIsRejected() throws IOException {
    byte[] page = compressed(CompressionCodecName.LZ4, 4000);
    putInt(page, 0, Integer.MAX_VALUE - 7);
    ParquetDecodingException e = rejected(CompressionCodecName.LZ4, page, 4000);
    assertTrue(e.getMessage().contains("block declares " + (Integer.MAX_VALUE - 7)), e.getMessage());
  }

  static Stream<Arguments> filePages() {
    List<Arguments> cases = new ArrayList<>();
    for (CompressionCodecName codec : List.of(CompressionCodecName.SNAPPY, CompressionCodecName.LZ4)) {
      for (WriterVersion v : List.of(WriterVersion.PARQUET_1_0, WriterVersion.PARQUET_2_0)) {
        cases.add(Arguments.of(codec, v));
      }
    }
    return cases.stream();
  }

  /**
   * Through the reader: the first data page of a parquet-java file, its stream's declared size
   * changed in place (SNAPPY: the preamble's largest value of the same length; LZ4: the first chunk's
   * length, to about 2 GB), is a {@link ColumnReadException} naming the column, row group and page.
   */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("filePages")
  void aFilesLyingPageIsAColumnReadException(CompressionCodecName codec, WriterVersion version) throws IOException {
    Path src = GeneratedFiles.write(dir, new GeneratedFiles.Spec(version, false, false, codec, false, 10, true, 600, SEED), SCHEMA);
    byte[] bytes = Files.readAllBytes(src);
    int body = firstPageBody(bytes);
    if (codec == CompressionCodecName.SNAPPY) {
      int n = varintLength(Arrays.copyOfRange(bytes, body, body + 5));
      for (int i = 0; i < n - 1; i++) {
        bytes[body + i] = (byte) 0xFF;
      }
      bytes[body + n - 1] = 0x7F;
    } else {
      putInt(bytes, body + 4, Integer.MAX_VALUE - 7);
    }
    Path f = dir.resolve("lying-" + codec + "-" + version + ".parquet");
    Files.write(f, bytes);
    long[] allocated = new long[1];
    ColumnReadException e = measured(allocated, () -> {
      // The page's CRC would catch the changed bytes first; off, the codec's own check is what rejects them.
      try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f), null, ParquetReadOptions.builder().build(),
          io.github.fastdecode.parquet.file.PageSettings.defaults().withChecksumVerification(false))) {
        ColumnBatch[] batches = reader.newBatches(100, ColumnBatch.Layout.DENSE);
        return assertThrows(ColumnReadException.class, () -> {
          while (reader.nextBatch(batches) > 0) {
            // the lie is in row group 0's first page
          }
        });
      }
    });
    assertEquals("r_i64", e.column(), e.getMessage());
    assertEquals(0, e.rowGroup(), e.getMessage());
    assertEquals(0, e.page(), e.getMessage());
    assertTrue(e.getMessage().contains(codec + " page"), e.getMessage());
    assertTrue(allocated[0] < 16L << 20, allocated[0] + " bytes allocated");
  }

  /** Rejects {@code page} through both decompress methods, checking time and allocation. */
  private ParquetDecodingException rejected(CompressionCodecName codec, byte[] page, int size) throws IOException {
    BytesInputDecompressor d = checking.getDecompressor(codec);
    long[] allocated = new long[1];
    ParquetDecodingException e = measured(allocated,
        () -> assertThrows(ParquetDecodingException.class, () -> d.decompress(BytesInput.from(page), size).toByteArray()));
    assertTrue(allocated[0] < ALLOCATION_LIMIT, allocated[0] + " bytes allocated to reject the page");
    ByteBuffer in = ByteBuffer.allocateDirect(page.length);
    in.put(page).flip();
    ByteBuffer out = ByteBuffer.allocateDirect(size);
    ParquetDecodingException direct = assertThrows(ParquetDecodingException.class, () -> d.decompress(in, page.length, out, size));
    assertEquals(e.getMessage(), direct.getMessage());
    return e;
  }

  interface Action<T> {
    T run() throws IOException;
  }

  private static <T> T measured(long[] allocated, Action<T> action) throws IOException {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    long start = System.nanoTime();
    T result = action.run();
    long millis = (System.nanoTime() - start) / 1_000_000;
    allocated[0] = threads.getThreadAllocatedBytes(thread) - before;
    assertTrue(millis < 2_000, millis + " ms to reject the page");
    return result;
  }

  private static byte[] raw(int size) {
    byte[] raw = new byte[size];
    Random random = new Random(SEED);
    for (int i = 0; i < size; i++) {
      raw[i] = (byte) (i % 3 == 0 ? random.nextInt() : i / 64);
    }
    return raw;
  }

  private byte[] compressed(CompressionCodecName codec, int size) throws IOException {
    byte[] page = parquetJava.getCompressor(codec).compress(BytesInput.from(raw(size))).toByteArray();
    // The valid page passes the check.
    assertArrayEquals(raw(size), checking.getDecompressor(codec).decompress(BytesInput.from(page), size).toByteArray());
    return page;
  }

  private static int varintLength(byte[] b) {
    int n = 1;
    while ((b[n - 1] & 0x80) != 0) {
      n++;
    }
    return n;
  }

  private static void writeVarint(byte[] b, int v) {
    for (int i = 0; i < 4; i++) {
      b[i] = (byte) (v & 0x7F | 0x80);
      v >>>= 7;
    }
    b[4] = (byte) v;
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  /** Where the body of column 0's first data page starts in {@code bytes} (its levels, if any, are empty). */
  private static int firstPageBody(byte[] bytes) throws IOException {
    int n = bytes.length;
    int length = (bytes[n - 8] & 0xFF) | (bytes[n - 7] & 0xFF) << 8 | (bytes[n - 6] & 0xFF) << 16 | (bytes[n - 5] & 0xFF) << 24;
    FileMetaData meta = Util.readFileMetaData(new ByteArrayInputStream(bytes, n - 8 - length, length));
    ColumnMetaData md = meta.getRow_groups().get(0).getColumns().get(0).getMeta_data();
    assertTrue(!md.isSetDictionary_page_offset() || md.getDictionary_page_offset() >= md.getData_page_offset());
    int at = (int) md.getData_page_offset();
    ByteArrayInputStream in = new ByteArrayInputStream(bytes, at, n - at);
    PageHeader h = Util.readPageHeader(in);
    assertNotEquals(0, h.getCompressed_page_size());
    return n - in.available();
  }
}
