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
package io.github.fastdecode.parquet.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Damaged files through the Arrow path: a few bytes of a small uncompressed file's column chunks
 * (or of pyarrow's snappy file with a stored Arrow schema) overwritten (seeded, 150 cases per file), page CRCs not verified so the damage reaches the level
 * and value decoders, read with random batch sizes into reused or fresh roots. Every read must
 * either succeed with vectors Arrow's validator accepts (all but UTF-8: damaged string bytes stay
 * in string vectors, as pyarrow leaves them), or fail with a {@code
 * ParquetDecodingException} or an {@code IOException} that says what was wrong; either way the
 * allocator must hold nothing once the reader (and any fresh root) is closed.
 */
class ArrowDamagedFilesTest {
  static final long SEED = 0x39_a770L;
  static final int CASES = 150;

  @TempDir
  static Path dir;
  static byte[] nested;
  static byte[] types;

  @BeforeAll
  static void write() throws IOException {
    nested = Files.readAllBytes(ArrowTestFiles.write(dir, new ArrowTestFiles.Spec("damage-nested", ArrowTestFiles.NESTED,
        WriterVersion.PARQUET_1_0, true, CompressionCodecName.UNCOMPRESSED, 400, 21)));
    types = Files.readAllBytes(ArrowTestFiles.write(dir, new ArrowTestFiles.Spec("damage-types", ArrowTestFiles.TYPES,
        WriterVersion.PARQUET_2_0, true, CompressionCodecName.UNCOMPRESSED, 400, 22)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"nested", "types", "stored-schema"})
  void damagedChunksFailCleanly(String which) throws IOException {
    // stored-schema: pyarrow's snappy file whose stored Arrow schema makes large strings, binaries and
    // lists, durations, zoned timestamps and int8 dictionary indices (snappy literals carry damage through).
    byte[] original = which.equals("nested") ? nested : which.equals("types") ? types
        : Files.readAllBytes(ArrowPyarrowEqualityTest.resolve("resources/stored-schema/stored-schema-v1-snappy.parquet"));
    int footer = ByteBuffer.wrap(original, original.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int dataEnd = original.length - 8 - footer;   // column chunks: [4, dataEnd)
    int failed = 0;
    for (int c = 0; c < CASES; c++) {
      long seed = SEED + c;
      Random r = new Random(seed);
      byte[] bytes = original.clone();
      for (int e = 1 + r.nextInt(4); e > 0; e--) {
        bytes[4 + r.nextInt(dataEnd - 4)] = (byte) r.nextInt(256);
      }
      Path file = dir.resolve("damaged-" + which + ".parquet");
      Files.write(file, bytes);
      int batch = 1 + r.nextInt(r.nextBoolean() ? 8 : 500);
      boolean fresh = r.nextBoolean();
      String how = which + " seed " + seed + " (batch " + batch + (fresh ? ", fresh roots)" : ")");
      // The nested file's string leaves as dictionaries (by column path) in half the reused-root reads.
      boolean dictionaries = which.equals("nested") && !fresh && r.nextBoolean();
      how += dictionaries ? ", nested dictionaries" : "";
      if (!read(file, batch, fresh, dictionaries, how)) {
        failed++;
      }
    }
    // Most damage must be noticed: a run where nothing fails would mean the bytes were not reached.
    System.out.println("ArrowDamagedFilesTest " + which + ": " + failed + " of " + CASES + " damaged files failed cleanly, the rest read");
    org.junit.jupiter.api.Assertions.assertTrue(failed > CASES / 10, failed + " of " + CASES + " failed");
  }

  /** Reads the whole file; false when it failed as it may. */
  private static boolean read(Path file, int batch, boolean fresh, boolean dictionaries, String how) throws IOException {
    List<VectorSchemaRoot> kept = new ArrayList<>();
    try (RootAllocator allocator = new RootAllocator()) {
      boolean ok = true;
      try {
        ArrowReadOptions options = ArrowReadOptions.builder(allocator).batchSize(batch).freshRootPerBatch(fresh)
            .readDictionary(dictionaries ? new String[] {"lls.list.element.list.element", "st.b.list.element",
                "ls.list.element.y", "m.key_value.key", "ms.key_value.value.w"} : new String[0])
            .pageSettings(PageSettings.defaults().withChecksumVerification(false)).build();
        try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(file), null, options)) {
          for (VectorSchemaRoot root; (root = reader.next()) != null; ) {
            if (fresh) {
              kept.add(root);
            }
            for (int v = 0; v < root.getFieldVectors().size(); v++) {
              ArrowCanonical.validate(root.getVector(v), false);
            }
          }
        }
      } catch (ParquetDecodingException | IOException e) {
        if (e.getMessage() == null || e.getMessage().isEmpty()) {
          throw new AssertionError(how + ": an exception that does not say what was wrong", e);
        }
        ok = false;
      } catch (RuntimeException e) {
        throw new AssertionError(how + ": expected success, ParquetDecodingException or IOException, got " + e, e);
      } finally {
        for (VectorSchemaRoot root : kept) {
          root.close();
        }
      }
      assertEquals(0, allocator.getAllocatedMemory(), how + ": bytes left in the allocator");
      return ok;
    }
  }
}
