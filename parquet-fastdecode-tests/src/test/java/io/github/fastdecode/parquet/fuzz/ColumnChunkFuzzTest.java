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
package io.github.fastdecode.parquet.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.column.ColumnChunkReader;
import io.github.fastdecode.parquet.conformance.InMemoryPageReader;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * A fuzzed column chunk through {@link ColumnChunkReader}: the column (physical type, maximum
 * repetition and definition levels), an optional dictionary page (bytes, claimed entry count,
 * encoding), up to {@link #MAX_PAGES} uncompressed V1/V2 data pages whose header fields (value,
 * row and null counts, level section lengths, level and value encodings) and sections come from
 * the input, and the chunk's total value count (their sum, or a lie). The reader is driven by
 * fuzzer-chosen batch capacities, layouts, reads and skips, then drained.
 *
 * <p>Property ({@link FuzzCheck}): it reads, or throws a {@link ParquetDecodingException} whose
 * message starts with the column path, the row group and the page (or "chunk" for the chunk's
 * metadata: the column-chunk reader's {@code PageReadException}), and whose root cause is a
 * {@code ParquetDecodingException}, an {@code IOException}, or thrown by parquet-java's own
 * decoders (deprecated BIT_PACKED levels and combinations no fast reader serves go through the
 * fallback), never by this project's code; within the usual time and allocation bounds.
 *
 * <p>Input layout, integers in the order consumed ({@link FuzzSeed} writes it): type (index in
 * {@link PlainFuzzTest#TYPES}), FIXED_LEN_BYTE_ARRAY length, max repetition level, max definition
 * level, page input kind (heap or direct), dictionary (0 none, else 1 + index in {@link
 * DictionaryFuzzTest#DICTIONARY_PAGE_ENCODINGS}) with its entry count and byte length, page count,
 * then per page its {@link PageFields}, then the chunk's total count (0: the pages' sum; 1: sum + x
 * - 128; 2: 2^32 + x; 3: -1 - x), then a {@link BatchPlan}. Bytes, in order: dictionary page, then each page's sections (V1: body;
 * V2: repetition levels, definition levels, values).
 */
class ColumnChunkFuzzTest {
  static final String[] PATH = {"g", "c"};
  static final int ROW_GROUP = 3;
  static final int MAX_PAGES = 8;
  /** Batches read after the operations at most, so a page claiming 2^31 values ends quickly. */
  static final int DRAIN_BATCHES = 32;
  static final Encoding[] LEVEL_ENCODINGS = {Encoding.RLE, Encoding.BIT_PACKED};
  static final String WHAT = "column chunk";
  /** parquet-column: the decoders behind the fallback reader, its dictionaries, {@code Encoding}'s reader lookup. */
  static final String[] PARQUET_JAVA = {"org.apache.parquet.column."};

  @FuzzTest
  void columnChunk(FuzzedDataProvider data) {
    int inputBytes = data.remainingBytes();
    Chunk chunk = Chunk.read(data);
    BatchPlan plan = BatchPlan.read(data);
    chunk.readBytes(data);
    // The batch belongs to the harness: allocated once, outside the measured body.
    ColumnBatch batch = ColumnBatch.forColumn(chunk.column, plan.capacity, plan.layout);
    FuzzCheck.check(WHAT, namesLocation(String.join(".", PATH), ROW_GROUP), FuzzCheck.PER_INPUT_BYTE, inputBytes, () -> read(chunk, plan, batch));
  }

  /** Reads the chunk as planned, then drains it; returns the entries read or skipped. */
  static long read(Chunk chunk, BatchPlan plan, ColumnBatch batch) {
    ColumnChunkReader reader = new ColumnChunkReader(chunk.column, chunk.pages(), ROW_GROUP);
    long entries = 0;
    for (int i = 0; i < plan.ops.length; i++) {
      if (plan.ops[i] == BatchPlan.READ) {
        entries += read(reader, batch, Math.min(plan.counts[i], plan.capacity));
      } else if (chunk.column.getMaxRepetitionLevel() == 0) {
        long skip = Math.max(0, Math.min(plan.counts[i], reader.remainingEntries()));
        reader.skipRows(skip);
        entries += skip;
      }
    }
    for (int i = 0; i < DRAIN_BATCHES; i++) {
      int got = read(reader, batch, plan.capacity);
      if (got == 0) {
        break;
      }
      entries += got;
    }
    return entries;
  }

  /** Reads a batch, reports the bytes it holds to the allocation bound and returns its entries (level pairs). */
  static int read(ColumnChunkReader reader, ColumnBatch batch, int max) {
    reader.readBatch(batch, max);
    int n = batch.entryCount();
    long bytes = 9L * n + 8L * batch.valueCount();
    if (batch.binaries() != null) {
      bytes += batch.binaries().byteSize();
    }
    FuzzCheck.produced(bytes);
    return n;
  }

  /** A {@link ParquetDecodingException} that names the column, row group and page, from a root cause that is not ours. */
  static FuzzCheck.Failure namesLocation(String path, int rowGroup) {
    Pattern location = Pattern.compile("column " + Pattern.quote(path) + ", row group " + rowGroup
        + ", (page \\d+|dictionary page|chunk): .+", Pattern.DOTALL);
    return e -> {
      if (!(e instanceof ParquetDecodingException)) {
        throw new AssertionError(WHAT + ": expected success or ParquetDecodingException, got " + e, e);
      }
      if (e.getMessage() == null || !location.matcher(e.getMessage()).matches()) {
        throw new AssertionError(WHAT + ": message does not start with column " + path + ", row group "
            + rowGroup + " and the page: " + e.getMessage(), e);
      }
      FuzzCheck.checkCauses(WHAT, e, PARQUET_JAVA);
    };
  }

  /** One data page's header fields, as the target reads them. */
  static final class PageFields {
    boolean v2;
    int valueCount;
    Encoding encoding;
    Encoding repetitionEncoding = Encoding.RLE;
    Encoding definitionEncoding = Encoding.RLE;
    int rowCount;
    int nullCount;
    /** V1: body; V2: repetition levels, definition levels, values. */
    int[] lengths;
    byte[][] sections;

    static PageFields read(FuzzedDataProvider data) {
      PageFields h = new PageFields();
      h.v2 = data.consumeInt(0, 1) == 1;
      switch (data.consumeInt(0, 2)) {
        case 0: h.valueCount = data.consumeInt(0, 0xFFFF); break;
        case 1: h.valueCount = Integer.MAX_VALUE - data.consumeInt(0, 255); break;
        default: h.valueCount = -1 - data.consumeInt(0, 255); break;
      }
      h.encoding = Encoding.values()[data.consumeInt(0, Encoding.values().length - 1)];
      if (h.v2) {
        h.rowCount = data.consumeInt(0, 0xFFFF);
        h.nullCount = data.consumeInt(0, 0xFFFF);
        h.lengths = new int[] {data.consumeInt(0, 0xFFFF), data.consumeInt(0, 0xFFFF), data.consumeInt(0, 0xFFFF)};
      } else {
        h.repetitionEncoding = LEVEL_ENCODINGS[data.consumeInt(0, 1)];
        h.definitionEncoding = LEVEL_ENCODINGS[data.consumeInt(0, 1)];
        h.lengths = new int[] {data.consumeInt(0, 0xFFFF)};
      }
      return h;
    }

    /** Writes what {@link #read} reads. */
    void write(FuzzSeed s) {
      s.pick(v2 ? 1 : 0).pick(0).u16(valueCount).pick(encoding.ordinal());
      if (v2) {
        s.u16(rowCount).u16(nullCount);
      } else {
        s.pick(repetitionEncoding == Encoding.RLE ? 0 : 1).pick(definitionEncoding == Encoding.RLE ? 0 : 1);
      }
      for (byte[] section : sections) {
        s.u16(section.length);
      }
    }

    static PageFields of(DataPage page) {
      PageFields h = new PageFields();
      h.valueCount = page.getValueCount();
      try {
        if (page instanceof DataPageV2) {
          DataPageV2 p = (DataPageV2) page;
          h.v2 = true;
          h.encoding = p.getDataEncoding();
          h.rowCount = p.getRowCount();
          h.nullCount = p.getNullCount();
          h.sections = new byte[][] {p.getRepetitionLevels().toByteArray(), p.getDefinitionLevels().toByteArray(), p.getData().toByteArray()};
        } else {
          DataPageV1 p = (DataPageV1) page;
          h.encoding = p.getValueEncoding();
          h.repetitionEncoding = p.getRlEncoding();
          h.definitionEncoding = p.getDlEncoding();
          h.sections = new byte[][] {p.getBytes().toByteArray()};
        }
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      return h;
    }

    DataPage page(boolean direct) {
      if (v2) {
        return DataPageV2.uncompressed(rowCount, nullCount, valueCount, bytes(sections[0], direct),
            bytes(sections[1], direct), encoding, bytes(sections[2], direct), null);
      }
      return new DataPageV1(bytes(sections[0], direct), valueCount, sections[0].length, null,
          repetitionEncoding, definitionEncoding, encoding);
    }
  }

  static BytesInput bytes(byte[] b, boolean direct) {
    if (!direct) {
      return BytesInput.from(b);
    }
    ByteBuffer d = ByteBuffer.allocateDirect(b.length);
    d.put(b).flip();
    return BytesInput.from(d);
  }

  /** The fuzzed column and pages. */
  static final class Chunk {
    ColumnDescriptor column;
    boolean direct;
    int dictionaryEncoding;
    int dictionaryEntries;
    int dictionaryLength;
    byte[] dictionary;
    final List<PageFields> headers = new ArrayList<>();
    int totalMode;
    int totalDelta;
    long total;

    static Chunk read(FuzzedDataProvider data) {
      Chunk c = new Chunk();
      PrimitiveTypeName type = PlainFuzzTest.TYPES[data.consumeInt(0, PlainFuzzTest.TYPES.length - 1)];
      int length = data.consumeInt(0, FuzzColumns.MAX_FIXED_LENGTH);
      c.column = column(type, length, data.consumeInt(0, 2), data.consumeInt(0, 3));
      c.direct = data.consumeInt(0, 1) == 1;
      c.dictionaryEncoding = data.consumeInt(0, DictionaryFuzzTest.DICTIONARY_PAGE_ENCODINGS.length);
      if (c.dictionaryEncoding > 0) {
        c.dictionaryEntries = data.consumeInt(0, 0xFFFF);
        c.dictionaryLength = data.consumeInt(0, 0xFFFF);
      }
      int pages = data.consumeInt(0, MAX_PAGES);
      for (int i = 0; i < pages; i++) {
        c.headers.add(PageFields.read(data));
      }
      c.totalMode = data.consumeInt(0, 3);
      c.totalDelta = data.consumeInt(0, 255);
      return c;
    }

    /** Takes the dictionary and page sections from the front of the input. */
    void readBytes(FuzzedDataProvider data) {
      dictionary = data.consumeBytes(dictionaryLength);
      long sum = 0;
      for (PageFields h : headers) {
        h.sections = new byte[h.lengths.length][];
        for (int i = 0; i < h.lengths.length; i++) {
          h.sections[i] = data.consumeBytes(h.lengths[i]);
        }
        sum += h.valueCount;
      }
      switch (totalMode) {
        case 0: total = sum; break;
        case 1: total = sum + totalDelta - 128; break;
        case 2: total = (1L << 32) + totalDelta; break;
        default: total = -1 - totalDelta; break;
      }
    }

    /** Fresh pages over the input's bytes (a page reader is used up by reading). */
    InMemoryPageReader pages() {
      DictionaryPage d = dictionaryEncoding == 0 ? null : new DictionaryPage(bytes(dictionary, direct), dictionaryEntries,
          DictionaryFuzzTest.DICTIONARY_PAGE_ENCODINGS[dictionaryEncoding - 1]);
      List<DataPage> data = new ArrayList<>(headers.size());
      for (PageFields h : headers) {
        data.add(h.page(direct));
      }
      return new InMemoryPageReader(total, d, data);
    }
  }

  /** The column {@code PATH} of {@code type}, with the given maximum levels (repeated if {@code maxRep > 0}). */
  static ColumnDescriptor column(PrimitiveTypeName type, int length, int maxRep, int maxDef) {
    int l = type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? length : 0;
    Type.Repetition r = maxRep > 0 ? Type.Repetition.REPEATED : maxDef > 0 ? Type.Repetition.OPTIONAL : Type.Repetition.REQUIRED;
    return new ColumnDescriptor(PATH, new PrimitiveType(r, type, l, PATH[PATH.length - 1]), maxRep, maxDef);
  }

  /**
   * A seed: {@code pages} (of a column of {@code type}, FIXED_LEN_BYTE_ARRAY {@code length}, the
   * given levels) in this target's layout, read with batches of {@code capacity} and {@code layout},
   * with {@code opsAndCounts} as (op, count byte) pairs before the drain.
   */
  static byte[] seed(PrimitiveTypeName type, int length, int maxRep, int maxDef, boolean direct, InMemoryPageReader pages,
      int capacity, ColumnBatch.Layout layout, int... opsAndCounts) {
    FuzzSeed s = new FuzzSeed();
    s.pick(java.util.Arrays.asList(PlainFuzzTest.TYPES).indexOf(type)).pick(length).pick(maxRep).pick(maxDef).pick(direct ? 1 : 0);
    DictionaryPage d = pages.dictionaryPage();
    byte[] dictionary = new byte[0];
    if (d == null) {
      s.pick(0);
    } else {
      try {
        dictionary = d.getBytes().toByteArray();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      s.pick(1 + java.util.Arrays.asList(DictionaryFuzzTest.DICTIONARY_PAGE_ENCODINGS).indexOf(d.getEncoding()))
          .u16(d.getDictionarySize()).u16(dictionary.length);
    }
    List<DataPage> data = pages.dataPages();
    s.pick(data.size());
    List<PageFields> headers = new ArrayList<>();
    for (DataPage p : data) {
      PageFields h = PageFields.of(p);
      h.write(s);
      headers.add(h);
    }
    s.pick(pages.getTotalValueCount() == sum(data) ? 0 : 1).pick(pages.getTotalValueCount() == sum(data) ? 0 : (int) (pages.getTotalValueCount() - sum(data) + 128));
    BatchPlan.write(s, capacity, layout, opsAndCounts);
    s.bytes(dictionary);
    for (PageFields h : headers) {
      for (byte[] section : h.sections) {
        s.bytes(section);
      }
    }
    return s.build();
  }

  private static long sum(List<DataPage> pages) {
    long sum = 0;
    for (DataPage p : pages) {
      sum += p.getValueCount();
    }
    return sum;
  }
}
