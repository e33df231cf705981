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

import io.github.fastdecode.parquet.column.RecordNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.execution.datasources.parquet.ParquetUtils;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Nested fields matched by Parquet field id ({@code spark.sql.parquet.fieldId.read.enabled}), as
 * Spark's reader matches them: a requested struct field that carries an id takes the file's field
 * with that id, whatever its name; one without an id is matched by name; an id no field of the file
 * has reads as nulls. The match is made by renaming: the requested type, with each id-matched field
 * renamed to the file's name (and an id no field has to a name no Parquet field can have), is then
 * planned and read by name like any other nested column. The shape, and so the vectors Spark gets,
 * stay those of the requested type.
 */
final class SparkFieldIds {
  /** A field name no Parquet schema holds (NUL is not allowed in its names): a field read as nulls. */
  private static final String ABSENT = "\u0000absent field id ";

  private SparkFieldIds() {}

  /** Thrown when two fields of one struct of the file carry the same id (Spark's reader fails on it). */
  static final class DuplicateId extends Exception {
    private static final long serialVersionUID = 1L;

    DuplicateId(String message) {
      super(message, null, false, false);
    }
  }

  /** {@code type} with its id-matched struct fields renamed to the names they have below {@code node}. */
  static DataType byName(DataType type, RecordNode node, boolean caseSensitive) throws DuplicateId {
    if (type instanceof StructType && node.kind() == RecordNode.Kind.STRUCT) {
      StructField[] fields = ((StructType) type).fields();
      StructField[] renamed = new StructField[fields.length];
      for (int i = 0; i < fields.length; i++) {
        StructField f = fields[i];
        if (!ParquetUtils.hasFieldId(f)) {
          RecordNode child = byName(node, f.name(), caseSensitive);
          renamed[i] = child == null ? f
              : new StructField(f.name(), byName(f.dataType(), child, caseSensitive), f.nullable(), Metadata.empty());
          continue;
        }
        int id = ParquetUtils.getFieldId(f);
        List<RecordNode> withId = new ArrayList<>();
        for (RecordNode c : node.children()) {
          if (c.type().getId() != null && c.type().getId().intValue() == id) {
            withId.add(c);
          }
        }
        if (withId.size() > 1) {
          throw new DuplicateId("more than one field of " + node.name() + " has the Parquet field id " + id
              + " (Spark's reader fails on it)");
        }
        renamed[i] = withId.isEmpty()
            ? new StructField(ABSENT + id, f.dataType(), f.nullable(), Metadata.empty())
            : new StructField(withId.get(0).name(), byName(f.dataType(), withId.get(0), caseSensitive), f.nullable(), Metadata.empty());
      }
      return new StructType(renamed);
    }
    if (type instanceof ArrayType && node.kind() == RecordNode.Kind.LIST) {
      ArrayType a = (ArrayType) type;
      return new ArrayType(byName(a.elementType(), node.element(), caseSensitive), a.containsNull());
    }
    if (type instanceof MapType && node.kind() == RecordNode.Kind.MAP) {
      MapType m = (MapType) type;
      return new MapType(byName(m.keyType(), node.key(), caseSensitive), byName(m.valueType(), node.value(), caseSensitive), m.valueContainsNull());
    }
    return type;
  }

  /** The one child of {@code struct} named {@code name} (ignoring case unless {@code caseSensitive}), or null. */
  private static RecordNode byName(RecordNode struct, String name, boolean caseSensitive) {
    RecordNode match = null;
    for (RecordNode c : struct.children()) {
      if (caseSensitive ? c.name().equals(name) : c.name().equalsIgnoreCase(name)) {
        if (match != null) {
          return null;
        }
        match = c;
      }
    }
    return match;
  }
}
