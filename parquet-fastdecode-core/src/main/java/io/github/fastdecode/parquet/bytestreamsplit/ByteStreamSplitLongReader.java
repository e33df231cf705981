package io.github.fastdecode.parquet.bytestreamsplit;

import io.github.fastdecode.parquet.convert.TimeConversions;

/**
 * BYTE_STREAM_SPLIT INT64. Conversions gather into the caller's array and convert in place; unsigned
 * reads use the inherited chunked path over {@link #readLongs}.
 */
final class ByteStreamSplitLongReader extends ByteStreamSplitReader {
  /** Transpose scratch, made on first use. */
  private long[][] rows;

  ByteStreamSplitLongReader() {
    super("BYTE_STREAM_SPLIT INT64", Long.BYTES);
  }

  private long[][] rows() {
    long[][] r = rows;
    return r != null ? r : (rows = ByteStreamSplitKernels.newRows());
  }

  @Override
  public long readLong() {
    return ByteStreamSplitKernels.gatherLong(bytes, base + next(), count);
  }

  @Override
  public void readLongs(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteStreamSplitKernels.gatherLongs(bytes, base + at, count, rows(), dst, offset, n);
    index = at + n;
  }

  @Override
  public void readTimestampMillisAsMicros(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteStreamSplitKernels.gatherLongs(bytes, base + at, count, rows(), dst, offset, n);
    TimeConversions.millisToMicros(dst, offset, n);
    index = at + n;
  }

  @Override
  public void readTimestampNanosAsMicros(long[] dst, int offset, int n) {
    int at = checkBulk(dst.length, offset, n);
    ByteStreamSplitKernels.gatherLongs(bytes, base + at, count, rows(), dst, offset, n);
    TimeConversions.nanosToMicros(dst, offset, n);
    index = at + n;
  }
}
