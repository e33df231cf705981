package io.github.fastdecode.parquet.internal;

import io.github.fastdecode.parquet.bitpacking.VectorBitUnpacker;
import io.github.fastdecode.parquet.bytestreamsplit.VectorByteStreamSplit;
import io.github.fastdecode.parquet.deltabytearray.VectorDeltaByteArray;

/**
 * The one place {@link VectorSupport} touches the vector kernels, by reflection, so that a JVM
 * without {@code jdk.incubator.vector} never loads a class that needs it.
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
