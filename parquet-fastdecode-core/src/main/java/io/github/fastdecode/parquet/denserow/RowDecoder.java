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

import static io.github.fastdecode.parquet.denserow.PrefixVarints.shortest;
import static io.github.fastdecode.parquet.denserow.PrefixVarints.unzigzagBytes;
import static io.github.fastdecode.parquet.denserow.RowTypeNodes.isContainer;
import static io.github.fastdecode.parquet.denserow.VarintColumnReaders.readDoubleColumn;
import static io.github.fastdecode.parquet.denserow.VarintColumnReaders.readFixedInts;
import static io.github.fastdecode.parquet.denserow.VarintColumnReaders.readFixedLongs;
import static io.github.fastdecode.parquet.denserow.VarintColumnReaders.readIntColumn;
import static io.github.fastdecode.parquet.denserow.VarintColumnReaders.readLongColumn;
import static io.github.fastdecode.parquet.denserow.VarintColumnReaders.readPrefixIntColumn;
import static io.github.fastdecode.parquet.denserow.VarintColumnReaders.readPrefixLongColumn;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.VarInts;
import java.util.Objects;

/**
 * The reader of {@link DenseRowCodec#deserializeRun} and {@link DenseRowCodec#deserialize}: every
 * byte checked against its row's end, each problem a {@link DenseRowFormatException} naming the
 * row and the offset. Flat columns of rows at offsets go through {@link VarintColumnReaders}' loops
 * first.
 */
final class RowDecoder {
  private final int[][] childNodes;
  private final int[] packMasks;
  private final int[] slots;
  /** Per node with a packable child: which of the 256 width bytes its containers may carry. */
  private final boolean[][] widthBytesAllowed;
  private int[] positions = new int[0];
  private int[] ends = new int[0];
  private byte[] in;
  private int p;
  private int limit;
  private long row;
  private boolean wasNull;
  /** The format's version is 2 or later: containers of not-nullable integers have the packed header. */
  private boolean packedHeaders;
  /** The format's version is 3 or later: INT64 values are prefix varints. */
  private boolean prefix64;
  /** The format's version is 4 or later: INT32 values are prefix varints. */
  private boolean prefix32;
  /** The trailing ones (n, 0..8) of the prefix varint {@link #readPrefix} read last. */
  private int prefixOnes;

  RowDecoder(RowTypeNodes nodes) {
    this.childNodes = nodes.childNodes;
    this.packMasks = nodes.packMasks;
    this.slots = nodes.slots;
    this.widthBytesAllowed = nodes.widthBytesAllowed;
  }

  private DenseRowFormatException error(String what, int at) {
    return new DenseRowFormatException(what, row, at);
  }

  private void checkFormat(int format, int at) {
    int version = format >>> 4 & 0xF;
    if (version != DenseRowCodec.VERSION && version != DenseRowCodec.VERSION_3 && version != DenseRowCodec.VERSION_2 && version != DenseRowCodec.VERSION_1) {
      throw error("format byte 0x" + Integer.toHexString(format & 0xFF) + " has version " + version + ", this reader knows "
          + DenseRowCodec.VERSION_1 + ", " + DenseRowCodec.VERSION_2 + ", " + DenseRowCodec.VERSION_3 + " and " + DenseRowCodec.VERSION, at);
    }
    packedHeaders = version >= 2;
    prefix64 = version >= 3;
    prefix32 = version >= 4;
    if ((format & 0xF & ~DenseRowCodec.KNOWN_OPTIONS) != 0) {
      throw error("format byte 0x" + Integer.toHexString(format & 0xFF) + " sets unknown options", at);
    }
  }

  /**
   * Reads the run at {@code in[pos .. end)} (format byte, then rows up to {@code end}) and appends
   * its rows to {@code into}; returns the number of rows. On an exception {@code into} may hold part
   * of a row: {@link DenseVector#reset()} it.
   */
  int deserializeRun(byte[] in, int pos, int end, DenseVector into) {
    Objects.checkFromToIndex(pos, end, in.length);
    row = -1;
    if (pos == end) {
      throw error("empty run: no format byte", pos);
    }
    int format = in[pos] & 0xFF;
    checkFormat(format, pos);
    boolean prefixed = (format & DenseRowCodec.LENGTH_PREFIXED) != 0;
    this.in = in;
    p = pos + 1;
    int rows = 0;
    try {
      while (p < end) {
        row = rows;
        if (prefixed) {
          limit = end;
          int start = p;
          long len = readVarint(0);
          if (len < 0 || len > end - p) {
            throw error("row length " + Long.toUnsignedString(len) + " exceeds the " + (end - p) + " bytes left in the run", start);
          }
          limit = p + (int) len;
          readRow(into);
          if (p != limit) {
            throw error("row ends " + (limit - p) + " bytes before its length prefix says", p);
          }
        } else {
          limit = end;
          readRow(into);
        }
        rows++;
      }
    } finally {
      this.in = null;
    }
    return rows;
  }

  /**
   * Reads {@code count} rows, row {@code i} being exactly {@code in[offsets[i] .. offsets[i] +
   * lengths[i])}, written with format byte {@code format}, and appends them to {@code into}. On an
   * exception {@code into} may hold part of a row: {@link DenseVector#reset()} it.
   */
  void deserialize(int format, byte[] in, int[] offsets, int[] lengths, int count, DenseVector into) {
    row = -1;
    checkFormat(format, -1);
    if ((format & DenseRowCodec.LENGTH_PREFIXED) != 0) {
      throw error("rows at given offsets have no length prefixes (format byte 0x" + Integer.toHexString(format & 0xFF) + ")", -1);
    }
    if (count < 0 || count > offsets.length || count > lengths.length) {
      throw new IllegalArgumentException(count + " rows, " + offsets.length + " offsets, " + lengths.length + " lengths");
    }
    if (positions.length < count) {
      positions = new int[Math.max(count, positions.length * 2)];
    }
    if (ends.length < positions.length) {
      ends = new int[positions.length];
    }
    int[] pos = positions;
    int[] end = ends;
    for (int i = 0; i < count; i++) {
      row = i;
      int start = offsets[i];
      int len = lengths[i];
      if (start < 0 || len < 0 || (long) start + len > in.length) {
        throw error("row of " + len + " bytes at " + start + " lies outside the " + in.length + "-byte input", start);
      }
      if (len == 0) {
        throw error("row has no bytes", start);
      }
      pos[i] = start;
      end[i] = start + len;
    }
    // Column by column: each field's loop over the rows is tight, as in serialize.
    this.in = in;
    try {
      for (int f = 0; f < childNodes[0].length; f++) {
        readColumn(into.children[f], 0, count, pos, end, childNodes[0][f]);
      }
      for (int i = 0; i < count; i++) {
        if (pos[i] != end[i]) {
          row = i;
          throw error("row ends " + (end[i] - pos[i]) + " bytes before its given length", pos[i]);
        }
      }
      into.ensureCapacity(into.size + count);
      into.size += count;
    } finally {
      this.in = null;
    }
  }

  /**
   * Reads field {@code v} of rows {@code [from, n)} (the rows before {@code from} read already), row
   * {@code r}'s at {@code pos[r]} within {@code end[r]}.
   */
  private void readColumn(DenseVector v, int from, int n, int[] pos, int[] end, int node) {
    boolean nullable = v.type().nullable();
    int s = v.size - from; // row r goes to entry s + r
    v.ensureCapacity(s + n);
    boolean[] nulls = v.nulls;
    // Scalar columns: a static loop over locals takes every row it can; a row it cannot (a value
    // near the input's end, anything malformed, a nullable INT64's 2^64) is read by the checked
    // code, which reports what is wrong, and the loop goes on after it.
    switch (v.type().kind()) {
      case INT64: {
        long[] a = v.longs;
        boolean[] nl = nullable ? nulls : null;
        if (prefix64) {
          for (int r = from; (r = readPrefixLongColumn(in, pos, end, a, nl, s, r, n)) < n; r++) {
            row = r;
            p = pos[r];
            limit = end[r];
            if (nullable) {
              a[s + r] = readNullablePrefixZigzag64();
              nulls[s + r] = wasNull;
            } else {
              a[s + r] = readPrefixZigzag64();
            }
            pos[r] = p;
          }
          v.size = s + n;
          return;
        }
        for (int r = from; (r = readLongColumn(in, pos, end, a, nl, s, r, n)) < n; r++) {
          row = r;
          p = pos[r];
          limit = end[r];
          if (nullable) {
            a[s + r] = readNullableZigzag64();
            nulls[s + r] = wasNull;
          } else {
            a[s + r] = readZigzag64();
          }
          pos[r] = p;
        }
        v.size = s + n;
        return;
      }
      case INT32: {
        int[] a = v.ints;
        boolean[] nl = nullable ? nulls : null;
        boolean prefix = prefix32;
        for (int r = from; (r = prefix ? readPrefixIntColumn(in, pos, end, a, nl, s, r, n) : readIntColumn(in, pos, end, a, nl, s, r, n)) < n;
            r++) {
          row = r;
          p = pos[r];
          limit = end[r];
          a[s + r] = readZigzag32(nullable);
          if (nullable) {
            nulls[s + r] = wasNull;
          }
          pos[r] = p;
        }
        v.size = s + n;
        return;
      }
      case DOUBLE: {
        double[] a = v.doubles;
        boolean[] nl = nullable ? nulls : null;
        for (int r = from; (r = readDoubleColumn(in, pos, end, a, nl, s, r, n)) < n; r++) {
          row = r;
          p = pos[r];
          limit = end[r];
          if (nullable && (nulls[s + r] = readTag())) {
            a[s + r] = 0;
          } else {
            need(8);
            a[s + r] = Double.longBitsToDouble(LittleEndian.getLong(in, p));
            p += 8;
          }
          pos[r] = p;
        }
        v.size = s + n;
        return;
      }
      case BINARY: {
        // Room once for the column: its values lie within the rows, so the rows' bytes bound them.
        BinaryBatch b = v.binaries;
        long bound = 0;
        for (int r = from; r < n; r++) {
          bound += end[r] - pos[r];
        }
        // 16 bytes of slack: values of up to 16 bytes are copied as two 8-byte words.
        b.reserve(n - from, bound + 16);
        byte[] dst = b.bytes();
        int[] o = b.offsets();
        int k = b.size();
        int to = o[k];
        byte[] src = in;
        for (int r = from; r < n; r++) {
          // Locals for the common one-byte length; the checked varint reader for the rest.
          int q = pos[r];
          int lim = end[r];
          int at = q;
          int x = q < lim ? src[q] : -1;
          long len;
          if (x >= 0) {
            len = x;
            q++;
          } else {
            row = r;
            p = q;
            limit = lim;
            len = readVarint(0);
            q = p;
          }
          if (nullable) {
            nulls[s + r] = len == 0;
            if (len == 0) {
              o[++k] = to;
              pos[r] = q;
              continue;
            }
            len--;
          }
          if (len < 0 || len > lim - q) {
            row = r;
            throw error("BINARY length " + Long.toUnsignedString(len) + " exceeds the " + (lim - q) + " bytes left in the row", at);
          }
          int l = (int) len;
          if (l <= 16 && src.length - q >= 16) {
            LittleEndian.putLong(dst, to, LittleEndian.getLong(src, q));
            LittleEndian.putLong(dst, to + 8, LittleEndian.getLong(src, q + 8));
          } else {
            System.arraycopy(src, q, dst, to, l);
          }
          to += l;
          o[++k] = to;
          pos[r] = q + l;
        }
        b.commitValues(n - from);
        v.size = s + n;
        return;
      }
      case ARRAY:
      case MAP:
        // One container per row, straight into its place: no per-row dispatch on the kind.
        for (int r = from; r < n; r++) {
          row = r;
          p = pos[r];
          limit = end[r];
          readContainer(v, s + r, node);
          pos[r] = p;
        }
        v.size = s + n;
        return;
      default:
        for (int r = from; r < n; r++) {
          row = r;
          p = pos[r];
          limit = end[r];
          readEntries(v, 1, node);
          pos[r] = p;
        }
    }
  }

  private void readRow(DenseVector into) {
    if (p >= limit) {
      throw error("row has no bytes", p);
    }
    into.ensureCapacity(into.size + 1);
    for (int f = 0; f < childNodes[0].length; f++) {
      readEntries(into.children[f], 1, childNodes[0][f]);
    }
    into.size++;
  }

  /**
   * Reads an unsigned varint at {@link #p} within {@link #limit}. With {@code wide} 1 the 10th byte
   * may be exactly 0x02 over nine 0x80 bytes, the 65-bit 2^64 of a nullable INT64: then it returns
   * 0 and sets {@link #wasNull} as a flag for {@link #readNullableZigzag64}, the only caller that
   * passes 1.
   */
  private long readVarint(int wide) {
    int q = p;
    byte[] b = in;
    if (q < limit && b[q] >= 0) {
      p = q + 1;
      return b[q];
    }
    if (b.length - q >= 10) {
      // Eight bytes at once; the checked loop below reports whatever this does not take.
      long w = LittleEndian.getLong(b, q);
      long stops = ~w & 0x8080808080808080L;
      if (stops != 0) {
        int n = (Long.numberOfTrailingZeros(stops) + 1) >>> 3;
        if (n <= limit - q) {
          p = q + n;
          return VarInts.compress7(w & (stops ^ (stops - 1)));
        }
      } else {
        // 9 or 10 bytes without a branch on which (random longs are half and half): 10 where byte
        // 8 has its continuation bit, and then byte 9 must be 0 or 1.
        int b8 = b[q + 8];
        int b9 = b[q + 9];
        int ten = b8 >>> 31;
        if ((b9 & ~1 & -ten) == 0 && 9 + ten <= limit - q) {
          p = q + 9 + ten;
          return VarInts.compress7(w) | ((long) (b8 & 0x7F) << 56) | ((long) (b9 & ten) << 63);
        }
      }
    }
    return readVarintChecked(wide);
  }

  /** {@link #readVarint} byte by byte, every byte checked (kept apart so that the fast path inlines). */
  private long readVarintChecked(int wide) {
    int q = p;
    byte[] b = in;
    long result = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      if (q >= limit) {
        throw error("varint starting here runs past the row's end at " + limit, p);
      }
      int x = b[q++];
      if (shift == 63) {
        if (x < 0) {
          throw error("varint longer than 10 bytes", p);
        }
        if (x > 1 + wide || (x == 2 && result != 0)) {
          throw error("varint exceeds 64 bits", p);
        }
        if (x == 2) {
          p = q;
          wasNull = true; // flags 2^64 to readNullableZigzag64
          return 0;
        }
      }
      result |= (long) (x & 0x7F) << shift;
      if (x >= 0) {
        p = q;
        return result;
      }
    }
    throw new AssertionError();
  }

  private int readZigzag32(boolean nullable) {
    int start = p;
    long u;
    if (prefix32) {
      u = readPrefix();
      if (!shortest(u, prefixOnes)) {
        throw notShortest(u, start);
      }
    } else {
      u = readVarint(0);
    }
    if (nullable) {
      if (u == 0) {
        wasNull = true;
        return 0;
      }
      u--;
    }
    wasNull = false;
    if ((u >>> 32) != 0) {
      throw error((prefix32 ? "prefix varint " : "varint ") + Long.toUnsignedString(nullable ? u + 1 : u) + " out of INT32 range"
          + (nullable ? " (a nullable INT32's is at most 2^32)" : ""), start);
    }
    int z = (int) u;
    return (z >>> 1) ^ -(z & 1);
  }

  private long readZigzag64() {
    long u = readVarint(0);
    return (u >>> 1) ^ -(u & 1);
  }

  /** A nullable INT64: sets {@link #wasNull}; the 65-bit 2^64 is Long.MIN_VALUE. */
  private long readNullableZigzag64() {
    wasNull = false;
    long u = readVarint(1);
    if (wasNull) {
      wasNull = false;
      return Long.MIN_VALUE;
    }
    // Null (0) or not without a branch: nulls come at any rate. A null's value is 0.
    wasNull = u == 0;
    long z = u - 1;
    return ((z >>> 1) ^ -(z & 1)) & -((u | -u) >>> 63);
  }

  /**
   * Reads a prefix varint at {@link #p} within {@link #limit}: returns its value (for the 9-byte
   * form the 8 bytes after 0xFF) and leaves its trailing ones in {@link #prefixOnes}. One 8-byte
   * load (two for the 9-byte form) where the input has 9 bytes from it, else byte by byte; the
   * value's bytes are checked against the row's end either way. The caller checks the form.
   */
  private long readPrefix() {
    int q = p;
    byte[] b = in;
    if (q >= limit) {
      throw error("row ends inside a value", q);
    }
    int n = Integer.numberOfTrailingZeros(~(b[q] & 0xFF)); // 8 for 0xFF
    int len = n + 1;
    if (len > limit - q) {
      throw error("prefix varint of " + len + " bytes runs past the row's end at " + limit, q);
    }
    long x;
    if (b.length - q >= 9) {
      x = n < 8 ? (LittleEndian.getLong(b, q) >>> len) & (-1L >>> (57 - 7 * n)) : LittleEndian.getLong(b, q + 1);
    } else if (n < 8) {
      x = (b[q] & 0xFF) >>> len;
      for (int k = 1; k <= n; k++) {
        x |= (long) (b[q + k] & 0xFF) << ((k << 3) - len);
      }
    } else {
      x = 0;
      for (int k = 0; k < 8; k++) {
        x |= (long) (b[q + 1 + k] & 0xFF) << (k << 3);
      }
    }
    prefixOnes = n;
    p = q + len;
    return x;
  }

  /** A not-nullable INT64 of version 3. */
  private long readPrefixZigzag64() {
    int start = p;
    long u = readPrefix();
    if (!shortest(u, prefixOnes)) {
      throw notShortest(u, start);
    }
    return (u >>> 1) ^ -(u & 1);
  }

  /** A nullable INT64 of version 3: sets {@link #wasNull} (a null's value is 0). */
  private long readNullablePrefixZigzag64() {
    int start = p;
    long x = readPrefix();
    int n = prefixOnes;
    long z;
    if (n < 8) {
      if (!shortest(x, n)) {
        throw notShortest(x, start);
      }
      wasNull = x == 0;
      z = x - 1;
      return ((z >>> 1) ^ -(z & 1)) & -((x | -x) >>> 63);
    }
    // The 9-byte form holds zz64(v) itself, for zz64(v) + 1 at or above 2^56 (in 65 bits).
    if (Long.compareUnsigned(x, (1L << 56) - 1) < 0) {
      throw error("nullable INT64 in 9 bytes holds zig-zag value " + x + ", whose form is the prefix varint of " + (x + 1), start);
    }
    wasNull = false;
    return (x >>> 1) ^ -(x & 1);
  }

  private DenseRowFormatException notShortest(long u, int at) {
    return error("prefix varint of " + (prefixOnes + 1) + " bytes holds " + Long.toUnsignedString(u) + ", which has a shorter form", at);
  }

  private int readByte() {
    if (p >= limit) {
      throw error("row ends inside a value", p);
    }
    return in[p++];
  }

  /** The null marker of a nullable FLOAT, DOUBLE, FIXED or ROW: true when null. */
  private boolean readTag() {
    int at = p;
    int tag = readByte();
    if (tag == 0) {
      return true;
    }
    if (tag != 1) {
      throw error("null marker " + (tag & 0xFF) + " is neither 0 nor 1", at);
    }
    return false;
  }

  private void need(int n) {
    if (n > limit - p) {
      throw error("value needs " + n + " bytes, the row has " + (limit - p) + " left", p);
    }
  }

  /**
   * Reads {@code n} zig-zag varints into a not-nullable INT32 or INT64 vector and appends them:
   * eight one-byte values at a time where eight bytes of the row have no high bit set.
   */
  private void readIntVarints(DenseVector v, int n) {
    int s = v.size;
    byte[] b = in;
    if (v.type().kind() == DenseType.Kind.INT64) {
      long[] a = v.longs;
      if (a.length < s + n) {
        v.ensureCapacity(s + n);
        a = v.longs;
      }
      // A one-byte value: a LEB128 byte below 0x80 (versions 1, 2), a prefix varint's byte with
      // bit 0 clear, zz << 1 (version 3). One loop for both, so that it stays as small as before.
      boolean prefix = prefix64;
      long oneBits = prefix ? 0x0101010101010101L : 0x8080808080808080L;
      int oneBit = prefix ? 1 : 0x80;
      int shift = prefix ? 1 : 0;
      int i = 0;
      while (i < n) {
        int q = p;
        if (n - i >= 8 && limit - q >= 8) {
          long w = LittleEndian.getLong(b, q);
          if ((w & oneBits) == 0) {
            long d = unzigzagBytes((w >>> shift) & 0x7F7F7F7F7F7F7F7FL);
            for (int k = 0; k < 8; k++) {
              a[s + i + k] = (byte) (d >>> (k << 3));
            }
            p = q + 8;
            i += 8;
            continue;
          }
        } else if (b.length - q >= 8 && n - i <= limit - q) {
          // The last 1 to 7 values in one load, where they are all one byte (the load may pass
          // the row's end, not the input's).
          int k = n - i;
          long w = LittleEndian.getLong(b, q);
          if ((w & oneBits & ((1L << (k << 3)) - 1)) == 0) {
            long d = unzigzagBytes((w >>> shift) & 0x7F7F7F7F7F7F7F7FL);
            for (int j = 0; j < k; j++) {
              a[s + i + j] = (byte) (d >>> (j << 3));
            }
            p = q + k;
            i = n;
            continue;
          }
        }
        if (q < limit && (b[q] & oneBit) == 0) {
          long u = (b[q] & 0xFF) >>> shift;
          a[s + i] = (u >>> 1) ^ -(u & 1);
          p = q + 1;
        } else {
          a[s + i] = prefix ? readPrefixZigzag64() : readZigzag64();
        }
        i++;
      }
    } else {
      int[] a = v.ints;
      if (a.length < s + n) {
        v.ensureCapacity(s + n);
        a = v.ints;
      }
      // A one-byte value: a LEB128 byte below 0x80 (versions 1 to 3), a prefix varint's byte
      // with bit 0 clear, zz << 1 (version 4).
      boolean prefix = prefix32;
      int oneBit = prefix ? 1 : 0x80;
      int shift = prefix ? 1 : 0;
      for (int i = 0; i < n; i++) {
        int q = p;
        if (q < limit && (b[q] & oneBit) == 0) {
          int u = (b[q] & 0xFF) >>> shift;
          a[s + i] = (u >>> 1) ^ -(u & 1);
          p = q + 1;
        } else {
          a[s + i] = readZigzag32(false);
        }
      }
    }
    v.size = s + n;
  }

  /**
   * The width byte of a container whose header flag is set: a width of 1..8 bytes (1..4 for INT32)
   * in the low nibble for child 0 and the high nibble for child 1, each only for a not-nullable
   * integer child, 0 for varints; not both 0.
   */
  private int readWidths(DenseType t, int packMask) {
    int at = p;
    int x = readByte() & 0xFF;
    if (x == 0) {
      throw error("width byte 0x00 selects no fixed width", at);
    }
    for (int k = 0; k < 2; k++) {
      int w = (x >>> (k << 2)) & 0xF;
      if (w == 0) {
        continue;
      }
      if ((packMask & (1 << k)) == 0) {
        throw error("width byte 0x" + Integer.toHexString(x) + " gives a width to " + (k < t.childCount() ? t.child(k).toString() : "no child")
            + ", which is not a not-nullable INT32 or INT64", at);
      }
      int max = t.child(k).kind() == DenseType.Kind.INT64 ? 8 : 4;
      if (w > max) {
        throw error("width byte 0x" + Integer.toHexString(x) + ": width " + w + " is not allowed for " + t.child(k).kind() + " (1 to " + max + ")", at);
      }
    }
    return x;
  }

  /** Reads {@code n} zig-zag values of {@code w} bytes each into a not-nullable INT32 or INT64 vector. */
  private void readIntFixed(DenseVector v, int n, int w) {
    long bytes = (long) n * w;
    if (bytes > limit - p) {
      throw error(n + " values of " + w + " bytes need " + bytes + " bytes, the row has " + (limit - p) + " left", p);
    }
    int s = v.size;
    if (v.longs != null) {
      if (v.longs.length < s + n) {
        v.ensureCapacity(s + n);
      }
      readFixedLongs(in, p, w, n, v.longs, s);
    } else {
      if (v.ints.length < s + n) {
        v.ensureCapacity(s + n);
      }
      readFixedInts(in, p, w, n, v.ints, s);
    }
    p += (int) bytes;
    v.size = s + n;
  }


  /** Reads {@code count} entries of {@code v} back to back and appends them. */
  private void readEntries(DenseVector v, int count, int node) {
    DenseType t = v.type();
    boolean nullable = t.nullable();
    v.ensureCapacity(v.size + count);
    boolean[] nulls = v.nulls;
    int s = v.size;
    switch (t.kind()) {
      case BOOLEAN: {
        boolean[] a = v.booleans;
        for (int i = 0; i < count; i++) {
          int at = p;
          int x = readByte();
          if (nullable) {
            if (x < 0 || x > 2) {
              throw error("nullable BOOLEAN byte " + (x & 0xFF), at);
            }
            nulls[s + i] = x == 0;
            a[s + i] = x == 2;
          } else {
            if (x < 0 || x > 1) {
              throw error("BOOLEAN byte " + (x & 0xFF), at);
            }
            a[s + i] = x == 1;
          }
        }
        v.size = s + count;
        return;
      }
      case INT32: {
        int[] a = v.ints;
        for (int i = 0; i < count; i++) {
          a[s + i] = readZigzag32(nullable);
          if (nullable) {
            nulls[s + i] = wasNull;
          }
        }
        v.size = s + count;
        return;
      }
      case INT64: {
        long[] a = v.longs;
        if (prefix64) {
          if (!nullable) {
            for (int i = 0; i < count; i++) {
              a[s + i] = readPrefixZigzag64();
            }
          } else {
            for (int i = 0; i < count; i++) {
              a[s + i] = readNullablePrefixZigzag64();
              nulls[s + i] = wasNull;
            }
          }
        } else if (!nullable) {
          for (int i = 0; i < count; i++) {
            a[s + i] = readZigzag64();
          }
        } else {
          for (int i = 0; i < count; i++) {
            a[s + i] = readNullableZigzag64();
            nulls[s + i] = wasNull;
          }
        }
        v.size = s + count;
        return;
      }
      case FLOAT: {
        float[] a = v.floats;
        for (int i = 0; i < count; i++) {
          if (nullable && (nulls[s + i] = readTag())) {
            a[s + i] = 0;
            continue;
          }
          need(4);
          a[s + i] = Float.intBitsToFloat(LittleEndian.getInt(in, p));
          p += 4;
        }
        v.size = s + count;
        return;
      }
      case DOUBLE: {
        double[] a = v.doubles;
        for (int i = 0; i < count; i++) {
          if (nullable && (nulls[s + i] = readTag())) {
            a[s + i] = 0;
            continue;
          }
          need(8);
          a[s + i] = Double.longBitsToDouble(LittleEndian.getLong(in, p));
          p += 8;
        }
        v.size = s + count;
        return;
      }
      case BINARY: {
        BinaryBatch b = v.binaries;
        for (int i = 0; i < count; i++) {
          int at = p;
          long len = readVarint(0);
          if (nullable) {
            nulls[s + i] = len == 0;
            if (len == 0) {
              b.add(in, 0, 0);
              continue;
            }
            len--;
          }
          if (len < 0 || len > limit - p) {
            throw error("BINARY length " + Long.toUnsignedString(len) + " exceeds the " + (limit - p) + " bytes left in the row", at);
          }
          b.add(in, p, (int) len);
          p += (int) len;
        }
        v.size = s + count;
        return;
      }
      case FIXED: {
        BinaryBatch b = v.binaries;
        int w = t.fixedLength();
        for (int i = 0; i < count; i++) {
          if (nullable && (nulls[s + i] = readTag())) {
            v.size = s + i;
            v.appendDefault();
            nulls[s + i] = true;
            continue;
          }
          need(w);
          b.add(in, p, w);
          p += w;
        }
        v.size = s + count;
        return;
      }
      case ARRAY:
      case MAP: {
        for (int i = 0; i < count; i++) {
          readContainer(v, s + i, node);
        }
        v.size = s + count;
        return;
      }
      default: {
        int[] kids = childNodes[node];
        for (int i = 0; i < count; i++) {
          if (nullable && readTag()) {
            v.size = s + i;
            v.appendDefault();
            nulls[s + i] = true;
            continue;
          }
          if (nullable) {
            nulls[s + i] = false;
          }
          for (int k = 0; k < kids.length; k++) {
            readEntries(v.children[k], 1, kids[k]);
          }
        }
        v.size = s + count;
        return;
      }
    }
  }

  /**
   * Reads ARRAY or MAP entry {@code i} of {@code v} (type node {@code node}; room for it ensured)
   * at {@link #p}: its header, width byte and elements, which are appended to the children.
   */
  private void readContainer(DenseVector v, int i, int node) {
    int[] offs = v.offsets;
    int at = p;
    long c = readVarint(0);
    if (v.type().nullable()) {
      if (c == 0) {
        v.nulls[i] = true;
        offs[i + 1] = offs[i];
        return;
      }
      v.nulls[i] = false;
      c--;
    }
    int packMask = packMasks[node];
    int widths = 0;
    if (packMask != 0 && packedHeaders) {
      boolean flag = (c & 1) != 0;
      c >>>= 1;
      if (flag) {
        int x;
        if (p < limit && widthBytesAllowed[node][x = in[p] & 0xFF]) {
          widths = x;
          p++;
        } else {
          widths = readWidths(v.type(), packMask); // reports what is wrong
        }
      }
    }
    DenseVector[] children = v.children;
    int per = children.length;
    if (c < 0 || c > limit - p || c * per > limit - p) {
      throw error((per == 1 ? "ARRAY" : "MAP") + " count " + Long.toUnsignedString(c) + " exceeds the " + (limit - p) + " bytes left in the row", at);
    }
    int[] kids = childNodes[node];
    for (int k = 0; k < per; k++) {
      DenseVector child = children[k];
      int w = (widths >>> (k << 2)) & 0xF;
      if (w != 0) {
        readIntFixed(child, (int) c, w);
      } else if ((packMask & (1 << k)) != 0) {
        readIntVarints(child, (int) c);
      } else if (isContainer(child)) {
        readContainers(child, (int) c, kids[k]);
      } else {
        readEntries(child, (int) c, kids[k]);
      }
    }
    offs[i + 1] = children[0].size;
  }

  /** {@link #readEntries} of an ARRAY or MAP vector: {@code count} containers appended. */
  private void readContainers(DenseVector v, int count, int node) {
    int s = v.size;
    v.ensureCapacity(s + count);
    for (int i = 0; i < count; i++) {
      readContainer(v, s + i, node);
    }
    v.size = s + count;
  }
}
