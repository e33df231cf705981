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

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/** The checked-in packer is exactly what {@link BitPackerGenerator} writes. */
class BitPackerGeneratorTest {

  @Test
  void checkedInSourceIsUpToDate() throws IOException {
    Path file = Paths.get("../parquet-fastdecode-core/src/main/java/io/github/fastdecode/parquet/internal/bitpacking/"
        + BitPackerGenerator.CLASS_NAME + ".java");
    String checkedIn = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    assertEquals(BitPackerGenerator.generate(), checkedIn,
        file + " differs from the generator's output: run BitPackerGenerator.main and commit the result");
  }
}
