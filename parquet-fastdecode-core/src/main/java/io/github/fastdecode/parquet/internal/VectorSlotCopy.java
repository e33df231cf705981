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
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Fixed-width copies of short byte-array values, one 256-bit load and store per 32 bytes, where
 * the scalar code takes 8-byte words or an arraycopy per value:
 *
 * <ul>
 *   <li>gathers of entries kept in fixed 16- or 32-byte slots (a dictionary's short entries, see
 *       {@link io.github.fastdecode.parquet.BinaryBatch#appendSlots}). Measured on
 *       DictionaryDecodeBenchmark type=BINARY (entries under 20 bytes, 32-byte slots), ns per row,
 *       vector / scalar slots: JDK 25 1.20 / 2.4, JDK 17 1.32 / 2.29;
 *   <li>PLAIN BYTE_ARRAY values, 32, 128 or 256 bytes each ({@link #copySpaced}), and single
 *       values of up to 32 bytes ({@link #copy32}).
 * </ul>
 *
 * <p>Only {@link VectorSupport} decides whether this class is used (it needs 256-bit vectors);
 * nothing else may load it.
 */
public final class VectorSlotCopy {
  private static final VectorSpecies<Byte> B128 = ByteVector.SPECIES_128;
  private static final VectorSpecies<Byte> B256 = ByteVector.SPECIES_256;

  private VectorSlotCopy() {}

  /**
   * Copies, for each id in {@code ids[from .. end)}, its whole slot of {@code 1 << shift} bytes
   * ({@code shift} 4 or 5) from {@code slots[id << shift]} to {@code dst[pos]}, then moves {@code
   * pos} on by {@code lengths[id]} and stores it at {@code offsets[++n]}. The ids must be valid
   * slots and {@code dst} must have a slot's room past the last value. Returns the end position.
   */
  public static int copySlots(byte[] slots, int shift, int[] lengths, int[] ids, int from, int end,
      byte[] dst, int pos, int[] offsets, int n) {
    if (shift == 5) {
      for (int i = from; i < end; i++) {
        int id = ids[i];
        ByteVector.fromArray(B256, slots, id << 5).intoArray(dst, pos);
        pos += lengths[id];
        offsets[++n] = pos;
      }
    } else {
      for (int i = from; i < end; i++) {
        int id = ids[i];
        ByteVector.fromArray(B128, slots, id << 4).intoArray(dst, pos);
        pos += lengths[id];
        offsets[++n] = pos;
      }
    }
    return pos;
  }

  /** Copies the 32 bytes at {@code src[from]} to {@code dst[at]}: one 256-bit load and store. */
  public static void copy32(byte[] src, int from, byte[] dst, int at) {
    ByteVector.fromArray(B256, src, from).intoArray(dst, at);
  }

  /**
   * Copies PLAIN BYTE_ARRAY values as fixed {@code width}-byte blocks ({@code width} 32, 128 or
   * 256): value {@code i} of {@code count} starts at {@code src[starts[i]]} and is {@code starts[i +
   * 1] - starts[i] - 4} bytes long, at most {@code width}. Each goes to {@code dst[pos]} as {@code
   * width / 32} 256-bit loads and stores, then {@code pos} moves on by its length and is stored at
   * {@code offsets[++n]}. {@code src} must hold {@code width} bytes from every start, and {@code dst}
   * {@code width} bytes past the last value. Returns the end position.
   */
  public static int copySpaced(byte[] src, int[] starts, int count, int width, byte[] dst, int pos, int[] offsets,
      int n) {
    int start = starts[0];
    if (width == 32) {
      for (int i = 1; i <= count; i++) {
        int next = starts[i];
        ByteVector.fromArray(B256, src, start).intoArray(dst, pos);
        pos += next - start - 4;
        offsets[n + i] = pos;
        start = next;
      }
    } else if (width == 128) {
      for (int i = 1; i <= count; i++) {
        int next = starts[i];
        copy128(src, start, dst, pos);
        pos += next - start - 4;
        offsets[n + i] = pos;
        start = next;
      }
    } else {
      for (int i = 1; i <= count; i++) {
        int next = starts[i];
        copy128(src, start, dst, pos);
        copy128(src, start + 128, dst, pos + 128);
        pos += next - start - 4;
        offsets[n + i] = pos;
        start = next;
      }
    }
    return pos;
  }

  private static void copy128(byte[] src, int from, byte[] dst, int at) {
    ByteVector v0 = ByteVector.fromArray(B256, src, from);
    ByteVector v1 = ByteVector.fromArray(B256, src, from + 32);
    ByteVector v2 = ByteVector.fromArray(B256, src, from + 64);
    ByteVector v3 = ByteVector.fromArray(B256, src, from + 96);
    v0.intoArray(dst, at);
    v1.intoArray(dst, at + 32);
    v2.intoArray(dst, at + 64);
    v3.intoArray(dst, at + 96);
  }

  public static String describe() {
    return "slot and spaced copies 128/256-bit";
  }

  /**
   * Empty when {@link #copySlots} gives what a byte-by-byte copy gives for both slot sizes, the
   * last slot ending at the table's end; otherwise what differed.
   */
  public static String selfCheck() {
    SplittableRandom random = new SplittableRandom(0x5107);
    for (int shift = 4; shift <= 5; shift++) {
      int slot = 1 << shift;
      int entries = 37;
      byte[] slots = new byte[entries << shift];
      int[] lengths = new int[entries];
      for (int e = 0; e < entries; e++) {
        lengths[e] = random.nextInt(slot + 1);
        for (int b = 0; b < lengths[e]; b++) {
          slots[(e << shift) + b] = (byte) random.nextInt();
        }
      }
      int count = 200;
      int[] ids = new int[count + 1];
      for (int i = 0; i < ids.length; i++) {
        ids[i] = i == count ? entries - 1 : random.nextInt(entries);
      }
      byte[] dst = new byte[3 + (count + 1) * slot];
      int[] offsets = new int[count + 2];
      offsets[0] = 3;
      int end = copySlots(slots, shift, lengths, ids, 1, count + 1, dst, 3, offsets, 0);
      int pos = 3;
      for (int i = 1; i <= count; i++) {
        int id = ids[i];
        for (int b = 0; b < lengths[id]; b++) {
          if (dst[pos + b] != slots[(id << shift) + b]) {
            return "slot copy " + slot + " bytes: value " + (i - 1) + " byte " + b + " differs";
          }
        }
        pos += lengths[id];
        if (offsets[i] != pos) {
          return "slot copy " + slot + " bytes: offset " + i + " is " + offsets[i] + ", expected " + pos;
        }
      }
      if (end != pos) {
        return "slot copy " + slot + " bytes: end " + end + ", expected " + pos;
      }
    }
    for (int width : new int[] {32, 128, 256}) {
      String differs = checkSpaced(random, width);
      if (!differs.isEmpty()) {
        return differs;
      }
    }
    return "";
  }

  /** {@link #copySpaced} against a byte-by-byte copy, for values of 0 to {@code width} bytes. */
  private static String checkSpaced(SplittableRandom random, int width) {
    int count = 90;
    int[] starts = new int[count + 1];
    int[] lengths = new int[count];
    int at = 5;
    for (int i = 0; i < count; i++) {
      lengths[i] = i == 0 ? width : random.nextInt(width + 1);
      starts[i] = at + 4;
      at += 4 + lengths[i];
    }
    starts[count] = at + 4;
    byte[] src = new byte[starts[count - 1] + width];
    for (int b = 0; b < src.length; b++) {
      src[b] = (byte) random.nextInt();
    }
    byte[] dst = new byte[2 + at + width];
    int[] offsets = new int[count + 2];
    offsets[1] = 2;
    int end = copySpaced(src, starts, count, width, dst, 2, offsets, 1);
    int pos = 2;
    for (int i = 0; i < count; i++) {
      for (int b = 0; b < lengths[i]; b++) {
        if (dst[pos + b] != src[starts[i] + b]) {
          return "spaced copy " + width + " bytes: value " + i + " byte " + b + " differs";
        }
      }
      pos += lengths[i];
      if (offsets[i + 2] != pos) {
        return "spaced copy " + width + " bytes: offset " + (i + 2) + " is " + offsets[i + 2] + ", expected " + pos;
      }
    }
    return end == pos ? "" : "spaced copy " + width + " bytes: end " + end + ", expected " + pos;
  }
}
