package io.github.fastdecode.parquet.internal;

import java.util.SplittableRandom;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Gathers of byte-array entries kept in fixed 16- or 32-byte slots (a dictionary's short entries,
 * see {@link io.github.fastdecode.parquet.BinaryBatch#appendSlots}): each value is one vector load
 * of its slot and one store, where the scalar copy takes two or four 8-byte loads and stores.
 * Measured on DictionaryDecodeBenchmark type=BINARY (entries under 20 bytes, 32-byte slots), ns per
 * row, vector / scalar slots: JDK 25 1.20 / 2.4, JDK 17 1.32 / 2.29.
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

  public static String describe() {
    return "slot copies 128/256-bit";
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
    return "";
  }
}
