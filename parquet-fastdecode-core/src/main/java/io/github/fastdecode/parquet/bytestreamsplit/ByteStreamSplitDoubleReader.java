package io.github.fastdecode.parquet.bytestreamsplit;

/** BYTE_STREAM_SPLIT DOUBLE, bit for bit. */
final class ByteStreamSplitDoubleReader extends ByteStreamSplitReader {
  ByteStreamSplitDoubleReader() {
    super("BYTE_STREAM_SPLIT DOUBLE", Double.BYTES);
  }

  @Override
  public double readDouble() {
    return Double.longBitsToDouble(ByteStreamSplitKernels.gatherLong(bytes, base + next(), count));
  }

  @Override
  public void readDoubles(double[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteStreamSplitKernels.gatherDoubles(bytes, base + at, count, dst, offset, n);
    index = at + n;
  }
}
