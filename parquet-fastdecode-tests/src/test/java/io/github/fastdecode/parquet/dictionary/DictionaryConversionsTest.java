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
package io.github.fastdecode.parquet.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.internal.convert.TimeConversions;
import java.io.IOException;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.dictionary.DictionaryValuesReader;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/**
 * Converted reads of dictionary pages (UINT_32 zero-extended, DATE and TIMESTAMP(MILLIS|NANOS) as
 * micros) gather from a converted copy of the dictionary: each value equals parquet-java's value
 * converted alone, at every batch size; and an entry out of the conversion's range throws only
 * when a value that uses it is read, as it does without a dictionary.
 */
class DictionaryConversionsTest {
  private static final long SEED = 20261127L;
  private static final long MAX_DAYS = Long.MAX_VALUE / TimeConversions.MICROS_PER_DAY;

  /** A data page of ids and the dictionary parquet-java wrote for {@code values}. */
  private static final class Written {
    byte[] page;
    Dictionary dictionary;
  }

  private static Written write(ColumnDescriptor column, long[] values) throws IOException {
    DictionaryValuesWriter w = column.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT32
        ? new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(Integer.MAX_VALUE, Encoding.PLAIN_DICTIONARY,
            Encoding.PLAIN_DICTIONARY, HeapByteBufferAllocator.getInstance())
        : new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(Integer.MAX_VALUE, Encoding.PLAIN_DICTIONARY,
            Encoding.PLAIN_DICTIONARY, HeapByteBufferAllocator.getInstance());
    for (long v : values) {
      if (column.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT32) {
        w.writeInteger((int) v);
      } else {
        w.writeLong(v);
      }
    }
    Written out = new Written();
    out.page = w.getBytes().toByteArray();
    DictionaryPage d = w.toDictPageAndClose();
    DictionaryPage copy = new DictionaryPage(BytesInput.from(d.getBytes().toByteArray()), d.getDictionarySize(), d.getEncoding());
    out.dictionary = copy.getEncoding().initDictionary(column, copy);
    return out;
  }

  /** parquet-java's values of the page, converted one at a time. */
  private static long[] expected(Written wr, int kind, int n) throws IOException {
    DictionaryValuesReader r = new DictionaryValuesReader(wr.dictionary);
    r.initFromPage(n, ByteBufferInputStream.wrap(java.nio.ByteBuffer.wrap(wr.page)));
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      switch (kind) {
        case 0: out[i] = Integer.toUnsignedLong(r.readInteger()); break;
        case 1: out[i] = TimeConversions.daysToMicros(r.readInteger()); break;
        case 2: out[i] = TimeConversions.millisToMicros(r.readLong()); break;
        default: out[i] = Math.floorDiv(r.readLong(), 1000L); break;
      }
    }
    return out;
  }

  private static void read(DictionaryReader r, int kind, long[] dst, int at, int m) {
    switch (kind) {
      case 0: r.readUnsignedIntegersAsLongs(dst, at, m); break;
      case 1: r.readDatesAsMicros(dst, at, m); break;
      case 2: r.readTimestampMillisAsMicros(dst, at, m); break;
      default: r.readTimestampNanosAsMicros(dst, at, m); break;
    }
  }

  @Test
  void convertedReadsEqualParquetJavasValuesConvertedAlone() throws IOException {
    Random random = new Random(SEED);
    int n = 5000;
    for (int kind = 0; kind < 4; kind++) {
      ColumnDescriptor column = ParquetJavaPages.column(kind < 2 ? PrimitiveTypeName.INT32 : PrimitiveTypeName.INT64);
      for (int dictionarySize : new int[] {1, 7, 300}) {
        long[] pool = new long[dictionarySize];
        for (int i = 0; i < dictionarySize; i++) {
          pool[i] = kind == 0 ? random.nextInt()
              : kind == 1 ? random.nextInt((int) (2 * MAX_DAYS + 1)) - MAX_DAYS
              : kind == 2 ? random.nextLong() % (Long.MAX_VALUE / 1000)
              : random.nextLong();
        }
        pool[0] = kind == 0 ? -1 : kind == 1 ? MAX_DAYS : kind == 2 ? Long.MIN_VALUE / 1000 : Long.MIN_VALUE;
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
          // runs and single values, so both kinds of id run are read
          values[i] = i % 97 < 40 ? pool[(i / 97) % dictionarySize] : pool[random.nextInt(dictionarySize)];
        }
        Written wr = write(column, values);
        long[] want = expected(wr, kind, n);
        for (int batch : new int[] {1, 7, 1000, 1024, 4096}) {
          for (InputKind input : new InputKind[] {InputKind.HEAP, InputKind.DIRECT}) {
            DictionaryReader r = new DictionaryReader(column, wr.dictionary);
            r.initFromPage(n, input.open(wr.page));
            long[] got = new long[n + 3];
            for (int done = 0; done < n; done += batch) {
              read(r, kind, got, 3 + done, Math.min(batch, n - done));
            }
            for (int i = 0; i < n; i++) {
              assertEquals(want[i], got[3 + i], "kind " + kind + " dictionary " + dictionarySize + " batch " + batch + " " + input + " value " + i);
            }
          }
        }
      }
    }
  }

  @Test
  void anEntryOutOfRangeThrowsOnlyWhenAValueUsingItIsRead() throws IOException {
    for (int kind = 1; kind <= 2; kind++) {
      ColumnDescriptor column = ParquetJavaPages.column(kind == 1 ? PrimitiveTypeName.INT32 : PrimitiveTypeName.INT64);
      long bad = kind == 1 ? MAX_DAYS + 1 : Long.MAX_VALUE / 1000 + 1;
      long[] values = new long[2000];
      for (int i = 0; i < values.length; i++) {
        values[i] = i % 3;
      }
      values[1500] = bad;
      Written wr = write(column, values);
      DictionaryReader r = new DictionaryReader(column, wr.dictionary);
      r.initFromPage(values.length, InputKind.HEAP.open(wr.page));
      long[] got = new long[1500];
      read(r, kind, got, 0, 1500);
      for (int i = 0; i < 1500; i++) {
        assertEquals(kind == 1 ? TimeConversions.daysToMicros(i % 3) : (i % 3) * 1000L, got[i], "kind " + kind + " value " + i);
      }
      int k = kind;
      ArithmeticException e = assertThrows(ArithmeticException.class, () -> read(r, k, new long[10], 0, 10));
      assertEquals(true, e.getMessage().contains(Long.toString(bad)), e.getMessage());
    }
  }
}
