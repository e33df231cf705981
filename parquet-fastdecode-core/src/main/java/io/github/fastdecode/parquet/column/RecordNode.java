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
import java.util.List;
import java.util.Objects;
import org.apache.parquet.schema.Type;

/**
 * One node of a {@link RecordBatch}: a field of the file's schema read as a struct, a list, a map
 * or a primitive, with its nulls (and, for lists and maps, offsets) for the batch's last read.
 *
 * <p>A node has <em>positions</em> at a level of nesting ({@link #level()}): level 0 is the rows;
 * the children of a list or map node sit one level deeper, one position per element or entry. A
 * struct's fields and a primitive share their parent struct's positions. A node is null at a
 * position when it or an ancestor is null there ({@link #nulls()}); a required node under a null
 * struct is null too.
 *
 * <ul>
 *   <li>{@link Kind#STRUCT}: {@link #children()} are the chosen fields, in schema order.
 *   <li>{@link Kind#LIST}: {@link #element()}; position {@code p} owns element positions {@code
 *       [offsets()[p], offsets()[p + 1])}; a null list and an empty one both own none.
 *   <li>{@link Kind#MAP}: {@link #key()} and {@link #value()} share the entry positions that
 *       {@link #offsets()} index, as a list's elements do.
 *   <li>{@link Kind#PRIMITIVE}: {@link #column()} holds the values, dense over non-null positions
 *       for repeated columns (and flat {@link ColumnBatch.Layout#DENSE} ones).
 * </ul>
 *
 * <p>How the schema maps to nodes follows the Parquet format's list and map rules, including their
 * backward-compatibility forms: a LIST group's one repeated field is the element itself (required
 * elements) when it is a primitive, a group of several fields, or a one-field group named {@code
 * array} or {@code <list name>_tuple}; otherwise its one field is the element. A repeated field
 * outside a LIST or MAP group is a required list of required elements. A MAP (or MAP_KEY_VALUE)
 * group's repeated group of two fields is its key and value; with any other field count (for
 * instance when only the value was chosen) the map reads as a list of structs.
 */
public final class RecordNode {
  /** What a node stands for. */
  public enum Kind {
    PRIMITIVE,
    STRUCT,
    LIST,
    MAP
  }

  private static final int[] NO_OFFSETS = new int[] {0};

  private final Kind kind;
  private final String name;
  private final Type type;
  private final int level;
  private final int definitionLevel;
  private final List<RecordNode> children;
  /** PRIMITIVE: its column; otherwise the first leaf below, which gives positions and offsets. */
  final ColumnBatch leaf;

  private boolean[] nulls = new boolean[0];
  /** Whether {@link #nulls} is still to be made for the last read (on the first call of {@link #nulls()}). */
  private boolean nullsStale;
  /** Whether {@link #nulls} may hold a true flag anywhere (false: all false, nothing to clear). */
  private boolean nullsDirty;
  private int positionCount;
  private int[] offsets = NO_OFFSETS;

  RecordNode(Kind kind, String name, Type type, int level, int definitionLevel, List<RecordNode> children, ColumnBatch leaf) {
    this.kind = kind;
    this.name = name;
    this.type = type;
    this.level = level;
    this.definitionLevel = definitionLevel;
    this.children = List.copyOf(children);
    this.leaf = Objects.requireNonNull(leaf, "leaf");
  }

  public Kind kind() {
    return kind;
  }

  /** The field's name (a list's element and a map's key and value keep their schema names). */
  public String name() {
    return name;
  }

  /** The schema field this node reads (for a list's two-level element, the repeated field). */
  public Type type() {
    return type;
  }

  /** The level of nesting of this node's positions: 0 for rows, one more inside each list or map. */
  public int level() {
    return level;
  }

  /**
   * The definition level at which this node is defined: it is non-null at a position whose
   * definition level ({@link ColumnBatch#positionDefinitionLevels}) is at least this.
   */
  public int definitionLevel() {
    return definitionLevel;
  }

  /** STRUCT: its fields; LIST: the element; MAP: key and value; PRIMITIVE: none. */
  public List<RecordNode> children() {
    return children;
  }

  /** The child named {@code name} of a struct, or null. */
  public RecordNode child(String name) {
    for (RecordNode c : children) {
      if (c.name.equals(name)) {
        return c;
      }
    }
    return null;
  }

  /** A list's element node. */
  public RecordNode element() {
    require(Kind.LIST);
    return children.get(0);
  }

  /** A map's key node. */
  public RecordNode key() {
    require(Kind.MAP);
    return children.get(0);
  }

  /** A map's value node. */
  public RecordNode value() {
    require(Kind.MAP);
    return children.get(1);
  }

  /** A primitive's column batch: values, nulls and levels. */
  public ColumnBatch column() {
    require(Kind.PRIMITIVE);
    return leaf;
  }

  /** Positions of this node in the last read ({@link RecordBatch#rowCount()} at level 0). */
  public int positionCount() {
    return positionCount;
  }

  /**
   * One flag per position, valid at {@code [0, positionCount())}: whether the node is null there.
   * A list's, map's or struct's flags are made on the first call after a read (one pass over the
   * positions' definition levels; none for a node that cannot be null at its level), so reads that
   * never ask pay nothing for them.
   */
  public boolean[] nulls() {
    if (nullsStale) {
      makeNulls();
    }
    return nulls;
  }

  /** Whether the node is null at {@code position}. */
  public boolean isNull(int position) {
    Objects.checkIndex(position, positionCount);
    return nulls()[position];
  }

  /**
   * Fills {@link #nulls} for the last read. A node whose definition level no position of its level
   * can be below (a required field directly under a list, or at the top level) is never null: its
   * flags stay all false, cleared once if an earlier read set some.
   */
  private void makeNulls() {
    int n = positionCount;
    if (nulls.length < n) {
      nulls = new boolean[Math.max(n, nulls.length + (nulls.length >> 1))];
      nullsDirty = false;
    }
    int lowest = level == 0 ? 0 : leaf.repeatedDefinitionLevels[level];
    if (definitionLevel <= lowest) {
      if (nullsDirty) {
        Arrays.fill(nulls, false);
        nullsDirty = false;
      }
    } else {
      leaf.fillNulls(level, definitionLevel, nulls);
      nullsDirty = true;
    }
    nullsStale = false;
  }

  /**
   * A list's or map's offsets into its children's positions, valid at {@code [0, positionCount()]}
   * (the leaf column's {@link ColumnBatch#offsets(int) offsets(level() + 1)}, not a copy).
   */
  public int[] offsets() {
    if (kind != Kind.LIST && kind != Kind.MAP) {
      throw new IllegalStateException(name + " is a " + kind + ", not a list or map");
    }
    return offsets;
  }

  private void require(Kind k) {
    if (kind != k) {
      throw new IllegalStateException(name + " is a " + kind + ", not a " + k);
    }
  }

  /** Takes this node's positions, nulls and offsets from its leaf after a read. */
  void update() {
    if (kind == Kind.PRIMITIVE) {
      positionCount = leaf.leafCount();
      nulls = leaf.nulls();
    } else {
      positionCount = leaf.positionCount(level);
      nullsStale = true;
      if (kind != Kind.STRUCT) {
        offsets = leaf.offsets(level + 1);
      }
    }
    for (RecordNode c : children) {
      c.update();
    }
  }

  @Override
  public String toString() {
    switch (kind) {
      case PRIMITIVE:
        return name + ": " + type.asPrimitiveType().getPrimitiveTypeName();
      case LIST:
        return name + ": list<" + element() + ">";
      case MAP:
        return name + ": map<" + key() + ", " + value() + ">";
      default:
        return name + ": struct<" + String.join(", ", Arrays.asList(children.stream().map(Object::toString).toArray(String[]::new))) + ">";
    }
  }
}
