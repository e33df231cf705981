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
package io.github.fastdecode.parquet.conformance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.io.api.Binary;

/**
 * One column of a file as a list of entries (repetition level, definition level, value), in the
 * form both parquet-java's column reader and this library's produce, so they can be compared. A
 * value is {@code null} when the definition level is below the maximum, else a {@link Boolean},
 * {@link Integer}, {@link Long}, {@link Float}, {@link Double} or {@code byte[]} by physical type.
 */
public final class ColumnEntries {
  public final String column;
  private int[] rep = new int[64];
  private int[] def = new int[64];
  private final List<Object> values = new ArrayList<>();

  public ColumnEntries(String column) {
    this.column = column;
  }

  public void add(int repetitionLevel, int definitionLevel, Object value) {
    int n = values.size();
    if (n == rep.length) {
      rep = Arrays.copyOf(rep, n * 2);
      def = Arrays.copyOf(def, n * 2);
    }
    rep[n] = repetitionLevel;
    def[n] = definitionLevel;
    values.add(value);
  }

  public int size() {
    return values.size();
  }

  public int repetitionLevel(int i) {
    return rep[i];
  }

  public int definitionLevel(int i) {
    return def[i];
  }

  /** Value of entry {@code i}: null, or a boxed primitive or {@code byte[]}. */
  public Object value(int i) {
    return values.get(i);
  }

  /** The values alone, one per entry (rows, for a flat column). */
  public List<Object> values() {
    return values;
  }

  /** Whether two values are the same: floating point bit for bit, byte arrays by content. */
  public static boolean same(Object a, Object b) {
    if (a == null || b == null) {
      return a == b;
    }
    if (a instanceof Float && b instanceof Float) {
      return Float.floatToRawIntBits((Float) a) == Float.floatToRawIntBits((Float) b);
    }
    if (a instanceof Double && b instanceof Double) {
      return Double.doubleToRawLongBits((Double) a) == Double.doubleToRawLongBits((Double) b);
    }
    if (a instanceof byte[] && b instanceof byte[]) {
      return Arrays.equals((byte[]) a, (byte[]) b);
    }
    return a.equals(b);
  }

  /** A readable form of a value: byte arrays in hex, floating point with its bits. */
  public static String describe(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof byte[]) {
      byte[] b = (byte[]) v;
      StringBuilder s = new StringBuilder("0x");
      for (byte x : b) {
        s.append(Character.forDigit((x >> 4) & 15, 16)).append(Character.forDigit(x & 15, 16));
      }
      return s.toString();
    }
    if (v instanceof Float) {
      return v + " (bits 0x" + Integer.toHexString(Float.floatToRawIntBits((Float) v)) + ")";
    }
    if (v instanceof Double) {
      return v + " (bits 0x" + Long.toHexString(Double.doubleToRawLongBits((Double) v)) + ")";
    }
    return v + " (" + v.getClass().getSimpleName() + ")";
  }

  /** A copy of a parquet-java binary's bytes. */
  public static byte[] bytes(Binary b) {
    return b.getBytes();
  }
}
