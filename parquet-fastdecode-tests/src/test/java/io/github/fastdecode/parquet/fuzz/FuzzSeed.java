package io.github.fastdecode.parquet.fuzz;

import java.io.ByteArrayOutputStream;

/**
 * Writes a fuzzer input that a target reads back as chosen: Jazzer's {@code FuzzedDataProvider}
 * takes byte arrays from the front of the input and integers from the back, one byte for a range
 * of up to 256 values ({@code min + byte % range}), two bytes (high byte last) up to 65,536. Calls
 * here go in the order the target consumes; {@link FuzzSeedsTest} checks the round trip through
 * Jazzer's own provider.
 */
final class FuzzSeed {
  private final ByteArrayOutputStream front = new ByteArrayOutputStream();
  /** Integer bytes in the order they are consumed (the input ends with them reversed). */
  private final ByteArrayOutputStream back = new ByteArrayOutputStream();

  /** A choice in a range of at most 256 values, as its offset from the range's minimum. */
  FuzzSeed pick(int offset) {
    if (offset < 0 || offset > 255) {
      throw new IllegalArgumentException("one-byte pick " + offset);
    }
    back.write(offset);
    return this;
  }

  /** A choice in a range of 257..65,536 values, as its offset from the range's minimum. */
  FuzzSeed u16(int offset) {
    if (offset < 0 || offset > 0xFFFF) {
      throw new IllegalArgumentException("two-byte pick " + offset);
    }
    back.write(offset >>> 8);
    back.write(offset & 0xFF);
    return this;
  }

  /**
   * A {@link FuzzCheck.Plan}: exact value count, input kind, then the calls as (index in the
   * target's vocabulary, count byte) pairs.
   */
  FuzzSeed plan(int valueCount, int inputKind, int... callsAndCounts) {
    pick(0).u16(valueCount).pick(inputKind).pick(callsAndCounts.length / 2);
    for (int c : callsAndCounts) {
      pick(c);
    }
    return this;
  }

  /** Bytes taken from the front ({@code consumeBytes}, or the rest with {@code consumeRemainingAsBytes}). */
  FuzzSeed bytes(byte[] b) {
    front.write(b, 0, b.length);
    return this;
  }

  byte[] build() {
    byte[] f = front.toByteArray();
    byte[] b = back.toByteArray();
    byte[] all = new byte[f.length + b.length];
    System.arraycopy(f, 0, all, 0, f.length);
    for (int i = 0; i < b.length; i++) {
      all[all.length - 1 - i] = b[i];
    }
    return all;
  }
}
