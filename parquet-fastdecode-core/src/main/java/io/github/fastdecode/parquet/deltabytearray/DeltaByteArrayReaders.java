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
package io.github.fastdecode.parquet.deltabytearray;

import io.github.fastdecode.parquet.BatchValuesReader;

/**
 * The byte-array delta encodings' readers: DELTA_LENGTH_BYTE_ARRAY (BYTE_ARRAY) and DELTA_BYTE_ARRAY
 * (BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY), with parquet-java's values and errors.
 */
public final class DeltaByteArrayReaders {
  private DeltaByteArrayReaders() {}

  /** A new DELTA_LENGTH_BYTE_ARRAY reader: lengths as DELTA_BINARY_PACKED, then the bytes. */
  public static BatchValuesReader deltaLength() {
    return new DeltaLengthByteArrayReader();
  }

  /**
   * A new DELTA_BYTE_ARRAY reader: prefix lengths, then suffixes as DELTA_LENGTH_BYTE_ARRAY. Like
   * parquet-java's, it implements {@code RequiresPreviousReader}, so a page continues from the
   * previous page's last value.
   */
  public static BatchValuesReader delta() {
    return new DeltaByteArrayReader();
  }
}
