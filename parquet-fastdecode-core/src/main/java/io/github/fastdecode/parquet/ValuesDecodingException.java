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
package io.github.fastdecode.parquet;

import org.apache.parquet.io.ParquetDecodingException;

/**
 * A page that cannot be decoded: corrupt or truncated bytes, a header field out of range, or a read
 * past the page's values. The message names the encoding, the physical type, the byte position in
 * the page (or the value index) and what was wrong.
 */
public class ValuesDecodingException extends ParquetDecodingException {
  private static final long serialVersionUID = 1L;

  private final String encoding;
  private final long position;

  public ValuesDecodingException(String encoding, long position, String what) {
    super(encoding + ": " + what + " (at byte " + position + " of the values section)");
    this.encoding = encoding;
    this.position = position;
  }

  public ValuesDecodingException(String encoding, long position, String what, Throwable cause) {
    super(encoding + ": " + what + " (at byte " + position + " of the values section)", cause);
    this.encoding = encoding;
    this.position = position;
  }

  /** The encoding and type being decoded, e.g. {@code "DELTA_BINARY_PACKED INT64"}. */
  public String encoding() {
    return encoding;
  }

  /** Byte offset within the page's values section where the problem was found. */
  public long position() {
    return position;
  }

  /** For a read of {@code wanted} values when only {@code remaining} are left. */
  public static ValuesDecodingException pastEnd(String encoding, long position, int wanted, int remaining) {
    return new ValuesDecodingException(
        encoding, position, "cannot read " + wanted + " values: only " + remaining + " left in the page");
  }
}
