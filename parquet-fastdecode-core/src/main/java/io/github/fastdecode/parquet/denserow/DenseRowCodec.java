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


import io.github.fastdecode.parquet.internal.VarInts;
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
 * <h2>Where the code is</h2>
 *
 * This comment is the grammar's normative text. The codec is a facade over the parts that do the
 * work, which share the row type's numbered nodes ({@link RowTypeNodes}): the size pass ({@link
 * RowSizer}), the writer ({@link RowEncoder}, with {@link EncodedEntries} for constant and
 * dictionary forms), the reader ({@link RowDecoder}, with {@link VarintColumnReaders}' fast
 * column loops), prefix varints ({@link PrefixVarints}) and LEB128 varints ({@link
 * io.github.fastdecode.parquet.internal.VarInts}).
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
  static final int KNOWN_OPTIONS = LENGTH_PREFIXED;

  private final DenseType rowType;
  private final RowSizer sizer;
  private final RowEncoder encoder;
  private final RowDecoder decoder;
  private int[] runOffsets = new int[0];

  /** A codec for rows of {@code rowType}, a not-nullable ROW whose fields are the columns. */
  public DenseRowCodec(DenseType rowType) {
    Objects.requireNonNull(rowType, "rowType");
    if (rowType.kind() != DenseType.Kind.ROW || rowType.nullable()) {
      throw new IllegalArgumentException("a row type is a not-nullable ROW, not " + rowType);
    }
    this.rowType = rowType;
    RowTypeNodes nodes = new RowTypeNodes(rowType);
    EncodedEntries entries = new EncodedEntries();
    sizer = new RowSizer(nodes, entries);
    encoder = new RowEncoder(nodes, sizer, entries);
    decoder = new RowDecoder(nodes);
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

  private void checkBatch(DenseVector batch) {
    if (!batch.type().equals(rowType)) {
      throw new IllegalArgumentException("batch of " + batch.type() + " for a codec of " + rowType);
    }
  }

  /**
   * Stores the serialised size of every row of {@code batch} in {@code sizes[0 .. batch.size())}
   * (no format byte, no length prefix), one pass per column; returns their sum.
   */
  public long rowSizes(DenseVector batch, int[] sizes) {
    checkBatch(batch);
    return sizer.rowSizes(batch, sizes);
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
    encoder.serialize(batch, sizes, out, offsets);
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
        total += VarInts.size(sizes[r]);
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
      end += sizes[r] + (prefixed ? VarInts.size(sizes[r]) : 0);
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
        p = VarInts.putUnsigned(out, p, sizes[r]);
      }
      offsets[r] = p;
      p += sizes[r];
    }
    serialize(batch, sizes, out, offsets);
    return p;
  }

  /**
   * Reads the run at {@code in[pos .. end)} (format byte, then rows up to {@code end}) and appends
   * its rows to {@code into}; returns the number of rows. On an exception {@code into} may hold part
   * of a row: {@link DenseVector#reset()} it.
   */
  public int deserializeRun(byte[] in, int pos, int end, DenseVector into) {
    checkBatch(into);
    return decoder.deserializeRun(in, pos, end, into);
  }

  /**
   * Reads {@code count} rows, row {@code i} being exactly {@code in[offsets[i] .. offsets[i] +
   * lengths[i])}, written with format byte {@code format}, and appends them to {@code into}. On an
   * exception {@code into} may hold part of a row: {@link DenseVector#reset()} it.
   */
  public void deserialize(int format, byte[] in, int[] offsets, int[] lengths, int count, DenseVector into) {
    checkBatch(into);
    decoder.deserialize(format, in, offsets, lengths, count, into);
  }
}
