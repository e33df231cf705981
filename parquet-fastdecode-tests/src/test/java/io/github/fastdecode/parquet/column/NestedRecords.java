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

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroup;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Records as plain Java values, from parquet-java's {@link Group}s (the oracle) and from {@link
 * RecordBatch}es, so the two compare with {@code equals}: a struct is a {@link LinkedHashMap} of
 * its fields, a list a {@link List}, a map a list of {@code [key, value]} lists, a primitive its
 * boxed value ({@link Binary} for byte arrays), a null {@code null}. The list and map rules are
 * written here again from the format's text, independently of {@link RecordBatch}'s.
 */
final class NestedRecords {
  private NestedRecords() {}

  // ---- parquet-java side -------------------------------------------------------------------

  /** Every record of {@code file}, read by parquet-java's record reader. */
  static List<Map<String, Object>> readWithParquetJava(Path file) throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    try (ParquetReader<Group> r = ParquetJavaGroups.reader(file).build()) {
      for (Group g = r.read(); g != null; g = r.read()) {
        rows.add(record(g));
      }
    }
    return rows;
  }

  static Map<String, Object> record(Group g) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (Type f : g.getType().getFields()) {
      row.put(f.getName(), field(g, f));
    }
    return row;
  }

  private static Object field(Group g, Type f) {
    int idx = g.getType().getFieldIndex(f.getName());
    int n = g.getFieldRepetitionCount(idx);
    if (f.isRepetition(Type.Repetition.REPEATED)) {
      List<Object> list = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        list.add(instance(g, idx, j, f));
      }
      return list;
    }
    return n == 0 ? null : instance(g, idx, 0, f);
  }

  private static Object instance(Group g, int idx, int j, Type f) {
    if (f.isPrimitive()) {
      switch (f.asPrimitiveType().getPrimitiveTypeName()) {
        case BOOLEAN:
          return g.getBoolean(idx, j);
        case INT32:
          return g.getInteger(idx, j);
        case INT64:
          return g.getLong(idx, j);
        case FLOAT:
          return g.getFloat(idx, j);
        case DOUBLE:
          return g.getDouble(idx, j);
        case INT96:
          return g.getInt96(idx, j);
        default:
          return g.getBinary(idx, j);
      }
    }
    Group group = g.getGroup(idx, j);
    GroupType t = f.asGroupType();
    LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation && t.getFieldCount() == 1
        && t.getType(0).isRepetition(Type.Repetition.REPEATED)) {
      Type rep = t.getType(0);
      boolean twoLevel = rep.isPrimitive() || rep.asGroupType().getFieldCount() > 1 || rep.getName().equals("array")
          || rep.getName().equals(t.getName() + "_tuple");
      List<Object> list = new ArrayList<>();
      for (int k = 0; k < group.getFieldRepetitionCount(0); k++) {
        list.add(twoLevel ? instance(group, 0, k, rep) : field(group.getGroup(0, k), rep.asGroupType().getType(0)));
      }
      return list;
    }
    if ((a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation)
        && t.getFieldCount() == 1 && t.getType(0).isRepetition(Type.Repetition.REPEATED) && !t.getType(0).isPrimitive()
        && t.getType(0).asGroupType().getFieldCount() == 2) {
      GroupType kv = t.getType(0).asGroupType();
      List<Object> map = new ArrayList<>();
      for (int k = 0; k < group.getFieldRepetitionCount(0); k++) {
        Group e = group.getGroup(0, k);
        map.add(Arrays.asList(field(e, kv.getType(0)), field(e, kv.getType(1))));
      }
      return map;
    }
    Map<String, Object> struct = new LinkedHashMap<>();
    for (Type c : t.getFields()) {
      struct.put(c.getName(), field(group, c));
    }
    return struct;
  }

  // ---- fastdecode side ---------------------------------------------------------------------

  /** The batch's records, in the same form. */
  static List<Map<String, Object>> records(RecordBatch batch) {
    Map<ColumnBatch, int[]> valueIndex = new java.util.IdentityHashMap<>();
    for (ColumnBatch c : batch.columns()) {
      int n = c.leafCount();
      int[] idx = new int[n];
      for (int p = 0, k = 0; p < n; p++) {
        idx[p] = c.nulls()[p] ? -1 : k++;
      }
      if (c.valueCount() != n - c.nullCount()) {
        throw new AssertionError(c.column() + ": " + c.valueCount() + " values for " + n + " positions with " + c.nullCount() + " nulls");
      }
      valueIndex.put(c, idx);
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int r = 0; r < batch.rowCount(); r++) {
      Map<String, Object> row = new LinkedHashMap<>();
      for (RecordNode f : batch.fields()) {
        row.put(f.name(), value(f, r, valueIndex));
      }
      rows.add(row);
    }
    return rows;
  }

  static Object value(RecordNode n, int p, Map<ColumnBatch, int[]> valueIndex) {
    if (p >= n.positionCount()) {
      throw new AssertionError(n.name() + ": position " + p + " of " + n.positionCount());
    }
    if (n.nulls()[p]) {
      return null;
    }
    switch (n.kind()) {
      case PRIMITIVE:
        return leafValue(n.column(), valueIndex.get(n.column())[p]);
      case LIST: {
        List<Object> list = new ArrayList<>();
        for (int q = n.offsets()[p]; q < n.offsets()[p + 1]; q++) {
          list.add(value(n.element(), q, valueIndex));
        }
        return list;
      }
      case MAP: {
        List<Object> map = new ArrayList<>();
        for (int q = n.offsets()[p]; q < n.offsets()[p + 1]; q++) {
          map.add(Arrays.asList(value(n.key(), q, valueIndex), value(n.value(), q, valueIndex)));
        }
        return map;
      }
      default: {
        Map<String, Object> struct = new LinkedHashMap<>();
        for (RecordNode c : n.children()) {
          struct.put(c.name(), value(c, p, valueIndex));
        }
        return struct;
      }
    }
  }

  static Object leafValue(ColumnBatch b, int i) {
    if (b.hasDictionaryIds()) {
      if (!b.keepsDictionaryIds()) {
        throw new AssertionError(b.column() + ": ids in a batch that was not asked to keep them");
      }
      return dictionaryValue(b, b.dictionaryIds()[i]);
    }
    switch (b.type()) {
      case BOOLEAN:
        return b.booleans()[i];
      case INT32:
        return b.ints()[i];
      case INT64:
        return b.longs()[i];
      case FLOAT:
        return b.floats()[i];
      case DOUBLE:
        return b.doubles()[i];
      default:
        return b.binaries().toBinary(i);
    }
  }

  /** The dictionary entry {@code id} of a batch holding ids, as {@link #leafValue} gives values. */
  private static Object dictionaryValue(ColumnBatch b, int id) {
    io.github.fastdecode.parquet.dictionary.DictionaryValues d = b.dictionary();
    if (id < 0 || id >= d.size()) {
      throw new AssertionError(b.column() + ": id " + id + " outside the dictionary's " + d.size() + " entries");
    }
    switch (b.type()) {
      case INT32:
        return d.ints()[id];
      case INT64:
        return d.longs()[id];
      case FLOAT:
        return d.floats()[id];
      case DOUBLE:
        return d.doubles()[id];
      default:
        return d.binaries().toBinary(id);
    }
  }

  // ---- generated files ---------------------------------------------------------------------

  /** A random record of {@code schema}: nulls, empty and null lists, null elements, all at random. */
  static Group randomRecord(MessageType schema, Random random) {
    return randomRecord(schema, random, false);
  }

  /** As {@link #randomRecord(MessageType, Random)}; with {@code fewValues} every leaf value comes from a few, so dictionaries never overflow. */
  static Group randomRecord(MessageType schema, Random random, boolean fewValues) {
    Group g = new SimpleGroup(schema);
    fill(g, schema, random, 0, fewValues);
    return g;
  }

  private static void fill(Group g, GroupType t, Random random, int depth, boolean fewValues) {
    for (Type f : t.getFields()) {
      int n;
      if (f.isRepetition(Type.Repetition.REQUIRED)) {
        n = 1;
      } else if (f.isRepetition(Type.Repetition.OPTIONAL)) {
        n = random.nextInt(4) == 0 ? 0 : 1;
      } else {
        int shape = random.nextInt(8);
        n = shape == 0 ? 0 : shape == 1 ? 1 + random.nextInt(12) : random.nextInt(4);
      }
      for (int j = 0; j < n; j++) {
        if (f.isPrimitive()) {
          appendRandom(g, f.asPrimitiveType(), random, fewValues);
        } else {
          fill(g.addGroup(f.getName()), f.asGroupType(), random, depth + 1, fewValues);
        }
      }
    }
  }

  private static void appendRandom(Group g, PrimitiveType t, Random random, boolean fewValues) {
    String name = t.getName();
    // Few distinct values half the time, so dictionaries stay in use.
    boolean small = random.nextBoolean() || fewValues;
    switch (t.getPrimitiveTypeName()) {
      case BOOLEAN:
        g.append(name, random.nextBoolean());
        break;
      case INT32:
        g.append(name, small ? random.nextInt(5) : random.nextInt());
        break;
      case INT64:
        g.append(name, small ? (long) random.nextInt(5) : random.nextLong());
        break;
      case FLOAT:
        g.append(name, small ? (float) random.nextInt(5) : random.nextFloat());
        break;
      case DOUBLE:
        g.append(name, small ? (double) random.nextInt(5) : random.nextGaussian());
        break;
      case INT96: {
        byte[] b = new byte[12];
        random.nextBytes(b);
        g.append(name, Binary.fromConstantByteArray(b));
        break;
      }
      case FIXED_LEN_BYTE_ARRAY: {
        byte[] b = new byte[t.getTypeLength()];
        if (!small) {
          random.nextBytes(b);
        }
        g.append(name, Binary.fromConstantByteArray(b));
        break;
      }
      default: {
        byte[] b = new byte[small ? random.nextInt(3) : random.nextInt(20)];
        for (int i = 0; i < b.length; i++) {
          b[i] = (byte) ('a' + random.nextInt(small ? 2 : 26));
        }
        g.append(name, Binary.fromConstantByteArray(b));
        break;
      }
    }
  }

  /** How a generated file is written. */
  static final class WriteOptions {
    final boolean v2;
    final boolean dictionary;
    final int pageRows;
    final long rowGroupBytes;

    WriteOptions(boolean v2, boolean dictionary, int pageRows, long rowGroupBytes) {
      this.v2 = v2;
      this.dictionary = dictionary;
      this.pageRows = pageRows;
      this.rowGroupBytes = rowGroupBytes;
    }

    @Override
    public String toString() {
      return (v2 ? "v2" : "v1") + (dictionary ? "-dict" : "-plain") + "-pages" + pageRows + "-rg" + rowGroupBytes;
    }
  }

  static void write(Path file, MessageType schema, List<Group> records, WriteOptions o) throws IOException {
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withWriterVersion(o.v2 ? ParquetProperties.WriterVersion.PARQUET_2_0 : ParquetProperties.WriterVersion.PARQUET_1_0)
        .withDictionaryEncoding(o.dictionary).withPageRowCountLimit(o.pageRows).withPageSize(256)
        .withMinRowCountForPageSizeCheck(1).withRowGroupSize(o.rowGroupBytes).build()) {
      for (Group g : records) {
        w.write(g);
      }
    }
  }
}
