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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.io.LocalInputFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pages PATH... [--columns a,b]}: one line per page of every column chunk, from the page
 * headers: type, encoding, sizes, values, nulls, rows, min and max where the header has statistics,
 * and whether the page has a CRC and whether it matches.
 */
@Command(
    name = "pages",
    mixinStandardHelpOptions = true,
    header = "Print every page's header: type, encoding, sizes, values, nulls, min/max, CRC.",
    description = {
      "Print one line per page of each column chunk, read from the page headers: row group, column, page"
          + " (D for the dictionary page, then data pages from 0), type, encoding, compressed and uncompressed"
          + " bytes, values, nulls (V2 pages, or the statistics), rows (V2 pages), min and max (from the header's"
          + " statistics, else from the column index, where parquet-java writes them) and crc: 'ok' when the page's CRC32 matches its bytes, 'BAD' when it does not,"
          + " '-' when the page has none.",
      "A header that cannot be parsed ends its chunk's lines and is reported on stderr (exit 1)."
    },
    footerHeading = "%n",
    footer = "Example: parquet-fastdecode pages data/part-0.parquet --columns id,name")
final class PagesCommand extends PathsCommand {
  @Option(names = "--columns", split = ",", paramLabel = "COLUMN",
      description = "Only these leaf columns (paths joined with '.'), in the order given.")
  List<String> columns;

  private final ParquetMetadataConverter converter = new ParquetMetadataConverter();

  @Override
  String name() {
    return "pages";
  }

  @Override
  void runFile(Path file, boolean several) throws Exception {
    ParquetMetadata footer = ParquetFiles.footer(file);
    List<String> chosen = columns == null ? ParquetFiles.leafPaths(footer.getFileMetaData().getSchema()) : columns;
    for (String c : chosen) {
      ParquetFiles.leaf(footer.getFileMetaData().getSchema(), c);
    }
    header(file, several);
    String createdBy = footer.getFileMetaData().getCreatedBy();
    Table t = new Table(">rg", "column", ">page", "type", "encoding", ">compressed", ">uncompressed", ">values", ">nulls",
        ">rows", "min", "max", "crc");
    boolean bad = false;
    List<BlockMetaData> groups = footer.getBlocks();
    StringBuilder problems = new StringBuilder();
    try (ParquetFileReader indexes = ParquetFileReader.open(new LocalInputFile(file), ParquetFiles.options())) {
      for (int g = 0; g < groups.size(); g++) {
        for (String name : chosen) {
          ColumnChunkMetaData chunk = chunk(groups.get(g), name);
          if (chunk == null) {
            problems.append("column ").append(name).append(", row group ").append(g).append(": no chunk in the row group\n");
            bad = true;
            continue;
          }
          ChunkPages.Walk walk = ChunkPages.walk(file, chunk);
          ColumnIndex index = columnIndex(indexes, chunk);
          for (ChunkPages.Page p : walk.pages()) {
            row(t, g, name, p, chunk, createdBy, index);
            bad |= Boolean.FALSE.equals(p.crcOk());
          }
          if (walk.problem() != null) {
            problems.append("column ").append(name).append(", row group ").append(g).append(", ")
                .append(ChunkPages.pageName(walk.problemPage())).append(": ").append(walk.problem()).append('\n');
            bad = true;
          }
        }
      }
    }
    t.print(out(), "");
    if (problems.length() > 0) {
      problems.toString().lines().forEach(l -> problem(file, l));
    }
    if (bad) {
      throw new Reported();
    }
  }

  static ColumnChunkMetaData chunk(BlockMetaData group, String path) {
    for (ColumnChunkMetaData c : group.getColumns()) {
      if (c.getPath().toDotString().equals(path)) {
        return c;
      }
    }
    return null;
  }

  /** The chunk's column index, or null if it has none or it cannot be read (it is only shown). */
  private static ColumnIndex columnIndex(ParquetFileReader reader, ColumnChunkMetaData chunk) {
    try {
      return chunk.getColumnIndexReference() == null ? null : reader.readColumnIndex(chunk);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private void row(Table t, int g, String column, ChunkPages.Page p, ColumnChunkMetaData chunk, String createdBy,
      ColumnIndex index) {
    PageHeader h = p.header();
    String type;
    Object encoding = null;
    Object values = null;
    Object nulls = null;
    Object rows = null;
    org.apache.parquet.format.Statistics stats = null;
    switch (h.getType()) {
      case DICTIONARY_PAGE:
        type = "DICTIONARY";
        if (h.isSetDictionary_page_header()) {
          encoding = h.getDictionary_page_header().getEncoding();
          values = h.getDictionary_page_header().getNum_values();
        }
        break;
      case DATA_PAGE: {
        type = "DATA_PAGE";
        DataPageHeader d = h.getData_page_header();
        if (d != null) {
          encoding = d.getEncoding();
          values = d.getNum_values();
          stats = d.getStatistics();
        }
        break;
      }
      case DATA_PAGE_V2: {
        type = "DATA_PAGE_V2";
        DataPageHeaderV2 d = h.getData_page_header_v2();
        if (d != null) {
          encoding = d.getEncoding();
          values = d.getNum_values();
          nulls = d.getNum_nulls();
          rows = d.getNum_rows();
          stats = d.getStatistics();
        }
        break;
      }
      default:
        type = String.valueOf(h.getType());
        break;
    }
    Object min = null;
    Object max = null;
    if (stats != null) {
      Statistics<?> s = statistics(createdBy, stats, chunk);
      if (s != null && !s.isEmpty()) {
        if (nulls == null && s.isNumNullsSet()) {
          nulls = s.getNumNulls();
        }
        if (s.hasNonNullValue()) {
          min = MetaCommand.shorten(s.minAsString());
          max = MetaCommand.shorten(s.maxAsString());
        }
      }
    }
    if (min == null && index != null && p.number() >= 0 && p.number() < index.getNullPages().size()) {
      // parquet-java (1.12 on) writes page statistics to the column index instead of the page header.
      int i = p.number();
      if (nulls == null && index.getNullCounts() != null && i < index.getNullCounts().size()) {
        nulls = index.getNullCounts().get(i);
      }
      if (!index.getNullPages().get(i)) {
        Statistics<?> s = Statistics.getBuilderForReading(chunk.getPrimitiveType())
            .withMin(bytes(index.getMinValues().get(i))).withMax(bytes(index.getMaxValues().get(i))).build();
        min = MetaCommand.shorten(s.minAsString());
        max = MetaCommand.shorten(s.maxAsString());
      }
    }
    String crc = p.crcOk() == null ? "-" : p.crcOk() ? "ok" : "BAD";
    t.row(g, column, p.number() == -1 ? "D" : p.number(), type, encoding, h.getCompressed_page_size(),
        h.getUncompressed_page_size(), values, nulls, rows, min, max, crc);
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  /** A page header's statistics as parquet-java reads them (null if it cannot: they are only shown). */
  private Statistics<?> statistics(String createdBy, org.apache.parquet.format.Statistics stats, ColumnChunkMetaData chunk) {
    try {
      return converter.fromParquetStatistics(createdBy, stats, chunk.getPrimitiveType());
    } catch (RuntimeException e) {
      return null;
    }
  }
}
