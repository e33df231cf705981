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
package io.github.fastdecode.parquet.delta;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.PageBytes;
import io.github.fastdecode.parquet.internal.bitpacking.BitUnpacker;
import java.io.IOException;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;

/**
 * DELTA_BINARY_PACKED INT32 and INT64 pages, decoded lazily as values are asked for.
 *
 * <p>Layout: header (block size, miniblocks per block, total value count as ULEB128; first value as
 * zigzag ULEB128), then per block a zigzag min delta, one bit-width byte per miniblock and the
 * bit-packed miniblocks that hold values. Width bytes of miniblocks past the last value and the
 * padding bits of the last miniblock are ignored, as parquet-java ignores them.
 *
 * <p>{@code initFromPage} validates the whole structure once (every field, every used bit width,
 * every miniblock's bytes), so decoding never checks again and a corrupt page fails there with a
 * {@link ValuesDecodingException}; nothing is allocated from a header field. Values are then decoded
 * on demand: whole blocks, and runs of whole 8-value groups, go straight into the caller's array
 * (one generated kernel unpacks and prefix-sums each run of same-width miniblocks), the rest
 * through a small window owned by the reader. The running value lives in a field, never in the
 * caller's array. Skips sum the packed deltas without storing them.
 *
 * <p>INT32 arithmetic is done in {@code int}: it wraps modulo 2^32, which is what narrowing
 * parquet-java's 64-bit sums gives, for every bit width up to 64.
 *
 * <p>One driver serves both types and both directions: {@link #advance} reads values into the
 * caller's array or, given none, skips them, and {@link #blocks} walks whole blocks the same way.
 * The INT32 and INT64 readers supply the typed steps as hooks called once per run of values (a
 * miniblock, a run of same-width miniblocks, a window), never per value: {@link #unpackDeltas},
 * {@link #storeFirst}, {@link #windowValue}.
 */
public abstract class DeltaBinaryPackedReader extends BatchValuesReader {
  /** Values decoded ahead at most (a multiple of 32): bounds the scratch whatever the miniblock size. */
  static final int WINDOW = 256;
  /** Values per chunk of the widening INT32 reads: large, so chunk ends rarely split a miniblock. */
  static final int CHUNK = 4096;

  private static final int MAX_VARINT_BYTES = 10;

  final String encoding;
  private final PageBytes pageBytes = new PageBytes();

  /** The page: {@code buf[base, limit)}, encoded data ending at {@code end}. */
  byte[] buf;
  private int base;
  private int limit;
  private int end;
  int blockSize;
  int miniSize;
  int miniCount;

  /** Values the caller has not read or skipped yet. */
  int remaining;
  /** The header's first value has not been handed out yet (it is in {@link #last}). */
  boolean firstPending;
  /** The value before the next undecoded delta (the last value decoded). */
  long last;
  long minDelta;
  int width;
  /** First byte of the next undecoded group of the current miniblock. */
  int dataPos;
  /** Values of the current miniblock not decoded yet (padding excluded). */
  int miniLeft;
  /** Values in miniblocks after the current one. */
  int undecoded;
  private int widthPos;
  int minisLeftInBlock;
  /** Decoded values waiting in the window: {@code [windowPos, windowEnd)}. */
  int windowPos;
  int windowEnd;

  /** Parse cursor for the varint readers. */
  int at;
  /** See {@link #skippedSum}. */
  private long skippedSum;

  /** Whether only the low 32 bits of {@link #last} matter (an INT32 reader): skips may sum in 32 bits. */
  private final boolean lowBitsOnly;
  /** Values decoded ahead: the subclass's {@code int[]} or {@code long[]} of {@link #WINDOW} values. */
  private final Object window;

  DeltaBinaryPackedReader(String encoding, boolean lowBitsOnly, Object window) {
    this.encoding = encoding;
    this.lowBitsOnly = lowBitsOnly;
    this.window = window;
  }

  /** A reader for an INT32 or INT64 column, or {@code null} for other types. */
  public static BatchValuesReader forColumn(ColumnDescriptor column) {
    switch (column.getPrimitiveType().getPrimitiveTypeName()) {
      case INT32:
        return forInt32();
      case INT64:
        return forInt64();
      default:
        return null;
    }
  }

  /** A reader with INT32 semantics (also what DELTA_LENGTH_BYTE_ARRAY / DELTA_BYTE_ARRAY lengths use). */
  public static DeltaBinaryPackedReader forInt32() {
    return new Int32("DELTA_BINARY_PACKED INT32");
  }

  /**
   * An INT32 reader for the lengths section of another encoding: errors name {@code section}, e.g.
   * {@code "DELTA_LENGTH_BYTE_ARRAY lengths"}, followed by this encoding.
   */
  public static DeltaBinaryPackedReader forInt32Section(String section) {
    return new Int32(section + " (DELTA_BINARY_PACKED INT32)");
  }

  public static DeltaBinaryPackedReader forInt64() {
    return new Int64();
  }

  /**
   * Reads the values section from the stream and leaves the stream right after the
   * DELTA_BINARY_PACKED data (bytes after it belong to the caller): the rest of the stream is viewed
   * once (copied only if it is not one heap buffer), then the stream is reset and advanced by what
   * the data took. {@code valueCount} is not used: the page's header says how many values it holds,
   * as in parquet-java.
   */
  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    remaining = 0;
    in.mark(Integer.MAX_VALUE);
    pageBytes.takeAll(in);
    int stop = initFromBytes(pageBytes.array, pageBytes.start, pageBytes.length);
    in.reset();
    in.skipFully(stop - pageBytes.start);
  }

  /**
   * Starts decoding the DELTA_BINARY_PACKED data at {@code page[offset..offset + length)} (more bytes
   * may follow it) and returns the index in {@code page} just after that data. The array is used in
   * place and must not change while values are read.
   *
   * @throws ValuesDecodingException if the data is corrupt or truncated
   */
  public int initFromBytes(byte[] page, int offset, int length) {
    if (offset < 0 || length < 0 || offset > page.length - length) {
      throw new IndexOutOfBoundsException("range [" + offset + ", " + offset + " + " + length + ") outside array of length " + page.length);
    }
    remaining = 0;
    windowPos = windowEnd = 0;
    buf = page;
    base = offset;
    limit = offset + length;
    at = offset;
    int blockSize = readVarInt(FIELD_BLOCK_SIZE, 0);
    int miniBlocksAt = at;
    int miniBlocks = readVarInt(FIELD_MINIBLOCKS, 0);
    if (blockSize <= 0) {
      throw error(offset, "block size " + Integer.toUnsignedString(blockSize) + " is outside 1.." + Integer.MAX_VALUE);
    }
    if (miniBlocks <= 0) {
      throw error(miniBlocksAt, "miniblock count " + Integer.toUnsignedString(miniBlocks) + " is outside 1.." + Integer.MAX_VALUE);
    }
    if (blockSize % miniBlocks != 0 || (blockSize / miniBlocks) % 8 != 0) {
      throw error(offset, "block size " + blockSize + " / " + miniBlocks + " miniblocks is not a multiple of 8 values per miniblock");
    }
    int countAt = at;
    int total = readVarInt(FIELD_TOTAL, 0);
    if (total < 0) {
      throw error(countAt, "total value count " + Integer.toUnsignedString(total) + " is above " + Integer.MAX_VALUE);
    }
    // parquet-java reads the first value even when the page holds none.
    long first = zigzag(readVarLong(FIELD_FIRST, 0));
    this.blockSize = blockSize;
    miniSize = blockSize / miniBlocks;
    miniCount = miniBlocks;
    int headerEnd = at;
    end = walkBlocks(headerEnd, total);

    last = first;
    firstPending = total > 0;
    undecoded = Math.max(total - 1, 0);
    miniLeft = 0;
    minisLeftInBlock = 0;
    dataPos = headerEnd;
    width = 0;
    minDelta = 0;
    remaining = total;
    updateNextOffset(end - offset);
    return end;
  }

  /**
   * Checks every block the values need (min delta, the width bytes, each used miniblock's width and
   * bytes) and returns the index after the last used miniblock. Each block takes at least two bytes,
   * so a count the page cannot hold fails after a walk bounded by the page size. Cheap per block:
   * it runs on every page, so a block that fails the quick checks is re-examined for the message.
   */
  private int walkBlocks(int p, int total) {
    byte[] b = buf;
    int lim = limit;
    int mc = miniCount;
    int ms = miniSize;
    long unit = ms >>> 3;
    long left = Math.max(total - 1L, 0L);
    // The usual layout (parquet-java's: 4 miniblocks of 32) with one-byte min deltas, whole blocks:
    // a block whose four widths equal the last checked block's has as many data bytes, so the
    // next block's position follows without waiting for this block's bytes (a constant or evenly
    // spaced column's blocks are all alike; each block's position otherwise depends on loading
    // the previous block's widths).
    int sameWidths = 0;
    int sameBytes = 0;
    boolean fourMinis = mc == 4;
    for (int block = 0; left > 0; block++) {
      if (fourMinis && left >= blockSize && lim - p >= 5 && b[p] >= 0) {
        int ws = LittleEndian.getInt(b, p + 1);
        if (ws == sameWidths && sameBytes <= lim - p - 5) {
          p += 5 + sameBytes;
          left -= blockSize;
          continue;
        }
        // Each width at most 64: below 128, so adding 63 carries into no other byte, and then still below 128.
        if (((ws | ws + 0x3F3F3F3F) & 0x80808080) == 0) {
          long bytes = unit * ((ws & 0xFF) + (ws >>> 8 & 0xFF) + (ws >>> 16 & 0xFF) + (ws >>> 24));
          if (bytes <= lim - p - 5) {
            sameWidths = ws;
            sameBytes = (int) bytes;
            p += 5 + sameBytes;
            left -= blockSize;
            continue;
          }
        }
      }
      int stop = lim - p > MAX_VARINT_BYTES ? p + MAX_VARINT_BYTES : lim;
      int q = p;
      while (q < stop && b[q] < 0) {
        q++;
      }
      if (q < stop && lim - ++q >= mc) {
        int used = left >= blockSize ? mc : (int) ((left + ms - 1) / ms);
        long sum = 0;
        int max = 0;
        for (int i = 0; i < used; i++) {
          int w = b[q + i] & 0xFF;
          sum += w;
          max = Math.max(max, w);
        }
        int data = q + mc;
        if (max <= BitUnpacker.MAX_WIDTH && unit * sum <= lim - data) {
          p = data + (int) (unit * sum);
          left -= Math.min(left, blockSize);
          continue;
        }
      }
      throw blockError(p, block, left, total);
    }
    return p;
  }

  /** The precise reason block {@code block} at {@code p} failed {@link #walkBlocks}'s checks. */
  private ValuesDecodingException blockError(int p, int block, long left, int total) {
    at = p;
    readVarLong(FIELD_MIN_DELTA, block); // throws if the varint is the problem
    p = at;
    if (limit - p < miniCount) {
      return error(p, "block " + block + " is truncated: needs " + miniCount + " bit-width bytes, " + (limit - p) + " left");
    }
    int data = p + miniCount;
    for (int i = 0; i < miniCount && left > 0; i++) {
      int w = buf[p + i] & 0xFF;
      if (w > BitUnpacker.MAX_WIDTH) {
        return error(p + i, "bit width " + w + " of miniblock " + i + " in block " + block + " is above 64");
      }
      long bytes = (long) (miniSize >>> 3) * w;
      if (bytes > limit - data) {
        return error(data, "miniblock " + i + " of block " + block + " is truncated: needs " + bytes + " bytes, "
            + (limit - data) + " left (" + total + " values in the page)");
      }
      data += (int) bytes;
      left -= Math.min(miniSize, left);
    }
    throw new IllegalStateException("block " + block + " passed the precise checks after failing the quick ones");
  }

  /** Index just after the DELTA_BINARY_PACKED data of the current page. */
  public int endOffset() {
    return end;
  }

  /** Values left to read in the current page. */
  public int remaining() {
    return remaining;
  }

  /** Values per block of the current page (the header's first value comes before block 0). */
  public int blockSize() {
    return blockSize;
  }

  /**
   * Whether the next value starts a block with nothing of it decoded: the first value has been
   * handed out, nothing waits decoded, and no miniblock is part way through.
   */
  public final boolean atBlockBoundary() {
    return !firstPending && windowPos == windowEnd && miniLeft == 0 && minisLeftInBlock == 0;
  }

  /**
   * For the lengths of the byte-array encodings (INT32 sections only): skips whole blocks whose
   * miniblocks all have bit width 0, from a block boundary ({@link #atBlockBoundary}), and leaves the
   * sum of the values skipped in {@link #skippedSum}. Such a block's values step from the last value
   * by its min delta, so their sum is {@code b * last + minDelta * b * (b + 1) / 2} for a block of
   * {@code b}, with nothing decoded: fixed-length values give blocks of min delta 0, width 0.
   *
   * <p>Stops before a block that has another width, whose values would leave {@code 0 ..
   * Integer.MAX_VALUE} (a length that is negative, or that an int cannot hold without wrapping),
   * or that would take the sum past {@code budget} (the bytes the values may take); and when fewer
   * than a block of values is wanted or left. The caller decodes those as usual, and so finds and
   * reports the exact bad value. The last value must be a valid length. Returns the values skipped.
   */
  public final int skipConstantBlocks(int n, long budget) {
    if (!lowBitsOnly) {
      throw new IllegalStateException("skipConstantBlocks is for INT32 sections");
    }
    skippedSum = 0;
    if (!atBlockBoundary()) {
      return 0;
    }
    byte[] b = buf;
    int mc = miniCount;
    long size = blockSize;
    long steps = size * (size + 1) / 2;
    long value = (int) last;
    long sum = 0;
    int p = dataPos;
    int skipped = 0;
    while (n - skipped >= blockSize && undecoded >= blockSize) {
      long md = (int) minDeltaAt(p);
      int widths = at;
      int anyWidth = 0;
      for (int m = 0; m < mc; m++) {
        anyWidth |= b[widths + m];
      }
      long first = value + md;
      long end = value + size * md;
      if (anyWidth != 0 || Math.min(first, end) < 0 || Math.max(first, end) > Integer.MAX_VALUE) {
        break;
      }
      // Every value is in 0..2^31-1, so the sum and this difference of it fit in a long.
      long blockSum = size * value + md * steps;
      if (blockSum > budget - sum) {
        break;
      }
      sum += blockSum;
      value = end;
      p = widths + mc;
      undecoded -= blockSize;
      skipped += blockSize;
    }
    last = value;
    dataPos = p;
    remaining -= skipped;
    skippedSum = sum;
    return skipped;
  }

  /** Sum of the values the last {@link #skipConstantBlocks} skipped. */
  public final long skippedSum() {
    return skippedSum;
  }

  /** Moves to the next miniblock (and block); the structure was validated by {@link #walkBlocks}. */
  final void nextMiniblock() {
    if (minisLeftInBlock == 0) {
      minDelta = minDeltaAt(dataPos);
      widthPos = at;
      dataPos = at + miniCount;
      minisLeftInBlock = miniCount;
    }
    width = buf[widthPos++] & 0xFF;
    minisLeftInBlock--;
    miniLeft = Math.min(miniSize, undecoded);
    undecoded -= miniLeft;
  }

  @Override
  public void skip() {
    skip(1);
  }

  /** Skips {@code n} values without writing them anywhere; whole groups are summed, not prefix-summed. */
  @Override
  public void skip(int n) {
    checkCount(n);
    take(n);
    if (n > 0) {
      advance(null, 0, n);
    }
  }

  /**
   * Reads {@code count} values into {@code dst} (the reader's {@code int[]} or {@code long[]}) from
   * {@code offset}, after checking the range and that the page holds them.
   */
  final void read(Object dst, int length, int offset, int count) {
    checkRange(length, offset, count);
    take(count);
    if (count > 0) {
      advance(dst, offset, count);
    }
  }

  /**
   * The driver: moves over the next {@code n} values (already taken), writing them at {@code
   * dst[o..]} or, with {@code dst == null}, skipping them: the first value, what waits in the window,
   * then whole blocks straight into {@code dst} (or summed), whole groups of a miniblock likewise,
   * and the rest through the window.
   */
  private void advance(Object dst, int o, int n) {
    if (firstPending) {
      firstPending = false;
      if (dst != null) {
        storeFirst(dst, o++);
      }
      n--;
    }
    int k = Math.min(n, windowEnd - windowPos);
    if (k > 0) {
      if (dst != null) {
        System.arraycopy(window, windowPos, dst, o, k);
        o += k;
      }
      windowPos += k;
      n -= k;
    }
    while (n > 0) {
      if (miniLeft == 0) {
        int blocks = wholeBlocks(n);
        if (blocks > 0) {
          blocks(dst, o, blocks);
          o += blocks * blockSize;
          n -= blocks * blockSize;
          continue;
        }
        nextMiniblock();
      }
      int c = Math.min(n, miniLeft) & ~7;
      if (c > 0) {
        last = dst == null ? last + sumDeltas(width, buf, dataPos, c, minDelta)
            : unpackDeltas(width, buf, dataPos, dst, o, c, last, minDelta);
        dataPos += (c >>> 3) * width;
        miniLeft -= c;
        o += c;
        n -= c;
      } else {
        fillWindow();
        k = Math.min(n, windowEnd);
        if (dst != null) {
          System.arraycopy(window, 0, dst, o, k);
          o += k;
        }
        windowPos = k;
        n -= k;
      }
    }
  }

  /**
   * Decodes {@code blocks} whole blocks from a block boundary straight into {@code dst[o..]}, or sums
   * them with {@code dst == null}. Neighbouring miniblocks of one width are one contiguous run: one
   * kernel call.
   */
  private void blocks(Object dst, int o, int blocks) {
    byte[] b = buf;
    int mc = miniCount;
    int ms = miniSize;
    long acc = last;
    int p = dataPos;
    for (int k = 0; k < blocks; k++) {
      long md = minDeltaAt(p);
      int widths = at;
      p = widths + mc;
      if (widthsAllZero(b, widths, mc)) {
        // Its values step by the min delta, as do those of the next blocks with widths 0 and the
        // same min delta (a constant or evenly spaced column): one kernel call (a fill) for all.
        int run = 1;
        while (k + run < blocks && minDeltaAt(p) == md && widthsAllZero(b, at, mc)) {
          p = at + mc;
          run++;
        }
        int count = run * blockSize;
        acc = dst == null ? acc + sumDeltas(0, b, p, count, md) : unpackDeltas(0, b, p, dst, o, count, acc, md);
        o += count;
        k += run - 1;
        continue;
      }
      for (int m = 0; m < mc; m++) {
        int wb = b[widths + m];
        int count = ms;
        while (m + 1 < mc && b[widths + m + 1] == wb) {
          m++;
          count += ms;
        }
        int w = wb & 0xFF;
        acc = dst == null ? acc + sumDeltas(w, b, p, count, md) : unpackDeltas(w, b, p, dst, o, count, acc, md);
        p += (count >>> 3) * w;
        o += count;
      }
    }
    last = acc;
    dataPos = p;
    undecoded -= blocks * blockSize;
  }

  /** Whether the {@code mc} miniblock bit widths at {@code b[widths..]} are all 0. */
  private static boolean widthsAllZero(byte[] b, int widths, int mc) {
    int any = 0;
    for (int m = 0; m < mc; m++) {
      any |= b[widths + m];
    }
    return any == 0;
  }

  /**
   * What {@code count} deltas (whole groups) of {@code width} bits at {@code b[p..]} add to the
   * running value: in 64 bits for INT64, and for INT32 right in the low 32 bits, the only ones such
   * a reader uses.
   */
  private long sumDeltas(int width, byte[] b, int p, int count, long md) {
    return BitUnpacker.sumDeltas(width, b, p, count, lowBitsOnly) + count * md;
  }

  /**
   * Decodes the next whole groups of the current miniblock (up to {@link #WINDOW} values) into the
   * window; padding values of the last miniblock are decoded but not exposed.
   */
  final void fillWindow() {
    int c = Math.min(WINDOW, (miniLeft + 7) & ~7);
    unpackDeltas(width, buf, dataPos, window, 0, c, last, minDelta);
    dataPos += (c >>> 3) * width;
    int real = Math.min(c, miniLeft);
    miniLeft -= real;
    last = windowValue(real - 1);
    windowPos = 0;
    windowEnd = real;
  }

  // Per-type hooks: each runs once per run of values, never per value.

  /**
   * Unpacks {@code count} deltas (whole groups) of {@code width} bits at {@code b[p..]} into {@code
   * dst[o..]} (the reader's array type) as running values from {@code acc}, each delta plus {@code
   * md}; returns the last value.
   */
  abstract long unpackDeltas(int width, byte[] b, int p, Object dst, int o, int count, long acc, long md);

  /** Stores the header's first value ({@link #last}) at {@code dst[o]}. */
  abstract void storeFirst(Object dst, int o);

  /** Window entry {@code i}, sign-extended. */
  abstract long windowValue(int i);

  /** Accounts for a read of {@code n} values, failing before anything is written if the page has fewer. */
  final void take(int n) {
    if (n > remaining) {
      throw ValuesDecodingException.pastEnd(encoding, dataPos - base, n, remaining);
    }
    remaining -= n;
  }

  /**
   * How many whole blocks, all of them values, a request for {@code n} more values covers from
   * here; 0 unless the cursor is at a block boundary. Those take the fast path: no per-miniblock
   * cursor updates.
   */
  final int wholeBlocks(int n) {
    if (minisLeftInBlock != 0 || n < blockSize || undecoded < blockSize) {
      return 0;
    }
    return Math.min(n, undecoded) / blockSize;
  }

  /**
   * Parses the (validated) min delta at {@code buf[p]}; leaves {@link #at} after it. Inlined into
   * the block loops: same folding of long varints as {@link #readVarLong}.
   */
  final long minDeltaAt(int p) {
    byte[] b = buf;
    long raw = 0;
    int shift = 0;
    int x;
    do {
      x = b[p++];
      raw |= (long) (x & 0x7F) << shift;
      shift += 7;
    } while (x < 0);
    at = p;
    return zigzag(raw);
  }

  // ---------------------------------------------------------------- varints

  private static final int FIELD_BLOCK_SIZE = 0;
  private static final int FIELD_MINIBLOCKS = 1;
  private static final int FIELD_TOTAL = 2;
  private static final int FIELD_FIRST = 3;
  private static final int FIELD_MIN_DELTA = 4;

  private static String fieldName(int field, int block) {
    switch (field) {
      case FIELD_BLOCK_SIZE:
        return "block size";
      case FIELD_MINIBLOCKS:
        return "miniblock count";
      case FIELD_TOTAL:
        return "total value count";
      case FIELD_FIRST:
        return "first value";
      default:
        return "min delta of block " + block;
    }
  }

  /**
   * ULEB128 into an int exactly as parquet-java reads it (shift counts wrap modulo 32, so excess
   * bits are folded the same way), but at most 10 bytes.
   */
  private int readVarInt(int field, int block) {
    int p = at;
    int value = 0;
    for (int i = 0, shift = 0; i < MAX_VARINT_BYTES; i++, shift += 7) {
      if (p >= limit) {
        throw truncatedVarint(field, block);
      }
      int b = buf[p++];
      value |= (b & 0x7F) << shift;
      if (b >= 0) {
        at = p;
        return value;
      }
    }
    throw overlongVarint(field, block);
  }

  /** ULEB128 into a long as parquet-java reads it (shift counts wrap modulo 64), at most 10 bytes. */
  private long readVarLong(int field, int block) {
    int p = at;
    long value = 0;
    for (int i = 0, shift = 0; i < MAX_VARINT_BYTES; i++, shift += 7) {
      if (p >= limit) {
        throw truncatedVarint(field, block);
      }
      int b = buf[p++];
      value |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        at = p;
        return value;
      }
    }
    throw overlongVarint(field, block);
  }

  static long zigzag(long v) {
    return (v >>> 1) ^ -(v & 1);
  }

  private ValuesDecodingException truncatedVarint(int field, int block) {
    return error(at, "page ends inside the " + fieldName(field, block));
  }

  private ValuesDecodingException overlongVarint(int field, int block) {
    return error(at, "the " + fieldName(field, block) + " is a varint longer than " + MAX_VARINT_BYTES + " bytes");
  }

  final ValuesDecodingException error(int index, String what) {
    return new ValuesDecodingException(encoding, index - base, what);
  }

  // ---------------------------------------------------------------- INT64

  private static final class Int64 extends DeltaBinaryPackedReader {
    private final long[] window;

    Int64() {
      this(new long[WINDOW]);
    }

    private Int64(long[] window) {
      super("DELTA_BINARY_PACKED INT64", false, window);
      this.window = window;
    }

    @Override
    public long readLong() {
      if (windowPos < windowEnd) {
        remaining--;
        return window[windowPos++];
      }
      take(1);
      if (firstPending) {
        firstPending = false;
        return last;
      }
      if (miniLeft == 0) {
        nextMiniblock();
      }
      fillWindow();
      return window[windowPos++];
    }

    /** The value narrowed to int, as parquet-java's reader gives it. */
    @Override
    public int readInteger() {
      return (int) readLong();
    }

    @Override
    public void readLongs(long[] dst, int offset, int count) {
      read(dst, dst.length, offset, count);
    }

    @Override
    long unpackDeltas(int width, byte[] b, int p, Object dst, int o, int count, long acc, long md) {
      return BitUnpacker.unpackLongDeltas(width, b, p, (long[]) dst, o, count, acc, md);
    }

    @Override
    void storeFirst(Object dst, int o) {
      ((long[]) dst)[o] = last;
    }

    @Override
    long windowValue(int i) {
      return window[i];
    }
  }

  // ---------------------------------------------------------------- INT32

  private static final class Int32 extends DeltaBinaryPackedReader {
    private final int[] window;
    /** For the widening reads: decoded a chunk at a time, then converted. */
    private int[] chunk;

    Int32(String encoding) {
      this(encoding, new int[WINDOW]);
    }

    private Int32(String encoding, int[] window) {
      super(encoding, true, window);
      this.window = window;
    }

    @Override
    public int readInteger() {
      if (windowPos < windowEnd) {
        remaining--;
        return window[windowPos++];
      }
      take(1);
      if (firstPending) {
        firstPending = false;
        return (int) last;
      }
      if (miniLeft == 0) {
        nextMiniblock();
      }
      fillWindow();
      return window[windowPos++];
    }

    /**
     * The INT32 value, widened. (parquet-java's reader returns its internal 64-bit running sum
     * here, which can leave the int range when deltas wrap; the column's value is its low 32 bits.)
     */
    @Override
    public long readLong() {
      return readInteger();
    }

    @Override
    public void readIntegers(int[] dst, int offset, int count) {
      read(dst, dst.length, offset, count);
    }

    @Override
    public void readIntegersAsLongs(long[] dst, int offset, int count) {
      checkRange(dst.length, offset, count);
      if (count > remaining) {
        take(count); // fails before the first chunk is written
      }
      int[] c = chunk();
      for (int done = 0; done < count; ) {
        int m = Math.min(c.length, count - done);
        readIntegers(c, 0, m);
        for (int j = 0, o = offset + done; j < m; j++) {
          dst[o + j] = c[j];
        }
        done += m;
      }
    }

    @Override
    public void readIntegersAsDoubles(double[] dst, int offset, int count) {
      checkRange(dst.length, offset, count);
      if (count > remaining) {
        take(count); // fails before the first chunk is written
      }
      int[] c = chunk();
      for (int done = 0; done < count; ) {
        int m = Math.min(c.length, count - done);
        readIntegers(c, 0, m);
        for (int j = 0, o = offset + done; j < m; j++) {
          dst[o + j] = c[j];
        }
        done += m;
      }
    }

    private int[] chunk() {
      int[] c = chunk;
      if (c == null) {
        c = chunk = new int[CHUNK];
      }
      return c;
    }

    @Override
    long unpackDeltas(int width, byte[] b, int p, Object dst, int o, int count, long acc, long md) {
      return BitUnpacker.unpackIntDeltas(width, b, p, (int[]) dst, o, count, (int) acc, (int) md);
    }

    @Override
    void storeFirst(Object dst, int o) {
      ((int[]) dst)[o] = (int) last;
    }

    @Override
    long windowValue(int i) {
      return window[i];
    }
  }
}
