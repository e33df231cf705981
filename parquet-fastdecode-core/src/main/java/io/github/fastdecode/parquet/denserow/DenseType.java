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

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The type of a value in a dense row: a leaf (BOOLEAN, INT32, INT64, FLOAT, DOUBLE, BINARY, FIXED)
 * or a container (ARRAY, MAP, ROW), each nullable or not. Immutable.
 *
 * <p>Logical types travel by physical form: a date or a DECIMAL(9, 2) is INT32, a timestamp or a
 * DECIMAL(18, x) INT64, a wider decimal BINARY or FIXED, a string BINARY, an INT96 FIXED(12).
 *
 * <p>Every value of a non-nullable type takes at least one byte in the grammar ({@link
 * DenseRowCodec}), so a FIXED length is at least 1 and a ROW has at least one field; that lets a
 * reader bound every count by the bytes left.
 */
public final class DenseType {
  /** The kinds of value. */
  public enum Kind {
    BOOLEAN, INT32, INT64, FLOAT, DOUBLE, BINARY, FIXED, ARRAY, MAP, ROW;

    /** Whether values of this kind are leaves (no children). */
    public boolean isLeaf() {
      return ordinal() <= FIXED.ordinal();
    }
  }

  private final Kind kind;
  private final boolean nullable;
  private final int fixedLength;
  private final DenseType[] children;

  private DenseType(Kind kind, boolean nullable, int fixedLength, DenseType[] children) {
    this.kind = kind;
    this.nullable = nullable;
    this.fixedLength = fixedLength;
    this.children = children;
  }

  public static DenseType booleans(boolean nullable) {
    return new DenseType(Kind.BOOLEAN, nullable, 0, new DenseType[0]);
  }

  public static DenseType int32(boolean nullable) {
    return new DenseType(Kind.INT32, nullable, 0, new DenseType[0]);
  }

  public static DenseType int64(boolean nullable) {
    return new DenseType(Kind.INT64, nullable, 0, new DenseType[0]);
  }

  public static DenseType float32(boolean nullable) {
    return new DenseType(Kind.FLOAT, nullable, 0, new DenseType[0]);
  }

  public static DenseType float64(boolean nullable) {
    return new DenseType(Kind.DOUBLE, nullable, 0, new DenseType[0]);
  }

  /** Strings and byte arrays of any length. */
  public static DenseType binary(boolean nullable) {
    return new DenseType(Kind.BINARY, nullable, 0, new DenseType[0]);
  }

  /** Byte arrays of exactly {@code length} bytes (at least 1). */
  public static DenseType fixed(int length, boolean nullable) {
    if (length < 1) {
      throw new IllegalArgumentException("FIXED length " + length + " must be at least 1");
    }
    return new DenseType(Kind.FIXED, nullable, length, new DenseType[0]);
  }

  public static DenseType array(DenseType element, boolean nullable) {
    return new DenseType(Kind.ARRAY, nullable, 0, new DenseType[] {Objects.requireNonNull(element, "element")});
  }

  public static DenseType map(DenseType key, DenseType value, boolean nullable) {
    return new DenseType(Kind.MAP, nullable, 0,
        new DenseType[] {Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value")});
  }

  /** A struct of {@code fields} (at least one), in order. */
  public static DenseType row(boolean nullable, DenseType... fields) {
    if (fields.length == 0) {
      throw new IllegalArgumentException("a ROW needs at least one field");
    }
    for (DenseType f : fields) {
      Objects.requireNonNull(f, "field");
    }
    return new DenseType(Kind.ROW, nullable, 0, fields.clone());
  }

  /** As {@link #row(boolean, DenseType...)}. */
  public static DenseType row(boolean nullable, List<DenseType> fields) {
    return row(nullable, fields.toArray(new DenseType[0]));
  }

  /**
   * The type of a flat Parquet column's values by physical type (INT96 is FIXED(12)); nullable when
   * the column is optional.
   */
  public static DenseType of(ColumnDescriptor column) {
    if (column.getMaxRepetitionLevel() > 0) {
      throw new IllegalArgumentException("column " + Arrays.toString(column.getPath()) + " repeats; only flat columns map to one type");
    }
    return of(column.getPrimitiveType(), column.getMaxDefinitionLevel() > 0);
  }

  /** The type of a Parquet primitive's values by physical type (INT96 is FIXED(12)). */
  public static DenseType of(PrimitiveType p, boolean nullable) {
    switch (p.getPrimitiveTypeName()) {
      case BOOLEAN: return booleans(nullable);
      case INT32: return int32(nullable);
      case INT64: return int64(nullable);
      case FLOAT: return float32(nullable);
      case DOUBLE: return float64(nullable);
      case BINARY: return binary(nullable);
      case INT96: return fixed(12, nullable);
      case FIXED_LEN_BYTE_ARRAY: return fixed(p.getTypeLength(), nullable);
      default: throw new IllegalArgumentException("unknown physical type " + p.getPrimitiveTypeName());
    }
  }

  public Kind kind() {
    return kind;
  }

  public boolean nullable() {
    return nullable;
  }

  /** The same type with the given nullability. */
  public DenseType withNullable(boolean n) {
    return n == nullable ? this : new DenseType(kind, n, fixedLength, children);
  }

  /** Byte length of a FIXED value; 0 for other kinds. */
  public int fixedLength() {
    return fixedLength;
  }

  /** Children: ARRAY's element, MAP's key and value, ROW's fields; empty for leaves. */
  public int childCount() {
    return children.length;
  }

  public DenseType child(int i) {
    return children[i];
  }

  /** Container levels below this type (0 for a leaf, 1 for an array of leaves, ...). */
  public int depth() {
    int d = 0;
    for (DenseType c : children) {
      d = Math.max(d, c.depth() + 1);
    }
    return d;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof DenseType)) {
      return false;
    }
    DenseType t = (DenseType) o;
    return kind == t.kind && nullable == t.nullable && fixedLength == t.fixedLength && Arrays.equals(children, t.children);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, nullable, fixedLength, Arrays.hashCode(children));
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder();
    s.append(kind == Kind.FIXED ? "FIXED(" + fixedLength + ")" : kind.name());
    if (children.length > 0) {
      s.append('<');
      for (int i = 0; i < children.length; i++) {
        s.append(i == 0 ? "" : ", ").append(children[i]);
      }
      s.append('>');
    }
    return nullable ? s.append('?').toString() : s.toString();
  }
}
