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
package io.github.fastdecode.parquet.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.util.Arrays;

/**
 * Writes a fuzzer input that a target reads back as chosen: Jazzer's {@code FuzzedDataProvider}
 * takes byte arrays from the front of the input and integers from the back, one byte for a range
 * of up to 256 values ({@code min + byte % range}), two bytes (high byte last) up to 65,536. Calls
 * here go in the order the target consumes; {@link FuzzSeedsTest} checks the round trip through
 * Jazzer's own provider.
 */
public final class FuzzSeed {
  private final ByteArrayOutputStream front = new ByteArrayOutputStream();
  /** Integer bytes in the order they are consumed (the input ends with them reversed). */
  private final ByteArrayOutputStream back = new ByteArrayOutputStream();

  /** A choice in a range of at most 256 values, as its offset from the range's minimum. */
  FuzzSeed pick(int offset) {
    if (offset < 0 || offset > 255) {
      throw new IllegalArgumentException("one-byte pick " + offset);
    }
    back.write(offset);
    return this;
  }

  /** A choice in a range of 257..65,536 values, as its offset from the range's minimum. */
  FuzzSeed u16(int offset) {
    if (offset < 0 || offset > 0xFFFF) {
      throw new IllegalArgumentException("two-byte pick " + offset);
    }
    back.write(offset >>> 8);
    back.write(offset & 0xFF);
    return this;
  }

  /**
   * A {@link FuzzCheck.Plan}: exact value count, input kind, then the calls as (index in the
   * target's vocabulary, count byte) pairs.
   */
  FuzzSeed plan(int valueCount, int inputKind, int... callsAndCounts) {
    pick(0).u16(valueCount).pick(inputKind).pick(callsAndCounts.length / 2);
    for (int c : callsAndCounts) {
      pick(c);
    }
    return this;
  }

  /** Bytes taken from the front ({@code consumeBytes}, or the rest with {@code consumeRemainingAsBytes}). */
  FuzzSeed bytes(byte[] b) {
    front.write(b, 0, b.length);
    return this;
  }

  /**
   * A provider that reads {@code input} the way Jazzer's does for the calls the targets make
   * ({@code consumeInt}, {@code consumeBytes}, {@code consumeRemainingAsBytes}, {@code
   * remainingBytes}; others throw), so tests can take a seed apart outside a fuzzing run, where
   * Jazzer's own provider cannot be loaded. {@link FuzzSeedsTest} checks it against Jazzer's on the
   * layout seed.
   */
  public static FuzzedDataProvider replay(byte[] input) {
    int[] bounds = {0, input.length}; // front, back (exclusive)
    return (FuzzedDataProvider) Proxy.newProxyInstance(FuzzSeed.class.getClassLoader(), new Class<?>[] {FuzzedDataProvider.class},
        (proxy, method, args) -> {
          switch (method.getName()) {
            case "remainingBytes":
              return bounds[1] - bounds[0];
            case "consumeInt": {
              int min = (Integer) args[0];
              long range = (long) (Integer) args[1] - min;
              long result = 0;
              for (int shift = 0; shift < 64 && (range >>> shift) > 0 && bounds[1] > bounds[0]; shift += 8) {
                result = (result << 8) | (input[--bounds[1]] & 0xFF);
              }
              return (int) (min + Long.remainderUnsigned(result, range + 1));
            }
            case "consumeBytes": {
              int n = Math.min((Integer) args[0], bounds[1] - bounds[0]);
              bounds[0] += n;
              return Arrays.copyOfRange(input, bounds[0] - n, bounds[0]);
            }
            case "consumeRemainingAsBytes": {
              byte[] rest = Arrays.copyOfRange(input, bounds[0], bounds[1]);
              bounds[0] = bounds[1];
              return rest;
            }
            default:
              throw new UnsupportedOperationException(method.getName());
          }
        });
  }

  byte[] build() {
    byte[] f = front.toByteArray();
    byte[] b = back.toByteArray();
    byte[] all = new byte[f.length + b.length];
    System.arraycopy(f, 0, all, 0, f.length);
    for (int i = 0; i < b.length; i++) {
      all[all.length - 1 - i] = b[i];
    }
    return all;
  }
}
