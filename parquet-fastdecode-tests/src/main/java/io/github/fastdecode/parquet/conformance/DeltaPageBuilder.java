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

import java.io.ByteArrayOutputStream;
import java.util.Random;

/**
 * Hand-built DELTA_BINARY_PACKED pages, including layouts parquet-java's writer never produces:
 * any block size and miniblock count, stale bit-width bytes in unused miniblocks, random padding
 * bits in the last miniblock, and bit widths wider than the deltas need (up to 64, also for INT32
 * values). Deltas are taken in 64-bit arithmetic, as parquet-java's reader sums them.
 *
 * <p>The static helpers write the raw fields, for composing corrupt pages byte by byte.
 */
public final class DeltaPageBuilder {
  private final int blockSize;
  private final int miniBlocks;
  private int staleWidth;
  private Random padding;
  private int minWidth;

  /** Blocks of {@code blockSize} values in {@code miniBlocks} miniblocks (no validation: build bad layouts too). */
  public DeltaPageBuilder(int blockSize, int miniBlocks) {
    this.blockSize = blockSize;
    this.miniBlocks = miniBlocks;
  }

  /** The width byte written for miniblocks after the last value (parquet-java writes 0; readers must ignore it). */
  public DeltaPageBuilder staleWidth(int width) {
    this.staleWidth = width;
    return this;
  }

  /** Fills the padding values of the last miniblock with random bits from {@code seed} (otherwise zeros). */
  public DeltaPageBuilder randomPadding(long seed) {
    this.padding = new Random(seed);
    return this;
  }

  /** Packs every miniblock with at least {@code width} bits, even when its deltas need fewer. */
  public DeltaPageBuilder minWidth(int width) {
    this.minWidth = width;
    return this;
  }

  /** The page holding {@code values}. */
  public byte[] build(long[] values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeUleb(out, blockSize);
    writeUleb(out, miniBlocks);
    writeUleb(out, values.length);
    writeUleb(out, zigzag(values.length == 0 ? 0 : values[0]));
    int miniSize = blockSize / miniBlocks;
    for (int start = 1; start < values.length; start += blockSize) {
      int count = Math.min(blockSize, values.length - start);
      long[] deltas = new long[count];
      long min = Long.MAX_VALUE;
      for (int i = 0; i < count; i++) {
        deltas[i] = values[start + i] - values[start + i - 1];
        min = Math.min(min, deltas[i]);
      }
      writeUleb(out, zigzag(min));
      int used = (count + miniSize - 1) / miniSize;
      int[] widths = new int[miniBlocks];
      for (int m = 0; m < miniBlocks; m++) {
        if (m >= used) {
          widths[m] = staleWidth;
          continue;
        }
        long or = 0;
        for (int i = m * miniSize; i < Math.min(count, (m + 1) * miniSize); i++) {
          or |= deltas[i] - min;
        }
        widths[m] = Math.max(minWidth, 64 - Long.numberOfLeadingZeros(or));
      }
      for (int w : widths) {
        out.write(w);
      }
      for (int m = 0; m < used; m++) {
        long[] packed = new long[miniSize];
        for (int i = 0; i < miniSize; i++) {
          int d = m * miniSize + i;
          if (d < count) {
            packed[i] = deltas[d] - min;
          } else if (padding != null) {
            packed[i] = padding.nextLong();
          }
        }
        byte[] bytes = pack(packed, widths[m]);
        out.write(bytes, 0, bytes.length);
      }
    }
    return out.toByteArray();
  }

  /**
   * Packs the low {@code width} bits of each value LSB first, one bit at a time. {@code
   * values.length} must be a multiple of 8.
   */
  public static byte[] pack(long[] values, int width) {
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

  public static long zigzag(long v) {
    return (v << 1) ^ (v >> 63);
  }

  /** ULEB128 of {@code v} read as unsigned. */
  public static byte[] uleb(long v) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeUleb(out, v);
    return out.toByteArray();
  }

  static void writeUleb(ByteArrayOutputStream out, long v) {
    while ((v & ~0x7FL) != 0) {
      out.write((int) (v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out.write((int) v);
  }

  /** Concatenates byte arrays and single bytes (Integers), for composing pages by hand. */
  public static byte[] concat(Object... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object p : parts) {
      if (p instanceof byte[]) {
        byte[] b = (byte[]) p;
        out.write(b, 0, b.length);
      } else {
        out.write((Integer) p);
      }
    }
    return out.toByteArray();
  }
}
