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

import java.nio.file.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.LocalInputFile;

/**
 * parquet-java's record reader over a local file, opened through an {@code InputFile} rather than a
 * Hadoop {@code Path}: a Hadoop path goes through Hadoop's {@code FileSystem} and
 * {@code UserGroupInformation}, which needs {@code Subject.getSubject}, gone in JDK 23 and later.
 */
final class ParquetJavaGroups {
  private ParquetJavaGroups() {}

  static ParquetReader.Builder<Group> reader(Path file) {
    return new ParquetReader.Builder<Group>(new LocalInputFile(file)) {
      @Override
      protected ReadSupport<Group> getReadSupport() {
        return new GroupReadSupport();
      }
    };
  }
}
