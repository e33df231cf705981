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
package io.github.fastdecode.parquet.file;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexFilter;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexStore;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * The rows of one row group that a filter keeps by the column index, as ascending, disjoint runs
 * {@code [from, to)} of row indexes within the row group.
 *
 * <p>Which rows a predicate keeps is parquet-java's decision, taken by its own {@code
 * ColumnIndexFilter.calculateRowRanges} over the file's {@link ColumnIndexStore}, the call its
 * {@code ParquetFileReader} makes before a filtered read; so the rows are the ones parquet-java's
 * filtered reads return. The result's type moved between releases ({@code
 * org.apache.parquet.internal.filter2.columnindex.RowRanges} up to 1.17, {@code
 * org.apache.parquet.filter2.columnindex.RowRanges} from 1.18; the method's descriptor changed
 * with it), so the method and the result's accessors are found once, reflectively, when this class
 * loads. Runs are checked (ascending, disjoint, within the row group) before anyone reads by them.
 */
public final class SelectedRows {
  private static final Method CALCULATE;
  private static final Method GET_RANGES;
  private static final Field FROM;
  private static final Field TO;

  static {
    try {
      CALCULATE = ColumnIndexFilter.class.getMethod("calculateRowRanges", FilterCompat.Filter.class, ColumnIndexStore.class,
          Set.class, long.class);
      Class<?> ranges = CALCULATE.getReturnType();
      GET_RANGES = ranges.getMethod("getRanges");
      Class<?> range = Class.forName(ranges.getName() + "$Range", false, ranges.getClassLoader());
      FROM = range.getField("from");
      TO = range.getField("to");
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final long rowGroupRows;
  private final long[] from;
  private final long[] to;
  private final int runs;
  private final long rowCount;

  private SelectedRows(long rowGroupRows, long[] from, long[] to, int runs) {
    this.rowGroupRows = rowGroupRows;
    this.from = from;
    this.to = to;
    this.runs = runs;
    long n = 0;
    for (int i = 0; i < runs; i++) {
      n += to[i] - from[i];
    }
    this.rowCount = n;
  }

  /**
   * The rows of a row group of {@code rowGroupRows} rows that {@code filter} keeps, by the column
   * indexes in {@code store}; {@code paths} are the columns the reader reads (parquet-java treats a
   * filtered column outside them as missing from the file).
   *
   * @throws ParquetDecodingException if parquet-java's computation fails or hands back runs out of
   *     order or outside the row group (a lying column or offset index)
   */
  public static SelectedRows of(FilterCompat.Filter filter, ColumnIndexStore store, Set<ColumnPath> paths, long rowGroupRows,
      int rowGroup) {
    List<?> ranges;
    try {
      Object result = CALCULATE.invoke(null, filter, store, paths, rowGroupRows);
      ranges = (List<?>) GET_RANGES.invoke(result);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof ParquetDecodingException) {
        throw (ParquetDecodingException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new ParquetDecodingException("row group " + rowGroup + ": cannot filter the row group by its page index: "
          + describe(cause), cause);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
    int n = ranges.size();
    long[] from = new long[n];
    long[] to = new long[n];
    try {
      for (int i = 0; i < n; i++) {
        Object r = ranges.get(i);
        long f = FROM.getLong(r);
        long t = TO.getLong(r); // inclusive
        if (f < 0 || t < f || t >= rowGroupRows || (i > 0 && f < to[i - 1])) {
          throw new ParquetDecodingException("row group " + rowGroup + ": the page index selected rows " + f + ".." + t
              + (i > 0 ? " after rows up to " + (to[i - 1] - 1) : "") + " in a row group of " + rowGroupRows
              + " rows: its column or offset index is corrupt");
        }
        from[i] = f;
        to[i] = t + 1;
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
    return new SelectedRows(rowGroupRows, from, to, n);
  }

  /** Runs {@code [from[i], to[i])} given directly (ascending, disjoint, within {@code rowGroupRows}), for tests and tools. */
  public static SelectedRows ofRuns(long rowGroupRows, long[] from, long[] to) {
    if (from.length != to.length) {
      throw new IllegalArgumentException(from.length + " starts, " + to.length + " ends");
    }
    for (int i = 0; i < from.length; i++) {
      if (from[i] < 0 || to[i] <= from[i] || to[i] > rowGroupRows || (i > 0 && from[i] < to[i - 1])) {
        throw new IllegalArgumentException("run " + i + " [" + from[i] + ", " + to[i] + ") is out of order or outside "
            + rowGroupRows + " rows");
      }
    }
    return new SelectedRows(rowGroupRows, from.clone(), to.clone(), from.length);
  }

  private static String describe(Throwable e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage();
  }

  /** Rows selected. */
  public long rowCount() {
    return rowCount;
  }

  /** Rows of the row group. */
  public long rowGroupRows() {
    return rowGroupRows;
  }

  /** Whether every row of the row group is selected. */
  public boolean all() {
    return rowCount == rowGroupRows;
  }

  /** Number of runs. */
  public int runs() {
    return runs;
  }

  /** First row of run {@code i}. */
  public long from(int i) {
    return from[i];
  }

  /** One past the last row of run {@code i}. */
  public long to(int i) {
    return to[i];
  }

  /**
   * The first run at or after {@code run} that ends after {@code first}; whether it starts at or
   * before {@code last} tells whether rows {@code [first, last]} hold a selected row. Callers walking
   * ascending rows pass the run this returned last time, so a walk over a chunk's pages is linear.
   */
  int runEndingAfter(long first, int run) {
    int i = run;
    while (i < runs && to[i] <= first) {
      i++;
    }
    return i;
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("SelectedRows[");
    for (int i = 0; i < runs; i++) {
      s.append(i == 0 ? "" : ", ").append(from[i]).append("..").append(to[i] - 1);
    }
    return s.append(" of ").append(rowGroupRows).append(']').toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SelectedRows && ((SelectedRows) o).rowGroupRows == rowGroupRows && ((SelectedRows) o).runs == runs
        && Arrays.equals(((SelectedRows) o).from, 0, runs, from, 0, runs) && Arrays.equals(((SelectedRows) o).to, 0, runs, to, 0, runs);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(rowCount) * 31 + runs;
  }
}
