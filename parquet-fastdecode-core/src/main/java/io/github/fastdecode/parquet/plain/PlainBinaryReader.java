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
 * copy values into a {@link BinaryBatch} with one capacity check per 256 values; skips walk the
 * lengths without copying.
 */
public final class PlainBinaryReader extends BatchValuesReader {
  private static final String ENCODING = "PLAIN BYTE_ARRAY";

  private final PageBytes page = new PageBytes();
  private byte[] data;
  private int pos;
  private int end;
  /** Values walked and copied at a time by a bulk read. */
  private static final int CHUNK = 256;
  /** Where each value of a bulk read's chunk starts, and 4 past the chunk's end. */
  private final int[] starts = new int[CHUNK + 1];

  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    page.takeAll(in);
    data = page.array;
    pos = page.start;
    end = page.start + page.length;
  }

  /**
   * Length of the value whose length prefix is at {@code at}, or -1 when it is not a whole value
   * within the page ({@link #bad} says why). Does not throw, so the bulk read can undo its
   * appends first.
   */
  private int lengthAt(int at) {
    if (end - at < 4) {
      return -1;
    }
    int length = LittleEndian.getInt(data, at);
    return length >= 0 && length <= end - at - 4 ? length : -1;
  }

  /** Why the value at {@code at}, the {@code index}th of {@code count} asked for, is not whole. */
  private ValuesDecodingException bad(int at, int index, int count) {
    if (end - at < 4) {
      if (at == end) {
        return new ValuesDecodingException(ENCODING, at - page.start,
            "cannot read " + count + " values: the page ended after " + index);
      }
      return new ValuesDecodingException(ENCODING, at - page.start,
          "truncated length prefix: " + (end - at) + " of 4 bytes left");
    }
    int length = LittleEndian.getInt(data, at);
    return new ValuesDecodingException(ENCODING, at - page.start,
        "value length " + Integer.toUnsignedString(length) + " exceeds the " + (end - at - 4) + " bytes left in the page");
  }

  @Override
  public Binary readBytes() {
    int length = lengthAt(pos);
    if (length < 0) {
      throw bad(pos, 0, 1);
    }
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
    // A chunk at a time: walk the lengths, recording where each value starts, then copy. The walk
    // is a chain of dependent loads, which the copies then run free of; and a chunk's bytes are
    // still in cache for its copies, where walking a whole page first would read a page of long
    // values from memory twice. A corrupt value undoes the chunks already appended, so it leaves
    // dst as it was.
    int[] s = starts;
    int before = dst.size();
    int p = pos;
    for (int done = 0; done < count; ) {
      int c = Math.min(count - done, CHUNK);
      int bytes = 0;
      int bound = 0;
      for (int i = 0; i < c; i++) {
        int length = lengthAt(p);
        if (length < 0) {
          dst.truncate(before);
          throw bad(p, done + i, count);
        }
        bytes += length;
        bound |= length;
        s[i] = p + 4;
        p += 4 + length;
      }
      s[c] = p + 4;
      dst.appendLengthPrefixed(data, s, c, bytes, bound);
      done += c;
    }
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
      int length = lengthAt(p);
      if (length < 0) {
        throw bad(p, i, n);
      }
      p += 4 + length;
    }
    pos = p;
  }
}
