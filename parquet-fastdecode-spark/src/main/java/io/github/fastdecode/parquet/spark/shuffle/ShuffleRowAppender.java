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

import io.github.fastdecode.parquet.denserow.DenseVector;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/** Appends Spark rows (the exchange's input, {@code UnsafeRow}s) to a DenseRow batch, value by value. */
final class ShuffleRowAppender {
  private ShuffleRowAppender() {}

  /** Appends {@code row}, of the row type of {@code node}, to {@code rows}. */
  static void append(SpecializedGetters row, ShuffleSchema.Node node, DenseVector rows) {
    ShuffleSchema.Node[] fields = node.children;
    for (int f = 0; f < fields.length; f++) {
      value(row, f, fields[f], rows.child(f));
    }
    rows.appendRow();
  }

  private static void value(SpecializedGetters g, int i, ShuffleSchema.Node n, DenseVector v) {
    if (g.isNullAt(i)) {
      if (v.nulls() == null) {
        throw new IllegalStateException("a null where Spark's schema says " + n.sparkType.simpleString() + " values are never null");
      }
      v.appendNull();
      return;
    }
    switch (n.kind) {
      case ShuffleSchema.BOOLEAN:
        v.appendBoolean(g.getBoolean(i));
        return;
      case ShuffleSchema.BYTE:
        v.appendInt(g.getByte(i));
        return;
      case ShuffleSchema.SHORT:
        v.appendInt(g.getShort(i));
        return;
      case ShuffleSchema.INT:
        v.appendInt(g.getInt(i));
        return;
      case ShuffleSchema.LONG:
        v.appendLong(g.getLong(i));
        return;
      case ShuffleSchema.FLOAT:
        v.appendFloat(g.getFloat(i));
        return;
      case ShuffleSchema.DOUBLE:
        v.appendDouble(g.getDouble(i));
        return;
      case ShuffleSchema.STRING: {
        UTF8String s = g.getUTF8String(i);
        Object base = s.getBaseObject();
        if (base instanceof byte[]) {
          // the string's bytes where they lie (an on-heap row): no copy
          v.appendBinary((byte[]) base, (int) (s.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET), s.numBytes());
        } else {
          byte[] b = s.getBytes();
          v.appendBinary(b, 0, b.length);
        }
        return;
      }
      case ShuffleSchema.BINARY: {
        byte[] b = g.getBinary(i);
        v.appendBinary(b, 0, b.length);
        return;
      }
      case ShuffleSchema.DECIMAL_LONG:
        // Spark's unsafe rows and arrays keep a decimal of up to 18 digits as its unscaled long.
        v.appendLong(g instanceof UnsafeRow || g instanceof UnsafeArrayData ? g.getLong(i)
            : g.getDecimal(i, n.precision, n.scale).toUnscaledLong());
        return;
      case ShuffleSchema.DECIMAL_BYTES: {
        Decimal d = g.getDecimal(i, n.precision, n.scale);
        byte[] b = d.toJavaBigDecimal().unscaledValue().toByteArray();
        v.appendBinary(b, 0, b.length);
        return;
      }
      case ShuffleSchema.ARRAY: {
        ArrayData a = g.getArray(i);
        ShuffleSchema.Node e = n.children[0];
        DenseVector ev = v.child(0);
        int count = a.numElements();
        if (e.kind == ShuffleSchema.LONG && ev.nulls() == null) {
          for (int k = 0; k < count; k++) {
            if (a.isNullAt(k)) {
              value(a, k, e, ev); // reports the null
            }
            ev.appendLong(a.getLong(k));
          }
        } else {
          for (int k = 0; k < count; k++) {
            value(a, k, e, ev);
          }
        }
        v.appendContainer();
        return;
      }
      case ShuffleSchema.MAP: {
        MapData m = g.getMap(i);
        ArrayData keys = m.keyArray();
        ArrayData values = m.valueArray();
        int count = m.numElements();
        for (int k = 0; k < count; k++) {
          value(keys, k, n.children[0], v.child(0));
        }
        for (int k = 0; k < count; k++) {
          value(values, k, n.children[1], v.child(1));
        }
        v.appendContainer();
        return;
      }
      default: {
        ShuffleSchema.Node[] fields = n.children;
        SpecializedGetters s = g.getStruct(i, fields.length);
        for (int f = 0; f < fields.length; f++) {
          value(s, f, fields[f], v.child(f));
        }
        v.appendRow();
      }
    }
  }
}
