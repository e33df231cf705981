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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A page whose header claims an uncompressed size its chunk's stored bytes cannot inflate to under
 * the chunk's codec ({@link CodecExpansion}) is a {@link ColumnReadException} before parquet-hadoop
 * allocates an array of that size; pages of highly redundant data at the codecs' real ratios still
 * read.
 */
class PageSizeClaimTest {
  /** Bytes the reading thread may allocate from opening a small file to the rejected page. */
  static final long ALLOCATION_LIMIT = 16L << 20;

  static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message generated { required int64 r_i64; required binary r_str (STRING); optional double o_d; }");

  static final List<CompressionCodecName> CODECS = List.of(CompressionCodecName.GZIP, CompressionCodecName.SNAPPY,
      CompressionCodecName.ZSTD, CompressionCodecName.LZ4_RAW, CompressionCodecName.LZ4);

  @TempDir
  Path dir;

  /**
   * Which page of row group 0 gets the lie: the first chunk's dictionary or first data page (a
   * chunk ColumnChunkReader checks, or for ZSTD/LZ4_RAW, which parquet-hadoop inflates while handing
   * pages out, the row-group check), or the last chunk's first data page (walked by the row-group
   * check whatever the codec).
   */
  enum Target {
    FIRST_CHUNK_DICTIONARY(0, true),
    FIRST_CHUNK_DATA(0, false),
    LAST_CHUNK_DATA(2, false);

    final int column;
    final boolean dictionary;

    Target(int column, boolean dictionary) {
      this.column = column;
      this.dictionary = dictionary;
    }
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (CompressionCodecName codec : CODECS) {
      for (String version : new String[] {"v1", "v2"}) {
        for (Target t : Target.values()) {
          cases.add(Arguments.of(codec, version, t));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("cases")
  void aClaimBeyondTheCodecsExpansionIsRejectedBeforeItIsAllocated(CompressionCodecName codec, String version, Target target)
      throws IOException {
    Path f = withClaim(codec, version, target, Integer.MAX_VALUE);
    String column = SCHEMA.getColumns().get(target.column).getPath()[0];
    long limit = limitOf(f, column);
    assertTrue(limit < Integer.MAX_VALUE, "the bound is below the claim: " + limit);

    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    long start = System.nanoTime();
    ColumnReadException e;
    boolean ownPages;
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f))) {
      ownPages = reader.readsOwnPages();
      ColumnBatch[] batches = reader.newBatches(100, ColumnBatch.Layout.DENSE);
      e = assertThrows(ColumnReadException.class, () -> {
        while (reader.nextBatch(batches) > 0) {
          // the lie is in row group 0
        }
      });
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    long allocated = threads.getThreadAllocatedBytes(thread) - before;
    assertEquals(column, e.column(), e.getMessage());
    assertEquals(0, e.rowGroup(), e.getMessage());
    assertEquals(target.dictionary ? ColumnReadException.DICTIONARY_PAGE : 0, e.page(), e.getMessage());
    // Which check caught it: the row-group check for pages parquet-hadoop inflates while handing them
    // out and for the last chunk, which it walks anyway; for SNAPPY's other pages the codec factory's
    // preamble check, which runs while parquet-hadoop hands the page out (before the chunk reader
    // sees the claim) and compares the claim with the length the compressed bytes declare; the
    // chunk reader's for the others. Pages the library reads itself are checked from the header, every codec.
    boolean eager = codec == CompressionCodecName.ZSTD || codec == CompressionCodecName.LZ4_RAW;
    String by = ownPages || eager || target == Target.LAST_CHUNK_DATA ? "claims uncompressed_page_size"
        : codec == CompressionCodecName.SNAPPY ? "SNAPPY page: its preamble declares" : "the page claims an uncompressed size";
    boolean namesBound = !by.startsWith("SNAPPY");
    assertTrue(e.problem().contains(String.valueOf(Integer.MAX_VALUE)) && (!namesBound || e.problem().contains(String.valueOf(limit))),
        "names the claim and the bound " + limit + ": " + e.getMessage());
    assertTrue(e.problem().contains(by), by + ": " + e.getMessage());
    assertTrue(allocated < ALLOCATION_LIMIT, allocated + " bytes allocated to reject the page");
    assertTrue(millis < 2_000, millis + " ms to reject the page");
  }

  /** A claim of exactly the bound passes the check (parquet-hadoop then fails inflating it, as the bytes are too few). */
  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("cases")
  void aClaimAtTheBoundIsNotRejectedByIt(CompressionCodecName codec, String version, Target target) throws IOException {
    String column = SCHEMA.getColumns().get(target.column).getPath()[0];
    // The claim's varint length changes the chunk's size, hence the bound: claim the bound until they agree.
    long limit = limitOf(withClaim(codec, version, target, Integer.MAX_VALUE), column);
    Path f = withClaim(codec, version, target, (int) limit);
    for (int i = 0; i < 4 && limitOf(f, column) != limit; i++) {
      limit = limitOf(f, column);
      f = withClaim(codec, version, target, (int) limit);
    }
    assertEquals(limit, limitOf(f, column), "the page claims its chunk's bound");
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f))) {
      ColumnBatch[] batches = reader.newBatches(100, ColumnBatch.Layout.DENSE);
      while (reader.nextBatch(batches) > 0) {
        // parquet-hadoop has too few bytes to inflate; whatever it says, it is not the bound
      }
    } catch (IOException | RuntimeException e) {
      assertFalse(e.getMessage().contains("can inflate to"), e.getMessage());
    }
  }

  /**
   * Zeros, the most redundant data there is, through each codec parquet-hadoop runs here: 64 MB as
   * one block, and as a whole file of one 16 MB page per chunk read back through the reader.
   */
  @ParameterizedTest
  @MethodSource("codecs")
  void zerosCompressWithinTheBoundAndRead(CompressionCodecName codec) throws IOException {
    byte[] zeros = new byte[64 << 20];
    CodecFactory factory = new CodecFactory(new Configuration(), 1 << 20);
    CodecFactory.BytesCompressor compressor = factory.getCompressor(codec);
    long stored = compressor.compress(BytesInput.from(zeros)).size();
    factory.release();
    double ratio = (double) zeros.length / stored;
    System.out.printf("%s: 64 MiB of zeros -> %d bytes, %.1f:1 (bound %d)%n", codec, stored, ratio, CodecExpansion.maxRatio(codec));
    assertTrue(ratio <= CodecExpansion.maxRatio(codec), codec + " made " + ratio + " bytes per stored byte");

    MessageType schema = MessageTypeParser.parseMessageType("message zeros { required int64 z; }");
    Path f = dir.resolve("zeros-" + codec + ".parquet");
    int rows = 2 << 20;
    try (ParquetWriter<org.apache.parquet.example.data.Group> w = ExampleParquetWriter.builder(new LocalOutputFile(f))
        .withType(schema).withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withCompressionCodec(codec)
        .withDictionaryEncoding(false).withPageSize(64 << 20).withPageRowCountLimit(Integer.MAX_VALUE)
        .withRowGroupSize(256L << 20).build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      for (int i = 0; i < rows; i++) {
        w.write(groups.newGroup().append("z", 0L));
      }
    }
    long read = 0;
    try (ParquetBatchReader reader = ParquetBatchReader.open(new LocalInputFile(f))) {
      ColumnBatch[] batches = reader.newBatches(1 << 16, ColumnBatch.Layout.DENSE);
      int n;
      while ((n = reader.nextBatch(batches)) > 0) {
        for (int i = 0; i < n; i++) {
          assertEquals(0L, batches[0].longs()[i]);
        }
        read += n;
      }
    }
    assertEquals(rows, read);
  }

  static Stream<CompressionCodecName> codecs() {
    return CODECS.stream();
  }

  /** The bound the reader puts on column {@code column}'s pages in row group 0 of {@code f}. */
  private static long limitOf(Path f, String column) throws IOException {
    try (ParquetBatchReader r = ParquetBatchReader.open(new LocalInputFile(f))) {
      return CodecExpansion.maxUncompressedPageBytes(r.fileReader().getRowGroups().get(0), ColumnPath.get(column));
    }
  }

  /**
   * A small parquet-java file whose {@code target} page claims {@code claim} uncompressed bytes: the
   * page header re-encoded and the footer's offsets after it moved by the header's change of length.
   */
  private Path withClaim(CompressionCodecName codec, String version, Target target, int claim) throws IOException {
    WriterVersion v = version.equals("v1") ? WriterVersion.PARQUET_1_0 : WriterVersion.PARQUET_2_0;
    Path src = GeneratedFiles.write(dir, new GeneratedFiles.Spec(v, true, false, codec, false, 10, true, 600, 23), SCHEMA);
    byte[] bytes = Files.readAllBytes(src);
    int footerStart = footerStart(bytes);
    FileMetaData meta = Util.readFileMetaData(new ByteArrayInputStream(bytes, footerStart, bytes.length - 8 - footerStart));
    ColumnChunk chunk = meta.getRow_groups().get(0).getColumns().get(target.column);
    ColumnMetaData md = chunk.getMeta_data();
    long at = md.isSetDictionary_page_offset() && md.getDictionary_page_offset() < md.getData_page_offset()
        ? md.getDictionary_page_offset() : md.getData_page_offset();
    PageHeader h;
    int headerLength;
    while (true) {
      ByteArrayInputStream in = new ByteArrayInputStream(bytes, (int) at, bytes.length - (int) at);
      h = Util.readPageHeader(in);
      headerLength = bytes.length - (int) at - in.available();
      boolean dictionary = h.getType() == PageType.DICTIONARY_PAGE;
      if (dictionary == target.dictionary) {
        break;
      }
      at += headerLength + h.getCompressed_page_size();
    }
    assertEquals(target.dictionary ? PageType.DICTIONARY_PAGE : (v == WriterVersion.PARQUET_1_0 ? PageType.DATA_PAGE : PageType.DATA_PAGE_V2),
        h.getType());
    h.setUncompressed_page_size(claim);
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    Util.writePageHeader(h, header);
    int delta = header.size() - headerLength;

    // Offsets after the header move by delta; the changed chunk and its row group grow by it.
    for (RowGroup g : meta.getRow_groups()) {
      for (ColumnChunk c : g.getColumns()) {
        ColumnMetaData m = c.getMeta_data();
        m.setData_page_offset(moved(m.getData_page_offset(), at, delta));
        if (m.isSetDictionary_page_offset()) {
          m.setDictionary_page_offset(moved(m.getDictionary_page_offset(), at, delta));
        }
        c.setFile_offset(moved(c.getFile_offset(), at, delta));
        // The page indexes list page offsets too; the reader does not need them.
        c.unsetColumn_index_offset();
        c.unsetColumn_index_length();
        c.unsetOffset_index_offset();
        c.unsetOffset_index_length();
        if (m.isSetBloom_filter_offset()) {
          m.setBloom_filter_offset(moved(m.getBloom_filter_offset(), at, delta));
        }
      }
      if (g.isSetFile_offset()) {
        g.setFile_offset(moved(g.getFile_offset(), at, delta));
      }
    }
    md.setTotal_compressed_size(md.getTotal_compressed_size() + delta);
    RowGroup first = meta.getRow_groups().get(0);
    if (first.isSetTotal_compressed_size()) {
      first.setTotal_compressed_size(first.getTotal_compressed_size() + delta);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(bytes, 0, (int) at);
    header.writeTo(out);
    out.write(bytes, (int) at + headerLength, footerStart - (int) at - headerLength);
    ByteArrayOutputStream footer = new ByteArrayOutputStream();
    Util.writeFileMetaData(meta, footer);
    int length = footer.size();
    footer.writeTo(out);
    out.write(new byte[] {(byte) length, (byte) (length >>> 8), (byte) (length >>> 16), (byte) (length >>> 24), 'P', 'A', 'R', '1'});
    Path f = dir.resolve(codec + "-" + version + "-" + target + "-" + claim + ".parquet");
    Files.write(f, out.toByteArray());
    return f;
  }

  private static long moved(long offset, long at, int delta) {
    return offset > at ? offset + delta : offset;
  }

  /** Where the footer starts: its length is in the 4 bytes before the closing magic. */
  private static int footerStart(byte[] bytes) {
    int n = bytes.length;
    int length = (bytes[n - 8] & 0xFF) | (bytes[n - 7] & 0xFF) << 8 | (bytes[n - 6] & 0xFF) << 16 | (bytes[n - 5] & 0xFF) << 24;
    return n - 8 - length;
  }
}
