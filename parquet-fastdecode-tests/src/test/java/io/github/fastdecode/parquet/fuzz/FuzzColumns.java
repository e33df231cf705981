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
package io.github.fastdecode.parquet.fuzz;

import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/** Columns the fuzz targets decode, including ones only a hand-made schema has (FIXED_LEN_BYTE_ARRAY(0)). */
final class FuzzColumns {
  /** Widest FIXED_LEN_BYTE_ARRAY the targets pick. */
  static final int MAX_FIXED_LENGTH = 40;

  private FuzzColumns() {}

  /** A required column; {@code length} matters for FIXED_LEN_BYTE_ARRAY only. */
  static ColumnDescriptor column(PrimitiveTypeName type, int length) {
    int l = type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? length : 0;
    return new ColumnDescriptor(new String[] {"c"}, new PrimitiveType(Type.Repetition.REQUIRED, type, l, "c"), 0, 0);
  }
}
