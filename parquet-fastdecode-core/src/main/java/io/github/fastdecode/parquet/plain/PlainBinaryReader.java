/*
 * Copyright 2026 The parquet-fastdecode Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
final class PlainBinaryReader extends BatchValuesReader {
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
    byte[] d = data;
    // The low two bytes only, on the path every value's position waits for; the high two are
    // checked beside it and are zero below 64 KiB.
    int length = (d[at] & 0xFF) | (d[at + 1] & 0xFF) << 8;
    if ((d[at + 2] | d[at + 3]) != 0) {
      length = intAt(d, at);
    }
    return length >= 0 && length <= end - at - 4 ? length : -1;
  }

  /**
   * The little-endian int at {@code d[at]}, from its four bytes. Not {@link LittleEndian#getInt}:
   * whether the JIT inlines the JDK's unaligned access under a byte-array view VarHandle depends on
   * a profile the whole JVM shares, and in some runs it does not, which made every length load here
   * a call (PLAIN skips at 6.4 ns per value instead of 2.2 in such a run on JDK 25).
   */
  private static int intAt(byte[] d, int at) {
    return (d[at] & 0xFF) | (d[at + 1] & 0xFF) << 8 | (d[at + 2] & 0xFF) << 16 | d[at + 3] << 24;
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
    int length = intAt(data, at);
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
    byte[] d = data;
    int[] s = starts;
    int before = dst.size();
    int p = pos;
    for (int done = 0; done < count; ) {
      int c = Math.min(count - done, CHUNK);
      int bytes = 0;
      int bound = 0;
      int previous = -1;
      for (int i = 0; i < c; ) {
        int length = lengthAt(p);
        if (length < 0) {
          dst.truncate(before);
          throw bad(p, done + i, count);
        }
        int stride = 4 + length;
        bytes += length;
        bound |= length;
        s[i++] = p + 4;
        p += stride;
        if (length == previous) {
          // A run of one length, as in skip(n): the guesses' places are known up front.
          int last = end - stride;
          while (i < c && p <= last && intAt(d, p) == length) {
            bytes += length;
            s[i++] = p + 4;
            p += stride;
          }
        }
        previous = length;
      }
      s[c] = p + 4;
      dst.appendLengthPrefixed(data, s, c, bytes, bound);
      done += c;
    }
    pos = p;
  }

  /** Walks every length, as {@link #skip(int)} does, and copies only the kept values. */
  @Override
  public void readBinariesAt(BinaryBatch dst, int count, int[] positions, int from, int to) {
    checkCount(count);
    byte[] d = data;
    int before = dst.size();
    int p = pos;
    int k = from;
    int next = k < to ? positions[k] : -1;
    for (int i = 0; i < count; i++) {
      int length = lengthAt(p);
      if (length < 0) {
        dst.truncate(before);
        throw bad(p, i, count);
      }
      if (i == next) {
        dst.add(d, p + 4, length);
        next = ++k < to ? positions[k] : -1;
      }
      p += 4 + length;
    }
    if (k < to) {
      dst.truncate(before);
      throw new IllegalArgumentException("positions must ascend below " + count + ": " + positions[k] + " is not");
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
    // Each length says where the next one is, a chain of dependent loads. After two values of one
    // length, guess that the next ones have it too and check the guesses: their places are known,
    // so the checks do not wait for one another, and a column of one length (codes, ids, hashes)
    // goes a run at a time. A guess that fails costs one compare; the walk then goes on as before.
    byte[] d = data;
    int p = pos;
    int previous = -1;
    for (int i = 0; i < n; ) {
      int length = lengthAt(p);
      if (length < 0) {
        throw bad(p, i, n);
      }
      int stride = 4 + length;
      p += stride;
      i++;
      if (length == previous) {
        // A guessed value at p must end within the page: p <= last.
        int last = end - stride;
        while (i < n && p <= last && intAt(d, p) == length) {
          p += stride;
          i++;
        }
      }
      previous = length;
    }
    pos = p;
  }
}
