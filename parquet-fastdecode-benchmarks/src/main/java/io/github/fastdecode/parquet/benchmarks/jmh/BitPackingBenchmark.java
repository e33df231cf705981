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

import io.github.fastdecode.parquet.internal.bitpacking.BitPacker;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.BytePackerForLong;
import org.apache.parquet.column.values.bitpacking.Packer;
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
 * The packing kernel on its own: {@link BitPacker}'s one loop per element type against
 * parquet-java's generated straight-line packer for the same width, called 8 values at a time from
 * a loop that sees only that packer (its best case: the call is inlined). ns per value.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BitPackingBenchmark.N)
public class BitPackingBenchmark {
  static final int N = 16_384;

  @Param({"1", "3", "7", "13", "20", "32"})
  public int width;

  private final int[] ints = new int[N];
  private final long[] longs = new long[N];
  private byte[] out;
  private BytePacker intPacker;
  private BytePackerForLong longPacker;

  @Setup
  public void setup() {
    Random r = new Random(BenchmarkPages.SEED);
    for (int i = 0; i < N; i++) {
      ints[i] = r.nextInt();
      longs[i] = r.nextLong();
    }
    out = new byte[N * 8];
    intPacker = Packer.LITTLE_ENDIAN.newBytePacker(width);
    longPacker = Packer.LITTLE_ENDIAN.newBytePackerForLong(width);
  }

  @Benchmark
  public int intsBitPacker() {
    return BitPacker.packInts(width, ints, 0, N, out, 0);
  }

  @Benchmark
  public int intsParquetJavaPacker() {
    BytePacker p = intPacker;
    int w = width;
    int pos = 0;
    for (int i = 0; i < N; i += 8, pos += w) {
      p.pack8Values(ints, i, out, pos);
    }
    return pos;
  }

  @Benchmark
  public int longsBitPacker() {
    return BitPacker.packLongs(width, longs, 0, N, out, 0);
  }

  @Benchmark
  public int longsParquetJavaPacker() {
    BytePackerForLong p = longPacker;
    int w = width;
    int pos = 0;
    for (int i = 0; i < N; i += 8, pos += w) {
      p.pack8Values(longs, i, out, pos);
    }
    return pos;
  }
}
