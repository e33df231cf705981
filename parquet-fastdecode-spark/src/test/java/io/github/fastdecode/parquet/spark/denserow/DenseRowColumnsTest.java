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

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fastdecode.parquet.denserow.DenseRowCodec;
import io.github.fastdecode.parquet.denserow.DenseType;
import io.github.fastdecode.parquet.denserow.DenseVector;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * The converter against Spark itself: codec batches seen as Spark's ColumnarBatch are projected to
 * UnsafeRows by Spark's own UnsafeProjection, those rows' bytes read back through {@link
 * DenseRowColumns#append} give the batch's rows; a batch of Spark's own column vectors appends too.
 */
class DenseRowColumnsTest {
  static final long SEED = 0x5_9A2C;

  static final DenseType TYPE = DenseType.row(false,
      DenseType.int64(true), DenseType.int32(false), DenseType.float64(true), DenseType.float32(false),
      DenseType.booleans(true), DenseType.binary(true), DenseType.fixed(4, true),
      DenseType.array(DenseType.int64(true), true),
      DenseType.map(DenseType.binary(false), DenseType.array(DenseType.int32(false), true), true),
      DenseType.row(true, DenseType.int64(false), DenseType.array(DenseType.row(true, DenseType.binary(true)), false)));

  @Test
  void unsafeRowsOfTheColumnarViewReadBackToTheSameRows() {
    Random random = new Random(SEED);
    System.out.println("DenseRowColumnsTest seed " + SEED);
    DenseVector batch = DenseVector.create(TYPE, 4);
    List<Object> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      Object row = randomValue(random, TYPE, 0.3);
      rows.add(row);
      batch.appendObject(row);
    }
    StructType schema = (StructType) DenseRowColumns.sparkType(TYPE);
    ColumnarBatch view = DenseRowColumns.batch(batch);
    UnsafeProjection projection = UnsafeProjection.create(schema);
    DenseVector back = DenseVector.create(TYPE, 1);
    for (int i = 0; i < rows.size(); i++) {
      UnsafeRow u = projection.apply(view.getRow(i));
      byte[] bytes = new byte[u.getSizeInBytes()];
      u.writeToMemory(bytes, Platform.BYTE_ARRAY_OFFSET);
      UnsafeRow read = new UnsafeRow(schema.size());
      read.pointTo(bytes, bytes.length);
      DenseRowColumns.append(read, back);
    }
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(rows.get(i), back.getObject(i), "row " + i);
    }
    // and the codec on what came back
    DenseRowCodec codec = new DenseRowCodec(TYPE);
    int[] sizes = new int[back.size()];
    byte[] run = new byte[(int) codec.runSize(back, 0, sizes)];
    codec.serializeRun(back, 0, sizes, run, 0);
    DenseVector again = DenseVector.create(TYPE, 1);
    codec.deserializeRun(run, 0, run.length, again);
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(rows.get(i), again.getObject(i), "row " + i);
    }
  }

  @Test
  void sparksOwnColumnVectorsAppend() {
    DenseType type = DenseType.row(false, DenseType.int64(true), DenseType.binary(false));
    StructType schema = (StructType) DenseRowColumns.sparkType(type);
    assertEquals(DataTypes.LongType, schema.fields()[0].dataType());
    OnHeapColumnVector longs = new OnHeapColumnVector(3, DataTypes.LongType);
    OnHeapColumnVector strings = new OnHeapColumnVector(3, DataTypes.StringType);
    longs.putLong(0, 7);
    longs.putNull(1);
    longs.putLong(2, Long.MIN_VALUE);
    for (int i = 0; i < 3; i++) {
      byte[] b = ("s" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      strings.putByteArray(i, b);
    }
    ColumnarBatch spark = new ColumnarBatch(new ColumnVector[] {longs, strings}, 3);
    DenseVector out = DenseVector.create(type, 1);
    for (int i = 0; i < 3; i++) {
      DenseRowColumns.append(spark.getRow(i), out);
    }
    assertEquals(Arrays.asList(7L, buf("s0")), out.getObject(0));
    assertEquals(Arrays.asList(null, buf("s1")), out.getObject(1));
    assertEquals(Arrays.asList(Long.MIN_VALUE, buf("s2")), out.getObject(2));
    assertEquals(UTF8String.fromString("s1"), DenseRowColumns.batch(out).getRow(1).getUTF8String(1));
    spark.close();
  }

  static ByteBuffer buf(String s) {
    return ByteBuffer.wrap(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** A random value of {@code t} in {@link DenseVector#getObject}'s form; map keys distinct. */
  static Object randomValue(Random r, DenseType t, double nullRate) {
    if (t.nullable() && r.nextDouble() < nullRate) {
      return null;
    }
    switch (t.kind()) {
      case BOOLEAN: return r.nextBoolean();
      case INT32: return r.nextInt();
      case INT64: return r.nextBoolean() ? r.nextLong() : (long) r.nextInt(100);
      case FLOAT: return r.nextFloat();
      case DOUBLE: return r.nextDouble();
      case BINARY: {
        byte[] b = new byte[r.nextInt(12)];
        for (int i = 0; i < b.length; i++) {
          b[i] = (byte) ('a' + r.nextInt(26));
        }
        return ByteBuffer.wrap(b);
      }
      case FIXED: {
        byte[] b = new byte[t.fixedLength()];
        r.nextBytes(b);
        return ByteBuffer.wrap(b);
      }
      case ARRAY: {
        List<Object> out = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          out.add(randomValue(r, t.child(0), nullRate));
        }
        return out;
      }
      case MAP: {
        List<Object> out = new ArrayList<>();
        int n = r.nextInt(4);
        for (int i = 0; i < n; i++) {
          out.add(Arrays.asList(buf("k" + i), randomValue(r, t.child(1), nullRate)));
        }
        return out;
      }
      default: {
        List<Object> out = new ArrayList<>();
        for (int f = 0; f < t.childCount(); f++) {
          out.add(randomValue(r, t.child(f), nullRate));
        }
        return out;
      }
    }
  }
}
