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
package io.github.fastdecode.parquet.internal;

import io.github.fastdecode.parquet.FastDecode;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;

/**
 * A class that breaks the layering on purpose (the bottom package using the facade), so that
 * {@code ArchitectureTest} can show its check reports such a dependency. Test code only; never
 * part of the core.
 */
public final class LayerViolationFixture {
  private LayerViolationFixture() {}

  static ValuesWriterFactory factory() {
    return FastDecode.valuesWriterFactory();
  }
}
