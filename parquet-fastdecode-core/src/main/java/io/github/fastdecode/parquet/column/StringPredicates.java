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
package io.github.fastdecode.parquet.column;

import io.github.fastdecode.parquet.internal.LittleEndian;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.parquet.filter2.predicate.Statistics;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;
import org.apache.parquet.io.api.Binary;

/**
 * Substring tests on byte-array columns as parquet-java user-defined predicates, for {@code
 * FilterApi.userDefined(binaryColumn(name), ...)}: {@link #startsWith}, {@link #endsWith}, {@link
 * #contains}. Any reader evaluates them through {@code keep(Binary)}; this library's row filter
 * tests the bytes where they lie in the batch, with no {@code Binary} per value, and once per
 * dictionary entry on dictionary pages. Bytes are compared as they are (UTF-8 strings compare by
 * their encoding, which gives the same answers as comparing the characters). Null values are not
 * kept. Row groups and pages are skipped by statistics for {@code startsWith} (no value between
 * min and max can start with the prefix); the others skip nothing.
 */
public final class StringPredicates {
  private StringPredicates() {}

  /** Values whose bytes start with {@code prefix}'s UTF-8 bytes. */
  public static Substring startsWith(String prefix) {
    return new Substring(Kind.STARTS_WITH, prefix.getBytes(StandardCharsets.UTF_8));
  }

  /** Values whose bytes end with {@code suffix}'s UTF-8 bytes. */
  public static Substring endsWith(String suffix) {
    return new Substring(Kind.ENDS_WITH, suffix.getBytes(StandardCharsets.UTF_8));
  }

  /** Values whose bytes contain {@code part}'s UTF-8 bytes. */
  public static Substring contains(String part) {
    return new Substring(Kind.CONTAINS, part.getBytes(StandardCharsets.UTF_8));
  }

  enum Kind {
    STARTS_WITH, ENDS_WITH, CONTAINS
  }

  /**
   * A substring test, serializable as {@code FilterApi.userDefined} requires; this library's row
   * filter recognises it and tests the batch's bytes directly.
   */
  public static final class Substring extends UserDefinedPredicate<Binary> implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Kind kind;
    private final byte[] part;

    Substring(Kind kind, byte[] part) {
      this.kind = kind;
      this.part = part;
    }

    /** Whether the value {@code bytes[offset, offset + length)} is kept. */
    boolean test(byte[] bytes, int offset, int length) {
      byte[] p = part;
      int n = p.length;
      if (length < n) {
        return false;
      }
      switch (kind) {
        case STARTS_WITH:
          return Arrays.equals(bytes, offset, offset + n, p, 0, n);
        case ENDS_WITH:
          return Arrays.equals(bytes, offset + length - n, offset + length, p, 0, n);
        default: {
          if (n == 0) {
            return true;
          }
          byte first = p[0];
          for (int i = offset, last = offset + length - n; i <= last; i++) {
            if (bytes[i] == first && Arrays.equals(bytes, i, i + n, p, 0, n)) {
              return true;
            }
          }
          return false;
        }
      }
    }

    /**
     * Tests values {@code from .. from + n - 1} of a batch (value {@code v} is {@code
     * bytes[offsets[v], offsets[v + 1])}): {@code dst[at + i]} is whether value {@code from + i} is
     * kept, flipped when {@code flip}. A contains test of two bytes or more searches the values'
     * bytes as one run, eight positions at a time for the pattern's first and last bytes, and
     * checks a candidate against the whole pattern and its value's bounds.
     */
    void testAll(byte[] bytes, int[] offsets, int from, int n, boolean[] dst, int at, boolean flip) {
      byte[] p = part;
      int m = p.length;
      if (kind != Kind.CONTAINS || m < 2) {
        for (int i = 0; i < n; i++) {
          int s = offsets[from + i];
          dst[at + i] = test(bytes, s, offsets[from + i + 1] - s) != flip;
        }
        return;
      }
      Arrays.fill(dst, at, at + n, flip);
      byte head = p[0];
      byte tail = p[m - 1];
      long heads = ONES * (head & 0xFF);
      long tails = ONES * (tail & 0xFF);
      int row = from;
      int i = offsets[from];
      int stop = offsets[from + n];
      // Words at i and i + m - 1, both within the values' bytes.
      while (i + m + 7 <= stop) {
        long candidates = zeroBytes(LittleEndian.getLong(bytes, i) ^ heads)
            & zeroBytes(LittleEndian.getLong(bytes, i + m - 1) ^ tails);
        int next = i + 8;
        while (candidates != 0) {
          int c = i + (Long.numberOfTrailingZeros(candidates) >>> 3);
          candidates &= candidates - 1;
          if (bytes[c] == head && bytes[c + m - 1] == tail && Arrays.equals(bytes, c + 1, c + m - 1, p, 1, m - 1)) {
            while (offsets[row + 1] <= c) {
              row++;
            }
            if (c + m <= offsets[row + 1]) {
              dst[at + row - from] = !flip;
              next = offsets[row + 1]; // on to the next value
              break;
            }
          }
        }
        i = next;
      }
      for (int last = stop - m; i <= last; i++) {
        if (bytes[i] == head && bytes[i + m - 1] == tail && Arrays.equals(bytes, i + 1, i + m - 1, p, 1, m - 1)) {
          while (offsets[row + 1] <= i) {
            row++;
          }
          if (i + m <= offsets[row + 1]) {
            dst[at + row - from] = !flip;
            i = offsets[row + 1] - 1;
          }
        }
      }
    }

    private static final long ONES = 0x0101010101010101L;

    /**
     * The high bit of every zero byte of {@code x} set (and possibly of a byte above a zero byte,
     * through the borrow; the caller checks each candidate).
     */
    private static long zeroBytes(long x) {
      return (x - ONES) & ~x & 0x8080808080808080L;
    }

    @Override
    public boolean keep(Binary value) {
      if (value == null) {
        return false;
      }
      byte[] b = value.getBytesUnsafe();
      return test(b, 0, value.length());
    }

    @Override
    public boolean acceptsNullValue() {
      return false;
    }

    @Override
    public boolean canDrop(Statistics<Binary> statistics) {
      if (kind != Kind.STARTS_WITH || statistics.getMin() == null || statistics.getMax() == null) {
        return false;
      }
      // Every kept value lies between the prefix and the prefix followed by 0xFF bytes: drop when max
      // is below the prefix, or min's first bytes are above it.
      byte[] max = statistics.getMax().getBytes();
      byte[] min = statistics.getMin().getBytes();
      int k = Math.min(min.length, part.length);
      return Arrays.compareUnsigned(max, 0, max.length, part, 0, part.length) < 0
          || Arrays.compareUnsigned(min, 0, k, part, 0, k) > 0;
    }

    @Override
    public boolean inverseCanDrop(Statistics<Binary> statistics) {
      return false;
    }

    @Override
    public String toString() {
      return kind.name().toLowerCase(java.util.Locale.ROOT) + "(" + new String(part, StandardCharsets.UTF_8) + ")";
    }
  }
}
