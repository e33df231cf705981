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
package io.github.fastdecode.parquet.spi;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.FastDecode;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.plain.PlainValuesReader;

/**
 * A second provider, registered in this module's test {@code META-INF/services}, that outranks the
 * built-in one for columns named {@code claimed_by_marker} and declines everything else.
 */
public final class MarkerProvider implements ValuesReaderProvider {
  static final String CLAIMED = "claimed_by_marker";

  /** The reader this provider hands out, recognisable by type. */
  static final class MarkerReader extends BatchValuesReader {
    private final BatchValuesReader inner = FastDecode.wrap(new PlainValuesReader.IntegerPlainValuesReader());

    @Override
    public void initFromPage(int valueCount, org.apache.parquet.bytes.ByteBufferInputStream in) throws java.io.IOException {
      inner.initFromPage(valueCount, in);
    }

    @Override
    public int readInteger() {
      return inner.readInteger();
    }

    @Override
    public void skip() {
      inner.skip();
    }
  }

  @Override
  public int priority() {
    return 100;
  }

  @Override
  public BatchValuesReader newValuesReader(ColumnDescriptor column, Encoding encoding) {
    return CLAIMED.equals(column.getPath()[0]) && encoding == Encoding.PLAIN ? new MarkerReader() : null;
  }
}
