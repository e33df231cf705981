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
package io.github.fastdecode.parquet.denserow;

import static io.github.fastdecode.parquet.denserow.PrefixVarints.PREFIX_ONES;
import static io.github.fastdecode.parquet.denserow.PrefixVarints.ZZ64_PREFIX_BYTES;
import static io.github.fastdecode.parquet.denserow.PrefixVarints.prefixSize;
import static io.github.fastdecode.parquet.denserow.RowTypeNodes.plain;
import static io.github.fastdecode.parquet.denserow.RowTypeNodes.zigzagAt;

import io.github.fastdecode.parquet.internal.VarInts;
import java.util.Arrays;

/**
 * The size pass of {@link DenseRowCodec#rowSizes}: every row's size, one pass per column, and for
 * each container with a packable child the width the writer is to use (kept in the width records
 * for {@link RowEncoder}, which uses them for the batch and sizes array this pass saw last).
 */
final class RowSizer {
  private final int[][] childNodes;
  private final int[] packMasks;
  private final int[] slots;
  private final EncodedEntries entries;
  /** Per nesting depth: element sizes, reused. */
  private int[][] scratch = new int[8][];
  /*
   * The width byte (0 for varints) the size pass chose for each container entry of each slot,
   * entries [recordFrom[slot], recordTo[slot]); serialize reuses them for the batch and sizes array
   * rowSizes last saw instead of choosing again.
   */
  final byte[][] widthRecords;
  final int[] recordFrom;
  final int[] recordTo;
  private DenseVector sizedBatch;
  private int[] sizedSizes;
  private int sizedRows = -1;

  RowSizer(RowTypeNodes nodes, EncodedEntries entries) {
    this.childNodes = nodes.childNodes;
    this.packMasks = nodes.packMasks;
    this.slots = nodes.slots;
    this.entries = entries;
    widthRecords = new byte[nodes.slotCount][];
    recordFrom = new int[nodes.slotCount];
    recordTo = new int[nodes.slotCount];
  }

  /** Whether the width records are those of {@code batch}'s last size pass into {@code sizes}. */
  boolean sized(DenseVector batch, int[] sizes, int n) {
    return batch == sizedBatch && sizes == sizedSizes && n == sizedRows;
  }

  /**
   * Stores the serialised size of every row of {@code batch} in {@code sizes[0 .. batch.size())}
   * (no format byte, no length prefix), one pass per column; returns their sum.
   */
  long rowSizes(DenseVector batch, int[] sizes) {
    int n = batch.size;
    if (sizes.length < n) {
      throw new IllegalArgumentException("sizes has room for " + sizes.length + " rows, the batch has " + n);
    }
    Arrays.fill(sizes, 0, n, 0);
    sizedBatch = null;
    for (int f = 0; f < childNodes[0].length; f++) {
      addSizes(batch.children[f], 0, n, sizes, 0, 0, childNodes[0][f]);
    }
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += sizes[i];
    }
    sizedBatch = batch;
    sizedSizes = sizes;
    sizedRows = n;
    return total;
  }

  private int[] scratch(int depth, int n) {
    if (depth >= scratch.length) {
      scratch = Arrays.copyOf(scratch, depth + 4);
    }
    int[] s = scratch[depth];
    if (s == null || s.length < n) {
      s = new int[Math.max(n, s == null ? 64 : s.length * 2)];
      scratch[depth] = s;
    }
    Arrays.fill(s, 0, n, 0);
    return s;
  }

  /** The width record of {@code slot}, with room for entries {@code [from, to)}, which it will hold. */
  private byte[] widthRecord(int slot, int from, int to) {
    byte[] r = widthRecords[slot];
    if (r == null || r.length < to) {
      r = new byte[Math.max(to, r == null ? 64 : r.length * 2)];
      widthRecords[slot] = r;
    }
    recordFrom[slot] = from;
    recordTo[slot] = to;
    return r;
  }

  /**
   * Adds the sizes of entries {@code [from, from + count)} of {@code v} (type node {@code node}) to
   * {@code out[o ..]}.
   */
  private void addSizes(DenseVector v, int from, int count, int[] out, int o, int depth, int node) {
    DenseType t = v.type();
    boolean nullable = t.nullable();
    boolean[] nulls = v.nulls;
    if (v.constant || v.dictionary != null) {
      addEncodedSizes(v, from, count, out, o);
      return;
    }
    switch (t.kind()) {
      case BOOLEAN:
        for (int i = 0; i < count; i++) {
          out[o + i] += 1;
        }
        break;
      case INT32: {
        int[] a = v.ints;
        if (nullable) {
          // A null is varint(0): one size computation, no branch on the null mask.
          for (int i = 0; i < count; i++) {
            int x = a[from + i];
            out[o + i] += VarInts.size(nulls[from + i] ? 0 : Integer.toUnsignedLong((x << 1) ^ (x >> 31)) + 1);
          }
        } else {
          byte[] bytes = ZZ32_BYTES;
          for (int i = 0; i < count; i++) {
            int x = a[from + i];
            out[o + i] += bytes[Integer.numberOfLeadingZeros(x ^ (x >> 31))];
          }
        }
        break;
      }
      case INT64: {
        long[] a = v.longs;
        if (nullable) {
          // A null is prefix(0), one byte: the leading zeros of 1 give it; a not-null value's
          // zz64(v) + 1 that wrapped to 0 (Long.MIN_VALUE) has 64 and the 9-byte form.
          byte[] ones = PREFIX_ONES;
          for (int i = 0; i < count; i++) {
            long x = a[from + i];
            boolean isNull = nulls[from + i];
            long z1 = isNull ? 1 : ((x << 1) ^ (x >> 63)) + 1;
            out[o + i] += ones[Long.numberOfLeadingZeros(z1)] + 1;
          }
        } else {
          byte[] bytes = ZZ64_PREFIX_BYTES;
          for (int i = 0; i < count; i++) {
            long x = a[from + i];
            out[o + i] += bytes[Long.numberOfLeadingZeros(x ^ (x >> 63))];
          }
        }
        break;
      }
      case FLOAT:
      case DOUBLE:
      case FIXED: {
        int w = t.kind() == DenseType.Kind.FLOAT ? 4 : t.kind() == DenseType.Kind.DOUBLE ? 8 : t.fixedLength();
        if (nullable) {
          for (int i = 0; i < count; i++) {
            out[o + i] += nulls[from + i] ? 1 : 1 + w;
          }
        } else {
          for (int i = 0; i < count; i++) {
            out[o + i] += w;
          }
        }
        break;
      }
      case BINARY: {
        int[] offs = v.binaries.offsets();
        int add = nullable ? 1 : 0;
        for (int i = 0; i < count; i++) {
          int len = offs[from + i + 1] - offs[from + i];
          out[o + i] += nullable && nulls[from + i] ? 1 : len + VarInts.size(len + add);
        }
        break;
      }
      case ARRAY:
      case MAP: {
        int[] offs = v.offsets;
        int add = nullable ? 1 : 0;
        int packMask = packMasks[node];
        int[] kids = childNodes[node];
        int all = (1 << v.children.length) - 1;
        int base = offs[from];
        int[] s = null;
        if (packMask != all) {
          // Children other than not-nullable integers: their element sizes first, summed per container.
          int elements = offs[from + count] - base;
          s = scratch(depth, elements);
          for (int c = 0; c < v.children.length; c++) {
            if ((packMask & (1 << c)) == 0) {
              addSizes(v.children[c], base, elements, s, 0, depth + 1, kids[c]);
            }
          }
        }
        if (packMask == 0) {
          for (int i = 0; i < count; i++) {
            if (nullable && nulls[from + i]) {
              out[o + i] += 1;
              continue;
            }
            int start = offs[from + i];
            int end = offs[from + i + 1];
            long sum = 0;
            for (int e = start - base; e < end - base; e++) {
              sum += s[e];
            }
            out[o + i] += (int) (sum + VarInts.size(end - start + add));
          }
          break;
        }
        // Packable children: one pass per child over all of its values, container by container
        // (the values' varint bytes and OR, the choice, its bytes and width nibble), then one pass
        // over the containers for the headers and the other child's element sizes.
        byte[] record = widthRecord(slots[node], from, from + count);
        Arrays.fill(record, from, from + count, (byte) 0);
        for (int c = 0; c < v.children.length; c++) {
          if ((packMask & (1 << c)) != 0) {
            choose(v.children[c], offs, nullable ? nulls : null, from, count, record, c << 2, out, o);
          }
        }
        for (int i = 0; i < count; i++) {
          if (nullable && nulls[from + i]) {
            out[o + i] += 1;
            continue;
          }
          int start = offs[from + i];
          int end = offs[from + i + 1];
          long sum = 0;
          if (s != null) {
            for (int e = start - base; e < end - base; e++) {
              sum += s[e];
            }
          }
          int flag = record[from + i] != 0 ? 1 : 0;
          out[o + i] += (int) (sum + flag + VarInts.size((((long) (end - start)) << 1 | flag) + add));
        }
        break;
      }
      default: {
        int[] kids = childNodes[node];
        if (!nullable) {
          for (int c = 0; c < kids.length; c++) {
            addSizes(v.children[c], from, count, out, o, depth + 1, kids[c]);
          }
          break;
        }
        int[] s = scratch(depth, count);
        for (int c = 0; c < kids.length; c++) {
          addSizes(v.children[c], from, count, s, 0, depth + 1, kids[c]);
        }
        for (int i = 0; i < count; i++) {
          out[o + i] += nulls[from + i] ? 1 : 1 + s[i];
        }
        break;
      }
    }
  }

  /** Bytes of the fixed-width form of a zig-zag value ({@code u | ...}, at least 1). */
  static int fixedWidth(long or) {
    return (64 - Long.numberOfLeadingZeros(or | 1) + 7) >>> 3;
  }

  /**
   * The writer's choice for entries {@code [s, e)} of a not-nullable integer vector, as {@code
   * (bytes << 4) | width}: fixed width {@code width} (1..8, the fewest bytes holding every zig-zag
   * value) when that takes fewer bytes than the zig-zag varints, else width 0 and the varints'
   * bytes. The zig-zag values' OR and minimum decide without per-value varint sizes where all
   * values take one byte or where the width is below the smallest value's varint size.
   */
  static long packChoice(DenseVector c, int s, int e) {
    if (plain(c)) {
      return c.longs != null ? longChoice(c.longs, s, e) : intChoice(c.ints, s, e);
    }
    long varints = 0;
    long or = 0;
    boolean int64 = c.type().kind() == DenseType.Kind.INT64;
    for (int i = s; i < e; i++) {
      long z = zigzagAt(c, i);
      varints += int64 ? prefixSize(z) : VarInts.size(z);
      or |= z;
    }
    return choice(or, varints, e - s);
  }

  /** Varint bytes of zz32(x) by the leading zeros of {@code x ^ (x >> 31)} (zz32's bits are 33 minus them, at least 1). */
  private static final byte[] ZZ32_BYTES = new byte[33];

  static {
    for (int lz = 0; lz <= 32; lz++) {
      ZZ32_BYTES[lz] = (byte) ((Math.max(1, 33 - lz) + 6) / 7);
    }
  }

  /**
   * The width choice ({@link #packChoice}) of containers {@code [from, from + count)} (offsets
   * {@code offs}, nulls skipped) of packable child {@code c}: adds each container's bytes for the
   * child to {@code out[o ..]} and ORs its width, shifted by {@code shift}, into {@code record[from
   * ..]}. Plain vectors go through one loop over all their values, container by container.
   */
  private static void choose(DenseVector c, int[] offs, boolean[] nulls, int from, int count, byte[] record, int shift, int[] out, int o) {
    if (!plain(c)) {
      for (int i = 0; i < count; i++) {
        if (nulls == null || !nulls[from + i]) {
          long choice = packChoice(c, offs[from + i], offs[from + i + 1]);
          out[o + i] += (int) (choice >>> 4);
          record[from + i] |= (byte) ((choice & 0xF) << shift);
        }
      }
    } else if (c.longs != null) {
      chooseLongs(c.longs, offs, nulls, from, count, record, shift, out, o);
    } else {
      chooseInts(c.ints, offs, nulls, from, count, record, shift, out, o);
    }
  }

  /**
   * {@link #choose} for a plain INT64 child: per value a sign flip, an OR and a table lookup of its
   * varint bytes; per container the width of the OR against the varints' sum (no branch on the
   * values, no second pass).
   */
  static void chooseLongs(long[] a, int[] offs, boolean[] nulls, int from, int count, byte[] record, int shift, int[] out, int o) {
    byte[] bytes = ZZ64_PREFIX_BYTES;
    int s = offs[from];
    if (allOneByte(a, s, offs[from + count])) {
      // Every value a one-byte varint: each container's bytes are its count, no width.
      oneByteSizes(offs, nulls, from, count, out, o);
      return;
    }
    // What the last container's values were: all one-byte varints (SMALL), all prefix varints of 9
    // bytes (WIDE), neither. The next is tried for the same with a cheaper loop first.
    int last = SMALL;
    for (int i = 0; i < count; i++) {
      int e = offs[from + i + 1];
      if (nulls != null && nulls[from + i]) {
        s = e;
        continue;
      }
      if (last == SMALL) {
        // zig-zag values below 128 are the values in [-64, 64); no fixed width takes fewer bytes
        long range = 0;
        for (int j = s; j < e; j++) {
          range |= a[j] + 64;
        }
        if ((range & ~0x7FL) == 0) {
          out[o + i] += e - s;
          s = e;
          continue;
        }
      } else if (last == WIDE && e > s) {
        // zig-zag values of 2^56 and up (prefix varints of 9 bytes) are the values outside [-2^55,
        // 2^55): where all are, 8 bytes each is fewer, and their OR needs all 8
        long inside = 0;
        for (int j = s; j < e; j++) {
          inside |= ((a[j] + (1L << 55)) >>> 56) - 1;
        }
        if (inside >= 0) {
          out[o + i] += (e - s) << 3;
          record[from + i] |= (byte) (8 << shift);
          s = e;
          continue;
        }
      }
      long or = 0;
      long varints = 0;
      for (int j = s; j < e; j++) {
        long x = a[j];
        long t = x ^ (x >> 63);
        or |= t;
        varints += bytes[Long.numberOfLeadingZeros(t)];
      }
      int w = (72 - Long.numberOfLeadingZeros(or)) >>> 3; // fixedWidth of the zig-zag values' OR
      long fixed = (long) (e - s) * w;
      boolean packed = fixed < varints;
      last = varints == e - s ? SMALL : w == 8 && allWide(a, s, e) ? WIDE : 0;
      out[o + i] += (int) (packed ? fixed : varints);
      record[from + i] |= (byte) ((packed ? w : 0) << shift);
      s = e;
    }
  }

  /** Values checked per step of {@link #allOneByte}: one tight loop the JIT can vectorise, then an early exit. */
  private static final int CHUNK = 256;

  /**
   * Whether every value of {@code a[s .. e)} is in [-64, 64) (a one-byte zig-zag varint), checked
   * a chunk at a time: a child of many small containers is decided by one loop over its values
   * instead of a loop per container, and one of wide values after its first chunk.
   */
  static boolean allOneByte(long[] a, int s, int e) {
    for (int c = s; c < e; c += CHUNK) {
      int ce = Math.min(e, c + CHUNK);
      long range = 0;
      for (int j = c; j < ce; j++) {
        range |= a[j] + 64;
      }
      if ((range & ~0x7FL) != 0) {
        return false;
      }
    }
    return true;
  }

  /** {@link #allOneByte(long[], int, int)} for INT32 values. */
  static boolean allOneByte(int[] a, int s, int e) {
    for (int c = s; c < e; c += CHUNK) {
      int ce = Math.min(e, c + CHUNK);
      int range = 0;
      for (int j = c; j < ce; j++) {
        range |= a[j] + 64;
      }
      if ((range & ~0x7F) != 0) {
        return false;
      }
    }
    return true;
  }

  /** Adds each not-null container's count to {@code out[o ..]}: the bytes of its one-byte varints. */
  private static void oneByteSizes(int[] offs, boolean[] nulls, int from, int count, int[] out, int o) {
    if (nulls == null) {
      for (int i = 0; i < count; i++) {
        out[o + i] += offs[from + i + 1] - offs[from + i];
      }
    } else {
      for (int i = 0; i < count; i++) {
        out[o + i] += nulls[from + i] ? 0 : offs[from + i + 1] - offs[from + i];
      }
    }
  }

  private static final int SMALL = 1;
  private static final int WIDE = 2;

  /** Whether the values {@code [s, e)} are all outside [-2^55, 2^55) (zig-zag prefix varints of 9 bytes). */
  private static boolean allWide(long[] a, int s, int e) {
    for (int j = s; j < e; j++) {
      if (((a[j] + (1L << 55)) >>> 56) == 0) {
        return false;
      }
    }
    return e > s;
  }

  /** {@link #chooseLongs} for a plain INT32 child. */
  static void chooseInts(int[] a, int[] offs, boolean[] nulls, int from, int count, byte[] record, int shift, int[] out, int o) {
    byte[] bytes = ZZ32_BYTES;
    int s = offs[from];
    if (allOneByte(a, s, offs[from + count])) {
      oneByteSizes(offs, nulls, from, count, out, o);
      return;
    }
    for (int i = 0; i < count; i++) {
      int e = offs[from + i + 1];
      if (nulls != null && nulls[from + i]) {
        s = e;
        continue;
      }
      int or = 0;
      long varints = 0;
      for (int j = s; j < e; j++) {
        int x = a[j];
        int t = x ^ (x >> 31);
        or |= t;
        varints += bytes[Integer.numberOfLeadingZeros(t)];
      }
      int w = (40 - Integer.numberOfLeadingZeros(or)) >>> 3;
      long fixed = (long) (e - s) * w;
      boolean packed = fixed < varints;
      out[o + i] += (int) (packed ? fixed : varints);
      record[from + i] |= (byte) ((packed ? w : 0) << shift);
      s = e;
    }
  }

  private static long choice(long or, long varints, int count) {
    int w = fixedWidth(or);
    long fixed = (long) count * w;
    return fixed < varints ? (fixed << 4) | w : varints << 4;
  }

  /**
   * {@link #packChoice} of a plain INT64 vector (small enough to inline into the per-container
   * loops). The varints take between c * VarInts.size(min) and c * VarInts.size(max) bytes: where the
   * width of the largest value is outside that range the choice needs no per-value varint sizes.
   */
  static long longChoice(long[] a, int s, int e) {
    long or = 0;
    long minFlipped = Long.MAX_VALUE;
    for (int i = s; i < e; i++) {
      long x = a[i];
      long z = (x << 1) ^ (x >> 63);
      or |= z;
      minFlipped = Math.min(minFlipped, z ^ Long.MIN_VALUE);
    }
    if ((or & ~0x7FL) == 0) {
      return (long) (e - s) << 4; // one-byte varints: no width takes fewer bytes
    }
    int w = fixedWidth(or);
    if (w < prefixSize(minFlipped ^ Long.MIN_VALUE)) {
      return ((long) (e - s) * w << 4) | w; // fewer bytes than even the smallest value's varint
    }
    return choice(or, exactVarints(a, s, e), e - s);
  }

  /** {@link #packChoice} of a plain INT32 vector. */
  static long intChoice(int[] a, int s, int e) {
    int or32 = 0;
    for (int i = s; i < e; i++) {
      int x = a[i];
      or32 |= (x << 1) ^ (x >> 31);
    }
    if ((or32 & ~0x7F) == 0) {
      return (long) (e - s) << 4;
    }
    long varints = 0;
    for (int i = s; i < e; i++) {
      int x = a[i];
      varints += VarInts.size(Integer.toUnsignedLong((x << 1) ^ (x >> 31)));
    }
    return choice(Integer.toUnsignedLong(or32), varints, e - s);
  }

  private static long exactVarints(long[] a, int s, int e) {
    long varints = 0;
    for (int i = s; i < e; i++) {
      long x = a[i];
      varints += prefixSize((x << 1) ^ (x >> 63));
    }
    return varints;
  }

  private void addEncodedSizes(DenseVector v, int from, int count, int[] out, int o) {
    entries.encode(v);
    boolean[] nulls = v.type().nullable() ? v.nulls : null;
    if (v.constant) {
      int size = nulls != null && nulls[0] ? 1 : entries.offsets[1];
      for (int i = 0; i < count; i++) {
        out[o + i] += size;
      }
      return;
    }
    int[] ids = v.dictionaryIds;
    int[] eo = entries.offsets;
    for (int i = 0; i < count; i++) {
      int id = ids[from + i];
      out[o + i] += nulls != null && nulls[from + i] ? 1 : eo[id + 1] - eo[id];
    }
  }
}
