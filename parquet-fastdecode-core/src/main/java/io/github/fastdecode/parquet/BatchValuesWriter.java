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
package io.github.fastdecode.parquet;

import java.util.Objects;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.io.api.Binary;

/**
 * A parquet-java {@link ValuesWriter} with bulk calls. Every scalar call keeps working and can be
 * mixed with the bulk calls on the same page; the page bytes are the same either way.
 *
 * <p>The defaults here loop over the scalar call, so a writer only overrides the bulk calls its
 * encoding can do better, and a bulk call the encoding does not support fails the same way the
 * scalar one does.
 */
public abstract class BatchValuesWriter extends ValuesWriter {

  /** Writes {@code src[offset .. offset + count)}. */
  public void writeIntegers(int[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    for (int i = offset, end = offset + count; i < end; i++) {
      writeInteger(src[i]);
    }
  }

  /** Writes {@code src[offset .. offset + count)}. */
  public void writeLongs(long[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    for (int i = offset, end = offset + count; i < end; i++) {
      writeLong(src[i]);
    }
  }

  /** Writes {@code src[offset .. offset + count)}. */
  public void writeFloats(float[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    for (int i = offset, end = offset + count; i < end; i++) {
      writeFloat(src[i]);
    }
  }

  /** Writes {@code src[offset .. offset + count)}. */
  public void writeDoubles(double[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    for (int i = offset, end = offset + count; i < end; i++) {
      writeDouble(src[i]);
    }
  }

  /** Writes {@code src[offset .. offset + count)}. */
  public void writeBooleans(boolean[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    for (int i = offset, end = offset + count; i < end; i++) {
      writeBoolean(src[i]);
    }
  }

  /** Writes values {@code from .. from + count)} of {@code batch}. */
  public void writeBinaries(BinaryBatch batch, int from, int count) {
    Objects.checkFromIndexSize(from, count, batch.size());
    byte[] bytes = batch.bytes();
    int[] offsets = batch.offsets();
    for (int i = from, end = from + count; i < end; i++) {
      writeBytes(Binary.fromReusedByteArray(bytes, offsets[i], offsets[i + 1] - offsets[i]));
    }
  }
}
