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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Whole records in the shape of the schema: one {@link RecordNode} tree per chosen top-level field,
 * over one {@link ColumnBatch} per chosen leaf column. Filled by {@link
 * ParquetBatchReader#nextBatch(RecordBatch)}; allocate it once ({@link
 * ParquetBatchReader#newRecordBatch(int)}) and reuse it.
 *
 * <pre>{@code
 * // message m { optional group tags (LIST) { repeated group list { optional binary element (STRING); } } }
 * RecordBatch batch = reader.newRecordBatch(4096);
 * while (reader.nextBatch(batch) > 0) {
 *   RecordNode tags = batch.field("tags");              // LIST
 *   int[] offsets = tags.offsets();                     // row r's elements: [offsets[r], offsets[r + 1])
 *   boolean[] tagsNull = tags.nulls();                  // null list (an empty one is not null)
 *   ColumnBatch element = tags.element().column();      // element values, dense over non-null ones
 *   boolean[] elementNull = tags.element().nulls();     // one flag per element position
 * }
 * }</pre>
 *
 * <p>{@link #rowCount()} counts records; every leaf holds the same records.
 */
public final class RecordBatch {
  private final MessageType schema;
  private final List<ColumnBatch> columns;
  private final List<RecordNode> fields;
  /** {@link #columns} as an array, for the reader (no allocation per batch). */
  final ColumnBatch[] columnArray;
  /** Records a read may hold at most. */
  final int capacity;
  private int rowCount;

  private RecordBatch(MessageType schema, List<ColumnBatch> columns, List<RecordNode> fields, int capacity) {
    this.schema = schema;
    this.columns = columns;
    this.fields = fields;
    this.columnArray = columns.toArray(new ColumnBatch[0]);
    this.capacity = capacity;
  }

  /**
   * A batch of up to {@code capacity} records of {@code leaves}, leaf columns of {@code schema}
   * (the file's whole schema: list and map shapes are decided on it, not on the chosen part). The
   * top-level fields are those holding a chosen leaf, in schema order, and within a struct only the
   * fields holding a chosen leaf appear.
   *
   * @throws IllegalArgumentException if a leaf is not a column of {@code schema}
   */
  public static RecordBatch forColumns(MessageType schema, List<ColumnDescriptor> leaves, int capacity) {
    Objects.requireNonNull(schema, "schema");
    Map<List<String>, ColumnBatch> byPath = new HashMap<>();
    List<ColumnBatch> columns = new ArrayList<>();
    for (ColumnDescriptor c : leaves) {
      ColumnBatch b = ColumnBatch.forColumn(schema, c, capacity);
      if (byPath.put(Arrays.asList(c.getPath()), b) != null) {
        throw new IllegalArgumentException("column " + String.join(".", c.getPath()) + " chosen twice");
      }
      columns.add(b);
    }
    List<RecordNode> fields = new ArrayList<>();
    for (Type t : schema.getFields()) {
      RecordNode n = node(schema, t, new ArrayList<>(List.of(t.getName())), 0, false, byPath);
      if (n != null) {
        fields.add(n);
      }
    }
    return new RecordBatch(schema, List.copyOf(columns), List.copyOf(fields), capacity);
  }

  /** The schema the batch was made for (the file's whole schema). */
  public MessageType schema() {
    return schema;
  }

  /** Records of the last read. */
  public int rowCount() {
    return rowCount;
  }

  /** The chosen top-level fields, in schema order. */
  public List<RecordNode> fields() {
    return fields;
  }

  /** The top-level field named {@code name}, or null if it was not chosen. */
  public RecordNode field(String name) {
    for (RecordNode f : fields) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    return null;
  }

  /** The leaf batches, in the order of the leaves the batch was made for. */
  public List<ColumnBatch> columns() {
    return columns;
  }

  /**
   * Makes later reads keep dictionary ids instead of copying values for every byte-array leaf
   * (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY; strings, for instance): where a read's pages are
   * dictionary-encoded, such a leaf's {@link ColumnBatch#dictionaryIds()} hold one id per value,
   * laid out as the values would be (dense over the non-null positions), and {@link
   * ColumnBatch#dictionary()} the entries they index; no bytes are copied per value. Check {@link
   * ColumnBatch#hasDictionaryIds()} on each leaf after every read: a read that meets a chunk's
   * plain pages (a writer's fallback when its dictionary grew too large) holds values. Other leaves
   * keep values; call {@link ColumnBatch#keepDictionaryIds()} on them for their ids too.
   *
   * @return this batch
   * @throws IllegalStateException if such a leaf converts its values ({@link ColumnBatch#convert})
   */
  public RecordBatch keepDictionaryIds() {
    for (ColumnBatch c : columnArray) {
      switch (c.type()) {
        case BINARY:
        case FIXED_LEN_BYTE_ARRAY:
          c.keepDictionaryIds();
          break;
        default:
          break;
      }
    }
    return this;
  }

  /**
   * Fills the batch with the next up to {@code maxRecords} whole records from {@code chunks}, one
   * reader per leaf of {@link #columns()} in that order (the same row group of each), and returns
   * how many records were read: for callers that manage the row groups themselves.
   *
   * @throws io.github.fastdecode.parquet.file.PageReadException if the chunks disagree on the number of records
   */
  public int read(ColumnChunkReader[] chunks, int maxRecords) {
    if (chunks.length != columnArray.length) {
      throw new IllegalArgumentException(chunks.length + " chunk readers for " + columnArray.length + " columns");
    }
    int rows = -1;
    for (int i = 0; i < chunks.length; i++) {
      int got = chunks[i].readBatch(columnArray[i], maxRecords);
      if (rows >= 0 && got != rows) {
        ColumnDescriptor c = columnArray[i].column();
        throw new ColumnReadException(String.join(".", c.getPath()), -1, ColumnReadException.CHUNK,
            "the chunk gave " + got + " records where the other columns gave " + rows, null);
      }
      rows = got;
    }
    update(Math.max(rows, 0));
    return Math.max(rows, 0);
  }

  /** Sets the row count and every node's positions, nulls and offsets after the leaves were read. */
  void update(int rows) {
    rowCount = rows;
    for (RecordNode f : fields) {
      f.update();
    }
  }

  /**
   * The node for {@code t} at {@code path}, whose positions are at {@code level}; null when no
   * chosen leaf lies below. {@code asElement}: {@code t} is repeated and stands for its own list's
   * element (read as required).
   */
  private static RecordNode node(MessageType schema, Type t, List<String> path, int level, boolean asElement,
      Map<List<String>, ColumnBatch> leaves) {
    String[] p = path.toArray(new String[0]);
    int def = schema.getMaxDefinitionLevel(p);
    if (t.isRepetition(Type.Repetition.REPEATED) && !asElement) {
      // A repeated field outside a LIST or MAP group: a required list of required elements.
      RecordNode element = node(schema, t, path, level + 1, true, leaves);
      return element == null ? null
          : new RecordNode(RecordNode.Kind.LIST, t.getName(), t, level, def - 1, List.of(element), element.leaf);
    }
    if (t.isPrimitive()) {
      ColumnBatch b = leaves.get(path);
      return b == null ? null : new RecordNode(RecordNode.Kind.PRIMITIVE, t.getName(), t, level, def, List.of(), b);
    }
    GroupType g = t.asGroupType();
    if (isList(g)) {
      Type repeated = g.getType(0);
      path.add(repeated.getName());
      RecordNode element;
      if (isElementType(repeated, g.getName())) {
        element = node(schema, repeated, path, level + 1, true, leaves);
      } else {
        Type e = repeated.asGroupType().getType(0);
        path.add(e.getName());
        element = node(schema, e, path, level + 1, false, leaves);
        path.remove(path.size() - 1);
      }
      path.remove(path.size() - 1);
      return element == null ? null : new RecordNode(RecordNode.Kind.LIST, g.getName(), g, level, def, List.of(element), element.leaf);
    }
    if (isMap(g)) {
      GroupType kv = g.getType(0).asGroupType();
      path.add(kv.getName());
      RecordNode key = child(schema, kv.getType(0), path, level + 1, leaves);
      RecordNode value = child(schema, kv.getType(1), path, level + 1, leaves);
      path.remove(path.size() - 1);
      if (key != null && value != null) {
        return new RecordNode(RecordNode.Kind.MAP, g.getName(), g, level, def, List.of(key, value), key.leaf);
      }
      // Only one of key and value chosen: a list of structs of what was chosen.
      RecordNode only = key != null ? key : value;
      if (only == null) {
        return null;
      }
      RecordNode entry = new RecordNode(RecordNode.Kind.STRUCT, kv.getName(), kv, level + 1,
          schema.getMaxDefinitionLevel(append(p, kv.getName())), List.of(only), only.leaf);
      return new RecordNode(RecordNode.Kind.LIST, g.getName(), g, level, def, List.of(entry), entry.leaf);
    }
    List<RecordNode> children = new ArrayList<>();
    for (Type f : g.getFields()) {
      RecordNode c = child(schema, f, path, level, leaves);
      if (c != null) {
        children.add(c);
      }
    }
    return children.isEmpty() ? null
        : new RecordNode(RecordNode.Kind.STRUCT, t.getName(), t, level, def, children, children.get(0).leaf);
  }

  private static RecordNode child(MessageType schema, Type f, List<String> path, int level, Map<List<String>, ColumnBatch> leaves) {
    path.add(f.getName());
    try {
      return node(schema, f, path, level, false, leaves);
    } finally {
      path.remove(path.size() - 1);
    }
  }

  private static String[] append(String[] p, String name) {
    String[] q = Arrays.copyOf(p, p.length + 1);
    q[p.length] = name;
    return q;
  }

  /** A LIST-annotated group of the expected shape: one repeated field. */
  static boolean isList(GroupType g) {
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    return a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation
        && g.getFieldCount() == 1 && g.getType(0).isRepetition(Type.Repetition.REPEATED);
  }

  /** A MAP (or legacy MAP_KEY_VALUE) group of one repeated group of key and value. */
  static boolean isMap(GroupType g) {
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    boolean annotated = a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation;
    return annotated && g.getFieldCount() == 1 && g.getType(0).isRepetition(Type.Repetition.REPEATED)
        && !g.getType(0).isPrimitive() && g.getType(0).asGroupType().getFieldCount() == 2;
  }

  /** The format's backward-compatibility rules: whether a LIST group's repeated field is the element itself. */
  static boolean isElementType(Type repeated, String listName) {
    if (repeated.isPrimitive()) {
      return true;
    }
    GroupType g = repeated.asGroupType();
    return g.getFieldCount() > 1 || g.getName().equals("array") || g.getName().equals(listName + "_tuple");
  }
}
