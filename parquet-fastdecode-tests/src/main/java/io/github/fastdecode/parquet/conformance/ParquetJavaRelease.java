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
package io.github.fastdecode.parquet.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.parquet.Version;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;

/**
 * Facts about the parquet-java release on the class path that the kit's oracles depend on, found
 * once when this class loads: its version (read at run time: {@code Version.VERSION_NUMBER} is a
 * compile-time constant that javac copies into callers) and whether its values writers can be
 * reused across column chunks, and how they write NaNs.
 */
public final class ParquetJavaRelease {
  private ParquetJavaRelease() {}

  /** The version of the parquet-column on the class path, e.g. {@code 1.15.2}. */
  public static final String VERSION = runtimeVersion();

  /**
   * Whether a parquet-java dictionary writer reused for a second column chunk ({@code
   * resetDictionary}) starts it as a fresh writer would. Before 1.18.0 it keeps the previous
   * chunk's dictionary byte size, so it falls back sooner, and after a fallback the next chunk's
   * pages hold stale values (apache/parquet-java GH-3637). parquet-hadoop's file writer makes new
   * values writers for every row group, so files are not affected; writers reused by hand are.
   */
  public static final boolean REUSES_DICTIONARY_WRITERS_CLEANLY = reusesDictionaryWritersCleanly();

  /**
   * Whether this release's PLAIN and BYTE_STREAM_SPLIT writers keep NaN payloads (1.18.0 on); before
   * that they write every FLOAT and DOUBLE NaN as the canonical one. Found by writing one.
   */
  public static final boolean WRITES_NAN_PAYLOADS = writesNaNPayloads();

  private static boolean writesNaNPayloads() {
    PlainValuesWriter w = new PlainValuesWriter(64, 1024, new HeapByteBufferAllocator());
    int payload = 0x7fc0_0001;
    w.writeFloat(Float.intBitsToFloat(payload));
    try {
      byte[] b = w.getBytes().toByteArray();
      return (b[0] & 0xff) == 1;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      w.close();
    }
  }

  /** The bits this release's writers write for {@code v}. */
  public static int writtenBits(float v) {
    return WRITES_NAN_PAYLOADS ? Float.floatToRawIntBits(v) : Float.floatToIntBits(v);
  }

  /** The bits this release's writers write for {@code v}. */
  public static long writtenBits(double v) {
    return WRITES_NAN_PAYLOADS ? Double.doubleToRawLongBits(v) : Double.doubleToLongBits(v);
  }

  private static String runtimeVersion() {
    try {
      return (String) Version.class.getField("VERSION_NUMBER").get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read org.apache.parquet.Version.VERSION_NUMBER", e);
    }
  }

  private static boolean reusesDictionaryWritersCleanly() {
    DictionaryValuesWriter w = new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(1 << 16, Encoding.RLE_DICTIONARY,
        Encoding.PLAIN, new HeapByteBufferAllocator());
    w.writeInteger(7);
    w.getBytes();
    w.reset();
    w.toDictPageAndClose();
    w.resetDictionary();
    w.reset();
    // Buffered ids (none) plus the dictionary's byte size, which a fresh writer starts at 0.
    long left = w.getAllocatedSize();
    w.close();
    return left == 0;
  }

  /** Whether {@link #VERSION} is {@code version} or later (numeric parts compared in order). */
  public static boolean atLeast(String version) {
    String[] have = VERSION.split("[.-]");
    String[] want = version.split("[.-]");
    for (int i = 0; i < want.length; i++) {
      int h = i < have.length ? leadingNumber(have[i]) : 0;
      int w = leadingNumber(want[i]);
      if (h != w) {
        return h > w;
      }
    }
    return true;
  }

  private static int leadingNumber(String s) {
    int n = 0;
    for (int i = 0; i < s.length() && Character.isDigit(s.charAt(i)); i++) {
      n = n * 10 + (s.charAt(i) - '0');
    }
    return n;
  }
}
