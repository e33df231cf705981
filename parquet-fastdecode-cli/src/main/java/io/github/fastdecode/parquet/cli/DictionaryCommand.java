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
import io.github.fastdecode.parquet.file.PageSettings;
import io.github.fastdecode.parquet.file.RowGroupReader;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code dictionary COLUMN PATH...}: the entries of the column's dictionary page in each row group,
 * read through parquet-fastdecode's page reading (CRC checked), printed as {@code cat} prints values.
 */
@Command(
    name = "dictionary",
    mixinStandardHelpOptions = true,
    header = "Print a column's dictionary entries, per row group.",
    description = "Print the entries of COLUMN's dictionary page in each row group of each file, one per line as"
        + " 'id: value' (values as JSON, logical as cat prints them); a row group whose chunk has no dictionary says so.",
    footerHeading = "%n",
    footer = "Example: parquet-fastdecode dictionary name data/part-0.parquet")
final class DictionaryCommand extends FileCommand {
  @Parameters(index = "0", paramLabel = "COLUMN", description = "The leaf column, its path joined with '.' (a.b.c).")
  String column;

  @Parameters(index = "1..*", arity = "1..*", paramLabel = "PATH",
      description = "Parquet files, directories of them (Spark/Hive output) or globs.")
  List<String> paths;

  @Override
  List<String> paths() {
    return paths;
  }

  @Override
  String name() {
    return "dictionary";
  }

  @Override
  void runFile(Path file, boolean several) throws Exception {
    ParquetMetadata footer = ParquetFiles.footer(file);
    ColumnDescriptor c = ParquetFiles.leaf(footer.getFileMetaData().getSchema(), column);
    ValueFormat format = ValueFormat.of(c, false);
    header(file, several);
    List<BlockMetaData> groups = footer.getBlocks();
    try (RowGroupReader pages = new RowGroupReader(new LocalInputFile(file), ParquetFiles.options().getCodecFactory(),
        PageSettings.defaults().withChecksumVerification(true))) {
      for (int g = 0; g < groups.size(); g++) {
        BlockMetaData block = groups.get(g);
        long maxPage = CodecExpansion.maxUncompressedPageBytes(block, ColumnPath.get(c.getPath()));
        PageReader reader = pages.read(block, g, List.of(c), new long[] {maxPage})[0];
        DictionaryPage page = reader.readDictionaryPage();
        if (page == null) {
          out().println("row group " + g + ": no dictionary");
          continue;
        }
        Dictionary d;
        try {
          d = page.getEncoding().initDictionary(c, page);
        } catch (RuntimeException | java.io.IOException e) {
          throw new java.io.IOException("column " + column + ", row group " + g + ", dictionary page: " + Messages.oneLine(e), e);
        }
        out().println("row group " + g + ": " + (d.getMaxId() + 1) + " entries, " + page.getEncoding());
        for (int id = 0; id <= d.getMaxId(); id++) {
          out().println("  " + id + ": " + format.value(d, id, c.getPrimitiveType().getPrimitiveTypeName()).json());
        }
      }
    }
  }
}
