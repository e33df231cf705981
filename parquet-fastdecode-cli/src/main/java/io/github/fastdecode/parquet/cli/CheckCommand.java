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

import io.github.fastdecode.parquet.column.CodecExpansion;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import io.github.fastdecode.parquet.file.PageReadException;
import io.github.fastdecode.parquet.file.PageSettings;
import io.github.fastdecode.parquet.file.RowGroupReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import picocli.CommandLine.Command;

/**
 * {@code check PATH...}: reads every page of every column chunk through parquet-fastdecode's own
 * page pipeline ({@link RowGroupReader}: header checks, decompression, CRC32s verified) and decodes
 * every value ({@link ColumnChunkReader}); reports every bad page, one line each, and exits 1 if
 * there is any. The pipeline stops at a chunk's first bad page; the chunk's later pages are then
 * still checked for bad CRCs by walking their headers, so every corrupt page is named.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    header = "Read and decode every page, verify CRCs; report every bad page.",
    description = {
      "Read every page of every column chunk through parquet-fastdecode's page pipeline (page headers checked,"
          + " pages decompressed, CRC32s verified where the writer stored them) and decode every value.",
      "Each bad page is one line on stderr: file, column, row group, page, where its header starts in the file and"
          + " what is wrong. A good file is one"
          + " line on stdout: 'FILE: ok' with its row groups, columns, values and how many pages had a CRC."
    },
    footerHeading = "%n",
    footer = {
      "Example: parquet-fastdecode check data/",
      "Exit status: 0 every file is good, 1 a file or page is bad, 2 bad command line."
    })
final class CheckCommand extends PathsCommand {
  @Override
  String name() {
    return "check";
  }

  @Override
  void runFile(Path file, boolean several) throws Exception {
    ParquetMetadata footer = ParquetFiles.footer(file);
    MessageType schema = footer.getFileMetaData().getSchema();
    List<BlockMetaData> groups = footer.getBlocks();
    List<String> bad = new ArrayList<>();
    long values = 0;
    long pagesWithCrc = 0;
    long pages = 0;
    try (RowGroupReader reader = new RowGroupReader(new LocalInputFile(file), ParquetFiles.options().getCodecFactory(),
        PageSettings.defaults().withChecksumVerification(true))) {
      long started = System.nanoTime();
      for (int g = 0; g < groups.size(); g++) {
        BlockMetaData block = groups.get(g);
        if (g > 0 && System.nanoTime() - started > progressAfterNanos) {
          // Progress on big files, on stderr so that stdout stays one line per file.
          main.err.println("check: " + file + ": row group " + (g + 1) + " of " + groups.size());
        }
        for (ColumnDescriptor c : schema.getColumns()) {
          String name = ParquetFiles.path(c);
          ColumnChunkMetaData chunk = PagesCommand.chunk(block, name);
          if (chunk == null) {
            bad.add("column " + name + ", row group " + g + ": no chunk in the row group");
            continue;
          }
          int failedAt = Integer.MIN_VALUE;
          String failure = null;
          try {
            values += decode(reader, block, g, c);
          } catch (PageReadException e) {
            failure = e.getMessage() == null ? "column " + name + ", row group " + g : Messages.clean(e.getMessage());
            failedAt = e.page();
          } catch (RuntimeException e) {
            failure = "column " + name + ", row group " + g + ": " + Messages.oneLine(e);
            failedAt = PageReadException.CHUNK;
          }
          // The header walk: counts pages and CRCs, gives the bad page's offset in the file, and
          // finds bad CRCs the pipeline did not reach.
          ChunkPages.Walk walk = ChunkPages.walk(file, chunk);
          for (ChunkPages.Page p : walk.pages()) {
            if (failure != null && p.number() == failedAt) {
              String page = ", " + ChunkPages.pageName(p.number());
              failure = failure.replace(page + ":", page + " at byte " + p.fileOffset() + ":");
            }
          }
          if (failure != null) {
            bad.add(failure);
          }
          for (ChunkPages.Page p : walk.pages()) {
            pages++;
            pagesWithCrc += p.crcOk() == null ? 0 : 1;
            if (failedAt != Integer.MIN_VALUE && p.number() > failedAt && Boolean.FALSE.equals(p.crcOk())) {
              bad.add("column " + name + ", row group " + g + ", " + ChunkPages.pageName(p.number()) + " at byte " + p.fileOffset()
                  + ": the page's CRC32 does not match its bytes: the page's bytes are corrupt");
            }
          }
        }
      }
    }
    if (!bad.isEmpty()) {
      out().flush();
      for (String b : bad) {
        problem(file, b);
      }
      throw new Reported();
    }
    out().println(file + ": ok, " + groups.size() + " row groups, " + schema.getColumns().size() + " columns, " + values
        + " values, " + pages + " pages, " + pagesWithCrc + " with a CRC (verified)");
  }

  /** Reads and decodes the chunk of {@code c} in row group {@code g}; returns its level entries (values and nulls). */
  private static long decode(RowGroupReader reader, BlockMetaData block, int g, ColumnDescriptor c) throws java.io.IOException {
    long maxPage = CodecExpansion.maxUncompressedPageBytes(block, ColumnPath.get(c.getPath()));
    PageReader pages = reader.read(block, g, List.of(c), new long[] {maxPage})[0];
    ColumnChunkReader chunk = new ColumnChunkReader(c, pages, g, maxPage);
    ColumnBatch batch = ColumnBatch.forColumn(c, 4096);
    long entries = 0;
    while (chunk.readBatch(batch) > 0) {
      entries += batch.entryCount();
    }
    return entries;
  }
}
