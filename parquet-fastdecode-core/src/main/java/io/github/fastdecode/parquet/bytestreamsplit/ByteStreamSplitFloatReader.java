package io.github.fastdecode.parquet.bytestreamsplit;

/** BYTE_STREAM_SPLIT FLOAT, bit for bit. */
final class ByteStreamSplitFloatReader extends ByteStreamSplitReader {
  private static final int CHUNK = 1024;
  private float[] chunk;

  ByteStreamSplitFloatReader() {
    super("BYTE_STREAM_SPLIT FLOAT", Float.BYTES);
  }

  @Override
  public float readFloat() {
    return Float.intBitsToFloat(ByteStreamSplitKernels.gatherInt(bytes, base + next(), count));
  }

  @Override
  public void readFloats(float[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteStreamSplitKernels.gatherFloats(bytes, base + at, count, dst, offset, n);
    index = at + n;
  }

  @Override
  public void readFloatsAsDoubles(double[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    float[] c = chunk;
    if (c == null) {
      c = chunk = new float[CHUNK];
    }
    for (int done = 0; done < n; done += CHUNK) {
      int m = Math.min(CHUNK, n - done);
      ByteStreamSplitKernels.gatherFloats(bytes, base + at + done, count, c, 0, m);
      int o = offset + done;
      for (int i = 0; i < m; i++) {
        dst[o + i] = c[i];
      }
    }
    index = at + n;
  }
}
