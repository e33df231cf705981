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
package io.github.fastdecode.parquet.benchmarks.jmh;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.xerial.snappy.Snappy;

/**
 * Page decompression, every JVM implementation of each Parquet codec on the class path, on the same
 * pages: {@link FileScanBenchmark}'s table (INT64 ids, DOUBLE prices, dictionary strings, an
 * optional INT32 with 10% nulls; 500,000 rows here) written uncompressed by parquet-java (V1 pages,
 * its default dictionary encoding, 64 KiB pages so there are many), every page's stored bytes
 * (dictionary pages and data pages, levels and values) compressed in setup with each codec as a
 * Parquet writer compresses a page. One operation inflates every page once, array to array into
 * one reused buffer, as the library's page reader does:
 *
 * <ul>
 *   <li>SNAPPY: {@code snappyJava} (snappy-java, native; the library's choice so far) and {@code
 *       snappyAircompressor} (aircompressor's pure Java decoder);
 *   <li>ZSTD: {@code zstdJni} (zstd-jni's one-shot call, the library's choice so far), {@code
 *       zstdJniContext} (zstd-jni with one decompression context kept across pages) and {@code
 *       zstdAircompressor} (pure Java), from frames zstd-jni wrote at level 3 (parquet-java's default);
 *   <li>LZ4_RAW: {@code lz4Aircompressor} (pure Java, the library's choice so far) and {@code
 *       lz4Java} (lz4-java's fastest safe decompressor: native where it loads);
 *   <li>GZIP: {@code gzipInflater}, the JDK's {@code Inflater} on the deflate stream (the only JVM
 *       implementation; aircompressor's deflate is the JDK's).
 * </ul>
 *
 * Setup checks each implementation gives back every page byte for byte and prints the totals;
 * MB/s per implementation is the uncompressed total over the time per operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xmx2g"})
public class PageCodecBenchmark {
  static final int ROWS = 500_000;

  /** Uncompressed pages. */
  private byte[][] plain;
  private byte[][] snappy;
  private byte[][] zstd;
  private byte[][] lz4;
  private byte[][] deflate;
  private byte[] out;

  private final io.airlift.compress.snappy.SnappyDecompressor airSnappy = new io.airlift.compress.snappy.SnappyDecompressor();
  private final io.airlift.compress.zstd.ZstdDecompressor airZstd = new io.airlift.compress.zstd.ZstdDecompressor();
  private final io.airlift.compress.lz4.Lz4Decompressor airLz4 = new io.airlift.compress.lz4.Lz4Decompressor();
  private final LZ4SafeDecompressor lz4Java = LZ4Factory.fastestInstance().safeDecompressor();
  private final Inflater inflater = new Inflater(true);
  private ZstdDecompressCtx zstdContext;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    plain = pages();
    int n = plain.length;
    snappy = new byte[n][];
    zstd = new byte[n][];
    lz4 = new byte[n][];
    deflate = new byte[n][];
    io.airlift.compress.lz4.Lz4Compressor lz4Compressor = new io.airlift.compress.lz4.Lz4Compressor();
    long total = 0;
    long[] stored = new long[4];
    int largest = 0;
    for (int i = 0; i < n; i++) {
      byte[] p = plain[i];
      total += p.length;
      largest = Math.max(largest, p.length);
      snappy[i] = Snappy.compress(p);
      zstd[i] = Zstd.compress(p, 3);
      byte[] l = new byte[lz4Compressor.maxCompressedLength(p.length)];
      lz4[i] = java.util.Arrays.copyOf(l, lz4Compressor.compress(p, 0, p.length, l, 0, l.length));
      Deflater d = new Deflater(6, true);
      d.setInput(p);
      d.finish();
      byte[] buf = new byte[p.length + 1024];
      int m = 0;
      while (!d.finished()) {
        m += d.deflate(buf, m, buf.length - m);
      }
      d.end();
      deflate[i] = java.util.Arrays.copyOf(buf, m);
      stored[0] += snappy[i].length;
      stored[1] += zstd[i].length;
      stored[2] += lz4[i].length;
      stored[3] += deflate[i].length;
    }
    out = new byte[largest];
    zstdContext = new ZstdDecompressCtx();
    System.out.printf("%n%d pages, %d bytes uncompressed; stored: snappy %d, zstd %d, lz4_raw %d, gzip (deflate) %d%n",
        n, total, stored[0], stored[1], stored[2], stored[3]);
    // Every implementation gives back every page.
    Runnable[] all = {this::snappyJavaChecked, this::snappyAircompressorChecked, this::zstdJniChecked, this::zstdJniContextChecked,
        this::zstdAircompressorChecked, this::lz4AircompressorChecked, this::lz4JavaChecked, this::gzipInflaterChecked};
    for (Runnable r : all) {
      r.run();
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    zstdContext.close();
    inflater.end();
  }

  /** The pages of an uncompressed V1 file of the table: dictionary pages and data pages, as stored. */
  static byte[][] pages() throws IOException {
    Path file = Files.createTempFile("pagecodec", ".parquet");
    try {
      ExampleParquetWriter.Builder b = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(FileScanBenchmark.SCHEMA)
          .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withWriterVersion(WriterVersion.PARQUET_1_0)
          .withCompressionCodec(CompressionCodecName.UNCOMPRESSED).withPageSize(64 << 10);
      Random random = new Random(20261126L);
      String[] words = new String[1000];
      for (int i = 0; i < words.length; i++) {
        words[i] = "name-" + Integer.toString(random.nextInt(1 << 30), 36) + "-" + i;
      }
      SimpleGroupFactory groups = new SimpleGroupFactory(FileScanBenchmark.SCHEMA);
      try (ParquetWriter<Group> w = b.build()) {
        long id = 1_000_000_000L;
        for (int row = 0; row < ROWS; row++) {
          id += 1 + random.nextInt(3);
          Group g = groups.newGroup().append("id", id).append("price", Math.round(random.nextDouble() * 1e6) / 100.0)
              .append("name", words[random.nextInt(words.length)]);
          if (random.nextInt(10) != 0) {
            g.append("qty", random.nextInt(1000));
          }
          w.write(g);
        }
      }
      List<byte[]> pages = new ArrayList<>();
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
        List<ColumnDescriptor> columns = reader.getFooter().getFileMetaData().getSchema().getColumns();
        PageReadStore store;
        while ((store = reader.readNextRowGroup()) != null) {
          for (ColumnDescriptor c : columns) {
            PageReader r = store.getPageReader(c);
            DictionaryPage d = r.readDictionaryPage();
            if (d != null) {
              pages.add(d.getBytes().toByteArray());
            }
            DataPage p;
            while ((p = r.readPage()) != null) {
              pages.add(((DataPageV1) p).getBytes().toByteArray());
            }
          }
        }
      }
      return pages.toArray(new byte[0][]);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Benchmark
  public int snappyJava() throws IOException {
    int h = 0;
    for (byte[] p : snappy) {
      h += Snappy.uncompress(p, 0, p.length, out, 0);
    }
    return h;
  }

  @Benchmark
  public int snappyAircompressor() {
    int h = 0;
    for (byte[] p : snappy) {
      h += airSnappy.decompress(p, 0, p.length, out, 0, out.length);
    }
    return h;
  }

  @Benchmark
  public int zstdJni() {
    int h = 0;
    for (byte[] p : zstd) {
      h += (int) Zstd.decompressByteArray(out, 0, out.length, p, 0, p.length);
    }
    return h;
  }

  @Benchmark
  public int zstdJniContext() {
    int h = 0;
    for (byte[] p : zstd) {
      h += zstdContext.decompressByteArray(out, 0, out.length, p, 0, p.length);
    }
    return h;
  }

  @Benchmark
  public int zstdAircompressor() {
    int h = 0;
    for (byte[] p : zstd) {
      h += airZstd.decompress(p, 0, p.length, out, 0, out.length);
    }
    return h;
  }

  @Benchmark
  public int lz4Aircompressor() {
    int h = 0;
    for (byte[] p : lz4) {
      h += airLz4.decompress(p, 0, p.length, out, 0, out.length);
    }
    return h;
  }

  @Benchmark
  public int lz4Java() {
    int h = 0;
    for (byte[] p : lz4) {
      h += lz4Java.decompress(p, 0, p.length, out, 0, out.length);
    }
    return h;
  }

  @Benchmark
  public int gzipInflater() throws DataFormatException {
    int h = 0;
    for (byte[] p : deflate) {
      inflater.reset();
      inflater.setInput(p, 0, p.length);
      h += inflater.inflate(out, 0, out.length);
    }
    return h;
  }

  private interface Inflate {
    int run(byte[] src, byte[] dst) throws Exception;
  }

  private void check(String what, byte[][] stored, Inflate inflate) {
    for (int i = 0; i < stored.length; i++) {
      byte[] dst = new byte[plain[i].length + 64];
      int n;
      try {
        n = inflate.run(stored[i], dst);
      } catch (Exception e) {
        throw new IllegalStateException(what + " page " + i + ": " + e, e);
      }
      if (n != plain[i].length || !java.util.Arrays.equals(dst, 0, n, plain[i], 0, n)) {
        throw new IllegalStateException(what + " page " + i + ": gave back " + n + " bytes, not the page's " + plain[i].length);
      }
    }
  }

  private void snappyJavaChecked() {
    check("snappy-java", snappy, (s, d) -> Snappy.uncompress(s, 0, s.length, d, 0));
  }

  private void snappyAircompressorChecked() {
    check("aircompressor snappy", snappy, (s, d) -> airSnappy.decompress(s, 0, s.length, d, 0, d.length));
  }

  private void zstdJniChecked() {
    check("zstd-jni", zstd, (s, d) -> (int) Zstd.decompressByteArray(d, 0, d.length, s, 0, s.length));
  }

  private void zstdJniContextChecked() {
    check("zstd-jni context", zstd, (s, d) -> zstdContext.decompressByteArray(d, 0, d.length, s, 0, s.length));
  }

  private void zstdAircompressorChecked() {
    check("aircompressor zstd", zstd, (s, d) -> airZstd.decompress(s, 0, s.length, d, 0, d.length));
  }

  private void lz4AircompressorChecked() {
    check("aircompressor lz4", lz4, (s, d) -> airLz4.decompress(s, 0, s.length, d, 0, d.length));
  }

  private void lz4JavaChecked() {
    check("lz4-java", lz4, (s, d) -> lz4Java.decompress(s, 0, s.length, d, 0, d.length));
  }

  private void gzipInflaterChecked() {
    check("JDK Inflater", deflate, (s, d) -> {
      inflater.reset();
      inflater.setInput(s, 0, s.length);
      return inflater.inflate(d, 0, d.length);
    });
  }
}
