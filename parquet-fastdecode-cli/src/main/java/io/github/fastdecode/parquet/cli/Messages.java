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
package io.github.fastdecode.parquet.cli;

import java.util.regex.Pattern;

/**
 * Exceptions as the one line a command prints about them: the first line of the first message in
 * the cause chain, with what only a Java programmer can read taken out (package-qualified class
 * names, Thrift's struct dumps, a schema printed after the sentence).
 */
final class Messages {
  private Messages() {}

  /** A package-qualified Java name: {@code org.apache.parquet.format.PageHeader} (kept: its last part). */
  private static final Pattern QUALIFIED = Pattern.compile(
      "\\b(?:class |interface )?(?:org|com|java|javax|jdk|sun|io|shaded|scala)\\.(?:[a-z_][a-z0-9_]*\\.)+([A-Z][A-Za-z0-9_$]*)(@[0-9a-f]+)?");
  private static final int MAX = 300;

  static String oneLine(Throwable t) {
    if (t instanceof java.nio.file.NoSuchFileException e) {
      return e.getFile() + ": no such file";
    }
    if (t instanceof java.nio.file.AccessDeniedException e) {
      return e.getFile() + ": permission denied";
    }
    for (Throwable c = t; c != null; c = c.getCause()) {
      String m = c.getMessage();
      if (m != null && !m.isBlank()) {
        String first = clean(m.strip().lines().findFirst().orElse(m.strip()));
        return c instanceof IndexOutOfBoundsException || c instanceof NullPointerException
            ? "unexpected " + what(c) + ": " + first
            : first;
      }
    }
    return what(t);
  }

  /** A message without class names, Thrift struct dumps or a trailing schema, at most {@link #MAX} characters. */
  static String clean(String m) {
    int struct = m.indexOf(" Struct:");
    if (struct >= 0) {
      m = m.substring(0, struct);
    }
    int brace = m.indexOf(" {");
    if (brace >= 0) {
      // "... not found in message schema {" and the like: the schema follows on later lines.
      m = m.substring(0, brace);
    }
    m = QUALIFIED.matcher(m).replaceAll("$1");
    m = m.replaceAll("\\$[A-Za-z]+", "");
    if (m.length() > MAX) {
      m = m.substring(0, MAX) + "...";
    }
    return m.strip();
  }

  /** What an exception without a message means, in words. */
  private static String what(Throwable t) {
    if (t instanceof java.io.EOFException) {
      return "unexpected end of data";
    }
    if (t instanceof IndexOutOfBoundsException) {
      return "index out of bounds";
    }
    if (t instanceof NullPointerException) {
      return "missing value";
    }
    if (t instanceof OutOfMemoryError) {
      return "out of memory";
    }
    return "error reading the data";
  }
}
