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
package io.github.fastdecode.parquet.spark.shuffle;

/**
 * A DenseRow shuffle block that cannot be read: truncated, failing its checksum, or not valid
 * DenseRow. Names the shuffle and the byte offset in the block stream, and fails the task that
 * read it (never a wrong row).
 */
public final class DenseShuffleFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final int shuffleId;
  private final long offset;

  DenseShuffleFormatException(int shuffleId, long offset, String what, Throwable cause) {
    super("DenseRow shuffle " + shuffleId + ": " + what + " at byte " + offset + " of the block stream", cause);
    this.shuffleId = shuffleId;
    this.offset = offset;
  }

  /** The shuffle's id (Spark's {@code ShuffleDependency.shuffleId}), -1 where it was not known. */
  public int shuffleId() {
    return shuffleId;
  }

  /** The byte offset in the (decompressed) stream of the map output being read where the damage was found. */
  public long offset() {
    return offset;
  }
}
