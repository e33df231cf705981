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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.dictionary.DictionaryWriterGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The generated-code marker is on exactly the files {@link Regenerate} writes: a generated file
 * always says so, and no hand-written file claims to be generated.
 */
class GeneratedSourcesTest {
  @Test
  void exactlyTheGeneratorsOutputsCarryTheMarker() throws IOException {
    Set<String> generated = new TreeSet<>(Set.of(BitUnpackerGenerator.className(true), BitUnpackerGenerator.className(false),
        BitPackerGenerator.CLASS_NAME, DictionaryWriterGenerator.className(true), DictionaryWriterGenerator.className(false)));
    Set<String> marked = new TreeSet<>();
    int files = 0;
    try (Stream<Path> all = Files.walk(Path.of("../parquet-fastdecode-core/src/main/java"))) {
      for (Path f : (Iterable<Path>) all.filter(p -> p.toString().endsWith(".java"))::iterator) {
        files++;
        String text = Files.readString(f, StandardCharsets.UTF_8);
        if (text.contains("\n// " + LicenseHeader.MARKER + " ")) {
          String name = f.getFileName().toString().replace(".java", "");
          marked.add(name);
          String marker = "// " + LicenseHeader.MARKER + " by ";
          assertTrue(text.startsWith(LicenseHeader.javaComment() + marker), f + ": the marker follows the licence header");
          assertTrue(text.contains("Generator; DO NOT EDIT.\n"), f.toString());
        }
      }
    }
    assertTrue(files > 100, "core sources found: " + files);
    assertEquals(generated, marked);
  }
}
