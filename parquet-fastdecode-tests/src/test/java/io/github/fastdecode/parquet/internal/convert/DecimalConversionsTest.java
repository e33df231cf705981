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
package io.github.fastdecode.parquet.internal.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Big-endian DECIMAL bytes to long against {@code java.math.BigInteger}, widths 0 to 20, both sources. */
class DecimalConversionsTest {
  static final long SEED = 20261128L;

  @Test
  void matchesBigIntegerOrOverflowsWhereItDoes() {
    System.out.println("DecimalConversionsTest seed " + SEED);
    Random random = new Random(SEED);
    for (int i = 0; i < 200_000; i++) {
      int width = random.nextInt(21);
      byte[] value = new byte[width];
      random.nextBytes(value);
      if (width > 8 && random.nextBoolean()) {
        // Leading bytes that are only sign extension: fits.
        Arrays.fill(value, 0, width - 8, (byte) (value[width - 8] >> 7));
      }
      byte[] padded = new byte[width + 5];
      System.arraycopy(value, 0, padded, 3, width);
      ByteBuffer buf = ByteBuffer.wrap(padded).order(random.nextBoolean() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
      BigInteger want = width == 0 ? BigInteger.ZERO : new BigInteger(value);
      if (want.bitLength() <= 63) {
        assertEquals(want.longValueExact(), DecimalConversions.bigEndianToLong(padded, 3, width), Arrays.toString(value));
        assertEquals(want.longValueExact(), DecimalConversions.bigEndianToLong(buf, 3, width), Arrays.toString(value));
      } else {
        assertThrows(ArithmeticException.class, () -> DecimalConversions.bigEndianToLong(padded, 3, width), Arrays.toString(value));
        assertThrows(ArithmeticException.class, () -> DecimalConversions.bigEndianToLong(buf, 3, width), Arrays.toString(value));
      }
    }
  }
}
