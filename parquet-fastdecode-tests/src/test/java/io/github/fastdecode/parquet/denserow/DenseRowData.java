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

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Random row types and rows for the codec's tests and fuzz target (seeded by the caller). */
public final class DenseRowData {
  private DenseRowData() {}

  /** A random not-nullable ROW of 1..{@code maxFields} fields, containers nested up to {@code maxDepth}. */
  public static DenseType rowType(Random random, int maxFields, int maxDepth) {
    DenseType[] fields = new DenseType[1 + random.nextInt(maxFields)];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = type(random, maxDepth);
    }
    return DenseType.row(false, fields);
  }

  /** A random type with containers nested up to {@code depth} levels. */
  public static DenseType type(Random random, int depth) {
    boolean nullable = random.nextBoolean();
    int k = random.nextInt(depth > 0 ? 10 : 7);
    switch (k) {
      case 0: return DenseType.booleans(nullable);
      case 1: return DenseType.int32(nullable);
      case 2: return DenseType.int64(nullable);
      case 3: return DenseType.float32(nullable);
      case 4: return DenseType.float64(nullable);
      case 5: return DenseType.binary(nullable);
      case 6: return DenseType.fixed(1 + random.nextInt(16), nullable);
      case 7: return DenseType.array(type(random, depth - 1), nullable);
      case 8: return DenseType.map(type(random, 0).withNullable(false), type(random, depth - 1), nullable);
      default: {
        DenseType[] fields = new DenseType[1 + random.nextInt(3)];
        for (int i = 0; i < fields.length; i++) {
          fields[i] = type(random, depth - 1);
        }
        return DenseType.row(nullable, fields);
      }
    }
  }

  /** A random value of {@code type}: null with probability {@code nullRate} where the type allows. */
  public static Object value(Random random, DenseType type, double nullRate) {
    if (type.nullable() && nullRate > 0 && random.nextDouble() < nullRate) {
      return null;
    }
    switch (type.kind()) {
      case BOOLEAN: return random.nextBoolean();
      case INT32: return (int) integer(random, 32);
      case INT64: return integer(random, 64);
      case FLOAT: {
        int pick = random.nextInt(6);
        return pick == 0 ? Float.intBitsToFloat(0x7fc00001) : pick == 1 ? -0.0f : pick == 2 ? Float.MIN_VALUE
            : Float.intBitsToFloat(random.nextInt());
      }
      case DOUBLE: {
        int pick = random.nextInt(6);
        return pick == 0 ? Double.longBitsToDouble(0x7ff8000000000123L) : pick == 1 ? -0.0 : pick == 2 ? Double.MIN_VALUE
            : Double.longBitsToDouble(random.nextLong());
      }
      case BINARY: {
        int len = random.nextInt(4) == 0 ? 100 + random.nextInt(200) : random.nextInt(12);
        byte[] b = new byte[len];
        random.nextBytes(b);
        return ByteBuffer.wrap(b);
      }
      case FIXED: {
        byte[] b = new byte[type.fixedLength()];
        random.nextBytes(b);
        return ByteBuffer.wrap(b);
      }
      case ARRAY: {
        int n = random.nextInt(3) == 0 ? 0 : random.nextInt(5);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          out.add(value(random, type.child(0), nullRate));
        }
        return out;
      }
      case MAP: {
        int n = random.nextInt(3) == 0 ? 0 : random.nextInt(4);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          out.add(Arrays.asList(value(random, type.child(0), nullRate), value(random, type.child(1), nullRate)));
        }
        return out;
      }
      default: {
        List<Object> out = new ArrayList<>();
        for (int f = 0; f < type.childCount(); f++) {
          out.add(value(random, type.child(f), nullRate));
        }
        return out;
      }
    }
  }

  /** Small, middling, wide and extreme integers of {@code bits} bits. */
  static long integer(Random random, int bits) {
    long min = bits == 32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
    long max = bits == 32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
    switch (random.nextInt(6)) {
      case 0: return random.nextInt(128) - 64;
      case 1: return random.nextInt(1 << 20) - (1 << 19);
      case 2: return random.nextBoolean() ? min : max;
      case 3: return random.nextBoolean() ? min + random.nextInt(3) : max - random.nextInt(3);
      default: return bits == 32 ? random.nextInt() : random.nextLong();
    }
  }

  /** {@code count} random rows of {@code rowType} appended to a new batch. */
  public static DenseVector batch(Random random, DenseType rowType, int count, double nullRate, List<Object> rows) {
    DenseVector batch = DenseVector.create(rowType, 1 + random.nextInt(8));
    for (int i = 0; i < count; i++) {
      Object row = value(random, rowType, nullRate);
      rows.add(row);
      batch.appendObject(row);
    }
    return batch;
  }
}
