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

import org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat;

/**
 * Spark's Parquet file source with the scan done by parquet-fastdecode: {@code
 * spark.read.format("fastdecode")} and {@code CREATE TABLE ... USING fastdecode}.
 */
public class FastDecodeFileFormat extends ParquetFileFormat {
  private static final long serialVersionUID = 1L;

  /** The name Spark finds this source by. */
  public static final String SHORT_NAME = "fastdecode";

  @Override
  public String shortName() {
    return SHORT_NAME;
  }

  @Override
  public String toString() {
    return "FastDecodeParquet";
  }

  // Spark's ParquetFileFormat counts every instance of itself as equal; a scan through this source
  // must never be taken for (and reused as) a scan through Spark's reader.
  @Override
  public boolean equals(Object other) {
    return other instanceof FastDecodeFileFormat;
  }

  @Override
  public int hashCode() {
    return FastDecodeFileFormat.class.hashCode();
  }
}
