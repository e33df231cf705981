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

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.file.PageSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Jazzer target for the Arrow path: a small file (the nested schema, every flat type, or pyarrow's
 * file with a stored Arrow schema: zoned timestamps, large types, durations, dictionaries with a
 * stored index type) with a few bytes overwritten (most in the column chunks, some in the footer), read through {@link
 * ArrowParquetReader} with a batch size, root mode, dictionary columns, CRC checking and threads (single or parallel) the input
 * chooses. Property: the read succeeds with vectors Arrow's validator accepts (UTF-8 aside), or
 * fails with a {@code ParquetDecodingException} or an {@code IOException} that says what was wrong;
 * either way the allocator is empty once the reader and the roots are closed. Builds replay the
 * checked-in inputs; to fuzz:
 *
 * <pre>
 * JAZZER_FUZZ=1 mvn -B -o test -pl parquet-fastdecode-arrow -am -Dtest=ArrowReaderFuzzTest \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Djazzer.max_duration=5m -Djazzer.hooks=true
 * </pre>
 */
class ArrowReaderFuzzTest {
  static final byte[] NESTED = write(ArrowTestFiles.NESTED, WriterVersion.PARQUET_1_0, true, 120, 31);
  static final byte[] TYPES = write(ArrowTestFiles.TYPES, WriterVersion.PARQUET_2_0, true, 120, 32);
  static final byte[] STORED_SCHEMA = resource("stored-schema/stored-schema-v2-zstd.parquet");

  static byte[] resource(String name) {
    try (java.io.InputStream in = ArrowReaderFuzzTest.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("no test resource " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] write(org.apache.parquet.schema.MessageType schema, WriterVersion version, boolean dictionary, int rows, long seed) {
    try {
      Path dir = Files.createTempDirectory("arrow-fuzz");
      Path f = ArrowTestFiles.write(dir, new ArrowTestFiles.Spec("fuzz-" + seed, schema, version, dictionary,
          CompressionCodecName.UNCOMPRESSED, rows, seed));
      byte[] bytes = Files.readAllBytes(f);
      Files.delete(f);
      Files.delete(dir);
      return bytes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @FuzzTest
  void damagedFile(FuzzedDataProvider data) throws IOException {
    int which = data.consumeInt(0, 2);
    boolean nested = which == 1;
    byte[] file = (which == 0 ? TYPES : nested ? NESTED : STORED_SCHEMA).clone();
    int edits = data.consumeInt(0, 6);
    for (int i = 0; i < edits; i++) {
      // Three in four edits land before the footer's last 10%: the column chunks.
      int at = data.consumeInt(0, 3) != 0 ? data.consumeInt(4, file.length * 9 / 10) : data.consumeInt(0, file.length - 1);
      file[at] = data.consumeByte();
    }
    int batch = data.consumeInt(1, 300);
    boolean fresh = data.consumeBoolean();
    boolean crcs = data.consumeInt(0, 3) == 0;
    String[] dictionaries = !fresh && (which == 0 || nested) && data.consumeBoolean()
        ? (which == 0 ? new String[] {"str", "bin"} : NESTED_DICTIONARIES) : new String[0];
    // 1: single-threaded; 2, 3: a parallel scan of that many column groups on a pool of two threads.
    int threads = data.consumeInt(1, 3);
    // Where no dictionaries are asked for: strings and lists as pyarrow's binary_type and list_type make them.
    int types = dictionaries.length == 0 ? data.consumeInt(0, 2) : 0;
    Path f = Files.createTempFile("arrow-fuzz", ".parquet");
    try {
      Files.write(f, file);
      read(f, batch, fresh, crcs, dictionaries, threads, types);
    } finally {
      Files.delete(f);
    }
  }

  /** Daemon threads: a fuzzing run ends without shutting the pool down. */
  private static final ExecutorService POOL = Executors.newFixedThreadPool(2, r -> {
    Thread t = new Thread(r, "arrow-fuzz-worker");
    t.setDaemon(true);
    return t;
  });

  /** String leaves of the nested file read as dictionaries, by column path. */
  private static final String[] NESTED_DICTIONARIES = {"lls.list.element.list.element", "st.b.list.element",
      "ls.list.element.y", "m.key_value.key", "ms.key_value.value.w"};

  private static void read(Path f, int batch, boolean fresh, boolean crcs, String[] dictionaries, int threads, int types) {
    List<VectorSchemaRoot> kept = new ArrayList<>();
    try (RootAllocator allocator = new RootAllocator(1L << 30)) {
      try {
        ArrowReadOptions.Builder b = ArrowReadOptions.builder(allocator).batchSize(batch).freshRootPerBatch(fresh)
            .readDictionary(dictionaries).pageSettings(PageSettings.defaults().withChecksumVerification(crcs))
            .parallel(POOL, threads, 1L << 20);
        if (types == 1) {
          b.binaryType(ArrowType.LargeBinary.INSTANCE).listType(ArrowType.LargeList.INSTANCE);
        } else if (types == 2) {
          b.binaryType(ArrowType.BinaryView.INSTANCE);
        }
        ArrowReadOptions options = b.build();
        try (ArrowParquetReader reader = ArrowParquetReader.open(new LocalInputFile(f), null, options)) {
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
          throw new AssertionError("an exception that does not say what was wrong", e);
        }
      } catch (RuntimeException e) {
        throw new AssertionError("expected success, ParquetDecodingException or IOException, got " + e, e);
      } finally {
        for (VectorSchemaRoot r : kept) {
          r.close();
        }
      }
      if (allocator.getAllocatedMemory() != 0) {
        throw new AssertionError(allocator.getAllocatedMemory() + " bytes left in the allocator");
      }
    }
  }
}
