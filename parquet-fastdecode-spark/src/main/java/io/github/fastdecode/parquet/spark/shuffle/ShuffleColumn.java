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

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.denserow.DenseVector;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A decoded DenseRow batch seen as Spark columns of the exchange's types (no copy), so that an
 * {@code UnsafeProjection} turns each row back into the {@code UnsafeRow} the exchange's readers
 * expect. The batch is the reader's own, decoded from a block (never in a constant or dictionary form).
 */
final class ShuffleColumn extends ColumnVector {
  private final DenseVector v;
  private final ShuffleSchema.Node node;
  private final ShuffleColumn[] children;
  /** Reused: the projection writes each decimal into its row before it asks for the next. */
  private final Decimal decimal = new Decimal();

  private ShuffleColumn(DenseVector v, ShuffleSchema.Node node) {
    super(node.sparkType);
    this.v = v;
    this.node = node;
    children = new ShuffleColumn[node.children.length];
    for (int i = 0; i < children.length; i++) {
      children[i] = new ShuffleColumn(v.child(i), node.children[i]);
    }
  }

  /** A batch whose columns are the fields of {@code rows} (of the row type of {@code row}); set its row count per block. */
  static ColumnarBatch batch(DenseVector rows, ShuffleSchema.Node row) {
    ColumnVector[] columns = new ColumnVector[row.children.length];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = new ShuffleColumn(rows.child(i), row.children[i]);
    }
    return new ColumnarBatch(columns, 0);
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
    return v.booleans()[row];
  }

  @Override
  public byte getByte(int row) {
    return (byte) v.ints()[row];
  }

  @Override
  public short getShort(int row) {
    return (short) v.ints()[row];
  }

  @Override
  public int getInt(int row) {
    return v.ints()[row];
  }

  @Override
  public long getLong(int row) {
    return v.longs()[row];
  }

  @Override
  public float getFloat(int row) {
    return v.floats()[row];
  }

  @Override
  public double getDouble(int row) {
    return v.doubles()[row];
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
    if (node.kind == ShuffleSchema.DECIMAL_LONG) {
      return decimal.set(v.longs()[row], precision, scale);
    }
    BinaryBatch b = v.binaries();
    byte[] bytes = b.toByteArray(row);
    return Decimal.apply(new BigDecimal(new BigInteger(bytes), scale), precision, scale);
  }

  @Override
  public UTF8String getUTF8String(int row) {
    BinaryBatch b = v.binaries();
    return UTF8String.fromBytes(b.bytes(), b.offset(row), b.length(row));
  }

  @Override
  public byte[] getBinary(int row) {
    return v.binaries().toByteArray(row);
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return children[ordinal];
  }
}
