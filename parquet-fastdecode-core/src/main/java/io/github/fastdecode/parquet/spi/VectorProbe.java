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
package io.github.fastdecode.parquet.spi;

import io.github.fastdecode.parquet.internal.VectorByteStreamSplit;
import io.github.fastdecode.parquet.internal.VectorDeltaByteArray;
import io.github.fastdecode.parquet.internal.VectorSlotCopy;
import io.github.fastdecode.parquet.internal.VectorSupport;
import io.github.fastdecode.parquet.internal.bitpacking.VectorBitUnpacker;

/**
 * The one place {@link VectorSupport} touches the vector kernels, by reflection, so that a JVM
 * without {@code jdk.incubator.vector} never loads a class that needs it.
 *
 * <p>It lives here, above every package that has a vector kernel (bitpacking, bytestreamsplit,
 * deltabytearray, internal), so that no lower package imports a higher one: {@code VectorSupport}
 * at the bottom names this class only as a string ({@code VectorSupport.PROBE}).
 */
final class VectorProbe {
  private VectorProbe() {}

  static String describe() {
    return VectorBitUnpacker.describe() + "; " + VectorByteStreamSplit.describe() + "; " + VectorSlotCopy.describe() + "; "
        + VectorDeltaByteArray.describe();
  }

  /** Empty when every vector kernel matches its scalar twin; otherwise the first difference. */
  static String selfCheck() {
    for (String failed : new String[] {
        VectorBitUnpacker.selfCheck(), VectorBitUnpacker.selfCheckDeltas(), VectorBitUnpacker.selfCheckBits(),
        VectorByteStreamSplit.selfCheck(), VectorSlotCopy.selfCheck(), VectorDeltaByteArray.selfCheck()}) {
      if (!failed.isEmpty()) {
        return failed;
      }
    }
    return "";
  }
}
