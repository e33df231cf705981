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
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.RecordBatch;
import io.github.fastdecode.parquet.column.RecordNode;
import io.github.fastdecode.parquet.dictionary.DictionaryValues;
import java.util.List;
import org.apache.parquet.schema.Type;

/**
 * {@link DenseRows#forRecords}: whole records of a {@link RecordBatch} (structs, lists, maps, as
 * {@code ParquetBatchReader} assembles them) as a batch for {@link DenseRowCodec}: each top-level
 * field one column, a STRUCT a ROW, a LIST an ARRAY, a MAP a MAP, a primitive its physical type
 * ({@link DenseType#of}); a node is nullable when its schema field is optional. Values are copied
 * (a record batch keeps leaf values dense over non-null positions, the codec's batches at
 * positions); dictionary ids are looked up. Reuse one instance per reader: loading allocates only
 * when a batch grows.
 */
final class RecordBatchRows {
  private final DenseType rowType;
  private final DenseVector batch;

  /** For batches of {@code shape}'s fields (any batch made for the same schema and columns). */
  RecordBatchRows(RecordBatch shape) {
    List<RecordNode> fields = shape.fields();
    DenseType[] types = new DenseType[fields.size()];
    for (int i = 0; i < types.length; i++) {
      types[i] = typeOf(fields.get(i));
    }
    rowType = DenseType.row(false, types);
    batch = DenseVector.create(rowType, 1);
  }

  /** The codec type of a record node. */
  static DenseType typeOf(RecordNode n) {
    boolean nullable = n.type().isRepetition(Type.Repetition.OPTIONAL);
    switch (n.kind()) {
      case PRIMITIVE:
        return DenseType.of(n.column().column().getPrimitiveType(), nullable);
      case LIST:
        return DenseType.array(typeOf(n.element()), nullable);
      case MAP:
        return DenseType.map(typeOf(n.key()), typeOf(n.value()), nullable);
      default: {
        DenseType[] fields = new DenseType[n.children().size()];
        for (int i = 0; i < fields.length; i++) {
          fields[i] = typeOf(n.children().get(i));
        }
        return DenseType.row(nullable, fields);
      }
    }
  }

  DenseType rowType() {
    return rowType;
  }

  /** The records of {@code records}'s last read as a batch of {@link #rowType()}, valid until the next load. */
  DenseVector load(RecordBatch records) {
    batch.reset();
    List<RecordNode> fields = records.fields();
    if (fields.size() != rowType.childCount()) {
      throw new IllegalArgumentException(fields.size() + " fields for a row type of " + rowType.childCount());
    }
    for (int f = 0; f < fields.size(); f++) {
      fill(fields.get(f), batch.child(f));
    }
    batch.size = records.rowCount();
    return batch;
  }

  private static void fill(RecordNode n, DenseVector v) {
    int count = n.positionCount();
    v.ensureCapacity(count);
    boolean[] nulls = n.nulls();
    boolean nullable = v.type().nullable();
    if (nullable) {
      System.arraycopy(nulls, 0, v.nulls, 0, count);
    }
    switch (n.kind()) {
      case PRIMITIVE:
        fillLeaf(n.column(), nulls, count, v);
        break;
      case LIST:
      case MAP: {
        int[] offsets = n.offsets();
        int base = offsets[0];
        for (int p = 0; p <= count; p++) {
          v.offsets[p] = offsets[p] - base;
        }
        for (RecordNode c : n.children()) {
          fill(c, v.children[n.kind() == RecordNode.Kind.MAP && c == n.value() ? 1 : 0]);
        }
        break;
      }
      default:
        for (int i = 0; i < n.children().size(); i++) {
          fill(n.children().get(i), v.children[i]);
        }
        break;
    }
    v.size = count;
  }

  /** Leaf values: dense over non-null positions unless the column is flat with row positions. */
  private static void fillLeaf(ColumnBatch c, boolean[] nulls, int count, DenseVector v) {
    boolean dense = c.isNested() || c.layout() == ColumnBatch.Layout.DENSE;
    DictionaryValues d = c.hasDictionaryIds() ? c.dictionary() : null;
    int[] ids = c.dictionaryIds();
    BinaryBatch bin = d != null ? d.binaries() : c.binaries();
    BinaryBatch out = v.binaries;
    int k = 0;
    for (int p = 0; p < count; p++) {
      boolean isNull = nulls[p];
      int src = 0;
      if (!isNull) {
        int at = dense ? k++ : p;
        src = d != null ? ids[at] : at;
      }
      switch (v.type().kind()) {
        case BOOLEAN: v.booleans[p] = !isNull && c.booleans()[src]; break;
        case INT32: v.ints[p] = isNull ? 0 : (d != null ? d.ints() : c.ints())[src]; break;
        case INT64: v.longs[p] = isNull ? 0 : (d != null ? d.longs() : c.longs())[src]; break;
        case FLOAT: v.floats[p] = isNull ? 0 : (d != null ? d.floats() : c.floats())[src]; break;
        case DOUBLE: v.doubles[p] = isNull ? 0 : (d != null ? d.doubles() : c.doubles())[src]; break;
        case FIXED:
          if (isNull) {
            int len = v.type().fixedLength();
            out.reserve(1, len);
            java.util.Arrays.fill(out.bytes(), out.offsets()[out.size()], out.offsets()[out.size()] + len, (byte) 0);
            out.commit(len);
          } else {
            out.add(bin.bytes(), bin.offset(src), bin.length(src));
          }
          break;
        default:
          if (isNull) {
            out.add(bin.bytes(), 0, 0);
          } else {
            out.add(bin.bytes(), bin.offset(src), bin.length(src));
          }
          break;
      }
    }
  }
}
