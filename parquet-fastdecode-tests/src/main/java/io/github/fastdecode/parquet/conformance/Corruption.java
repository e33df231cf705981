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

import io.github.fastdecode.parquet.BatchValuesReader;
import java.util.function.Supplier;
import org.apache.parquet.io.ParquetDecodingException;

/**
 * Corrupt-input checks: a decoder fed damaged bytes may decode something or throw {@link
 * ParquetDecodingException}; any other throwable (IndexOutOfBounds, NegativeArraySize, OutOfMemory,
 * NullPointer...) is a defect. Hangs are caught by the calling test's timeout.
 */
public final class Corruption {
  private Corruption() {}

  /** Every proper prefix of {@code page} (truncation at every byte offset). */
  public static void everyTruncation(String label, Supplier<? extends BatchValuesReader> reader, byte[] page, int valueCount, ValueKind kind) {
    everyTruncation(label, null, reader, page, valueCount, kind);
  }

  /**
   * As {@link #everyTruncation(String, Supplier, byte[], int, ValueKind)}, and every exception's
   * message must name {@code encoding} (e.g. {@code "BYTE_STREAM_SPLIT"}).
   */
  public static void everyTruncation(String label, String encoding, Supplier<? extends BatchValuesReader> reader, byte[] page, int valueCount, ValueKind kind) {
    for (int len = 0; len < page.length; len++) {
      byte[] cut = java.util.Arrays.copyOf(page, len);
      namesEncoding(encoding, decodeAll(label + " truncated to " + len + " of " + page.length + " bytes", reader, cut, valueCount, kind));
    }
  }

  /** Every single-bit flip of {@code page}. */
  public static void everyBitFlip(String label, Supplier<? extends BatchValuesReader> reader, byte[] page, int valueCount, ValueKind kind) {
    everyBitFlip(label, null, reader, page, valueCount, kind);
  }

  /** As {@link #everyBitFlip(String, Supplier, byte[], int, ValueKind)}, and messages must name {@code encoding}. */
  public static void everyBitFlip(String label, String encoding, Supplier<? extends BatchValuesReader> reader, byte[] page, int valueCount, ValueKind kind) {
    for (int bit = 0; bit < page.length * 8; bit++) {
      byte[] flipped = page.clone();
      flipped[bit >>> 3] ^= (byte) (1 << (bit & 7));
      namesEncoding(encoding, decodeAll(label + " with bit " + bit + " flipped", reader, flipped, valueCount, kind));
    }
  }

  private static void namesEncoding(String encoding, ParquetDecodingException e) {
    if (encoding != null && e != null && !e.getMessage().contains(encoding)) {
      throw new AssertionError("message does not name " + encoding + ": " + e.getMessage(), e);
    }
  }

  /**
   * Initialises a reader on {@code page} and reads until the page says no more, alternating bulk,
   * scalar and skip calls. Returns the exception that ended it (null if the page decoded cleanly and
   * then refused a read past its end, which is also a ParquetDecodingException).
   */
  public static ParquetDecodingException decodeAll(String label, Supplier<? extends BatchValuesReader> reader, byte[] page, int valueCount, ValueKind kind) {
    for (InputKind input : new InputKind[] {InputKind.HEAP, InputKind.DIRECT}) {
      BatchValuesReader r = reader.get();
      String where = label + " [" + input + "]";
      try {
        r.initFromPage(valueCount, input.open(page));
        // Bounded: every successful call consumes at least one value and a page holds at most
        // valueCount values (plus slack for encodings that count from the bytes).
        long limit = 4L * valueCount + 8L * page.length + 16;
        for (long i = 0; i < limit; i++) {
          switch ((int) (i % 4)) {
            case 0: kind.touchBulk(r, 3); break;
            case 1: kind.touchScalar(r); break;
            case 2: r.skip(2); break;
            default: r.skip(); break;
          }
        }
        throw new AssertionError(where + ": still returning values after " + limit + " calls");
      } catch (ParquetDecodingException expected) {
        if (expected.getMessage() == null || expected.getMessage().isEmpty()) {
          throw new AssertionError(where + ": ParquetDecodingException without a message", expected);
        }
        if (input == InputKind.DIRECT) {
          return expected;
        }
      } catch (AssertionError e) {
        throw e;
      } catch (Throwable t) {
        throw new AssertionError(where + ": expected ParquetDecodingException or success, got " + t, t);
      }
    }
    return null;
  }
}
