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
package io.github.fastdecode.parquet;

import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.PageLease;
import io.github.fastdecode.parquet.internal.VectorSlotCopy;
import io.github.fastdecode.parquet.internal.VectorSupport;
import io.github.fastdecode.parquet.internal.convert.UnsignedLongs;
import java.util.Arrays;
import org.apache.parquet.io.api.Binary;

/**
 * A reusable batch of byte-array values: one contiguous {@code byte[]} holding the values back to
 * back, and an {@code int[]} of offsets where value {@code i} is {@code bytes[offset(i) ..
 * offset(i + 1))}. Both arrays grow as needed and are kept across {@link #clear()}, so a reader
 * that reuses one batch allocates nothing in steady state.
 *
 * <p>The arrays are exposed for speed ({@link #bytes()}, {@link #offsets()}); they may be replaced
 * when the batch grows, so fetch them again after every read.
 *
 * <p>Borrowing (opt-in). By default every read copies the values' bytes into the batch's own array. After {@link
 * #setBorrowing setBorrowing(true)}, a reader whose page already holds the values back to back
 * (DELTA_LENGTH_BYTE_ARRAY) may instead lend its page: {@link #bytes()} is then the page's array
 * and {@code offsets()[0]} is where the first value starts in it, not 0. Reads that continue where
 * the borrowed values end (same reader, same page, no skip or scalar read between) extend the
 * borrow. Anything else that adds values (a read from another page or reader, {@link #add}, {@link
 * #reserve}, a reader that copies) first copies the borrowed values into the batch's own array, so
 * the lender's page is never written. Other encodings copy as usual.
 *
 * <p>Borrowed bytes are valid only until the lending reader is initialised on another page, which
 * may overwrite them. From then on every accessor that would expose or copy them throws {@link
 * IllegalStateException} (a wrong value is never returned): {@link #clear()} the batch before
 * moving the reader on, or {@link #copyBorrowed()} to keep the values. A heap page is lent as is,
 * so its buffer must also stay untouched while the batch holds its values.
 */
public final class BinaryBatch {
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

  /** The batch's own storage; holds the values unless they are borrowed. */
  private byte[] bytes;
  private int[] offsets;
  private int size;
  private boolean borrowing;
  /** The lender's page array while the values are borrowed, else null (then offsets[0] == 0). */
  private byte[] borrowed;
  private PageLease lender;
  private int lenderGeneration;

  public BinaryBatch() {
    this(64, 1024);
  }

  public BinaryBatch(int valueCapacity, int byteCapacity) {
    this.bytes = new byte[Math.max(byteCapacity, 16)];
    this.offsets = new int[Math.max(valueCapacity, 1) + 1];
  }

  /**
   * Lets readers lend their page's bytes to this batch instead of copying them (see the class
   * comment). Off by default. Turning it off does not copy values already borrowed.
   */
  public void setBorrowing(boolean borrowing) {
    this.borrowing = borrowing;
  }

  /** Whether readers may lend their page's bytes to this batch ({@link #setBorrowing}). */
  public boolean isBorrowing() {
    return borrowing;
  }

  /** True while the values live in a reader's page: {@link #bytes()} is that page's array. */
  public boolean holdsBorrowedValues() {
    return borrowed != null;
  }

  /**
   * Copies borrowed values into the batch's own array (offsets rebased to start at 0), so they stay
   * valid after the lending reader moves on; nothing to do when no value is borrowed.
   *
   * @throws IllegalStateException if the lender has already moved to another page
   */
  public void copyBorrowed() {
    byte[] src = borrowed;
    if (src == null) {
      return;
    }
    checkLender();
    int[] o = offsets;
    int n = size;
    int start = o[0];
    int length = o[n] - start;
    if (length > bytes.length) {
      // The own array holds nothing worth keeping while the values are borrowed.
      bytes = new byte[(int) Math.min(MAX_ARRAY, Math.max(length, 2L * bytes.length))];
    }
    System.arraycopy(src, start, bytes, 0, length);
    for (int i = 0; i <= n; i++) {
      o[i] -= start;
    }
    endBorrow();
  }

  private void endBorrow() {
    borrowed = null;
    lender = null;
  }

  /** Throws unless the borrowed bytes are still the lender's current page. */
  private void checkLender() {
    if (lender.generation() != lenderGeneration) {
      throw new IllegalStateException("this BinaryBatch's " + size + " values were borrowed from a reader's page, and the"
          + " reader has since been initialised on another page, which may have overwritten them: clear() the batch,"
          + " or copy the values (copyBorrowed(), toByteArray()), before moving the reader to another page");
    }
  }

  /** Forgets the values, keeping the storage; a borrowed page is let go. */
  public void clear() {
    size = 0;
    offsets[0] = 0;
    endBorrow();
  }

  /** Number of values in the batch. */
  public int size() {
    return size;
  }

  /** Total bytes of all values. */
  public int byteSize() {
    if (borrowed != null) {
      checkLender();
    }
    return offsets[size] - offsets[0];
  }

  /** Where value {@code index} starts in {@link #bytes()}. */
  public int offset(int index) {
    if (borrowed != null) {
      checkLender();
    }
    return offsets[index];
  }

  public int length(int index) {
    if (borrowed != null) {
      checkLender();
    }
    return offsets[index + 1] - offsets[index];
  }

  /**
   * The array holding the values, from {@code offsets()[0]} to {@code offsets()[size()]}: the batch's
   * own, or a reader's page while values are borrowed (then never write to it).
   */
  public byte[] bytes() {
    byte[] b = borrowed;
    if (b == null) {
      return bytes;
    }
    checkLender();
    return b;
  }

  /**
   * The offsets: {@code size() + 1} entries are valid, value {@code i} is {@code bytes()[offsets[i] ..
   * offsets[i + 1])}. The first entry is 0 for values in the batch's own array, but where the first
   * value starts in the lender's page while values are borrowed: use {@code offsets[0]} rather than 0.
   */
  public int[] offsets() {
    if (borrowed != null) {
      checkLender();
    }
    return offsets;
  }

  /** A copy of value {@code index}. */
  public byte[] toByteArray(int index) {
    byte[] b = bytes();
    return Arrays.copyOfRange(b, offsets[index], offsets[index + 1]);
  }

  /** Value {@code index} as a parquet-java {@link Binary} (a copy, safe to keep). */
  public Binary toBinary(int index) {
    return Binary.fromConstantByteArray(toByteArray(index));
  }

  /** Appends one value. */
  public void add(byte[] src, int srcOffset, int length) {
    reserve(1, length);
    int start = offsets[size];
    System.arraycopy(src, srcOffset, bytes, start, length);
    offsets[++size] = start + length;
  }

  /**
   * Makes room for {@code moreValues} values totalling {@code moreBytes} bytes without further
   * growth, copying borrowed values into the batch's own array first. Readers call it once per
   * batch, then use {@link #appendUnchecked} or write into {@link #bytes()} and {@link #commit}.
   */
  public void reserve(int moreValues, long moreBytes) {
    if (borrowed != null) {
      copyBorrowed();
    }
    int used = offsets[size];
    long needBytes = used + moreBytes;
    if (needBytes > MAX_ARRAY) {
      throw tooLarge(needBytes, (long) size + moreValues + 1);
    }
    reserveOffsets(moreValues);
    if (needBytes > bytes.length) {
      bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_ARRAY, Math.max(needBytes, 2L * bytes.length)));
    }
  }

  /** Makes room for {@code moreValues} more offsets. */
  private void reserveOffsets(int moreValues) {
    long needValues = (long) size + moreValues + 1;
    if (needValues > MAX_ARRAY) {
      throw tooLarge(offsets[size], needValues);
    }
    if (needValues > offsets.length) {
      offsets = Arrays.copyOf(offsets, (int) Math.min(MAX_ARRAY, Math.max(needValues, 2L * offsets.length)));
    }
  }

  private static IllegalStateException tooLarge(long bytes, long values) {
    return new IllegalStateException("binary batch would exceed 2 GiB: " + bytes + " bytes, " + values + " values");
  }

  /** Appends a value whose room was made by {@link #reserve}. */
  public void appendUnchecked(byte[] src, int srcOffset, int length) {
    int start = offsets[size];
    System.arraycopy(src, srcOffset, bytes, start, length);
    offsets[++size] = start + length;
  }

  /**
   * Values of at most this many bytes are copied by {@link #copyValue}, which stores SHORT bytes
   * whatever the length: the appends that use it reserve SHORT bytes of slack past their values.
   * 32 rather than 16 so that the branch stays predictable for strings of mixed short lengths.
   */
  private static final int SHORT = 32;

  /**
   * Copies a value of {@code length} bytes. One of at most {@link #SHORT} bytes whose source has
   * SHORT bytes before {@code wordsEnd} is copied as SHORT bytes, cheaper than a copy of its own
   * length; the bytes stored past it are overwritten by the next value or left in the slack.
   *
   * <p>The SHORT-byte copy is one 256-bit vector load and store with the Vector API kernels on
   * JDK 21 or later, else a constant-length arraycopy. Not four VarHandle word loads and stores:
   * whether the JIT inlines the JDK's unaligned access under a byte-array view VarHandle depends on
   * that shared method's profile, and in some JVM runs it does not, which made this copy two to
   * three times slower in those runs (seen as bimodal PLAIN BYTE_ARRAY benchmarks). The vector
   * path has no such step; on JDK 17 its intrinsics failed in one run of eight, so JDK 17 takes
   * the arraycopy.
   */
  private static void copyValue(byte[] src, int from, int length, int wordsEnd, byte[] dst, int at) {
    if (length > SHORT || from > wordsEnd) {
      System.arraycopy(src, from, dst, at, length);
    } else if (VECTOR_COPIES && VectorSupport.on()) {
      VectorSlotCopy.copy32(src, from, dst, at);
    } else {
      System.arraycopy(src, from, dst, at, SHORT);
    }
  }

  /** Whether {@link #copyValue} copies short values with a vector; see there. */
  private static final boolean VECTOR_COPIES = VectorSupport.allowed() && Runtime.version().feature() >= 21;

  /**
   * The widest fixed copy {@link #appendLengthPrefixed} makes of a value (with the vector kernels):
   * the slack it reserves past the values.
   */
  private static final int WIDE = 256;

  /**
   * Appends {@code count} values stored as PLAIN BYTE_ARRAY stores them (a 4-byte little-endian
   * length, then the bytes): value {@code i} is {@code src[starts[i] .. starts[i + 1] - 4)}, so
   * {@code starts[count]} is 4 past the last value's end, where the next value would start. The
   * caller has checked each value lies within {@code src}; {@code totalBytes} is their sum and no
   * length exceeds {@code lengthBound} (the OR of the lengths will do).
   *
   * <p>Knowing every start up front, no copy waits for the one before it. When the bound and the
   * source allow, every value is copied as the same fixed width, with no branch per value: 32
   * bytes, or with the vector kernels 32, 128 or 256 bytes (one to eight 256-bit loads and stores),
   * the bytes past each value overwritten by the next or left in the slack. Longer values, and
   * values too close to the end of {@code src} for the fixed width, take one arraycopy each.
   */
  public void appendLengthPrefixed(byte[] src, int[] starts, int count, long totalBytes, int lengthBound) {
    reserve(count, totalBytes + WIDE);
    byte[] b = bytes;
    int[] o = offsets;
    int n = size;
    int pos = o[n];
    boolean vector = VECTOR_COPIES && VectorSupport.on();
    int width = lengthBound <= SHORT ? SHORT : 0;
    if (vector && width == 0 && lengthBound <= WIDE) {
      width = lengthBound <= 128 ? 128 : WIDE;
    }
    if (count == 0) {
      return;
    }
    if (width != 0 && starts[count - 1] <= src.length - width) {
      if (vector) {
        pos = VectorSlotCopy.copySpaced(src, starts, count, width, b, pos, o, n);
      } else {
        int start = starts[0];
        for (int i = 1; i <= count; i++) {
          int next = starts[i];
          System.arraycopy(src, start, b, pos, SHORT);
          pos += next - start - 4;
          o[n + i] = pos;
          start = next;
        }
      }
    } else {
      int start = starts[0];
      for (int i = 1; i <= count; i++) {
        int next = starts[i];
        int length = next - start - 4;
        System.arraycopy(src, start, b, pos, length);
        pos += length;
        o[n + i] = pos;
        start = next;
      }
    }
    size = n + count;
  }

  /**
   * Keeps, of the values from index {@code first} on, those at {@code first + positions[j]} for
   * {@code j < count} (ascending), moved to {@code first + j}; the others are dropped. A filtered
   * read that decoded a stretch of values keeps the ones of the rows that matched.
   *
   * @throws IllegalArgumentException unless the positions ascend within the batch
   */
  public void keep(int first, int[] positions, int count) {
    if (first < 0 || first > size || count < 0 || count > size - first) {
      throw new IllegalArgumentException("cannot keep " + count + " values from " + first + " of " + size);
    }
    copyBorrowed();
    int[] o = offsets;
    byte[] b = bytes;
    int write = o[first];
    int last = -1;
    for (int j = 0; j < count; j++) {
      int p = positions[j];
      if (p <= last || p >= size - first) {
        throw new IllegalArgumentException("position " + p + " after " + last + " among " + (size - first) + " values");
      }
      last = p;
      int src = first + p;
      int start = o[src];
      int length = o[src + 1] - start;
      if (start != write) {
        System.arraycopy(b, start, b, write, length);
      }
      write += length;
      o[first + j + 1] = write;
    }
    size = first + count;
  }

  /**
   * Drops every value from index {@code size} on (a reader undoing a read that failed part way).
   *
   * @throws IllegalArgumentException unless {@code 0 <= size <= size()}
   */
  public void truncate(int size) {
    if (size < 0 || size > this.size) {
      throw new IllegalArgumentException("cannot truncate a batch of " + this.size + " values to " + size);
    }
    this.size = size;
  }

  /**
   * Appends {@code count} entries of a table of values: entry {@code ids[idsOffset + i]} is {@code
   * src[srcOffsets[id] .. srcOffsets[id + 1])} (a dictionary's entries in one array). The ids must
   * be valid; {@code totalBytes} is their summed length or more.
   */
  public void appendGathered(byte[] src, int[] srcOffsets, int[] ids, int idsOffset, int count, long totalBytes) {
    reserve(count, totalBytes + SHORT);
    byte[] b = bytes;
    int[] o = offsets;
    int n = size;
    int pos = o[n];
    int wordsEnd = src.length - SHORT;
    for (int i = 0; i < count; i++) {
      int id = ids[idsOffset + i];
      int from = srcOffsets[id];
      int length = srcOffsets[id + 1] - from;
      copyValue(src, from, length, wordsEnd, b, pos);
      pos += length;
      o[++n] = pos;
    }
    size = n;
  }

  /**
   * Appends {@code count} entries of a table kept in fixed slots: entry {@code e} is the first
   * {@code lengths[e]} bytes of the {@code 1 << shift} bytes at {@code slots[e << shift]} ({@code
   * shift} 3, 4 or 5, no length above the slot; a dictionary's short entries). Each value is copied
   * as its whole slot, with no branch on its length: one to four 8-byte words, or one vector with
   * the Vector API kernels; the bytes past a value are overwritten by the next one or left in the
   * slack. The ids {@code ids[idsOffset .. idsOffset + count)} must be valid entries.
   */
  public void appendSlots(byte[] slots, int shift, int[] lengths, int[] ids, int idsOffset, int count) {
    reserve(count, ((long) count << shift) + SHORT);
    byte[] b = bytes;
    int[] o = offsets;
    int n = size;
    int pos = o[n];
    int end = idsOffset + count;
    if (shift >= 4 && VectorSupport.on()) {
      pos = VectorSlotCopy.copySlots(slots, shift, lengths, ids, idsOffset, end, b, pos, o, n);
    } else if (shift == 3) {
      for (int i = idsOffset; i < end; i++) {
        int id = ids[i];
        LittleEndian.putLong(b, pos, LittleEndian.getLong(slots, id << 3));
        pos += lengths[id];
        o[++n] = pos;
      }
    } else if (shift == 4) {
      for (int i = idsOffset; i < end; i++) {
        int id = ids[i];
        int from = id << 4;
        long w0 = LittleEndian.getLong(slots, from);
        long w1 = LittleEndian.getLong(slots, from + 8);
        LittleEndian.putLong(b, pos, w0);
        LittleEndian.putLong(b, pos + 8, w1);
        pos += lengths[id];
        o[++n] = pos;
      }
    } else {
      for (int i = idsOffset; i < end; i++) {
        int id = ids[i];
        int from = id << 5;
        long w0 = LittleEndian.getLong(slots, from);
        long w1 = LittleEndian.getLong(slots, from + 8);
        long w2 = LittleEndian.getLong(slots, from + 16);
        long w3 = LittleEndian.getLong(slots, from + 24);
        LittleEndian.putLong(b, pos, w0);
        LittleEndian.putLong(b, pos + 8, w1);
        LittleEndian.putLong(b, pos + 16, w2);
        LittleEndian.putLong(b, pos + 24, w3);
        pos += lengths[id];
        o[++n] = pos;
      }
    }
    size += count;
  }

  /**
   * Appends {@code count} values stored back to back at {@code src[srcPos..]} with the given lengths,
   * copying their bytes in one go.
   */
  public void appendContiguous(byte[] src, int srcPos, int[] lengths, int lengthsOffset, int count, long totalBytes) {
    reserve(count, totalBytes);
    int start = offsets[size];
    System.arraycopy(src, srcPos, bytes, start, (int) totalBytes);
    appendEnds(start, lengths, lengthsOffset, count);
  }

  /**
   * As {@link #appendContiguous}, for a reader lending its page {@code page} (which holds the values
   * back to back) under {@code lease}: a borrowing batch that is empty, or whose borrowed values
   * from the same lease and page end at {@code pagePos}, takes the values as a view of the page
   * without copying them; any other batch copies them.
   */
  public void appendOrBorrowContiguous(PageLease lease, byte[] page, int pagePos, int[] lengths, int lengthsOffset,
      int count, long totalBytes) {
    if (borrowing) {
      if (count == 0) {
        return; // nothing to append, and a borrow stays as it is
      }
      if (size == 0) {
        reserveOffsets(count);
        borrowed = page;
        lender = lease;
        lenderGeneration = lease.generation();
        offsets[0] = pagePos;
        appendEnds(pagePos, lengths, lengthsOffset, count);
        return;
      }
      if (borrowed == page && lender == lease && lenderGeneration == lease.generation() && offsets[size] == pagePos) {
        reserveOffsets(count);
        appendEnds(pagePos, lengths, lengthsOffset, count);
        return;
      }
    }
    appendContiguous(page, pagePos, lengths, lengthsOffset, count, totalBytes);
  }

  /** Records {@code count} values of the given lengths stored from {@code start} on (offsets reserved). */
  private void appendEnds(int start, int[] lengths, int lengthsOffset, int count) {
    int[] o = offsets;
    int at = size + 1 - lengthsOffset;
    int end = start;
    for (int i = lengthsOffset, e = lengthsOffset + count; i < e; i++) {
      end += lengths[i];
      o[at + i] = end;
    }
    size += count;
  }

  /**
   * Records that a reader wrote a value of {@code length} bytes at {@link #byteSize()} directly into
   * {@link #bytes()} (room made by {@link #reserve}).
   */
  public void commit(int length) {
    offsets[size + 1] = offsets[size] + length;
    size++;
  }

  /**
   * Records {@code count} values a reader wrote itself: their bytes into {@link #bytes()} from
   * {@link #byteSize()} on, their end offsets into {@code offsets()[size() + 1 .. size() + count]}
   * (room made by {@link #reserve}). For loops that keep the batch's state in locals.
   */
  public void commitValues(int count) {
    size += count;
  }

  /**
   * Appends {@code count} unsigned longs as minimal big-endian two's-complement bytes (as {@code
   * BigInteger.toByteArray()} would give). Needs {@link UnsignedLongs#MAX_BIG_ENDIAN_LENGTH} bytes
   * per value reserved.
   */
  void appendUnsignedLongsBigEndian(long[] values, int count) {
    int end = UnsignedLongs.writeBigEndian(values, 0, count, bytes, offsets[size], offsets, size + 1);
    size += count;
    assert offsets[size] == end;
  }
}
