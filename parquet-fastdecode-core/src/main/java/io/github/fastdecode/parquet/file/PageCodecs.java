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
package io.github.fastdecode.parquet.file;

import java.util.EnumMap;
import java.util.function.BooleanSupplier;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The decompressor for each codec, made on first use and kept for the reader's life: SNAPPY through
 * snappy-java, ZSTD through zstd-jni, LZ4_RAW through aircompressor (the libraries parquet-hadoop
 * itself brings and uses), GZIP through the JDK's {@code Inflater}; UNCOMPRESSED pages are never
 * copied (the caller slices them). A library that is not on the class path, or whose native code
 * does not load, is found out once per JVM, when a chunk of its codec is first read (each decoder's
 * {@code works()} round-trips a few bytes),
 * and its codec then goes through the caller's parquet-java codec factory, as do LZO, BROTLI and
 * Hadoop's LZ4. Not thread-safe.
 */
final class PageCodecs {
  // One holder per library, so that a file of one codec loads (and, for native code, unpacks) only its library.
  private static final class Snappy {
    static final boolean WORKS = loads(SnappyPageDecompressor::works);
  }

  private static final class Zstd {
    static final boolean WORKS = loads(ZstdPageDecompressor::works);
  }

  private static final class Lz4Raw {
    static final boolean WORKS = loads(Lz4RawPageDecompressor::works);
  }

  private final CompressionCodecFactory fallback;
  private final EnumMap<CompressionCodecName, PageDecompressor> made = new EnumMap<>(CompressionCodecName.class);

  PageCodecs(CompressionCodecFactory fallback) {
    this.fallback = fallback;
  }

  /** Whether {@code codec} is decoded by this package's own call into its library (else by the codec factory). */
  static boolean direct(CompressionCodecName codec) {
    switch (codec) {
      case UNCOMPRESSED:
      case GZIP:
        return true;
      case SNAPPY:
        return Snappy.WORKS;
      case ZSTD:
        return Zstd.WORKS;
      case LZ4_RAW:
        return Lz4Raw.WORKS;
      default:
        return false;
    }
  }

  /** The decompressor for {@code codec} (not UNCOMPRESSED, which is sliced). */
  PageDecompressor forCodec(CompressionCodecName codec) {
    PageDecompressor d = made.get(codec);
    if (d == null) {
      d = make(codec);
      made.put(codec, d);
    }
    return d;
  }

  private PageDecompressor make(CompressionCodecName codec) {
    if (direct(codec)) {
      switch (codec) {
        case GZIP:
          return new GzipPageDecompressor();
        case SNAPPY:
          return new SnappyPageDecompressor();
        case ZSTD:
          return new ZstdPageDecompressor();
        case LZ4_RAW:
          return new Lz4RawPageDecompressor();
        default:
          break;
      }
    }
    return new FallbackPageDecompressor(fallback, codec);
  }

  /** Frees the decompressors' native state. */
  void release() {
    for (PageDecompressor d : made.values()) {
      d.release();
    }
    made.clear();
  }

  /** Runs a library's self-check; any failure to link or load means the codec falls back. */
  private static boolean loads(BooleanSupplier check) {
    try {
      return check.getAsBoolean();
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      // NoClassDefFoundError, UnsatisfiedLinkError, snappy-java's SnappyError, a codec's exception.
      return false;
    }
  }
}
