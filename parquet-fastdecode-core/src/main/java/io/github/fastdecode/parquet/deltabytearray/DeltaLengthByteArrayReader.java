package io.github.fastdecode.parquet.deltabytearray;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.delta.DeltaBinaryPackedReader;
import io.github.fastdecode.parquet.internal.PageBytes;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.io.api.Binary;

/**
 * DELTA_LENGTH_BYTE_ARRAY: all lengths (DELTA_BINARY_PACKED INT32), then all values back to back.
 * Lengths are decoded once per page; a bulk read is one copy of the batch's bytes plus its offsets,
 * and a skip sums lengths and moves once.
 *
 * <p>Lengths are checked at page start, but a bad one fails only when a read reaches it, so the
 * values before it read as parquet-java reads them.
 */
public final class DeltaLengthByteArrayReader extends BatchValuesReader {
  private final String encoding;
  private final PageBytes page = new PageBytes();
  private final DeltaBinaryPackedReader lengthsReader;

  private byte[] data;
  private int[] lengths = new int[0];
  private int count;
  /** Values before the first bad length (negative, or past the end of the data). */
  private int validCount;
  private int next;
  /** Index in {@link #data} of the next value's first byte. */
  private int pos;
  private int base;
  private int end;
  private boolean scratchBacked;

  public DeltaLengthByteArrayReader() {
    this("DELTA_LENGTH_BYTE_ARRAY");
  }

  DeltaLengthByteArrayReader(String encoding) {
    this.encoding = encoding;
    this.lengthsReader = DeltaBinaryPackedReader.forInt32Section(encoding + " lengths");
  }

  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    page.takeAll(in);
    scratchBacked = page.scratch;
    initFromBytes(page.array, page.start, page.length);
  }

  /** Starts on {@code bytes[offset, offset + length)}, used in place (DELTA_BYTE_ARRAY's suffixes). */
  void initFromBytes(byte[] bytes, int offset, int length, boolean scratch) {
    scratchBacked = scratch;
    initFromBytes(bytes, offset, length);
  }

  private void initFromBytes(byte[] bytes, int offset, int length) {
    data = bytes;
    base = offset;
    end = offset + length;
    int valuesAt = lengthsReader.initFromBytes(bytes, offset, length);
    count = lengthsReader.remaining();
    if (lengths.length < count) {
      lengths = new int[Math.max(count, lengths.length + (lengths.length >> 1))];
    }
    lengthsReader.readIntegers(lengths, 0, count);
    long p = valuesAt;
    int i = 0;
    for (; i < count; i++) {
      int l = lengths[i];
      if (l < 0 || l > end - p) {
        break;
      }
      p += l;
    }
    validCount = i;
    next = 0;
    pos = valuesAt;
  }

  /** Values left in the page. */
  int remaining() {
    return count - next;
  }

  /** Length of value {@code next + k} (k < remaining). */
  int lengthAhead(int k) {
    return lengths[next + k];
  }

  /** Index in the page array of the next value's bytes. */
  int position() {
    return pos;
  }

  byte[] data() {
    return data;
  }

  /** Throws unless {@code n} more values are readable, naming the first bad length if that is the reason. */
  void need(int n) {
    if (n <= validCount - next) {
      return;
    }
    if (validCount < count && n > validCount - next) {
      long p = pos;
      for (int i = next; i < validCount; i++) {
        p += lengths[i];
      }
      int bad = lengths[validCount];
      throw new ValuesDecodingException(encoding, p - base, bad < 0
          ? "value " + validCount + " has negative length " + bad
          : "value " + validCount + " has length " + bad + " but only " + (end - p) + " bytes are left");
    }
    throw ValuesDecodingException.pastEnd(encoding, pos - base, n, count - next);
  }

  /** Moves over {@code n} values (already checked by {@link #need}) and returns their total length. */
  long advance(int n) {
    long total = 0;
    int stop = next + n;
    for (int i = next; i < stop; i++) {
      total += lengths[i];
    }
    pos += (int) total;
    next = stop;
    return total;
  }

  @Override
  public Binary readBytes() {
    need(1);
    int l = lengths[next];
    int at = pos;
    advance(1);
    return scratchBacked
        ? Binary.fromConstantByteArray(Arrays.copyOfRange(data, at, at + l))
        : Binary.fromConstantByteArray(data, at, l);
  }

  @Override
  public void readBinaries(BinaryBatch dst, int count) {
    checkCount(count);
    need(count);
    int first = next;
    int at = pos;
    long total = advance(count);
    dst.appendContiguous(data, at, lengths, first, count, total);
  }

  @Override
  public void skip() {
    skip(1);
  }

  @Override
  public void skip(int n) {
    checkCount(n);
    need(n);
    advance(n);
  }
}
