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

import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForDouble;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFloat;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Trino's BYTE_STREAM_SPLIT decoders on {@link ByteStreamSplitBenchmark}'s FLOAT and DOUBLE pages.
 * Trino has no decoder of its own for the encoding: it wraps parquet-java's reader, one call per
 * value, behind its batch interface; and it reads no other type of it (INT32, INT64 and
 * FIXED_LEN_BYTE_ARRAY are missing here for that reason).
 *
 * <p>Trino's wrapper stores each value with {@code floatToIntBits} / {@code doubleToLongBits},
 * which turn every NaN into the canonical one: the pages hold NaNs with other payloads, so the check
 * compares against parquet-java's values with NaNs made canonical the same way (every other bit
 * must match). parquet-java and fastdecode keep the payloads.
 */
public class TrinoByteStreamSplitBenchmark extends TrinoBenchmark {
  @Param({"FLOAT", "DOUBLE"})
  String type;

  @Setup
  public void setup() {
    pages = ByteStreamSplitBenchmark.pages(type);
    TrinoContender.Factory trino = loadTrino();
    String label = "BYTE_STREAM_SPLIT " + type;
    switch (type) {
      case "FLOAT":
        decoder = trino.values(PrimitiveTypeName.FLOAT, Encoding.BYTE_STREAM_SPLIT, VALUES_PER_PAGE);
        float[] floats = new float[VALUES_PER_PAGE];
        Verify.PageDecoder floatReference = parquetJava(ByteStreamSplitValuesReaderForFloat::new, floats);
        verify(label + " (NaNs canonical)", floats, p -> {
          floatReference.decode(p);
          for (int i = 0; i < floats.length; i++) {
            floats[i] = Float.intBitsToFloat(Float.floatToIntBits(floats[i]));
          }
        }, null);
        break;
      case "DOUBLE":
        decoder = trino.values(PrimitiveTypeName.DOUBLE, Encoding.BYTE_STREAM_SPLIT, VALUES_PER_PAGE);
        double[] doubles = new double[VALUES_PER_PAGE];
        Verify.PageDecoder doubleReference = parquetJava(ByteStreamSplitValuesReaderForDouble::new, doubles);
        verify(label + " (NaNs canonical)", doubles, p -> {
          doubleReference.decode(p);
          for (int i = 0; i < doubles.length; i++) {
            doubles[i] = Double.longBitsToDouble(Double.doubleToLongBits(doubles[i]));
          }
        }, null);
        break;
      default:
        throw new IllegalArgumentException("no Trino decoder for BYTE_STREAM_SPLIT " + type + "; Trino has FLOAT, DOUBLE");
    }
  }
}
