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
package io.github.fastdecode.parquet.bitpacking;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

/**
 * The licence header that the build's header check expects (etc/license-header.txt), as a Java
 * block comment, so generated sources carry it and stay equal to what the generators write.
 */
public final class LicenseHeader {
  private LicenseHeader() {}

  public static String javaComment() {
    List<String> lines;
    try {
      lines = Files.readAllLines(Paths.get("../etc/license-header.txt"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("run the generators from parquet-fastdecode-tests (../etc must hold the header)", e);
    }
    StringBuilder s = new StringBuilder("/*\n");
    for (String line : lines) {
      s.append(line.isEmpty() ? " *" : " * " + line).append('\n');
    }
    return s.append(" */\n").toString();
  }
}
