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
package io.github.fastdecode.parquet.cli;

import com.google.gson.stream.JsonWriter;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.RecordBatch;
import io.github.fastdecode.parquet.column.RecordNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link RecordBatch}'s records, one line each: as JSON objects (keys the top-level fields
 * in the order asked for; structs as objects, lists as arrays, maps as arrays of {@code {"key":
 * ..., "value": ...}}), or as CSV rows (a primitive field's value as text, a nested one as its JSON
 * text; quoted as RFC 4180 says; a null is an empty field, an empty string {@code ""}). Leaf values print as their {@link ValueFormat} says.
 */
final class RecordWriter {
  private final RecordBatch batch;
  private final List<RecordNode> fields;
  private final Map<ColumnBatch, int[]> valueIndex = new IdentityHashMap<>();
  private final Map<ColumnBatch, ValueFormat> formats = new IdentityHashMap<>();
  private final StringWriter cell = new StringWriter();
  /** Per top-level field: its key as JSON bytes, with the comma before it. */
  private final byte[][] keys;
  /** Per struct: its fields' keys as JSON bytes. */
  private final Map<RecordNode, byte[][]> structKeys = new IdentityHashMap<>();
  private static final byte[] MAP_KEY = "{\"key\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final byte[] MAP_VALUE = ",\"value\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  /** {@code fields}: the batch's top-level fields, in the order they are printed. */
  RecordWriter(RecordBatch batch, List<RecordNode> fields, boolean raw) {
    this.batch = batch;
    this.fields = fields;
    this.keys = new byte[fields.size()][];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = key(fields.get(i).name(), i == 0);
    }
    for (ColumnBatch c : batch.columns()) {
      formats.put(c, ValueFormat.of(c.column(), raw));
      valueIndex.put(c, new int[0]);
    }
  }

  /** After each read: maps every leaf position to its value (values are dense over non-null positions). */
  void startBatch() {
    for (ColumnBatch c : batch.columns()) {
      int n = c.leafCount();
      int[] idx = valueIndex.get(c);
      if (idx.length < n) {
        idx = new int[Math.max(n, idx.length * 2)];
        valueIndex.put(c, idx);
      }
      boolean dense = c.isNested() || c.layout() == ColumnBatch.Layout.DENSE;
      boolean[] nulls = c.nulls();
      for (int p = 0, k = 0; p < n; p++) {
        idx[p] = dense ? k : p;
        k += nulls[p] ? 0 : 1;
      }
    }
  }

  /**
   * The record at {@code row} as one JSON line through Gson: what {@code cat} printed before it
   * wrote bytes itself, kept as the reference {@code JsonOutputTest} compares {@link #json(JsonOutput,
   * int)} with.
   */
  void json(Writer out, int row) throws IOException {
    JsonWriter w = new JsonWriter(out);
    w.beginObject();
    for (RecordNode f : fields) {
      w.name(f.name());
      node(w, f, row);
    }
    w.endObject();
    out.write('\n');
  }

  /** The record at {@code row} as one JSON line into {@code out}: the bytes {@link #json(Writer, int)} writes, in UTF-8. */
  void json(JsonOutput out, int row) {
    out.write('{');
    for (int i = 0; i < fields.size(); i++) {
      out.write(keys[i]);
      node(out, fields.get(i), row);
    }
    out.write('}');
    out.write('\n');
  }

  /** {@code "name":}, and a comma before every key but the first. */
  private static byte[] key(String name, boolean first) {
    JsonOutput o = new JsonOutput();
    if (!first) {
      o.write(',');
    }
    o.string(name);
    o.write(':');
    return java.util.Arrays.copyOf(o.buf, o.size());
  }

  private void node(JsonOutput out, RecordNode n, int p) {
    if (n.isNull(p)) {
      out.literal("null");
      return;
    }
    switch (n.kind()) {
      case PRIMITIVE: {
        ColumnBatch c = n.column();
        formats.get(c).json(out, c, valueIndex.get(c)[p]);
        break;
      }
      case LIST: {
        int[] o = n.offsets();
        out.write('[');
        for (int q = o[p]; q < o[p + 1]; q++) {
          if (q > o[p]) {
            out.write(',');
          }
          node(out, n.element(), q);
        }
        out.write(']');
        break;
      }
      case MAP: {
        int[] o = n.offsets();
        out.write('[');
        for (int q = o[p]; q < o[p + 1]; q++) {
          if (q > o[p]) {
            out.write(',');
          }
          out.write(MAP_KEY);
          node(out, n.key(), q);
          out.write(MAP_VALUE);
          node(out, n.value(), q);
          out.write('}');
        }
        out.write(']');
        break;
      }
      default: {
        out.write('{');
        List<RecordNode> children = n.children();
        byte[][] names = structKeys.computeIfAbsent(n, s -> {
          byte[][] k = new byte[children.size()][];
          for (int i = 0; i < k.length; i++) {
            k[i] = key(children.get(i).name(), i == 0);
          }
          return k;
        });
        for (int i = 0; i < children.size(); i++) {
          out.write(names[i]);
          node(out, children.get(i), p);
        }
        out.write('}');
        break;
      }
    }
  }

  void csvHeader(Writer out) throws IOException {
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.write(',');
      }
      out.write(csv(fields.get(i).name()));
    }
    out.write('\n');
  }

  void csv(Writer out, int row) throws IOException {
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.write(',');
      }
      RecordNode f = fields.get(i);
      if (f.isNull(row)) {
        continue; // an empty field
      }
      if (f.kind() == RecordNode.Kind.PRIMITIVE) {
        ColumnBatch c = f.column();
        out.write(csv(formats.get(c).value(c, valueIndex.get(c)[row]).text()));
      } else {
        cell.getBuffer().setLength(0);
        JsonWriter w = new JsonWriter(cell);
        node(w, f, row);
        w.flush();
        out.write(csv(cell.toString()));
      }
    }
    out.write('\n');
  }

  /**
   * A CSV field: quoted, with quotes doubled, when it holds a comma, quote or line break (or a
   * leading or trailing space); an empty string is {@code ""}, so that it differs from a null,
   * which is an empty field.
   */
  static String csv(String s) {
    boolean quote = s.isEmpty() || s.charAt(0) == ' ' || s.charAt(s.length() - 1) == ' ';
    for (int i = 0; i < s.length() && !quote; i++) {
      char ch = s.charAt(i);
      quote = ch == ',' || ch == '"' || ch == '\n' || ch == '\r';
    }
    return quote ? '"' + s.replace("\"", "\"\"") + '"' : s;
  }

  private void node(JsonWriter w, RecordNode n, int p) throws IOException {
    if (n.isNull(p)) {
      w.nullValue();
      return;
    }
    switch (n.kind()) {
      case PRIMITIVE: {
        ColumnBatch c = n.column();
        ValueFormat.Value v = formats.get(c).value(c, valueIndex.get(c)[p]);
        if (v.quoted()) {
          w.value(v.text());
        } else {
          w.jsonValue(v.text());
        }
        break;
      }
      case LIST: {
        int[] o = n.offsets();
        w.beginArray();
        for (int q = o[p]; q < o[p + 1]; q++) {
          node(w, n.element(), q);
        }
        w.endArray();
        break;
      }
      case MAP: {
        int[] o = n.offsets();
        w.beginArray();
        for (int q = o[p]; q < o[p + 1]; q++) {
          w.beginObject();
          w.name("key");
          node(w, n.key(), q);
          w.name("value");
          node(w, n.value(), q);
          w.endObject();
        }
        w.endArray();
        break;
      }
      default: {
        w.beginObject();
        for (RecordNode c : n.children()) {
          w.name(c.name());
          node(w, c, p);
        }
        w.endObject();
        break;
      }
    }
  }
}
