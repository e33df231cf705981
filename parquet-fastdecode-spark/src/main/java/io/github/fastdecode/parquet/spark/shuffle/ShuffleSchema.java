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
package io.github.fastdecode.parquet.spark.shuffle;

import io.github.fastdecode.parquet.denserow.DenseType;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DayTimeIntervalType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.YearMonthIntervalType;

/**
 * Which Spark rows the DenseRow shuffle carries, and how each value travels: a tree of {@link Node}s
 * parallel to the row type, built once per exchange (on the driver to decide, on each executor to
 * read and write).
 *
 * <table>
 *   <caption>Spark types and their DenseRow form</caption>
 *   <tr><th>Spark</th><th>DenseRow</th></tr>
 *   <tr><td>boolean</td><td>BOOLEAN</td></tr>
 *   <tr><td>byte, short, int, date, year-month interval</td><td>INT32</td></tr>
 *   <tr><td>long, timestamp, timestamp_ntz, day-time interval</td><td>INT64</td></tr>
 *   <tr><td>float, double</td><td>FLOAT, DOUBLE (raw bits)</td></tr>
 *   <tr><td>string (any collation), binary</td><td>BINARY</td></tr>
 *   <tr><td>decimal of precision up to 18</td><td>INT64, the unscaled value</td></tr>
 *   <tr><td>wider decimal</td><td>BINARY, the unscaled value's two's-complement bytes, big-endian</td></tr>
 *   <tr><td>array, map, struct (at least one field)</td><td>ARRAY, MAP, ROW</td></tr>
 * </table>
 *
 * Anything else (calendar intervals, variants, the null type, user-defined types, structs without
 * fields, rows without columns) is not carried: {@link #unsupported} says why, and the exchange
 * keeps Spark's own row format. Top-level columns and struct fields are always nullable in the
 * DenseRow type, whatever Spark's schema says (a null costs nothing more for integers and strings);
 * array elements and map values follow {@code containsNull} / {@code valueContainsNull}, so that
 * arrays of not-null integers are packed, and a null where Spark said there is none fails the task
 * rather than dropping the value.
 */
final class ShuffleSchema {
  static final int BOOLEAN = 0;
  static final int BYTE = 1;
  static final int SHORT = 2;
  static final int INT = 3;
  static final int LONG = 4;
  static final int FLOAT = 5;
  static final int DOUBLE = 6;
  static final int STRING = 7;
  static final int BINARY = 8;
  static final int DECIMAL_LONG = 9;
  static final int DECIMAL_BYTES = 10;
  static final int ARRAY = 11;
  static final int MAP = 12;
  static final int STRUCT = 13;

  private ShuffleSchema() {}

  /** A value's Spark type, its DenseRow type, how it travels ({@link #BOOLEAN} ...) and its children. */
  static final class Node {
    final DataType sparkType;
    final DenseType dense;
    final int kind;
    final int precision;
    final int scale;
    final Node[] children;

    Node(DataType sparkType, DenseType dense, int kind, Node... children) {
      this.sparkType = sparkType;
      this.dense = dense;
      this.kind = kind;
      this.children = children;
      if (sparkType instanceof DecimalType) {
        precision = ((DecimalType) sparkType).precision();
        scale = ((DecimalType) sparkType).scale();
      } else {
        precision = 0;
        scale = 0;
      }
    }
  }

  private static final long[] TEN_TO = new long[19];

  static {
    TEN_TO[0] = 1;
    for (int i = 1; i < TEN_TO.length; i++) {
      TEN_TO[i] = TEN_TO[i - 1] * 10;
    }
  }

  /**
   * The first decoded value of {@code v} (of node {@code n}, and below it) that its Spark type
   * cannot hold, described, or null: a byte or short out of range, a decimal with more digits than
   * its precision or (wide decimals) no bytes. DenseRow carries them as INT32, INT64 and BINARY, so
   * only the writer's checksum keeps such values out; a reader checks rather than wrap or truncate.
   * Entries below a null struct are not values (the codec fills them with defaults: a wide decimal
   * there has no bytes) and are not checked.
   */
  static String outOfRange(Node n, io.github.fastdecode.parquet.denserow.DenseVector v) {
    return outOfRange(n, v, null);
  }

  /** As {@link #outOfRange(Node, io.github.fastdecode.parquet.denserow.DenseVector)}, skipping the entries {@code skip} marks (may be null). */
  private static String outOfRange(Node n, io.github.fastdecode.parquet.denserow.DenseVector v, boolean[] skip) {
    int size = v.size();
    boolean[] nulls = orMasks(v.nulls(), skip, size);
    switch (n.kind) {
      case BYTE:
      case SHORT: {
        int[] a = v.ints();
        int min = n.kind == BYTE ? Byte.MIN_VALUE : Short.MIN_VALUE;
        int max = n.kind == BYTE ? Byte.MAX_VALUE : Short.MAX_VALUE;
        for (int i = 0; i < size; i++) {
          if ((a[i] < min || a[i] > max) && (nulls == null || !nulls[i])) {
            return n.sparkType.simpleString() + " value " + a[i];
          }
        }
        return null;
      }
      case DECIMAL_LONG: {
        long[] a = v.longs();
        long limit = TEN_TO[n.precision];
        for (int i = 0; i < size; i++) {
          if ((a[i] >= limit || a[i] <= -limit) && (nulls == null || !nulls[i])) {
            return n.sparkType.simpleString() + " unscaled value " + a[i];
          }
        }
        return null;
      }
      case DECIMAL_BYTES: {
        java.math.BigInteger limit = java.math.BigInteger.TEN.pow(n.precision);
        io.github.fastdecode.parquet.BinaryBatch b = v.binaries();
        for (int i = 0; i < size; i++) {
          if (nulls != null && nulls[i]) {
            continue;
          }
          if (b.length(i) == 0 || b.length(i) > 16) {
            return n.sparkType.simpleString() + " of " + b.length(i) + " bytes";
          }
          if (new java.math.BigInteger(b.toByteArray(i)).abs().compareTo(limit) >= 0) {
            return n.sparkType.simpleString() + " unscaled value " + new java.math.BigInteger(b.toByteArray(i));
          }
        }
        return null;
      }
      case STRUCT:
        // a struct's fields have one entry per struct entry, null ones included
        for (int k = 0; k < n.children.length; k++) {
          String bad = outOfRange(n.children[k], v.child(k), nulls);
          if (bad != null) {
            return bad;
          }
        }
        return null;
      default:
        // arrays and maps: a null one has no elements
        for (int k = 0; k < n.children.length; k++) {
          String bad = outOfRange(n.children[k], v.child(k), null);
          if (bad != null) {
            return bad;
          }
        }
        return null;
    }
  }

  /** {@code a[i] || b[i]} for the first {@code size} entries; either may be null (none set). */
  private static boolean[] orMasks(boolean[] a, boolean[] b, int size) {
    if (b == null) {
      return a;
    }
    if (a == null) {
      return b;
    }
    boolean[] or = new boolean[size];
    for (int i = 0; i < size; i++) {
      or[i] = a[i] || b[i];
    }
    return or;
  }

  /** Whether some value at or below {@code n} has a range narrower than its DenseRow type's. */
  static boolean hasRanges(Node n) {
    if (n.kind == BYTE || n.kind == SHORT || n.kind == DECIMAL_LONG || n.kind == DECIMAL_BYTES) {
      return true;
    }
    for (Node c : n.children) {
      if (hasRanges(c)) {
        return true;
      }
    }
    return false;
  }

  /** Why a row type is not carried. */
  static final class UnsupportedTypeException extends Exception {
    private static final long serialVersionUID = 1L;

    UnsupportedTypeException(String reason) {
      super(reason, null, false, false);
    }
  }

  /** The row's node: a not-nullable ROW of the schema's columns. */
  static Node row(StructType schema) throws UnsupportedTypeException {
    if (schema.fields().length == 0) {
      throw new UnsupportedTypeException("rows without columns");
    }
    return struct(schema, false);
  }

  /** Why the shuffle cannot carry rows of {@code schema}, or null when it can. */
  static String unsupported(StructType schema) {
    try {
      row(schema);
      return null;
    } catch (UnsupportedTypeException e) {
      return e.getMessage();
    }
  }

  private static Node struct(StructType t, boolean nullable) throws UnsupportedTypeException {
    StructField[] fields = t.fields();
    if (fields.length == 0) {
      throw new UnsupportedTypeException("a struct without fields");
    }
    Node[] children = new Node[fields.length];
    List<DenseType> dense = new ArrayList<>();
    for (int i = 0; i < fields.length; i++) {
      children[i] = node(fields[i].dataType(), true);
      dense.add(children[i].dense);
    }
    return new Node(t, DenseType.row(nullable, dense), STRUCT, children);
  }

  private static Node node(DataType t, boolean nullable) throws UnsupportedTypeException {
    if (t instanceof BooleanType) {
      return new Node(t, DenseType.booleans(nullable), BOOLEAN);
    }
    if (t instanceof ByteType) {
      return new Node(t, DenseType.int32(nullable), BYTE);
    }
    if (t instanceof ShortType) {
      return new Node(t, DenseType.int32(nullable), SHORT);
    }
    if (t instanceof IntegerType || t instanceof DateType || t instanceof YearMonthIntervalType) {
      return new Node(t, DenseType.int32(nullable), INT);
    }
    if (t instanceof LongType || t instanceof TimestampType || t instanceof TimestampNTZType || t instanceof DayTimeIntervalType) {
      return new Node(t, DenseType.int64(nullable), LONG);
    }
    if (t instanceof FloatType) {
      return new Node(t, DenseType.float32(nullable), FLOAT);
    }
    if (t instanceof DoubleType) {
      return new Node(t, DenseType.float64(nullable), DOUBLE);
    }
    if (t instanceof StringType) {
      return new Node(t, DenseType.binary(nullable), STRING);
    }
    if (t instanceof BinaryType) {
      return new Node(t, DenseType.binary(nullable), BINARY);
    }
    if (t instanceof DecimalType) {
      boolean small = ((DecimalType) t).precision() <= 18;
      return new Node(t, small ? DenseType.int64(nullable) : DenseType.binary(nullable), small ? DECIMAL_LONG : DECIMAL_BYTES);
    }
    if (t instanceof ArrayType) {
      ArrayType a = (ArrayType) t;
      Node e = node(a.elementType(), a.containsNull());
      return new Node(t, DenseType.array(e.dense, nullable), ARRAY, e);
    }
    if (t instanceof MapType) {
      MapType m = (MapType) t;
      Node k = node(m.keyType(), false);
      Node v = node(m.valueType(), m.valueContainsNull());
      return new Node(t, DenseType.map(k.dense, v.dense, nullable), MAP, k, v);
    }
    if (t instanceof StructType) {
      return struct((StructType) t, nullable);
    }
    throw new UnsupportedTypeException("type " + t.simpleString());
  }
}
