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
package io.github.fastdecode.parquet.benchmarks.jmh;

import static io.github.fastdecode.parquet.benchmarks.jmh.BenchmarkPages.VALUES_PER_PAGE;

import java.util.function.Supplier;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader;
import org.apache.parquet.column.values.plain.BinaryPlainValuesReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * What the Trino byte-array benchmarks share ({@link TrinoByteArrayBenchmark}, {@link
 * TrinoDeltaLengthByteArrayBenchmark}): Trino's BYTE_ARRAY decoders on {@link ByteArrayReadBenchmark}'s
 * pages, each batch into a new {@code BinaryBuffer} joined into one slice with its offsets, as
 * Trino builds a block. Whether that copies the values depends on Trino's decoder (its
 * DELTA_LENGTH_BYTE_ARRAY decoder hands out slices of the page); compare with fastdecode's borrowing
 * ({@code fastdecode}) and copying ({@code fastdecodeCopy}) reads accordingly.
 */
public abstract class TrinoByteArrayReadBenchmark extends TrinoBenchmark {
  @Param({"8", "16", "100"})
  int length;

  @Param({"fixed"})
  String lengths;

  @Param({"read", "skip"})
  String op;

  abstract String encoding();

  @Setup
  public void setup() {
    skip = BenchmarkPages.isSkip(op);
    if (length < 1) {
      throw new IllegalArgumentException("length " + length + " is below 1");
    }
    pages = ByteArrayReadBenchmark.pages(encoding(), length, ByteArrayReadBenchmark.varied(lengths));
    Supplier<ValuesReader> readers;
    switch (encoding()) {
      case "PLAIN":
        readers = BinaryPlainValuesReader::new;
        break;
      case "DELTA_LENGTH_BYTE_ARRAY":
        readers = DeltaLengthByteArrayValuesReader::new;
        break;
      default:
        readers = DeltaByteArrayReader::new;
        break;
    }
    decoder = loadTrino().values(PrimitiveTypeName.BINARY, Encoding.valueOf(encoding()), VALUES_PER_PAGE);
    Binary[] expected = new Binary[VALUES_PER_PAGE];
    verify(encoding() + " BYTE_ARRAY length=" + length + " lengths=" + lengths + " op=" + op, expected,
        parquetJava(readers, expected), new Binary[VALUES_PER_PAGE]);
  }
}
