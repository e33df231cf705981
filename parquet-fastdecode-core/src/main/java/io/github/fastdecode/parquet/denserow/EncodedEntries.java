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
package io.github.fastdecode.parquet.denserow;

import static io.github.fastdecode.parquet.denserow.PrefixVarints.putNullablePrefixBytes;
import static io.github.fastdecode.parquet.denserow.PrefixVarints.putPrefixBytes;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.internal.LittleEndian;
import io.github.fastdecode.parquet.internal.VarInts;
import java.util.Arrays;

/**
 * The encoded values of a leaf vector in a constant or dictionary form, shared by the size pass and
 * the writer, and the writer of one leaf value.
 */
final class EncodedEntries {
  byte[] bytes = new byte[64];
  int[] offsets = new int[2];

  /**
   * Constant and dictionary forms: each distinct value is encoded once into {@link #bytes}
   * (entry {@code j} at {@code offsets[j] .. offsets[j + 1]}); the per-row work is a
   * lookup. Returns nothing; the encoded entries stay for {@link RowEncoder}.
   */
  void encode(DenseVector v) {
    boolean nullable = v.type().nullable();
    DenseVector src = v.dictionary != null ? v.dictionary : v;
    int n = v.dictionary != null ? src.size : 1;
    if (offsets.length < n + 1) {
      offsets = new int[n + 1];
    }
    int w = v.type().kind() == DenseType.Kind.BINARY ? 10 : 11 + v.type().fixedLength();
    int p = 0;
    offsets[0] = 0;
    for (int j = 0; j < n; j++) {
      int need = p + w + (v.type().kind() == DenseType.Kind.BINARY ? src.binaries.length(j) : 0);
      if (need > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(need, bytes.length * 2));
      }
      p = putLeaf(src, j, nullable, bytes, p);
      offsets[j + 1] = p;
    }
  }

  /** Writes the not-null leaf value {@code j} of {@code src} (no null marker check). */
  static int putLeaf(DenseVector src, int j, boolean nullable, byte[] out, int p) {
    switch (src.type().kind()) {
      case BOOLEAN:
        out[p] = (byte) ((src.booleans[j] ? 1 : 0) + (nullable ? 1 : 0));
        return p + 1;
      case INT32: {
        int v = src.ints[j];
        return putPrefixBytes(out, p, Integer.toUnsignedLong((v << 1) ^ (v >> 31)) + (nullable ? 1 : 0));
      }
      case INT64: {
        long v = src.longs[j];
        return nullable ? putNullablePrefixBytes(out, p, v) : putPrefixBytes(out, p, (v << 1) ^ (v >> 63));
      }
      case FLOAT:
        if (nullable) {
          out[p++] = 1;
        }
        LittleEndian.putInt(out, p, Float.floatToRawIntBits(src.floats[j]));
        return p + 4;
      case DOUBLE:
        if (nullable) {
          out[p++] = 1;
        }
        LittleEndian.putLong(out, p, Double.doubleToRawLongBits(src.doubles[j]));
        return p + 8;
      case BINARY: {
        BinaryBatch b = src.binaries;
        int[] offs = b.offsets();
        int start = offs[j];
        int len = offs[j + 1] - start;
        p = VarInts.putUnsigned(out, p, len + (nullable ? 1L : 0L));
        System.arraycopy(b.bytes(), start, out, p, len);
        return p + len;
      }
      case FIXED: {
        if (nullable) {
          out[p++] = 1;
        }
        BinaryBatch b = src.binaries;
        int start = b.offsets()[j];
        int len = src.type().fixedLength();
        if (b.offsets()[j + 1] - start != len) {
          throw new IllegalArgumentException("FIXED(" + len + ") entry " + j + " holds " + (b.offsets()[j + 1] - start) + " bytes");
        }
        System.arraycopy(b.bytes(), start, out, p, len);
        return p + len;
      }
      default:
        throw new AssertionError(src.type());
    }
  }
}
