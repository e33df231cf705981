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

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.dictionary.DictionaryValues;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.LogicalInverseRewriter;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.filter2.predicate.SchemaCompatibilityValidator;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveComparator;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A parquet-java {@link FilterPredicate} compiled to run on batches: which rows of a window of
 * decoded rows match, with parquet-java's record-level semantics (its {@code
 * IncrementallyUpdatedFilterPredicate}): values compare with the column's {@link
 * PrimitiveComparator} (unsigned integers unsigned, floats as {@code Float.compare} orders them, so
 * NaN equals NaN and -0.0 is below 0.0), a null value satisfies {@code eq(null)}, {@code
 * notEq(v)}, {@code notIn} without null and {@code in} with null, and a user-defined predicate's
 * {@code acceptsNullValue()}; a column missing from the file is null in every row. {@code not} is
 * pushed to the leaves first ({@code not(lt)} is {@code gtEq}, so a null row satisfies neither), as
 * parquet-java does.
 *
 * <p>Each leaf runs one tight loop over a column's batch per window; a column whose batch holds
 * dictionary ids is evaluated once per dictionary entry and then looked up by id. Leaves take the
 * values of flat (not repeated) columns only.
 */
final class RowFilter {
  private static final int EQ = 0;
  private static final int NOT_EQ = 1;
  private static final int LT = 2;
  private static final int LT_EQ = 3;
  private static final int GT = 4;
  private static final int GT_EQ = 5;
  private static final int IN = 6;
  private static final int NOT_IN = 7;

  /** The predicate's columns, one slot each, in the order first named. */
  private final List<ColumnPath> columns = new ArrayList<>();
  private final MessageType schema;
  private final Node root;
  private final String text;
  /** The root's result (each node's own scratch holds its right operand's). */
  private boolean[] match = new boolean[0];

  private RowFilter(FilterPredicate predicate, MessageType schema) {
    this.schema = schema;
    this.text = predicate.toString();
    FilterPredicate rewritten = LogicalInverseRewriter.rewrite(predicate);
    try {
      this.root = rewritten.accept(new Compiler());
    } catch (UnsupportedOperationException e) {
      throw new IllegalArgumentException("row filtering cannot evaluate " + text + ": " + e.getMessage(), e);
    }
  }

  /**
   * Compiles {@code predicate} for a file of {@code schema}.
   *
   * @throws IllegalArgumentException if a column has another type than the predicate says, or is
   *     repeated, or the predicate uses an operator row filtering does not evaluate ({@code contains})
   */
  static RowFilter of(FilterPredicate predicate, MessageType schema) {
    try {
      SchemaCompatibilityValidator.validate(predicate, schema);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("the filter " + predicate + " does not fit the file's schema: "
          + String.valueOf(e.getMessage()).replace("\n", "; "), e);
    }
    return new RowFilter(predicate, schema);
  }

  /** The columns the predicate reads, by slot. */
  List<ColumnPath> columns() {
    return columns;
  }

  @Override
  public String toString() {
    return text;
  }

  /** One window of rows as a slot's batch holds them. */
  static final class Window {
    /** The slot's batch (physical values or dictionary ids), or null for a column missing from the file. */
    ColumnBatch batch;
    /** The batch row of the window's first row. */
    int row;
    /** The batch value index of the window's first non-null value (the row, with row positions). */
    int value;
  }

  /**
   * Writes the window positions ({@code 0..n}) of the rows that match into {@code selection} in
   * ascending order and returns how many.
   */
  int select(Window[] windows, int n, int[] selection) {
    if (match.length < n) {
      match = new boolean[Math.max(n, match.length * 2)];
    }
    root.eval(windows, n, match);
    int k = 0;
    for (int i = 0; i < n; i++) {
      selection[k] = i;
      k += match[i] ? 1 : 0;
    }
    return k;
  }

  private int slot(Operators.Column<?> column) {
    ColumnPath path = column.getColumnPath();
    int i = columns.indexOf(path);
    if (i < 0) {
      columns.add(path);
      i = columns.size() - 1;
    }
    return i;
  }

  /** The column's type in the file, or null when the file lacks it (every row null). */
  private PrimitiveType type(Operators.Column<?> column) {
    String[] path = column.getColumnPath().toArray();
    if (!schema.containsPath(path)) {
      return null;
    }
    PrimitiveType t = schema.getType(path).asPrimitiveType();
    if (schema.getMaxRepetitionLevel(path) > 0) {
      throw new IllegalArgumentException("row filtering evaluates flat columns only; " + column.getColumnPath().toDotString()
          + " is repeated");
    }
    return t;
  }

  // ---- compiling --------------------------------------------------------------------------

  private final class Compiler implements FilterPredicate.Visitor<Node> {
    @Override
    public <T extends Comparable<T>> Node visit(Operators.Eq<T> eq) {
      return comparison(eq.getColumn(), EQ, eq.getValue());
    }

    @Override
    public <T extends Comparable<T>> Node visit(Operators.NotEq<T> notEq) {
      return comparison(notEq.getColumn(), NOT_EQ, notEq.getValue());
    }

    @Override
    public <T extends Comparable<T>> Node visit(Operators.Lt<T> lt) {
      return comparison(lt.getColumn(), LT, lt.getValue());
    }

    @Override
    public <T extends Comparable<T>> Node visit(Operators.LtEq<T> ltEq) {
      return comparison(ltEq.getColumn(), LT_EQ, ltEq.getValue());
    }

    @Override
    public <T extends Comparable<T>> Node visit(Operators.Gt<T> gt) {
      return comparison(gt.getColumn(), GT, gt.getValue());
    }

    @Override
    public <T extends Comparable<T>> Node visit(Operators.GtEq<T> gtEq) {
      return comparison(gtEq.getColumn(), GT_EQ, gtEq.getValue());
    }

    @Override
    public <T extends Comparable<T>> Node visit(Operators.In<T> in) {
      return membership(in.getColumn(), IN, in.getValues());
    }

    @Override
    public <T extends Comparable<T>> Node visit(Operators.NotIn<T> notIn) {
      return membership(notIn.getColumn(), NOT_IN, notIn.getValues());
    }

    @Override
    public Node visit(Operators.And and) {
      return new And(and.getLeft().accept(this), and.getRight().accept(this));
    }

    @Override
    public Node visit(Operators.Or or) {
      return new Or(or.getLeft().accept(this), or.getRight().accept(this));
    }

    @Override
    public Node visit(Operators.Not not) {
      throw new IllegalStateException("not(...) is left after rewriting " + not);
    }

    @Override
    public <T extends Comparable<T>, U extends UserDefinedPredicate<T>> Node visit(Operators.UserDefined<T, U> udp) {
      return userDefined(udp.getColumn(), udp.getUserDefinedPredicate(), false);
    }

    @Override
    public <T extends Comparable<T>, U extends UserDefinedPredicate<T>> Node visit(Operators.LogicalNotUserDefined<T, U> udp) {
      return userDefined(udp.getUserDefined().getColumn(), udp.getUserDefined().getUserDefinedPredicate(), true);
    }
  }

  private Node comparison(Operators.Column<?> column, int op, Object value) {
    PrimitiveType type = type(column);
    int slot = slot(column);
    if (value == null) {
      // eq(null) holds for null rows only, notEq(null) for the others.
      return new NullTest(slot, op == EQ);
    }
    boolean nullResult = op == NOT_EQ;
    if (type == null) {
      return new Constant(nullResult);
    }
    return leaf(slot, type, op, nullResult, new Object[] {value});
  }

  private Node membership(Operators.Column<?> column, int op, Set<?> values) {
    PrimitiveType type = type(column);
    int slot = slot(column);
    boolean hasNull = values.contains(null);
    List<Object> members = new ArrayList<>();
    for (Object v : values) {
      if (v != null) {
        members.add(v);
      }
    }
    boolean in = op == IN;
    boolean nullResult = in == hasNull;
    if (type == null) {
      return new Constant(nullResult);
    }
    if (hasNull && !SetSemantics.NULL_MEMBER_KEEPS_VALUES) {
      // Before parquet-java 1.18: a set holding null matches null rows only (in), or non-null rows only (notIn).
      return new NullTest(slot, in);
    }
    if (members.isEmpty()) {
      return new NullTest(slot, nullResult);
    }
    if (!in && SetSemantics.NOT_IN_ANY_DIFFERENT && !allEqual(type, members)) {
      // Before parquet-java 1.18, notIn kept a value that differs from any member: with two members, every value.
      return new Constant(true);
    }
    return leaf(slot, type, op, nullResult, members.toArray());
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static boolean allEqual(PrimitiveType type, List<Object> members) {
    Comparator c = type.comparator();
    for (Object m : members) {
      if (c.compare(m, members.get(0)) != 0) {
        return false;
      }
    }
    return true;
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private Node userDefined(Operators.Column<?> column, UserDefinedPredicate udp, boolean inverted) {
    PrimitiveType type = type(column);
    int slot = slot(column);
    boolean nullResult = udp.acceptsNullValue() != inverted;
    if (type == null) {
      return new Constant(nullResult);
    }
    if (udp instanceof StringPredicates.Substring && type.getPrimitiveTypeName() != PrimitiveTypeName.INT96) {
      return new SubstringLeaf(slot, nullResult, (StringPredicates.Substring) udp, inverted);
    }
    return new Generic(slot, type, nullResult, v -> udp.keep((Comparable) v) != inverted);
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private Node leaf(int slot, PrimitiveType type, int op, boolean nullResult, Object[] values) {
    PrimitiveComparator comparator = type.comparator();
    switch (type.getPrimitiveTypeName()) {
      case INT32: {
        int signed = integerOrder(comparator, -1, 0, 1, 2);
        if (signed >= 0) {
          int[] v = new int[values.length];
          for (int i = 0; i < v.length; i++) {
            v[i] = (Integer) values[i];
          }
          return new IntLeaf(slot, op, nullResult, v, signed == 0);
        }
        break;
      }
      case INT64: {
        int signed = integerOrder(comparator, -1L, 0L, 1L, 2L);
        if (signed >= 0) {
          long[] v = new long[values.length];
          for (int i = 0; i < v.length; i++) {
            v[i] = (Long) values[i];
          }
          return new LongLeaf(slot, op, nullResult, v, signed == 0);
        }
        break;
      }
      case FLOAT:
        if (ordersLikeCompare(comparator, new Float[] {Float.intBitsToFloat(0xffc00000), Float.NEGATIVE_INFINITY, -0.0f, 0.0f,
            Float.NaN, Float.POSITIVE_INFINITY, 1.0f}, (a, b) -> Float.compare((Float) a, (Float) b))) {
          long[] v = new long[values.length];
          for (int i = 0; i < v.length; i++) {
            v[i] = floatKey((Float) values[i]);
          }
          return new FloatLeaf(slot, op, nullResult, v);
        }
        break;
      case DOUBLE:
        if (ordersLikeCompare(comparator, new Double[] {Double.longBitsToDouble(0xfff8000000000000L), Double.NEGATIVE_INFINITY, -0.0, 0.0,
            Double.NaN, Double.POSITIVE_INFINITY, 1.0}, (a, b) -> Double.compare((Double) a, (Double) b))) {
          long[] v = new long[values.length];
          for (int i = 0; i < v.length; i++) {
            v[i] = doubleKey((Double) values[i]);
          }
          return new DoubleLeaf(slot, op, nullResult, v);
        }
        break;
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        if (comparator == PrimitiveComparator.UNSIGNED_LEXICOGRAPHICAL_BINARY_COMPARATOR) {
          byte[][] v = new byte[values.length][];
          for (int i = 0; i < v.length; i++) {
            v[i] = ((Binary) values[i]).getBytes();
          }
          return new BytesLeaf(slot, op, nullResult, v);
        }
        break;
      default:
        break;
    }
    // Any other order (decimals in byte arrays, FLOAT16, INT96, booleans): the comparator on boxed values.
    Object[] targets = values.clone();
    return new Generic(slot, type, nullResult, v -> holds(op, comparator, v, targets));
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static boolean holds(int op, Comparator comparator, Object v, Object[] targets) {
    switch (op) {
      case IN:
        for (Object t : targets) {
          if (comparator.compare(v, t) == 0) {
            return true;
          }
        }
        return false;
      case NOT_IN:
        for (Object t : targets) {
          if (comparator.compare(v, t) == 0) {
            return false;
          }
        }
        return true;
      default:
        return compares(op, comparator.compare(v, targets[0]));
    }
  }

  private static boolean compares(int op, int c) {
    switch (op) {
      case EQ:
        return c == 0;
      case NOT_EQ:
        return c != 0;
      case LT:
        return c < 0;
      case LT_EQ:
        return c <= 0;
      case GT:
        return c > 0;
      default:
        return c >= 0;
    }
  }

  /** 0 for a signed order, 1 for an unsigned one, -1 for any other (probed on {@code minusOne < zero < one < two}). */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static int integerOrder(Comparator c, Object minusOne, Object zero, Object one, Object two) {
    if (c.compare(one, two) >= 0 || c.compare(zero, one) >= 0 || c.compare(one, one) != 0) {
      return -1;
    }
    int m = c.compare(minusOne, zero);
    return m < 0 ? 0 : m > 0 ? 1 : -1;
  }

  /** Whether {@code c} orders every pair of {@code probes} as {@code reference} does (by sign). */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static boolean ordersLikeCompare(Comparator c, Object[] probes, Comparator reference) {
    for (Object a : probes) {
      for (Object b : probes) {
        if (Integer.signum(c.compare(a, b)) != Integer.signum(reference.compare(a, b))) {
          return false;
        }
      }
    }
    return true;
  }

  /** A key whose signed order is {@code Float.compare}'s (NaNs made canonical first, as it does). */
  static long floatKey(float f) {
    int bits = Float.floatToIntBits(f);
    return bits ^ ((bits >> 31) & 0x7fffffff);
  }

  /** A key whose signed order is {@code Double.compare}'s. */
  static long doubleKey(double d) {
    long bits = Double.doubleToLongBits(d);
    return bits ^ ((bits >> 63) & 0x7fffffffffffffffL);
  }

  // ---- evaluating ---------------------------------------------------------------------------

  private abstract static class Node {
    private boolean[] scratch = new boolean[0];

    boolean[] scratch(int n) {
      if (scratch.length < n) {
        scratch = new boolean[Math.max(n, scratch.length * 2)];
      }
      return scratch;
    }

    /** Writes whether each of the window's {@code n} rows satisfies this node into {@code dst[0, n)}. */
    abstract void eval(Window[] windows, int n, boolean[] dst);
  }

  private static final class And extends Node {
    private final Node left;
    private final Node right;

    And(Node left, Node right) {
      this.left = left;
      this.right = right;
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
  }

  private static final class Or extends Node {
    private final Node left;
    private final Node right;

    Or(Node left, Node right) {
      this.left = left;
      this.right = right;
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

  private static boolean none(boolean[] a, int n) {
    for (int i = 0; i < n; i++) {
      if (a[i]) {
        return false;
      }
    }
    return true;
  }

  private static boolean all(boolean[] a, int n) {
    for (int i = 0; i < n; i++) {
      if (!a[i]) {
        return false;
      }
    }
    return true;
  }

  /** The same answer for every row: a comparison with a column missing from the file. */
  private static final class Constant extends Node {
    private final boolean result;

    Constant(boolean result) {
      this.result = result;
    }

    @Override
    void eval(Window[] windows, int n, boolean[] dst) {
      Arrays.fill(dst, 0, n, result);
    }
  }

  /** Whether the row is null ({@code eq(null)}), or not ({@code notEq(null)}). */
  private static final class NullTest extends Node {
    private final int slot;
    private final boolean whenNull;

    NullTest(int slot, boolean whenNull) {
      this.slot = slot;
      this.whenNull = whenNull;
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
  }

  /**
   * A comparison on one column's values: the values of the window (or of the dictionary, once per
   * dictionary) go through {@link #match}, and null rows get {@link #nullResult}.
   */
  private abstract static class Leaf extends Node {
    final int slot;
    final int op;
    final boolean nullResult;
    private DictionaryValues tableFor;
    private boolean[] table = new boolean[1];
    private boolean[] dense = new boolean[0];

    Leaf(int slot, int op, boolean nullResult) {
      this.slot = slot;
      this.op = op;
      this.nullResult = nullResult;
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
        table = t;
        tableFor = d;
      }
      return table;
    }
  }

  /** INT32 values as keys: with the sign bit flipped for an unsigned order, then widened. */
  private static final class IntLeaf extends LongKeyLeaf {
    private final int flip;

    IntLeaf(int slot, int op, boolean nullResult, int[] targets, boolean signed) {
      super(slot, op, nullResult, keysOf(targets, signed ? 0 : Integer.MIN_VALUE));
      this.flip = signed ? 0 : Integer.MIN_VALUE;
    }

    private static long[] keysOf(int[] v, int flip) {
      long[] out = new long[v.length];
      for (int i = 0; i < out.length; i++) {
        out[i] = v[i] ^ flip;
      }
      return out;
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

  /** Values as longs whose signed order is the column's: INT32 and INT64 (unsigned ones with the sign bit flipped), FLOAT and DOUBLE ({@link #floatKey}, {@link #doubleKey}). */
  private abstract static class LongKeyLeaf extends Leaf {
    private final long[] targets;

    LongKeyLeaf(int slot, int op, boolean nullResult, long[] targets) {
      super(slot, op, nullResult);
      this.targets = targets;
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

  private static final class LongLeaf extends LongKeyLeaf {
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

  private static final class FloatLeaf extends LongKeyLeaf {
    FloatLeaf(int slot, int op, boolean nullResult, long[] targets) {
      super(slot, op, nullResult, targets);
    }

    @Override
    long[] keys(ColumnBatch batch, DictionaryValues dictionary, int from, int n) {
      float[] a = batch != null ? batch.floats : dictionary.floats();
      long[] k = keyScratch(n);
      for (int i = 0; i < n; i++) {
        k[i] = floatKey(a[from + i]);
      }
      return k;
    }

    @Override
    int keyStart(int from) {
      return 0;
    }
  }

  private static final class DoubleLeaf extends LongKeyLeaf {
    DoubleLeaf(int slot, int op, boolean nullResult, long[] targets) {
      super(slot, op, nullResult, targets);
    }

    @Override
    long[] keys(ColumnBatch batch, DictionaryValues dictionary, int from, int n) {
      double[] a = batch != null ? batch.doubles : dictionary.doubles();
      long[] k = keyScratch(n);
      for (int i = 0; i < n; i++) {
        k[i] = doubleKey(a[from + i]);
      }
      return k;
    }

    @Override
    int keyStart(int from) {
      return 0;
    }
  }

  /** Byte arrays in unsigned lexicographic order (strings, plain binaries), compared in place. */
  private static final class BytesLeaf extends Leaf {
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
            dst[at + i] = compares(op, Arrays.compareUnsigned(bytes, offsets[from + i], offsets[from + i + 1], t, 0, t.length));
          }
          break;
      }
    }
  }

  /** {@link StringPredicates}: tested on the bytes where they lie, no {@code Binary} per value. */
  private static final class SubstringLeaf extends Leaf {
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
  private interface ValueTest {
    boolean test(Object value);
  }

  private static final class Generic extends Leaf {
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
