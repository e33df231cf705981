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
package io.github.fastdecode.parquet.spark.bench;

import io.github.fastdecode.parquet.denserow.DenseType;
import io.github.fastdecode.parquet.denserow.DenseVector;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The DenseRow benchmark's cases (the seed cases), as a row type and a generator of rows.
 * "small" integers are those of one zig-zag varint byte, [-64, 64); "below 2^8" and "below 2^32"
 * are uniform in [0, 2^8) and [0, 2^32); "random" is uniform over all longs.
 */
public enum DenseRowCases {
  BIGINT_BELOW_2_8(row(DenseType.int64(false)), r -> List.of((long) r.nextInt(256))),
  BIGINT_BELOW_2_32(row(DenseType.int64(false)), r -> List.of(r.nextLong() >>> 32)),
  BIGINT_RANDOM(row(DenseType.int64(false)), r -> List.of(r.nextLong())),
  BIGINT_RANDOM_NULLS_40(row(DenseType.int64(true)), r -> Arrays.asList(r.nextInt(10) < 4 ? null : r.nextLong())),
  DOUBLE(row(DenseType.float64(false)), r -> List.of(r.nextDouble())),
  STRING_8(row(DenseType.binary(false)), r -> List.of(ascii(r, 8))),
  STRING_100(row(DenseType.binary(false)), r -> List.of(ascii(r, 100))),
  SCALARS_5(scalars(5), r -> scalarRow(r, 5, false)),
  SCALARS_5_SMALL(scalars(5), r -> scalarRow(r, 5, true)),
  SCALARS_10(scalars(10), r -> scalarRow(r, 10, false)),
  SCALARS_10_SMALL(scalars(10), r -> scalarRow(r, 10, true)),
  ARRAY_BIGINT(row(DenseType.array(DenseType.int64(false), false)), r -> List.of(longs(r, 10, false))),
  ARRAY_SMALL_BIGINT(row(DenseType.array(DenseType.int64(false), false)), r -> List.of(longs(r, 10, true))),
  NESTED_ARRAY(row(DenseType.array(DenseType.array(DenseType.int64(false), false), false)), r -> List.of(nested(r, false))),
  NESTED_ARRAY_SMALL(row(DenseType.array(DenseType.array(DenseType.int64(false), false), false)), r -> List.of(nested(r, true))),
  MAP(row(DenseType.map(DenseType.int64(false), DenseType.int64(false), false)), r -> List.of(map(r, false))),
  MAP_SMALL(row(DenseType.map(DenseType.int64(false), DenseType.int64(false), false)), r -> List.of(map(r, true)));

  /** Rows per batch. */
  public static final int ROWS = 1000;

  interface RowMaker {
    List<Object> make(Random random);
  }

  public final DenseType type;
  private final RowMaker maker;

  DenseRowCases(DenseType type, RowMaker maker) {
    this.type = type;
    this.maker = maker;
  }

  /** {@link #ROWS} rows of this case, the same for a given seed. */
  public List<Object> rows(long seed) {
    Random random = new Random(seed);
    List<Object> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(maker.make(random));
    }
    return rows;
  }

  /** The rows as a batch. */
  public DenseVector batch(List<Object> rows) {
    DenseVector batch = DenseVector.create(type, ROWS);
    for (Object r : rows) {
      batch.appendObject(r);
    }
    return batch;
  }

  private static DenseType row(DenseType field) {
    return DenseType.row(false, field);
  }

  /** Scalar columns cycling bigint, int, double, string(8), bigint nullable. */
  private static DenseType scalars(int n) {
    DenseType[] cycle = {DenseType.int64(false), DenseType.int32(false), DenseType.float64(false), DenseType.binary(false), DenseType.int64(true)};
    DenseType[] fields = new DenseType[n];
    for (int i = 0; i < n; i++) {
      fields[i] = cycle[i % cycle.length];
    }
    return DenseType.row(false, fields);
  }

  private static List<Object> scalarRow(Random r, int n, boolean small) {
    List<Object> row = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      switch (i % 5) {
        case 0: row.add(small ? (long) r.nextInt(128) - 64 : r.nextLong()); break;
        case 1: row.add(small ? r.nextInt(128) - 64 : r.nextInt()); break;
        case 2: row.add(r.nextDouble()); break;
        case 3: row.add(ascii(r, 8)); break;
        default: row.add(r.nextInt(10) < 2 ? null : small ? (long) r.nextInt(100) - 50 : r.nextLong()); break;
      }
    }
    return row;
  }

  private static ByteBuffer ascii(Random r, int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) ('a' + r.nextInt(26));
    }
    return ByteBuffer.wrap(b);
  }

  private static List<Object> longs(Random r, int n, boolean small) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(small ? (long) r.nextInt(128) - 64 : r.nextLong());
    }
    return out;
  }

  /** Four arrays of 12 bigints. */
  private static List<Object> nested(Random r, boolean small) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      out.add(longs(r, 12, small));
    }
    return out;
  }

  /** Ten entries, distinct keys. */
  private static List<Object> map(Random r, boolean small) {
    List<Object> out = new ArrayList<>();
    int base = small ? r.nextInt(54) - 64 : 0;
    for (int i = 0; i < 10; i++) {
      long key = small ? base + i : r.nextLong();
      out.add(List.of(key, small ? (long) r.nextInt(128) - 64 : r.nextLong()));
    }
    return out;
  }

  static String utf8(ByteBuffer b) {
    return StandardCharsets.UTF_8.decode(b.duplicate()).toString();
  }
}
