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

import org.apache.parquet.io.ParquetDecodingException;

/**
 * A column chunk, or one of its pages, that could not be read: names the column, the row group and
 * the page (data pages count from 0 within the chunk; {@link #DICTIONARY_PAGE} is the dictionary
 * page, {@link #CHUNK} the chunk as a whole), then says what was wrong. The underlying exception,
 * if any (a codec's, parquet-format's header parser's, a decoder's), is the cause. The column layer
 * raises it too (as a package-private subclass), so catching this type sees every failure of a
 * scan.
 */
public class PageReadException extends ParquetDecodingException {
  private static final long serialVersionUID = 1L;

  /** The page number used for the dictionary page. */
  public static final int DICTIONARY_PAGE = -1;
  /** The page number used for the chunk as a whole (its metadata or its bytes), not one page. */
  public static final int CHUNK = -2;

  private final String column;
  private final int rowGroup;
  private final int page;
  private final String problem;

  public PageReadException(String column, int rowGroup, int page, String problem, Throwable cause) {
    super("column " + column + ", row group " + rowGroup + ", " + pageName(page) + ": " + problem, cause);
    this.column = column;
    this.rowGroup = rowGroup;
    this.page = page;
    this.problem = problem;
  }

  private static String pageName(int page) {
    return page == DICTIONARY_PAGE ? "dictionary page" : page == CHUNK ? "chunk" : "page " + page;
  }

  /** The column's path, its parts joined with {@code .}. */
  public String column() {
    return column;
  }

  /** Index of the row group in the file (or as the caller numbered it). */
  public int rowGroup() {
    return rowGroup;
  }

  /** Index of the data page within the column chunk, {@link #DICTIONARY_PAGE} or {@link #CHUNK}. */
  public int page() {
    return page;
  }

  /** What was wrong, without the location. */
  public String problem() {
    return problem;
  }
}
