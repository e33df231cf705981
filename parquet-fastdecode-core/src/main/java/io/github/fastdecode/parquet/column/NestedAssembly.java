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

import java.util.Arrays;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Turns a batch's level pairs into its levels' positions: offsets, definition level per position
 * and the leaf null flags, in one pass over the batch's levels (no call per entry).
 *
 * <p>An entry with repetition level {@code r} and definition level {@code d} starts a position at
 * level {@code r} (a record when {@code r == 0}, a new element of the {@code r}-th repeated field
 * otherwise), then one at each deeper level {@code k} whose repeated field it reaches ({@code d >=}
 * the field's definition level): a list with at least this element. It stops at the first level it
 * does not reach (that list is empty or null there) or at the leaf's level.
 */
final class NestedAssembly {
  private NestedAssembly() {}

  /**
   * {@code IS_TRUE[b]} is {@code b == 1}: a flag from a 0 or 1 computed with shifts, stored without
   * the branch the JIT may compile a comparison into (on random nulls, one mispredicted branch in
   * ten: a fifth of a one-level nested scan measured).
   */
  static final boolean[] IS_TRUE = {false, true};

  /** Fails when a batch would hold more than {@code maxEntries} level pairs. */
  static void checkEntries(long entries, int maxEntries, ColumnChunkReader reader) {
    if (entries > maxEntries) {
      throw reader.problem("the batch's records take more than " + maxEntries
          + " level pairs (a record that does not end?); see ColumnChunkReader.maxBatchEntries");
    }
  }

  private static int grown(int length, int needed) {
    return (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, length + (long) (length >> 1)));
  }

  /** Fills the batch's positions from its levels at {@code [0, entryCount)}. */
  static void assemble(ColumnBatch b) {
    if (b.maxRep == 1 && b.repeatedDefinitionLevels != null) {
      finishOneLevel(b);
      return;
    }
    int n = b.entryCount;
    int[] rep = b.repetitionLevels;
    int[] def = b.definitionLevels;
    int maxDef = b.maxDef;
    if (b.nulls.length < n) {
      b.nulls = new boolean[grown(b.nulls.length, n)];
    }
    boolean[] nulls = b.nulls;
    if (b.repeatedDefinitionLevels == null) {
      // Made without the schema: one flag per entry.
      int nullCount = 0;
      for (int i = 0; i < n; i++) {
        boolean isNull = def[i] != maxDef;
        nulls[i] = isNull;
        nullCount += isNull ? 1 : 0;
      }
      b.nullCount = nullCount;
      return;
    }
    int maxRep = b.maxRep;
    int[][] levels = b.positionLevels;
    int[][] offsets = b.offsets;
    for (int k = 0; k <= maxRep; k++) {
      if (levels[k].length < n) {
        levels[k] = new int[grown(levels[k].length, n)];
      }
      if (k > 0 && offsets[k].length < n + 1) {
        offsets[k] = new int[grown(offsets[k].length, n + 1)];
      }
    }
    int[] counts = b.positionCounts;
    int[] reach = b.repeatedDefinitionLevels;
    // The deepest level the previous entry made a position at: an entry repeating level r
    // continues a list there, which must have an element already.
    int last = 0;
    for (int i = 0; i < n; i++) {
      int r = rep[i];
      int d = def[i];
      if (r > last || (r > 0 && d < reach[r])) {
        throw inconsistent(b, i, r, d, reach[r]);
      }
      int k = r;
      while (true) {
        int p = counts[k]++;
        levels[k][p] = d;
        if (k == maxRep) {
          nulls[p] = IS_TRUE[(d - maxDef) >>> 31];
          break;
        }
        offsets[k + 1][p] = counts[k + 1];
        if (d < reach[k + 1]) {
          break;
        }
        k++;
      }
      last = k;
    }
    for (int k = 1; k <= maxRep; k++) {
      offsets[k][counts[k - 1]] = counts[k];
    }
    int leaves = counts[maxRep];
    b.nullCount = leaves - b.valueCount;
  }

  /**
   * The common case of one repeated field (a list or map of primitives or structs), assembled as the
   * reader takes entries from its level window, without copying levels into the batch: appends
   * window entries {@code [pos, pos + n)} (record starts as bits, definition levels) to the batch's
   * positions. The batch's levels are made from the positions when a caller asks ({@link
   * #levelsFromPositions}).
   *
   * <p>Two passes, neither branching on the data (record lengths and nulls are random in real
   * data). The record pass visits the record starts by their bits: each gets its definition level
   * and its offset, the elements before it, which are the entries before it less the null and empty
   * lists ("holes", always at record starts) before it. The element pass goes over every entry once:
   * each writes the next element slot (definition level, null flag) and the slot count moves on only
   * for an element, so a hole's entry is overwritten by the next one. No call and no loop per run of
   * elements: the runs between holes are a few dozen entries in real data.
   *
   * <p>The levels are consistent when every entry that is not an element starts a record (the
   * element pass counts as many elements as the entries less the holes at record starts) and the
   * entry after a hole also starts a record (one mask per word of record starts).
   */
  static void appendOneLevel(ColumnBatch b, long[] starts, int[] def, int pos, int n) {
    int[] counts = b.positionCounts;
    int rc = counts[0];
    int ec = counts[1];
    int[][] levels = b.positionLevels;
    if (levels[0].length < rc + n) {
      levels[0] = Arrays.copyOf(levels[0], grown(levels[0].length, rc + n));
    }
    if (b.offsets[1].length < rc + n + 1) {
      b.offsets[1] = Arrays.copyOf(b.offsets[1], grown(b.offsets[1].length, rc + n + 1));
    }
    boolean fromNulls = b.elementLevelsFromNulls;
    if (!fromNulls && levels[1].length < ec + n) {
      levels[1] = Arrays.copyOf(levels[1], grown(levels[1].length, ec + n));
    }
    // A column whose elements cannot be null keeps its flags all false: they are grown, never written.
    boolean nullable = b.mayHaveNulls();
    if (b.nulls.length < ec + n) {
      b.nulls = Arrays.copyOf(b.nulls, grown(b.nulls.length, ec + n));
    }
    int[] rows = levels[0];
    int[] offsets = b.offsets[1];
    int reach = b.repeatedDefinitionLevels[1];
    int end = pos + n;
    // Record pass. holeBits: the holes of the current word, to check that the entry after each
    // starts a record; carry: whether the entry before the word's first is a hole.
    long bad = 0;
    long carry = b.afterHole;
    int holes = 0;
    int base = ec - pos; // elements before entry i: base + i - holes before i
    for (int word = pos >>> 6, last = (end - 1) >>> 6; word <= last; word++) {
      long valid = -1L;
      if (word == pos >>> 6) {
        valid &= -1L << pos;
      }
      if (word == last) {
        valid &= -1L >>> -end;
      }
      long s = starts[word] & valid;
      long holeBits = 0;
      for (long w = s; w != 0; w &= w - 1) {
        int bit = Long.numberOfTrailingZeros(w);
        int i = (word << 6) + bit;
        int d = def[i];
        rows[rc] = d;
        offsets[rc] = base + i - holes;
        rc++;
        int hole = (d - reach) >>> 31;
        holes += hole;
        holeBits |= (long) hole << bit;
      }
      bad |= ((holeBits << 1) | (carry << Long.numberOfTrailingZeros(valid))) & valid & ~s;
      carry = holeBits >>> 63;
      if (word == last) {
        carry = holeBits >>> ((end - 1) & 63) & 1;
      }
    }
    // Element pass. Where an element's definition level is its null flag (or the same for all),
    // the levels are made from the flags on request ({@link #elementLevelsFromNulls}).
    int[] elements = levels[1];
    int e = ec;
    if (fromNulls) {
      if (nullable) {
        boolean[] nulls = b.nulls;
        int maxDef = b.maxDef;
        for (int i = pos; i < end; i++) {
          int d = def[i];
          nulls[e] = IS_TRUE[(d - maxDef) >>> 31];
          e += (reach - 1 - d) >>> 31;
        }
      } else {
        for (int i = pos; i < end; i++) {
          e += (reach - 1 - def[i]) >>> 31;
        }
      }
    } else if (nullable) {
      boolean[] nulls = b.nulls;
      int maxDef = b.maxDef;
      for (int i = pos; i < end; i++) {
        int d = def[i];
        elements[e] = d;
        nulls[e] = IS_TRUE[(d - maxDef) >>> 31]; // no branch: null elements are random in real data
        e += (reach - 1 - d) >>> 31; // 1 for an element (levels are validated as non-negative)
      }
    } else {
      for (int i = pos; i < end; i++) {
        int d = def[i];
        elements[e] = d;
        e += (reach - 1 - d) >>> 31;
      }
    }
    if (bad != 0 || e - ec != n - holes) {
      throwFirstInconsistent(b, starts, def, pos, n, reach, b.afterHole);
    }
    b.afterHole = carry;
    counts[0] = rc;
    counts[1] = e;
  }

  /** Ends a read assembled by {@link #appendOneLevel}: the last offset, the null count, levels to be made on request. */
  private static void finishOneLevel(ColumnBatch b) {
    int rc = b.positionCounts[0];
    int ec = b.positionCounts[1];
    if (b.offsets[1].length < rc + 1) {
      b.offsets[1] = Arrays.copyOf(b.offsets[1], rc + 1);
    }
    b.offsets[1][rc] = ec;
    b.nullCount = ec - b.valueCount;
    b.levelsDeferred = true;
    b.elementLevelsDeferred = b.elementLevelsFromNulls;
  }

  /**
   * Makes the element positions' definition levels of a batch assembled by {@link #appendOneLevel}
   * whose column has at most one optional field below its repeated one: the column's maximum where
   * the element is not null, one less where it is.
   */
  static void elementLevelsFromNulls(ColumnBatch b) {
    int ec = b.positionCounts[1];
    int[] elements = b.positionLevels[1];
    if (elements.length < ec) {
      elements = b.positionLevels[1] = new int[grown(elements.length, ec)];
    }
    boolean[] nulls = b.nulls;
    int maxDef = b.maxDef;
    for (int k = 0; k < ec; k++) {
      elements[k] = nulls[k] ? maxDef - 1 : maxDef;
    }
    b.elementLevelsDeferred = false;
  }

  /**
   * Makes the batch's levels at {@code [0, entryCount)} from its positions, for a batch assembled by
   * {@link #appendOneLevel} (a record with no elements is one entry, at its definition level; else
   * one entry per element, the first at repetition level 0).
   */
  static void levelsFromPositions(ColumnBatch b) {
    int n = b.entryCount;
    if (b.repetitionLevels.length < n) {
      int size = grown(b.repetitionLevels.length, n);
      b.repetitionLevels = new int[size];
      b.definitionLevels = new int[size];
    }
    int[] rep = b.repetitionLevels;
    int[] def = b.definitionLevels;
    if (b.elementLevelsDeferred) {
      elementLevelsFromNulls(b);
    }
    int[] rows = b.positionLevels[0];
    int[] elements = b.positionLevels[1];
    int[] offsets = b.offsets[1];
    int e = 0;
    for (int r = 0, rc = b.positionCounts[0]; r < rc; r++) {
      int from = offsets[r];
      int to = offsets[r + 1];
      rep[e] = 0;
      def[e] = rows[r];
      e++;
      for (int k = from + 1; k < to; k++) {
        rep[e] = 1;
        def[e] = elements[k];
        e++;
      }
    }
    b.levelsDeferred = false;
  }

  /** Finds and reports the first entry {@link #appendOneLevel} found inconsistent (a cold path). */
  private static void throwFirstInconsistent(ColumnBatch b, long[] starts, int[] def, int pos, int n, int reach, long afterHole) {
    boolean open = afterHole == 0;
    for (int i = pos; i < pos + n; i++) {
      int r = (int) (starts[i >>> 6] >>> i & 1) ^ 1;
      int d = def[i];
      if (r == 0) {
        open = d >= reach;
      } else if (d < reach || !open) {
        throw inconsistent(b, b.entryCount + i - pos, r, d, reach);
      }
    }
    throw new IllegalStateException("no inconsistent entry found");
  }

  private static ParquetDecodingException inconsistent(ColumnBatch b, int i, int r, int d, int reach) {
    return new ParquetDecodingException("entry " + i + " of the batch repeats level " + r + " with definition level " + d
        + " where the list it continues is empty or null, or the element needs definition level " + reach
        + ": the levels disagree with the schema");
  }
}
