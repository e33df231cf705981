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

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.FastDecode;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.dictionary.DictionaryReader;
import io.github.fastdecode.parquet.internal.convert.TimeConversions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The decode-level cost of the logical conversions, without the file around them: PLAIN INT32 and
 * INT64 pages read in batches of 4096 as {@code ColumnBatch} does, physical values against each
 * conversion {@code LogicalConversionBenchmark} times on a whole file ({@code int32AsLong},
 * {@code uint32AsLong}, {@code dateAsMicros} against {@code int32Physical}; {@code millisAsMicros}
 * against {@code int64Physical}); and dictionary-encoded DATE pages (1,000 entries, random ids):
 * {@code dictDateAsMicros} (a gather from the dictionary converted once) against {@code
 * dictInt32Physical} and against {@code dictDateAsMicrosTwoPass} (widening gather, then the
 * conversion over the batch, as the reader did before). INT32 values are days within about 82 years of the epoch (every
 * conversion applies), INT64 values milliseconds around 2023. Setup checks every converted value
 * against the scalar conversion ({@code Math.multiplyExact}). Score: ns per value; the difference to
 * the physical read is what the conversion adds to a scan.
 *
 * <p>{@code dictDateAsMicrosTwoPass} times core's conversion kernel itself ({@code
 * internal.convert.TimeConversions}), so this file is on {@code ArchitectureTest}'s list of kernel
 * benchmarks that may use {@code internal}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(BenchmarkPages.VALUES)
public class ConversionDecodeBenchmark {
  static final int BATCH = 4096;
  static final long MICROS_PER_DAY = 86_400_000_000L;

  private BenchmarkPages intPages;
  private BenchmarkPages longPages;
  private BatchValuesReader intReader;
  private BatchValuesReader longReader;
  private final int[] ints = new int[BATCH];
  private ByteBuffer[] dictPages;
  private DictionaryReader dictReader;
  private final long[] longs = new long[BATCH];

  @Setup
  public void setup() throws IOException {
    intPages = BenchmarkPages.write(p -> {
      Random r = new Random(BenchmarkPages.seed(p));
      long[] v = new long[VALUES_PER_PAGE];
      for (int i = 0; i < v.length; i++) {
        v[i] = r.nextInt(60_000) - 30_000;
      }
      return ParquetJavaPages.plainInts(v);
    });
    longPages = BenchmarkPages.write(p -> {
      Random r = new Random(BenchmarkPages.seed(p) + 1);
      long[] v = new long[VALUES_PER_PAGE];
      for (int i = 0; i < v.length; i++) {
        v[i] = 1_700_000_000_000L + r.nextInt(1 << 30);
      }
      return ParquetJavaPages.plainLongs(v);
    });
    intReader = FastDecode.newValuesReader(ParquetJavaPages.column(PrimitiveTypeName.INT32), Encoding.PLAIN);
    longReader = FastDecode.newValuesReader(ParquetJavaPages.column(PrimitiveTypeName.INT64), Encoding.PLAIN);
    writeDictionaryPages();
    check();
  }

  /** DATE pages dictionary-encoded by parquet-java's writer: one dictionary of 1,000 days for all pages. */
  private void writeDictionaryPages() throws IOException {
    ColumnDescriptor column = ParquetJavaPages.column(PrimitiveTypeName.INT32);
    DictionaryValuesWriter w = new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(Integer.MAX_VALUE,
        Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HeapByteBufferAllocator.getInstance());
    Random r = new Random(BenchmarkPages.SEED + 2);
    int[] pool = new int[1000];
    for (int i = 0; i < pool.length; i++) {
      pool[i] = 10_000 + i * 7;
    }
    dictPages = new ByteBuffer[PAGES];
    for (int p = 0; p < PAGES; p++) {
      for (int i = 0; i < VALUES_PER_PAGE; i++) {
        w.writeInteger(pool[r.nextInt(pool.length)]);
      }
      dictPages[p] = ByteBuffer.wrap(w.getBytes().toByteArray());
      w.reset();
    }
    DictionaryPage d = w.toDictPageAndClose();
    DictionaryPage copy = new DictionaryPage(BytesInput.from(d.getBytes().toByteArray()), d.getDictionarySize(), d.getEncoding());
    Dictionary dictionary = copy.getEncoding().initDictionary(column, copy);
    dictReader = new DictionaryReader(column, dictionary);
  }

  private void initDictPage(int p) throws IOException {
    dictReader.initFromPage(VALUES_PER_PAGE, ByteBufferInputStream.wrap(dictPages[p].duplicate()));
  }

  /** Every converted value of every page against the physical value converted alone. */
  private void check() throws IOException {
    long[] twoPass = new long[BATCH];
    for (int p = 0; p < PAGES; p++) {
      for (int at = 0; at < VALUES_PER_PAGE; at += BATCH) {
        initDictPage(p);
        dictReader.skip(at);
        dictReader.readIntegers(ints, 0, BATCH);
        initDictPage(p);
        dictReader.skip(at);
        dictReader.readDatesAsMicros(longs, 0, BATCH);
        initDictPage(p);
        dictReader.skip(at);
        dictReader.readIntegersAsLongs(twoPass, 0, BATCH);
        TimeConversions.daysToMicros(twoPass, 0, BATCH);
        for (int i = 0; i < BATCH; i++) {
          if (longs[i] != Math.multiplyExact((long) ints[i], MICROS_PER_DAY) || twoPass[i] != longs[i]) {
            throw new IllegalStateException("dictionary DATE page " + p + " value " + (at + i) + ": " + longs[i] + " / " + twoPass[i]);
          }
        }
      }
    }
    int[] physical = new int[BATCH];
    long[] physicalLongs = new long[BATCH];
    for (int kind = 0; kind < 4; kind++) {
      for (int p = 0; p < PAGES; p++) {
        BenchmarkPages pages = kind == 3 ? longPages : intPages;
        BatchValuesReader r = kind == 3 ? longReader : intReader;
        BatchValuesReader ref = FastDecode.newValuesReader(ParquetJavaPages.column(kind == 3 ? PrimitiveTypeName.INT64 : PrimitiveTypeName.INT32), Encoding.PLAIN);
        pages.init(r, p);
        pages.init(ref, p);
        for (int at = 0; at < VALUES_PER_PAGE; at += BATCH) {
          if (kind == 3) {
            ref.readLongs(physicalLongs, 0, BATCH);
            r.readTimestampMillisAsMicros(longs, 0, BATCH);
          } else {
            ref.readIntegers(physical, 0, BATCH);
            if (kind == 0) {
              r.readIntegersAsLongs(longs, 0, BATCH);
            } else if (kind == 1) {
              r.readUnsignedIntegersAsLongs(longs, 0, BATCH);
            } else {
              r.readDatesAsMicros(longs, 0, BATCH);
            }
          }
          for (int i = 0; i < BATCH; i++) {
            long want = kind == 0 ? physical[i] : kind == 1 ? physical[i] & 0xFFFF_FFFFL
                : kind == 2 ? Math.multiplyExact((long) physical[i], MICROS_PER_DAY) : Math.multiplyExact(physicalLongs[i], 1_000L);
            if (longs[i] != want) {
              throw new IllegalStateException("conversion " + kind + " page " + p + " value " + (at + i) + ": " + longs[i] + ", expected " + want);
            }
          }
        }
      }
    }
  }

  @Benchmark
  public int[] int32Physical() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      intPages.init(intReader, p);
      for (int at = 0; at < VALUES_PER_PAGE; at += BATCH) {
        intReader.readIntegers(ints, 0, BATCH);
      }
    }
    return ints;
  }

  @Benchmark
  public long[] int32AsLong() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      intPages.init(intReader, p);
      for (int at = 0; at < VALUES_PER_PAGE; at += BATCH) {
        intReader.readIntegersAsLongs(longs, 0, BATCH);
      }
    }
    return longs;
  }

  @Benchmark
  public long[] uint32AsLong() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      intPages.init(intReader, p);
      for (int at = 0; at < VALUES_PER_PAGE; at += BATCH) {
        intReader.readUnsignedIntegersAsLongs(longs, 0, BATCH);
      }
    }
    return longs;
  }

  @Benchmark
  public long[] dateAsMicros() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      intPages.init(intReader, p);
      for (int at = 0; at < VALUES_PER_PAGE; at += BATCH) {
        intReader.readDatesAsMicros(longs, 0, BATCH);
      }
    }
    return longs;
  }

  @Benchmark
  public long[] int64Physical() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      longPages.init(longReader, p);
      for (int at = 0; at < VALUES_PER_PAGE; at += BATCH) {
        longReader.readLongs(longs, 0, BATCH);
      }
    }
    return longs;
  }

  @Benchmark
  public long[] millisAsMicros() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      longPages.init(longReader, p);
      for (int at = 0; at < VALUES_PER_PAGE; at += BATCH) {
        longReader.readTimestampMillisAsMicros(longs, 0, BATCH);
      }
    }
    return longs;
  }

  @Benchmark
  public int[] dictInt32Physical() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      initDictPage(p);
      for (int at = 0; at < VALUES_PER_PAGE; at += BATCH) {
        dictReader.readIntegers(ints, 0, BATCH);
      }
    }
    return ints;
  }

  @Benchmark
  public long[] dictDateAsMicros() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      initDictPage(p);
      for (int at = 0; at < VALUES_PER_PAGE; at += BATCH) {
        dictReader.readDatesAsMicros(longs, 0, BATCH);
      }
    }
    return longs;
  }

  @Benchmark
  public long[] dictDateAsMicrosTwoPass() throws IOException {
    for (int p = 0; p < PAGES; p++) {
      initDictPage(p);
      for (int at = 0; at < VALUES_PER_PAGE; at += BATCH) {
        dictReader.readIntegersAsLongs(longs, 0, BATCH);
        TimeConversions.daysToMicros(longs, 0, BATCH);
      }
    }
    return longs;
  }
}
