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
package io.github.fastdecode.parquet.spark;

import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.RecordNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * One nested Spark column (array, struct or map, at any depth) filled from the library's leaf
 * batches: the shape (which Parquet group is a list, a map or a struct, legacy list forms
 * included) is core's {@link RecordNode} tree; the positions, nulls and offsets of each node come
 * from its first leaf's path levels ({@link ColumnBatch#offsets}, {@link ColumnBatch#fillNulls}).
 * Arrays and maps become Spark's offsets and lengths over their child vectors, structs Spark's
 * child vectors at the same positions, and leaves are copied by {@link SparkVectorFiller}.
 */
abstract class SparkNestedColumn {
  /** Fills positions {@code [0, count)} of {@code v}. */
  abstract void fill(WritableColumnVector v, int count);

  /**
   * Why this source cannot read {@code node} as {@code type}, or null when it can; the leaves
   * {@code type} needs are added to {@code leaves} (by path), and {@code converts[0]} is set when a
   * leaf is read as another type than it is stored ({@link SparkColumnKind#converts()}).
   */
  static String plan(DataType type, RecordNode node, boolean caseSensitive, List<String[]> leaves, boolean[] converts) {
    if (type instanceof StructType) {
      if (node.kind() != RecordNode.Kind.STRUCT) {
        return node.name() + " is a Parquet " + node.kind() + ", read as " + type.simpleString();
      }
      int present = 0;
      for (StructField f : ((StructType) type).fields()) {
        if (matches(node, f.name(), caseSensitive) > 1) {
          return "more than one field of " + node.name() + " matches " + f.name();
        }
        RecordNode c = child(node, f.name(), caseSensitive);
        if (c == null) {
          continue; // missing from the file: nulls, as Spark reads it
        }
        present++;
        String why = plan(f.dataType(), c, caseSensitive, leaves, converts);
        if (why != null) {
          return why;
        }
      }
      return present == 0 ? "none of the requested fields of struct " + node.name() + " is in the file" : null;
    }
    if (type instanceof ArrayType) {
      if (node.kind() != RecordNode.Kind.LIST) {
        return node.name() + " is a Parquet " + node.kind() + ", read as " + type.simpleString();
      }
      return plan(((ArrayType) type).elementType(), node.element(), caseSensitive, leaves, converts);
    }
    if (type instanceof MapType) {
      if (node.kind() != RecordNode.Kind.MAP) {
        return node.name() + " is a Parquet " + node.kind() + ", read as " + type.simpleString();
      }
      String why = plan(((MapType) type).keyType(), node.key(), caseSensitive, leaves, converts);
      return why != null ? why : plan(((MapType) type).valueType(), node.value(), caseSensitive, leaves, converts);
    }
    if (node.kind() != RecordNode.Kind.PRIMITIVE) {
      return node.name() + " is a Parquet " + node.kind() + ", read as " + type.simpleString();
    }
    SparkColumnKind kind = SparkColumnKind.of(node.type().asPrimitiveType(), type);
    if (kind == null) {
      return "nested column " + node.name() + " of Parquet type " + node.type() + " read as " + type.simpleString();
    }
    converts[0] |= kind.converts();
    // Names may contain dots: leaves are found by their paths joined with dots, which the scan has
    // checked are unique in the file (a collision falls back before this).
    leaves.add(node.column().column().getPath());
    return null;
  }

  /**
   * The filler of {@code node} (from a tree made for exactly the leaves {@link #plan} chose) read as
   * {@code type}, on the reader's batches ({@code batches}: by leaf path, joined with dots).
   */
  static SparkNestedColumn of(DataType type, RecordNode node, boolean caseSensitive, Map<String, ColumnBatch> batches,
      String datetimeMode, String datetimeZone, String int96Mode, String int96Zone, String int96ConvertZone) {
    ColumnBatch leaf = firstLeaf(node, batches);
    if (type instanceof StructType) {
      StructField[] fields = ((StructType) type).fields();
      SparkNestedColumn[] children = new SparkNestedColumn[fields.length];
      for (int i = 0; i < fields.length; i++) {
        RecordNode c = child(node, fields[i].name(), caseSensitive);
        children[i] = c == null ? new Missing() : of(fields[i].dataType(), c, caseSensitive, batches,
            datetimeMode, datetimeZone, int96Mode, int96Zone, int96ConvertZone);
      }
      return new Struct(leaf, node.level(), node.definitionLevel(), children);
    }
    if (type instanceof ArrayType) {
      SparkNestedColumn element = of(((ArrayType) type).elementType(), node.element(), caseSensitive, batches,
          datetimeMode, datetimeZone, int96Mode, int96Zone, int96ConvertZone);
      return new Repeated(leaf, node.level(), node.definitionLevel(), element, null);
    }
    if (type instanceof MapType) {
      SparkNestedColumn key = of(((MapType) type).keyType(), node.key(), caseSensitive, batches,
          datetimeMode, datetimeZone, int96Mode, int96Zone, int96ConvertZone);
      SparkNestedColumn value = of(((MapType) type).valueType(), node.value(), caseSensitive, batches,
          datetimeMode, datetimeZone, int96Mode, int96Zone, int96ConvertZone);
      return new Repeated(leaf, node.level(), node.definitionLevel(), key, value);
    }
    SparkVectorFiller filler = new SparkVectorFiller(SparkColumnKind.of(node.type().asPrimitiveType(), type), type,
        datetimeMode, datetimeZone, int96Mode, int96Zone, int96ConvertZone);
    return new Leaf(leaf, filler);
  }

  /** How many children of a struct node {@code name} matches. */
  private static int matches(RecordNode struct, String name, boolean caseSensitive) {
    int n = 0;
    for (RecordNode c : struct.children()) {
      if (caseSensitive ? c.name().equals(name) : c.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
        n++;
      }
    }
    return n;
  }

  /** A struct field the file does not have: null at every position. */
  private static final class Missing extends SparkNestedColumn {
    @Override
    void fill(WritableColumnVector v, int count) {
      v.reserve(count);
      v.putNulls(0, count);
    }
  }

  /** The child of a struct node that {@code name} matches (once), or null. */
  private static RecordNode child(RecordNode struct, String name, boolean caseSensitive) {
    RecordNode match = null;
    for (RecordNode c : struct.children()) {
      boolean same = caseSensitive ? c.name().equals(name)
          : c.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT));
      if (same) {
        if (match != null) {
          return null;
        }
        match = c;
      }
    }
    return match;
  }

  /** The reader's batch of the first leaf below {@code node}: its levels give the node's positions. */
  private static ColumnBatch firstLeaf(RecordNode node, Map<String, ColumnBatch> batches) {
    RecordNode n = node;
    while (n.kind() != RecordNode.Kind.PRIMITIVE) {
      n = n.children().get(0);
    }
    ColumnBatch b = batches.get(String.join(".", n.column().column().getPath()));
    if (b == null) {
      throw new IllegalStateException("no batch for " + n.column().column());
    }
    return b;
  }

  /** A primitive: values at row positions (no repeated field above) or dense (below a list or map). */
  private static final class Leaf extends SparkNestedColumn {
    private final ColumnBatch batch;
    private final SparkVectorFiller filler;

    Leaf(ColumnBatch batch, SparkVectorFiller filler) {
      this.batch = batch;
      this.filler = filler;
    }

    @Override
    void fill(WritableColumnVector v, int count) {
      v.reserve(count);
      if (batch.maxRepetitionLevel() == 0) {
        filler.fill(batch, v, count);
      } else {
        filler.fillDense(batch, v, count);
      }
    }
  }

  /** Positions and nulls of a group node, from its first leaf. */
  private abstract static class Group extends SparkNestedColumn {
    final ColumnBatch leaf;
    final int level;
    final int definitionLevel;
    boolean[] nulls = new boolean[0];

    Group(ColumnBatch leaf, int level, int definitionLevel) {
      this.leaf = leaf;
      this.level = level;
      this.definitionLevel = definitionLevel;
    }

    /** Sets this node's null flags for positions {@code [0, count)} and marks them in {@code v}. */
    final void putNulls(WritableColumnVector v, int count) {
      if (nulls.length < count) {
        nulls = new boolean[Math.max(count, nulls.length + (nulls.length >> 1))];
      }
      leaf.fillNulls(level, definitionLevel, nulls);
      for (int p = 0; p < count; p++) {
        if (nulls[p]) {
          v.putNull(p);
        }
      }
    }
  }

  private static final class Struct extends Group {
    private final SparkNestedColumn[] children;

    Struct(ColumnBatch leaf, int level, int definitionLevel, SparkNestedColumn[] children) {
      super(leaf, level, definitionLevel);
      this.children = children;
    }

    @Override
    void fill(WritableColumnVector v, int count) {
      v.reserve(count);
      putNulls(v, count);
      for (int i = 0; i < children.length; i++) {
        children[i].fill((WritableColumnVector) v.getChild(i), count);
      }
    }
  }

  /** An array (one child) or a map (key and value): offsets and lengths over the child positions. */
  private static final class Repeated extends Group {
    private final SparkNestedColumn first;
    private final SparkNestedColumn second;

    Repeated(ColumnBatch leaf, int level, int definitionLevel, SparkNestedColumn first, SparkNestedColumn second) {
      super(leaf, level, definitionLevel);
      this.first = first;
      this.second = second;
    }

    @Override
    void fill(WritableColumnVector v, int count) {
      v.reserve(count);
      int[] offsets = leaf.offsets(level + 1);
      for (int p = 0; p < count; p++) {
        v.putArray(p, offsets[p], offsets[p + 1] - offsets[p]);
      }
      putNulls(v, count);
      int elements = offsets[count];
      first.fill((WritableColumnVector) v.getChild(0), elements);
      if (second != null) {
        second.fill((WritableColumnVector) v.getChild(1), elements);
      }
    }
  }
}
