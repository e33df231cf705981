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
package io.github.fastdecode.parquet.denserow;

import org.apache.parquet.io.ParquetDecodingException;

/** Bytes that are not a dense row of the codec's type: names the row and the byte offset. */
public final class DenseRowFormatException extends ParquetDecodingException {
  private static final long serialVersionUID = 1L;

  private final long row;
  private final int offset;

  DenseRowFormatException(String what, long row, int offset) {
    super("DenseRow: " + what + " (row " + row + ", byte offset " + offset + ")");
    this.row = row;
    this.offset = offset;
  }

  /** The row being read, counted from the first row of the call (-1: the run's format byte). */
  public long row() {
    return row;
  }

  /** Offset in the input array where the problem was found. */
  public int offset() {
    return offset;
  }
}
