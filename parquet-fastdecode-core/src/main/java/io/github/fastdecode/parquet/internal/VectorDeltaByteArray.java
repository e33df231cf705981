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
package io.github.fastdecode.parquet.internal;

import java.util.SplittableRandom;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * DELTA_BYTE_ARRAY's prefix check with the Vector API, a vector of values per step. Value k's
 * prefix must fit in value k - 1, whose length is its prefix plus its suffix: each step loads the
 * prefixes and suffixes at k and, one lane earlier, at k - 1, and ORs into two accumulators the
 * lengths (a negative one, or one of 2^{@link #SHORT_BITS} or more, sets a high bit) and "previous
 * length minus prefix" (negative when a prefix is too long). The JIT does not vectorise that
 * loop itself: it leaves loops that load one array at two offsets scalar.
 *
 * <p>A block either passes whole or is reported as looking bad, and the caller checks it value by
 * value to name the bad one (or to pass values that are merely long). Only {@link
 * io.github.fastdecode.parquet.internal.VectorSupport} decides whether this class is used; nothing
 * else may load it.
 */
public final class VectorDeltaByteArray {
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
  private static final int LANES = INTS.length();

  /**
   * Lengths below 2^SHORT_BITS pass the vector check: a value is then shorter than 2^21, "previous
   * length minus prefix" is exact, and the sums of {@link #MAX_BLOCK} prefixes or suffixes stay
   * below 2^30.
   */
  static final int SHORT_BITS = 20;

  /** The most values one call may check. */
  public static final int MAX_BLOCK = 1024;

  private VectorDeltaByteArray() {}

  /** Values per vector step. */
  public static int lanes() {
    return LANES;
  }

  /**
   * Checks the {@code count} values (a multiple of {@link #lanes()}, at most {@link #MAX_BLOCK})
   * whose prefix and suffix lengths are {@code prefixes[p, p + count)} and {@code suffixes[s, s +
   * count)}; the value before them is {@code prefixes[p - 1]} plus {@code suffixes[s - 1]} long, so
   * {@code p} and {@code s} are at least 1. Returns -1 when some length is negative or not below
   * 2^{@link #SHORT_BITS}, or some prefix is longer than the value before it; otherwise the sum of
   * the prefixes in the high 32 bits and the sum of the suffixes in the low 32 bits.
   */
  public static long checkPrefixes(int[] prefixes, int p, int[] suffixes, int s, int count) {
    IntVector lengthBits = IntVector.zero(INTS);
    IntVector overBits = IntVector.zero(INTS);
    IntVector prefixSum = IntVector.zero(INTS);
    IntVector suffixSum = IntVector.zero(INTS);
    for (int k = 0; k < count; k += LANES) {
      IntVector pv = IntVector.fromArray(INTS, prefixes, p + k);
      IntVector sv = IntVector.fromArray(INTS, suffixes, s + k);
      IntVector before = IntVector.fromArray(INTS, prefixes, p + k - 1).add(IntVector.fromArray(INTS, suffixes, s + k - 1));
      lengthBits = lengthBits.or(pv.or(sv));
      overBits = overBits.or(before.sub(pv));
      prefixSum = prefixSum.add(pv);
      suffixSum = suffixSum.add(sv);
    }
    int bad = (lengthBits.reduceLanes(VectorOperators.OR) >>> SHORT_BITS) | (overBits.reduceLanes(VectorOperators.OR) >>> 31);
    if (bad != 0) {
      return -1;
    }
    return ((long) prefixSum.reduceLanes(VectorOperators.ADD) << 32) | suffixSum.reduceLanes(VectorOperators.ADD);
  }

  /** The same check and sums one value at a time: the kernel's scalar twin, for {@link #selfCheck}. */
  static long checkPrefixesScalar(int[] prefixes, int p, int[] suffixes, int s, int count) {
    int prefixSum = 0;
    int suffixSum = 0;
    for (int k = 0; k < count; k++) {
      int pk = prefixes[p + k];
      int sk = suffixes[s + k];
      if (pk < 0 || sk < 0 || pk >>> SHORT_BITS != 0 || sk >>> SHORT_BITS != 0
          || pk > (long) prefixes[p + k - 1] + suffixes[s + k - 1]) {
        return -1;
      }
      prefixSum += pk;
      suffixSum += sk;
    }
    return ((long) prefixSum << 32) | suffixSum;
  }

  public static String describe() {
    return "DELTA_BYTE_ARRAY " + INTS.vectorBitSize() + "-bit";
  }

  /**
   * Empty when the kernel agrees with its scalar twin on good blocks and on blocks with one bad
   * prefix or length (negative, too long, at the first, a middle or the last lane); otherwise what
   * differed.
   */
  public static String selfCheck() {
    SplittableRandom random = new SplittableRandom(0xDBA);
    int count = 4 * LANES;
    int[] prefixes = new int[count + 1];
    int[] suffixes = new int[count + 1];
    for (int trial = 0; trial < 40; trial++) {
      for (int k = 0; k <= count; k++) {
        suffixes[k] = random.nextInt(20);
        prefixes[k] = k == 0 ? random.nextInt(20) : random.nextInt(prefixes[k - 1] + suffixes[k - 1] + 1);
      }
      if (trial > 0) {
        int at = 1 + new int[] {0, LANES - 1, LANES, count / 2 + 1, count - 1}[trial % 5];
        int lie = new int[] {-1, prefixes[at - 1] + suffixes[at - 1] + 1, 1 << SHORT_BITS, Integer.MIN_VALUE}[trial / 5 % 4];
        if (trial % 2 == 0) {
          prefixes[at] = lie;
        } else {
          suffixes[at] = lie;
        }
      }
      long expected = checkPrefixesScalar(prefixes, 1, suffixes, 1, count);
      long actual = checkPrefixes(prefixes, 1, suffixes, 1, count);
      if (expected != actual || (trial == 0 && expected < 0)) {
        return "vector DELTA_BYTE_ARRAY prefix check differs from scalar, trial " + trial + ": " + actual + " vs " + expected;
      }
    }
    return "";
  }
}
