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
package io.github.fastdecode.parquet.spark.denserow;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.denserow.DenseType;
import io.github.fastdecode.parquet.denserow.DenseVector;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Between the dense row codec's batches and Spark's. A {@link DenseVector} of a ROW type is seen
 * as a Spark {@link ColumnarBatch} without copying ({@link #batch}): its rows are {@code
 * InternalRow}s, and {@code UnsafeProjection} reads the very rows the codec writes. The other way,
 * any Spark row ({@code InternalRow}: an {@code UnsafeRow}, a row of a {@code ColumnarBatch} of
 * Spark's own column vectors) is appended to a {@link DenseVector} field by field ({@link
 * #append}). Types ({@link #sparkType}): BOOLEAN, INT32, INT64, FLOAT, DOUBLE as Spark's; BINARY
 * as STRING (UTF-8 bytes, unchecked); FIXED as BINARY; ARRAY, MAP as Spark's with the element's
 * (value's) nullability; ROW as a struct of fields {@code f0, f1, ...}.
 */
public final class DenseRowColumns {
  private DenseRowColumns() {}

  /** Spark's type for {@code t}. */
  public static DataType sparkType(DenseType t) {
    switch (t.kind()) {
      case BOOLEAN: return DataTypes.BooleanType;
      case INT32: return DataTypes.IntegerType;
      case INT64: return DataTypes.LongType;
      case FLOAT: return DataTypes.FloatType;
      case DOUBLE: return DataTypes.DoubleType;
      case BINARY: return DataTypes.StringType;
      case FIXED: return DataTypes.BinaryType;
      case ARRAY: return DataTypes.createArrayType(sparkType(t.child(0)), t.child(0).nullable());
      case MAP: return DataTypes.createMapType(sparkType(t.child(0)), sparkType(t.child(1)), t.child(1).nullable());
      default: {
        StructField[] fields = new StructField[t.childCount()];
        for (int i = 0; i < fields.length; i++) {
          fields[i] = DataTypes.createStructField("f" + i, sparkType(t.child(i)), t.child(i).nullable());
        }
        return DataTypes.createStructType(fields);
      }
    }
  }

  /** A ColumnarBatch whose columns are {@code rows}'s fields (a batch of a ROW type), not copied. */
  public static ColumnarBatch batch(DenseVector rows) {
    ColumnVector[] columns = new ColumnVector[rows.childCount()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = new Column(rows.child(i));
    }
    return new ColumnarBatch(columns, rows.size());
  }

  /** A DenseVector as a Spark column. */
  static final class Column extends ColumnVector {
    private final DenseVector v;
    private final Column[] children;

    Column(DenseVector v) {
      super(sparkType(v.type()));
      this.v = v;
      children = new Column[v.childCount()];
      for (int i = 0; i < children.length; i++) {
        children[i] = new Column(v.child(i));
      }
    }

    private DenseVector src() {
      return v.dictionary() != null ? v.dictionary() : v;
    }

    private int at(int row) {
      return v.dictionary() != null ? v.dictionaryIds()[row] : v.isConstant() ? 0 : row;
    }

    @Override
    public void close() {}

    @Override
    public boolean hasNull() {
      return v.nulls() != null;
    }

    @Override
    public int numNulls() {
      int n = 0;
      for (int i = 0; i < v.size(); i++) {
        n += v.isNull(i) ? 1 : 0;
      }
      return n;
    }

    @Override
    public boolean isNullAt(int row) {
      return v.isNull(row);
    }

    @Override
    public boolean getBoolean(int row) {
      return src().booleans()[at(row)];
    }

    @Override
    public byte getByte(int row) {
      throw new UnsupportedOperationException();
    }

    @Override
    public short getShort(int row) {
      throw new UnsupportedOperationException();
    }

    @Override
    public int getInt(int row) {
      return src().ints()[at(row)];
    }

    @Override
    public long getLong(int row) {
      return src().longs()[at(row)];
    }

    @Override
    public float getFloat(int row) {
      return src().floats()[at(row)];
    }

    @Override
    public double getDouble(int row) {
      return src().doubles()[at(row)];
    }

    @Override
    public ColumnarArray getArray(int row) {
      int[] o = v.offsets();
      return new ColumnarArray(children[0], o[row], o[row + 1] - o[row]);
    }

    @Override
    public ColumnarMap getMap(int row) {
      int[] o = v.offsets();
      return new ColumnarMap(children[0], children[1], o[row], o[row + 1] - o[row]);
    }

    @Override
    public Decimal getDecimal(int row, int precision, int scale) {
      throw new UnsupportedOperationException();
    }

    @Override
    public UTF8String getUTF8String(int row) {
      BinaryBatch b = src().binaries();
      int i = at(row);
      return UTF8String.fromBytes(b.bytes(), b.offset(i), b.length(i));
    }

    @Override
    public byte[] getBinary(int row) {
      return src().binaries().toByteArray(at(row));
    }

    @Override
    public ColumnVector getChild(int ordinal) {
      return children[ordinal];
    }
  }

  /** Appends the Spark row {@code row} (of {@code rows}'s ROW type) to {@code rows}, field by field. */
  public static void append(SpecializedGetters row, DenseVector rows) {
    for (int f = 0; f < rows.childCount(); f++) {
      appendValue(row, f, rows.child(f));
    }
    rows.appendRow();
  }

  private static void appendValue(SpecializedGetters g, int i, DenseVector v) {
    if (g.isNullAt(i)) {
      v.appendNull();
      return;
    }
    DenseType t = v.type();
    switch (t.kind()) {
      case BOOLEAN: v.appendBoolean(g.getBoolean(i)); return;
      case INT32: v.appendInt(g.getInt(i)); return;
      case INT64: v.appendLong(g.getLong(i)); return;
      case FLOAT: v.appendFloat(g.getFloat(i)); return;
      case DOUBLE: v.appendDouble(g.getDouble(i)); return;
      case BINARY: {
        UTF8String s = g.getUTF8String(i);
        byte[] b = s.getBytes();
        v.appendBinary(b, 0, b.length);
        return;
      }
      case FIXED: {
        byte[] b = g.getBinary(i);
        v.appendBinary(b, 0, b.length);
        return;
      }
      case ARRAY: {
        ArrayData a = g.getArray(i);
        DenseVector e = v.child(0);
        if (e.type().kind() == DenseType.Kind.INT64 && !e.type().nullable()) {
          int n = a.numElements();
          for (int k = 0; k < n; k++) {
            e.appendLong(a.getLong(k));
          }
        } else {
          for (int k = 0; k < a.numElements(); k++) {
            appendValue(a, k, e);
          }
        }
        v.appendContainer();
        return;
      }
      case MAP: {
        MapData m = g.getMap(i);
        ArrayData keys = m.keyArray();
        ArrayData values = m.valueArray();
        for (int k = 0; k < m.numElements(); k++) {
          appendValue(keys, k, v.child(0));
        }
        for (int k = 0; k < m.numElements(); k++) {
          appendValue(values, k, v.child(1));
        }
        v.appendContainer();
        return;
      }
      default: {
        SpecializedGetters s = g.getStruct(i, t.childCount());
        for (int f = 0; f < t.childCount(); f++) {
          appendValue(s, f, v.child(f));
        }
        v.appendRow();
        return;
      }
    }
  }

}
