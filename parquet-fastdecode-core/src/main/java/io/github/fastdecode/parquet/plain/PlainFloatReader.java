package io.github.fastdecode.parquet.plain;

import java.nio.FloatBuffer;

/** PLAIN FLOAT: 4-byte little-endian IEEE 754 values, copied bit for bit. */
final class PlainFloatReader extends PlainReader {
  private FloatBuffer floats = FloatBuffer.allocate(0);

  PlainFloatReader() {
    super("PLAIN FLOAT", Float.BYTES);
  }

  @Override
  void onNewPage() {
    floats = buf.asFloatBuffer();
  }

  @Override
  public float readFloat() {
    return floats.get(next());
  }

  @Override
  public void readFloats(float[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    floats.get(at, dst, offset, n);
    index = at + n;
  }

  @Override
  public void readFloatsAsDoubles(double[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    FloatBuffer src = floats;
    for (int i = 0; i < n; i++) {
      dst[offset + i] = src.get(at + i);
    }
    index = at + n;
  }
}
