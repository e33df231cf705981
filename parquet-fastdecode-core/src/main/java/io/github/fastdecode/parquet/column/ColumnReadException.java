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
package io.github.fastdecode.parquet.column;

import io.github.fastdecode.parquet.file.PageReadException;

/**
 * A column chunk that could not be decoded: a {@link PageReadException} (column, row group, page,
 * problem) raised by the column layer. Package-private: callers catch {@code PageReadException},
 * which sees every failure of a scan, whether the page could not be read or its values could not
 * be decoded. The decoder's own exception, if any, is the cause.
 */
class ColumnReadException extends PageReadException {
  private static final long serialVersionUID = 1L;

  ColumnReadException(String column, int rowGroup, int page, String problem, Throwable cause) {
    super(column, rowGroup, page, problem, cause);
  }
}
