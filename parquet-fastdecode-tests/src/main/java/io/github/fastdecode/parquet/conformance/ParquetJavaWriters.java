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

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.MessageType;

/**
 * Writer settings of parquet-hadoop's {@link ParquetWriter.Builder} that not every supported
 * parquet-java release has, so the kit writes the same shapes of files on 1.15 as on 1.18. Each
 * choice is made once, when this class loads:
 *
 * <ul>
 *   <li>A per-column BYTE_STREAM_SPLIT switch on the builder came in 1.17.0; before it, the same
 *       switch of the builder's {@link ParquetProperties.Builder} (there since 1.15) is set
 *       through the builder's private field, the field {@code FastDecode.withFastValuesWriters} in core
 *       reaches for the values-writer factory.
 *   <li>Row groups cut by row count came in 1.16.0 ({@code withRowGroupRowCountLimit}); on 1.15,
 *       {@link #write} writes each row group as its own one-row-group file with the same settings
 *       and joins them with {@link ParquetFileWriter#appendColumnChunk}, which copies each chunk's
 *       pages, statistics, column and offset indexes and bloom filter.
 * </ul>
 */
public final class ParquetJavaWriters {
  private ParquetJavaWriters() {}

  /** {@code withRowGroupRowCountLimit(int)} of the builder, or null before parquet-java 1.16.0. */
  private static final MethodHandle ROW_GROUP_ROW_COUNT_LIMIT;
  /** {@code withByteStreamSplitEncoding(String, boolean)} of the builder, or null before 1.17.0. */
  private static final MethodHandle COLUMN_BYTE_STREAM_SPLIT;
  /** Getter of the builder's {@code encodingPropsBuilder}, where the column switch above is missing. */
  private static final MethodHandle ENCODING_PROPERTIES;

  static {
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    ROW_GROUP_ROW_COUNT_LIMIT = find(lookup, "withRowGroupRowCountLimit", MethodType.methodType(ParquetWriter.Builder.class, int.class));
    COLUMN_BYTE_STREAM_SPLIT = find(lookup, "withByteStreamSplitEncoding",
        MethodType.methodType(ParquetWriter.Builder.class, String.class, boolean.class));
    MethodHandle properties = null;
    if (COLUMN_BYTE_STREAM_SPLIT == null) {
      try {
        properties = MethodHandles.privateLookupIn(ParquetWriter.Builder.class, MethodHandles.lookup())
            .findGetter(ParquetWriter.Builder.class, "encodingPropsBuilder", ParquetProperties.Builder.class);
      } catch (ReflectiveOperationException | RuntimeException e) {
        properties = null; // withByteStreamSplitEncoding(builder, column, on) says so when used
      }
    }
    ENCODING_PROPERTIES = properties;
  }

  private static MethodHandle find(MethodHandles.Lookup lookup, String name, MethodType type) {
    try {
      return lookup.findVirtual(ParquetWriter.Builder.class, name, type);
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return null;
    }
  }

  /** Whether this parquet-java's builder cuts row groups by row count itself (1.16.0 and later). */
  public static boolean hasRowGroupRowCountLimit() {
    return ROW_GROUP_ROW_COUNT_LIMIT != null;
  }

  /**
   * {@code builder} with BYTE_STREAM_SPLIT switched for one column (dotted path), as 1.17's
   * {@code withByteStreamSplitEncoding(String, boolean)} does.
   */
  public static <T, B extends ParquetWriter.Builder<T, B>> B withByteStreamSplitEncoding(B builder, String column, boolean enabled) {
    try {
      if (COLUMN_BYTE_STREAM_SPLIT != null) {
        COLUMN_BYTE_STREAM_SPLIT.invoke(builder, column, enabled);
      } else if (ENCODING_PROPERTIES != null) {
        ((ParquetProperties.Builder) ENCODING_PROPERTIES.invoke(builder)).withByteStreamSplitEncoding(column, enabled);
      } else {
        throw new UnsupportedOperationException("BYTE_STREAM_SPLIT for one column through ParquetWriter.Builder needs parquet-java 1.17.0"
            + " or a builder with an encodingPropsBuilder field");
      }
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
    return builder;
  }

  /**
   * Writes {@code rows} into {@code file}, a row group for every {@code rowsPerGroup} rows (the last
   * may be shorter; at least one row group). {@code builders} makes a builder with the caller's
   * settings for an output path; it may be called more than once.
   */
  public static <T, B extends ParquetWriter.Builder<T, B>> Path write(Function<Path, B> builders, Path file, List<T> rows, int rowsPerGroup)
      throws IOException {
    if (rowsPerGroup < 1) {
      throw new IllegalArgumentException("rowsPerGroup " + rowsPerGroup);
    }
    if (ROW_GROUP_ROW_COUNT_LIMIT != null) {
      B builder = builders.apply(file);
      try {
        ROW_GROUP_ROW_COUNT_LIMIT.invoke(builder, rowsPerGroup);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException(e);
      }
      writeAll(builder, rows, 0, rows.size());
      return file;
    }
    List<Path> parts = new ArrayList<>();
    try {
      for (int from = 0; from == 0 || from < rows.size(); from += rowsPerGroup) {
        Path part = file.resolveSibling(file.getFileName() + ".part" + parts.size());
        parts.add(part);
        writeAll(builders.apply(part), rows, from, Math.min(rows.size(), from + rowsPerGroup));
      }
      concatenate(parts, file);
    } finally {
      for (Path part : parts) {
        Files.deleteIfExists(part);
      }
    }
    return file;
  }

  private static <T> void writeAll(ParquetWriter.Builder<T, ?> builder, List<T> rows, int from, int to) throws IOException {
    try (ParquetWriter<T> w = builder.build()) {
      for (int i = from; i < to; i++) {
        w.write(rows.get(i));
      }
    }
  }

  /**
   * Joins the row groups of {@code parts} (files of one schema) into {@code out}, in order, with
   * their pages, statistics, column and offset indexes, bloom filters and the first part's
   * key-value metadata.
   */
  public static void concatenate(List<Path> parts, Path out) throws IOException {
    MessageType schema;
    Map<String, String> keyValues;
    try (ParquetFileReader first = ParquetFileReader.open(new LocalInputFile(parts.get(0)))) {
      schema = first.getFooter().getFileMetaData().getSchema();
      keyValues = first.getFooter().getFileMetaData().getKeyValueMetaData();
    }
    ParquetFileWriter writer = new ParquetFileWriter(new LocalOutputFile(out), schema, ParquetFileWriter.Mode.OVERWRITE,
        ParquetWriter.DEFAULT_BLOCK_SIZE, ParquetWriter.MAX_PADDING_SIZE_DEFAULT);
    writer.start();
    for (Path part : parts) {
      LocalInputFile input = new LocalInputFile(part);
      try (ParquetFileReader reader = ParquetFileReader.open(input); SeekableInputStream in = input.newStream()) {
        if (!reader.getFooter().getFileMetaData().getSchema().equals(schema)) {
          throw new IllegalArgumentException(part + " has another schema than " + parts.get(0));
        }
        for (BlockMetaData block : reader.getFooter().getBlocks()) {
          writer.startBlock(block.getRowCount());
          for (ColumnChunkMetaData chunk : block.getColumns()) {
            writer.appendColumnChunk(schema.getColumnDescription(chunk.getPath().toArray()), in, chunk,
                reader.readBloomFilter(chunk), reader.readColumnIndex(chunk), reader.readOffsetIndex(chunk));
          }
          writer.endBlock();
        }
      }
    }
    writer.end(keyValues);
  }
}
