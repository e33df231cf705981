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
package io.github.fastdecode.parquet.benchmarks.cli;

/** Exceptions as the one line a command prints about them. */
final class Messages {
  private Messages() {}

  /**
   * The first line of the exception's message, or of the first cause that has one; for an
   * exception without any message, what its type means in words (a message-less {@code
   * EOFException} is "unexpected end of data").
   */
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
        String first = m.strip().lines().findFirst().orElse(m.strip());
        return c instanceof IndexOutOfBoundsException || c instanceof NullPointerException
            ? c.getClass().getSimpleName() + ": " + first
            : first;
      }
    }
    if (t instanceof java.io.EOFException) {
      return "unexpected end of data";
    }
    return t.getClass().getSimpleName();
  }
}
