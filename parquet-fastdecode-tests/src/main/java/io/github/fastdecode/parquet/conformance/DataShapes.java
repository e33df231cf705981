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
package io.github.fastdecode.parquet.conformance;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * Synthetic column data shared by the tests and the benchmarks: each shape is a deterministic
 * function of (size, seed), so a failure names a reproducible input.
 */
public final class DataShapes {
  private DataShapes() {}

  /** Page sizes around the 8-value groups, 32-value miniblocks and 128-value blocks. */
  public static final int[] PAGE_SIZES = {0, 1, 7, 8, 9, 31, 32, 33, 127, 128, 129, 1024, 100_003};

  public static long[] constant(int n, long value) {
    long[] v = new long[n];
    java.util.Arrays.fill(v, value);
    return v;
  }

  /** Increasing by 1..4 per step from a large base (timestamps, ids). */
  public static long[] monotonic(int n, long seed) {
    Random r = new Random(seed);
    long[] v = new long[n];
    long x = 1_700_000_000_000L;
    for (int i = 0; i < n; i++) {
      x += 1 + r.nextInt(4);
      v[i] = x;
    }
    return v;
  }

  /** A random walk with deltas in [-128, 128). */
  public static long[] smallDeltas(int n, long seed) {
    Random r = new Random(seed);
    long[] v = new long[n];
    long x = r.nextInt();
    for (int i = 0; i < n; i++) {
      x += r.nextInt(256) - 128;
      v[i] = x;
    }
    return v;
  }

  /** Uniform random over the whole range of {@code bits}-bit signed values. */
  public static long[] wide(int n, long seed, int bits) {
    Random r = new Random(seed);
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = bits == 64 ? r.nextLong() : (r.nextLong() << (64 - bits)) >> (64 - bits);
    }
    return v;
  }

  /** MIN, MAX, 0, -1, 1 in a seeded mix: deltas that overflow in both directions. */
  public static long[] extremes(int n, long seed, int bits) {
    long min = bits == 64 ? Long.MIN_VALUE : Integer.MIN_VALUE;
    long max = bits == 64 ? Long.MAX_VALUE : Integer.MAX_VALUE;
    long[] pool = {min, max, 0, -1, 1, min + 1, max - 1};
    Random r = new Random(seed);
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = pool[r.nextInt(pool.length)];
    }
    return v;
  }

  /** INT32 MIN and MAX alternating: every delta overflows int and must wrap modulo 2^32. */
  public static long[] int32Overflow(int n) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = (i & 1) == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE;
    }
    return v;
  }

  /** The integer shapes every integer decoder is tested over, keyed by name. */
  public static Map<String, long[]> integerShapes(int n, long seed, int bits) {
    Map<String, long[]> m = new LinkedHashMap<>();
    m.put("constant", constant(n, bits == 64 ? -7_000_000_000L : -7));
    m.put("zeros", constant(n, 0));
    m.put("monotonic", bits == 64 ? monotonic(n, seed) : narrow(monotonic(n, seed)));
    m.put("smallDeltas", bits == 64 ? smallDeltas(n, seed) : narrow(smallDeltas(n, seed)));
    m.put("wide", wide(n, seed, bits));
    m.put("extremes", extremes(n, seed, bits));
    if (bits == 32) {
      m.put("int32Overflow", int32Overflow(n));
    }
    return m;
  }

  /** Narrows every value to int (wrapping), keeping it as a long. */
  public static long[] narrow(long[] v) {
    long[] out = new long[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (int) v[i];
    }
    return out;
  }

  /** Doubles with the awkward values: NaNs with payloads, both zeros, subnormals, infinities, extremes. */
  public static double[] doubles(int n, long seed) {
    double[] special = {Double.NaN, Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff8000000000123L),
        -0.0, 0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL / 3, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.5};
    Random r = new Random(seed);
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      int k = r.nextInt(4);
      v[i] = k == 0 ? special[r.nextInt(special.length)] : k == 1 ? Double.longBitsToDouble(r.nextLong()) : r.nextGaussian() * 1e6;
    }
    return v;
  }

  /** Floats with the awkward values. */
  public static float[] floats(int n, long seed) {
    float[] special = {Float.NaN, Float.intBitsToFloat(0x7f800001), Float.intBitsToFloat(0xffc00123), -0.0f, 0.0f,
        Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL / 3, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        Float.MAX_VALUE, -Float.MAX_VALUE, 1.0f, -1.5f};
    Random r = new Random(seed);
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      int k = r.nextInt(4);
      v[i] = k == 0 ? special[r.nextInt(special.length)] : k == 1 ? Float.intBitsToFloat(r.nextInt()) : (float) (r.nextGaussian() * 1e3);
    }
    return v;
  }

  /** Random fixed-length byte values. */
  public static byte[][] fixedBytes(int n, int length, long seed) {
    Random r = new Random(seed);
    byte[][] v = new byte[n][length];
    for (byte[] b : v) {
      r.nextBytes(b);
    }
    return v;
  }

  /** Booleans: all false, all true, alternating, random, and sparse trues. */
  public static Map<String, boolean[]> booleanShapes(int n, long seed) {
    Random r = new Random(seed);
    Map<String, boolean[]> m = new LinkedHashMap<>();
    boolean[] f = new boolean[n];
    boolean[] t = new boolean[n];
    boolean[] alt = new boolean[n];
    boolean[] rnd = new boolean[n];
    boolean[] sparse = new boolean[n];
    for (int i = 0; i < n; i++) {
      t[i] = true;
      alt[i] = (i & 1) == 0;
      rnd[i] = r.nextBoolean();
      sparse[i] = r.nextInt(50) == 0;
    }
    m.put("allFalse", f);
    m.put("allTrue", t);
    m.put("alternating", alt);
    m.put("random", rnd);
    m.put("sparse", sparse);
    return m;
  }

  /**
   * Byte-array columns: empty values, 1 byte, 16 bytes, mixed lengths up to 10 KB, non-UTF-8
   * bytes, sorted keys with long shared prefixes, and random strings.
   */
  public static Map<String, byte[][]> binaryShapes(int n, long seed) {
    Random r = new Random(seed);
    Map<String, byte[][]> m = new LinkedHashMap<>();
    m.put("empty", new byte[n][0]);
    m.put("oneByte", fixedBytes(n, 1, seed));
    m.put("sixteenBytes", fixedBytes(n, 16, seed + 1));
    byte[][] mixed = new byte[n][];
    byte[][] nonUtf8 = new byte[n][];
    byte[][] sorted = new byte[n][];
    byte[][] ascii = new byte[n][];
    String prefix = "customer/region-eu-west/shard-000017/";
    for (int i = 0; i < n; i++) {
      int k = r.nextInt(100);
      mixed[i] = new byte[k < 2 ? 10_240 : k < 20 ? 0 : r.nextInt(40)];
      r.nextBytes(mixed[i]);
      nonUtf8[i] = new byte[1 + r.nextInt(8)];
      for (int j = 0; j < nonUtf8[i].length; j++) {
        nonUtf8[i][j] = (byte) (0x80 | r.nextInt(128)); // lone continuation and lead bytes
      }
      sorted[i] = String.format("%s%010d", prefix, i * 7L).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      char[] c = new char[r.nextInt(24)];
      for (int j = 0; j < c.length; j++) {
        c[j] = (char) ('a' + r.nextInt(26));
      }
      ascii[i] = new String(c).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
    m.put("mixedUpTo10k", mixed);
    m.put("nonUtf8", nonUtf8);
    m.put("sortedSharedPrefix", sorted);
    m.put("randomStrings", ascii);
    return m;
  }

  /**
   * Small non-negative ints of {@code bitWidth} bits (ids, levels): uniformly random, long runs,
   * runs of every length 1..70 (around the 8-value group boundaries), and a mix of both.
   */
  public static Map<String, int[]> idShapes(int n, long seed, int bitWidth) {
    Random r = new Random(seed);
    long bound = 1L << bitWidth;
    Map<String, int[]> m = new LinkedHashMap<>();
    int[] random = new int[n];
    int[] longRuns = new int[n];
    int[] everyRun = new int[n];
    int[] mixed = new int[n];
    int runLen = 1;
    int runLeft = 0;
    int runValue = 0;
    for (int i = 0; i < n; i++) {
      random[i] = (int) (r.nextLong() & (bound - 1));
      longRuns[i] = (int) (((i / 1000) * 2654435761L) & (bound - 1));
      if (runLeft == 0) {
        runLeft = runLen;
        runLen = runLen % 70 + 1;
        runValue = (int) (r.nextLong() & (bound - 1));
      }
      everyRun[i] = runValue;
      runLeft--;
      mixed[i] = (i / 64) % 2 == 0 ? random[i] : everyRun[i];
    }
    m.put("random", random);
    m.put("longRuns", longRuns);
    m.put("runs1to70", everyRun);
    m.put("mixed", mixed);
    return m;
  }
}
