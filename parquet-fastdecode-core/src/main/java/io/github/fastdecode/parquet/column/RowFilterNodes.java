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

import static io.github.fastdecode.parquet.column.RowFilter.EQ;
import static io.github.fastdecode.parquet.column.RowFilter.GT;
import static io.github.fastdecode.parquet.column.RowFilter.GT_EQ;
import static io.github.fastdecode.parquet.column.RowFilter.IN;
import static io.github.fastdecode.parquet.column.RowFilter.LT;
import static io.github.fastdecode.parquet.column.RowFilter.LT_EQ;
import static io.github.fastdecode.parquet.column.RowFilter.NOT_EQ;
import static io.github.fastdecode.parquet.column.RowFilter.NOT_IN;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.column.RowFilter.Window;
import io.github.fastdecode.parquet.dictionary.DictionaryValues;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The nodes a {@link RowFilter} compiles a predicate to, and how they evaluate a window of rows:
 * {@code and}/{@code or}, null tests, constants (a column missing from the file), and leaves that
 * compare one column's values (or its dictionary's entries, once per dictionary).
 */
final class RowFilterNodes {
  private RowFilterNodes() {}

  abstract static class Node {
    private boolean[] scratch = new boolean[0];

    boolean[] scratch(int n) {
      if (scratch.length < n) {
        scratch = new boolean[Math.max(n, scratch.length * 2)];
      }
      return scratch;
    }

    /** Writes whether each of the window's {@code n} rows satisfies this node into {@code dst[0, n)}. */
    abstract void eval(Window[] windows, int n, boolean[] dst);

    /** Adds the slots (predicate columns) this node reads to {@code into}. */
    abstract void slots(BitSet into);

    /**
     * Whether {@link #refine} tests only the positions it is given (on values without nulls), not
     * every row of the window: then refining a window costs no more than evaluating the kept rows alone.
     */
    boolean refinesInPlace() {
      return false;
    }

    private boolean[] mask = new boolean[0];

    /** A flag per row for {@link #select} and {@link #refine}, apart from {@link #scratch} (which {@link #eval} may use). */
    final boolean[] mask(int n) {
      if (mask.length < n) {
        mask = new boolean[Math.max(n, mask.length * 2)];
      }
      return mask;
    }

    /**
     * Writes the window positions ({@code 0..n}) of the rows that satisfy this node into {@code
     * sel}, ascending, and returns how many. This default evaluates a flag per row and gathers the
     * positions; leaves on values without nulls write the positions straight from the values.
     */
    int select(Window[] windows, int n, int[] sel) {
      boolean[] m = mask(n);
      eval(windows, n, m);
      int k = 0;
      for (int i = 0; i < n; i++) {
        sel[k] = i;
        k += m[i] ? 1 : 0;
      }
      return k;
    }

    /**
     * Keeps, of the window positions {@code sel[0, k)} (ascending), those whose rows satisfy this
     * node, moved to the front in order, and returns how many: the right side of an {@code and}
     * tests only the rows the left side kept.
     */
    int refine(Window[] windows, int n, int[] sel, int k) {
      boolean[] m = mask(n);
      eval(windows, n, m);
      int r = 0;
      for (int j = 0; j < k; j++) {
        int p = sel[j];
        sel[r] = p;
        r += m[p] ? 1 : 0;
      }
      return r;
    }
  }

  /** Writes {@code 0..n} into {@code sel}: every row of the window. */
  static int every(int[] sel, int n) {
    for (int i = 0; i < n; i++) {
      sel[i] = i;
    }
    return n;
  }

  static final class And extends Node {
    private final Node left;
    private final Node right;

    And(Node left, Node right) {
      this.left = left;
      this.right = right;
    }

    /** The conjuncts of a tree of {@code and}s, left to right, into {@code into}. */
    static void conjuncts(Node node, List<Node> into) {
      if (node instanceof And) {
        conjuncts(((And) node).left, into);
        conjuncts(((And) node).right, into);
      } else {
        into.add(node);
      }
    }

    @Override
    void slots(BitSet into) {
      left.slots(into);
      right.slots(into);
    }

    @Override
    boolean refinesInPlace() {
      return left.refinesInPlace() && right.refinesInPlace();
    }

    @Override
    void eval(Window[] windows, int n, boolean[] dst) {
      left.eval(windows, n, dst);
      if (none(dst, n)) {
        return;
      }
      boolean[] other = scratch(n);
      right.eval(windows, n, other);
      for (int i = 0; i < n; i++) {
        dst[i] &= other[i];
      }
    }

    @Override
    int select(Window[] windows, int n, int[] sel) {
      int k = left.select(windows, n, sel);
      return k == 0 ? 0 : right.refine(windows, n, sel, k);
    }

    @Override
    int refine(Window[] windows, int n, int[] sel, int k) {
      k = left.refine(windows, n, sel, k);
      return k == 0 ? 0 : right.refine(windows, n, sel, k);
    }
  }

  static final class Or extends Node {
    private final Node left;
    private final Node right;

    Or(Node left, Node right) {
      this.left = left;
      this.right = right;
    }

    @Override
    void slots(BitSet into) {
      left.slots(into);
      right.slots(into);
    }

    @Override
    void eval(Window[] windows, int n, boolean[] dst) {
      left.eval(windows, n, dst);
      if (all(dst, n)) {
        return;
      }
      boolean[] other = scratch(n);
      right.eval(windows, n, other);
      for (int i = 0; i < n; i++) {
        dst[i] |= other[i];
      }
    }
  }

  static boolean none(boolean[] a, int n) {
    for (int i = 0; i < n; i++) {
      if (a[i]) {
        return false;
      }
    }
    return true;
  }

  static boolean all(boolean[] a, int n) {
    for (int i = 0; i < n; i++) {
      if (!a[i]) {
        return false;
      }
    }
    return true;
  }

  /** The same answer for every row: a comparison with a column missing from the file. */
  static final class Constant extends Node {
    private final boolean result;

    Constant(boolean result) {
      this.result = result;
    }

    @Override
    void slots(BitSet into) {}

    @Override
    boolean refinesInPlace() {
      return true;
    }

    @Override
    void eval(Window[] windows, int n, boolean[] dst) {
      Arrays.fill(dst, 0, n, result);
    }

    @Override
    int select(Window[] windows, int n, int[] sel) {
      return result ? every(sel, n) : 0;
    }

    @Override
    int refine(Window[] windows, int n, int[] sel, int k) {
      return result ? k : 0;
    }
  }

  /** Whether the row is null ({@code eq(null)}), or not ({@code notEq(null)}). */
  static final class NullTest extends Node {
    private final int slot;
    private final boolean whenNull;

    NullTest(int slot, boolean whenNull) {
      this.slot = slot;
      this.whenNull = whenNull;
    }

    @Override
    void slots(BitSet into) {
      into.set(slot);
    }

    @Override
    boolean refinesInPlace() {
      return true;
    }

    @Override
    void eval(Window[] windows, int n, boolean[] dst) {
      Window w = windows[slot];
      if (w.batch == null) {
        Arrays.fill(dst, 0, n, whenNull);
        return;
      }
      if (w.batch.nullCount == 0) {
        // No null in the batch (Spark pushes IS NOT NULL on every filtered column).
        Arrays.fill(dst, 0, n, !whenNull);
        return;
      }
      boolean[] nulls = w.batch.nulls;
      for (int i = 0; i < n; i++) {
        dst[i] = nulls[w.row + i] == whenNull;
      }
    }

    @Override
    int refine(Window[] windows, int n, int[] sel, int k) {
      Window w = windows[slot];
      if (w.batch == null || w.batch.nullCount == 0) {
        return (w.batch == null) == whenNull ? k : 0;
      }
      boolean[] nulls = w.batch.nulls;
      int row = w.row;
      int r = 0;
      for (int j = 0; j < k; j++) {
        int p = sel[j];
        sel[r] = p;
        r += nulls[row + p] == whenNull ? 1 : 0;
      }
      return r;
    }
  }

  /**
   * A comparison on one column's values: the values of the window (or of the dictionary, once per
   * dictionary) go through {@link #match}, and null rows get {@link #nullResult}.
   */
  abstract static class Leaf extends Node {
    final int slot;
    final int op;
    final boolean nullResult;
    private DictionaryValues tableFor;
    private boolean[] table = new boolean[1];
    private byte[] tableBits = new byte[1];
    private boolean[] dense = new boolean[0];

    Leaf(int slot, int op, boolean nullResult) {
      this.slot = slot;
      this.op = op;
      this.nullResult = nullResult;
    }

    @Override
    final void slots(BitSet into) {
      into.set(slot);
    }

    /** Writes whether values {@code [from, from + n)} of the batch's arrays (or the dictionary's) match into {@code dst[at..]}. */
    abstract void match(ColumnBatch batch, DictionaryValues dictionary, int from, int n, boolean[] dst, int at);

    @Override
    final void eval(Window[] windows, int n, boolean[] dst) {
      Window w = windows[slot];
      ColumnBatch b = w.batch;
      if (b == null) {
        Arrays.fill(dst, 0, n, nullResult);
        return;
      }
      boolean[] nulls = b.nulls;
      int row = w.row;
      int nullCount = 0;
      if (b.mayHaveNulls() && b.nullCount > 0) {
        for (int i = row, end = row + n; i < end; i++) {
          nullCount += nulls[i] ? 1 : 0;
        }
      }
      boolean positioned = b.layout() == ColumnBatch.Layout.ROW_POSITIONS || nullCount == 0;
      int values = positioned ? n : n - nullCount;
      boolean[] out = positioned ? dst : dense(values);
      if (b.hasDictionaryIds()) {
        boolean[] t = table(b.dictionary());
        int[] ids = b.dictionaryIds();
        for (int i = 0, v = w.value; i < values; i++) {
          out[i] = t[ids[v + i]];
        }
      } else if (values > 0) {
        match(b, null, w.value, values, out, 0);
      }
      if (nullCount == 0) {
        return;
      }
      boolean nr = nullResult;
      if (positioned) {
        for (int i = 0; i < n; i++) {
          dst[i] = nulls[row + i] ? nr : dst[i];
        }
      } else {
        for (int i = 0, k = 0; i < n; i++) {
          boolean isNull = nulls[row + i];
          dst[i] = isNull ? nr : out[k];
          k += isNull ? 0 : 1;
        }
      }
    }

    /**
     * {@link #select} straight from values {@code [from, from + n)} of the batch, one per window
     * row (no nulls), or -1 where this leaf cannot.
     */
    int selectValues(ColumnBatch b, int from, int n, int[] sel) {
      return -1;
    }

    /** {@link #refine} straight from the values, as {@link #selectValues}; -1 where this leaf cannot. */
    int refineValues(ColumnBatch b, int from, int n, int[] sel, int k) {
      return -1;
    }

    @Override
    final int select(Window[] windows, int n, int[] sel) {
      Window w = windows[slot];
      ColumnBatch b = w.batch;
      if (b == null) {
        return nullResult ? every(sel, n) : 0;
      }
      if (b.nullCount == 0) {
        // One value per row: the window's values are [w.value, w.value + n).
        if (b.hasDictionaryIds()) {
          byte[] t = tableBits(b.dictionary());
          int[] ids = b.dictionaryIds();
          int v = w.value;
          int k = 0;
          for (int i = 0; i < n; i++) {
            sel[k] = i;
            k += t[ids[v + i]];
          }
          return k;
        }
        int k = selectValues(b, w.value, n, sel);
        if (k >= 0) {
          return k;
        }
      }
      return super.select(windows, n, sel);
    }

    @Override
    final int refine(Window[] windows, int n, int[] sel, int k) {
      Window w = windows[slot];
      ColumnBatch b = w.batch;
      if (b == null) {
        return nullResult ? k : 0;
      }
      if (k == n) {
        return select(windows, n, sel); // every row still in: positions 0..n-1, read in order
      }
      if (b.nullCount == 0) {
        if (b.hasDictionaryIds()) {
          byte[] t = tableBits(b.dictionary());
          int[] ids = b.dictionaryIds();
          int v = w.value;
          int r = 0;
          for (int j = 0; j < k; j++) {
            int p = sel[j];
            sel[r] = p;
            r += t[ids[v + p]];
          }
          return r;
        }
        int r = refineValues(b, w.value, n, sel, k);
        if (r >= 0) {
          return r;
        }
      }
      return super.refine(windows, n, sel, k);
    }

    private boolean[] dense(int n) {
      if (dense.length < n) {
        dense = new boolean[Math.max(n, dense.length * 2)];
      }
      return dense;
    }

    /** Whether each dictionary entry matches, computed once per dictionary (null rows with row positions hold id 0). */
    private boolean[] table(DictionaryValues d) {
      if (d != tableFor) {
        boolean[] t = new boolean[Math.max(1, d.size())];
        if (d.size() > 0) {
          match(null, d, 0, d.size(), t, 0);
        }
        byte[] bits = new byte[t.length];
        for (int i = 0; i < t.length; i++) {
          bits[i] = (byte) (t[i] ? 1 : 0);
        }
        table = t;
        tableBits = bits;
        tableFor = d;
      }
      return table;
    }

    /** {@link #table} as 0 and 1, added to a count with no branch per row. */
    private byte[] tableBits(DictionaryValues d) {
      table(d);
      return tableBits;
    }
  }

  /** INT32 values as keys: with the sign bit flipped for an unsigned order, then widened. */
  static final class IntLeaf extends LongKeyLeaf {
    private final int flip;

    /**
     * The range of keys clamped to ints: {@code [intLow, intLow + intSpan]}, the span below 2^32;
     * none: no int key matches. A key {@code x} is in it when {@code (x - intLow) & 0xFFFFFFFF} is at
     * most the span, which as longs is a subtraction whose sign bit is the answer (no branch).
     */
    private final int intLow;
    private final long intSpan;
    private final boolean none;

    IntLeaf(int slot, int op, boolean nullResult, int[] targets, boolean signed) {
      super(slot, op, nullResult, keysOf(targets, signed ? 0 : Integer.MIN_VALUE));
      this.flip = signed ? 0 : Integer.MIN_VALUE;
      long low = Math.max(lo, Integer.MIN_VALUE);
      long high = Math.min(lo + span, Integer.MAX_VALUE);
      this.none = low > high;
      this.intLow = (int) low;
      this.intSpan = high - low;
    }

    private static long[] keysOf(int[] v, int flip) {
      long[] out = new long[v.length];
      for (int i = 0; i < out.length; i++) {
        out[i] = v[i] ^ flip;
      }
      return out;
    }

    @Override
    int selectRange(ColumnBatch b, int from, int n, int[] sel) {
      if (none) {
        return outside ? every(sel, n) : 0;
      }
      int[] a = b.ints;
      int f = flip;
      int low = intLow;
      long sp = intSpan;
      int out = outside ? 1 : 0;
      int k = 0;
      for (int i = 0; i < n; i++) {
        sel[k] = i;
        k += (int) ((sp - (((a[from + i] ^ f) - low) & 0xFFFF_FFFFL)) >>> 63) ^ 1 ^ out;
      }
      return k;
    }

    @Override
    int refineRange(ColumnBatch b, int from, int n, int[] sel, int k) {
      if (none) {
        return outside ? k : 0;
      }
      int[] a = b.ints;
      int f = flip;
      int low = intLow;
      long sp = intSpan;
      int out = outside ? 1 : 0;
      int r = 0;
      for (int j = 0; j < k; j++) {
        int p = sel[j];
        sel[r] = p;
        r += (int) ((sp - (((a[from + p] ^ f) - low) & 0xFFFF_FFFFL)) >>> 63) ^ 1 ^ out;
      }
      return r;
    }

    @Override
    long[] keys(ColumnBatch batch, DictionaryValues dictionary, int from, int n) {
      int[] a = batch != null ? batch.ints : dictionary.ints();
      int f = flip;
      long[] k = keyScratch(n);
      for (int i = 0; i < n; i++) {
        k[i] = a[from + i] ^ f;
      }
      return k;
    }

    @Override
    int keyStart(int from) {
      return 0;
    }
  }

  /** Values as longs whose signed order is the column's: INT32 and INT64 (unsigned ones with the sign bit flipped), FLOAT and DOUBLE ({@link RowFilter#floatKey}, {@link RowFilter#doubleKey}). */
  abstract static class LongKeyLeaf extends Leaf {
    private final long[] targets;
    /**
     * A comparison as a range of keys: {@code [lo, lo + span]} (span unsigned) holds the keys that
     * match, or with {@link #outside} the keys that do not ({@code notEq}); one unsigned compare
     * per value, whatever the operator. {@link #ranged} false: {@code in}/{@code notIn}.
     */
    final boolean ranged;
    final boolean empty;
    final boolean outside;
    final long lo;
    final long span;

    LongKeyLeaf(int slot, int op, boolean nullResult, long[] targets) {
      super(slot, op, nullResult);
      this.targets = targets;
      long t = targets.length > 0 ? targets[0] : 0;
      long low = Long.MIN_VALUE;
      long high = Long.MAX_VALUE;
      switch (op) {
        case EQ:
        case NOT_EQ:
          low = t;
          high = t;
          break;
        case LT:
          high = t - 1;
          break;
        case LT_EQ:
          high = t;
          break;
        case GT:
          low = t + 1;
          break;
        case GT_EQ:
          low = t;
          break;
        default:
          break;
      }
      this.ranged = op >= EQ && op <= GT_EQ;
      this.empty = (op == LT && t == Long.MIN_VALUE) || (op == GT && t == Long.MAX_VALUE);
      this.outside = op == NOT_EQ;
      this.lo = low;
      this.span = high - low;
    }

    @Override
    final int selectValues(ColumnBatch b, int from, int n, int[] sel) {
      if (!ranged) {
        return -1;
      }
      return empty ? 0 : selectRange(b, from, n, sel);
    }

    @Override
    final int refineValues(ColumnBatch b, int from, int n, int[] sel, int k) {
      if (!ranged) {
        return -1;
      }
      return empty ? 0 : refineRange(b, from, n, sel, k);
    }

    @Override
    boolean refinesInPlace() {
      return ranged;
    }

    /**
     * 1 when {@code d <= span} as unsigned longs, else 0, with no branch: the borrow out of {@code
     * span - d}. A comparison whose outcome varies from row to row would mispredict a branch on
     * about every other row.
     */
    static int inRange(long d, long span) {
      long borrow = (~span & d) | (~(span ^ d) & (span - d));
      return 1 - (int) (borrow >>> 63);
    }

    /** {@link #selectValues} over the keys {@link #keys} makes; {@link IntLeaf} reads its ints directly. */
    int selectRange(ColumnBatch b, int from, int n, int[] sel) {
      long[] a = keys(b, null, from, n);
      int s = keyStart(from);
      long low = lo;
      long sp = span;
      int out = outside ? 1 : 0;
      int k = 0;
      for (int i = 0; i < n; i++) {
        sel[k] = i;
        k += inRange(a[s + i] - low, sp) ^ out;
      }
      return k;
    }

    /** {@link #refineValues} over the keys of the whole window. */
    int refineRange(ColumnBatch b, int from, int n, int[] sel, int k) {
      long[] a = keys(b, null, from, n);
      int s = keyStart(from);
      long low = lo;
      long sp = span;
      int out = outside ? 1 : 0;
      int r = 0;
      for (int j = 0; j < k; j++) {
        int p = sel[j];
        sel[r] = p;
        r += inRange(a[s + p] - low, sp) ^ out;
      }
      return r;
    }

    /** Writes the keys of values {@code [from, from + n)} into {@code keys[0, n)}; returns keys, or the source array itself when values are their keys. */
    abstract long[] keys(ColumnBatch batch, DictionaryValues dictionary, int from, int n);

    private long[] keys = new long[0];

    long[] keyScratch(int n) {
      if (keys.length < n) {
        keys = new long[Math.max(n, keys.length * 2)];
      }
      return keys;
    }

    /** Where the first value's key is in the array {@link #keys} returns. */
    abstract int keyStart(int from);

    @Override
    final void match(ColumnBatch batch, DictionaryValues dictionary, int from, int n, boolean[] dst, int at) {
      long[] a = keys(batch, dictionary, from, n);
      int s = keyStart(from);
      long t = targets[0];
      switch (op) {
        case EQ:
          for (int i = 0; i < n; i++) {
            dst[at + i] = a[s + i] == t;
          }
          break;
        case NOT_EQ:
          for (int i = 0; i < n; i++) {
            dst[at + i] = a[s + i] != t;
          }
          break;
        case LT:
          for (int i = 0; i < n; i++) {
            dst[at + i] = a[s + i] < t;
          }
          break;
        case LT_EQ:
          for (int i = 0; i < n; i++) {
            dst[at + i] = a[s + i] <= t;
          }
          break;
        case GT:
          for (int i = 0; i < n; i++) {
            dst[at + i] = a[s + i] > t;
          }
          break;
        case GT_EQ:
          for (int i = 0; i < n; i++) {
            dst[at + i] = a[s + i] >= t;
          }
          break;
        default: {
          boolean notIn = op == NOT_IN;
          long[] ts = targets;
          for (int i = 0; i < n; i++) {
            long v = a[s + i];
            boolean m = false;
            for (long x : ts) {
              m |= v == x;
            }
            dst[at + i] = m != notIn;
          }
          break;
        }
      }
    }
  }

  static final class LongLeaf extends LongKeyLeaf {
    private final long flip;

    LongLeaf(int slot, int op, boolean nullResult, long[] targets, boolean signed) {
      super(slot, op, nullResult, flipped(targets, signed ? 0 : Long.MIN_VALUE));
      this.flip = signed ? 0 : Long.MIN_VALUE;
    }

    private static long[] flipped(long[] v, long flip) {
      long[] out = v.clone();
      for (int i = 0; i < out.length; i++) {
        out[i] ^= flip;
      }
      return out;
    }

    @Override
    long[] keys(ColumnBatch batch, DictionaryValues dictionary, int from, int n) {
      long[] a = batch != null ? batch.longs : dictionary.longs();
      if (flip == 0) {
        return a;
      }
      long[] k = keyScratch(n);
      for (int i = 0; i < n; i++) {
        k[i] = a[from + i] ^ Long.MIN_VALUE;
      }
      return k;
    }

    @Override
    int keyStart(int from) {
      return flip == 0 ? from : 0;
    }
  }

  static final class FloatLeaf extends LongKeyLeaf {
    FloatLeaf(int slot, int op, boolean nullResult, long[] targets) {
      super(slot, op, nullResult, targets);
    }

    @Override
    long[] keys(ColumnBatch batch, DictionaryValues dictionary, int from, int n) {
      float[] a = batch != null ? batch.floats : dictionary.floats();
      long[] k = keyScratch(n);
      for (int i = 0; i < n; i++) {
        k[i] = RowFilter.floatKey(a[from + i]);
      }
      return k;
    }

    @Override
    int keyStart(int from) {
      return 0;
    }
  }

  static final class DoubleLeaf extends LongKeyLeaf {
    DoubleLeaf(int slot, int op, boolean nullResult, long[] targets) {
      super(slot, op, nullResult, targets);
    }

    @Override
    long[] keys(ColumnBatch batch, DictionaryValues dictionary, int from, int n) {
      double[] a = batch != null ? batch.doubles : dictionary.doubles();
      long[] k = keyScratch(n);
      for (int i = 0; i < n; i++) {
        k[i] = RowFilter.doubleKey(a[from + i]);
      }
      return k;
    }

    @Override
    int keyStart(int from) {
      return 0;
    }
  }

  /** Byte arrays in unsigned lexicographic order (strings, plain binaries), compared in place. */
  static final class BytesLeaf extends Leaf {
    private final byte[][] targets;

    BytesLeaf(int slot, int op, boolean nullResult, byte[][] targets) {
      super(slot, op, nullResult);
      this.targets = targets;
    }

    @Override
    void match(ColumnBatch batch, DictionaryValues dictionary, int from, int n, boolean[] dst, int at) {
      BinaryBatch b = batch != null ? batch.binaries : dictionary.binaries();
      byte[] bytes = b.bytes();
      int[] offsets = b.offsets();
      byte[] t = targets[0];
      switch (op) {
        case EQ:
        case NOT_EQ: {
          boolean eq = op == EQ;
          for (int i = 0; i < n; i++) {
            int s = offsets[from + i];
            int e = offsets[from + i + 1];
            dst[at + i] = (e - s == t.length && Arrays.equals(bytes, s, e, t, 0, t.length)) == eq;
          }
          break;
        }
        case IN:
        case NOT_IN: {
          boolean notIn = op == NOT_IN;
          for (int i = 0; i < n; i++) {
            int s = offsets[from + i];
            int e = offsets[from + i + 1];
            boolean m = false;
            for (byte[] x : targets) {
              m |= e - s == x.length && Arrays.equals(bytes, s, e, x, 0, x.length);
            }
            dst[at + i] = m != notIn;
          }
          break;
        }
        default:
          for (int i = 0; i < n; i++) {
            dst[at + i] = RowFilter.compares(op, Arrays.compareUnsigned(bytes, offsets[from + i], offsets[from + i + 1], t, 0, t.length));
          }
          break;
      }
    }
  }

  /** {@link StringPredicates}: tested on the bytes where they lie, no {@code Binary} per value. */
  static final class SubstringLeaf extends Leaf {
    private final StringPredicates.Substring test;
    private final boolean inverted;

    SubstringLeaf(int slot, boolean nullResult, StringPredicates.Substring test, boolean inverted) {
      super(slot, -1, nullResult);
      this.test = test;
      this.inverted = inverted;
    }

    @Override
    void match(ColumnBatch batch, DictionaryValues dictionary, int from, int n, boolean[] dst, int at) {
      BinaryBatch b = batch != null ? batch.binaries : dictionary.binaries();
      test.testAll(b.bytes(), b.offsets(), from, n, dst, at, inverted);
    }
  }

  /** A test of one boxed value: any other order, and user-defined predicates. */
  interface ValueTest {
    boolean test(Object value);
  }

  static final class Generic extends Leaf {
    private final PrimitiveTypeName type;
    private final ValueTest test;

    Generic(int slot, PrimitiveType type, boolean nullResult, ValueTest test) {
      super(slot, -1, nullResult);
      this.type = type.getPrimitiveTypeName();
      this.test = test;
    }

    @Override
    void match(ColumnBatch batch, DictionaryValues d, int from, int n, boolean[] dst, int at) {
      for (int i = 0; i < n; i++) {
        dst[at + i] = test.test(value(batch, d, from + i));
      }
    }

    private Object value(ColumnBatch b, DictionaryValues d, int i) {
      switch (type) {
        case INT32:
          return b != null ? b.ints[i] : d.ints()[i];
        case INT64:
          return b != null ? b.longs[i] : d.longs()[i];
        case FLOAT:
          return b != null ? b.floats[i] : d.floats()[i];
        case DOUBLE:
          return b != null ? b.doubles[i] : d.doubles()[i];
        case BOOLEAN:
          return b.booleans[i];
        default: {
          BinaryBatch bin = b != null ? b.binaries : d.binaries();
          int s = bin.offset(i);
          return Binary.fromConstantByteArray(bin.bytes(), s, bin.offset(i + 1) - s);
        }
      }
    }
  }
}
