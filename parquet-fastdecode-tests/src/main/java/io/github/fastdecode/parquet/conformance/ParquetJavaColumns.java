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
package io.github.fastdecode.parquet.conformance;

import io.github.fastdecode.parquet.column.ParquetBatchReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * The oracle on files: parquet-java's own readers (the release on the class path), as engines use them. {@link #read} goes
 * through {@code ColumnReadStoreImpl} and one {@link ColumnReader} call per value; {@link
 * #readRecords} through parquet-java's record reader (record assembly into example {@link Group}s).
 */
public final class ParquetJavaColumns {
  private ParquetJavaColumns() {}

  /** Path of a column, joined with {@code .}. */
  public static String name(ColumnDescriptor c) {
    return String.join(".", c.getPath());
  }

  /** Every entry of the given columns (null: all leaf columns), in file order. */
  public static Map<String, ColumnEntries> read(Path file, List<ColumnDescriptor> columns) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      List<ColumnDescriptor> chosen = columns == null ? schema.getColumns() : columns;
      reader.setRequestedSchema(ParquetBatchReader.projection(reader.getFooter().getFileMetaData().getSchema(), chosen));
      Map<String, ColumnEntries> out = new LinkedHashMap<>();
      for (ColumnDescriptor c : chosen) {
        out.put(name(c), new ColumnEntries(name(c)));
      }
      PageReadStore store;
      while ((store = reader.readNextRowGroup()) != null) {
        ColumnReadStoreImpl columnStore = new ColumnReadStoreImpl(store, new GroupRecordConverter(schema).getRootConverter(), schema, createdBy);
        for (ColumnDescriptor c : chosen) {
          ColumnReader r = columnStore.getColumnReader(c);
          ColumnEntries e = out.get(name(c));
          PrimitiveTypeName type = c.getPrimitiveType().getPrimitiveTypeName();
          int maxDef = c.getMaxDefinitionLevel();
          for (long i = 0, n = r.getTotalValueCount(); i < n; i++) {
            int d = r.getCurrentDefinitionLevel();
            e.add(r.getCurrentRepetitionLevel(), d, d == maxDef ? value(r, type) : null);
            r.consume();
          }
        }
      }
      return out;
    }
  }

  /** The reader's current value, boxed as in {@link ColumnEntries}. */
  public static Object value(ColumnReader r, PrimitiveTypeName type) {
    switch (type) {
      case BOOLEAN:
        return r.getBoolean();
      case INT32:
        return r.getInteger();
      case INT64:
        return r.getLong();
      case FLOAT:
        return r.getFloat();
      case DOUBLE:
        return r.getDouble();
      default:
        return r.getBinary().getBytes();
    }
  }

  /**
   * Every leaf of a flat schema, one value per record, through parquet-java's record reader: values
   * as in {@link ColumnEntries}, null where the field or an enclosing group is absent.
   */
  public static Map<String, List<Object>> readRecords(Path file) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      Map<String, List<Object>> out = new LinkedHashMap<>();
      for (ColumnDescriptor c : schema.getColumns()) {
        out.put(name(c), new ArrayList<>());
      }
      PageReadStore store;
      while ((store = reader.readNextRowGroup()) != null) {
        RecordReader<Group> records = new ColumnIOFactory().getColumnIO(schema).getRecordReader(store, new GroupRecordConverter(schema));
        for (long row = 0; row < store.getRowCount(); row++) {
          Group g = records.read();
          for (ColumnDescriptor c : schema.getColumns()) {
            out.get(name(c)).add(leaf(g, schema, c.getPath(), 0));
          }
        }
      }
      return out;
    }
  }

  private static Object leaf(Group g, GroupType type, String[] path, int depth) {
    String field = path[depth];
    if (g.getFieldRepetitionCount(field) == 0) {
      return null;
    }
    Type t = type.getType(field);
    if (depth + 1 < path.length) {
      return leaf(g.getGroup(field, 0), t.asGroupType(), path, depth + 1);
    }
    switch (t.asPrimitiveType().getPrimitiveTypeName()) {
      case BOOLEAN:
        return g.getBoolean(field, 0);
      case INT32:
        return g.getInteger(field, 0);
      case INT64:
        return g.getLong(field, 0);
      case FLOAT:
        return g.getFloat(field, 0);
      case DOUBLE:
        return g.getDouble(field, 0);
      case INT96:
        return g.getInt96(field, 0).getBytes();
      default:
        return g.getBinary(field, 0).getBytes();
    }
  }
}
