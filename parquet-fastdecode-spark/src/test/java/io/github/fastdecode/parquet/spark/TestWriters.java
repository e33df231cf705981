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
package io.github.fastdecode.parquet.spark;

import org.apache.parquet.hadoop.ParquetWriter;
import org.junit.jupiter.api.Assumptions;

/** What the tests' parquet-java writers need across the parquet-java releases Spark 4.x ships. */
final class TestWriters {
  private TestWriters() {}

  /**
   * Turns BYTE_STREAM_SPLIT on for one column: parquet-java 1.17's per-column setting. Under an
   * older parquet-java (Spark 4.1 ships 1.16) the calling test is skipped, since its files cannot be
   * written there.
   */
  static void byteStreamSplit(ParquetWriter.Builder<?, ?> builder, String column) {
    if (!perColumn(builder, column)) {
      Assumptions.abort("per-column BYTE_STREAM_SPLIT needs parquet-java 1.17 or later to write the test's file");
    }
  }

  /**
   * BYTE_STREAM_SPLIT for {@code column}, a FLOAT or DOUBLE: per column where parquet-java has the
   * setting, else on every FLOAT and DOUBLE column (the same file when it is the only one).
   */
  static void byteStreamSplitFloatingPoint(ParquetWriter.Builder<?, ?> builder, String column) {
    if (!perColumn(builder, column)) {
      builder.withByteStreamSplitEncoding(true);
    }
  }

  private static boolean perColumn(ParquetWriter.Builder<?, ?> builder, String column) {
    try {
      ParquetWriter.Builder.class.getMethod("withByteStreamSplitEncoding", String.class, boolean.class).invoke(builder, column, true);
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }
}
