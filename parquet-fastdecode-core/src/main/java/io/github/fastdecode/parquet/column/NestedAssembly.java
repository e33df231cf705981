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

  /** Grows the batch's entry arrays to hold {@code entries} level pairs. */
  static void ensureEntries(ColumnBatch b, long entries, int maxEntries, ColumnChunkReader reader) {
    if (entries > maxEntries) {
      throw reader.problem("the batch's records take more than " + maxEntries
          + " level pairs (a record that does not end?); see ColumnChunkReader.maxBatchEntries");
    }
    int n = (int) entries;
    if (b.repetitionLevels.length < n) {
      int size = grown(b.repetitionLevels.length, n);
      b.repetitionLevels = Arrays.copyOf(b.repetitionLevels, size);
      b.definitionLevels = Arrays.copyOf(b.definitionLevels, size);
    }
  }

  /** Grows the batch's value (or id) array to hold {@code values} values. */
  static void ensureValues(ColumnBatch b, int values) {
    if (b.dictionaryIds != null && b.dictionaryIds.length < values) {
      b.dictionaryIds = Arrays.copyOf(b.dictionaryIds, grown(b.dictionaryIds.length, values));
    }
    switch (b.type()) {
      case INT32:
        if (b.ints.length < values) {
          b.ints = Arrays.copyOf(b.ints, grown(b.ints.length, values));
        }
        break;
      case INT64:
        if (b.longs.length < values) {
          b.longs = Arrays.copyOf(b.longs, grown(b.longs.length, values));
        }
        break;
      case FLOAT:
        if (b.floats.length < values) {
          b.floats = Arrays.copyOf(b.floats, grown(b.floats.length, values));
        }
        break;
      case DOUBLE:
        if (b.doubles.length < values) {
          b.doubles = Arrays.copyOf(b.doubles, grown(b.doubles.length, values));
        }
        break;
      case BOOLEAN:
        if (b.booleans.length < values) {
          b.booleans = Arrays.copyOf(b.booleans, grown(b.booleans.length, values));
        }
        break;
      default:
        break; // BinaryBatch grows itself
    }
    if (b.converting != null) {
      b.converting.ensureRoom(b, values);
    }
  }

  private static int grown(int length, int needed) {
    return (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, length + (long) (length >> 1)));
  }

  /** Fills the batch's positions from its levels at {@code [0, entryCount)}. */
  static void assemble(ColumnBatch b) {
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
    if (maxRep == 1) {
      assembleOneLevel(b, rep, def, n, reach[1], maxDef, levels[0], levels[1], offsets[1], nulls);
      return;
    }
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
          nulls[p] = d < maxDef;
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
   * The common case of one repeated field (a list or map of primitives or structs), without the
   * level loop and without branches on the data: every entry writes its row slot and its element
   * slot, and the counts move on only when the entry makes a row or an element (the next write
   * overwrites a slot that did not count). Record lengths and nulls are random in real data, so
   * branches on them would mispredict; the flags are computed with shifts rather than conditionals,
   * which the JIT may otherwise compile to branches (measured: the loop took more than half of a
   * list&lt;int64&gt; scan that way).
   *
   * <p>An entry that repeats the list (level 1) is consistent when it and the entry before it (the
   * record's start or an earlier element of it) both reach the element's definition level: the list
   * it continues is then non-empty and non-null.
   */
  private static void assembleOneLevel(ColumnBatch b, int[] rep, int[] def, int n, int reach, int maxDef,
      int[] rows, int[] elements, int[] offsets, boolean[] nulls) {
    int rowCount = 0;
    int elementCount = 0;
    int bad = 0;
    int previous = -1; // no entry before the first: a first entry that repeats is inconsistent
    for (int i = 0; i < n; i++) {
      int d = def[i];
      int repeats = -rep[i] >>> 31; // 1 for level 1, 0 for level 0 (levels are validated as 0 or 1)
      int element = ((d - reach) >>> 31) ^ 1; // d >= reach
      bad |= repeats & (((d - reach) | (previous - reach)) >>> 31);
      previous = d;
      rows[rowCount] = d;
      offsets[rowCount] = elementCount;
      rowCount += repeats ^ 1;
      elements[elementCount] = d;
      nulls[elementCount] = d < maxDef;
      elementCount += element;
    }
    if (bad != 0) {
      throwFirstInconsistent(b, rep, def, n, reach);
    }
    offsets[rowCount] = elementCount;
    b.positionCounts[0] = rowCount;
    b.positionCounts[1] = elementCount;
    b.nullCount = elementCount - b.valueCount;
  }

  /** Finds and reports the first entry {@link #assembleOneLevel} found inconsistent (a cold path). */
  private static void throwFirstInconsistent(ColumnBatch b, int[] rep, int[] def, int n, int reach) {
    boolean open = false;
    for (int i = 0; i < n; i++) {
      int r = rep[i];
      int d = def[i];
      if (r == 0) {
        open = d >= reach;
      } else if (d < reach || !open) {
        throw inconsistent(b, i, r, d, reach);
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
