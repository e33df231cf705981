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
package io.github.fastdecode.parquet.column;
import io.github.fastdecode.parquet.rle.RleValuesReader;
import java.util.Arrays;
import org.apache.parquet.column.Encoding;

/**
 * Record reads and skips of a repeated column, for {@link ColumnChunkReader}: the current page's
 * levels are decoded a window at a time, record starts (repetition level 0) are counted and found
 * in it, and whole records join a batch or are skipped.
 */
final class RepeatedRecords {
  /** Levels of a repeated column are decoded this many at a time at most. */
  private static final int LEVEL_WINDOW = 1 << 16;

  // Repeated columns: the current page's levels are decoded a window at a time, so that record
  // boundaries can be found before entries join a batch.
  /** The window's repetition levels when the column has more than one repeated level. */
  private int[] windowRep = new int[0];
  /**
   * The window's record starts when the column has one repeated level (max repetition level 1):
   * bit {@code i & 63} of word {@code i >>> 6} is set where entry {@code i} has repetition level 0.
   * Levels of width 1 decode straight into it (no int per level), and record starts are counted and
   * found with bit counts.
   */
  private long[] windowStarts = new long[0];
  private int[] windowDef = new int[0];
  private int windowLength;
  private int windowPos;
  /** Entries with repetition level 0 (record starts) in the window at {@code [windowPos, windowLength)}. */
  private int windowStartCount;
  /** Entries with the maximum definition level (values) in the window at {@code [windowPos, windowLength)}. */
  private int windowValues;
  int maxBatchEntries = ColumnChunkReader.DEFAULT_MAX_BATCH_ENTRIES;

  private final ColumnChunkReader owner;
  private final PageCursor cursor;
  private final int maxDef;
  private final int maxRep;

  RepeatedRecords(ColumnChunkReader owner, PageCursor cursor) {
    this.owner = owner;
    this.cursor = cursor;
    this.maxDef = cursor.maxDef;
    this.maxRep = cursor.maxRep;
    cursor.records = this;
  }

  /** A new page starts: its levels are not decoded yet. */
  void pageStarted() {
    windowLength = 0;
    windowPos = 0;
    windowStartCount = 0;
    windowValues = 0;
  }

  /**
   * Appends whole records to {@code batch}, up to {@code max}: the leading entries of a page that
   * go on with the batch's last record (repetition level above 0) join it first, so a record read
   * to the end of a page is only complete once the next page's first level is known.
   */
  int readRecords(ColumnBatch batch, int max) {
    int records = 0;
    int startEntries = batch.entryCount;
    while (cursor.nextEntriesAvailable()) {
      if (records == max && cursor.pageRemaining == cursor.pageEntries && cursor.pageIsV2) {
        break; // a V2 page starts with a record
      }
      ensureWindow();
      int pos = windowPos;
      int end = pos;
      int stop = windowLength;
      if (!startsRecord(end)) {
        if (batch.entryCount == startEntries) {
          throw cursor.problem("entry " + (cursor.pageEntries - cursor.pageRemaining) + " has repetition level " + repetitionLevel(end) + " but no record is open");
        }
        end = nextRecord(end, stop);
      }
      // The window's record starts are counted: when the batch wants them all (the common case),
      // the rest of the window joins it without looking for record boundaries.
      int want = max - records;
      int starts;
      if (want >= windowStartCount) {
        starts = windowStartCount;
        end = stop;
      } else {
        starts = want;
        end = recordStart(end, stop, want);
      }
      records += starts;
      cursor.pageRecordsDone += starts;
      windowStartCount -= starts;
      take(batch, pos, end - pos);
      if (end < stop) {
        break;
      }
    }
    batch.addRecords(records);
    return records;
  }

  /** Whether window entry {@code i} starts a record (has repetition level 0). */
  private boolean startsRecord(int i) {
    if (maxRep == 1) {
      return (windowStarts[i >>> 6] >>> i & 1) != 0;
    }
    return windowRep[i] == 0;
  }

  /** Window entry {@code i}'s repetition level. */
  private int repetitionLevel(int i) {
    return maxRep == 1 ? startsRecord(i) ? 0 : 1 : windowRep[i];
  }

  /** {@link #recordStart(int[], int, int, int)} on the window. */
  private int recordStart(int from, int stop, int k) {
    return maxRep == 1 ? recordStartBit(windowStarts, from, stop, k) : recordStart(windowRep, from, stop, k);
  }

  /** {@link #nextRecord(int[], int, int)} on the window. */
  private int nextRecord(int from, int stop) {
    return maxRep == 1 ? recordStartBit(windowStarts, from, stop, 0) : nextRecord(windowRep, from, stop);
  }

  /**
   * {@link #recordStart(int[], int, int, int)} over record-start bits: whole words are counted with
   * a bit count, and the {@code k}-th set bit of the word holding it is found by clearing the lower
   * ones.
   */
  static int recordStartBit(long[] starts, int from, int stop, int k) {
    if (from >= stop) {
      return stop;
    }
    int word = from >>> 6;
    long w = starts[word] & (-1L << from);
    int seen = 0;
    while (true) {
      int c = Long.bitCount(w);
      if (seen + c > k) {
        for (int j = k - seen; j > 0; j--) {
          w &= w - 1;
        }
        return Math.min(stop, (word << 6) + Long.numberOfTrailingZeros(w));
      }
      seen += c;
      word++;
      if (word << 6 >= stop) {
        return stop;
      }
      w = starts[word];
    }
  }

  /**
   * The index of the record start (repetition level 0) that follows {@code k} record starts at or
   * after {@code from}; the window holds more than {@code k} there. Blocks of entries are counted
   * without branches on the data, then the block holding it is walked.
   */
  private static int recordStart(int[] rep, int from, int stop, int k) {
    int i = from;
    int seen = 0;
    for (; i + 32 <= stop; i += 32) {
      int c = 0;
      for (int j = i; j < i + 32; j++) {
        c += (rep[j] - 1) >>> 31; // 1 for level 0 (levels are validated as non-negative)
      }
      if (seen + c > k) {
        break;
      }
      seen += c;
    }
    for (; i < stop; i++) {
      if (rep[i] == 0) {
        if (seen == k) {
          return i;
        }
        seen++;
      }
    }
    return stop;
  }

  /** The first index at or after {@code from} below {@code stop} whose repetition level is 0, or {@code stop}. */
  private static int nextRecord(int[] rep, int from, int stop) {
    int i = from;
    while (i < stop && rep[i] != 0) {
      i++;
    }
    return i;
  }

  /** Appends {@code n} entries of the window from {@code pos}: their levels, then their values. */
  private void take(ColumnBatch batch, int pos, int n) {
    if (n == 0) {
      return;
    }
    if (batch.dictionaryIds != null) {
      cursor.chooseIdsOrValues(batch);
    }
    int at = batch.entryCount;
    if (maxRep == 1 && batch.repeatedDefinitionLevels != null) {
      // One repeated level, with the schema: straight from the window into offsets and positions;
      // the batch's levels are made from those when a caller asks for them.
      NestedAssembly.checkEntries((long) at + n, maxBatchEntries, owner);
      NestedAssembly.appendOneLevel(batch, windowStarts, windowDef, pos, n);
    } else {
      NestedAssembly.checkEntries((long) at + n, maxBatchEntries, owner);
      batch.ensureEntryRoom(at + n);
      if (maxRep == 1) {
        int[] r = batch.repetitionLevels;
        long[] starts = windowStarts;
        for (int i = 0; i < n; i++) {
          int e = pos + i;
          r[at + i] = (int) (starts[e >>> 6] >>> e & 1) ^ 1;
        }
      } else {
        System.arraycopy(windowRep, pos, batch.repetitionLevels, at, n);
      }
      System.arraycopy(windowDef, pos, batch.definitionLevels, at, n);
    }
    int nonNull = windowValuesIn(pos, n);
    batch.ensureValueRoom(batch.valueCount + nonNull);
    cursor.readValues(batch, nonNull);
    batch.addEntries(n, 0);
    windowPos += n;
    cursor.consumed(n);
  }

  /**
   * Values (entries at the maximum definition level) among the window's {@code n} entries from
   * {@code pos}, the first ones not yet taken, which leave the window's count: the window's count
   * when they are all it has left, else counted on the shorter side of the split.
   */
  private int windowValuesIn(int pos, int n) {
    int rest = windowLength - pos - n;
    int values;
    if (rest == 0) {
      values = windowValues;
    } else if (n <= rest) {
      values = countValues(windowDef, pos, n);
    } else {
      values = windowValues - countValues(windowDef, pos + n, rest);
    }
    windowValues -= values;
    return values;
  }

  private int countValues(int[] def, int pos, int n) {
    int max = maxDef;
    int c = 0;
    for (int i = pos, end = pos + n; i < end; i++) {
      c += ((def[i] ^ max) - 1) >>> 31; // 1 where equal (levels are validated as non-negative)
    }
    return c;
  }

  /**
   * Skips {@code rows} whole records and the entries that go on with the last one; returns how many
   * records were missing at the chunk's end.
   */
  long skipRecords(long rows) {
    long left = rows;
    while (cursor.nextEntriesAvailable()) {
      boolean unstarted = cursor.pageRemaining == cursor.pageEntries;
      if (left == 0 && unstarted && cursor.pageIsV2) {
        break;
      }
      if (unstarted && left > 0 && cursor.pageRows >= 0 && left >= cursor.pageRows && cursor.valuesEncoding != Encoding.DELTA_BYTE_ARRAY) {
        // The header says how many records start in the page: drop it. DELTA_BYTE_ARRAY carries
        // its last value into the next page, so its pages are always decoded.
        left -= cursor.pageRows;
        cursor.consumed(cursor.pageRemaining);
        continue;
      }
      ensureWindow();
      int pos = windowPos;
      int stop = windowLength;
      int end = pos;
      if (!startsRecord(end)) {
        if (cursor.entriesRead == 0) {
          throw cursor.problem("entry 0 has repetition level " + repetitionLevel(end) + " but no record is open");
        }
        end = nextRecord(end, stop);
      }
      int starts;
      if (left >= windowStartCount) {
        starts = windowStartCount;
        end = stop;
      } else {
        starts = (int) left;
        end = recordStart(end, stop, starts);
      }
      left -= starts;
      cursor.pageRecordsDone += starts;
      windowStartCount -= starts;
      int n = end - pos;
      if (n > 0) {
        int nonNull = windowValuesIn(pos, n);
        if (nonNull > 0) {
          cursor.valuesReader().skip(nonNull);
        }
        windowPos += n;
        cursor.consumed(n);
      }
      if (end < stop) {
        break;
      }
    }
    return left;
  }

  /** Makes the window hold entries of the current page (which has some left), decoding the next ones if it is used up. */
  private void ensureWindow() {
    if (windowPos < windowLength) {
      return;
    }
    int n = Math.min(LEVEL_WINDOW, cursor.pageRemaining);
    if (windowDef.length < n) {
      int size = Math.min(cursor.pageEntries, LEVEL_WINDOW);
      windowDef = new int[size];
      if (maxRep == 1) {
        windowStarts = new long[(size + 63) >>> 6];
      } else {
        windowRep = new int[size];
      }
    }
    boolean pageStart = cursor.pageRemaining == cursor.pageEntries;
    if (maxRep == 1) {
      oneLevelWindow(n, pageStart);
      return;
    }
    cursor.rep.readIntegers(windowRep, 0, n);
    if (maxDef == 0) {
      // No schema gives this (repetition adds a definition level), a hand-made descriptor can.
      Arrays.fill(windowDef, 0, n, 0);
    } else {
      cursor.def.readIntegers(windowDef, 0, n);
    }
    // One pass without branches on the data: levels out of range make the OR negative; record
    // starts and values are counted for the reads that take whole windows.
    int[] wr = windowRep;
    int[] wd = windowDef;
    int mr = maxRep;
    int md = maxDef;
    int outOfRange = 0;
    int starts = 0;
    int values = 0;
    for (int i = 0; i < n; i++) {
      int r = wr[i];
      int d = wd[i];
      outOfRange |= r | d | (mr - r) | (md - d);
      starts += (r - 1) >>> 31;
      values += ((d ^ md) - 1) >>> 31;
    }
    if (outOfRange < 0) {
      throwLevelOutOfRange(n);
    }
    if (pageStart && n > 0 && windowRep[0] != 0) {
      if (cursor.entriesRead == 0) {
        throw cursor.problem("the chunk's first page starts with repetition level " + windowRep[0] + ": no record is open");
      }
      if (cursor.pageIsV2) {
        throw cursor.problem("the V2 page starts with repetition level " + windowRep[0] + ", inside a record");
      }
    }
    windowLength = n;
    windowPos = 0;
    windowStartCount = starts;
    windowValues = values;
  }

  /**
   * {@link #ensureWindow} for one repeated level: the repetition levels become record-start bits
   * ({@link #windowStarts}), counted with bit counts; one pass over the definition levels checks
   * their range and counts the values.
   */
  private void oneLevelWindow(int n, boolean pageStart) {
    int[] wd = windowDef;
    if (maxDef == 0) {
      Arrays.fill(wd, 0, n, 0);
    } else if (cursor.def instanceof RleValuesReader) {
      RleValuesReader r = (RleValuesReader) cursor.def;
      int got = r.readLevelsUpTo(wd, n, maxDef);
      if (got < n) {
        throw cursor.problem("entry " + (cursor.pageEntries - cursor.pageRemaining + got) + " has definition level " + Integer.toUnsignedString(r.stoppedAtValue())
            + "; the column's maximum levels are " + maxRep + " and " + maxDef);
      }
    } else {
      cursor.def.readIntegers(wd, 0, n);
    }
    long[] starts = windowStarts;
    int words = (n + 63) >>> 6;
    if (cursor.rep instanceof RleValuesReader) {
      RleValuesReader r = (RleValuesReader) cursor.rep;
      int got = r.readLevelBits(starts, n, true);
      if (got < n) {
        throw cursor.problem("entry " + (cursor.pageEntries - cursor.pageRemaining + got) + " has repetition level " + r.stoppedAtValue()
            + " and definition level " + wd[got] + "; the column's maximum levels are " + maxRep + " and " + maxDef);
      }
    } else {
      // The deprecated BIT_PACKED levels: through ints.
      int[] levels = cursor.levelScratch(n);
      cursor.rep.readIntegers(levels, 0, n);
      Arrays.fill(starts, 0, words, 0L);
      for (int i = 0; i < n; i++) {
        int r = levels[i];
        if (r != 0 && r != 1) {
          throw cursor.problem("entry " + (cursor.pageEntries - cursor.pageRemaining + i) + " has repetition level " + r
              + " and definition level " + wd[i] + "; the column's maximum levels are " + maxRep + " and " + maxDef);
        }
        starts[i >>> 6] |= (long) (r ^ 1) << i;
      }
    }
    int md = maxDef;
    int outOfRange = 0;
    int values = 0;
    for (int i = 0; i < n; i++) {
      int d = wd[i];
      outOfRange |= d | (md - d);
      values += ((d ^ md) - 1) >>> 31;
    }
    if (outOfRange < 0) {
      for (int i = 0; i < n; i++) {
        int d = wd[i];
        if (d < 0 || d > md) {
          throw cursor.problem("entry " + (cursor.pageEntries - cursor.pageRemaining + i) + " has repetition level " + ((int) (starts[i >>> 6] >>> i & 1) ^ 1)
              + " and definition level " + d + "; the column's maximum levels are " + maxRep + " and " + maxDef);
        }
      }
    }
    int count = 0;
    for (int k = 0; k < words; k++) {
      count += Long.bitCount(starts[k]);
    }
    if (pageStart && n > 0 && (starts[0] & 1) == 0) {
      if (cursor.entriesRead == 0) {
        throw cursor.problem("the chunk's first page starts with repetition level 1: no record is open");
      }
      if (cursor.pageIsV2) {
        throw cursor.problem("the V2 page starts with repetition level 1, inside a record");
      }
    }
    windowLength = n;
    windowPos = 0;
    windowStartCount = count;
    windowValues = values;
  }

  /** Reports the window's first level outside the column's range (a cold path). */
  private void throwLevelOutOfRange(int n) {
    int first = cursor.pageEntries - cursor.pageRemaining;
    for (int i = 0; i < n; i++) {
      int r = windowRep[i];
      int d = windowDef[i];
      if (r < 0 || r > maxRep || d < 0 || d > maxDef) {
        throw cursor.problem("entry " + (first + i) + " has repetition level " + r + " and definition level " + d
            + "; the column's maximum levels are " + maxRep + " and " + maxDef);
      }
    }
    throw new IllegalStateException("no level out of range found");
  }
}
