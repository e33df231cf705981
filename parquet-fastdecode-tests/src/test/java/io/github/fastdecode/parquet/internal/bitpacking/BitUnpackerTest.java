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
package io.github.fastdecode.parquet.internal.bitpacking;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.fastdecode.parquet.internal.VectorSupport;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every width 0..64 of the generated unpackers against a bit-by-bit reference, with runs placed at
 * the very end of the array (a kernel that reads a byte too far fails) and after odd offsets.
 */
class BitUnpackerTest {
  private static final long SEED = 20240611L;

  /** The reference packer: the low {@code width} bits of each value, LSB first, one bit at a time. */
  static byte[] pack(long[] values, int width) {
    byte[] out = new byte[values.length / 8 * width];
    long bit = 0;
    for (long v : values) {
      for (int b = 0; b < width; b++, bit++) {
        if ((v >>> b & 1) != 0) {
          out[(int) (bit >>> 3)] |= (byte) (1 << (bit & 7));
        }
      }
    }
    return out;
  }

  /** The reference unpacker: {@code count} values of {@code width} bits from {@code in[pos..]}, one bit at a time. */
  static long[] unpack(byte[] in, int pos, int count, int width) {
    long[] out = new long[count];
    long bit = (long) pos * 8;
    for (int i = 0; i < count; i++) {
      for (int b = 0; b < width; b++, bit++) {
        if ((in[(int) (bit >>> 3)] >>> (bit & 7) & 1) != 0) {
          out[i] |= 1L << b;
        }
      }
    }
    return out;
  }

  /** Random values of {@code width} bits; every eighth is all ones and every ninth zero, to hit the extremes. */
  private static long[] values(Random r, int count, int width) {
    long mask = width == 64 ? -1L : (1L << width) - 1;
    long[] v = new long[count];
    for (int i = 0; i < count; i++) {
      v[i] = i % 8 == 3 ? mask : i % 9 == 4 ? 0 : r.nextLong() & mask;
    }
    return v;
  }

  /** {@code packed} placed at {@code lead} after junk bytes, ending exactly at the array's end. */
  private static byte[] atEnd(byte[] packed, int lead, Random r) {
    byte[] in = new byte[lead + packed.length];
    r.nextBytes(in);
    System.arraycopy(packed, 0, in, lead, packed.length);
    return in;
  }

  @Test
  void referencePackerRoundTrips() {
    Random r = new Random(SEED);
    for (int w = 0; w <= 64; w++) {
      long[] v = values(r, 40, w);
      assertArrayEquals(v, unpack(pack(v, w), 0, 40, w), "width " + w + " seed " + SEED);
    }
  }

  /** Runs of 8 and 32 values, and mixes of both, ending at the array's end after 0..13 junk bytes. */
  @Test
  void runsMatchTheReferenceAtTheArrayEnd() {
    Random r = new Random(SEED);
    for (int w = 0; w <= 64; w++) {
      for (int count : new int[] {0, 8, 16, 24, 32, 40, 64, 96, 104, 256, 1000}) {
        for (int lead : new int[] {0, 1, 7, 13}) {
          String where = "width " + w + ", count " + count + ", lead " + lead + ", seed " + SEED;
          long[] v = values(r, count, w);
          byte[] in = atEnd(pack(v, w), lead, r);
          assertArrayEquals(v, unpack(in, lead, count, w), where + " (reference)");
          long[] longs = sentinelLongs(count);
          int[] ints = sentinelInts(count);
          assertEquals(in.length, BitUnpacker.unpackLongs(w, in, lead, longs, 3, count), where + ": end of long run");
          assertEquals(in.length, BitUnpacker.unpackInts(w, in, lead, ints, 3, count), where + ": end of int run");
          assertEquals((long) count / 8 * w, BitUnpacker.packedBytes(w, count), where);
          checkOutput(where, v, longs, ints);
        }
      }
    }
  }

  /**
   * Runs followed by junk bytes, so the vector kernel (when on) can load whole vectors over the
   * whole run; where it stops, the scalar kernel must pick up at the right byte.
   */
  @Test
  void runsWithBytesAfterThemMatchTheReference() {
    Random r = new Random(SEED + 2);
    for (int w = 0; w <= 64; w++) {
      for (int count : new int[] {32, 40, 48, 56, 64, 72, 128, 136, 1000}) {
        for (int lead : new int[] {0, 3}) {
          String where = "width " + w + ", count " + count + ", lead " + lead + ", seed " + (SEED + 2);
          long[] v = values(r, count, w);
          byte[] packed = pack(v, w);
          byte[] in = new byte[lead + packed.length + 70];
          r.nextBytes(in);
          System.arraycopy(packed, 0, in, lead, packed.length);
          long[] longs = sentinelLongs(count);
          int[] ints = sentinelInts(count);
          assertEquals(lead + packed.length, BitUnpacker.unpackLongs(w, in, lead, longs, 3, count), where);
          assertEquals(lead + packed.length, BitUnpacker.unpackInts(w, in, lead, ints, 3, count), where);
          checkOutput(where, v, longs, ints);
        }
      }
    }
  }

  /**
   * The scalar kernels that replace the generated ones without vectors (width 1 from a table, 4 from
   * an int load per 8 values, 8 a byte load per value, 12 a long and an int load per 8 values)
   * called directly, whatever the vector state: runs of 0 to 4,096 values ending at the array's end
   * after 0..13 junk bytes, and followed by junk, against the reference.
   */
  @Test
  void scalarTwinsMatchTheReference() {
    Random r = new Random(SEED + 5);
    for (int w : new int[] {1, 4, 8, 12}) {
      for (int count : new int[] {0, 8, 16, 24, 32, 40, 64, 72, 120, 128, 136, 504, 1000, 4096}) {
        for (int lead : new int[] {0, 1, 7, 13}) {
          for (int after : new int[] {0, 5}) {
            String where = "width " + w + ", count " + count + ", lead " + lead + ", after " + after + ", seed " + (SEED + 5);
            long[] v = values(r, count, w);
            byte[] packed = pack(v, w);
            byte[] in = new byte[lead + packed.length + after];
            r.nextBytes(in);
            System.arraycopy(packed, 0, in, lead, packed.length);
            int[] ints = sentinelInts(count);
            int end = w == 1 ? BitUnpacker.unpackBits(in, lead, ints, 3, count)
                : w == 4 ? BitUnpacker.unpackNibbles(in, lead, ints, 3, count)
                : w == 8 ? BitUnpacker.unpackBytes(in, lead, ints, 3, count)
                : BitUnpacker.unpack12(in, lead, ints, 3, count);
            assertEquals(lead + packed.length, end, where + ": end of the run");
            long[] longs = sentinelLongs(count);
            BitUnpacker.unpackLongs(w, in, lead, longs, 3, count);
            checkOutput(where, v, longs, ints);
          }
        }
      }
    }
  }

  /** Every byte, as set bits and as clear bits, whole and cut to 0..8 booleans, at an offset. */
  @Test
  void bytesBecomeBooleans() {
    for (int b = 0; b < 512; b++) {
      for (int k = 0; k <= 8; k++) {
        boolean[] out = new boolean[12];
        Arrays.fill(out, 0, 3, true);
        if (k == 8) {
          BitUnpacker.byteToBooleans(b, out, 3);
        }
        BitUnpacker.byteToBooleans(b, out, 3, k);
        for (int i = 0; i < 8; i++) {
          boolean set = (b >>> i & 1) != 0;
          boolean expected = i < k && (b < 256 ? set : !set);
          assertEquals(expected, out[3 + i], "byte " + b + ", " + k + " booleans, bit " + i);
        }
        assertTrue(out[0] && out[1] && out[2] && !out[11], "byte " + b + ": written outside the 8 booleans");
      }
    }
  }

  /** The build runs the tests with the vector kernels on, and once more with them off (.ci/run). */
  @Test
  void vectorKernelsAreOnExactlyWhenTheTestRunAsksForThem() {
    boolean expected = Boolean.parseBoolean(System.getProperty("fastdecode.test.expectVector", "false"));
    assertEquals(expected, VectorSupport.on(), VectorSupport.status());
  }

  /**
   * The vector kernel alone: it writes exactly the whole vectors whose loads fit in the array,
   * each value right, and nothing after them.
   */
  @Test
  void vectorKernelWritesWholeVectorsThatFit() {
    assumeTrue(VectorSupport.on(), VectorSupport.status());
    Random r = new Random(SEED + 3);
    for (int w = 1; w <= VectorBitUnpacker.MAX_WIDTH; w++) {
      int lanes = VectorBitUnpacker.unpackLanes(w);
      for (int count : new int[] {0, 8, lanes, 3 * lanes + 8, 640}) {
        for (int slack : new int[] {0, 5, 64, 200}) {
          String where = "width " + w + ", count " + count + ", slack " + slack + ", seed " + (SEED + 3);
          long[] v = values(r, count, w);
          byte[] packed = pack(v, w);
          byte[] in = new byte[1 + packed.length + slack];
          r.nextBytes(in);
          System.arraycopy(packed, 0, in, 1, packed.length);
          int[] out = new int[count + 2];
          Arrays.fill(out, -7);
          int done = VectorBitUnpacker.unpackInts(w, in, 1, out, 1, count);
          int step = lanes / 8 * w;
          int steps = 0;
          while (steps < count / lanes && 1 + steps * step + VectorBitUnpacker.unpackLoadBytes(w) <= in.length) {
            steps++;
          }
          assertEquals(steps * lanes, done, where + ": values written");
          assertEquals(-7, out[0], where + ": before the output");
          for (int i = 0; i < done; i++) {
            assertEquals(v[i], out[1 + i], where + ": value " + i);
          }
          for (int i = 1 + done; i < out.length; i++) {
            assertEquals(-7, out[i], where + ": past the vectors, index " + i);
          }
        }
      }
    }
  }

  /**
   * The whole-vector kernels of the decoders' runs, short ({@code unpackIntVectors}) and long
   * ({@code unpackRunVectors}, which from 16 vectors on takes loops of its own at 256 bits): at every
   * width they write exactly {@code vectors} whole vectors, each value as the reference reads it
   * (the last vector runs past the packed run into the bytes after it), and nothing after; where the
   * last load would leave the array they return false and write nothing.
   */
  @Test
  void wholeVectorKernelsMatchTheReference() {
    assumeTrue(VectorSupport.on(), VectorSupport.status());
    long seed = SEED + 6;
    System.out.println("wholeVectorKernelsMatchTheReference seed " + seed);
    Random r = new Random(seed);
    for (int w = 1; w <= VectorBitUnpacker.MAX_WIDTH; w++) {
      int lanes = VectorBitUnpacker.unpackLanes(w);
      for (int vectors : new int[] {1, 3, 15, 16, 17, 63, 64}) {
        for (int lead : new int[] {0, 1, 3}) {
          for (int slack : new int[] {0, 3, 40, 80}) {
            for (boolean run : new boolean[] {false, true}) {
              String where = (run ? "unpackRunVectors" : "unpackIntVectors") + " width " + w + ", vectors " + vectors
                  + ", lead " + lead + ", slack " + slack + ", seed " + seed;
              int count = vectors * lanes;
              // The packed values cover the vectors' values; the vectors' loads may need bytes past them.
              byte[] in = new byte[lead + count / 8 * w + slack];
              r.nextBytes(in);
              long[] expected = unpack(in, lead, count, w);
              int[] out = new int[count + 3];
              Arrays.fill(out, -7);
              boolean done = run
                  ? VectorBitUnpacker.unpackRunVectors(w, in, lead, out, 1, vectors)
                  : VectorBitUnpacker.unpackIntVectors(w, in, lead, out, 1, vectors);
              assertEquals(-7, out[0], where + ": before the output");
              for (int i = 1 + (done ? count : 0); i < out.length; i++) {
                assertEquals(-7, out[i], where + ": past what was written, index " + i);
              }
              if (done) {
                for (int i = 0; i < count; i++) {
                  assertEquals(expected[i], out[1 + i], where + ": value " + i);
                }
              } else {
                // Refused only where a vector load would leave the array: with 64 bytes after the
                // run every kernel's loads fit.
                assertTrue(slack < 64, where + ": refused with " + slack + " bytes after the run");
              }
            }
          }
        }
      }
    }
  }

  /**
   * The width-1 vector kernels alone, at every bit offset 0..7 and every length 0..200, with the
   * bits ending at the array's end or followed by a few bytes: each writes exactly the whole vectors
   * whose loads fit, each value right (booleans in both polarities), and nothing after them.
   */
  @Test
  void vectorBitKernelsWriteWholeVectorsThatFit() {
    assumeTrue(VectorSupport.on(), VectorSupport.status());
    int intLanes = VectorBitUnpacker.intLanes();
    int byteLanes = VectorBitUnpacker.byteLanes();
    Random r = new Random(SEED + 4);
    for (int offset = 0; offset < 8; offset++) {
      for (int count = 0; count <= 200; count++) {
        for (int slack : new int[] {0, 1, 8, 9}) {
          String where = "bit offset " + offset + ", count " + count + ", slack " + slack + ", seed " + (SEED + 4);
          byte[] in = new byte[(offset + count + 7) / 8 + slack];
          r.nextBytes(in);
          int[] ints = new int[count + 3];
          Arrays.fill(ints, -7);
          int intsDone = VectorBitUnpacker.bitsToInts(in, offset, ints, 1, count);
          // A step loads 8 bytes from the byte holding its first bit.
          assertEquals(wholeSteps(count, intLanes, offset, 8, in.length), intsDone, where + ": ints written");
          assertEquals(-7, ints[0], where + ": before the ints");
          for (int i = 0; i < intsDone; i++) {
            assertEquals(bit(in, offset + i), ints[1 + i], where + ": int " + i);
          }
          for (int i = 1 + intsDone; i < ints.length; i++) {
            assertEquals(-7, ints[i], where + ": past the int vectors, index " + i);
          }
          for (boolean whenSet : new boolean[] {true, false}) {
            // Sentinels are what the kernel would not write for the first bit, so a stray write shows.
            boolean sentinel = count > 0 && (bit(in, offset) == 1) != whenSet;
            boolean[] booleans = new boolean[count + 3];
            Arrays.fill(booleans, sentinel);
            int done = VectorBitUnpacker.bitsToBooleans(in, offset, booleans, 1, count, whenSet);
            // A step loads 9 bytes from the byte holding its first bit.
            assertEquals(wholeSteps(count, byteLanes, offset, 9, in.length), done, where + ", whenSet " + whenSet);
            for (int i = 0; i < done; i++) {
              assertEquals((bit(in, offset + i) == 1) == whenSet, booleans[1 + i], where + ", whenSet " + whenSet + ": value " + i);
            }
            assertEquals(sentinel, booleans[0], where + ": before the booleans");
            for (int i = 1 + done; i < booleans.length; i++) {
              assertEquals(sentinel, booleans[i], where + ", whenSet " + whenSet + ": past the vectors, index " + i);
            }
          }
        }
      }
    }
  }

  /** Whole steps of {@code lanes} bits within {@code count} whose {@code loadBytes}-byte loads fit in {@code length}. */
  private static int wholeSteps(int count, int lanes, int firstBit, int loadBytes, int length) {
    int steps = 0;
    while ((steps + 1) * lanes <= count && (firstBit + steps * lanes) / 8 + loadBytes <= length) {
      steps++;
    }
    return steps * lanes;
  }

  private static int bit(byte[] in, int b) {
    return in[b >>> 3] >>> (b & 7) & 1;
  }

  /** The vector skip sums alone: exactly the whole vectors {@code wholeVectors} reports, every width they take. */
  @Test
  void vectorDeltaSumsMatchTheScalarSum() {
    assumeTrue(VectorSupport.on(), VectorSupport.status());
    Random r = new Random(SEED + 4);
    for (int w = 1; w <= 64; w++) {
      for (int count : new int[] {8, 64, 72, 256, 1000}) {
        for (int after : new int[] {0, 3, 64, 200}) {
          String where = "width " + w + ", count " + count + ", " + after + " bytes after, seed " + (SEED + 4);
          long[] v = values(r, count, w);
          byte[] packed = pack(v, w);
          byte[] in = new byte[1 + packed.length + after];
          r.nextBytes(in);
          System.arraycopy(packed, 0, in, 1, packed.length);
          if (VectorDeltaUnpacker.takesIntDeltas(w)) {
            int done = VectorDeltaUnpacker.wholeVectors(w, in.length, 1, count, true);
            assertEquals(0, done % VectorBitUnpacker.lanes(), where);
            assertTrue(done <= count && (done == 0 || 1 + (done - VectorBitUnpacker.lanes()) / 8 * w + 4 * VectorBitUnpacker.lanes() <= in.length), where);
            int expected = 0;
            for (int i = 0; i < done; i++) {
              expected += (int) v[i];
            }
            assertEquals(expected, VectorDeltaUnpacker.sumIntDeltas(w, in, 1, done), where + ": int sum of " + done);
          }
          if (VectorDeltaUnpacker.sumsLongDeltas(w)) {
            int done = VectorDeltaUnpacker.wholeVectors(w, in.length, 1, count, false);
            long expected = 0;
            for (int i = 0; i < done; i++) {
              expected += v[i];
            }
            assertEquals(expected, VectorDeltaUnpacker.sumLongDeltas(w, in, 1, done), where + ": long sum of " + done);
          }
        }
      }
    }
  }

  /** The fused delta kernels against a plain running sum of the reference deltas (wrapping), and the store-free sum. */
  @Test
  void deltaRunsMatchARunningSum() {
    Random r = new Random(SEED + 1);
    for (int w = 0; w <= 64; w++) {
      for (int count : new int[] {0, 8, 24, 32, 40, 64, 72, 128, 1000}) {
        for (long minDelta : new long[] {0, 1, -3, r.nextLong(), Long.MIN_VALUE}) {
          String where = "width " + w + ", count " + count + ", min delta " + minDelta + ", seed " + (SEED + 1);
          long[] v = values(r, count, w);
          byte[] in = atEnd(pack(v, w), 5, r);
          long start = r.nextLong();
          long[] expected = new long[count];
          long acc = start;
          for (int i = 0; i < count; i++) {
            acc += v[i] + minDelta;
            expected[i] = acc;
          }
          long[] longs = sentinelLongs(count);
          int[] ints = sentinelInts(count);
          assertEquals(acc, LongBitUnpacker.unpackDeltas(w, in, 5, longs, 3, count, start, minDelta), where + ": last long sum");
          assertEquals((int) acc, IntBitUnpacker.unpackDeltas(w, in, 5, ints, 3, count, (int) start, (int) minDelta),
              where + ": last int sum");
          long sum = 0;
          for (long x : v) {
            sum += x;
          }
          assertEquals(sum, LongBitUnpacker.sum(w, in, 5, count), where + ": sum without storing");
          checkOutput(where, expected, longs, ints);

          // The dispatching entry points (vector kernel first when on), at the array's end and with
          // bytes after the run so whole vectors fit.
          for (int after : new int[] {0, 70}) {
            byte[] padded = Arrays.copyOf(in, in.length + after);
            longs = sentinelLongs(count);
            ints = sentinelInts(count);
            assertEquals(acc, BitUnpacker.unpackLongDeltas(w, padded, 5, longs, 3, count, start, minDelta),
                where + ", " + after + " bytes after: last long sum");
            assertEquals((int) acc, BitUnpacker.unpackIntDeltas(w, padded, 5, ints, 3, count, (int) start, (int) minDelta),
                where + ", " + after + " bytes after: last int sum");
            checkOutput(where + ", " + after + " bytes after", expected, longs, ints);
            // The skip sums: all 64 bits for INT64 readers, the low 32 for INT32 ones.
            assertEquals(sum, BitUnpacker.sumDeltas(w, padded, 5, count, false), where + ", " + after + " bytes after: long sum");
            assertEquals((int) sum, (int) BitUnpacker.sumDeltas(w, padded, 5, count, true),
                where + ", " + after + " bytes after: low 32 bits of the sum");
          }
        }
      }
    }
  }

  /**
   * The vector delta kernels alone against the scalar ones, for every width they take: odd input
   * and output offsets, runs ending at the array's end or followed by junk, extreme min deltas and
   * running values; they write exactly the whole vectors whose loads fit, and nothing after them.
   */
  @Test
  void vectorDeltaKernelsMatchTheScalarKernels() {
    assumeTrue(VectorSupport.on(), VectorSupport.status());
    Random r = new Random(SEED + 4);
    int intLanes = VectorBitUnpacker.lanes();
    int longLanes = intLanes / 2;
    for (int w = 0; w <= 64; w++) {
      boolean ints = VectorDeltaUnpacker.takesIntDeltas(w);
      boolean longs = VectorDeltaUnpacker.takesLongDeltas(w);
      assertEquals(w >= 1 && w <= 32, ints, "width " + w + " taken by the int delta kernel");
      if (!ints && !longs) {
        continue;
      }
      for (int count : new int[] {0, 8, intLanes, 3 * intLanes + 8, 640}) {
        for (int lead : new int[] {0, 1, 7}) {
          for (int slack : new int[] {0, 5, 64, 200}) {
            long minDelta = new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE,
                r.nextLong()}[r.nextInt(7)];
            long start = r.nextBoolean() ? r.nextLong() : Integer.MAX_VALUE;
            String where = "width " + w + ", count " + count + ", lead " + lead + ", slack " + slack + ", min delta "
                + minDelta + ", start " + start + ", seed " + (SEED + 4);
            byte[] packed = pack(values(r, count, w), w);
            byte[] in = new byte[lead + packed.length + slack];
            r.nextBytes(in);
            System.arraycopy(packed, 0, in, lead, packed.length);
            if (ints) {
              int[] expected = new int[count + 2];
              IntBitUnpacker.unpackDeltas(w, in, lead, expected, 1, count, (int) start, (int) minDelta);
              int[] out = new int[count + 2];
              Arrays.fill(out, -7);
              int done = VectorDeltaUnpacker.unpackIntDeltas(w, in, lead, out, 1, count, (int) start, (int) minDelta);
              checkVectorDeltas(where + " (ints)", in, lead, w, count, intLanes, done);
              for (int i = 0; i < done; i++) {
                assertEquals(expected[1 + i], out[1 + i], where + ": int sum " + i);
              }
              assertUntouched(where + " (ints)", out, done);
            }
            if (longs) {
              long[] expected = new long[count + 2];
              LongBitUnpacker.unpackDeltas(w, in, lead, expected, 1, count, start, minDelta);
              long[] out = new long[count + 2];
              Arrays.fill(out, -7);
              int done = VectorDeltaUnpacker.unpackLongDeltas(w, in, lead, out, 1, count, start, minDelta);
              checkVectorDeltas(where + " (longs)", in, lead, w, count, longLanes, done);
              for (int i = 0; i < done; i++) {
                assertEquals(expected[1 + i], out[1 + i], where + ": long sum " + i);
              }
              for (int i = 0; i < out.length; i++) {
                if (i == 0 || i > done) {
                  assertEquals(-7, out[i], where + " (longs): index " + i + " outside the vectors written");
                }
              }
            }
          }
        }
      }
    }
  }

  /**
   * The INT32 overflow pattern (Integer.MIN_VALUE next to MAX_VALUE) through the dispatching int
   * delta entry point, as parquet-java's INT32 writer encodes it (deltas -1 and 1 wrapping, width 2)
   * and with the extreme min delta Integer.MIN_VALUE (width 32).
   */
  @Test
  void int32OverflowPatternWrapsInTheDeltaKernels() {
    int count = 1000;
    int[] values = new int[count];
    for (int i = 0; i < count; i++) {
      values[i] = (i & 1) == 0 ? Integer.MAX_VALUE : Integer.MIN_VALUE;
    }
    for (int minDelta : new int[] {-1, Integer.MIN_VALUE}) {
      long[] packedDeltas = new long[count];
      int previous = Integer.MIN_VALUE;
      int width = 0;
      for (int i = 0; i < count; i++) {
        int d = values[i] - previous - minDelta;
        packedDeltas[i] = d & 0xFFFFFFFFL;
        width = Math.max(width, 64 - Long.numberOfLeadingZeros(packedDeltas[i]));
        previous = values[i];
      }
      assertEquals(minDelta == -1 ? 2 : 32, width, "min delta " + minDelta);
      for (int after : new int[] {0, 70}) {
        byte[] packed = pack(packedDeltas, width);
        byte[] in = Arrays.copyOf(packed, packed.length + after);
        int[] out = new int[count];
        assertEquals(values[count - 1], BitUnpacker.unpackIntDeltas(width, in, 0, out, 0, count, Integer.MIN_VALUE, minDelta),
            "min delta " + minDelta + ", " + after + " bytes after: last value");
        assertArrayEquals(values, out, "min delta " + minDelta + ", " + after + " bytes after");
      }
    }
  }

  /** The vector kernel did exactly the whole vectors that fit in {@code count} and whose loads stay in {@code in}. */
  private static void checkVectorDeltas(String where, byte[] in, int lead, int w, int count, int lanes, int done) {
    int step = lanes / 8 * w;
    int steps = 0;
    while (steps < count / lanes && lead + steps * step + VectorBitUnpacker.lanes() * 4 <= in.length) {
      steps++;
    }
    assertEquals(steps * lanes, done, where + ": values written");
  }

  private static void assertUntouched(String where, int[] out, int done) {
    for (int i = 0; i < out.length; i++) {
      if (i == 0 || i > done) {
        assertEquals(-7, out[i], where + ": index " + i + " outside the vectors written");
      }
    }
  }

  @Test
  void widthsOutside0To64AreRefused() {
    for (int w : new int[] {-1, 65}) {
      assertThrows(IllegalArgumentException.class, () -> BitUnpacker.unpackLongs(w, new byte[64], 0, new long[8], 0, 8));
      assertThrows(IllegalArgumentException.class, () -> BitUnpacker.unpackInts(w, new byte[64], 0, new int[8], 0, 8));
      assertThrows(IllegalArgumentException.class, () -> LongBitUnpacker.unpackDeltas(w, new byte[64], 0, new long[8], 0, 8, 0, 0));
      assertThrows(IllegalArgumentException.class, () -> IntBitUnpacker.unpackDeltas(w, new byte[64], 0, new int[8], 0, 8, 0, 0));
      assertThrows(IllegalArgumentException.class, () -> LongBitUnpacker.sum(w, new byte[64], 0, 8));
    }
  }

  private static long[] sentinelLongs(int count) {
    long[] a = new long[count + 6];
    Arrays.fill(a, 0x5A5A5A5A5A5A5A5AL);
    return a;
  }

  private static int[] sentinelInts(int count) {
    int[] a = new int[count + 6];
    Arrays.fill(a, 0x5A5A5A5A);
    return a;
  }

  private static void checkOutput(String where, long[] expected, long[] longs, int[] ints) {
    int n = expected.length;
    for (int i = 0; i < n; i++) {
      assertEquals(expected[i], longs[3 + i], where + ": long value " + i);
      assertEquals((int) expected[i], ints[3 + i], where + ": int value " + i + " (low 32 bits)");
    }
    for (int i = 0; i < 3; i++) {
      assertEquals(0x5A5A5A5A5A5A5A5AL, longs[i], where + ": long output before the range");
      assertEquals(0x5A5A5A5A5A5A5A5AL, longs[3 + n + i], where + ": long output after the range");
      assertEquals(0x5A5A5A5A, ints[i], where + ": int output before the range");
      assertEquals(0x5A5A5A5A, ints[3 + n + i], where + ": int output after the range");
    }
  }
}
