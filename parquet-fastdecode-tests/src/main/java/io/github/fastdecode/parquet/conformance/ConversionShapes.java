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

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Data for the converting reads (timestamps, dates, INT96, unsigned longs): values chosen so the
 * conversion is representable, with the boundaries included, for comparing a reader against
 * parquet-java plus an independent conversion. Overflow itself is tested separately.
 */
public final class ConversionShapes {
  private ConversionShapes() {}

  /** Julian day number of 1970-01-01. */
  public static final int JULIAN_EPOCH_DAY = 2_440_588;
  public static final long NANOS_PER_DAY = 86_400_000_000_000L;
  public static final long MICROS_PER_DAY = 86_400_000_000L;
  /** Most days from the epoch whose start fits in microseconds. */
  public static final long MAX_DAYS_IN_MICROS = Long.MAX_VALUE / MICROS_PER_DAY;

  /** Each value divided by 1000 (truncating): every result times 1000 fits, MIN/MAX map to the edges. */
  public static long[] millisThatFitMicros(long[] values) {
    long[] out = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = values[i] / 1000;
    }
    return out;
  }

  /** Each value folded into [-MAX_DAYS_IN_MICROS, MAX_DAYS_IN_MICROS]; the edges are kept as edges. */
  public static long[] daysThatFitMicros(long[] values) {
    long[] out = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      long v = values[i];
      if (v >= Integer.MAX_VALUE - 1) {
        out[i] = MAX_DAYS_IN_MICROS;
      } else if (v <= Integer.MIN_VALUE + 1) {
        out[i] = -MAX_DAYS_IN_MICROS;
      } else {
        out[i] = v % (MAX_DAYS_IN_MICROS + 1);
      }
    }
    return out;
  }

  /** One INT96 value: 8 bytes little-endian nanos of day, then 4 bytes little-endian Julian day. */
  public static byte[] int96(int julianDay, long nanosOfDay) {
    byte[] b = new byte[12];
    for (int i = 0; i < 8; i++) {
      b[i] = (byte) (nanosOfDay >>> (8 * i));
    }
    for (int i = 0; i < 4; i++) {
      b[8 + i] = (byte) (julianDay >>> (8 * i));
    }
    return b;
  }

  /**
   * INT96 timestamps that fit in nanoseconds (and so in microseconds): the epoch, the latest and
   * earliest representable instants, negative and oversized nanos of day, then realistic dates
   * (1915..2024) with random times.
   */
  public static byte[][] int96FitNanos(int n, long seed) {
    List<byte[]> edges = new ArrayList<>();
    edges.add(int96(JULIAN_EPOCH_DAY, 0));
    long maxDays = Long.MAX_VALUE / NANOS_PER_DAY;
    edges.add(int96((int) (JULIAN_EPOCH_DAY + maxDays), Long.MAX_VALUE - maxDays * NANOS_PER_DAY));
    long minDays = Math.floorDiv(Long.MIN_VALUE, NANOS_PER_DAY);
    edges.add(int96((int) (JULIAN_EPOCH_DAY + minDays), Long.MIN_VALUE - minDays * NANOS_PER_DAY));
    edges.add(int96(JULIAN_EPOCH_DAY, -1));
    edges.add(int96(JULIAN_EPOCH_DAY, -999));
    edges.add(int96(JULIAN_EPOCH_DAY, -1000));
    edges.add(int96(JULIAN_EPOCH_DAY, -1001));
    edges.add(int96(JULIAN_EPOCH_DAY - 1, NANOS_PER_DAY - 1));
    edges.add(int96(JULIAN_EPOCH_DAY + 1, 3 * NANOS_PER_DAY)); // oversized nanos of day: plain arithmetic
    return fill(n, seed, edges, r -> int96(JULIAN_EPOCH_DAY - 20_000 + r.nextInt(40_000), (long) (r.nextDouble() * NANOS_PER_DAY)));
  }

  /**
   * INT96 timestamps that fit in microseconds but mostly not in nanoseconds: the exact edges, then
   * days strictly within {@link #MAX_DAYS_IN_MICROS} of the epoch (where any time of day fits).
   */
  public static byte[][] int96FitMicros(int n, long seed) {
    List<byte[]> edges = new ArrayList<>();
    long maxDays = Long.MAX_VALUE / MICROS_PER_DAY;
    edges.add(int96((int) (JULIAN_EPOCH_DAY + maxDays), (Long.MAX_VALUE - maxDays * MICROS_PER_DAY) * 1000 + 999));
    long minDays = Math.floorDiv(Long.MIN_VALUE, MICROS_PER_DAY);
    edges.add(int96((int) (JULIAN_EPOCH_DAY + minDays), (Long.MIN_VALUE - minDays * MICROS_PER_DAY) * 1000));
    edges.add(int96(JULIAN_EPOCH_DAY, 0));
    edges.add(int96(JULIAN_EPOCH_DAY, -1001));
    return fill(n, seed, edges, r -> int96((int) (JULIAN_EPOCH_DAY + r.nextInt(2 * (int) maxDays - 1) - maxDays + 1),
        (long) (r.nextDouble() * NANOS_PER_DAY)));
  }

  private interface Gen {
    byte[] next(Random r);
  }

  /** The edges first (as many as fit), then a seeded mix where one value in four is an edge. */
  private static byte[][] fill(int n, long seed, List<byte[]> edges, Gen gen) {
    Random r = new Random(seed);
    byte[][] v = new byte[n][];
    for (int i = 0; i < n; i++) {
      v[i] = i < edges.size() ? edges.get(i).clone()
          : r.nextInt(4) == 0 ? edges.get(r.nextInt(edges.size())).clone() : gen.next(r);
    }
    return v;
  }

  /**
   * UINT_64 edge values: 0, 1, 127, 128, 255, 256, every power of two and its neighbours, 2^63 - 1,
   * 2^63, 2^64 - 1 (as signed longs).
   */
  public static long[] unsignedEdges() {
    List<Long> v = new ArrayList<>(List.of(0L, 1L, 127L, 128L, 255L, 256L, 32_767L, 32_768L, 65_535L, 65_536L,
        Long.MAX_VALUE, Long.MIN_VALUE, -1L));
    for (int b = 0; b < 64; b++) {
      long p = 1L << b;
      v.add(p - 1);
      v.add(p);
      v.add(p + 1);
    }
    long[] out = new long[v.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = v.get(i);
    }
    return out;
  }

  /** {@link #unsignedEdges()} repeated and shuffled on a seed to fill {@code n} values. */
  public static long[] unsigned(int n, long seed) {
    long[] edges = unsignedEdges();
    Random r = new Random(seed);
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = i < edges.length ? edges[i] : r.nextBoolean() ? edges[r.nextInt(edges.length)] : r.nextLong() >>> r.nextInt(64);
    }
    return v;
  }
}
