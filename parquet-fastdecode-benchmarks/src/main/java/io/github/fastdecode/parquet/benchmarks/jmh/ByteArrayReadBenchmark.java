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

import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.PAGES;
import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.READS_PER_SKIPPED_PAGE;
import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.SKIP_RUN;
import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.VALUES_PER_PAGE;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader;
import org.apache.parquet.column.values.plain.BinaryPlainValuesReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the byte-array reader benchmarks share ({@link ByteArrayBenchmark} for PLAIN and
 * DELTA_BYTE_ARRAY, {@link DeltaLengthByteArrayBenchmark} for DELTA_LENGTH_BYTE_ARRAY): ns per value
 * to decode BYTE_ARRAY pages ({@code op=read}) or to skip 1023 values and read the next, over the
 * whole page ({@code op=skip}). Values are sorted random lowercase strings of {@code length} bytes
 * ({@link BenchmarkPages#sortedStrings}), as a sorted key column holds: neighbours share a prefix of
 * a few bytes, which DELTA_BYTE_ARRAY strips.
 *
 * <p>parquet-java returns one {@link Binary} per value, kept in a reused array as a reader building
 * a column would, and skips with its own {@code skip(n)} (for DELTA_BYTE_ARRAY and PLAIN, one
 * {@code skip()} per value); fastdecode appends values to one reused {@link BinaryBatch}, cleared
 * per page, and skips with {@code skip(n)}.
 *
 * <p>parquet-java's DELTA_LENGTH_BYTE_ARRAY and PLAIN readers return views of the page, not copies.
 * So {@code fastdecode} reads into a batch that allows borrowing ({@link BinaryBatch#setBorrowing}):
 * DELTA_LENGTH_BYTE_ARRAY then lends its page, the values already lying back to back as a batch
 * holds them (PLAIN and DELTA_BYTE_ARRAY values are not, and copy as before). {@code
 * fastdecodeCopy} runs the same loop with a batch that does not borrow, so the copy's cost stays
 * visible (an extra row in the report).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public abstract class ByteArrayReadBenchmark {
  /**
   * How parquet-java's per-value calls are compiled: {@code megamorphic} as in a column reader that
   * serves several encodings, or {@code inlined} (pass {@code -p callSite=inlined}) as its best case.
   * See {@link ParquetJavaCalls}.
   */
  @Param({"megamorphic"})
  String callSite;

  @Param({"8", "16", "100"})
  int length;

  /**
   * {@code fixed}: every value is {@code length} bytes; {@code varied} (pass {@code -p
   * lengths=varied}): each value 1 to {@code 2 * length - 1} bytes at random, the same mean.
   */
  @Param({"fixed"})
  String lengths;

  @Param({"read", "skip"})
  String op;

  private final Binary[] binaries = new Binary[VALUES_PER_PAGE];
  /** Allows borrowing. */
  private BinaryBatch batch;
  /** Copies every value. */
  private BinaryBatch copyBatch;
  /** {@link #copyBound}'s destination: as long as the longest page. */
  private byte[] copyBoundArray;
  /** A new parquet-java reader for every page, as its column reader makes them. */
  private Supplier<ValuesReader> parquetJavaReaders;
  private BatchValuesReader fastReader;
  private BenchmarkPages pages;
  private boolean skip;

  /** The encoding of the pages: the subclass's parameter or its one encoding. */
  abstract String encoding();

  @Setup
  public void setup() {
    ParquetJavaCalls.prepare(callSite);
    skip = BenchmarkPages.isSkip(op);
    if (length < 1) {
      throw new IllegalArgumentException("length " + length + " is below 1");
    }
    boolean varied = varied(lengths);
    Encoding enc;
    switch (encoding()) {
      case "PLAIN":
        enc = Encoding.PLAIN;
        parquetJavaReaders = BinaryPlainValuesReader::new;
        break;
      case "DELTA_LENGTH_BYTE_ARRAY":
        enc = Encoding.DELTA_LENGTH_BYTE_ARRAY;
        parquetJavaReaders = DeltaLengthByteArrayValuesReader::new;
        break;
      case "DELTA_BYTE_ARRAY":
        enc = Encoding.DELTA_BYTE_ARRAY;
        parquetJavaReaders = DeltaByteArrayReader::new;
        break;
      default:
        throw new IllegalArgumentException(
            "unknown encoding " + encoding() + "; known: PLAIN, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY");
    }
    pages = pages(encoding(), length, varied);
    // Room for a whole page, so the timed loop never grows it.
    batch = new BinaryBatch(VALUES_PER_PAGE, VALUES_PER_PAGE * (varied ? 2 * length : length));
    batch.setBorrowing(true);
    copyBatch = new BinaryBatch(VALUES_PER_PAGE, VALUES_PER_PAGE * (varied ? 2 * length : length));
    int longestPage = 0;
    for (int p = 0; p < PAGES; p++) {
      longestPage = Math.max(longestPage, pages.bytes(p).length);
    }
    copyBoundArray = new byte[longestPage];
    fastReader = FastDecode.newValuesReader(ParquetJavaPages.column(PrimitiveTypeName.BINARY), enc);
    String label = encoding() + " BYTE_ARRAY length=" + length + " lengths=" + lengths + " op=" + op + " via " + fastReader;
    int count = skip ? READS_PER_SKIPPED_PAGE : VALUES_PER_PAGE;
    Verify.samePages(label, pages, count, binaries, this::parquetJavaPage, batch, p -> fastdecodePage(p, batch));
    Verify.samePages(label + " (copying)", pages, count, binaries, this::parquetJavaPage, copyBatch,
        p -> fastdecodePage(p, copyBatch));
  }

  /** The pages of an encoding and value length (also {@link TrinoByteArrayReadBenchmark}'s). */
  static BenchmarkPages pages(String encoding, int length, boolean varied) {
    switch (encoding) {
      case "PLAIN":
        return BenchmarkPages.write(p -> ParquetJavaPages.plainBinaries(BenchmarkPages.sortedStrings(p, length, varied)));
      case "DELTA_LENGTH_BYTE_ARRAY":
        return BenchmarkPages.write(p -> ParquetJavaPages.deltaLengthBinaries(BenchmarkPages.sortedStrings(p, length, varied)));
      case "DELTA_BYTE_ARRAY":
        return BenchmarkPages.write(p -> ParquetJavaPages.deltaBinaries(BenchmarkPages.sortedStrings(p, length, varied)));
      default:
        throw new IllegalArgumentException(
            "unknown encoding " + encoding + "; known: PLAIN, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY");
    }
  }

  /** {@code fixed} or {@code varied} lengths (see {@link #lengths}). */
  static boolean varied(String lengths) {
    switch (lengths) {
      case "fixed":
        return false;
      case "varied":
        return true;
      default:
        throw new IllegalArgumentException("unknown lengths " + lengths + "; known: fixed, varied");
    }
  }

  @Benchmark
  public Binary[] parquetJava() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      parquetJavaPage(p);
    }
    return binaries;
  }

  @Benchmark
  public BinaryBatch fastdecode() throws IOException {
    BinaryBatch b = batch;
    for (int p = 0; p < PAGES; p++) {
      fastdecodePage(p, b);
    }
    return b;
  }

  @Benchmark
  public BinaryBatch fastdecodeCopy() throws IOException {
    BinaryBatch b = copyBatch;
    for (int p = 0; p < PAGES; p++) {
      fastdecodePage(p, b);
    }
    return b;
  }

  /**
   * The copy bound of a read that copies: one {@code System.arraycopy} of each whole page (values
   * and their lengths) into an array the size of a page, the least a batch that owns its bytes must
   * do. {@link #fastdecodeCopy} near it means the copy, not the decoding, is what is left; a reader
   * that hands out views of the page (Trino's DELTA_LENGTH_BYTE_ARRAY decoder, {@link #fastdecode})
   * does not pay it.
   */
  @Benchmark
  public byte[] copyBound() {
    byte[] to = copyBoundArray;
    for (int p = 0; p < PAGES; p++) {
      byte[] page = pages.bytes(p);
      System.arraycopy(page, 0, to, 0, page.length);
    }
    return to;
  }

  private void parquetJavaPage(int p) throws IOException {
    ValuesReader r = parquetJavaReaders.get();
    pages.init(r, p);
    if (skip) {
      ParquetJavaCalls.skipAndReadBytes(r, binaries, READS_PER_SKIPPED_PAGE, SKIP_RUN);
    } else {
      ParquetJavaCalls.readBytes(r, binaries, VALUES_PER_PAGE);
    }
  }

  private void fastdecodePage(int p, BinaryBatch b) throws IOException {
    BatchValuesReader r = fastReader;
    // Cleared before the reader moves on: a borrowing batch may hold the last page's bytes.
    b.clear();
    pages.init(r, p);
    if (skip) {
      for (int k = 0; k < READS_PER_SKIPPED_PAGE; k++) {
        r.skip(SKIP_RUN);
        r.readBinaries(b, 1);
      }
    } else {
      r.readBinaries(b, VALUES_PER_PAGE);
    }
  }
}
