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
package io.github.fastdecode.parquet.internal.bitpacking;

import io.github.fastdecode.parquet.dictionary.DictionaryWriterGenerator;
import java.io.IOException;

/**
 * Writes every generated source of core again: the bit unpackers and packer, and the INT32/INT64
 * dictionary writers. Run from parquet-fastdecode-tests with {@code etc/regenerate.sh} (from the
 * repository root); the drift tests fail until the result is committed.
 */
public final class Regenerate {
  private Regenerate() {}

  public static void main(String[] args) throws IOException {
    BitUnpackerGenerator.main(args);
    BitPackerGenerator.main(args);
    DictionaryWriterGenerator.main(args);
  }
}
