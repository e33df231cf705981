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

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A text table whose columns are as wide as their widest cell, so long column names keep it
 * aligned: columns named in {@code right} are right-aligned (numbers), the others left-aligned.
 */
final class Table {
  private final String[] headings;
  private final boolean[] right;
  private final List<String[]> rows = new ArrayList<>();

  /** Headings; one starting with '>' is right-aligned (the '>' is not printed). */
  Table(String... headings) {
    this.headings = new String[headings.length];
    this.right = new boolean[headings.length];
    for (int i = 0; i < headings.length; i++) {
      right[i] = headings[i].startsWith(">");
      this.headings[i] = right[i] ? headings[i].substring(1) : headings[i];
    }
  }

  Table row(Object... cells) {
    if (cells.length != headings.length) {
      throw new IllegalArgumentException(cells.length + " cells for " + headings.length + " columns");
    }
    String[] r = new String[cells.length];
    for (int i = 0; i < cells.length; i++) {
      r[i] = cells[i] == null ? "-" : cells[i].toString();
    }
    rows.add(r);
    return this;
  }

  void print(PrintStream out, String indent) {
    int[] width = new int[headings.length];
    for (int i = 0; i < headings.length; i++) {
      width[i] = headings[i].length();
      for (String[] r : rows) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    line(out, indent, headings, width);
    for (String[] r : rows) {
      line(out, indent, r, width);
    }
  }

  private void line(PrintStream out, String indent, String[] cells, int[] width) {
    StringBuilder s = new StringBuilder(indent);
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) {
        s.append("  ");
      }
      String pad = " ".repeat(width[i] - cells[i].length());
      if (right[i]) {
        s.append(pad).append(cells[i]);
      } else {
        s.append(cells[i]);
        if (i < cells.length - 1) {
          s.append(pad);
        }
      }
    }
    out.println(s);
  }
}
