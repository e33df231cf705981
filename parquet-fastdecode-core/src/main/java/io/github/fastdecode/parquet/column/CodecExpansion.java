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

import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * How many bytes a compression codec can make of one stored byte, at most: the bound on a page's
 * claimed {@code uncompressed_page_size} that {@link ParquetBatchReader} gives each
 * {@link ColumnChunkReader} (and checks itself for codecs parquet-hadoop inflates while handing the
 * page out). parquet-hadoop sizes the array a page is inflated into by that header field alone, so
 * a 200-byte file claiming 2 GB would otherwise allocate 2 GB.
 *
 * <p>The ratios are worst cases of the formats, so no legitimate page exceeds them:
 *
 * <ul>
 *   <li>GZIP: deflate cannot expand one byte beyond 1032 bytes (zlib's technical notes: the limit
 *       is 1032:1, a 258-byte match coded in about 2 bits); the gzip header and trailer only lower it.
 *   <li>SNAPPY: its longest output per byte of input is the copy with a 2-byte offset, 3 bytes for
 *       a copy of up to 64 bytes (21.3:1); literals give 1:1 or less. Bound: 22.
 *   <li>LZ4 and LZ4_RAW: a match of 4 + 15 + 255 n bytes costs a token, a 2-byte offset and n
 *       length bytes, so each extra byte of input adds at most 255 bytes of output. Bound: 255.
 *   <li>ZSTD: the densest block is an RLE block, a 3-byte header and one byte for up to the
 *       maximum block size of 128 KiB, 32768:1 (compressed blocks need more bytes of headers and
 *       bits per block). Bound: {@code 1 << 15}.
 *   <li>LZO: its codec lives outside parquet-java (and is not on this project's class path); LZO1X
 *       extends a match length by 255 per extra byte as LZ4 does. Bound: {@code 1 << 15}, the ZSTD
 *       bound, a wide margin.
 *   <li>BROTLI: the format has no small worst case (one insert-and-copy command of a few bytes can
 *       copy about 16 MiB), and its codec is outside parquet-java too. Bound: {@code 1 << 20},
 *       generous enough for a meta-block of one repeated byte, still finite.
 *   <li>UNCOMPRESSED: no bound. parquet-hadoop hands the stored bytes on as they are and never sizes
 *       anything by the claimed size, and parquet-java reads such pages whatever they claim.
 * </ul>
 *
 * <p>A codec this class does not know gets no bound.
 */
public final class CodecExpansion {
  /** No bound. */
  public static final long UNBOUNDED = Long.MAX_VALUE;

  private CodecExpansion() {}

  /** Bytes {@code codec} can make of one stored byte at most, or {@link #UNBOUNDED}. */
  public static long maxRatio(CompressionCodecName codec) {
    if (codec == null) {
      return UNBOUNDED;
    }
    switch (codec) {
      case GZIP:
        return 1032;
      case SNAPPY:
        return 22;
      case LZ4:
      case LZ4_RAW:
        return 255;
      case ZSTD:
      case LZO:
        return 1 << 15;
      case BROTLI:
        return 1 << 20;
      default:
        return UNBOUNDED;
    }
  }

  /**
   * The largest uncompressed size a page of a chunk of {@code storedBytes} under {@code codec} can
   * legitimately claim, or {@link #UNBOUNDED}. A page's body lies within its chunk's stored bytes
   * (old writers that under-reported a chunk's size left out a page header, never body bytes), so
   * the chunk's size bounds every page's.
   */
  public static long maxUncompressedPageBytes(CompressionCodecName codec, long storedBytes) {
    return times(storedBytes, maxRatio(codec));
  }

  /**
   * The bound for {@code column}'s pages in {@code rowGroup}: its chunk's stored bytes under its
   * codec. A footer listing the column twice (parquet-hadoop then joins the listings' bytes) gets
   * the listings' summed bytes under the most expansive of their codecs; an unlisted column none.
   */
  public static long maxUncompressedPageBytes(BlockMetaData rowGroup, ColumnPath column) {
    long stored = 0;
    long ratio = 0;
    for (ColumnChunkMetaData c : rowGroup.getColumns()) {
      if (c.getPath().equals(column)) {
        stored += Math.max(0, c.getTotalSize());
        ratio = Math.max(ratio, maxRatio(c.getCodec()));
      }
    }
    return ratio == 0 ? UNBOUNDED : times(stored, ratio);
  }

  private static long times(long stored, long ratio) {
    return ratio == UNBOUNDED || stored < 0 || stored > UNBOUNDED / ratio ? UNBOUNDED : stored * ratio;
  }
}
