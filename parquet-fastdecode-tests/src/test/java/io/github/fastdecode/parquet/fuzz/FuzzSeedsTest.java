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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.DictionaryPages;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ParquetJavaRelease;
import io.github.fastdecode.parquet.column.ColumnBatch;
import io.github.fastdecode.parquet.conformance.GeneratedFiles;
import io.github.fastdecode.parquet.conformance.InMemoryInputFile;
import io.github.fastdecode.parquet.conformance.InMemoryPageReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The seed corpora: pages written by parquet-java, wrapped in the input layout each fuzz target
 * reads, under {@code src/test/resources/io/github/fastdecode/parquet/fuzz/<Target>Inputs/<method>/}
 * (Jazzer's layout; regression mode runs every file there). The checked-in files must be what
 * {@link #seeds()} generates; regenerate with
 * {@code mvn -o test -pl parquet-fastdecode-tests -am -Dtest=FuzzSeedsTest -Dfuzz.writeSeeds=true -Dsurefire.failIfNoSpecifiedTests=false}.
 * Crashing inputs the fuzzer found sit next to the seeds as {@code crash-*} files and are not
 * generated.
 */
class FuzzSeedsTest {
  static final long SEED = 0x5EED_F022L;
  static final Path RESOURCES = Paths.get("src/test/resources/io/github/fastdecode/parquet/fuzz");

  /** Calls: one scalar, a bulk of 5, a skip of 3, a bulk of the rest, one scalar past the end. */
  static int[] calls(int scalar, int bulk, int skip, int n) {
    int rest = Math.max(0, Math.min(191, n - 9));
    return new int[] {scalar, 0, bulk, 5, skip, 3, bulk, rest, scalar, 0};
  }

  static byte[] seed(int[] picks, int valueCount, int[] calls, byte[]... pages) {
    FuzzSeed s = new FuzzSeed();
    for (int p : picks) {
      s.pick(p);
    }
    s.plan(valueCount, 0, calls);
    for (byte[] page : pages) {
      s.bytes(page);
    }
    return s.build();
  }

  /** Target directory → file name → bytes. */
  static Map<String, Map<String, byte[]>> seeds() {
    Map<String, Map<String, byte[]>> all = new LinkedHashMap<>();
    // PLAIN: type index in PlainFuzzTest.TYPES, FLBA length.
    Map<String, byte[]> plain = new TreeMap<>();
    for (int n : new int[] {9, 100}) {
      plain.put("boolean-" + n, seed(new int[] {0, 0}, n, calls(0, 1, 4, n), ParquetJavaPages.plainBooleans(DataShapes.booleanShapes(n, SEED).values().iterator().next())));
      plain.put("int32-" + n, seed(new int[] {1, 0}, n, calls(0, 1, 6, n), ParquetJavaPages.plainInts(DataShapes.wide(n, SEED, 32))));
      plain.put("int64-" + n, seed(new int[] {2, 0}, n, calls(0, 1, 6, n), ParquetJavaPages.plainLongs(DataShapes.wide(n, SEED, 64))));
      plain.put("int96-" + n, seed(new int[] {3, 0}, n, calls(0, 2, 5, n), ParquetJavaPages.plainFixed(DataShapes.fixedBytes(n, 12, SEED), 12)));
      plain.put("float-" + n, seed(new int[] {4, 0}, n, calls(0, 1, 4, n), ParquetJavaPages.plainFloats(DataShapes.floats(n, SEED))));
      plain.put("double-" + n, seed(new int[] {5, 0}, n, calls(0, 1, 3, n), ParquetJavaPages.plainDoubles(DataShapes.doubles(n, SEED))));
      plain.put("binary-" + n, seed(new int[] {6, 0}, n, calls(0, 1, 3, n), ParquetJavaPages.plainBinaries(binaries(n))));
      plain.put("flba7-" + n, seed(new int[] {7, 7}, n, calls(0, 1, 3, n), ParquetJavaPages.plainFixed(DataShapes.fixedBytes(n, 7, SEED), 7)));
    }
    all.put("PlainFuzzTestInputs/plain", plain);

    Map<String, byte[]> delta = new TreeMap<>();
    delta.put("int32-small-deltas-100", seed(new int[] {0}, 100, calls(0, 1, 6, 100), ParquetJavaPages.deltaInts(DataShapes.smallDeltas(100, SEED), 128, 4)));
    delta.put("int32-overflow-40", seed(new int[] {0}, 40, calls(0, 2, 6, 40), ParquetJavaPages.deltaInts(DataShapes.int32Overflow(40), 32, 4)));
    delta.put("int64-wide-100", seed(new int[] {1}, 100, calls(0, 1, 6, 100), ParquetJavaPages.deltaLongs(DataShapes.wide(100, SEED, 64), 128, 4)));
    delta.put("int64-monotonic-70", seed(new int[] {1}, 70, calls(0, 4, 6, 70), ParquetJavaPages.deltaLongs(DataShapes.monotonic(70, SEED), 32, 4)));
    delta.put("int64-one", seed(new int[] {1}, 1, calls(0, 1, 6, 1), ParquetJavaPages.deltaLongs(new long[] {42}, 128, 4)));
    all.put("DeltaBinaryPackedFuzzTestInputs/deltaBinaryPacked", delta);

    Map<String, byte[]> bss = new TreeMap<>();
    for (int n : new int[] {9, 33}) {
      bss.put("float-" + n, seed(new int[] {0, 0}, n, calls(0, 1, 4, n), ParquetJavaPages.bssFloats(DataShapes.floats(n, SEED))));
      bss.put("double-" + n, seed(new int[] {1, 0}, n, calls(0, 1, 3, n), ParquetJavaPages.bssDoubles(DataShapes.doubles(n, SEED))));
      bss.put("int32-" + n, seed(new int[] {2, 0}, n, calls(0, 2, 6, n), ParquetJavaPages.bssInts(DataShapes.wide(n, SEED, 32))));
      bss.put("int64-" + n, seed(new int[] {3, 0}, n, calls(0, 1, 6, n), ParquetJavaPages.bssLongs(DataShapes.wide(n, SEED, 64))));
      bss.put("flba5-" + n, seed(new int[] {4, 5}, n, calls(0, 1, 3, n), ParquetJavaPages.bssFixed(DataShapes.fixedBytes(n, 5, SEED), 5)));
    }
    all.put("ByteStreamSplitFuzzTestInputs/byteStreamSplit", bss);

    Map<String, byte[]> rle = new TreeMap<>();
    for (Map.Entry<String, boolean[]> e : DataShapes.booleanShapes(100, SEED).entrySet()) {
      int[] bits = new int[e.getValue().length];
      for (int i = 0; i < bits.length; i++) {
        bits[i] = e.getValue()[i] ? 1 : 0;
      }
      rle.put("booleans-" + e.getKey(), seed(new int[] {RleFuzzTest.BOOLEANS, 1}, 100, calls(0, 1, 4, 100), ParquetJavaPages.rleLengthPrefixed(bits, 1)));
    }
    for (int width : new int[] {1, 2, 3, 8}) {
      Map.Entry<String, int[]> ids = DataShapes.idShapes(100, SEED, width).entrySet().iterator().next();
      rle.put("levels-v1-width" + width, seed(new int[] {RleFuzzTest.LEVELS_V1, width}, 100, calls(0, 2, 4, 100), ParquetJavaPages.rleLengthPrefixed(ids.getValue(), width)));
      rle.put("levels-v2-width" + width, seed(new int[] {RleFuzzTest.LEVELS_V2, width}, 100, calls(0, 2, 4, 100), ParquetJavaPages.rleRaw(ids.getValue(), width)));
    }
    all.put("RleFuzzTestInputs/rle", rle);

    Map<String, byte[]> dlba = new TreeMap<>();
    Map<String, byte[]> dba = new TreeMap<>();
    for (Map.Entry<String, byte[][]> e : DataShapes.binaryShapes(20, SEED).entrySet()) {
      dlba.put(e.getKey(), seed(new int[0], 20, calls(0, 1, 3, 20), ParquetJavaPages.deltaLengthBinaries(e.getValue())));
      dba.put("binary-" + e.getKey(), seed(new int[] {0, 0}, 20, calls(0, 1, 3, 20), ParquetJavaPages.deltaBinaries(e.getValue())));
    }
    dba.put("flba5", seed(new int[] {1, 5}, 20, calls(0, 1, 3, 20), ParquetJavaPages.deltaBinaries(DataShapes.fixedBytes(20, 5, SEED))));
    all.put("DeltaLengthByteArrayFuzzTestInputs/deltaLengthByteArray", dlba);
    all.put("DeltaByteArrayFuzzTestInputs/deltaByteArray", dba);

    Map<String, byte[]> dictionary = new TreeMap<>();
    for (int t = 0; t < DictionaryFuzzTest.TYPES.length; t++) {
      PrimitiveTypeName type = DictionaryFuzzTest.TYPES[t];
      DictionaryPages.Encoded e = DictionaryPages.write(FuzzColumns.column(type, 6), 60, 10, null, SEED + t);
      int[] vocabulary = callsWithIds(type);
      FuzzSeed s = new FuzzSeed().pick(t).pick(6)
          .pick(e.dictionaryEncoding == Encoding.PLAIN ? 1 : 0).pick(0)
          .pick(0).u16(e.dictionarySize).u16(e.dictionaryBytes.length)
          .plan(60, 0, vocabulary)
          .bytes(e.dictionaryBytes).bytes(e.page);
      dictionary.put(type.name().toLowerCase(java.util.Locale.ROOT), s.build());
    }
    all.put("DictionaryFuzzTestInputs/dictionary", dictionary);
    Map<String, byte[]> files = generatedFiles();
    all.put("ColumnChunkFuzzTestInputs/columnChunk", columnChunkSeeds(files));
    all.put("ParquetFileFuzzTestInputs/parquetFile", fileSeeds(files));
    all.put("DenseRowFuzzTestInputs/denseRow", DenseRowFuzzTest.seeds());
    Map<String, byte[]> layout = new TreeMap<>();
    layout.put("layout", layoutSeed());
    all.put("FuzzSeedsTestInputs/seedLayout", layout);
    return all;
  }

  /** The file seeds' columns: some of {@link GeneratedFiles#SCHEMA}'s. */
  static final MessageType FILE_SCHEMA = MessageTypeParser.parseMessageType("message seed {\n"
      + "  required int32 r_i32; required int64 r_i64; required boolean r_bool;\n"
      + "  optional int64 o_i64; optional double o_d; optional binary o_str (STRING);\n"
      + "}");

  /** Small files written by parquet-java: V1 and V2 pages, dictionary on and off, uncompressed and SNAPPY, three row groups each. */
  static List<GeneratedFiles.Spec> fileSpecs() {
    return List.of(
        new GeneratedFiles.Spec(WriterVersion.PARQUET_1_0, true, false, CompressionCodecName.UNCOMPRESSED, false, 10, true, 40, SEED),
        new GeneratedFiles.Spec(WriterVersion.PARQUET_2_0, false, false, CompressionCodecName.UNCOMPRESSED, true, 10, false, 24, SEED + 1),
        new GeneratedFiles.Spec(WriterVersion.PARQUET_1_0, false, false, CompressionCodecName.SNAPPY, true, 20, false, 30, SEED + 2),
        new GeneratedFiles.Spec(WriterVersion.PARQUET_2_0, true, false, CompressionCodecName.SNAPPY, false, 10, true, 40, SEED + 3));
  }

  /**
   * Tiny flat files of parquet-testing copied as seeds (other writers' footers and page layouts),
   * when its directory is there: an RLE-encoded boolean column, a V2 data page with no values, a
   * dictionary page at offset 0.
   */
  static final List<String> PARQUET_TESTING_SEEDS = List.of(
      "rle_boolean_encoding.parquet", "datapage_v2_empty_datapage.snappy.parquet", "dict-page-offset-zero.parquet");

  /** The {@link #fileSpecs()} files, by name without {@code .parquet}, in spec order. */
  static Map<String, byte[]> generatedFiles() {
    Map<String, byte[]> files = new LinkedHashMap<>();
    try {
      Path dir = Files.createTempDirectory("fuzz-seeds");
      try {
        for (GeneratedFiles.Spec spec : fileSpecs()) {
          Path f = GeneratedFiles.write(dir, spec, FILE_SCHEMA);
          files.put(spec.fileName().replace(".parquet", ""), Files.readAllBytes(f));
          Files.delete(f);
        }
      } finally {
        Files.delete(dir);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  /**
   * File seeds: the generated files with a plan of a read, a skip of 5 rows and a read (then the
   * drain), and the {@link #PARQUET_TESTING_SEEDS} read to the end.
   */
  static Map<String, byte[]> fileSeeds(Map<String, byte[]> generated) {
    Map<String, byte[]> seeds = new TreeMap<>();
    int i = 0;
    for (Map.Entry<String, byte[]> f : generated.entrySet()) {
      ColumnBatch.Layout layout = ColumnBatch.Layout.values()[i++ % 2];
      seeds.put(f.getKey(), ParquetFileFuzzTest.seed(f.getValue(), 8, layout, BatchPlan.READ, 0, BatchPlan.SKIP, 5, BatchPlan.READ, 0));
    }
    Path testing = Paths.get(System.getProperty("parquet.testing.dir", "../shared/parquet-testing")).resolve("data");
    if (Files.isDirectory(testing)) {
      for (String name : PARQUET_TESTING_SEEDS) {
        try {
          seeds.put("parquet-testing-" + name.replace(".parquet", ""),
              ParquetFileFuzzTest.seed(Files.readAllBytes(testing.resolve(name)), 5, ColumnBatch.Layout.ROW_POSITIONS));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return seeds;
  }

  /**
   * Column-chunk seeds: every column of the first row group of each generated file (its pages as
   * parquet-hadoop serves them, decompressed), and a repeated column by hand in a V1 and a V2 page.
   */
  static Map<String, byte[]> columnChunkSeeds(Map<String, byte[]> generated) {
    Map<String, byte[]> seeds = new TreeMap<>();
    int i = 0;
    for (Map.Entry<String, byte[]> f : generated.entrySet()) {
      try (ParquetFileReader reader = ParquetFileReader.open(new InMemoryInputFile(f.getValue()))) {
        PageReadStore rowGroup = reader.readNextRowGroup();
        for (ColumnDescriptor c : reader.getFooter().getFileMetaData().getSchema().getColumns()) {
          InMemoryPageReader pages = InMemoryPageReader.copyOf(rowGroup.getPageReader(c));
          boolean odd = i++ % 2 == 1;
          seeds.put(f.getKey() + "-" + String.join(".", c.getPath()),
              ColumnChunkFuzzTest.seed(c.getPrimitiveType().getPrimitiveTypeName(), 0, 0, c.getMaxDefinitionLevel(), odd, pages,
                  odd ? 4 : 16, ColumnBatch.Layout.values()[i % 2], BatchPlan.READ, 3, BatchPlan.SKIP, 2, BatchPlan.READ, 5));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    // A list of INT32 (max repetition 1, definition 2): 4 rows, 10 entries, 3 of them null.
    int[] rep = {0, 1, 1, 0, 0, 1, 0, 1, 1, 1};
    int[] def = {2, 2, 1, 0, 2, 2, 1, 2, 2, 2};
    byte[] values = ParquetJavaPages.plainInts(DataShapes.wide(7, SEED, 32));
    byte[] v1 = concat(ParquetJavaPages.rleLengthPrefixed(rep, 1), ParquetJavaPages.rleLengthPrefixed(def, 2), values);
    InMemoryPageReader repeated = InMemoryPageReader.of(null, List.of(
        new DataPageV1(BytesInput.from(v1), 10, v1.length, null, Encoding.RLE, Encoding.RLE, Encoding.PLAIN),
        DataPageV2.uncompressed(4, 3, 10, BytesInput.from(ParquetJavaPages.rleRaw(rep, 1)),
            BytesInput.from(ParquetJavaPages.rleRaw(def, 2)), Encoding.PLAIN, BytesInput.from(values), null)));
    seeds.put("repeated-int32-v1-v2", ColumnChunkFuzzTest.seed(PrimitiveTypeName.INT32, 0, 1, 2, false, repeated,
        6, ColumnBatch.Layout.DENSE, BatchPlan.READ, 4, BatchPlan.SKIP, 1, BatchPlan.READ, 1));
    return seeds;
  }

  static byte[] concat(byte[]... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.write(p, 0, p.length);
    }
    return out.toByteArray();
  }

  /** For the dictionary seeds: a scalar value, a bulk of 5 ids, a skip, a bulk of values, a scalar id. */
  static int[] callsWithIds(PrimitiveTypeName type) {
    int size = FuzzCall.forType(type).length;
    int scalar = 0;
    int bulk = 1;
    int skip = size - 1;
    int id = size;
    int ids = size + 1;
    return new int[] {scalar, 0, ids, 5, skip, 3, bulk, 40, id, 0};
  }

  static byte[][] binaries(int n) {
    return DataShapes.binaryShapes(n, SEED).values().iterator().next();
  }

  /**
   * The parquet-java release that wrote the checked-in seeds: other releases write some pages and
   * footers differently (NaN payloads before 1.18, {@code created_by}), so the seeds are compared
   * on this release only (the default build's, which CI's first pass runs).
   */
  static final String SEEDS_WRITTEN_WITH = "1.18.0";

  @Test
  void checkedInSeedsAreTheGeneratedOnes() throws IOException {
    boolean write = Boolean.getBoolean("fuzz.writeSeeds");
    Assumptions.assumeTrue(write || ParquetJavaRelease.VERSION.equals(SEEDS_WRITTEN_WITH),
        "the seeds were written with parquet-java " + SEEDS_WRITTEN_WITH + ", this run has " + ParquetJavaRelease.VERSION);
    for (Map.Entry<String, Map<String, byte[]>> dir : seeds().entrySet()) {
      Path d = RESOURCES.resolve(dir.getKey());
      if (write) {
        Files.createDirectories(d);
      }
      for (Map.Entry<String, byte[]> f : dir.getValue().entrySet()) {
        Path p = d.resolve("seed-" + f.getKey());
        int limit = dir.getKey().startsWith("ParquetFile") ? 8192 : 4096; // whole files have footers
        assertTrue(f.getValue().length < limit, p + " is " + f.getValue().length + " bytes");
        if (write) {
          Files.write(p, f.getValue());
        }
        assertTrue(Files.exists(p), p + " missing: regenerate the seeds (see the class comment)");
        assertArrayEquals(f.getValue(), Files.readAllBytes(p), p + " differs from the generated seed");
      }
    }
  }

  /**
   * The column-chunk seeds decode as the target reads them into the pages they were made from, and
   * the target reads every entry of them without an error.
   */
  @Test
  void columnChunkSeedsHoldTheirPages() throws IOException {
    Map<String, byte[]> generated = generatedFiles();
    Map<String, byte[]> seeds = columnChunkSeeds(generated);
    assertEquals(generated.size() * FILE_SCHEMA.getColumns().size() + 1, seeds.size());
    for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
      {
        FuzzedDataProvider data = FuzzSeed.replay(e.getValue());
        ColumnChunkFuzzTest.Chunk chunk = ColumnChunkFuzzTest.Chunk.read(data);
        BatchPlan plan = BatchPlan.read(data);
        chunk.readBytes(data);
        assertEquals(0, data.remainingBytes(), e.getKey());
        assertEquals(3, plan.ops.length, e.getKey());
        InMemoryPageReader pages = chunk.pages();
        assertTrue(pages.getTotalValueCount() > 0, e.getKey());
        assertEquals(pages.getTotalValueCount(),
            ColumnChunkFuzzTest.read(chunk, plan, ColumnBatch.forColumn(chunk.column, plan.capacity, plan.layout)), e.getKey());
      }
    }
  }

  /** The file seeds hold their files, and the target reads every row of them. */
  @Test
  void fileSeedsHoldTheirFiles() throws IOException {
    Map<String, byte[]> generated = generatedFiles();
    Map<String, byte[]> seeds = fileSeeds(generated);
    assertTrue(seeds.size() >= generated.size(), "file seeds " + seeds.keySet());
    for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
      {
        FuzzedDataProvider data = FuzzSeed.replay(e.getValue());
        BatchPlan plan = BatchPlan.read(data);
        byte[] file = data.consumeRemainingAsBytes();
        if (generated.containsKey(e.getKey())) {
          assertArrayEquals(generated.get(e.getKey()), file, e.getKey());
        }
        long rows;
        try (ParquetFileReader reader = ParquetFileReader.open(new InMemoryInputFile(file))) {
          rows = reader.getRecordCount();
        }
        assertTrue(rows > 0, e.getKey());
        assertEquals(rows, ParquetFileFuzzTest.read(file, plan), e.getKey());
      }
    }
  }

  static final byte[] LAYOUT_PAGE = {1, 2, 3, 4, 5};

  static byte[] layoutSeed() {
    return new FuzzSeed().pick(7).pick(200).u16(0xABCD).pick(3).plan(1234, 2, 1, 5, 0, 191, 3, 192)
        .bytes(new byte[] {9, 9}).bytes(LAYOUT_PAGE).build();
  }

  /**
   * The seed layout is the one Jazzer's FuzzedDataProvider reads: regression mode runs this on
   * {@link #layoutSeed()} (checked in like the other seeds) and on an empty input. Not a target to fuzz.
   */
  @FuzzTest
  void seedLayout(FuzzedDataProvider data) {
    if (data.remainingBytes() == 0) {
      return;
    }
    checkLayout(data);
  }

  /** {@link FuzzSeed#replay} reads the layout seed as Jazzer's provider does in {@link #seedLayout}. */
  @Test
  void replayReadsTheLayoutAsJazzerDoes() {
    FuzzedDataProvider replay = FuzzSeed.replay(layoutSeed());
    checkLayout(replay);
    assertEquals(0, replay.remainingBytes());
  }

  static void checkLayout(FuzzedDataProvider data) {
    assertEquals(7, data.consumeInt(0, 40));
    assertEquals(200, data.consumeInt(0, 255));
    assertEquals(0xABCD, data.consumeInt(0, 0xFFFF));
    assertEquals(3, data.consumeInt(0, 3));
    FuzzCheck.Plan p = FuzzCheck.Plan.read(data, FuzzCall.INT32);
    assertEquals(1234, p.valueCount);
    assertEquals(io.github.fastdecode.parquet.conformance.InputKind.values()[2], p.input);
    assertArrayEquals(new FuzzCall[] {FuzzCall.INTS, FuzzCall.INT, FuzzCall.INTS_AS_DOUBLES}, p.calls);
    assertArrayEquals(new int[] {5, 191, 64}, p.counts);
    assertArrayEquals(new byte[] {9, 9}, data.consumeBytes(2));
    assertArrayEquals(LAYOUT_PAGE, data.consumeRemainingAsBytes());
  }
}
