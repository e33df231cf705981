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
package io.github.fastdecode.parquet.deltabytearray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import io.github.fastdecode.parquet.internal.VectorDeltaByteArray;
import io.github.fastdecode.parquet.internal.VectorSupport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * The DELTA_BYTE_ARRAY prefix check, which (with the vector kernels on) checks prefixes a block at
 * a time and rechecks a block that looks bad one value at a time: a bad prefix anywhere in a block
 * or a skip window must give the message the value-by-value check gives, and values whose lengths
 * sit just under and over the block check's bound (2^20 bytes) must decode as parquet-java decodes
 * them.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DeltaByteArrayPrefixCheckTest {
  private static final long SEED = 20_260_323L;
  private static final int VALUES = 3000;
  /** Values a skip checks at once ({@code LengthWindow.AHEAD}). */
  private static final int WINDOW = 1024;

  /**
   * Around lane counts 8 and 16, the vector minimum of 32, the tail of a skip window's blocks
   * (1 + 1008 or 1 + 1016 values are whole vectors), the 1024-value windows and blocks, and the page
   * ends.
   */
  private static final int[] BAD_AT = {
      0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 500, 1007, 1008, 1009, 1015, 1016, 1017, 1022, 1023, 1024, 1025,
      1026, 1031, 1032, 1033, 2047, 2048, 2049, 2050, 2999};

  /** Values of 0..40 bytes, each sharing a random prefix with the one before. */
  private static final class Values {
    final int[] prefixes;
    final byte[][] suffixes;
    final int[] lengths;

    Values(int n, Random random) {
      prefixes = new int[n];
      suffixes = new byte[n][];
      lengths = new int[n];
      int before = 0;
      for (int i = 0; i < n; i++) {
        prefixes[i] = random.nextInt(before + 1);
        suffixes[i] = new byte[random.nextInt(Math.max(1, 41 - prefixes[i]))];
        random.nextBytes(suffixes[i]);
        lengths[i] = before = prefixes[i] + suffixes[i].length;
      }
    }

    /** Byte offset, in a page read through a scratch copy, of value {@code i}'s suffix. */
    int suffixAt(byte[] page, int i) {
      long all = 0;
      long before = 0;
      for (int k = 0; k < suffixes.length; k++) {
        all += suffixes[k].length;
        if (k < i) {
          before += suffixes[k].length;
        }
      }
      return (int) (page.length - all + before);
    }
  }

  @Test
  void badPrefixesAnywhereInABlockOrWindowNameTheValue() throws Exception {
    Random random = new Random(SEED);
    Values v = new Values(VALUES, random);
    for (int bad : BAD_AT) {
      int before = bad == 0 ? 0 : v.lengths[bad - 1];
      for (int lie : new int[] {before + 1, before + 1000, -1, Integer.MIN_VALUE}) {
        int[] prefixes = v.prefixes.clone();
        prefixes[bad] = lie;
        byte[] page = DeltaByteArrayReaderTest.handPage(prefixes, v.suffixes);
        String what = "DELTA_BYTE_ARRAY: value " + bad + " has prefix length " + lie + " but the value before it has "
            + before + " bytes (at byte ";
        for (int start : new int[] {0, 5, 1000}) {
          if (start > bad) {
            continue;
          }
          String label = "bad prefix " + lie + " at " + bad + ", from " + start + ", seed " + SEED;
          // one skip over the rest of the page: windows of WINDOW values from start
          int window = start + (bad - start) / WINDOW * WINDOW;
          expectThrows(label + ", skip", what + v.suffixAt(page, window) + " of the values section)", page, start,
              r -> r.skip(VALUES - start));
          // one bulk read of the rest: a single window from start
          expectThrows(label + ", bulk read", what + v.suffixAt(page, start) + " of the values section)", page, start,
              r -> r.readBinaries(new BinaryBatch(), VALUES - start));
          // a skip that ends on the bad value: the same windows, the last one ending with it
          expectThrows(label + ", skip to it", what + v.suffixAt(page, window) + " of the values section)", page, start,
              r -> r.skip(bad + 1 - start));
        }
      }
    }
  }

  private interface ReaderCall {
    void run(DeltaByteArrayReader r) throws Exception;
  }

  private static void expectThrows(String label, String message, byte[] page, int start, ReaderCall call) throws Exception {
    DeltaByteArrayReader r = new DeltaByteArrayReader();
    r.initFromPage(VALUES, InputKind.DIRECT.open(page)); // copied to a scratch array at 0: byte positions are page offsets
    r.skip(start);
    Executable e = () -> call.run(r);
    ParquetDecodingException thrown = assertThrows(ParquetDecodingException.class, e, label);
    assertEquals(message, thrown.getMessage(), label);
  }

  /**
   * Values whose prefix or suffix is 2^20 - 1, 2^20 or 2^20 + 1 bytes among short ones, at the
   * start, middle and end of blocks: the blocks holding them take the value-by-value path, and
   * every read and skip gives parquet-java's values.
   */
  @Test
  void valuesAroundTheBlockBoundMatchParquetJava() {
    Random random = new Random(SEED + 1);
    int n = 2100;
    int[] bounds = {(1 << 20) - 1, 1 << 20, (1 << 20) + 1};
    // a long suffix at each of these, then a value taking a long prefix of it
    int[] longSuffixAt = {1, 17, 40, 600, 1022, 1023, 2098};
    List<byte[]> values = new ArrayList<>();
    byte[] previous = new byte[0];
    for (int i = 0; i < n; i++) {
      int k = Arrays.binarySearch(longSuffixAt, i);
      int j = Arrays.binarySearch(longSuffixAt, i - 1);
      int prefix = random.nextInt(Math.min(previous.length, 8) + 1);
      int suffix = random.nextInt(12);
      if (k >= 0) {
        suffix = bounds[k % 3];
      } else if (j >= 0) {
        prefix = Math.min(previous.length, bounds[(j + 1) % 3]);
      }
      byte[] v = Arrays.copyOf(previous, prefix + suffix);
      for (int b = prefix; b < v.length; b++) {
        v[b] = (byte) random.nextInt();
      }
      values.add(v);
      previous = v;
    }
    byte[] page = ParquetJavaPages.deltaBinaries(values.toArray(new byte[0][]));
    List<ReadPlan> plans = new ArrayList<>();
    for (int first : new int[] {1, 40, 1000, 1024, 1025, 2099}) {
      plans.add(ReadPlan.skipThenRead(n, first));
    }
    plans.add(ReadPlan.bulk(n, n));
    plans.add(ReadPlan.bulk(n, 1024));
    plans.add(ReadPlan.readSkip(n, 33));
    plans.add(ReadPlan.readSkip(n, 1023));
    plans.add(ReadPlan.random(n, SEED + 2, 1500));
    Differential.check("DELTA_BYTE_ARRAY values of about 2^20 bytes, seed " + (SEED + 1),
        org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader::new, DeltaByteArrayReader::new, page, n, n,
        ValueKind.BINARY, plans, InputKind.HEAP, InputKind.DIRECT);
  }

  /**
   * The vector kernel alone, against the same check done one value at a time: random good blocks
   * of every whole-vector count up to the block limit, and blocks with one bad prefix or suffix at
   * each lane; the arrays end where the block does, so a load past it would throw.
   */
  @Test
  void vectorKernelAgreesWithTheValueByValueCheck() {
    assumeTrue(VectorSupport.on(), VectorSupport.status());
    int lanes = VectorDeltaByteArray.lanes();
    Random random = new Random(SEED + 3);
    for (int count = lanes; count <= VectorDeltaByteArray.MAX_BLOCK; count += count < 4 * lanes ? lanes : 13 * lanes) {
      int[] prefixes = new int[count + 1];
      int[] suffixes = new int[count + 1];
      for (int k = 0; k <= count; k++) {
        suffixes[k] = random.nextInt(k % 97 == 5 ? 1 << 20 : 50);
        prefixes[k] = k == 0 ? random.nextInt(1 << 20) : random.nextInt(Math.min(prefixes[k - 1] + suffixes[k - 1], (1 << 20) - 1) + 1);
      }
      String where = "count " + count + ", seed " + (SEED + 3);
      long good = VectorDeltaByteArray.checkPrefixes(prefixes, 1, suffixes, 1, count);
      assertEquals(reference(prefixes, suffixes, count), good, where);
      assertTrue(good >= 0, where + ": a good block looks bad");
      for (int at = 1; at <= Math.min(count, 2 * lanes + 1); at++) {
        int before = prefixes[at - 1] + suffixes[at - 1];
        for (int lie : new int[] {before + 1, -1, 1 << 20, (1 << 20) - 1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
          int[] p = prefixes.clone();
          p[at] = lie;
          assertEquals(reference(p, suffixes, count), VectorDeltaByteArray.checkPrefixes(p, 1, suffixes, 1, count),
              where + ", prefix " + lie + " at " + at);
          int[] s = suffixes.clone();
          s[at] = lie;
          assertEquals(reference(prefixes, s, count), VectorDeltaByteArray.checkPrefixes(prefixes, 1, s, 1, count),
              where + ", suffix " + lie + " at " + at);
        }
      }
    }
  }

  /** -1 when some length is negative or at least 2^20, or some prefix is longer than the value before; else the packed sums. */
  private static long reference(int[] prefixes, int[] suffixes, int count) {
    long prefixSum = 0;
    long suffixSum = 0;
    for (int k = 1; k <= count; k++) {
      long p = prefixes[k];
      long s = suffixes[k];
      if (p < 0 || s < 0 || p >= 1 << 20 || s >= 1 << 20 || p > (long) prefixes[k - 1] + suffixes[k - 1]) {
        return -1;
      }
      prefixSum += p;
      suffixSum += s;
    }
    return prefixSum << 32 | suffixSum;
  }
}
