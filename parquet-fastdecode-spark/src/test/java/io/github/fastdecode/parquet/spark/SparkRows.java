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
package io.github.fastdecode.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import scala.collection.JavaConverters;

/**
 * Compares two reads value by value: each row becomes an exact text key (floating-point values by
 * their bits, so NaN equals NaN and -0.0 differs from 0.0; binaries in hex), the keys are sorted and
 * the two lists must be equal. Collected separately, so Spark cannot share one scan for both.
 */
public final class SparkRows {
  private SparkRows() {}

  static List<String> keys(Dataset<Row> rows) {
    List<String> keys = new ArrayList<>();
    for (Row r : rows.collectAsList()) {
      keys.add(key(r));
    }
    Collections.sort(keys);
    return keys;
  }

  static void assertSame(String what, Dataset<Row> expected, Dataset<Row> actual) {
    assertEquals(expected.schema(), actual.schema(), what + ": schema");
    List<String> e = keys(expected);
    List<String> a = keys(actual);
    assertEquals(e.size(), a.size(), what + ": row count");
    for (int i = 0; i < e.size(); i++) {
      if (!e.get(i).equals(a.get(i))) {
        assertEquals(e.get(i), a.get(i), what + ": sorted row " + i + " of " + e.size());
      }
    }
  }

  /** The same rows, value for value, whatever the two schemas' nullability says. */
  static void assertSameValues(String what, Dataset<Row> expected, Dataset<Row> actual) {
    List<String> e = keys(expected);
    List<String> a = keys(actual);
    assertEquals(e.size(), a.size(), what + ": row count");
    assertTrue(!e.isEmpty(), what + ": no rows");
    for (int i = 0; i < e.size(); i++) {
      if (!e.get(i).equals(a.get(i))) {
        assertEquals(e.get(i), a.get(i), what + ": sorted row " + i + " of " + e.size());
      }
    }
  }

  /** As {@link #assertSame} for a result that must not be empty (a test that can fail). */
  static void assertSameNonEmpty(String what, Dataset<Row> expected, Dataset<Row> actual) {
    assertSame(what, expected, actual);
    assertTrue(actual.count() > 0, what + ": no rows");
  }

  /** An exact text of a value: doubles and floats by their bits, byte arrays in hex, maps sorted. */
  public static String key(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Row) {
      Row r = (Row) v;
      StringBuilder b = new StringBuilder("{");
      for (int i = 0; i < r.length(); i++) {
        b.append(i == 0 ? "" : ",").append(key(r.get(i)));
      }
      return b.append('}').toString();
    }
    if (v instanceof Double) {
      return "d" + Long.toHexString(Double.doubleToLongBits((Double) v)) + "(" + v + ")";
    }
    if (v instanceof Float) {
      return "f" + Integer.toHexString(Float.floatToIntBits((Float) v)) + "(" + v + ")";
    }
    if (v instanceof byte[]) {
      StringBuilder b = new StringBuilder("x");
      for (byte x : (byte[]) v) {
        b.append(String.format("%02x", x));
      }
      return b.toString();
    }
    if (v instanceof java.math.BigDecimal) {
      return "m" + v;
    }
    if (v instanceof scala.collection.Seq) {
      List<String> items = new ArrayList<>();
      for (Object o : JavaConverters.seqAsJavaList((scala.collection.Seq<?>) v)) {
        items.add(key(o));
      }
      return "[" + String.join(",", items) + "]";
    }
    if (v instanceof scala.collection.Map) {
      List<String> items = new ArrayList<>();
      for (Map.Entry<?, ?> e : JavaConverters.mapAsJavaMap((scala.collection.Map<?, ?>) v).entrySet()) {
        items.add(key(e.getKey()) + "=" + key(e.getValue()));
      }
      Collections.sort(items);
      return "<" + String.join(",", items) + ">";
    }
    return v.getClass().getSimpleName().charAt(0) + v.toString();
  }
}
