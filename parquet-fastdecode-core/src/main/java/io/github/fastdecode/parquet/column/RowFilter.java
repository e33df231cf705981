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

import io.github.fastdecode.parquet.column.RowFilterNodes.And;
import io.github.fastdecode.parquet.column.RowFilterNodes.BytesLeaf;
import io.github.fastdecode.parquet.column.RowFilterNodes.Constant;
import io.github.fastdecode.parquet.column.RowFilterNodes.DoubleLeaf;
import io.github.fastdecode.parquet.column.RowFilterNodes.FloatLeaf;
import io.github.fastdecode.parquet.column.RowFilterNodes.Generic;
import io.github.fastdecode.parquet.column.RowFilterNodes.IntLeaf;
import io.github.fastdecode.parquet.column.RowFilterNodes.LongLeaf;
import io.github.fastdecode.parquet.column.RowFilterNodes.Node;
import io.github.fastdecode.parquet.column.RowFilterNodes.NullTest;
import io.github.fastdecode.parquet.column.RowFilterNodes.Or;
import io.github.fastdecode.parquet.column.RowFilterNodes.SubstringLeaf;
import java.util.ArrayList;
import java.util.BitSet;
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
  static final int EQ = 0;
  static final int NOT_EQ = 1;
  static final int LT = 2;
  static final int LT_EQ = 3;
  static final int GT = 4;
  static final int GT_EQ = 5;
  static final int IN = 6;
  static final int NOT_IN = 7;

  /** The predicate's columns, one slot each, in the order first named. */
  private final List<ColumnPath> columns = new ArrayList<>();
  private final MessageType schema;
  private final Node root;
  private final String text;
  private final List<Stage> stages;

  private RowFilter(FilterPredicate predicate, MessageType schema) {
    this.schema = schema;
    this.text = predicate.toString();
    FilterPredicate rewritten = LogicalInverseRewriter.rewrite(predicate);
    try {
      this.root = rewritten.accept(new Compiler());
    } catch (UnsupportedOperationException e) {
      throw new IllegalArgumentException("row filtering cannot evaluate " + text + ": " + e.getMessage(), e);
    }
    this.stages = split(root, columns.size());
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

  /**
   * The predicate as stages of a staged read: its top-level conjuncts grouped so that no two groups
   * read the same column (a conjunct that reads no column, and any slot no conjunct reads, joins the
   * first group). A row matches when it satisfies every stage, so a stage need only be evaluated on
   * the rows the stages before it kept, and its columns read only at those rows. One stage, the
   * whole predicate, when it is not a conjunction of parts on different columns.
   */
  List<Stage> stages() {
    return stages;
  }

  /** A part of the predicate and the slots it reads. */
  static final class Stage {
    final Node node;
    final int[] slots;

    Stage(Node node, int[] slots) {
      this.node = node;
      this.slots = slots;
    }
  }

  private static List<Stage> split(Node root, int slotCount) {
    List<Node> parts = new ArrayList<>();
    And.conjuncts(root, parts);
    List<List<Node>> groups = new ArrayList<>();
    List<BitSet> reads = new ArrayList<>();
    List<Node> noColumn = new ArrayList<>();
    for (Node part : parts) {
      BitSet slots = new BitSet();
      part.slots(slots);
      if (slots.isEmpty()) {
        noColumn.add(part);
        continue;
      }
      // Joins the first group that shares a slot, and that group absorbs any later one that does.
      int into = -1;
      for (int g = 0; g < groups.size(); g++) {
        if (!reads.get(g).intersects(slots)) {
          continue;
        }
        if (into < 0) {
          into = g;
        } else {
          groups.get(into).addAll(groups.remove(g));
          slots.or(reads.remove(g));
          g--;
        }
      }
      if (into < 0) {
        groups.add(new ArrayList<>());
        reads.add(new BitSet());
        into = groups.size() - 1;
      }
      groups.get(into).add(part);
      reads.get(into).or(slots);
    }
    BitSet all = new BitSet();
    all.set(0, slotCount);
    if (groups.size() <= 1) {
      return List.of(new Stage(root, all.stream().toArray()));
    }
    groups.get(0).addAll(0, noColumn);
    for (BitSet r : reads) {
      all.andNot(r);
    }
    reads.get(0).or(all);
    List<Stage> out = new ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      List<Node> group = groups.get(g);
      Node node = group.get(group.size() - 1);
      for (int i = group.size() - 2; i >= 0; i--) {
        node = new And(group.get(i), node);
      }
      out.add(new Stage(node, reads.get(g).stream().toArray()));
    }
    return List.copyOf(out);
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

  static boolean compares(int op, int c) {
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

}
