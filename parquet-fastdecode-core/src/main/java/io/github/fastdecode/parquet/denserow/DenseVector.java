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
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A column of values of one {@link DenseType}, one entry per row (or per element, below an ARRAY
 * or MAP), in the Arrow and Spark layout: a null mask (nullable types only), then by kind
 *
 * <ul>
 *   <li>leaves: the value of entry {@code i} at index {@code i} of {@link #booleans()}, {@link
 *       #ints()}, {@link #longs()}, {@link #floats()}, {@link #doubles()} or {@link #binaries()}
 *       (BINARY and FIXED; a FIXED entry holds exactly its length in bytes, a null entry anything);
 *   <li>ARRAY: entry {@code i}'s elements are entries {@code offsets()[i] .. offsets()[i + 1]} of
 *       {@code child(0)}; MAP: the same range of {@code child(0)} (keys) and {@code child(1)} (values);
 *   <li>ROW: field {@code f} of entry {@code i} is entry {@code i} of {@code child(f)}.
 * </ul>
 *
 * A vector is reused: {@link #reset()} keeps its storage, appends grow it. Two optional forms of a
 * flat leaf let the codec encode a value once rather than once per row: {@link #setConstant} (every
 * entry is entry 0) and {@link #setDictionary} (entry {@code i} is {@code dictionary} entry {@code
 * ids[i]}).
 */
public final class DenseVector {
  private final DenseType type;
  private final DenseType.Kind kind;
  int size;
  boolean[] nulls;
  boolean[] booleans;
  int[] ints;
  long[] longs;
  float[] floats;
  double[] doubles;
  BinaryBatch binaries;
  int[] offsets;
  final DenseVector[] children;
  boolean constant;
  int[] dictionaryIds;
  DenseVector dictionary;

  private DenseVector(DenseType type, int capacity) {
    this.type = type;
    this.kind = type.kind();
    capacity = Math.max(capacity, 1);
    if (type.nullable()) {
      nulls = new boolean[capacity];
    }
    switch (kind) {
      case BOOLEAN: booleans = new boolean[capacity]; break;
      case INT32: ints = new int[capacity]; break;
      case INT64: longs = new long[capacity]; break;
      case FLOAT: floats = new float[capacity]; break;
      case DOUBLE: doubles = new double[capacity]; break;
      case BINARY: binaries = new BinaryBatch(capacity, capacity * 8); break;
      case FIXED: binaries = new BinaryBatch(capacity, (long) capacity * type.fixedLength() > 1 << 20 ? 1 << 20 : capacity * type.fixedLength()); break;
      case ARRAY:
      case MAP:
        offsets = new int[capacity + 1];
        break;
      default:
        break;
    }
    children = new DenseVector[type.childCount()];
    int childCapacity = kind == DenseType.Kind.ROW ? capacity : capacity * 4;
    for (int i = 0; i < children.length; i++) {
      children[i] = new DenseVector(type.child(i), childCapacity);
    }
  }

  /** An empty vector with room for {@code capacity} entries (it grows past that when appended to). */
  public static DenseVector create(DenseType type, int capacity) {
    return new DenseVector(Objects.requireNonNull(type, "type"), capacity);
  }

  public DenseType type() {
    return type;
  }

  public int size() {
    return size;
  }

  /** Forgets every entry (here and below), keeping the storage; drops the constant and dictionary forms. */
  public void reset() {
    size = 0;
    constant = false;
    dictionary = null;
    dictionaryIds = null;
    if (binaries != null) {
      binaries.clear();
    }
    if (offsets != null) {
      offsets[0] = 0;
    }
    for (DenseVector c : children) {
      c.reset();
    }
  }

  /** Makes room for {@code n} entries in this vector's own arrays (not its children's). */
  public void ensureCapacity(int n) {
    int cap = capacity();
    if (n <= cap) {
      return;
    }
    int newCap = (int) Math.min(Integer.MAX_VALUE - 16, Math.max((long) n, cap * 2L));
    if (nulls != null) {
      nulls = Arrays.copyOf(nulls, newCap);
    }
    switch (kind) {
      case BOOLEAN: booleans = Arrays.copyOf(booleans, newCap); break;
      case INT32: ints = Arrays.copyOf(ints, newCap); break;
      case INT64: longs = Arrays.copyOf(longs, newCap); break;
      case FLOAT: floats = Arrays.copyOf(floats, newCap); break;
      case DOUBLE: doubles = Arrays.copyOf(doubles, newCap); break;
      case ARRAY:
      case MAP:
        offsets = Arrays.copyOf(offsets, newCap + 1);
        break;
      default:
        break;
    }
  }

  private int capacity() {
    switch (kind) {
      case BOOLEAN: return booleans.length;
      case INT32: return ints.length;
      case INT64: return longs.length;
      case FLOAT: return floats.length;
      case DOUBLE: return doubles.length;
      case ARRAY:
      case MAP:
        return offsets.length - 1;
      default:
        return nulls != null ? nulls.length : Integer.MAX_VALUE;
    }
  }

  /** Sets the entry count after writing into the arrays directly (after {@link #ensureCapacity}). */
  public void setSize(int n) {
    if (n < 0 || n > capacity()) {
      throw new IllegalArgumentException("size " + n + " outside [0, " + capacity() + "]");
    }
    size = n;
  }

  public boolean isNull(int i) {
    return nulls != null && (constant ? nulls[0] : nulls[i]);
  }

  /** The null mask (nullable types only; null otherwise). */
  public boolean[] nulls() {
    return nulls;
  }

  public boolean[] booleans() {
    return booleans;
  }

  public int[] ints() {
    return ints;
  }

  public long[] longs() {
    return longs;
  }

  public float[] floats() {
    return floats;
  }

  public double[] doubles() {
    return doubles;
  }

  public BinaryBatch binaries() {
    return binaries;
  }

  /** ARRAY and MAP: {@code size() + 1} offsets into the children. */
  public int[] offsets() {
    return offsets;
  }

  public int childCount() {
    return children.length;
  }

  public DenseVector child(int i) {
    return children[i];
  }

  /** Marks every entry as equal to entry 0 (flat leaves; the codec then encodes it once). */
  public void setConstant(boolean constant) {
    if (constant && !kind.isLeaf()) {
      throw new IllegalArgumentException("only leaves have a constant form, not " + type);
    }
    this.constant = constant;
  }

  public boolean isConstant() {
    return constant;
  }

  /**
   * Puts a flat leaf in dictionary form: entry {@code i} is entry {@code ids[i]} of {@code
   * dictionary} (a vector of the same kind, not nullable), unless the null mask says it is null.
   * The value arrays are then not read. {@link #reset()} ends the form.
   */
  public void setDictionary(DenseVector dictionary, int[] ids) {
    if (!kind.isLeaf() || dictionary.kind != kind || dictionary.type.fixedLength() != type.fixedLength()) {
      throw new IllegalArgumentException("a " + type + " vector cannot take a dictionary of " + dictionary.type);
    }
    this.dictionary = dictionary;
    this.dictionaryIds = Objects.requireNonNull(ids, "ids");
  }

  public DenseVector dictionary() {
    return dictionary;
  }

  public int[] dictionaryIds() {
    return dictionaryIds;
  }

  // ---- appending (adapters, tests, deserialisation) ----

  private void grow() {
    if (size >= capacity()) {
      ensureCapacity(size + 1);
    }
  }

  public void appendNull() {
    if (nulls == null) {
      throw new IllegalStateException(type + " is not nullable");
    }
    appendDefault();
    nulls[size - 1] = true;
  }

  /** Appends a zero value (an empty array or map, a row of defaults, zero bytes for FIXED). */
  void appendDefault() {
    grow();
    if (nulls != null) {
      nulls[size] = false;
    }
    switch (kind) {
      case BOOLEAN: booleans[size] = false; break;
      case INT32: ints[size] = 0; break;
      case INT64: longs[size] = 0; break;
      case FLOAT: floats[size] = 0; break;
      case DOUBLE: doubles[size] = 0; break;
      case BINARY: binaries.add(EMPTY, 0, 0); break;
      case FIXED: {
        binaries.reserve(1, type.fixedLength());
        int start = binaries.offsets()[binaries.size()];
        Arrays.fill(binaries.bytes(), start, start + type.fixedLength(), (byte) 0);
        binaries.commit(type.fixedLength());
        break;
      }
      case ARRAY:
      case MAP:
        offsets[size + 1] = offsets[size];
        break;
      default:
        for (DenseVector c : children) {
          c.appendDefault();
        }
        break;
    }
    size++;
  }

  private static final byte[] EMPTY = new byte[0];

  private void notNull() {
    grow();
    if (nulls != null) {
      nulls[size] = false;
    }
  }

  public void appendBoolean(boolean v) {
    notNull();
    booleans[size++] = v;
  }

  public void appendInt(int v) {
    notNull();
    ints[size++] = v;
  }

  public void appendLong(long v) {
    notNull();
    longs[size++] = v;
  }

  public void appendFloat(float v) {
    notNull();
    floats[size++] = v;
  }

  public void appendDouble(double v) {
    notNull();
    doubles[size++] = v;
  }

  public void appendBinary(byte[] src, int offset, int length) {
    if (kind == DenseType.Kind.FIXED && length != type.fixedLength()) {
      throw new IllegalArgumentException(length + " bytes for " + type);
    }
    notNull();
    binaries.add(src, offset, length);
    size++;
  }

  /** ARRAY and MAP: ends an entry whose elements are the children's entries appended since the last one. */
  public void appendContainer() {
    notNull();
    int end = children[0].size;
    if (kind == DenseType.Kind.MAP && children[1].size != end) {
      throw new IllegalStateException("map has " + end + " keys but " + children[1].size + " values");
    }
    offsets[size + 1] = end;
    size++;
  }

  /** ROW: ends an entry whose fields were appended to the children. */
  public void appendRow() {
    notNull();
    for (DenseVector c : children) {
      if (c.size != size + 1) {
        throw new IllegalStateException("row field has " + c.size + " entries, expected " + (size + 1));
      }
    }
    size++;
  }

  /**
   * Appends one value given as a Java object (slow; for adapters and tests): null, Boolean,
   * Integer, Long, Float, Double, byte[] / ByteBuffer / String (UTF-8) for BINARY and FIXED, a
   * List for ARRAY, a Map or a List of two-element Lists (key, value) for MAP, a List of fields for
   * ROW.
   */
  public void appendObject(Object value) {
    if (value == null) {
      appendNull();
      return;
    }
    switch (kind) {
      case BOOLEAN: appendBoolean((Boolean) value); break;
      case INT32: appendInt(((Number) value).intValue()); break;
      case INT64: appendLong(((Number) value).longValue()); break;
      case FLOAT: appendFloat((Float) value); break;
      case DOUBLE: appendDouble((Double) value); break;
      case BINARY:
      case FIXED: {
        byte[] b;
        if (value instanceof byte[]) {
          b = (byte[]) value;
        } else if (value instanceof ByteBuffer) {
          ByteBuffer bb = ((ByteBuffer) value).duplicate();
          b = new byte[bb.remaining()];
          bb.get(b);
        } else {
          b = value.toString().getBytes(StandardCharsets.UTF_8);
        }
        appendBinary(b, 0, b.length);
        break;
      }
      case ARRAY:
        for (Object e : (List<?>) value) {
          children[0].appendObject(e);
        }
        appendContainer();
        break;
      case MAP:
        if (value instanceof Map) {
          for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
            children[0].appendObject(e.getKey());
            children[1].appendObject(e.getValue());
          }
        } else {
          for (Object pair : (List<?>) value) {
            List<?> kv = (List<?>) pair;
            children[0].appendObject(kv.get(0));
            children[1].appendObject(kv.get(1));
          }
        }
        appendContainer();
        break;
      default: {
        List<?> fields = (List<?>) value;
        if (fields.size() != children.length) {
          throw new IllegalArgumentException(fields.size() + " fields for " + type);
        }
        for (int f = 0; f < children.length; f++) {
          children[f].appendObject(fields.get(f));
        }
        appendRow();
        break;
      }
    }
  }

  /**
   * Entry {@code i} as a Java object (slow; for adapters and tests): null, Boolean, Integer, Long,
   * Float, Double, a read-only ByteBuffer (BINARY, FIXED), a List (ARRAY, ROW), a List of
   * two-element Lists (MAP).
   */
  public Object getObject(int i) {
    Objects.checkIndex(i, size);
    if (isNull(i)) {
      return null;
    }
    if (dictionary != null) {
      return dictionary.getObject(dictionaryIds[i]);
    }
    int at = constant ? 0 : i;
    switch (kind) {
      case BOOLEAN: return booleans[at];
      case INT32: return ints[at];
      case INT64: return longs[at];
      case FLOAT: return floats[at];
      case DOUBLE: return doubles[at];
      case BINARY:
      case FIXED:
        return ByteBuffer.wrap(binaries.toByteArray(at)).asReadOnlyBuffer();
      case ARRAY: {
        List<Object> out = new ArrayList<>();
        for (int e = offsets[i]; e < offsets[i + 1]; e++) {
          out.add(children[0].getObject(e));
        }
        return out;
      }
      case MAP: {
        List<Object> out = new ArrayList<>();
        for (int e = offsets[i]; e < offsets[i + 1]; e++) {
          out.add(Arrays.asList(children[0].getObject(e), children[1].getObject(e)));
        }
        return out;
      }
      default: {
        List<Object> out = new ArrayList<>();
        for (DenseVector c : children) {
          out.add(c.getObject(i));
        }
        return out;
      }
    }
  }
}
