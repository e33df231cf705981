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
package io.github.fastdecode.parquet.dictionary;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.ValuesDecodingException;
import io.github.fastdecode.parquet.internal.PageBytes;
import io.github.fastdecode.parquet.internal.convert.TimeConversions;
import io.github.fastdecode.parquet.rle.RleBitPackedHybridDecoder;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * PLAIN_DICTIONARY / RLE_DICTIONARY data pages: a bit-width byte, then dictionary ids in the RLE /
 * bit-packed hybrid. The dictionary is copied once into primitive arrays, and bulk reads turn ids
 * into values per run: an RLE run of one id becomes a fill, a bit-packed run is extracted into a
 * scratch chunk of ids, range-checked as a batch, then gathered. No per-value virtual call.
 *
 * <p>Create one per column chunk (the dictionary is materialised in the constructor) and call
 * {@link #initFromPage} for each of its data pages.
 */
public final class DictionaryReader extends BatchValuesReader {
  private static final int CHUNK = 1024;
  /** A batch may reserve up to this many bytes beyond what a chunk of byte arrays needs. */
  private static final long GATHER_SLACK = 64 * 1024;

  private final String encoding;
  private final PrimitiveTypeName type;
  private final int size;
  private final DictionaryValues values;
  private boolean[] booleans;
  private int[] ints;
  private long[] longs;
  private float[] floats;
  private double[] doubles;
  /** A byte-array column's dictionary, for the entries scalar reads hand out ({@link #binaries}); else null. */
  private Dictionary dictionary;
  private Binary[] binaries;
  private byte[] binaryBytes;
  private int[] binaryOffsets;
  private int maxEntryLength;
  /**
   * The entries again, each in a slot of {@code 1 << slotShift} bytes, for {@link
   * BinaryBatch#appendSlots}; made by the first bulk read when every entry fits in 32 bytes and the
   * slots take at most four times the entries' bytes (plus 64 KiB), else left null.
   */
  private byte[] slots;
  private int slotShift;
  private int[] entryLengths;
  private boolean slotsDecided;
  /** Widened copies of the dictionary, made on first use by a widening read. */
  private long[] intsAsLongs;
  private double[] widenedToDoubles;
  /**
   * Converted copies of the dictionary (UINT_32 zero-extended, DATE and TIMESTAMP(MILLIS|NANOS) as
   * micros), made on first use by that read, so a converted read is one gather. {@link
   * #NOT_CONVERTIBLE} when an entry is out of the conversion's range: reads then convert each value
   * read, so only a value actually read throws, as it does without a dictionary.
   */
  private long[] unsignedLongs;
  private long[] datesAsMicros;
  private long[] millisAsMicros;
  private long[] nanosAsMicros;
  private static final long[] NOT_CONVERTIBLE = new long[0];

  private final PageBytes page = new PageBytes();
  private final RleBitPackedHybridDecoder decoder;
  private final int[] ids = new int[CHUNK];
  private int remaining;
  private boolean hasData;
  /**
   * Whether every id a bit-packed run of this page can hold is in the dictionary: its bit width
   * cannot reach past the last entry ({@code 2^width <= size}), so those ids need no range check.
   */
  private boolean packedIdsFit;

  /** The current chunk (set by {@link #nextChunk}): an RLE run of {@link #chunkId}, or ids in {@link #ids}. */
  private boolean chunkIsRun;
  private int chunkId;

  public DictionaryReader(ColumnDescriptor column, Dictionary dictionary) {
    this.type = column.getPrimitiveType().getPrimitiveTypeName();
    this.encoding = "RLE_DICTIONARY " + type;
    this.decoder = new RleBitPackedHybridDecoder(encoding + " ids");
    if (type == PrimitiveTypeName.BOOLEAN) {
      // Some writers dictionary-encode booleans; parquet-java reads such dictionary pages from 1.17.0
      // on, and its Encoding gives no reader for their data pages on any release.
      this.values = null;
      this.size = dictionary.getMaxId() + 1;
      booleans = new boolean[size];
      for (int i = 0; i < size; i++) {
        booleans[i] = dictionary.decodeToBoolean(i);
      }
      return;
    }
    this.values = DictionaryValues.of(column, dictionary);
    this.size = values.size();
    ints = values.ints();
    longs = values.longs();
    floats = values.floats();
    doubles = values.doubles();
    if (values.binaries() != null) {
      binaryBytes = values.binaries().bytes();
      binaryOffsets = values.binaries().offsets();
      for (int i = 0; i < size; i++) {
        maxEntryLength = Math.max(maxEntryLength, binaryOffsets[i + 1] - binaryOffsets[i]);
      }
      // Scalar reads hand out the dictionary's own entries, as parquet-java's reader does (made at the first).
      this.dictionary = dictionary;
    }
  }

  /** The dictionary's entries, which ids from {@link #readDictionaryIds} index (null for BOOLEAN). */
  public DictionaryValues values() {
    return values;
  }

  /**
   * A dictionary page decoded into a {@link Dictionary} ({@link PlainDictionary}; BOOLEAN its own),
   * for every physical type and both dictionary encodings, with parquet-java's values.
   */
  public static Dictionary readPage(ColumnDescriptor column, DictionaryPage page) throws IOException {
    return DictionaryPageReader.read(column, page);
  }

  /** Whether this reader handles dictionaries of the column's type: every physical type, BOOLEAN included. */
  public static boolean supports(ColumnDescriptor column) {
    return true;
  }

  /** Entries in the dictionary. */
  public int dictionarySize() {
    return size;
  }

  @Override
  public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
    if (valueCount < 0) {
      throw new ValuesDecodingException(encoding, 0, "negative value count " + valueCount);
    }
    page.takeAll(in);
    remaining = valueCount;
    // A page of only nulls may have no ids section at all: any read then fails.
    hasData = page.length > 0;
    if (hasData) {
      int width = page.array[page.start] & 0xFF;
      if (width > 32) {
        throw new ValuesDecodingException(encoding, 0, "id bit width " + width + " is above 32");
      }
      decoder.init(page.array, page.start + 1, page.start + page.length, width);
      packedIdsFit = width < 31 && 1 << width <= size;
    }
  }

  private void need(int count) {
    if (count > remaining || (!hasData && count > 0)) {
      throw ValuesDecodingException.pastEnd(encoding, hasData ? 1 + decoder.position() : 0, count, hasData ? remaining : 0);
    }
  }

  private int checkId(int id) {
    if (id < 0 || id >= size) {
      throw new ValuesDecodingException(encoding, 1 + decoder.position(),
          "dictionary id " + Integer.toUnsignedString(id) + " is outside the dictionary of " + size + " entries");
    }
    return id;
  }

  /** Prepares the next run or chunk of at most {@code want} ids; returns its length. */
  private int nextChunk(int want) {
    int run = decoder.runLength(want);
    if (!decoder.runIsPacked()) {
      int m = Math.min(run, want);
      chunkId = checkId(decoder.runValue());
      chunkIsRun = true;
      decoder.consumeRle(m);
      return m;
    }
    int m = Math.min(Math.min(run, want), CHUNK);
    decoder.readPacked(ids, 0, m);
    if (!packedIdsFit) {
      checkIds(ids, 0, m);
    }
    chunkIsRun = false;
    return m;
  }

  /** Range-checks ids at once: {@code id | (size - 1 - id)} is negative iff id < 0 or id >= size. */
  private void checkIds(int[] a, int from, int m) {
    int last = size - 1;
    int bad = 0;
    for (int i = from; i < from + m; i++) {
      bad |= a[i] | (last - a[i]);
    }
    if (bad < 0) {
      for (int i = from; i < from + m; i++) {
        checkId(a[i]);
      }
    }
  }

  private void makeSlots() {
    slotsDecided = true;
    if (maxEntryLength > 32) {
      return;
    }
    int shift = maxEntryLength <= 8 ? 3 : maxEntryLength <= 16 ? 4 : 5;
    long slotBytes = (long) size << shift;
    if (slotBytes > 4L * binaryOffsets[size] + 65536 || slotBytes > Integer.MAX_VALUE - 16) {
      return; // mostly much shorter entries: not worth the memory
    }
    byte[] table = new byte[(int) slotBytes];
    int[] lengths = new int[size];
    for (int e = 0; e < size; e++) {
      lengths[e] = binaryOffsets[e + 1] - binaryOffsets[e];
      System.arraycopy(binaryBytes, binaryOffsets[e], table, e << shift, lengths[e]);
    }
    slotShift = shift;
    entryLengths = lengths;
    slots = table;
  }

  private UnsupportedOperationException wrongType(String what) {
    return new UnsupportedOperationException(what + " on a " + type + " dictionary");
  }

  // ---------------------------------------------------------------- scalar

  private int nextId() {
    need(1);
    nextChunk(1);
    remaining--;
    return chunkIsRun ? chunkId : ids[0];
  }

  @Override
  public int readValueDictionaryId() {
    return nextId();
  }

  @Override
  public boolean readBoolean() {
    if (booleans == null) {
      throw wrongType("readBoolean");
    }
    return booleans[nextId()];
  }

  @Override
  public int readInteger() {
    if (ints == null) {
      throw wrongType("readInteger");
    }
    return ints[nextId()];
  }

  @Override
  public long readLong() {
    if (longs == null) {
      throw wrongType("readLong");
    }
    return longs[nextId()];
  }

  @Override
  public float readFloat() {
    if (floats == null) {
      throw wrongType("readFloat");
    }
    return floats[nextId()];
  }

  @Override
  public double readDouble() {
    if (doubles == null) {
      throw wrongType("readDouble");
    }
    return doubles[nextId()];
  }

  @Override
  public Binary readBytes() {
    if (binaries == null) {
      if (dictionary == null) {
        throw wrongType("readBytes");
      }
      Binary[] entries = new Binary[size];
      for (int i = 0; i < size; i++) {
        entries[i] = dictionary.decodeToBinary(i);
      }
      binaries = entries;
    }
    return binaries[nextId()];
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
    need(n);
    decoder.skip(n);
    remaining -= n;
  }

  // ---------------------------------------------------------------- bulk

  @Override
  public void readDictionaryIds(int[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    need(count);
    // Ids go straight into the caller's array (no scratch), range-checked there. Where bit-packed ids
    // cannot reach past the dictionary, only RLE values need a check: the decoder reads run after
    // run until one is outside, which the loop below then reports.
    int done = packedIdsFit ? decoder.readIntsWhileRleBelow(dst, offset, count, size) : 0;
    while (done < count) {
      int run = decoder.runLength(count - done);
      int m = Math.min(run, count - done);
      int at = offset + done;
      if (decoder.runIsPacked()) {
        decoder.readPacked(dst, at, m);
        if (!packedIdsFit) {
          checkIds(dst, at, m);
        }
      } else {
        Arrays.fill(dst, at, at + m, checkId(decoder.runValue()));
        decoder.consumeRle(m);
      }
      done += m;
    }
    remaining -= count;
  }

  @Override
  public void readIntegers(int[] dst, int offset, int count) {
    if (ints == null) {
      throw wrongType("readIntegers");
    }
    checkRange(dst.length, offset, count);
    need(count);
    int[] dict = ints;
    for (int done = 0; done < count; ) {
      int m = nextChunk(count - done);
      int at = offset + done;
      if (chunkIsRun) {
        Arrays.fill(dst, at, at + m, dict[chunkId]);
      } else {
        for (int i = 0; i < m; i++) {
          dst[at + i] = dict[ids[i]];
        }
      }
      done += m;
    }
    remaining -= count;
  }

  @Override
  public void readLongs(long[] dst, int offset, int count) {
    if (longs == null) {
      throw wrongType("readLongs");
    }
    gatherLongs(longs, dst, offset, count);
  }

  /** Widening reads gather from a widened copy of the dictionary, made once on first use. */
  @Override
  public void readIntegersAsLongs(long[] dst, int offset, int count) {
    if (ints == null) {
      throw wrongType("readIntegersAsLongs");
    }
    if (intsAsLongs == null) {
      intsAsLongs = new long[size];
      for (int i = 0; i < size; i++) {
        intsAsLongs[i] = ints[i];
      }
    }
    gatherLongs(intsAsLongs, dst, offset, count);
  }

  @Override
  public void readUnsignedIntegersAsLongs(long[] dst, int offset, int count) {
    if (ints == null) {
      throw wrongType("readUnsignedIntegersAsLongs");
    }
    if (unsignedLongs == null) {
      long[] t = new long[size];
      for (int i = 0; i < size; i++) {
        t[i] = ints[i] & 0xFFFF_FFFFL;
      }
      unsignedLongs = t;
    }
    gatherLongs(unsignedLongs, dst, offset, count);
  }

  @Override
  public void readDatesAsMicros(long[] dst, int offset, int count) {
    if (ints == null) {
      throw wrongType("readDatesAsMicros");
    }
    if (datesAsMicros == null) {
      long[] t = new long[size];
      try {
        TimeConversions.daysToMicros(ints, 0, t, 0, size);
      } catch (ArithmeticException e) {
        t = NOT_CONVERTIBLE;
      }
      datesAsMicros = t;
    }
    if (datesAsMicros == NOT_CONVERTIBLE) {
      super.readDatesAsMicros(dst, offset, count);
    } else {
      gatherLongs(datesAsMicros, dst, offset, count);
    }
  }

  @Override
  public void readTimestampMillisAsMicros(long[] dst, int offset, int count) {
    if (longs == null) {
      throw wrongType("readTimestampMillisAsMicros");
    }
    if (millisAsMicros == null) {
      long[] t = longs.clone();
      try {
        TimeConversions.millisToMicros(t, 0, size);
      } catch (ArithmeticException e) {
        t = NOT_CONVERTIBLE;
      }
      millisAsMicros = t;
    }
    if (millisAsMicros == NOT_CONVERTIBLE) {
      super.readTimestampMillisAsMicros(dst, offset, count);
    } else {
      gatherLongs(millisAsMicros, dst, offset, count);
    }
  }

  @Override
  public void readTimestampNanosAsMicros(long[] dst, int offset, int count) {
    if (longs == null) {
      throw wrongType("readTimestampNanosAsMicros");
    }
    if (nanosAsMicros == null) {
      long[] t = longs.clone();
      TimeConversions.nanosToMicros(t, 0, size);
      nanosAsMicros = t;
    }
    gatherLongs(nanosAsMicros, dst, offset, count);
  }

  @Override
  public void readBooleans(boolean[] dst, int offset, int count) {
    if (booleans == null) {
      throw wrongType("readBooleans");
    }
    checkRange(dst.length, offset, count);
    need(count);
    boolean[] dict = booleans;
    for (int done = 0; done < count; ) {
      int m = nextChunk(count - done);
      int at = offset + done;
      if (chunkIsRun) {
        Arrays.fill(dst, at, at + m, dict[chunkId]);
      } else {
        for (int i = 0; i < m; i++) {
          dst[at + i] = dict[ids[i]];
        }
      }
      done += m;
    }
    remaining -= count;
  }

  @Override
  public void readFloats(float[] dst, int offset, int count) {
    if (floats == null) {
      throw wrongType("readFloats");
    }
    checkRange(dst.length, offset, count);
    need(count);
    float[] dict = floats;
    for (int done = 0; done < count; ) {
      int m = nextChunk(count - done);
      int at = offset + done;
      if (chunkIsRun) {
        Arrays.fill(dst, at, at + m, dict[chunkId]);
      } else {
        for (int i = 0; i < m; i++) {
          dst[at + i] = dict[ids[i]];
        }
      }
      done += m;
    }
    remaining -= count;
  }

  @Override
  public void readDoubles(double[] dst, int offset, int count) {
    if (doubles == null) {
      throw wrongType("readDoubles");
    }
    gatherDoubles(doubles, dst, offset, count);
  }

  @Override
  public void readIntegersAsDoubles(double[] dst, int offset, int count) {
    if (ints == null) {
      throw wrongType("readIntegersAsDoubles");
    }
    if (widenedToDoubles == null) {
      widenedToDoubles = new double[size];
      for (int i = 0; i < size; i++) {
        widenedToDoubles[i] = ints[i];
      }
    }
    gatherDoubles(widenedToDoubles, dst, offset, count);
  }

  @Override
  public void readFloatsAsDoubles(double[] dst, int offset, int count) {
    if (floats == null) {
      throw wrongType("readFloatsAsDoubles");
    }
    if (widenedToDoubles == null) {
      widenedToDoubles = new double[size];
      for (int i = 0; i < size; i++) {
        widenedToDoubles[i] = floats[i];
      }
    }
    gatherDoubles(widenedToDoubles, dst, offset, count);
  }

  private void gatherLongs(long[] dict, long[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    need(count);
    for (int done = 0; done < count; ) {
      int m = nextChunk(count - done);
      int at = offset + done;
      if (chunkIsRun) {
        Arrays.fill(dst, at, at + m, dict[chunkId]);
      } else {
        for (int i = 0; i < m; i++) {
          dst[at + i] = dict[ids[i]];
        }
      }
      done += m;
    }
    remaining -= count;
  }

  private void gatherDoubles(double[] dict, double[] dst, int offset, int count) {
    checkRange(dst.length, offset, count);
    need(count);
    for (int done = 0; done < count; ) {
      int m = nextChunk(count - done);
      int at = offset + done;
      if (chunkIsRun) {
        Arrays.fill(dst, at, at + m, dict[chunkId]);
      } else {
        for (int i = 0; i < m; i++) {
          dst[at + i] = dict[ids[i]];
        }
      }
      done += m;
    }
    remaining -= count;
  }

  /** The ids of the count values (range-checked by {@link #readDictionaryIds}), then the kept entries' bytes. */
  @Override
  public void readBinariesAt(BinaryBatch dst, int count, int[] positions, int from, int to) {
    if (binaryBytes == null) {
      throw wrongType("readBinariesAt");
    }
    checkCount(count);
    if (selectedIds.length < count) {
      selectedIds = new int[Math.max(count, selectedIds.length * 2)];
    }
    int[] all = selectedIds;
    readDictionaryIds(all, 0, count);
    int[] offsets = binaryOffsets;
    long total = 0;
    int last = -1;
    for (int j = from; j < to; j++) {
      int p = positions[j];
      if (p <= last || p >= count) {
        throw new IllegalArgumentException("positions must ascend below " + count + ": " + p + " after " + last);
      }
      last = p;
      total += offsets[all[p] + 1] - offsets[all[p]];
    }
    dst.reserve(to - from, total);
    byte[] bytes = binaryBytes;
    for (int j = from; j < to; j++) {
      int id = all[positions[j]];
      dst.appendUnchecked(bytes, offsets[id], offsets[id + 1] - offsets[id]);
    }
  }

  /** Ids of a {@link #readBinariesAt}, grown to the largest count asked. */
  private int[] selectedIds = new int[0];

  @Override
  public void readBinaries(BinaryBatch dst, int count) {
    if (binaryBytes == null) {
      throw wrongType("readBinaries");
    }
    checkCount(count);
    need(count);
    if (!slotsDecided) {
      makeSlots();
    }
    byte[] bytes = binaryBytes;
    int[] offsets = binaryOffsets;
    for (int done = 0; done < count; ) {
      int m = nextChunk(count - done);
      if (slots != null) {
        if (chunkIsRun) {
          // A run is its id over and over: a chunk of it at a time through the same slot copy.
          Arrays.fill(ids, 0, Math.min(m, CHUNK), chunkId);
          for (int k = 0; k < m; k += CHUNK) {
            dst.appendSlots(slots, slotShift, entryLengths, ids, 0, Math.min(CHUNK, m - k));
          }
        } else {
          dst.appendSlots(slots, slotShift, entryLengths, ids, 0, m);
        }
      } else if (chunkIsRun) {
        int from = offsets[chunkId];
        int length = offsets[chunkId + 1] - from;
        dst.reserve(m, (long) m * length);
        for (int i = 0; i < m; i++) {
          dst.appendUnchecked(bytes, from, length);
        }
      } else {
        // Room for m of the longest entry when that is small, else the exact sum.
        long total = (long) m * maxEntryLength;
        if (total > GATHER_SLACK) {
          total = 0;
          for (int i = 0; i < m; i++) {
            total += offsets[ids[i] + 1] - offsets[ids[i]];
          }
        }
        dst.appendGathered(bytes, offsets, ids, 0, m, total);
      }
      done += m;
    }
    remaining -= count;
  }
}
