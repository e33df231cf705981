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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/**
 * The row filter's batch-wide substring tests against {@code keep(Binary)}, the path parquet-java
 * takes value by value: patterns that straddle two values, that repeat, that sit at a value's
 * ends, bytes with the high bit set, empty values and empty batches.
 */
class StringPredicatesTest {
  private static final byte[] ALPHABET = {'a', 'b', 'c', (byte) 0x80, (byte) 0xFF, 0, 1};

  @Test
  void batchTestsAgreeWithKeepValueByValue() {
    Random random = new Random(20261129);
    int kept = 0;
    int dropped = 0;
    for (int round = 0; round < 3000; round++) {
      int alphabet = 2 + random.nextInt(ALPHABET.length - 1);
      int values = random.nextInt(60);
      int[] offsets = new int[values + 1];
      byte[] bytes = new byte[values * 40 + 16];
      int lead = random.nextInt(5); // values need not start at byte 0
      offsets[0] = lead;
      for (int v = 0; v < values; v++) {
        int length = random.nextInt(4) == 0 ? random.nextInt(3) : random.nextInt(40);
        for (int k = 0; k < length; k++) {
          bytes[offsets[v] + k] = ALPHABET[random.nextInt(alphabet)];
        }
        offsets[v + 1] = offsets[v] + length;
      }
      byte[] part = new byte[random.nextInt(13)];
      for (int k = 0; k < part.length; k++) {
        part[k] = ALPHABET[random.nextInt(alphabet)];
      }
      String text = new String(part, StandardCharsets.ISO_8859_1);
      StringPredicates.Substring[] tests = {
          new StringPredicates.Substring(StringPredicates.Kind.CONTAINS, part),
          new StringPredicates.Substring(StringPredicates.Kind.STARTS_WITH, part),
          new StringPredicates.Substring(StringPredicates.Kind.ENDS_WITH, part)};
      for (StringPredicates.Substring t : tests) {
        int from = values == 0 ? 0 : random.nextInt(values);
        int n = random.nextInt(values - from + 1);
        int at = random.nextInt(3);
        boolean flip = random.nextBoolean();
        boolean[] dst = new boolean[at + n + 2];
        dst[at + n] = true; // past the range: left alone
        t.testAll(bytes, offsets, from, n, dst, at, flip);
        for (int i = 0; i < n; i++) {
          int v = from + i;
          boolean expected = t.keep(Binary.fromConstantByteArray(bytes, offsets[v], offsets[v + 1] - offsets[v]));
          assertEquals(expected != flip, dst[at + i], () -> t + " (" + text.length() + " bytes) on value " + v);
          if (expected) {
            kept++;
          } else {
            dropped++;
          }
        }
        assertTrue(dst[at + n]);
      }
    }
    // Both outcomes occur often, so neither side of the comparison is trivially constant.
    assertTrue(kept > 5_000 && dropped > 5_000, kept + " kept, " + dropped + " dropped");
  }
}
