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

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.internal.LittleEndian;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A compact row format for batches of {@link DenseVector}s: sizes, serialisation into a caller's
 * buffer at caller-given offsets, and deserialisation back into vectors.
 *
 * <h2>Wire grammar, version 4</h2>
 *
 * A <em>run</em> is a format byte followed by rows. A row is self-delimiting given its type; there
 * is no padding, no alignment and no null bitmap anywhere.
 *
 * <pre>
 * run        := format row*                      (rows back to back up to the run's end)
 *             | format (varint(len) row)*        (with option LENGTH_PREFIXED: len = the row's bytes)
 * format     := one byte: (version &lt;&lt; 4) | options; writers write version 4; options bit 0 =
 *               LENGTH_PREFIXED, bits 1..3 reserved (0). A reader takes versions 4, 3, 2 and 1
 *               (below) and rejects any other version or option bit.
 * row        := value(field 0) value(field 1) ... value(field n-1)   (the top-level ROW's fields)
 *
 * A nullable value is 0x00 when null, whatever its type; otherwise, by type:
 *   type        not nullable                         nullable, not null
 *   BOOLEAN     0x00 false, 0x01 true                0x01 false, 0x02 true
 *   INT32       prefix(zz32(v))                      prefix(zz32(v) + 1)
 *   INT64       prefix(zz64(v))                      prefix(zz64(v) + 1) if zz64(v) + 1 &lt; 2^56,
 *                                                    else prefix9(zz64(v))
 *   FLOAT       4 bytes, IEEE 754 bits, LE           0x01, then the 4 bytes
 *   DOUBLE      8 bytes, IEEE 754 bits, LE           0x01, then the 8 bytes
 *   BINARY      varint(len) bytes[len]               varint(len + 1) bytes[len]
 *   FIXED(n)    bytes[n]                             0x01 bytes[n]
 *   ARRAY&lt;E&gt;    varint(h) elems_E                    varint(h + 1) elems_E
 *   MAP&lt;K,V&gt;    varint(h) elems_K elems_V            varint(h + 1) elems_K elems_V
 *   ROW&lt;F..&gt;    value(F0) value(F1) ...              0x01 value(F0) value(F1) ...
 *
 * Containers (c = the element count):
 *   A child of a container is <em>packable</em> when it is a not-nullable INT32 or INT64 (an
 *   array's element type, a map's key or value type). A container with no packable child:
 *     h = c, and elems_X = value_X * c.
 *   A container with a packable child:
 *     h = (c &lt;&lt; 1) | f, f in {0, 1};  when f = 1 a width byte follows the header:
 *     width byte := (w1 &lt;&lt; 4) | w0, w0 for child 0 (elements, keys), w1 for child 1 (values;
 *                   0 for an ARRAY). wk = 0: child k as below; wk in 1..8: child k is packable,
 *                   wk at most 4 for INT32. Not both 0.
 *     elems_X for child k with wk = 0 (or f = 0): value_X * c, as for any container (an INT64
 *                   or INT32 child's values are prefix varints);
 *     elems_X for child k with wk &gt; 0: fixed(zz(v), wk) * c, the zig-zag value (zz32 or zz64)
 *                   in wk bytes, little-endian.
 * </pre>
 *
 * <ul>
 *   <li>varint: unsigned LEB128, 7 bits per byte, least significant group first, high bit set on
 *       every byte but the last; at most 10 bytes, the value below 2^64 (in the 10th byte only bit
 *       0 may be set). Used for lengths, counts and container headers. Longer
 *       encodings of a value (trailing 0x80 groups) are accepted by readers; writers use the
 *       shortest.
 *   <li>prefix(u), the <em>prefix varint</em> of an unsigned value u below 2^64, used for every
 *       INT64 and INT32 value outside fixed-width containers: n = the number of trailing one bits
 *       of its first byte (0 to 8) gives its length.
 *       <ul>
 *         <li>n in 0..7: n + 1 bytes holding 7(n + 1) value bits. Read the n + 1 bytes as a
 *             little-endian number L; u = L &gt;&gt;&gt; (n + 1). Equivalently: the first byte is
 *             (u &lt;&lt; (n + 1)) | (2^n - 1) taken to 8 bits, and byte k (1..n) is bits
 *             [8k - n - 1, 8k - n + 7) of u. Example: u = 300 (9 bits) has n = 1: L = (300
 *             &lt;&lt; 2) | 1 = 0x4b1, bytes b1 04.
 *         <li>n = 8 (first byte 0xFF): 9 bytes, the 8 after 0xFF being u little-endian; written
 *             as prefix9(u).
 *       </ul>
 *       Writers use the shortest form: n = ceil(bits(u) / 7) - 1 for u below 2^56 (bits(0) =
 *       1: the value 0 is the one byte 0x00), the 9-byte form for u at or above 2^56. A
 *       not-nullable INT64 therefore takes 1 to 9 bytes: zz64(v) below 2^7 one byte (0 to 0xFE,
 *       even), ... below 2^56 eight bytes, anything wider nine. Readers reject every other form
 *       of a value (a form of 2 to 9 bytes whose value has a shorter form): each value has one
 *       encoding, so equal rows are equal bytes.
 *   <li>A nullable INT64: null is 0x00 (prefix(0)); a value whose zz64(v) + 1 is below 2^56 is
 *       prefix(zz64(v) + 1) in 1 to 8 bytes; any other value (zz64(v) at least 2^56 - 1,
 *       Long.MIN_VALUE included) is prefix9(zz64(v)): 0xFF then zz64(v) little-endian, with no
 *       "+ 1". Readers reject, besides the longer forms above, a 9-byte form holding zz64(v) below
 *       2^56 - 1 (that value's form is prefix(zz64(v) + 1)), so every value has one encoding and
 *       no 65-bit value exists.
 *   <li>An INT32: a not-nullable value is prefix(zz32(v)), below 2^32; a nullable one is 0x00 for
 *       null and prefix(zz32(v) + 1), at most 2^32, otherwise. Both fit the 5-byte form (n = 4,
 *       35 bits), so an INT32 takes 1 to 5 bytes and never the 9-byte form. Readers reject, besides
 *       the longer forms above, any INT32 prefix varint whose value is out of its range: a 5-byte
 *       form with a bit above bit 31 set (not nullable) or with a value above 2^32 (nullable), and
 *       every form of 6 to 9 bytes.
 *   <li>zz32(v) = (v &lt;&lt; 1) ^ (v &gt;&gt; 31) as an unsigned 32-bit number, zz64(v) = (v &lt;&lt; 1) ^
 *       (v &gt;&gt; 63) as an unsigned 64-bit number (zig-zag: 0, -1, 1, -2 ... map to 0, 1, 2, 3 ...).
 *   <li>Floats and doubles keep their raw bits (NaN payloads and -0.0 survive).
 *   <li>Logical types travel by physical form ({@link DenseType}): DECIMAL as INT32, INT64, BINARY
 *       or FIXED; dates as INT32; strings as BINARY (UTF-8 bytes, not checked).
 *   <li>Containers write their level once: an array's (or map's) header, then its elements back to
 *       back; a map's keys all come before its values. Elements of a nullable element type carry
 *       their own null marker. A null array, map or row has no elements or fields after its 0x00.
 *   <li>Fixed widths are chosen per container instance, so one wide value costs only its own
 *       container. This writer sets wk &gt; 0 exactly when c * wk &lt; the bytes of the child's c
 *       values as varints (prefix varints for INT64), with wk the fewest bytes holding every
 *       zig-zag value of the child in this container (so f = 1 never makes a row longer; the
 *       header's flag bit costs a byte only where c is in [64, 128), [8192, 16384) ...). Readers
 *       accept any valid choice.
 *   <li>Every value of a not-nullable type takes at least one byte ({@link DenseType} has no
 *       zero-length FIXED and no field-less ROW; a fixed width is at least one byte), so a count
 *       larger than the bytes left in the row (twice the count for a map) is a lie.
 * </ul>
 *
 * <h3>Earlier versions (read, not written)</h3>
 *
 * <ul>
 *   <li>Version 3 is version 4 with every INT32 value (not-nullable and nullable, fields and
 *       container values with wk = 0) a LEB128 varint instead of a prefix varint: varint(zz32(v)),
 *       below 2^32, and for a nullable INT32 varint(zz32(v) + 1), at most 2^32. Longer encodings
 *       are accepted there.
 *   <li>Version 2 is version 3 with every INT64 value (not-nullable and nullable, fields and
 *       container values with wk = 0) a LEB128 varint instead of a prefix varint: varint(zz64(v)),
 *       and for a nullable INT64 varint(zz64(v) + 1) in 65-bit arithmetic, so Long.MIN_VALUE is
 *       2^64: bytes 80 80 80 80 80 80 80 80 80 02 (the only varint whose 10th byte may be 0x02).
 *       Longer encodings are accepted there.
 *   <li>Version 1 is version 2 without packed containers: every container's h is c, and no width
 *       byte exists.
 * </ul>
 *
 * <h3>What versions 3 and 4 changed, and why</h3>
 *
 * Version 4 changed only INT32 values, in the same way as version 3 changed INT64 values (below):
 * a prefix varint of a random int takes the same 5 bytes as its LEB128 varint (a prefix varint of
 * up to 5 bytes holds 7 bits per byte, as LEB128 does), so no row changed size, and it is read with
 * one load, a trailing-ones count, a shift and a mask instead of LEB128's bit extract.
 *
 * Version 3 changed only INT64 values: a random long's LEB128 varint took 9 or 10 bytes and about 30 scalar
 * operations each way on JDK 17; its prefix varint takes 9 bytes and, with 8 bytes of room, one
 * trailing-zero count, a shift and a mask to read, two 8-byte stores to write. A prefix varint
 * never takes more bytes than LEB128 for the same value (7 payload bits per byte up to 8 bytes,
 * then 9), so no row grew; lengths, counts, headers and INT32 kept LEB128, whose one-byte values
 * are the common case and cost the same.
 *
 * Reading checks every byte it reads against the row's end (the run's end, the row's length
 * prefix, or the caller's length for a row at a given offset): a row that runs past its end, a
 * count or length larger than the bytes left, a varint longer than 10 bytes or out of its type's
 * range, a prefix varint in a form other than its value's (above), a BOOLEAN or null marker byte other than those above, a width byte not allowed for its
 * container, fixed-width values running past the row's end, a row shorter than its given length
 * (bytes the type has no place for, e.g. nesting deeper than the type), or a wrong format byte:
 * each is a {@link DenseRowFormatException} (a {@code ParquetDecodingException}) naming the row and
 * the byte offset. Nesting depth is the type's, never the input's, so no input recurses deeper.
 *
 * <h2>Use</h2>
 *
 * A batch is a {@link DenseVector} of the codec's ROW type, one entry per row. {@link #rowSizes}
 * gives every row's size in one pass over the columns; {@link #serialize} writes row {@code r} at
 * {@code offsets[r]} of the caller's array (any order, gaps allowed); {@link #serializeRun} writes a
 * whole run. The caller keeps the {@link #formatByte} of rows written at scattered offsets and gives
 * it back to {@link #deserialize}. A codec keeps scratch arrays: one instance per thread.
 */
public final class DenseRowCodec {
  /** The grammar's version, in the format byte's high four bits: what writers write. */
  public static final int VERSION = 4;
  /** The third version, still read: INT32 values as LEB128 varints. */
  public static final int VERSION_3 = 3;
  /** The second version, still read: INT64 values as LEB128 varints. */
  public static final int VERSION_2 = 2;
  /** The first version, still read: containers without the packed header of version 2. */
  public static final int VERSION_1 = 1;
  /** Option bit: every row of a run is preceded by a varint of its length. */
  public static final int LENGTH_PREFIXED = 1;
  private static final int KNOWN_OPTIONS = LENGTH_PREFIXED;

  private final DenseType rowType;
  private final int fieldCount;
  /** Per nesting depth: element sizes, reused. */
  private int[][] scratch = new int[8][];
  private int[] positions = new int[0];
  private int[] runOffsets = new int[0];
  private int[] ends = new int[0];
  private byte[] entryBytes = new byte[64];
  private int[] entryOffsets = new int[2];

  /*
   * The row type's nodes in pre-order (node 0 is the row itself): each node's children's nodes, its
   * packable-children mask (ARRAY and MAP), and for a container with a packable child its slot in
   * the width records, -1 otherwise.
   */
  private final int[][] childNodes;
  private final int[] packMasks;
  private final int[] slots;
  /** Per node with a packable child: which of the 256 width bytes its containers may carry. */
  private final boolean[][] widthBytesAllowed;
  /*
   * The width byte (0 for varints) the size pass chose for each container entry of each slot,
   * entries [recordFrom[slot], recordTo[slot]); serialize reuses them for the batch and sizes array
   * rowSizes last saw instead of choosing again.
   */
  private final byte[][] widthRecords;
  private final int[] recordFrom;
  private final int[] recordTo;
  private DenseVector sizedBatch;
  private int[] sizedSizes;
  private int sizedRows = -1;
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

  // Reading state.
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

  /** A codec for rows of {@code rowType}, a not-nullable ROW whose fields are the columns. */
  public DenseRowCodec(DenseType rowType) {
    Objects.requireNonNull(rowType, "rowType");
    if (rowType.kind() != DenseType.Kind.ROW || rowType.nullable()) {
      throw new IllegalArgumentException("a row type is a not-nullable ROW, not " + rowType);
    }
    this.rowType = rowType;
    this.fieldCount = rowType.childCount();
    List<DenseType> nodes = new ArrayList<>();
    number(rowType, nodes);
    int count = nodes.size();
    childNodes = new int[count][];
    packMasks = new int[count];
    slots = new int[count];
    int slotCount = 0;
    // Pre-order: a node's first child is the next node, each later child follows the previous one's subtree.
    int[] subtree = new int[count];
    for (int i = count - 1; i >= 0; i--) {
      DenseType t = nodes.get(i);
      subtree[i] = 1;
      int c = i + 1;
      childNodes[i] = new int[t.childCount()];
      for (int k = 0; k < t.childCount(); k++) {
        childNodes[i][k] = c;
        subtree[i] += subtree[c];
        c += subtree[c];
      }
    }
    widthBytesAllowed = new boolean[count][];
    for (int i = 0; i < count; i++) {
      DenseType t = nodes.get(i);
      boolean container = t.kind() == DenseType.Kind.ARRAY || t.kind() == DenseType.Kind.MAP;
      packMasks[i] = container ? packMask(t) : 0;
      slots[i] = packMasks[i] != 0 ? slotCount++ : -1;
      if (packMasks[i] != 0) {
        widthBytesAllowed[i] = new boolean[256];
        for (int x = 1; x < 256; x++) {
          widthBytesAllowed[i][x] = widthByteAllowed(t, packMasks[i], x);
        }
      }
    }
    widthRecords = new byte[slotCount][];
    oneByteState = new int[slotCount * 2];
    oneByteValues = new byte[slotCount * 2][];
    recordFrom = new int[slotCount];
    recordTo = new int[slotCount];
  }

  /** Whether a container of {@code t} may carry width byte {@code x} (the rule {@link #readWidths} reports). */
  private static boolean widthByteAllowed(DenseType t, int packMask, int x) {
    for (int k = 0; k < 2; k++) {
      int w = (x >>> (k << 2)) & 0xF;
      if (w != 0 && ((packMask & (1 << k)) == 0 || w > (t.child(k).kind() == DenseType.Kind.INT64 ? 8 : 4))) {
        return false;
      }
    }
    return x != 0;
  }

  private static void number(DenseType t, List<DenseType> nodes) {
    nodes.add(t);
    for (int k = 0; k < t.childCount(); k++) {
      number(t.child(k), nodes);
    }
  }

  public DenseType rowType() {
    return rowType;
  }

  /** The format byte of a run written with {@code options}. */
  public static byte formatByte(int options) {
    if ((options & ~KNOWN_OPTIONS) != 0) {
      throw new IllegalArgumentException("unknown options " + Integer.toBinaryString(options));
    }
    return (byte) ((VERSION << 4) | options);
  }

  // ------------------------------------------------------------------ varints

  /** Bytes of the varint of {@code u} (unsigned). */
  static int varintSize(long u) {
    return VARINT_BYTES[Long.numberOfLeadingZeros(u | 1)];
  }

  /** Bytes of the varint of a value with {@code lz} leading zeros (at most 63: the value's bit 0 set). */
  private static final byte[] VARINT_BYTES = new byte[64];
  /** The continuation bits among the first eight bytes of that varint. */
  private static final long[] CONTINUATIONS = new long[64];

  static {
    for (int lz = 0; lz < 64; lz++) {
      int n = (64 - lz + 6) / 7; // ceil(bits / 7)
      VARINT_BYTES[lz] = (byte) n;
      CONTINUATIONS[lz] = 0x8080808080808080L & (n > 8 ? -1L : (1L << ((n - 1) << 3)) - 1);
    }
  }

  static int zigzag32Size(int v, int nullAdd) {
    return varintSize(Integer.toUnsignedLong((v << 1) ^ (v >> 31)) + nullAdd);
  }

  static int putVarint(byte[] out, int pos, long u) {
    if ((u & ~0x7FL) == 0) {
      out[pos] = (byte) u;
      return pos + 1;
    }
    if ((u & ~0x3FFFL) == 0) {
      out[pos] = (byte) (u | 0x80);
      out[pos + 1] = (byte) (u >>> 7);
      return pos + 2;
    }
    while ((u & ~0x7FL) != 0) {
      out[pos++] = (byte) ((u & 0x7F) | 0x80);
      u >>>= 7;
    }
    out[pos++] = (byte) u;
    return pos;
  }

  /**
   * The low 56 bits of {@code u} in eight bytes of seven bits each (a scalar bit deposit): halves
   * of 28 bits into 32-bit lanes, those into 14 bits per 16-bit lane, those into 7 bits per byte,
   * three shift-and-mask steps rather than one per byte.
   */
  static long spread7(long u) {
    long x = ((u << 4) & 0x0FFFFFFF00000000L) | (u & 0x0FFFFFFFL);
    x = ((x << 2) & 0x3FFF00003FFF0000L) | (x & 0x00003FFF00003FFFL);
    return ((x << 1) & 0x7F007F007F007F00L) | (x & 0x007F007F007F007FL);
  }

  /**
   * The seven low bits of each of the eight bytes of {@code x}, packed (a scalar bit extract): the
   * steps of {@link #spread7} backwards.
   */
  static long compress7(long x) {
    x = ((x >>> 1) & 0x3F803F803F803F80L) | (x & 0x007F007F007F007FL);
    x = ((x >>> 2) & 0x0FFFC0000FFFC000L) | (x & 0x00003FFF00003FFFL);
    return ((x >>> 4) & 0x00FFFFFFF0000000L) | (x & 0x000000000FFFFFFFL);
  }

  /**
   * As {@link #putVarint}, with one 8-byte store for the first eight bytes: {@code out} must have 8
   * bytes from {@code pos} that belong to the row being written (those past the varint are
   * overwritten by what follows it). No branch on the value's bytes.
   */
  static int putVarintWide(byte[] out, int pos, long u) {
    int n = varintSize(u);
    if (n <= 8) {
      LittleEndian.putLong(out, pos, spread7(u) | (0x8080808080808080L & ((1L << ((n - 1) << 3)) - 1)));
      return pos + n;
    }
    LittleEndian.putLong(out, pos, spread7(u) | 0x8080808080808080L);
    // 9 or 10 bytes without a branch (random longs are half and half): byte 8 is the top 8 bits,
    // with the continuation bit where bit 63 is set, and then byte 9 is 1; otherwise byte 8 is
    // stored twice.
    long hi = u >>> 56;
    int ten = (int) (u >>> 63);
    out[pos + 8] = (byte) (hi | ((long) ten << 7));
    out[pos + 8 + ten] = (byte) (hi >>> (7 * ten));
    return pos + 9 + ten;
  }

  /**
   * As {@link #putVarintWide}, without a branch on the value at all (varints of mixed lengths, a
   * nullable column's nulls among its values): {@code out} must have 10 bytes from {@code pos}
   * that belong to the row.
   */
  static int putVarintTen(byte[] out, int pos, long u) {
    int lz = Long.numberOfLeadingZeros(u | 1);
    int n = VARINT_BYTES[lz];
    long lo = spread7(u) | CONTINUATIONS[lz];
    LittleEndian.putLong(out, pos, lo);
    // Bytes 8 and 9 (the top 8 bits, with a continuation bit where bit 63 is set, then 1) as the
    // top of a second 8-byte store over bytes 2 to 9.
    long ten = u >>> 63;
    LittleEndian.putLong(out, pos + 2, (lo >>> 16) | ((u >>> 56 | ten << 7) << 48) | (ten << 56));
    return pos + n;
  }

  /**
   * {@link #putVarint(byte[], int, long, int)} with a one-byte store for a one-byte value first: for
   * not-nullable columns, whose values' lengths tend to repeat (nullable ones, nulls among values,
   * take the branch-free writer).
   */
  static int putVarintOrByte(byte[] out, int pos, long u, int end) {
    if ((u & ~0x7FL) == 0) {
      out[pos] = (byte) u;
      return pos + 1;
    }
    return putVarint(out, pos, u, end);
  }

  /** {@link #putVarintTen}, {@link #putVarintWide} or {@link #putVarint}, as the row's room allows. */
  static int putVarint(byte[] out, int pos, long u, int end) {
    int room = end - pos;
    return room >= 10 ? putVarintTen(out, pos, u) : room >= 8 ? putVarintWide(out, pos, u) : putVarint(out, pos, u);
  }

  // ------------------------------------------------------------------ prefix varints (INT64 from version 3, INT32 from 4)

  /**
   * The trailing ones n (0..8) of the shortest prefix varint of an unsigned value with {@code lz}
   * leading zeros: ceil(bits / 7) - 1 up to 56 bits, 8 above. Index 64 (the value 0) gives 8: the
   * nullable writer's zz64(v) + 1 that wrapped (v = Long.MIN_VALUE); the not-nullable one looks
   * up {@code u | 1}, which never has 64.
   */
  static final byte[] PREFIX_ONES = new byte[65];
  /** Bytes of the prefix varint of zz64(x) by the leading zeros of {@code x ^ (x >> 63)} (zz64's bits are 65 minus them). */
  private static final byte[] ZZ64_PREFIX_BYTES = new byte[65];

  static {
    for (int lz = 0; lz <= 64; lz++) {
      int bits = 64 - lz;
      PREFIX_ONES[lz] = (byte) (lz == 64 || bits > 56 ? 8 : Math.max(1, bits + 6) / 7 - 1);
      int zzBits = Math.max(1, 65 - lz);
      ZZ64_PREFIX_BYTES[lz] = (byte) (zzBits > 56 ? 9 : (zzBits + 6) / 7);
    }
  }

  /** Bytes of the prefix varint of {@code u} (unsigned). */
  static int prefixSize(long u) {
    return PREFIX_ONES[Long.numberOfLeadingZeros(u | 1)] + 1;
  }

  /** Bytes of a nullable INT64's not-null value {@code v}. */
  static int nullablePrefixSize(long v) {
    return PREFIX_ONES[Long.numberOfLeadingZeros(((v << 1) ^ (v >> 63)) + 1)] + 1;
  }

  /** Writes the shortest prefix varint of {@code u} at {@code out[pos ..]} within {@code end}; returns its end. */
  static int putPrefix(byte[] out, int pos, long u, int end) {
    return putPrefix(out, pos, u, PREFIX_ONES[Long.numberOfLeadingZeros(u | 1)], end);
  }

  /**
   * Writes a nullable INT64's not-null value {@code v}: prefix(zz64(v) + 1) where that is below
   * 2^56, else 0xFF and zz64(v).
   */
  static int putNullablePrefix(byte[] out, int pos, long v, int end) {
    long t = ((v << 1) ^ (v >> 63)) + 1;
    int n = PREFIX_ONES[Long.numberOfLeadingZeros(t)];
    return putPrefix(out, pos, t - (n >>> 3), n, end);
  }

  /**
   * Writes the prefix varint with {@code n} trailing ones (0..8) of {@code x} (for n = 8 the 8
   * bytes after 0xFF). With 9 bytes of room in the row two 8-byte stores and no branch on n:
   * {@code x} at {@code pos + 1}, then the first 8 bytes over it ({@code x << (n + 1)} and the n
   * ones, or for n = 8 0xFF and x's low 7 bytes, its 8th byte left from the first store); the
   * bytes past the value are the row's, and what follows overwrites them.
   */
  static int putPrefix(byte[] out, int pos, long x, int n, int end) {
    int room = end - pos;
    if (room >= 9) {
      LittleEndian.putLong(out, pos + 1, x);
      LittleEndian.putLong(out, pos, (x << (n + 1 - (n >>> 3))) | ((1L << n) - 1));
      return pos + n + 1;
    }
    if (n == 0 && room >= 1) {
      out[pos] = (byte) (x << 1); // a one-byte value at a row's end (the last column of small integers)
      return pos + 1;
    }
    if (n < 8 && room >= 4) {
      // Rows shorter than 9 bytes (a column of small integers alone): one 8-byte store, or a
      // 4-byte store and the rest byte by byte, all within the row.
      long word = (x << (n + 1)) | ((1L << n) - 1);
      if (room >= 8) {
        LittleEndian.putLong(out, pos, word);
      } else {
        LittleEndian.putInt(out, pos, (int) word);
        for (int k = 4; k <= n; k++) {
          out[pos + k] = (byte) (word >>> (k << 3));
        }
      }
      return pos + n + 1;
    }
    return putPrefixBytes(out, pos, x, n);
  }

  /**
   * An INT32's prefix varint ({@code u} at most 2^32, so {@code n} at most 4 and the value's bytes
   * at most 5): one 8-byte store where the row has 8 bytes left (the bytes past the value are the
   * row's, and what follows overwrites them), else as {@link #putPrefix(byte[], int, long, int, int)}.
   */
  static int putPrefix32(byte[] out, int pos, long u, int n, int end) {
    if (end - pos >= 8) {
      LittleEndian.putLong(out, pos, (u << (n + 1)) | ((1L << n) - 1));
      return pos + n + 1;
    }
    return putPrefix(out, pos, u, n, end);
  }

  /** {@link #putPrefix(byte[], int, long, int, int)} byte by byte: nothing stored past the value. */
  static int putPrefixBytes(byte[] out, int pos, long x, int n) {
    if (n == 1) {
      // two bytes, the common short form in rows too small for the 8-byte stores
      out[pos] = (byte) ((x << 2) | 1);
      out[pos + 1] = (byte) (x >>> 6);
      return pos + 2;
    }
    if (n == 8) {
      out[pos] = (byte) 0xFF;
      for (int k = 0; k < 8; k++) {
        out[pos + 1 + k] = (byte) (x >>> (k << 3));
      }
      return pos + 9;
    }
    long word = (x << (n + 1)) | ((1L << n) - 1);
    for (int k = 0; k <= n; k++) {
      out[pos + k] = (byte) (word >>> (k << 3));
    }
    return pos + n + 1;
  }

  /** A not-nullable INT64 (or INT32: u = zz32) as versions 3 and 4 write it, with no bytes stored past it. */
  static int putPrefixBytes(byte[] out, int pos, long u) {
    return putPrefixBytes(out, pos, u, PREFIX_ONES[Long.numberOfLeadingZeros(u | 1)]);
  }

  /** A nullable INT64's not-null value as versions 3 and 4 write it, with no bytes stored past it. */
  static int putNullablePrefixBytes(byte[] out, int pos, long v) {
    long t = ((v << 1) ^ (v >> 63)) + 1;
    int n = PREFIX_ONES[Long.numberOfLeadingZeros(t)];
    return putPrefixBytes(out, pos, t - (n >>> 3), n);
  }

  /**
   * Whether a prefix varint with {@code n} trailing ones holding {@code u} (for n = 8 the value
   * after 0xFF) is the shortest form of {@code u}: u needs more than 7n bits (any u for n = 0).
   */
  static boolean shortest(long u, int n) {
    return Long.numberOfLeadingZeros(u | 1) + 7 * n < 64;
  }

  // ------------------------------------------------------------------ sizes

  /**
   * Stores the serialised size of every row of {@code batch} in {@code sizes[0 .. batch.size())}
   * (no format byte, no length prefix), one pass per column; returns their sum.
   */
  public long rowSizes(DenseVector batch, int[] sizes) {
    checkBatch(batch);
    int n = batch.size;
    if (sizes.length < n) {
      throw new IllegalArgumentException("sizes has room for " + sizes.length + " rows, the batch has " + n);
    }
    Arrays.fill(sizes, 0, n, 0);
    sizedBatch = null;
    for (int f = 0; f < fieldCount; f++) {
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

  private void checkBatch(DenseVector batch) {
    if (!batch.type().equals(rowType)) {
      throw new IllegalArgumentException("batch of " + batch.type() + " for a codec of " + rowType);
    }
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
            out[o + i] += varintSize(nulls[from + i] ? 0 : Integer.toUnsignedLong((x << 1) ^ (x >> 31)) + 1);
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
          out[o + i] += nullable && nulls[from + i] ? 1 : len + varintSize(len + add);
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
            out[o + i] += (int) (sum + varintSize(end - start + add));
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
          out[o + i] += (int) (sum + flag + varintSize((((long) (end - start)) << 1 | flag) + add));
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

  /** A not-nullable INT32 or INT64. */
  static boolean isPackable(DenseType t) {
    return !t.nullable() && (t.kind() == DenseType.Kind.INT64 || t.kind() == DenseType.Kind.INT32);
  }

  /** zz32 or zz64 of entry {@code i} of a not-nullable integer vector in any form (slow path). */
  private static long zigzagAt(DenseVector c, int i) {
    DenseVector src = c.dictionary != null ? c.dictionary : c;
    int j = c.dictionary != null ? c.dictionaryIds[i] : c.constant ? 0 : i;
    if (c.type().kind() == DenseType.Kind.INT64) {
      long x = src.longs[j];
      return (x << 1) ^ (x >> 63);
    }
    int x = src.ints[j];
    return Integer.toUnsignedLong((x << 1) ^ (x >> 31));
  }

  private static boolean plain(DenseVector c) {
    return c.dictionary == null && !c.constant;
  }

  /** Bit {@code k} set where child {@code k} of an ARRAY or MAP is a not-nullable INT32 or INT64. */
  static int packMask(DenseType t) {
    int mask = 0;
    for (int i = 0; i < t.childCount(); i++) {
      if (isPackable(t.child(i))) {
        mask |= 1 << i;
      }
    }
    return mask;
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
      varints += int64 ? prefixSize(z) : varintSize(z);
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
   * loops). The varints take between c * varintSize(min) and c * varintSize(max) bytes: where the
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
      varints += varintSize(Integer.toUnsignedLong((x << 1) ^ (x >> 31)));
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

  /**
   * Constant and dictionary forms: each distinct value is encoded once into {@link #entryBytes}
   * (entry {@code j} at {@code entryOffsets[j] .. entryOffsets[j + 1]}); the per-row work is a
   * lookup. Returns nothing; the encoded entries stay for {@link #writeEncoded}.
   */
  private void encodeEntries(DenseVector v) {
    boolean nullable = v.type().nullable();
    DenseVector src = v.dictionary != null ? v.dictionary : v;
    int n = v.dictionary != null ? src.size : 1;
    if (entryOffsets.length < n + 1) {
      entryOffsets = new int[n + 1];
    }
    int w = v.type().kind() == DenseType.Kind.BINARY ? 10 : 11 + v.type().fixedLength();
    int p = 0;
    entryOffsets[0] = 0;
    for (int j = 0; j < n; j++) {
      int need = p + w + (v.type().kind() == DenseType.Kind.BINARY ? src.binaries.length(j) : 0);
      if (need > entryBytes.length) {
        entryBytes = Arrays.copyOf(entryBytes, Math.max(need, entryBytes.length * 2));
      }
      p = putLeaf(src, j, nullable, entryBytes, p);
      entryOffsets[j + 1] = p;
    }
  }

  private void addEncodedSizes(DenseVector v, int from, int count, int[] out, int o) {
    encodeEntries(v);
    boolean[] nulls = v.type().nullable() ? v.nulls : null;
    if (v.constant) {
      int size = nulls != null && nulls[0] ? 1 : entryOffsets[1];
      for (int i = 0; i < count; i++) {
        out[o + i] += size;
      }
      return;
    }
    int[] ids = v.dictionaryIds;
    int[] eo = entryOffsets;
    for (int i = 0; i < count; i++) {
      int id = ids[from + i];
      out[o + i] += nulls != null && nulls[from + i] ? 1 : eo[id + 1] - eo[id];
    }
  }

  // ------------------------------------------------------------------ writing

  /** Writes the not-null leaf value {@code j} of {@code src} (no null marker check). */
  private static int putLeaf(DenseVector src, int j, boolean nullable, byte[] out, int p) {
    switch (src.type().kind()) {
      case BOOLEAN:
        out[p] = (byte) ((src.booleans[j] ? 1 : 0) + (nullable ? 1 : 0));
        return p + 1;
      case INT32: {
        int v = src.ints[j];
        return putPrefixBytes(out, p, Integer.toUnsignedLong((v << 1) ^ (v >> 31)) + (nullable ? 1 : 0));
      }
      case INT64: {
        long v = src.longs[j];
        return nullable ? putNullablePrefixBytes(out, p, v) : putPrefixBytes(out, p, (v << 1) ^ (v >> 63));
      }
      case FLOAT:
        if (nullable) {
          out[p++] = 1;
        }
        LittleEndian.putInt(out, p, Float.floatToRawIntBits(src.floats[j]));
        return p + 4;
      case DOUBLE:
        if (nullable) {
          out[p++] = 1;
        }
        LittleEndian.putLong(out, p, Double.doubleToRawLongBits(src.doubles[j]));
        return p + 8;
      case BINARY: {
        BinaryBatch b = src.binaries;
        int[] offs = b.offsets();
        int start = offs[j];
        int len = offs[j + 1] - start;
        p = putVarint(out, p, len + (nullable ? 1L : 0L));
        System.arraycopy(b.bytes(), start, out, p, len);
        return p + len;
      }
      case FIXED: {
        if (nullable) {
          out[p++] = 1;
        }
        BinaryBatch b = src.binaries;
        int start = b.offsets()[j];
        int len = src.type().fixedLength();
        if (b.offsets()[j + 1] - start != len) {
          throw new IllegalArgumentException("FIXED(" + len + ") entry " + j + " holds " + (b.offsets()[j + 1] - start) + " bytes");
        }
        System.arraycopy(b.bytes(), start, out, p, len);
        return p + len;
      }
      default:
        throw new AssertionError(src.type());
    }
  }

  /**
   * Writes rows {@code [0, batch.size())} of {@code batch}, row {@code r} at {@code out[offsets[r]
   * ..]}, where {@code sizes} are those {@link #rowSizes} gave for this batch. Rows may be in any
   * order with gaps between them; they must not overlap. No format byte is written: keep {@link
   * #formatByte formatByte(0)} with the rows.
   *
   * <p>Called with the batch and sizes array the last {@link #rowSizes} call of this codec saw, it
   * writes each packed container with the width that call chose (no second pass over the values);
   * with any other it chooses again. A batch changed in place between the two calls is an {@link
   * IllegalStateException} where a row's size no longer holds or a value no longer fits the width
   * chosen for it, never a truncated value.
   */
  public void serialize(DenseVector batch, int[] sizes, byte[] out, int[] offsets) {
    checkBatch(batch);
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
    reuseWidths = batch == sizedBatch && sizes == sizedSizes && n == sizedRows;
    Arrays.fill(oneByteState, 0);
    try {
      for (int f = 0; f < fieldCount; f++) {
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
      encodeEntries(v);
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
          p = putVarint(out, p, len + add);
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
    byte[] eb = entryBytes;
    int[] eo = entryOffsets;
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
          p = putVarint(out, p, header, end);
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
      p = putVarint(out, p, e - s + add);
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
        p = putVarint(out, p, header, end);
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
      p = putVarint(out, p, header, end);
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

  /** A plain ARRAY or MAP vector (not in a constant or dictionary form). */
  private static boolean isContainer(DenseVector v) {
    DenseType.Kind k = v.type().kind();
    return (k == DenseType.Kind.ARRAY || k == DenseType.Kind.MAP) && plain(v);
  }

  /**
   * Bytes of a run of all of {@code batch}'s rows with {@code options}: the format byte, the rows
   * and their length prefixes. Fills {@code sizes} as {@link #rowSizes} does.
   */
  public long runSize(DenseVector batch, int options, int[] sizes) {
    formatByte(options);
    long total = 1 + rowSizes(batch, sizes);
    if ((options & LENGTH_PREFIXED) != 0) {
      for (int r = 0; r < batch.size; r++) {
        total += varintSize(sizes[r]);
      }
    }
    return total;
  }

  /**
   * Writes a run of all of {@code batch}'s rows at {@code out[pos ..]} with {@code options}, where
   * {@code sizes} are those {@link #runSize} or {@link #rowSizes} gave; returns the end of the run.
   */
  public int serializeRun(DenseVector batch, int options, int[] sizes, byte[] out, int pos) {
    byte format = formatByte(options);
    checkBatch(batch);
    int n = batch.size;
    boolean prefixed = (options & LENGTH_PREFIXED) != 0;
    long end = pos + 1L;
    for (int r = 0; r < n; r++) {
      end += sizes[r] + (prefixed ? varintSize(sizes[r]) : 0);
    }
    if (pos < 0 || end > out.length) {
      throw new IllegalArgumentException("a run of " + (end - pos) + " bytes does not fit at " + pos + " of " + out.length);
    }
    if (runOffsets.length < n) {
      runOffsets = new int[Math.max(n, runOffsets.length * 2)];
    }
    int[] offsets = runOffsets;
    int p = pos;
    out[p++] = format;
    for (int r = 0; r < n; r++) {
      if (prefixed) {
        p = putVarint(out, p, sizes[r]);
      }
      offsets[r] = p;
      p += sizes[r];
    }
    serialize(batch, sizes, out, offsets);
    return p;
  }

  // ------------------------------------------------------------------ reading

  private DenseRowFormatException error(String what, int at) {
    return new DenseRowFormatException(what, row, at);
  }

  private void checkFormat(int format, int at) {
    int version = format >>> 4 & 0xF;
    if (version != VERSION && version != VERSION_3 && version != VERSION_2 && version != VERSION_1) {
      throw error("format byte 0x" + Integer.toHexString(format & 0xFF) + " has version " + version + ", this reader knows "
          + VERSION_1 + ", " + VERSION_2 + ", " + VERSION_3 + " and " + VERSION, at);
    }
    packedHeaders = version >= 2;
    prefix64 = version >= 3;
    prefix32 = version >= 4;
    if ((format & 0xF & ~KNOWN_OPTIONS) != 0) {
      throw error("format byte 0x" + Integer.toHexString(format & 0xFF) + " sets unknown options", at);
    }
  }

  /**
   * Reads the run at {@code in[pos .. end)} (format byte, then rows up to {@code end}) and appends
   * its rows to {@code into}; returns the number of rows. On an exception {@code into} may hold part
   * of a row: {@link DenseVector#reset()} it.
   */
  public int deserializeRun(byte[] in, int pos, int end, DenseVector into) {
    checkBatch(into);
    Objects.checkFromToIndex(pos, end, in.length);
    row = -1;
    if (pos == end) {
      throw error("empty run: no format byte", pos);
    }
    int format = in[pos] & 0xFF;
    checkFormat(format, pos);
    boolean prefixed = (format & LENGTH_PREFIXED) != 0;
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
  public void deserialize(int format, byte[] in, int[] offsets, int[] lengths, int count, DenseVector into) {
    checkBatch(into);
    row = -1;
    checkFormat(format, -1);
    if ((format & LENGTH_PREFIXED) != 0) {
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
      for (int f = 0; f < fieldCount; f++) {
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

  /** The continuation bits of eight varint bytes. */
  private static final long STOPS = 0x8080808080808080L;

  /**
   * Version 1 and 2 (LEB128 INT64): rows {@code [r, n)} of a not-nullable INT64 column ({@code nulls} null) or a nullable one, row
   * {@code i}'s varint at {@code pos[i]} within {@code end[i]} (at most {@code in.length}), into
   * {@code a[s + i]}: one 8-byte load per value, no branch on its length where it takes 9 or 10
   * bytes. Returns the first row it does not take (n when it takes them all): a varint within 10
   * bytes of the input's end, longer than the row, malformed, or a nullable INT64's 2^64.
   */
  static int readLongColumn(byte[] in, int[] pos, int[] end, long[] a, boolean[] nulls, int s, int r, int n) {
    int last = in.length - 10;
    for (; r < n; r++) {
      int q = pos[r];
      if (q > last) {
        return r;
      }
      int len;
      long u;
      long w = LittleEndian.getLong(in, q);
      long stops = ~w & STOPS;
      if (nulls == null && (w & 0x80) == 0) {
        // A one-byte value (not-nullable columns only: their lengths tend to repeat, a nullable
        // column's nulls come among its values)
        len = 1;
        u = w & 0x7F;
      } else if (stops != 0) {
        len = (Long.numberOfTrailingZeros(stops) + 1) >>> 3;
        u = compress7(w & (stops ^ (stops - 1))); // the bytes up to the one that ends it
      } else {
        int b8 = in[q + 8];
        int b9 = in[q + 9];
        int ten = b8 >>> 31;
        if ((b9 & ~1 & -ten) != 0) {
          return r;
        }
        len = 9 + ten;
        u = compress7(w) | ((long) (b8 & 0x7F) << 56) | ((long) (b9 & ten) << 63);
      }
      if (len > end[r] - q) {
        return r;
      }
      if (nulls == null) {
        a[s + r] = (u >>> 1) ^ -(u & 1);
      } else {
        nulls[s + r] = u == 0;
        long z = u - 1;
        a[s + r] = ((z >>> 1) ^ -(z & 1)) & -((u | -u) >>> 63);
      }
      pos[r] = q + len;
    }
    return n;
  }

  /** {@link #readLongColumn} for INT32 (varints of at most 5 bytes in range; others go back). */
  static int readIntColumn(byte[] in, int[] pos, int[] end, int[] a, boolean[] nulls, int s, int r, int n) {
    int last = in.length - 8;
    for (; r < n; r++) {
      int q = pos[r];
      if (q > last) {
        return r;
      }
      long w = LittleEndian.getLong(in, q);
      long stops = ~w & STOPS;
      int len;
      long u;
      if (nulls == null && (w & 0x80) == 0) {
        len = 1; // as in readLongColumn
        u = w & 0x7F;
      } else {
        len = (Long.numberOfTrailingZeros(stops) + 1) >>> 3; // 8 where stops is 0: out of range
        u = compress7(w & (stops ^ (stops - 1))); // the bytes up to the one that ends it
      }
      long max = nulls == null ? 0xFFFFFFFFL : 0x100000000L;
      if (stops == 0 || u > max || len > end[r] - q) {
        return r;
      }
      if (nulls == null) {
        int z = (int) u;
        a[s + r] = (z >>> 1) ^ -(z & 1);
      } else {
        nulls[s + r] = u == 0;
        int z = (int) (u - 1);
        a[s + r] = ((z >>> 1) ^ -(z & 1)) & -(int) ((u | -u) >>> 63);
      }
      pos[r] = q + len;
    }
    return n;
  }

  /**
   * {@link #readIntColumn} for version 4's prefix varints: per value one 8-byte load, a trailing
   * ones count, a shift and a mask, a check of the form and of the range. Returns the first row it
   * does not take: a value within 8 bytes of the input's end, longer than the row, of more than 5
   * bytes, not in its shortest form or out of range (the checked reader reports them).
   */
  static int readPrefixIntColumn(byte[] in, int[] pos, int[] end, int[] a, boolean[] nulls, int s, int r, int n) {
    int last = in.length - 8;
    long max = nulls == null ? 0xFFFFFFFFL : 0x100000000L;
    for (; r < n; r++) {
      int q = pos[r];
      if (q > last) {
        return r;
      }
      long w = LittleEndian.getLong(in, q);
      if (nulls == null && (w & 1) == 0 && end[r] > q) {
        // A one-byte value (not-nullable columns only, as in readIntColumn: their lengths tend to
        // repeat; a nullable column's nulls come among its values)
        int z = (int) (w & 0xFF) >>> 1;
        a[s + r] = (z >>> 1) ^ -(z & 1);
        pos[r] = q + 1;
        continue;
      }
      int k = Long.numberOfTrailingZeros(~w); // at most 4 in range; 64 where w is all ones
      int len = k + 1;
      if (k > 4 || len > end[r] - q) {
        return r;
      }
      long u = (w >>> len) & (-1L >>> (57 - 7 * k));
      if (Long.numberOfLeadingZeros(u | 1) + 7 * k >= 64 || u > max) {
        return r;
      }
      if (nulls == null) {
        int z = (int) u;
        a[s + r] = (z >>> 1) ^ -(z & 1);
      } else {
        nulls[s + r] = u == 0;
        int z = (int) (u - 1);
        a[s + r] = ((z >>> 1) ^ -(z & 1)) & -(int) ((u | -u) >>> 63);
      }
      pos[r] = q + len;
    }
    return n;
  }

  /** {@link #readLongColumn} for DOUBLE: 8 raw bytes, after a 0/1 marker where nullable (a null is 0.0). */
  static int readDoubleColumn(byte[] in, int[] pos, int[] end, double[] a, boolean[] nulls, int s, int r, int n) {
    for (; r < n; r++) {
      int q = pos[r];
      int room = end[r] - q;
      if (nulls != null) {
        if (room < 1) {
          return r;
        }
        int tag = in[q];
        if (tag == 0) {
          nulls[s + r] = true;
          a[s + r] = 0;
          pos[r] = q + 1;
          continue;
        }
        if (tag != 1) {
          return r;
        }
        nulls[s + r] = false;
        q++;
        room--;
      }
      if (room < 8) {
        return r;
      }
      a[s + r] = Double.longBitsToDouble(LittleEndian.getLong(in, q));
      pos[r] = q + 8;
    }
    return n;
  }

  private void readRow(DenseVector into) {
    if (p >= limit) {
      throw error("row has no bytes", p);
    }
    into.ensureCapacity(into.size + 1);
    for (int f = 0; f < fieldCount; f++) {
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
          return compress7(w & (stops ^ (stops - 1)));
        }
      } else {
        // 9 or 10 bytes without a branch on which (random longs are half and half): 10 where byte
        // 8 has its continuation bit, and then byte 9 must be 0 or 1.
        int b8 = b[q + 8];
        int b9 = b[q + 9];
        int ten = b8 >>> 31;
        if ((b9 & ~1 & -ten) == 0 && 9 + ten <= limit - q) {
          p = q + 9 + ten;
          return compress7(w) | ((long) (b8 & 0x7F) << 56) | ((long) (b9 & ten) << 63);
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

  /**
   * {@link #readLongColumn} for version 3's prefix varints: per value one 8-byte load, a trailing
   * ones count, a shift and a mask (a second load for the 9-byte form), and a check of the form.
   * Returns the first row it does not take: a value within 9 bytes of the input's end, longer
   * than the row, not in its shortest form, or a nullable Long.MIN_VALUE (the checked reader
   * reports or reads them).
   */
  static int readPrefixLongColumn(byte[] in, int[] pos, int[] end, long[] a, boolean[] nulls, int s, int r, int n) {
    int last = in.length - 9;
    for (; r < n; r++) {
      int q = pos[r];
      if (q > last) {
        return r;
      }
      long w = LittleEndian.getLong(in, q);
      int k = Math.min(Long.numberOfTrailingZeros(~w), 8);
      int len = k + 1;
      if (len > end[r] - q) {
        return r;
      }
      if (nulls == null) {
        long u = k < 8 ? (w >>> len) & (-1L >>> (57 - 7 * k)) : LittleEndian.getLong(in, q + 1);
        if (Long.numberOfLeadingZeros(u | 1) + 7 * k >= 64) {
          return r;
        }
        a[s + r] = (u >>> 1) ^ -(u & 1);
      } else {
        // t = zz64(v) + 1 in either form (0 for a null); the 9-byte form's shortest check is then
        // the same as the others' (t at or above 2^56), but for Long.MIN_VALUE, where t wraps.
        long t = k < 8 ? (w >>> len) & (-1L >>> (57 - 7 * k)) : LittleEndian.getLong(in, q + 1) + 1;
        if (Long.numberOfLeadingZeros(t | 1) + 7 * k >= 64) {
          return r;
        }
        nulls[s + r] = t == 0;
        long z = t - 1;
        a[s + r] = ((z >>> 1) ^ -(z & 1)) & -((t | -t) >>> 63);
      }
      pos[r] = q + len;
    }
    return n;
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
   * The eight bytes of {@code w}, each a one-byte zig-zag varint (below 0x80), decoded at once:
   * each byte of the result is its value as a signed byte.
   */
  static long unzigzagBytes(long w) {
    return ((w >>> 1) & 0x7F7F7F7F7F7F7F7FL) ^ ((w & 0x0101010101010101L) * 0xFF);
  }

  /**
   * The low bytes of eight values in [-64, 64), as eight bytes, zig-zag encoded at once (each
   * byte's zig-zag value, below 0x80).
   */
  static long zigzagBytes(long lowBytes) {
    return ((lowBytes << 1) & 0xFEFEFEFEFEFEFEFEL) ^ (((lowBytes >>> 7) & 0x0101010101010101L) * 0xFF);
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

  /**
   * {@code n} zig-zag values of {@code w} bytes from {@code b[q ..]} into {@code a[s ..]}: one
   * 8-byte load and mask per value wherever the input has 8 bytes from the value (past the row's
   * end is harmless), the bytes one by one for values among the input's last 7 bytes.
   */
  private static void readFixedLongs(byte[] b, int q, int w, int n, long[] a, int s) {
    int room = b.length - 8 - q;
    int wide = room >= n * w - w ? n : room < 0 ? 0 : Math.min(n, room / w + 1);
    long mask = w == 8 ? -1L : (1L << (w << 3)) - 1;
    int i = 0;
    for (; i < wide; i++, q += w) {
      long u = LittleEndian.getLong(b, q) & mask;
      a[s + i] = (u >>> 1) ^ -(u & 1);
    }
    for (; i < n; i++, q += w) {
      long u = littleEndian(b, q, w);
      a[s + i] = (u >>> 1) ^ -(u & 1);
    }
  }

  /** {@link #readFixedLongs} into INT32 values (w at most 4). */
  private static void readFixedInts(byte[] b, int q, int w, int n, int[] a, int s) {
    int room = b.length - 8 - q;
    int wide = room >= n * w - w ? n : room < 0 ? 0 : Math.min(n, room / w + 1);
    long mask = (1L << (w << 3)) - 1;
    int i = 0;
    for (; i < wide; i++, q += w) {
      int u = (int) (LittleEndian.getLong(b, q) & mask);
      a[s + i] = (u >>> 1) ^ -(u & 1);
    }
    for (; i < n; i++, q += w) {
      int u = (int) littleEndian(b, q, w);
      a[s + i] = (u >>> 1) ^ -(u & 1);
    }
  }

  private static long littleEndian(byte[] b, int q, int w) {
    long u = 0;
    for (int k = 0; k < w; k++) {
      u |= (long) (b[q + k] & 0xFF) << (k << 3);
    }
    return u;
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
