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

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.PrimitiveType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code meta PATH...}: the footer: who wrote the file, its key-value metadata, and per row group
 * its rows and bytes and a table of its column chunks (type, codec, encodings, values, sizes,
 * statistics, and which of dictionary, bloom filter, column index and offset index it has).
 */
@Command(
    name = "meta",
    mixinStandardHelpOptions = true,
    header = "Print the footer: writer, key-value metadata, row groups and column chunks.",
    description = {
      "Print each file's footer: created_by, key-value metadata, rows, and per row group its rows and bytes"
          + " and one line per column chunk: type, codec, encodings, values, nulls, compressed and uncompressed"
          + " bytes, min and max (as parquet-java prints them, logical types honoured), and whether the chunk"
          + " has a dictionary page (dict), a bloom filter (bloom), a column index (cidx) and an offset index (oidx).",
      "Statistics that are missing print as '-'."
    },
    footerHeading = "%n",
    footer = "Example: parquet-fastdecode meta data/part-0.parquet")
final class MetaCommand extends PathsCommand {
  private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();

  @Option(names = "--json", description = "One JSON object per file (JSON Lines), for machines: the same facts, min and max not shortened.")
  boolean json;

  /** Longest min or max printed; longer ones end in "...". */
  static final int MAX_STAT = 40;
  /** Longest key-value metadata value printed (Spark's schema JSON runs to kilobytes). */
  static final int MAX_VALUE = 120;

  @Override
  String name() {
    return "meta";
  }

  @Override
  void runFile(Path file, boolean several) throws Exception {
    ParquetMetadata footer = ParquetFiles.footer(file);
    if (json) {
      out().println(GSON.toJson(json(file, footer)));
      return;
    }
    header(file, several);
    print(footer, out());
  }

  static JsonObject json(Path file, ParquetMetadata footer) {
    FileMetaData meta = footer.getFileMetaData();
    JsonObject o = new JsonObject();
    o.addProperty("file", file.toString());
    o.addProperty("created_by", meta.getCreatedBy());
    long rows = 0;
    for (BlockMetaData b : footer.getBlocks()) {
      rows += b.getRowCount();
    }
    o.addProperty("rows", rows);
    JsonObject kv = new JsonObject();
    new TreeMap<>(meta.getKeyValueMetaData()).forEach(kv::addProperty);
    o.add("key_value_metadata", kv);
    JsonArray groups = new JsonArray();
    for (BlockMetaData b : footer.getBlocks()) {
      JsonObject g = new JsonObject();
      g.addProperty("rows", b.getRowCount());
      g.addProperty("compressed_bytes", b.getCompressedSize());
      g.addProperty("uncompressed_bytes", b.getTotalByteSize());
      g.addProperty("offset", b.getStartingPos());
      JsonArray columns = new JsonArray();
      for (ColumnChunkMetaData c : b.getColumns()) {
        JsonObject col = new JsonObject();
        col.addProperty("column", c.getPath().toDotString());
        col.addProperty("type", type(c.getPrimitiveType()));
        col.addProperty("codec", c.getCodec().name());
        JsonArray encodings = new JsonArray();
        new TreeSet<>(c.getEncodings().stream().map(Encoding::name).toList()).forEach(encodings::add);
        col.add("encodings", encodings);
        col.addProperty("values", c.getValueCount());
        Statistics<?> s = c.getStatistics();
        boolean hasMinMax = s != null && !s.isEmpty() && s.hasNonNullValue();
        col.addProperty("nulls", s != null && !s.isEmpty() && s.isNumNullsSet() ? s.getNumNulls() : null);
        col.addProperty("compressed_bytes", c.getTotalSize());
        col.addProperty("uncompressed_bytes", c.getTotalUncompressedSize());
        col.addProperty("min", hasMinMax ? s.minAsString() : null);
        col.addProperty("max", hasMinMax ? s.maxAsString() : null);
        col.addProperty("dictionary", c.hasDictionaryPage());
        col.addProperty("bloom_filter", c.getBloomFilterOffset() >= 0);
        col.addProperty("column_index", c.getColumnIndexReference() != null);
        col.addProperty("offset_index", c.getOffsetIndexReference() != null);
        columns.add(col);
      }
      g.add("columns", columns);
      groups.add(g);
    }
    o.add("row_groups", groups);
    return o;
  }

  static void print(ParquetMetadata footer, PrintStream out) {
    FileMetaData meta = footer.getFileMetaData();
    List<BlockMetaData> groups = footer.getBlocks();
    long rows = 0;
    for (BlockMetaData b : groups) {
      rows += b.getRowCount();
    }
    out.println("created_by: " + (meta.getCreatedBy() == null ? "-" : meta.getCreatedBy()));
    out.println("rows: " + rows);
    out.println("row groups: " + groups.size());
    out.println("columns: " + meta.getSchema().getColumns().size());
    Map<String, String> kv = new TreeMap<>(meta.getKeyValueMetaData());
    out.println("key-value metadata:" + (kv.isEmpty() ? " none" : ""));
    for (Map.Entry<String, String> e : kv.entrySet()) {
      out.println("  " + e.getKey() + ": " + shorten(e.getValue(), MAX_VALUE));
    }
    for (int g = 0; g < groups.size(); g++) {
      BlockMetaData b = groups.get(g);
      out.println();
      out.println("row group " + g + ": " + b.getRowCount() + " rows, " + b.getCompressedSize() + " bytes compressed, "
          + b.getTotalByteSize() + " uncompressed, at offset " + b.getStartingPos());
      Table t = new Table("column", "type", "codec", "encodings", ">values", ">nulls", ">compressed", ">uncompressed",
          "min", "max", "dict", "bloom", "cidx", "oidx");
      for (ColumnChunkMetaData c : b.getColumns()) {
        Statistics<?> s = c.getStatistics();
        boolean hasMinMax = s != null && !s.isEmpty() && s.hasNonNullValue();
        t.row(c.getPath().toDotString(), type(c.getPrimitiveType()), c.getCodec(), encodings(c), c.getValueCount(),
            s != null && !s.isEmpty() && s.isNumNullsSet() ? s.getNumNulls() : null,
            c.getTotalSize(), c.getTotalUncompressedSize(),
            hasMinMax ? shorten(s.minAsString()) : null, hasMinMax ? shorten(s.maxAsString()) : null,
            yesNo(c.hasDictionaryPage()), yesNo(c.getBloomFilterOffset() >= 0),
            yesNo(c.getColumnIndexReference() != null), yesNo(c.getOffsetIndexReference() != null));
      }
      t.print(out, "  ");
    }
  }

  /** The physical type and, after it, the logical one: {@code INT64 TIMESTAMP(MICROS,true)}. */
  static String type(PrimitiveType p) {
    String physical = p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
        ? "FIXED_LEN_BYTE_ARRAY(" + p.getTypeLength() + ")" : p.getPrimitiveTypeName().name();
    return p.getLogicalTypeAnnotation() == null ? physical : physical + " " + p.getLogicalTypeAnnotation();
  }

  static String encodings(ColumnChunkMetaData c) {
    TreeSet<String> names = new TreeSet<>();
    for (Encoding e : c.getEncodings()) {
      names.add(e.name());
    }
    return String.join(",", names);
  }

  static String yesNo(boolean b) {
    return b ? "yes" : "no";
  }

  /** A statistic as one short line: control characters escaped, at most {@link #MAX_STAT} characters. */
  static String shorten(String s) {
    return shorten(s, MAX_STAT);
  }

  static String shorten(String s, int max) {
    s = oneLine(s);
    return s.length() > max ? s.substring(0, max - 3) + "..." : s;
  }

  private static String oneLine(String s) {
    return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
  }
}
