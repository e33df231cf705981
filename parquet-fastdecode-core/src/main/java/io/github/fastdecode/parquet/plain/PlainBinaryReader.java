package io.github.fastdecode.parquet.plain;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.PageBytes;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.io.api.Binary;

/**
 * PLAIN BYTE_ARRAY: each value is a 4-byte little-endian length and that many bytes. Bulk reads
 * copy values into a {@link BinaryBatch} after one capacity check per call; skips walk the lengths
 * without copying.
 */
public final class PlainBinaryReader extends BatchValuesReader {
  private static final String ENCODING = "PLAIN BYTE_ARRAY";

  private final PageBytes page = new PageBytes();
  private byte[] data;
  private int pos;
  private int end;
  /** Where each value of a bulk read starts; grows with the largest batch. */
  private int[] starts = new int[64];

  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    page.takeAll(in);
    data = page.array;
    pos = page.start;
    end = page.start + page.length;
  }

  /** Length of the value at {@link #pos}, validated against the page; does not move. */
  private int lengthAt(int at, int index, int count) {
    if (end - at < 4) {
      if (at == end) {
        throw new ValuesDecodingException(ENCODING, at - page.start,
            "cannot read " + count + " values: the page ended after " + index);
      }
      throw new ValuesDecodingException(ENCODING, at - page.start,
          "truncated length prefix: " + (end - at) + " of 4 bytes left");
    }
    int length = LittleEndian.getInt(data, at);
    if (length < 0 || length > end - at - 4) {
      throw new ValuesDecodingException(ENCODING, at - page.start,
          "value length " + Integer.toUnsignedString(length) + " exceeds the " + (end - at - 4) + " bytes left in the page");
    }
    return length;
  }

  @Override
  public Binary readBytes() {
    int length = lengthAt(pos, 0, 1);
    int start = pos + 4;
    pos = start + length;
    // A value over the caller's own page bytes is kept as a view, as parquet-java does; over our
    // scratch copy (direct or multi-buffer input) it must be copied, since the next page reuses it.
    return page.scratch
        ? Binary.fromConstantByteArray(Arrays.copyOfRange(data, start, start + length))
        : Binary.fromConstantByteArray(data, start, length);
  }

  @Override
  public void readBinaries(BinaryBatch dst, int count) {
    checkCount(count);
    // Validate the whole batch before touching dst, so a corrupt value leaves it unchanged.
    // The walk from length to length is a chain of dependent loads; it runs once, recording where
    // each value starts, and the copies then run free of it.
    int[] s = starts;
    if (s.length < count) {
      s = starts = new int[Math.max(count, 2 * s.length)];
    }
    int p = pos;
    long bytes = 0;
    for (int i = 0; i < count; i++) {
      int length = lengthAt(p, i, count);
      bytes += length;
      s[i] = p + 4;
      p += 4 + length;
    }
    dst.appendLengthPrefixed(data, s, count, bytes);
    pos = p;
  }

  @Override
  public void skip() {
    skip(1);
  }

  @Override
  public void skip(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative skip " + n);
    }
    int p = pos;
    for (int i = 0; i < n; i++) {
      p += 4 + lengthAt(p, i, n);
    }
    pos = p;
  }
}
