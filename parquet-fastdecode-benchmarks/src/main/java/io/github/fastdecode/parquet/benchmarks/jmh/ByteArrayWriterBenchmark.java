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
import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.VALUES_PER_PAGE;

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.deltabytearray.DeltaByteArrayWriters;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Writing BYTE_ARRAY pages in DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY: ns per value to write
 * {@link BenchmarkPages#PAGES} pages of {@link BenchmarkPages#VALUES_PER_PAGE} values, each page
 * finished with {@code getBytes()} and {@code reset()}, as a column writer does. Values are random
 * lowercase strings of {@code length} bytes: {@code cardinality=high} all distinct and sorted (a
 * key column: neighbours share a prefix), {@code low} drawn at random from 100 strings.
 *
 * <p>parquet-java gets one {@code writeBytes(Binary)} per value from prepared {@link Binary}
 * objects through a call site that has seen several writer classes, as a column writer's does;
 * fastdecode gets each page as one {@link BinaryBatch} in one {@code writeBinaries} call. Both
 * write the same bytes (checked in setup). The lengths / prefix lengths go through parquet-java's
 * DELTA_BINARY_PACKED writer on both sides.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public class ByteArrayWriterBenchmark {
  private static final HeapByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();
  private static final int SLAB = 64 * 1024;
  private static final int PAGE = 8 * 1024 * 1024;

  @Param({"DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY"})
  String encoding;

  @Param({"10", "100"})
  int length;

  @Param({"low", "high"})
  String cardinality;

  private Binary[][] binaries;
  private BinaryBatch[] batches;
  private ValuesWriter parquetJavaWriter;
  private BatchValuesWriter fastWriter;

  @Setup
  public void setup() throws IOException {
    warmUpWriteCallSite();
    binaries = new Binary[PAGES][];
    batches = new BinaryBatch[PAGES];
    for (int p = 0; p < PAGES; p++) {
      byte[][] values = strings(p);
      binaries[p] = new Binary[values.length];
      batches[p] = new BinaryBatch(values.length, values.length * length);
      for (int i = 0; i < values.length; i++) {
        binaries[p][i] = Binary.fromConstantByteArray(values[i]);
        batches[p].add(values[i], 0, values[i].length);
      }
    }
    switch (encoding) {
      case "DELTA_LENGTH_BYTE_ARRAY":
        parquetJavaWriter = new DeltaLengthByteArrayValuesWriter(SLAB, PAGE, HEAP);
        fastWriter = DeltaByteArrayWriters.deltaLength(SLAB, PAGE, HEAP);
        break;
      case "DELTA_BYTE_ARRAY":
        parquetJavaWriter = new org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter(SLAB, PAGE, HEAP);
        fastWriter = DeltaByteArrayWriters.delta(SLAB, PAGE, HEAP);
        break;
      default:
        throw new IllegalArgumentException("unknown encoding " + encoding + "; known: DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY");
    }
    for (int p = 0; p < PAGES; p++) {
      writeBytes(parquetJavaWriter, binaries[p], binaries[p].length);
      byte[] expected = parquetJavaWriter.getBytes().toByteArray();
      parquetJavaWriter.reset();
      fastWriter.writeBinaries(batches[p], 0, batches[p].size());
      byte[] actual = fastWriter.getBytes().toByteArray();
      fastWriter.reset();
      if (!Arrays.equals(expected, actual)) {
        throw new IllegalStateException(encoding + " length=" + length + " " + cardinality + " page " + p
            + ": fastdecode wrote other bytes than parquet-java");
      }
    }
  }

  private byte[][] strings(int p) {
    Random r = new Random(BenchmarkPages.seed(p));
    int distinct = cardinality.equals("low") ? 100 : VALUES_PER_PAGE;
    String[] pool = new String[distinct];
    for (int i = 0; i < distinct; i++) {
      pool[i] = BenchmarkPages.lowercase(r, length);
    }
    String[] s = new String[VALUES_PER_PAGE];
    switch (cardinality) {
      case "high":
        Arrays.sort(pool);
        s = pool;
        break;
      case "low":
        for (int i = 0; i < s.length; i++) {
          s[i] = pool[r.nextInt(distinct)];
        }
        break;
      default:
        throw new IllegalArgumentException("unknown cardinality " + cardinality + "; known: low, high");
    }
    return BenchmarkPages.ascii(s);
  }

  @Benchmark
  public long parquetJava() {
    long size = 0;
    ValuesWriter w = parquetJavaWriter;
    for (int p = 0; p < PAGES; p++) {
      writeBytes(w, binaries[p], VALUES_PER_PAGE);
      size += w.getBytes().size();
      w.reset();
    }
    return size;
  }

  @Benchmark
  public long fastdecode() {
    long size = 0;
    BatchValuesWriter w = fastWriter;
    for (int p = 0; p < PAGES; p++) {
      w.writeBinaries(batches[p], 0, VALUES_PER_PAGE);
      size += w.getBytes().size();
      w.reset();
    }
    return size;
  }

  /** parquet-java's per-value call, kept out of line so the JIT cannot specialise it to one writer class. */
  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  static void writeBytes(ValuesWriter w, Binary[] values, int n) {
    for (int i = 0; i < n; i++) {
      w.writeBytes(values[i]);
    }
  }

  private static boolean warm;

  /** A column writer's writeBytes call site sees PLAIN, DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY writers. */
  private static synchronized void warmUpWriteCallSite() {
    if (warm) {
      return;
    }
    Binary[] values = new Binary[4096];
    for (int i = 0; i < values.length; i++) {
      values[i] = Binary.fromString("warm-" + i);
    }
    ValuesWriter[] writers = {new PlainValuesWriter(SLAB, PAGE, HEAP), new DeltaLengthByteArrayValuesWriter(SLAB, PAGE, HEAP),
        new org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter(SLAB, PAGE, HEAP)};
    for (int round = 0; round < 30; round++) {
      for (ValuesWriter w : writers) {
        writeBytes(w, values, values.length);
        w.getBytes().size();
        w.reset();
      }
    }
    warm = true;
  }
}
