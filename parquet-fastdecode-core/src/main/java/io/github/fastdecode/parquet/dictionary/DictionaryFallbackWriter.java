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
package io.github.fastdecode.parquet.dictionary;

import io.github.fastdecode.parquet.BatchValuesWriter;
import io.github.fastdecode.parquet.BinaryBatch;
import java.util.Objects;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.io.api.Binary;

/**
 * Dictionary encoding with a fallback, deciding exactly as parquet-java's {@code
 * FallbackValuesWriter}: switch to the fallback writer (re-writing the page's values into it) as
 * soon as the dictionary outgrows its byte limit, or when the first page's dictionary encoding is
 * not smaller than the raw values ({@link DictionaryWriter#isCompressionSatisfying}); the buffered
 * size reported for page-size decisions is the raw size of the values. Bulk calls stay bulk: they
 * stop the dictionary at the value where parquet-java's writer would fall back and hand the rest to
 * the fallback writer in one call.
 */
final class DictionaryFallbackWriter extends BatchValuesWriter {
  private final DictionaryWriter initialWriter;
  private final BatchValuesWriter fallBackWriter;
  private BatchValuesWriter currentWriter;
  private boolean fellBackAlready;
  private boolean initialUsedAndHadDictionary;
  /** Bytes of the values as written PLAIN (a byte array counts its 4-byte length). */
  private long rawDataByteSize;
  private boolean firstPage = true;

  DictionaryFallbackWriter(DictionaryWriter initialWriter, BatchValuesWriter fallBackWriter) {
    this.initialWriter = Objects.requireNonNull(initialWriter, "initialWriter");
    this.fallBackWriter = Objects.requireNonNull(fallBackWriter, "fallBackWriter");
    this.currentWriter = initialWriter;
  }

  public DictionaryWriter initialWriter() {
    return initialWriter;
  }

  public BatchValuesWriter fallBackWriter() {
    return fallBackWriter;
  }

  /** Raw size: dictionary encoding can make the page much smaller, never larger than a fallback page. */
  @Override
  public long getBufferedSize() {
    return rawDataByteSize;
  }

  @Override
  public BytesInput getBytes() {
    if (!fellBackAlready && firstPage) {
      // The first page decides whether the dictionary is worth keeping.
      BytesInput bytes = initialWriter.getBytes();
      if (!initialWriter.isCompressionSatisfying(rawDataByteSize, bytes.size())) {
        fallBack();
      } else {
        return bytes;
      }
    }
    return currentWriter.getBytes();
  }

  @Override
  public Encoding getEncoding() {
    Encoding encoding = currentWriter.getEncoding();
    if (!fellBackAlready && !initialUsedAndHadDictionary) {
      initialUsedAndHadDictionary = encoding.usesDictionary();
    }
    return encoding;
  }

  @Override
  public void reset() {
    rawDataByteSize = 0;
    firstPage = false;
    currentWriter.reset();
    if (currentWriter != initialWriter) {
      initialWriter.reset(); // drop the ids of a page that fell back
    }
  }

  @Override
  public void close() {
    initialWriter.close();
    fallBackWriter.close();
  }

  @Override
  public DictionaryPage toDictPageAndClose() {
    return initialUsedAndHadDictionary ? initialWriter.toDictPageAndClose() : currentWriter.toDictPageAndClose();
  }

  @Override
  public void resetDictionary() {
    currentWriter.resetDictionary();
    if (currentWriter != initialWriter) {
      initialWriter.resetDictionary();
    }
    currentWriter = initialWriter;
    fellBackAlready = false;
    initialUsedAndHadDictionary = false;
    firstPage = true;
  }

  @Override
  public long getAllocatedSize() {
    return currentWriter.getAllocatedSize();
  }

  @Override
  public String memUsageString(String prefix) {
    return String.format("%s DictionaryFallbackWriter{%n%s%n%s%n%s}%n", prefix,
        initialWriter.memUsageString(prefix + " initial:"), fallBackWriter.memUsageString(prefix + " fallback:"), prefix);
  }

  private void checkFallback() {
    if (!fellBackAlready && initialWriter.shouldFallBack()) {
      fallBack();
    }
  }

  private void fallBack() {
    fellBackAlready = true;
    initialWriter.fallBackAllValuesTo(fallBackWriter);
    currentWriter = fallBackWriter;
  }

  @Override
  public void writeByte(int value) {
    rawDataByteSize += 1;
    currentWriter.writeByte(value);
    checkFallback();
  }

  @Override
  public void writeBytes(Binary v) {
    rawDataByteSize += v.length() + 4;
    currentWriter.writeBytes(v);
    checkFallback();
  }

  @Override
  public void writeInteger(int v) {
    rawDataByteSize += 4;
    currentWriter.writeInteger(v);
    checkFallback();
  }

  @Override
  public void writeLong(long v) {
    rawDataByteSize += 8;
    currentWriter.writeLong(v);
    checkFallback();
  }

  @Override
  public void writeFloat(float v) {
    rawDataByteSize += 4;
    currentWriter.writeFloat(v);
    checkFallback();
  }

  @Override
  public void writeDouble(double v) {
    rawDataByteSize += 8;
    currentWriter.writeDouble(v);
    checkFallback();
  }

  // Bulk calls: the dictionary takes values until one pushes it past its limit (the value parquet-java
  // would fall back after); checkFallback() then switches, and the rest go to the fallback writer.

  @Override
  public void writeIntegers(int[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    rawDataByteSize += 4L * count;
    if (count > 0 && !fellBackAlready) {
      int done = initialWriter.putIntegers(src, offset, count, initialWriter.maxDictionaryByteSize);
      checkFallback();
      offset += done;
      count -= done;
    }
    if (count > 0) {
      currentWriter.writeIntegers(src, offset, count);
      checkFallback();
    }
  }

  @Override
  public void writeLongs(long[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    rawDataByteSize += 8L * count;
    if (count > 0 && !fellBackAlready) {
      int done = initialWriter.putLongs(src, offset, count, initialWriter.maxDictionaryByteSize);
      checkFallback();
      offset += done;
      count -= done;
    }
    if (count > 0) {
      currentWriter.writeLongs(src, offset, count);
      checkFallback();
    }
  }

  @Override
  public void writeFloats(float[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    rawDataByteSize += 4L * count;
    if (count > 0 && !fellBackAlready) {
      int done = initialWriter.putFloats(src, offset, count, initialWriter.maxDictionaryByteSize);
      checkFallback();
      offset += done;
      count -= done;
    }
    if (count > 0) {
      currentWriter.writeFloats(src, offset, count);
      checkFallback();
    }
  }

  @Override
  public void writeDoubles(double[] src, int offset, int count) {
    Objects.checkFromIndexSize(offset, count, src.length);
    rawDataByteSize += 8L * count;
    if (count > 0 && !fellBackAlready) {
      int done = initialWriter.putDoubles(src, offset, count, initialWriter.maxDictionaryByteSize);
      checkFallback();
      offset += done;
      count -= done;
    }
    if (count > 0) {
      currentWriter.writeDoubles(src, offset, count);
      checkFallback();
    }
  }

  @Override
  public void writeBinaries(BinaryBatch batch, int from, int count) {
    Objects.checkFromIndexSize(from, count, batch.size());
    rawDataByteSize += 4L * count + (batch.offset(from + count) - batch.offset(from));
    if (count > 0 && !fellBackAlready) {
      int done = initialWriter.putBinaries(batch, from, count, initialWriter.maxDictionaryByteSize);
      checkFallback();
      from += done;
      count -= done;
    }
    if (count > 0) {
      currentWriter.writeBinaries(batch, from, count);
      checkFallback();
    }
  }
}
