package io.github.fastdecode.parquet.bytestreamsplit;

/** BYTE_STREAM_SPLIT DOUBLE, bit for bit. */
final class ByteStreamSplitDoubleReader extends ByteStreamSplitReader {
  /** Transpose scratch, made on first use. */
  private long[][] rows;

  ByteStreamSplitDoubleReader() {
    super("BYTE_STREAM_SPLIT DOUBLE", Double.BYTES);
  }

  private long[][] rows() {
    long[][] r = rows;
    return r != null ? r : (rows = ByteStreamSplitKernels.newRows());
  }

  @Override
  public double readDouble() {
    return Double.longBitsToDouble(ByteStreamSplitKernels.gatherLong(bytes, base + next(), count));
  }

  @Override
  public void readDoubles(double[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteStreamSplitKernels.gatherDoubles(bytes, base + at, count, rows(), dst, offset, n);
    index = at + n;
  }
}
