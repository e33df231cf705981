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

import static io.github.fastdecode.parquet.denserow.EncodedEntries.putLeaf;
import static io.github.fastdecode.parquet.denserow.PrefixVarints.PREFIX_ONES;
import static io.github.fastdecode.parquet.denserow.PrefixVarints.putNullablePrefix;
import static io.github.fastdecode.parquet.denserow.PrefixVarints.putPrefix;
import static io.github.fastdecode.parquet.denserow.PrefixVarints.putPrefix32;
import static io.github.fastdecode.parquet.denserow.PrefixVarints.zigzagBytes;
import static io.github.fastdecode.parquet.denserow.RowSizer.allOneByte;
import static io.github.fastdecode.parquet.denserow.RowSizer.packChoice;
import static io.github.fastdecode.parquet.denserow.RowTypeNodes.isContainer;
import static io.github.fastdecode.parquet.denserow.RowTypeNodes.plain;
import static io.github.fastdecode.parquet.denserow.RowTypeNodes.zigzagAt;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.VarInts;
import java.util.Arrays;

/**
 * The writer of {@link DenseRowCodec#serialize}: rows at the caller's offsets, column by column,
 * each packed container with the width {@link RowSizer} chose for it where the batch is the one it
 * sized last.
 */
final class RowEncoder {
  private final int[][] childNodes;
  private final int[] packMasks;
  private final int[] slots;
  private final RowSizer sizer;
  private final EncodedEntries entries;
  private final byte[][] widthRecords;
  private final int[] recordFrom;
  private final int[] recordTo;
  private int[] positions = new int[0];
  private int[] ends = new int[0];
  /** Set by serialize while the width records are this batch's. */
  private boolean reuseWidths;
  /*
   * Per packable child (slot * 2 + child), for the current serialize call: 0 not looked at, ONE_BYTE
   * when every value of the child vector is a one-byte varint (oneByteValues then holds their
   * one-byte forms, zz for INT32 and zz << 1 for INT64, so a container's values are a copy),
   * NOT_ONE_BYTE otherwise.
   */
  private final int[] oneByteState;
  private final byte[][] oneByteValues;

  RowEncoder(RowTypeNodes nodes, RowSizer sizer, EncodedEntries entries) {
    this.childNodes = nodes.childNodes;
    this.packMasks = nodes.packMasks;
    this.slots = nodes.slots;
    this.sizer = sizer;
    this.entries = entries;
    this.widthRecords = sizer.widthRecords;
    this.recordFrom = sizer.recordFrom;
    this.recordTo = sizer.recordTo;
    oneByteState = new int[nodes.slotCount * 2];
    oneByteValues = new byte[nodes.slotCount * 2][];
  }

  /**
   * Writes rows {@code [0, batch.size())} of {@code batch}, row {@code r} at {@code out[offsets[r]
   * ..]}, where {@code sizes} are those {@link DenseRowCodec#rowSizes} gave for this batch. Rows may be in any
   * order with gaps between them; they must not overlap. No format byte is written: keep {@link
   * DenseRowCodec#formatByte formatByte(0)} with the rows.
   *
   * <p>Called with the batch and sizes array the last {@link DenseRowCodec#rowSizes} call of this codec saw, it
   * writes each packed container with the width that call chose (no second pass over the values);
   * with any other it chooses again. A batch changed in place between the two calls is an {@link
   * IllegalStateException} where a row's size no longer holds or a value no longer fits the width
   * chosen for it, never a truncated value.
   */
  void serialize(DenseVector batch, int[] sizes, byte[] out, int[] offsets) {
    int n = batch.size;
    if (sizes.length < n || offsets.length < n) {
      throw new IllegalArgumentException("sizes (" + sizes.length + ") and offsets (" + offsets.length + ") need " + n + " rows");
    }
    for (int r = 0; r < n; r++) {
      if (offsets[r] < 0 || sizes[r] < 0 || (long) offsets[r] + sizes[r] > out.length) {
        throw new IllegalArgumentException("row " + r + " at " + offsets[r] + " of size " + sizes[r] + " does not fit in " + out.length + " bytes");
      }
    }
    if (positions.length < n) {
      positions = new int[Math.max(n, positions.length * 2)];
    }
    if (ends.length < n) {
      ends = new int[positions.length];
    }
    int[] pos = positions;
    int[] end = ends;
    for (int r = 0; r < n; r++) {
      pos[r] = offsets[r];
      end[r] = offsets[r] + sizes[r];
    }
    // The size pass's width choices hold for the batch and sizes it last saw; any other batch (a
    // caller that did not call rowSizes first) has them chosen again. Fixed widths are checked as
    // they are written, so a batch changed in place after rowSizes fails rather than truncating.
    reuseWidths = sizer.sized(batch, sizes, n);
    Arrays.fill(oneByteState, 0);
    try {
      for (int f = 0; f < childNodes[0].length; f++) {
        writeColumn(batch.children[f], 0, n, out, pos, end, childNodes[0][f]);
      }
    } catch (IndexOutOfBoundsException e) {
      // Every row was checked to fit in out above, so only a row larger than its size writes past
      // the array: a batch changed after rowSizes (the writers check their row's end only where it
      // costs nothing on the hot path).
      throw new IllegalStateException("a row took more bytes than its size said: sizes are not this batch's", e);
    }
    for (int r = 0; r < n; r++) {
      if (pos[r] != offsets[r] + sizes[r]) {
        throw new IllegalStateException("row " + r + " took " + (pos[r] - offsets[r]) + " bytes, its size said " + sizes[r]
            + ": sizes are not this batch's");
      }
    }
  }

  /**
   * Writes rows {@code [from, n)} of a top-level column (type node {@code node}), advancing {@code
   * pos[r]}.
   */
  private void writeColumn(DenseVector v, int from, int n, byte[] out, int[] pos, int[] end, int node) {
    DenseType t = v.type();
    boolean nullable = t.nullable();
    boolean[] nulls = v.nulls;
    if (v.constant || v.dictionary != null) {
      entries.encode(v);
      writeEncoded(v, n, out, pos);
      return;
    }
    switch (t.kind()) {
      case INT32: {
        int[] a = v.ints;
        if (nullable) {
          // A null is prefix(0): the same stores as a value, no branch on the null mask.
          byte[] ones = PREFIX_ONES;
          for (int r = from; r < n; r++) {
            int x = a[r];
            long z1 = nulls[r] ? 0 : Integer.toUnsignedLong((x << 1) ^ (x >> 31)) + 1;
            pos[r] = putPrefix32(out, pos[r], z1, ones[Long.numberOfLeadingZeros(z1 | 1)], end[r]);
          }
        } else {
          byte[] ones = PREFIX_ONES;
          for (int r = from; r < n; r++) {
            int x = a[r];
            long z = Integer.toUnsignedLong((x << 1) ^ (x >> 31));
            int p = pos[r];
            if ((z & ~0x7FL) == 0) {
              out[p] = (byte) (z << 1); // a one-byte value, as for INT64
              pos[r] = p + 1;
            } else {
              pos[r] = putPrefix32(out, p, z, ones[Long.numberOfLeadingZeros(z)], end[r]);
            }
          }
        }
        return;
      }
      case INT64: {
        long[] a = v.longs;
        byte[] ones = PREFIX_ONES;
        if (nullable) {
          // A null is prefix(0): the same stores as a value, no branch on the null mask. z1 is
          // zz64(v) + 1 (0 where it wrapped, Long.MIN_VALUE, which has 8 ones), 0 for a null
          // (looked up as 1: 0 ones); with 8 ones the value written is z1 - 1 = zz64(v).
          for (int r = from; r < n; r++) {
            long x = a[r];
            boolean isNull = nulls[r];
            long z1 = isNull ? 0 : ((x << 1) ^ (x >> 63)) + 1;
            int k = ones[Long.numberOfLeadingZeros(z1 | (isNull ? 1 : 0))];
            pos[r] = putPrefix(out, pos[r], z1 - (k >>> 3), k, end[r]);
          }
        } else {
          for (int r = from; r < n; r++) {
            long x = a[r];
            long z = (x << 1) ^ (x >> 63);
            int p = pos[r];
            if ((z & ~0x7FL) == 0) {
              out[p] = (byte) (z << 1); // a one-byte value (lengths tend to repeat in a column)
              pos[r] = p + 1;
            } else {
              pos[r] = putPrefix(out, p, z, ones[Long.numberOfLeadingZeros(z)], end[r]);
            }
          }
        }
        return;
      }
      case DOUBLE: {
        double[] a = v.doubles;
        for (int r = from; r < n; r++) {
          int p = pos[r];
          if (nullable) {
            if (nulls[r]) {
              pos[r] = put0(out, p);
              continue;
            }
            out[p++] = 1;
          }
          LittleEndian.putLong(out, p, Double.doubleToRawLongBits(a[r]));
          pos[r] = p + 8;
        }
        return;
      }
      case BINARY: {
        BinaryBatch b = v.binaries;
        int[] offs = b.offsets();
        byte[] bytes = b.bytes();
        long add = nullable ? 1 : 0;
        for (int r = from; r < n; r++) {
          int p = pos[r];
          if (nullable && nulls[r]) {
            pos[r] = put0(out, p);
            continue;
          }
          int start = offs[r];
          int len = offs[r + 1] - start;
          p = VarInts.putUnsigned(out, p, len + add);
          copyShort(bytes, start, out, p, len, end[r]);
          pos[r] = p + len;
        }
        return;
      }
      case ARRAY:
      case MAP:
        for (int r = from; r < n; r++) {
          pos[r] = writeContainers(v, r, r + 1, out, pos[r], end[r], node);
        }
        return;
      default:
        for (int r = from; r < n; r++) {
          pos[r] = writeEntries(v, r, r + 1, out, pos[r], end[r], node);
        }
    }
  }

  /**
   * Copies {@code len} bytes to {@code dst[to ..]}, within {@code dstEnd} (the row's end: bytes
   * between the value's end and it may be written, later values overwrite them): 8 to 16 bytes as
   * two overlapping 8-byte copies, fewer as one 8-byte copy where source and row have 8 bytes.
   */
  private static void copyShort(byte[] src, int from, byte[] dst, int to, int len, int dstEnd) {
    if (len >= 8 && len <= 16) {
      LittleEndian.putLong(dst, to, LittleEndian.getLong(src, from));
      LittleEndian.putLong(dst, to + len - 8, LittleEndian.getLong(src, from + len - 8));
    } else if (len < 8 && dstEnd - to >= 8 && src.length - from >= 8) {
      LittleEndian.putLong(dst, to, LittleEndian.getLong(src, from));
    } else {
      copy(src, from, dst, to, len);
    }
  }

  private static void copy(byte[] src, int from, byte[] dst, int to, int len) {
    if (len <= 16) {
      for (int k = 0; k < len; k++) {
        dst[to + k] = src[from + k];
      }
    } else {
      System.arraycopy(src, from, dst, to, len);
    }
  }

  private static int put0(byte[] out, int p) {
    out[p] = 0;
    return p + 1;
  }

  private void writeEncoded(DenseVector v, int n, byte[] out, int[] pos) {
    boolean[] nulls = v.type().nullable() ? v.nulls : null;
    byte[] eb = entries.bytes;
    int[] eo = entries.offsets;
    int[] ids = v.dictionaryIds;
    boolean constant = v.constant;
    for (int r = 0; r < n; r++) {
      int p = pos[r];
      if (nulls != null && nulls[constant ? 0 : r]) {
        out[p] = 0;
        pos[r] = p + 1;
        continue;
      }
      int id = constant ? 0 : ids[r];
      int start = eo[id];
      int len = eo[id + 1] - start;
      if (len <= 16) {
        for (int k = 0; k < len; k++) {
          out[p + k] = eb[start + k];
        }
      } else {
        System.arraycopy(eb, start, out, p, len);
      }
      pos[r] = p + len;
    }
  }

  /**
   * Zig-zag values of entries {@code [s, e)} of a not-nullable integer vector from {@code p}
   * (within {@code end}), INT64 as prefix varints and INT32 as varints; returns the end. One-byte
   * values take a one-byte store.
   */
  private static int putIntVarints(DenseVector c, int s, int e, byte[] out, int p, int end) {
    if (!plain(c)) {
      for (int i = s; i < e; i++) {
        p = putPrefix(out, p, zigzagAt(c, i), end);
      }
    } else if (c.longs != null) {
      long[] a = c.longs;
      int i = s;
      // Eight one-byte values at a time in one store, while they are.
      // (values in [-64, 64) are the one-byte ones: their low bytes, zig-zag encoded eight at once
      // and shifted to a one-byte prefix varint's zz << 1, no bit crossing a byte)
      for (; e - i >= 8 && end - p >= 8; i += 8, p += 8) {
        long word = 0;
        long range = 0;
        for (int k = 0; k < 8; k++) {
          long x = a[i + k];
          range |= x + 64;
          word |= (x & 0xFF) << (k << 3);
        }
        if ((range & ~0x7FL) != 0) {
          break;
        }
        LittleEndian.putLong(out, p, zigzagBytes(word) << 1);
      }
      if (e - i < 8 && e > i && end - p >= 8) {
        // The last one to seven values in one store where they are one byte each (the store's
        // bytes past them are the row's, and what follows overwrites them).
        long word = 0;
        long range = 0;
        for (int k = 0; k < e - i; k++) {
          long x = a[i + k];
          range |= x + 64;
          word |= (x & 0xFF) << (k << 3);
        }
        if ((range & ~0x7FL) == 0) {
          LittleEndian.putLong(out, p, zigzagBytes(word) << 1);
          return p + (e - i);
        }
      }
      for (; i < e; i++) {
        long x = a[i];
        long z = (x << 1) ^ (x >> 63);
        if ((z & ~0x7FL) == 0) {
          out[p++] = (byte) (z << 1);
        } else {
          p = putPrefix(out, p, z, end);
        }
      }
    } else {
      int[] a = c.ints;
      for (int i = s; i < e; i++) {
        int x = a[i];
        long z = Integer.toUnsignedLong((x << 1) ^ (x >> 31));
        if ((z & ~0x7FL) == 0) {
          out[p++] = (byte) (z << 1);
        } else {
          p = putPrefix32(out, p, z, PREFIX_ONES[Long.numberOfLeadingZeros(z)], end);
        }
      }
    }
    return p;
  }

  /**
   * Zig-zag values of entries {@code [s, e)} of a not-nullable integer vector in {@code w} bytes
   * each, little-endian, from {@code p} (within {@code end}); returns the end. An 8-byte store per
   * value where the row has 8 bytes left, the bytes one by one for the last few.
   */
  private static int putIntFixed(DenseVector c, int s, int e, int w, byte[] out, int p, int end) {
    int i = s;
    long or = 0;
    if (plain(c) && c.type().kind() == DenseType.Kind.INT64) {
      long[] a = c.longs;
      if (w == 8) {
        for (; i < e; i++, p += 8) {
          long x = a[i];
          LittleEndian.putLong(out, p, (x << 1) ^ (x >> 63));
        }
        return p;
      }
      for (; i < e && end - p >= 8; i++, p += w) {
        long x = a[i];
        long z = (x << 1) ^ (x >> 63);
        or |= z;
        LittleEndian.putLong(out, p, z);
      }
    } else if (plain(c)) {
      int[] a = c.ints;
      for (; i < e && end - p >= 8; i++, p += w) {
        int x = a[i];
        long z = Integer.toUnsignedLong((x << 1) ^ (x >> 31));
        or |= z;
        LittleEndian.putLong(out, p, z);
      }
    }
    for (; i < e; i++) {
      long z = zigzagAt(c, i);
      or |= z;
      for (int k = 0; k < w; k++) {
        out[p++] = (byte) (z >>> (k << 3));
      }
    }
    if (w < 8 && (or >>> (w << 3)) != 0) {
      throw new IllegalStateException("a container's values need more than the " + w + " bytes each that rowSizes chose:"
          + " the batch changed after rowSizes");
    }
    return p;
  }

  /**
   * Writes entries {@code [from, to)} of {@code v} (type node {@code node}) back to back from {@code
   * p}; returns the end.
   */
  private int writeEntries(DenseVector v, int from, int to, byte[] out, int p, int end, int node) {
    DenseType t = v.type();
    boolean nullable = t.nullable();
    boolean[] nulls = v.nulls;
    if (v.constant || v.dictionary != null) {
      for (int i = from; i < to; i++) {
        if (v.isNull(i)) {
          out[p++] = 0;
        } else {
          p = putLeaf(v.dictionary != null ? v.dictionary : v, v.dictionary != null ? v.dictionaryIds[i] : 0, nullable, out, p);
        }
      }
      return p;
    }
    switch (t.kind()) {
      case INT64: {
        long[] a = v.longs;
        if (!nullable) {
          for (int i = from; i < to; i++) {
            long x = a[i];
            p = putPrefix(out, p, (x << 1) ^ (x >> 63), end);
          }
          return p;
        }
        for (int i = from; i < to; i++) {
          p = nulls[i] ? put0(out, p) : putNullablePrefix(out, p, a[i], end);
        }
        return p;
      }
      case INT32: {
        int[] a = v.ints;
        int add = nullable ? 1 : 0;
        for (int i = from; i < to; i++) {
          int x = a[i];
          p = nullable && nulls[i] ? put0(out, p) : putPrefix(out, p, Integer.toUnsignedLong((x << 1) ^ (x >> 31)) + add, end);
        }
        return p;
      }
      case BOOLEAN:
      case FLOAT:
      case DOUBLE:
      case BINARY:
      case FIXED:
        for (int i = from; i < to; i++) {
          p = nullable && nulls[i] ? put0(out, p) : putLeaf(v, i, nullable, out, p);
        }
        return p;
      case ARRAY:
      case MAP:
        return writeContainers(v, from, to, out, p, end, node);
      default: {
        for (int i = from; i < to; i++) {
          if (nullable) {
            if (nulls[i]) {
              out[p++] = 0;
              continue;
            }
            out[p++] = 1;
          }
          int[] kids = childNodes[node];
          for (int c = 0; c < kids.length; c++) {
            p = writeEntries(v.children[c], i, i + 1, out, p, end, kids[c]);
          }
        }
        return p;
      }
    }
  }

  /** {@link #writeEntries} of an ARRAY or MAP vector. */
  private int writeContainers(DenseVector v, int from, int to, byte[] out, int p, int end, int node) {
    boolean nullable = v.type().nullable();
    boolean[] nulls = v.nulls;
    int[] offs = v.offsets;
    int add = nullable ? 1 : 0;
    int packMask = packMasks[node];
    int[] kids = childNodes[node];
    if (packMask != 0) {
      DenseVector[] children = v.children;
      int slot = slots[node];
      byte[] record = reuseWidths ? widthRecords[slot] : null;
      int recordedFrom = recordFrom[slot];
      int recordedTo = recordTo[slot];
      int kinds = children.length;
      int valuesEnd = offs[v.size]; // the values of every container of v lie below it
      byte[] zb0 = packMask == (1 << kinds) - 1 ? oneByteValues(slot, 0, children[0], valuesEnd) : null;
      byte[] zb1 = zb0 != null && kinds == 2 ? oneByteValues(slot, 1, children[1], valuesEnd) : zb0;
      if (zb1 != null) {
        return writeOneByteContainers(v, from, to, out, p, end, node, zb0, zb1);
      }
      for (int i = from; i < to; i++) {
        if (nullable && nulls[i]) {
          out[p++] = 0;
          continue;
        }
        int s = offs[i];
        int e = offs[i + 1];
        int widths = 0;
        if (record != null && i >= recordedFrom && i < recordedTo) {
          widths = record[i] & 0xFF;
        } else {
          for (int c = 0; c < children.length; c++) {
            if ((packMask & (1 << c)) != 0) {
              widths |= (int) (packChoice(children[c], s, e) & 0xF) << (c << 2);
            }
          }
        }
        long header = ((long) (e - s) << 1 | (widths != 0 ? 1 : 0)) + add;
        if (header < 0x80) {
          out[p++] = (byte) header;
        } else {
          p = VarInts.putUnsigned(out, p, header, end);
        }
        if (widths != 0) {
          out[p++] = (byte) widths;
        }
        for (int c = 0; c < children.length; c++) {
          int w = (widths >>> (c << 2)) & 0xF;
          if (w != 0) {
            p = putIntFixed(children[c], s, e, w, out, p, end);
          } else if ((packMask & (1 << c)) != 0) {
            p = putIntVarints(children[c], s, e, out, p, end);
          } else {
            p = writeEntries(children[c], s, e, out, p, end, kids[c]);
          }
        }
      }
      return p;
    }
    for (int i = from; i < to; i++) {
      if (nullable && nulls[i]) {
        out[p++] = 0;
        continue;
      }
      int s = offs[i];
      int e = offs[i + 1];
      p = VarInts.putUnsigned(out, p, e - s + add);
      for (int c = 0; c < kids.length; c++) {
        DenseVector child = v.children[c];
        // Containers of containers go straight to the inner containers' loop.
        p = isContainer(child) ? writeContainers(child, s, e, out, p, end, kids[c]) : writeEntries(child, s, e, out, p, end, kids[c]);
      }
    }
    return p;
  }

  /**
   * {@link #writeContainers} where every value of every child is a one-byte varint ({@code zb0} and
   * {@code zb1} their one-byte forms, {@code zb1} being {@code zb0} for an ARRAY): no width (c
   * one-byte varints are never more than c bytes of any width), each child's values a copy. Kept
   * apart so that the general loop compiles as before.
   */
  private int writeOneByteContainers(DenseVector v, int from, int to, byte[] out, int p, int end, int node, byte[] zb0, byte[] zb1) {
    boolean nullable = v.type().nullable();
    boolean[] nulls = v.nulls;
    int[] offs = v.offsets;
    int add = nullable ? 1 : 0;
    int kinds = v.children.length;
    int slot = slots[node];
    byte[] record = reuseWidths ? widthRecords[slot] : null;
    int recordedFrom = recordFrom[slot];
    int recordedTo = recordTo[slot];
    for (int i = from; i < to; i++) {
      if (nullable && nulls[i]) {
        out[p++] = 0;
        continue;
      }
      if (record != null && i >= recordedFrom && i < recordedTo && record[i] != 0) {
        // rowSizes chose a width (the values changed since): keep it, as the general loop does
        p = writePacked(v, i, record[i] & 0xFF, out, p, end, node);
        continue;
      }
      int s = offs[i];
      int n = offs[i + 1] - s;
      long header = ((long) n << 1) + add;
      if (header < 0x80) {
        out[p++] = (byte) header;
      } else {
        p = VarInts.putUnsigned(out, p, header, end);
      }
      if (end - p < n * kinds) {
        throw new IllegalStateException("row ends inside a container: sizes are not this batch's");
      }
      p = copyOneByte(zb0, s, n, out, p, end);
      if (kinds == 2) {
        p = copyOneByte(zb1, s, n, out, p, end);
      }
    }
    return p;
  }

  /**
   * Writes not-null container {@code i} of {@code v} (type node {@code node}, with a packable
   * child) with the width byte {@code widths} (0 for varints): header, width byte, children. For
   * the one-byte loop's containers that rowSizes gave a width (changed since); the general loop has
   * this inline.
   */
  private int writePacked(DenseVector v, int i, int widths, byte[] out, int p, int end, int node) {
    int[] offs = v.offsets;
    int s = offs[i];
    int e = offs[i + 1];
    int packMask = packMasks[node];
    DenseVector[] children = v.children;
    long header = ((long) (e - s) << 1 | (widths != 0 ? 1 : 0)) + (v.type().nullable() ? 1 : 0);
    if (header < 0x80) {
      out[p++] = (byte) header;
    } else {
      p = VarInts.putUnsigned(out, p, header, end);
    }
    if (widths != 0) {
      out[p++] = (byte) widths;
    }
    for (int c = 0; c < children.length; c++) {
      int w = (widths >>> (c << 2)) & 0xF;
      if (w != 0) {
        p = putIntFixed(children[c], s, e, w, out, p, end);
      } else if ((packMask & (1 << c)) != 0) {
        p = putIntVarints(children[c], s, e, out, p, end);
      } else {
        p = writeEntries(children[c], s, e, out, p, end, childNodes[node][c]);
      }
    }
    return p;
  }

  private static final int ONE_BYTE = 1;
  private static final int NOT_ONE_BYTE = 2;

  /**
   * The one-byte forms of every value of packable child {@code c} of slot {@code slot}'s containers
   * where each is a one-byte varint, else null; looked at once per serialize call (the values as
   * they are now, so a batch changed after rowSizes is written as it is).
   */
  private byte[] oneByteValues(int slot, int c, DenseVector child, int valuesEnd) {
    int k = slot * 2 + c;
    int state = oneByteState[k];
    if (state == 0) {
      state = lookAtValues(k, child, valuesEnd);
    }
    return state == ONE_BYTE ? oneByteValues[k] : null;
  }

  /**
   * Decides {@link #oneByteValues} for entry {@code k} over the child's values below its size and
   * {@code valuesEnd} (the parent's last offset), and fills their bytes where one-byte.
   */
  private int lookAtValues(int k, DenseVector child, int valuesEnd) {
    int n = Math.max(child.size, valuesEnd);
    boolean one = plain(child) && n <= (child.longs != null ? child.longs.length : child.ints.length)
        && (child.longs != null ? allOneByte(child.longs, 0, n) : allOneByte(child.ints, 0, n));
    int state = one ? ONE_BYTE : NOT_ONE_BYTE;
    oneByteState[k] = state;
    if (one) {
      byte[] zb = oneByteValues[k];
      if (zb == null || zb.length < n + 8) {
        zb = new byte[Math.max(n + 8, zb == null ? 64 : zb.length * 2)];
        oneByteValues[k] = zb;
      }
      if (child.longs != null) {
        long[] a = child.longs;
        int j = 0;
        // Eight at a time: the values' low bytes as one word, zig-zag encoded at once, each
        // shifted to its one-byte prefix varint zz << 1.
        for (; n - j >= 8; j += 8) {
          long word = (a[j] & 0xFF) | (a[j + 1] & 0xFF) << 8 | (a[j + 2] & 0xFF) << 16 | (a[j + 3] & 0xFF) << 24
              | (a[j + 4] & 0xFF) << 32 | (a[j + 5] & 0xFF) << 40 | (a[j + 6] & 0xFF) << 48 | (a[j + 7] & 0xFF) << 56;
          LittleEndian.putLong(zb, j, zigzagBytes(word) << 1);
        }
        for (; j < n; j++) {
          long x = a[j];
          zb[j] = (byte) (((x << 1) ^ (x >> 63)) << 1);
        }
      } else {
        int[] a = child.ints;
        for (int j = 0; j < n; j++) {
          int x = a[j];
          zb[j] = (byte) (((x << 1) ^ (x >> 31)) << 1);
        }
      }
    }
    return state;
  }

  /**
   * Copies {@code n} one-byte varints from {@code zb[s ..]} (which has 8 bytes past its values) to
   * {@code out[p ..]}, where the row has {@code n} bytes left before {@code end}: 8 at a time and the
   * last 8 overlapping; fewer than 8 with one 8-byte copy where the row has room (what follows
   * overwrites the bytes past them), else one by one.
   */
  private static int copyOneByte(byte[] zb, int s, int n, byte[] out, int p, int end) {
    if (n >= 8) {
      int k = 0;
      for (; n - k >= 8; k += 8) {
        LittleEndian.putLong(out, p + k, LittleEndian.getLong(zb, s + k));
      }
      if (k < n) {
        LittleEndian.putLong(out, p + n - 8, LittleEndian.getLong(zb, s + n - 8)); // the last 8, overlapping
      }
    } else if (end - p >= 8) {
      LittleEndian.putLong(out, p, LittleEndian.getLong(zb, s));
    } else {
      for (int k = 0; k < n; k++) {
        out[p + k] = zb[s + k];
      }
    }
    return p + n;
  }
}
