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
package io.github.fastdecode.parquet.arrow;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.RecordNode;
import io.github.fastdecode.parquet.dictionary.DictionaryValues;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.ReferenceManager;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.util.TransferPair;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Copies a read's batches (a {@link RecordNode} tree over {@link ColumnBatch}es) into Arrow
 * vectors, a buffer at a time: values, offsets and validity bitmaps are written with bulk copies
 * into the vectors' buffers (no per-value setter, no boxing). Where the layouts match (a column
 * without nulls, list offsets, string bytes) the batch's array is copied as is; dense values of a
 * column with nulls are first spread to their positions in a scratch array the filler keeps.
 *
 * <p>A vector's buffers are reused while they are large enough and nobody else holds them, so a
 * reused root allocates only when a batch needs more room than the last, or when an earlier batch
 * was exported and is still alive. Not thread-safe; one per reader.
 */
final class VectorFiller {
  /** Longs into byte arrays, little-endian (Arrow's byte order for decimals). */
  private static final VarHandle LONGS_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  /** Longs from byte arrays, big-endian (Parquet's byte order for decimals in byte arrays). */
  private static final VarHandle LONGS_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /** A view's bytes, and the longest value held in it. */
  private static final int VIEW = BaseVariableWidthViewVector.ELEMENT_SIZE;
  private static final int INLINE = BaseVariableWidthViewVector.INLINE_SIZE;
  private static final long JULIAN_EPOCH_DAY = 2_440_588L;
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  /** Per dictionary vector this filler fills, the dictionary it copied there last. */
  private final IdentityHashMap<FieldVector, DictionaryValues> heldDictionaries = new IdentityHashMap<>();
  /** Per decimal column read with dictionary ids: its dictionary, as words ({@link DecimalDictionary}). */
  private final IdentityHashMap<ColumnBatch, DecimalDictionary> decimalDictionaries = new IdentityHashMap<>();

  /** A decimal column's dictionary entries as {@code width / 8} little-endian words each, converted once per chunk. */
  private static final class DecimalDictionary {
    final DictionaryValues entries;
    final int width;
    final long[] words;
    /** The entries that do not fit the width (an error only where a row refers to one), or null: none. */
    final boolean[] misfits;

    DecimalDictionary(DictionaryValues entries, int width, long[] words, boolean[] misfits) {
      this.entries = entries;
      this.width = width;
      this.words = words;
      this.misfits = misfits;
    }
  }

  /**
   * Has the decimal leaves stored as byte arrays (FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY) among {@code
   * leaves} keep dictionary ids: their dictionaries are converted once per column chunk and the
   * batch's ids gather the converted values, instead of each row's bytes being copied out of the
   * dictionary and parsed (pyarrow writes decimals as dictionary-encoded fixed-length arrays).
   */
  static void keepDecimalDictionaryIds(List<ColumnBatch> leaves) {
    for (ColumnBatch c : leaves) {
      if ((c.type() == PrimitiveTypeName.BINARY || c.type() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
          && c.column().getPrimitiveType().getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation
          && !c.keepsDictionaryIds()) {
        c.keepDictionaryIds();
      }
    }
  }

  private int[] ints = new int[0];
  private long[] longs = new long[0];
  private byte[] bytes = new byte[0];
  /** Ids of a dictionary column's read that holds values, and INT96 values as nanoseconds: kept apart from the scatter scratch. */
  private int[] valueIds = new int[0];
  private long[] int96 = new long[0];
  /** int64 dictionary indices (a stored Arrow schema's index type). */
  private long[] wideIds = new long[0];

  /** Leaves below the top level read as dictionaries: column path to the index of their dictionary vector. */
  private Map<String, Integer> dictionaryLeaves = Map.of();
  private List<BaseVariableWidthVector> dictionaryTargets = List.of();

  /** The leaves {@link #fill} fills as dictionary indices, with the dictionary vectors, for the fills that follow. */
  void dictionaryLeaves(Map<String, Integer> leaves, List<BaseVariableWidthVector> targets) {
    this.dictionaryLeaves = leaves;
    this.dictionaryTargets = targets;
  }

  /** Fills {@code v} with the node's positions of the last read. */
  void fill(RecordNode node, FieldVector v) {
    int n = node.positionCount();
    switch (node.kind()) {
      case PRIMITIVE:
        if (!dictionaryLeaves.isEmpty()) {
          Integer d = dictionaryLeaves.get(String.join(".", node.column().column().getPath()));
          if (d != null) {
            fillDictionaryEncoded(node.column(), node.nulls(), n, v, dictionaryTargets.get(d));
            return;
          }
        }
        fillLeaf(node.column(), node.nulls(), n, v);
        return;
      case STRUCT: {
        StructVector s = (StructVector) v;
        ensureStruct(s, n);
        writeValidity(s.getValidityBuffer(), node.nulls(), n, true);
        List<RecordNode> children = node.children();
        for (int i = 0; i < children.size(); i++) {
          fill(children.get(i), (FieldVector) s.getChildByOrdinal(i));
        }
        s.setValueCount(n);
        return;
      }
      case LIST:
        if (v instanceof FixedSizeListVector) {
          fillFixedSizeList(node, (FixedSizeListVector) v, n);
          return;
        }
        if (v instanceof LargeListVector) {
          // large_list (a stored Arrow schema's): the same offsets, eight bytes each.
          LargeListVector l = (LargeListVector) v;
          if (l.getValidityBuffer().capacity() < ((n + 7) >>> 3) || l.getOffsetBuffer().capacity() < 8L * (n + 1) || shared(l)) {
            l.setInitialCapacity(Math.max(n, 1), 1);
            l.allocateNew();
          }
          writeValidity(l.getValidityBuffer(), node.nulls(), n, true);
          putIntsAsLongs(l.getOffsetBuffer(), node.offsets(), n + 1);
          fill(node.element(), l.getDataVector());
          l.setLastSet(n - 1);
          l.setValueCount(n);
          return;
        }
        // fall through
      case MAP: {
        ListVector l = (ListVector) v;
        ensureList(l, n);
        writeValidity(l.getValidityBuffer(), node.nulls(), n, true);
        putInts(l.getOffsetBuffer(), node.offsets(), n + 1);
        if (node.kind() == RecordNode.Kind.LIST) {
          fill(node.element(), l.getDataVector());
        } else {
          StructVector entries = (StructVector) ((MapVector) l).getDataVector();
          int m = node.key().positionCount();
          ensureStruct(entries, m);
          writeValidity(entries.getValidityBuffer(), null, m, false);
          fill(node.key(), (FieldVector) entries.getChildByOrdinal(0));
          fill(node.value(), (FieldVector) entries.getChildByOrdinal(1));
          entries.setValueCount(m);
        }
        l.setLastSet(n - 1);
        l.setValueCount(n);
        return;
      }
      default:
        throw new IllegalStateException("unknown node kind " + node.kind());
    }
  }

  /**
   * fixed_size_list (a stored Arrow schema's, as pyarrow restores it): every list that is not null
   * must hold exactly the list size's elements (a read that finds another count fails, as pyarrow's
   * does), and each null list takes that many null elements in the child, as Arrow's layout has it.
   * Without null lists the child is filled as a list's; with some, the elements filled are moved
   * to a vector of their own and copied back around the gaps.
   */
  private void fillFixedSizeList(RecordNode node, FixedSizeListVector f, int n) {
    int size = f.getListSize();
    int[] o = node.offsets();
    boolean[] nulls = node.nulls();
    boolean gaps = false;
    for (int p = 0; p < n; p++) {
      int length = o[p + 1] - o[p];
      if (nulls != null && nulls[p]) {
        gaps |= size > 0;
      } else if (length != size) {
        throw new ParquetDecodingException("column " + path(firstLeaf(node).column()) + ": its list " + node.name()
            + " is a fixed_size_list of " + size + " (the stored Arrow schema's) but holds a list of " + length
            + " elements (list " + p + " of the batch)");
      }
    }
    if ((long) n * size > Integer.MAX_VALUE) {
      throw new ParquetDecodingException("column " + path(firstLeaf(node).column()) + ": " + n + " fixed-size lists of "
          + size + " (the stored Arrow schema's) would hold more than 2^31 elements");
    }
    if (f.getValidityBuffer().capacity() < ((n + 7) >>> 3) || shared(f)) {
      f.setInitialCapacity(Math.max(n, 1));
      f.allocateNew();
    }
    writeValidity(f.getValidityBuffer(), nulls, n, nulls != null);
    FieldVector data = f.getDataVector();
    fill(node.element(), data);
    if (gaps) {
      TransferPair moved = data.getTransferPair(data.getAllocator());
      moved.transfer();
      try (FieldVector dense = (FieldVector) moved.getTo()) {
        data.setInitialCapacity(n * size);
        data.allocateNew();
        for (int p = 0, k = 0; p < n; p++) {
          if (nulls[p]) {
            continue; // left null
          }
          for (int j = 0; j < size; j++) {
            data.copyFromSafe(k++, p * size + j, dense);
          }
        }
      }
    }
    f.setValueCount(n);
  }

  /**
   * Fills a dictionary-encoded leaf's indices (int32, or the integer type a stored Arrow schema
   * names) and its dictionary vector from the batch.
   */
  void fillDictionaryEncoded(ColumnBatch c, boolean[] nulls, int n, FieldVector indices, BaseVariableWidthVector dictionary) {
    int[] ids;
    int values = c.valueCount();
    int entries;
    if (c.hasDictionaryIds()) {
      ids = c.dictionaryIds();
      DictionaryValues entriesRead = c.dictionary();
      entries = entriesRead.size();
      checkIndexRange(c, entries, (ArrowType.Int) indices.getField().getType());
      // A column chunk's batches share its dictionary: copied once, while the vector still holds it.
      if (heldDictionaries.get(dictionary) != entriesRead || dictionary.getValueCount() != entries) {
        fillVariableWidth(entriesRead.binaries(), null, entries, false, dictionary);
        heldDictionaries.put(dictionary, entriesRead);
      }
    } else {
      heldDictionaries.remove(dictionary);
      // A read that met plain pages (the writer's dictionary fallback) holds values: they are their own dictionary.
      if (valueIds.length < values) {
        valueIds = new int[Math.max(values, valueIds.length * 2)];
      }
      ids = valueIds;
      for (int i = 0; i < values; i++) {
        ids[i] = i;
      }
      checkIndexRange(c, values, (ArrowType.Int) indices.getField().getType());
      fillVariableWidth(c.binaries(), null, values, false, dictionary);
    }
    int bits = ((ArrowType.Int) indices.getField().getType()).getBitWidth();
    if (bits == 32) {
      fillFixed4(ids, null, nulls, n, values < n, (BaseFixedWidthVector) indices);
    } else if (bits == 64) {
      // The ids widened to longs, in an array of their own.
      if (wideIds.length < values) {
        wideIds = new long[Math.max(values, wideIds.length * 2)];
      }
      for (int i = 0; i < values; i++) {
        wideIds[i] = ids[i];
      }
      fillFixed8(wideIds, null, nulls, n, values < n, (BaseFixedWidthVector) indices);
    } else {
      fillNarrow(ids, nulls, n, values < n, bits / 8, (BaseFixedWidthVector) indices);
    }
  }

  /**
   * A dictionary of {@code entries} must be addressable by the index type: a narrow stored index
   * type (int8, int16) meets a larger dictionary only where the writer fell back to plain pages and
   * the batch's values serve as the dictionary.
   */
  private static void checkIndexRange(ColumnBatch c, int entries, ArrowType.Int index) {
    int bits = index.getBitWidth();
    if (bits < 32 && entries - 1 > (index.getIsSigned() ? (1 << (bits - 1)) - 1 : (1 << bits) - 1)) {
      throw new ParquetDecodingException("column " + path(c) + ": a dictionary of " + entries + " entries does not fit"
          + " the stored schema's " + (index.getIsSigned() ? "int" : "uint") + bits + " indices; read it with"
          + " storedArrowSchema(false) or a smaller batch size");
    }
  }

  private void fillLeaf(ColumnBatch c, boolean[] nulls, int n, FieldVector v) {
    if (v instanceof ExtensionTypeVector) {
      // arrow.uuid: the values go to the storage vector.
      ExtensionTypeVector<?> e = (ExtensionTypeVector<?>) v;
      fillLeaf(c, nulls, n, (FieldVector) e.getUnderlyingVector());
      e.setValueCount(n);
      return;
    }
    int values = c.valueCount();
    boolean hasNulls = values < n;
    ArrowType t = v.getField().getType();
    PrimitiveTypeName physical = c.type();
    switch (t.getTypeID()) {
      case Null:
        // No buffers: every position is null (the column's values, if a writer stored any, are not used).
        ((NullVector) v).setValueCount(n);
        return;
      case Bool:
        fillBits(c.booleans(), nulls, n, hasNulls, (BaseFixedWidthVector) v);
        return;
      case Int:
        int bits = ((ArrowType.Int) t).getBitWidth();
        if (bits == 64) {
          fillFixed8(c.longs(), null, nulls, n, hasNulls, (BaseFixedWidthVector) v);
        } else if (bits == 32) {
          fillFixed4(c.ints(), null, nulls, n, hasNulls, (BaseFixedWidthVector) v);
        } else {
          fillNarrow(c.ints(), nulls, n, hasNulls, bits / 8, (BaseFixedWidthVector) v);
        }
        return;
      case Duration:
        fillFixed8(c.longs(), null, nulls, n, hasNulls, (BaseFixedWidthVector) v);
        return;
      case Date:
      case Time:
        if (physical == PrimitiveTypeName.INT32) {
          fillFixed4(c.ints(), null, nulls, n, hasNulls, (BaseFixedWidthVector) v);
        } else {
          fillFixed8(c.longs(), null, nulls, n, hasNulls, (BaseFixedWidthVector) v);
        }
        return;
      case Timestamp:
        if (physical == PrimitiveTypeName.INT96) {
          fillFixed8(int96Nanos(c.binaries(), values, c), null, nulls, n, hasNulls, (BaseFixedWidthVector) v);
        } else {
          fillFixed8(c.longs(), null, nulls, n, hasNulls, (BaseFixedWidthVector) v);
        }
        return;
      case FloatingPoint:
        switch (((ArrowType.FloatingPoint) t).getPrecision()) {
          case HALF:
            fillFixedBytes(c.binaries(), nulls, n, hasNulls, 2, (BaseFixedWidthVector) v, c);
            return;
          case SINGLE:
            fillFixed4(null, c.floats(), nulls, n, hasNulls, (BaseFixedWidthVector) v);
            return;
          default:
            fillFixed8(null, c.doubles(), nulls, n, hasNulls, (BaseFixedWidthVector) v);
            return;
        }
      case Decimal:
        fillDecimal(c, nulls, n, hasNulls, ((ArrowType.Decimal) t).getBitWidth() / 8, (BaseFixedWidthVector) v);
        return;
      case Utf8:
      case Binary:
        fillVariableWidth(c.binaries(), nulls, n, hasNulls, (BaseVariableWidthVector) v);
        return;
      case LargeUtf8:
      case LargeBinary:
        fillLargeVariableWidth(c.binaries(), nulls, n, hasNulls, (BaseLargeVariableWidthVector) v);
        return;
      case Utf8View:
      case BinaryView:
        fillView(c.binaries(), nulls, n, hasNulls, (BaseVariableWidthViewVector) v);
        return;
      case Interval:
        fillInterval(c.binaries(), nulls, n, hasNulls, (BaseFixedWidthVector) v, c);
        return;
      case FixedSizeBinary:
        fillFixedBytes(c.binaries(), nulls, n, hasNulls, ((ArrowType.FixedSizeBinary) t).getByteWidth(),
            (BaseFixedWidthVector) v, c);
        return;
      default:
        throw new IllegalStateException("no filler for " + t + " (column " + path(c) + ")");
    }
  }

  // ---- fixed-width values ----

  /**
   * Four-byte values, ints or floats (the other array is null), copied as they are, or with nulls
   * spread to their positions straight into the vector's buffer.
   */
  private void fillFixed4(int[] ints, float[] floats, boolean[] nulls, int n, boolean hasNulls, BaseFixedWidthVector v) {
    ensureFixed(v, n, 4L * n);
    if (hasNulls) {
      spreadInts(ints, floats, nulls, n, v.getDataBuffer().memoryAddress());
    } else if (n > 0) {
      ByteBuffer b = v.getDataBuffer().nioBuffer(0, 4 * n).order(ByteOrder.LITTLE_ENDIAN);
      if (ints != null) {
        b.asIntBuffer().put(ints, 0, n);
      } else {
        b.asFloatBuffer().put(floats, 0, n);
      }
    }
    finishFixed(v, nulls, n, hasNulls);
  }

  /** As {@link #fillFixed4}, for eight-byte values: longs or doubles. */
  private void fillFixed8(long[] longs, double[] doubles, boolean[] nulls, int n, boolean hasNulls, BaseFixedWidthVector v) {
    ensureFixed(v, n, 8L * n);
    if (hasNulls) {
      spreadLongs(longs, doubles, nulls, n, v.getDataBuffer().memoryAddress());
    } else if (n > 0) {
      ByteBuffer b = v.getDataBuffer().nioBuffer(0, 8 * n).order(ByteOrder.LITTLE_ENDIAN);
      if (longs != null) {
        b.asLongBuffer().put(longs, 0, n);
      } else {
        b.asDoubleBuffer().put(doubles, 0, n);
      }
    }
    finishFixed(v, nulls, n, hasNulls);
  }

  /**
   * The dense values of a batch with nulls (ints, or floats as their raw bits: one of the two
   * arrays is null) spread to their {@code n} positions, straight into the vector's buffer at
   * {@code at} (sized by the caller), 0 at null positions. Branch-free: the value index {@code k}
   * never passes the position, so {@code dense[k]} stays in bounds and random nulls cost no
   * mispredictions.
   */
  private static void spreadInts(int[] ints, float[] floats, boolean[] nulls, int n, long at) {
    boolean le = MemoryUtil.LITTLE_ENDIAN;
    if ((ints != null ? ints.length : floats.length) < n) {
      // An array holding only the values (a nested leaf's): the branch per position.
      for (int p = 0, k = 0; p < n; p++) {
        int x = nulls[p] ? 0 : ints != null ? ints[k++] : Float.floatToRawIntBits(floats[k++]);
        MemoryUtil.putInt(at + 4L * p, le ? x : Integer.reverseBytes(x));
      }
      return;
    }
    for (int p = 0, k = 0; p < n; p++) {
      int isNull = nulls[p] ? 1 : 0;
      int x = (ints != null ? ints[k] : Float.floatToRawIntBits(floats[k])) & (isNull - 1);
      MemoryUtil.putInt(at + 4L * p, le ? x : Integer.reverseBytes(x));
      k += isNull ^ 1;
    }
  }

  /** As {@link #spreadInts}, for longs or doubles (their raw bits). */
  private static void spreadLongs(long[] longs, double[] doubles, boolean[] nulls, int n, long at) {
    if ((longs != null ? longs.length : doubles.length) < n) {
      for (int p = 0, k = 0; p < n; p++) {
        putWord(at + 8L * p, nulls[p] ? 0 : longs != null ? longs[k++] : Double.doubleToRawLongBits(doubles[k++]));
      }
      return;
    }
    for (int p = 0, k = 0; p < n; p++) {
      int isNull = nulls[p] ? 1 : 0;
      long x = (longs != null ? longs[k] : Double.doubleToRawLongBits(doubles[k])) & (isNull - 1L);
      putWord(at + 8L * p, x);
      k += isNull ^ 1;
    }
  }

  /** INT32 values narrowed to 1 or 2 bytes (int8/16, uint8/16). */
  private void fillNarrow(int[] dense, boolean[] nulls, int n, boolean hasNulls, int width, BaseFixedWidthVector v) {
    ensureFixed(v, n, (long) width * n);
    byte[] out = growBytes(width * n);
    if (width == 1) {
      for (int p = 0, k = 0; p < n; p++) {
        out[p] = hasNulls && nulls[p] ? 0 : (byte) dense[k++];
      }
    } else {
      for (int p = 0, k = 0; p < n; p++) {
        int x = hasNulls && nulls[p] ? 0 : dense[k++];
        out[2 * p] = (byte) x;
        out[2 * p + 1] = (byte) (x >>> 8);
      }
    }
    v.getDataBuffer().setBytes(0, out, 0, (long) width * n);
    finishFixed(v, nulls, n, hasNulls);
  }

  private void fillBits(boolean[] dense, boolean[] nulls, int n, boolean hasNulls, BaseFixedWidthVector v) {
    int byteCount = (n + 7) >>> 3;
    ensureFixed(v, n, byteCount);
    byte[] out = growBytes(byteCount);
    Arrays.fill(out, 0, byteCount, (byte) 0);
    for (int p = 0, k = 0; p < n; p++) {
      boolean bit = hasNulls && nulls[p] ? false : dense[k++];
      out[p >>> 3] |= (byte) ((bit ? 1 : 0) << (p & 7));
    }
    v.getDataBuffer().setBytes(0, out, 0, byteCount);
    finishFixed(v, nulls, n, hasNulls);
  }

  /** Fixed-size byte arrays (FIXED_LEN_BYTE_ARRAY, FLOAT16's two little-endian bytes) of {@code width} bytes. */
  private void fillFixedBytes(BinaryBatch b, boolean[] nulls, int n, boolean hasNulls, int width, BaseFixedWidthVector v,
      ColumnBatch c) {
    long total = (long) width * n;
    ensureFixed(v, n, total);
    int[] o = b.offsets();
    byte[] src = b.bytes();
    int values = b.size();
    if (o[values] - o[0] != (long) width * values) {
      throw new ParquetDecodingException("column " + path(c) + ": values of " + width + " bytes expected, "
          + (o[values] - o[0]) + " bytes for " + values + " values");
    }
    ArrowBuf data = v.getDataBuffer();
    if (!hasNulls) {
      data.setBytes(0, src, o[0], total);
    } else {
      byte[] out = growBytes((int) total);
      for (int p = 0, k = 0; p < n; p++) {
        if (nulls[p]) {
          Arrays.fill(out, p * width, p * width + width, (byte) 0);
        } else {
          System.arraycopy(src, o[k++], out, p * width, width);
        }
      }
      data.setBytes(0, out, 0, total);
    }
    finishFixed(v, nulls, n, hasNulls);
  }

  /**
   * INTERVAL (three little-endian unsigned 32-bit counts: months, days, milliseconds) as
   * month_day_nano_interval (signed 32-bit months and days, 64-bit nanoseconds). A count of months
   * or days above 2^31 - 1 has no Arrow value: the read fails naming the column.
   */
  private void fillInterval(BinaryBatch b, boolean[] nulls, int n, boolean hasNulls, BaseFixedWidthVector v, ColumnBatch c) {
    int[] o = b.offsets();
    byte[] src = b.bytes();
    int values = b.size();
    if (o[values] - o[0] != 12L * values) {
      throw new ParquetDecodingException("column " + path(c) + ": INTERVAL values of 12 bytes expected, "
          + (o[values] - o[0]) + " bytes for " + values + " values");
    }
    long[] out = growLongs(Math.multiplyExact(2, n));
    for (int p = 0, k = 0; p < n; p++) {
      if (hasNulls && nulls[p]) {
        out[2 * p] = 0;
        out[2 * p + 1] = 0;
        continue;
      }
      int at = o[k++];
      int months = (int) INTS_LE.get(src, at);
      int days = (int) INTS_LE.get(src, at + 4);
      long millis = Integer.toUnsignedLong((int) INTS_LE.get(src, at + 8));
      if ((months | days) < 0) {
        throw new ParquetDecodingException("column " + path(c) + ": an INTERVAL of " + Integer.toUnsignedString(months)
            + " months and " + Integer.toUnsignedString(days) + " days does not fit month_day_nano_interval's"
            + " signed 32-bit counts");
      }
      out[2 * p] = (months & 0xFFFF_FFFFL) | ((long) days << 32);
      out[2 * p + 1] = millis * 1_000_000L;
    }
    ensureFixed(v, n, 16L * n);
    if (n > 0) {
      v.getDataBuffer().nioBuffer(0, 16 * n).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(out, 0, 2 * n);
    }
    finishFixed(v, nulls, n, hasNulls);
  }

  /**
   * Decimals as {@code width}-byte little-endian two's complement (16 or 32 bytes: decimal128 and
   * decimal256), from any physical type: a value that fits a long (INT32, INT64, and byte arrays of
   * at most 8 bytes, which hold every decimal of precision up to 18) is written as one long and its
   * sign words; longer byte arrays byte by byte.
   */
  private void fillDecimal(ColumnBatch c, boolean[] nulls, int n, boolean hasNulls, int width, BaseFixedWidthVector v) {
    long total = (long) width * n;
    ensureFixed(v, n, total);
    if (c.hasDictionaryIds()) {
      fillDecimalFromDictionary(c, nulls, n, hasNulls, width, v);
      return;
    }
    int[] is = c.ints();
    long[] ls = c.longs();
    BinaryBatch b = c.binaries();
    // INT32 and INT64 decimals: the value and its sign words, written straight into the vector.
    if (ls != null || is != null) {
      long at = v.getDataBuffer().memoryAddress();
      if (ls != null) {
        decimalWords(ls, nulls, n, hasNulls, width >>> 3, at);
      } else {
        decimalWords(is, nulls, n, hasNulls, width >>> 3, at);
      }
      finishFixed(v, nulls, n, hasNulls);
      return;
    }
    // Byte arrays of at most 8 bytes (every precision up to 18): the value and its sign words, into a long[].
    long[] words = growLongs(Math.toIntExact(total >>> 3));
    if (decimalWords(b, nulls, n, hasNulls, width >>> 3, words)) {
      if (n > 0) {
        v.getDataBuffer().nioBuffer(0, Math.toIntExact(total)).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer()
            .put(words, 0, (int) (total >>> 3));
      }
      finishFixed(v, nulls, n, hasNulls);
      return;
    }
    byte[] out = growBytes((int) total);
    decimalBytes(b, nulls, n, hasNulls, width, out, c);
    v.getDataBuffer().setBytes(0, out, 0, total);
    finishFixed(v, nulls, n, hasNulls);
  }

  /** Byte-array decimals of any length, {@code width} little-endian bytes each (zeros at null positions). */
  private static void decimalBytes(BinaryBatch b, boolean[] nulls, int n, boolean hasNulls, int width, byte[] out, ColumnBatch c) {
    int[] o = b.offsets();
    byte[] src = b.bytes();
    for (int p = 0, k = 0; p < n; p++) {
      int at = p * width;
      if (hasNulls && nulls[p]) {
        Arrays.fill(out, at, at + width, (byte) 0);
        continue;
      }
      int i = k++;
      int from = o[i];
      int length = o[i + 1] - from;
      if (length > 0 && length <= 8) {
        putDecimal(out, at, width, bigEndianLong(src, from, from + length));
      } else {
        putBigEndianLe(out, at, width, src, from, length, c);
      }
    }
  }

  /**
   * Decimals read as dictionary ids: the chunk's dictionary converted to words once (kept while the
   * column reads from it), then gathered by id. An entry too wide for the vector fails only where a
   * row refers to it, as when the values are read.
   */
  private void fillDecimalFromDictionary(ColumnBatch c, boolean[] nulls, int n, boolean hasNulls, int width, BaseFixedWidthVector v) {
    DictionaryValues entries = c.dictionary();
    DecimalDictionary d = decimalDictionaries.get(c);
    if (d == null || d.entries != entries || d.width != width) {
      d = decimalDictionary(entries, width, c);
      decimalDictionaries.put(c, d);
    }
    int words = width >>> 3;
    long total = (long) width * n;
    int[] ids = c.dictionaryIds();
    long[] dw = d.words;
    boolean[] misfits = d.misfits;
    if (words == 2 && !hasNulls && misfits == null) {
      // The common case, straight into the vector (sized by fillDecimal).
      long at = v.getDataBuffer().memoryAddress();
      for (int p = 0; p < n; p++, at += 16) {
        int id = ids[p];
        putWord(at, dw[2 * id]);
        putWord(at + 8, dw[2 * id + 1]);
      }
      finishFixed(v, nulls, n, false);
      return;
    }
    long[] out = growLongs(Math.toIntExact(total >>> 3));
    for (int p = 0, k = 0; p < n; p++) {
      int at = p * words;
      if (hasNulls && nulls[p]) {
        Arrays.fill(out, at, at + words, 0L);
        continue;
      }
      int id = ids[k++];
      if (misfits != null && misfits[id]) {
        // The error reading the value itself gives.
        BinaryBatch b = entries.binaries();
        putBigEndianLe(new byte[width], 0, width, b.bytes(), b.offsets()[id], b.offsets()[id + 1] - b.offsets()[id], c);
      }
      System.arraycopy(dw, id * words, out, at, words);
    }
    ensureFixed(v, n, total);
    if (n > 0) {
      v.getDataBuffer().nioBuffer(0, Math.toIntExact(total)).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer()
          .put(out, 0, (int) (total >>> 3));
    }
    finishFixed(v, nulls, n, hasNulls);
  }

  /** A dictionary's entries as decimal words; entries too wide for {@code width} become zeros and are noted. */
  private static DecimalDictionary decimalDictionary(DictionaryValues entries, int width, ColumnBatch c) {
    BinaryBatch b = entries.binaries();
    int size = entries.size();
    int words = width >>> 3;
    long[] out = new long[Math.multiplyExact(size, words)];
    if (decimalWords(b, null, size, false, words, out)) {
      return new DecimalDictionary(entries, width, out, null);
    }
    byte[] bytes = new byte[Math.multiplyExact(size, width)];
    boolean[] misfits = null;
    int[] o = b.offsets();
    for (int i = 0; i < size; i++) {
      int from = o[i];
      int length = o[i + 1] - from;
      try {
        if (length > 0 && length <= 8) {
          putDecimal(bytes, i * width, width, bigEndianLong(b.bytes(), from, from + length));
        } else {
          putBigEndianLe(bytes, i * width, width, b.bytes(), from, length, c);
        }
      } catch (ParquetDecodingException e) {
        Arrays.fill(bytes, i * width, (i + 1) * width, (byte) 0);
        misfits = misfits == null ? new boolean[size] : misfits;
        misfits[i] = true;
      }
    }
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(out);
    return new DecimalDictionary(entries, width, out, misfits);
  }

  /**
   * As the long[] case, from big-endian byte arrays; false (with {@code out} partly written) at the
   * first value longer than 8 bytes. A value ending at byte 8 or later is read with one big-endian
   * load of the eight bytes that end with it, its leading bytes shifted out and its sign back in.
   * The rare cases are calls (C2 compiles this loop about twice as fast without them inline).
   */
  private static boolean decimalWords(BinaryBatch b, boolean[] nulls, int n, boolean hasNulls, int words, long[] out) {
    int[] o = b.offsets();
    byte[] src = b.bytes();
    for (int p = 0, k = 0; p < n; p++) {
      long x = 0;
      if (!hasNulls || !nulls[p]) {
        int from = o[k];
        int end = o[++k];
        int length = end - from;
        if (length > 8) {
          return false;
        }
        if (end >= 8 && length > 0) {
          int unused = 64 - 8 * length;
          x = ((long) LONGS_BE.get(src, end - 8) << unused) >> unused;
        } else {
          x = bigEndianLong(src, from, end);
        }
      }
      if (words == 2) {
        out[2 * p] = x;
        out[2 * p + 1] = x >> 63;
      } else {
        signWords(out, p * words, words, x);
      }
    }
    return true;
  }

  /** A big-endian two's complement integer of at most 8 bytes (0 for none), read a byte at a time. */
  private static long bigEndianLong(byte[] src, int from, int end) {
    if (end == from) {
      return 0;
    }
    long x = src[from]; // sign-extended
    for (int j = from + 1; j < end; j++) {
      x = (x << 8) | (src[j] & 0xFF);
    }
    return x;
  }

  /** {@code x} and its sign words: {@code words} longs from {@code at}. */
  private static void signWords(long[] out, int at, int words, long x) {
    out[at] = x;
    long sign = x >> 63;
    for (int j = 1; j < words; j++) {
      out[at + j] = sign;
    }
  }

  /**
   * {@code n} decimals of {@code words} little-endian words each, from longs, written from address
   * {@code at} on (the vector's data buffer, sized for them): the value, then its sign, zeros at
   * null positions.
   */
  private static void decimalWords(long[] dense, boolean[] nulls, int n, boolean hasNulls, int words, long at) {
    if (words == 2 && !hasNulls) {
      for (int p = 0; p < n; p++, at += 16) {
        long x = dense[p];
        putWord(at, x);
        putWord(at + 8, x >> 63);
      }
      return;
    }
    for (int p = 0, k = 0; p < n; p++, at += 8L * words) {
      signWords(at, words, hasNulls && nulls[p] ? 0 : dense[k++]);
    }
  }

  /** As the long[] case, from ints. */
  private static void decimalWords(int[] dense, boolean[] nulls, int n, boolean hasNulls, int words, long at) {
    if (words == 2 && !hasNulls) {
      for (int p = 0; p < n; p++, at += 16) {
        long x = dense[p];
        putWord(at, x);
        putWord(at + 8, x >> 63);
      }
      return;
    }
    for (int p = 0, k = 0; p < n; p++, at += 8L * words) {
      signWords(at, words, hasNulls && nulls[p] ? 0 : dense[k++]);
    }
  }

  /** {@code x} and its sign words: {@code words} little-endian longs from address {@code at}. */
  private static void signWords(long at, int words, long x) {
    putWord(at, x);
    long sign = x >> 63;
    for (int j = 1; j < words; j++) {
      putWord(at + 8L * j, sign);
    }
  }

  /** A little-endian word at an address of a vector's buffer (which the caller sized). */
  private static void putWord(long address, long x) {
    MemoryUtil.putLong(address, MemoryUtil.LITTLE_ENDIAN ? x : Long.reverseBytes(x));
  }

  /** {@code x} sign-extended to {@code width} bytes (a multiple of 8), little-endian. */
  private static void putDecimal(byte[] out, int at, int width, long x) {
    LONGS_LE.set(out, at, x);
    long sign = x >> 63;
    for (int j = 8; j < width; j += 8) {
      LONGS_LE.set(out, at + j, sign);
    }
  }

  /** A big-endian two's complement integer of {@code length} bytes, sign-extended or trimmed of sign bytes to {@code width}. */
  private static void putBigEndianLe(byte[] out, int at, int width, byte[] src, int from, int length, ColumnBatch c) {
    if (length == 0) {
      Arrays.fill(out, at, at + width, (byte) 0);
      return;
    }
    byte sign = (byte) (src[from] >> 7);
    while (length > width) {
      // Leading bytes beyond the width must only repeat the sign.
      if (src[from] != sign || (byte) (src[from + 1] >> 7) != sign) {
        throw new ParquetDecodingException("column " + path(c) + ": a decimal of " + length
            + " bytes does not fit " + width + " bytes");
      }
      from++;
      length--;
    }
    for (int j = 0; j < length; j++) {
      out[at + j] = src[from + length - 1 - j];
    }
    Arrays.fill(out, at + length, at + width, sign);
  }

  /** INT96 (nanoseconds of the day, then the Julian day, little-endian) as nanoseconds since the epoch. */
  private long[] int96Nanos(BinaryBatch b, int values, ColumnBatch c) {
    if (int96.length < values) {
      int96 = new long[Math.max(values, int96.length * 2)];
    }
    long[] out = int96;
    int[] o = b.offsets();
    ByteBuffer src = ByteBuffer.wrap(b.bytes()).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < values; i++) {
      int at = o[i];
      if (o[i + 1] - at != 12) {
        throw new ParquetDecodingException("column " + path(c) + ": an INT96 value of " + (o[i + 1] - at) + " bytes");
      }
      // As Arrow's C++ reader: the day is unsigned, and the result wraps outside the range of int64.
      out[i] = (Integer.toUnsignedLong(src.getInt(at + 8)) - JULIAN_EPOCH_DAY) * NANOS_PER_DAY + src.getLong(at);
    }
    return out;
  }

  // ---- variable-width values ----

  /** Strings or binaries: offsets, bytes and validity, from a dense batch of values. */
  private void fillVariableWidth(BinaryBatch b, boolean[] nulls, int n, boolean hasNulls, BaseVariableWidthVector v) {
    int[] o = b.offsets();
    byte[] src = b.bytes();
    int values = b.size();
    int base = o[0];
    int total = o[values] - base;
    if (v.getValidityBuffer().capacity() < ((n + 7) >>> 3) || v.getOffsetBuffer().capacity() < 4L * (n + 1)
        || v.getDataBuffer().capacity() < total || shared(v)) {
      v.allocateNew(Math.max(total, 1), Math.max(n, 1));
    }
    if (!hasNulls && base == 0) {
      putInts(v.getOffsetBuffer(), o, n + 1);
    } else {
      int[] offsets = grow(n + 1);
      offsets[0] = 0;
      for (int p = 0, k = 0; p < n; p++) {
        int length = hasNulls && nulls[p] ? 0 : o[k + 1] - o[k++];
        offsets[p + 1] = offsets[p] + length;
      }
      putInts(v.getOffsetBuffer(), offsets, n + 1);
    }
    if (total > 0) {
      v.getDataBuffer().setBytes(0, src, base, total);
    }
    writeValidity(v.getValidityBuffer(), nulls, n, hasNulls);
    v.setLastSet(n - 1);
    v.setValueCount(n);
  }

  /** As {@link #fillVariableWidth}, with the eight-byte offsets of large_string and large_binary. */
  private void fillLargeVariableWidth(BinaryBatch b, boolean[] nulls, int n, boolean hasNulls, BaseLargeVariableWidthVector v) {
    int[] o = b.offsets();
    byte[] src = b.bytes();
    int values = b.size();
    int base = o[0];
    int total = o[values] - base;
    if (v.getValidityBuffer().capacity() < ((n + 7) >>> 3) || v.getOffsetBuffer().capacity() < 8L * (n + 1)
        || v.getDataBuffer().capacity() < total || shared(v)) {
      v.allocateNew(Math.max(total, 1), Math.max(n, 1));
    }
    long[] offsets = growLongs(n + 1);
    offsets[0] = 0;
    for (int p = 0, k = 0; p < n; p++) {
      int length = hasNulls && nulls[p] ? 0 : o[k + 1] - o[k++];
      offsets[p + 1] = offsets[p] + length;
    }
    v.getOffsetBuffer().nioBuffer(0, 8 * (n + 1)).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(offsets, 0, n + 1);
    if (total > 0) {
      v.getDataBuffer().setBytes(0, src, base, total);
    }
    writeValidity(v.getValidityBuffer(), nulls, n, hasNulls);
    v.setLastSet(n - 1);
    v.setValueCount(n);
  }

  /**
   * string_view and binary_view: a 16-byte view per position (the length, then the value itself up
   * to 12 bytes, or else its first 4 bytes, buffer 0 and its offset there), and one data buffer
   * holding the batch's bytes as they are (so values of up to 12 bytes are there too, unused), copied
   * at once. The views are built in heap scratch and copied at once. Null positions are all zeros.
   */
  private void fillView(BinaryBatch b, boolean[] nulls, int n, boolean hasNulls, BaseVariableWidthViewVector v) {
    int[] o = b.offsets();
    byte[] src = b.bytes();
    int base = o[0];
    int total = o[b.size()] - base;
    int viewBytes = Math.multiplyExact(VIEW, n);
    if (v.getValidityBuffer().capacity() < ((n + 7) >>> 3) || v.getDataBuffer().capacity() < viewBytes || shared(v)) {
      v.allocateNew(Math.max(n, 1));
      if (v.getDataBuffer().capacity() < viewBytes) {
        // allocateNew sizes the views for the vector's own idea of capacity (a power of two of bytes).
        v.reallocViewBuffer(viewBytes);
      }
    }
    v.clearDataBuffers();
    byte[] views = growBytes(viewBytes);
    Arrays.fill(views, 0, viewBytes, (byte) 0);
    ByteBuffer w = ByteBuffer.wrap(views).order(ByteOrder.LITTLE_ENDIAN);
    boolean outOfLine = false;
    for (int p = 0, k = 0; p < n; p++) {
      if (hasNulls && nulls[p]) {
        continue;
      }
      int start = o[k];
      int length = o[k + 1] - start;
      k++;
      int at = VIEW * p;
      w.putInt(at, length);
      if (length <= INLINE) {
        System.arraycopy(src, start, views, at + 4, length);
      } else {
        System.arraycopy(src, start, views, at + 4, 4);
        w.putInt(at + 12, start - base);
        outOfLine = true;
      }
    }
    v.getDataBuffer().setBytes(0, views, 0, viewBytes);
    if (outOfLine) {
      ArrowBuf d = v.getAllocator().buffer(total);
      v.getDataBuffers().add(d);
      d.setBytes(0, src, base, total);
    }
    writeValidity(v.getValidityBuffer(), nulls, n, hasNulls);
    v.setLastSet(n - 1);
    v.setValueCount(n);
  }

  // ---- buffers ----

  private static void ensureFixed(BaseFixedWidthVector v, int n, long dataBytes) {
    if (v.getValidityBuffer().capacity() < ((n + 7) >>> 3) || v.getDataBuffer().capacity() < dataBytes || shared(v)) {
      v.allocateNew(Math.max(n, 1));
    }
  }

  private static void ensureStruct(StructVector s, int n) {
    if (s.getValidityBuffer().capacity() < ((n + 7) >>> 3) || shared(s)) {
      s.setInitialCapacity(Math.max(n, 1));
      s.allocateNew();
    }
  }

  private static void ensureList(ListVector l, int n) {
    if (l.getValidityBuffer().capacity() < ((n + 7) >>> 3) || l.getOffsetBuffer().capacity() < 4L * (n + 1) || shared(l)) {
      l.setInitialCapacity(Math.max(n, 1), 1);
      l.allocateNew();
    }
  }

  /**
   * Whether someone besides the vector holds one of its buffers: a batch exported through the C Data
   * Interface (or transferred, or sliced) that is still alive. Such buffers are not written again:
   * the vector gets new ones and the holder keeps the old. A vector's own buffers may share one
   * reference manager (Arrow allocates a fixed-width vector's validity and values together), so
   * the references the vector itself holds are counted first.
   */
  static boolean shared(FieldVector v) {
    List<ArrowBuf> buffers = v.getFieldBuffers();
    for (ArrowBuf b : buffers) {
      if (b.capacity() == 0) {
        continue;
      }
      ReferenceManager rm = b.getReferenceManager();
      int own = 0;
      for (ArrowBuf o : buffers) {
        own += o.getReferenceManager() == rm ? 1 : 0;
      }
      if (rm.getRefCount() > own) {
        return true;
      }
    }
    return false;
  }

  private void finishFixed(BaseFixedWidthVector v, boolean[] nulls, int n, boolean hasNulls) {
    writeValidity(v.getValidityBuffer(), nulls, n, hasNulls);
    v.setValueCount(n);
  }

  /**
   * The validity bitmap of {@code n} positions: all valid unless {@code hasNulls}, else from the
   * null flags, eight to a byte without a branch per flag, written straight into the buffer (which
   * the caller sized for {@code n}).
   */
  private static void writeValidity(ArrowBuf validity, boolean[] nulls, int n, boolean hasNulls) {
    int byteCount = (n + 7) >>> 3;
    if (byteCount == 0) {
      return;
    }
    if (!hasNulls) {
      validity.setOne(0, byteCount);
      return;
    }
    long at = validity.memoryAddress();
    int full = n >>> 3;
    for (int i = 0; i < full; i++) {
      int p = i << 3;
      int bits = 0;
      for (int j = 0; j < 8; j++) {
        bits |= ((nulls[p + j] ? 1 : 0) ^ 1) << j;
      }
      MemoryUtil.putByte(at + i, (byte) bits);
    }
    if ((n & 7) != 0) {
      int bits = 0;
      for (int p = full << 3; p < n; p++) {
        bits |= ((nulls[p] ? 1 : 0) ^ 1) << (p & 7);
      }
      MemoryUtil.putByte(at + full, (byte) bits);
    }
  }

  private static void putInts(ArrowBuf buf, int[] src, int count) {
    if (count > 0) {
      buf.nioBuffer(0, 4 * count).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(src, 0, count);
    }
  }

  /** Offsets widened to eight bytes (large_list). */
  private void putIntsAsLongs(ArrowBuf buf, int[] src, int count) {
    long[] wide = growLongs(count);
    for (int i = 0; i < count; i++) {
      wide[i] = src[i];
    }
    if (count > 0) {
      buf.nioBuffer(0, 8 * count).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(wide, 0, count);
    }
  }

  private int[] grow(int n) {
    if (ints.length < n) {
      ints = new int[Math.max(n, ints.length * 2)];
    }
    return ints;
  }

  private long[] growLongs(int n) {
    if (longs.length < n) {
      longs = new long[Math.max(n, longs.length * 2)];
    }
    return longs;
  }

  private byte[] growBytes(int n) {
    if (bytes.length < n) {
      bytes = new byte[Math.max(n, bytes.length * 2)];
    }
    return bytes;
  }

  private static RecordNode firstLeaf(RecordNode node) {
    while (node.kind() != RecordNode.Kind.PRIMITIVE) {
      node = node.kind() == RecordNode.Kind.STRUCT ? node.children().get(0)
          : node.kind() == RecordNode.Kind.MAP ? node.key() : node.element();
    }
    return node;
  }

  private static String path(ColumnBatch c) {
    return String.join(".", c.column().getPath());
  }
}
