package io.github.fastdecode.parquet.internal;

/** ULEB128 varints (and their zig-zag forms) stored into a {@code byte[]}; callers leave 10 bytes of room. */
public final class VarInts {
  private VarInts() {}

  /** Stores {@code v} as an unsigned varint at {@code pos}; returns the position after it. */
  public static int putUnsigned(byte[] out, int pos, long v) {
    while ((v & ~0x7FL) != 0) {
      out[pos++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out[pos++] = (byte) v;
    return pos;
  }

  /** Stores the zig-zag varint of an int (parquet-java's {@code writeZigZagVarInt}). */
  public static int putZigZagInt(byte[] out, int pos, int v) {
    return putUnsigned(out, pos, Integer.toUnsignedLong((v << 1) ^ (v >> 31)));
  }

  /** Stores the zig-zag varint of a long (parquet-java's {@code writeZigZagVarLong}). */
  public static int putZigZagLong(byte[] out, int pos, long v) {
    return putUnsigned(out, pos, (v << 1) ^ (v >> 63));
  }
}
