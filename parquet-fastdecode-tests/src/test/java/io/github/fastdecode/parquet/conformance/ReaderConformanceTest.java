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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.spi.BuiltinValuesReaderProvider;
import io.github.fastdecode.parquet.spi.ValuesReaderProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kit's entry point passes a correct reader and catches deliberately wrong ones. */
class ReaderConformanceTest {
  @TempDir
  Path dir;

  private Path file() throws IOException {
    return GeneratedFiles.write(dir, new GeneratedFiles.Spec(WriterVersion.PARQUET_2_0, true, false,
        CompressionCodecName.SNAPPY, true, 10, false, 300, 5));
  }

  @Test
  void aCorrectReaderPasses() throws IOException {
    ReaderConformance.assertFile(file(), ReaderConformance.fastdecode(64, ColumnBatch.Layout.ROW_POSITIONS));
    ReaderConformance.assertPages(new BuiltinValuesReaderProvider());
  }

  @Test
  void aWrongValueIsReportedWithRowColumnAndBothValues() throws IOException {
    Path f = file();
    ReaderConformance.ColumnSource good = ReaderConformance.fastdecode(64, ColumnBatch.Layout.DENSE);
    List<Object> right = good.readColumn(f, "r_i64");
    ReaderConformance.ColumnSource wrong = (file, column) -> {
      List<Object> values = new ArrayList<>(good.readColumn(file, column));
      if (column.equals("r_i64")) {
        values.set(217, (Long) values.get(217) + 1);
      }
      return values;
    };
    Optional<ReaderConformance.Mismatch> m = ReaderConformance.compareFile(f, wrong);
    assertTrue(m.isPresent());
    assertEquals("r_i64", m.get().column);
    assertEquals(217, m.get().row);
    assertEquals(ColumnEntries.describe(right.get(217)), m.get().expected);
    assertEquals(ColumnEntries.describe((Long) right.get(217) + 1), m.get().actual);
    AssertionError e = assertThrows(AssertionError.class, () -> ReaderConformance.assertFile(f, wrong));
    assertTrue(e.getMessage().contains("column r_i64, row 217"), e.getMessage());
  }

  @Test
  void aDroppedNullIsReported() throws IOException {
    Path f = file();
    ReaderConformance.ColumnSource good = ReaderConformance.fastdecode(64, ColumnBatch.Layout.DENSE);
    ReaderConformance.ColumnSource wrong = (file, column) -> {
      List<Object> values = new ArrayList<>(good.readColumn(file, column));
      values.remove(null);
      return values;
    };
    Optional<ReaderConformance.Mismatch> m = ReaderConformance.compareFile(f, wrong);
    assertTrue(m.isPresent());
    assertTrue(m.get().column.startsWith("o_"), m.get().toString());
  }

  @Test
  void aWrongPageReaderIsCaught() {
    ValuesReaderProvider builtin = new BuiltinValuesReaderProvider();
    ValuesReaderProvider wrong = new ValuesReaderProvider() {
      @Override
      public BatchValuesReader newValuesReader(ColumnDescriptor column, Encoding encoding) {
        BatchValuesReader r = builtin.newValuesReader(column, encoding);
        boolean target = encoding == Encoding.DELTA_BINARY_PACKED && column.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT64;
        return target ? new OffByOneAtFifth(r) : r;
      }

      @Override
      public BatchValuesReader newDictionaryValuesReader(ColumnDescriptor column, Encoding encoding, Dictionary dictionary) {
        return null;
      }
    };
    AssertionError e = assertThrows(AssertionError.class, () -> ReaderConformance.assertPages(wrong));
    assertTrue(e.getMessage().contains("DELTA_BINARY_PACKED INT64"), e.getMessage());
  }

  /** Returns value 5 of each page plus one, by the scalar and the bulk path alike. */
  static final class OffByOneAtFifth extends BatchValuesReader {
    private final BatchValuesReader delegate;
    private int position;

    OffByOneAtFifth(BatchValuesReader delegate) {
      this.delegate = delegate;
    }

    @Override
    public void initFromPage(int valueCount, ByteBufferInputStream in) throws IOException {
      position = 0;
      delegate.initFromPage(valueCount, in);
    }

    @Override
    public long readLong() {
      return delegate.readLong() + (position++ == 5 ? 1 : 0);
    }

    @Override
    public void readLongs(long[] dst, int offset, int count) {
      delegate.readLongs(dst, offset, count);
      if (position <= 5 && 5 < position + count) {
        dst[offset + 5 - position]++;
      }
      position += count;
    }

    @Override
    public void skip() {
      skip(1);
    }

    @Override
    public void skip(int n) {
      delegate.skip(n);
      position += n;
    }
  }
}
