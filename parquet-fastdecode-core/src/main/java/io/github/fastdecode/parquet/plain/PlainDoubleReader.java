package io.github.fastdecode.parquet.plain;

import java.nio.DoubleBuffer;

/** PLAIN DOUBLE: 8-byte little-endian IEEE 754 values, copied bit for bit. */
final class PlainDoubleReader extends PlainReader {
  private DoubleBuffer doubles = DoubleBuffer.allocate(0);

  PlainDoubleReader() {
    super("PLAIN DOUBLE", Double.BYTES);
  }

  @Override
  void onNewPage() {
    doubles = buf.asDoubleBuffer();
  }

  @Override
  public double readDouble() {
    return doubles.get(next());
  }

  @Override
  public void readDoubles(double[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    doubles.get(at, dst, offset, n);
    index = at + n;
  }
}
