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
package io.github.fastdecode.parquet.fuzz;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.rle.RleValuesReader;

/**
 * One call a fuzz target may make on a reader, with a fuzzer-chosen count. Each returns the
 * bytes it handed back to the caller, the output term of the allocation bound in {@link FuzzCheck}.
 * Destinations are reused across inputs, so the harness itself allocates nothing per call.
 */
enum FuzzCall {
  INT { long call(BatchValuesReader r, int n) { r.readInteger(); return 4; } },
  INTS { long call(BatchValuesReader r, int n) { r.readIntegers(Dst.INTS, 0, n); return 4L * n; } },
  INTS_AS_LONGS { long call(BatchValuesReader r, int n) { r.readIntegersAsLongs(Dst.LONGS, 0, n); return 8L * n; } },
  INTS_AS_DOUBLES { long call(BatchValuesReader r, int n) { r.readIntegersAsDoubles(Dst.DOUBLES, 0, n); return 8L * n; } },
  DATES_AS_MICROS(true) { long call(BatchValuesReader r, int n) { r.readDatesAsMicros(Dst.LONGS, 0, n); return 8L * n; } },
  LONG { long call(BatchValuesReader r, int n) { r.readLong(); return 8; } },
  LONGS { long call(BatchValuesReader r, int n) { r.readLongs(Dst.LONGS, 0, n); return 8L * n; } },
  MILLIS_AS_MICROS(true) { long call(BatchValuesReader r, int n) { r.readTimestampMillisAsMicros(Dst.LONGS, 0, n); return 8L * n; } },
  NANOS_AS_MICROS { long call(BatchValuesReader r, int n) { r.readTimestampNanosAsMicros(Dst.LONGS, 0, n); return 8L * n; } },
  UNSIGNED_LONGS {
    long call(BatchValuesReader r, int n) {
      Dst.BINARIES.clear();
      r.readUnsignedLongsAsBigEndian(Dst.BINARIES, n);
      return Dst.BINARIES.byteSize() + 4L * n;
    }
  },
  FLOAT { long call(BatchValuesReader r, int n) { r.readFloat(); return 4; } },
  FLOATS { long call(BatchValuesReader r, int n) { r.readFloats(Dst.FLOATS, 0, n); return 4L * n; } },
  FLOATS_AS_DOUBLES { long call(BatchValuesReader r, int n) { r.readFloatsAsDoubles(Dst.DOUBLES, 0, n); return 8L * n; } },
  DOUBLE { long call(BatchValuesReader r, int n) { r.readDouble(); return 8; } },
  DOUBLES { long call(BatchValuesReader r, int n) { r.readDoubles(Dst.DOUBLES, 0, n); return 8L * n; } },
  BOOLEAN { long call(BatchValuesReader r, int n) { r.readBoolean(); return 1; } },
  BOOLEANS { long call(BatchValuesReader r, int n) { r.readBooleans(Dst.BOOLEANS, 0, n); return n; } },
  BOOLEAN_BITS { long call(BatchValuesReader r, int n) { r.readBooleanBits(Dst.WORDS, n & 63, n); return n / 8 + 1; } },
  BYTES { long call(BatchValuesReader r, int n) { return r.readBytes().length() + 64L; } },
  BINARIES {
    long call(BatchValuesReader r, int n) {
      Dst.BINARIES.clear();
      r.readBinaries(Dst.BINARIES, n);
      return Dst.BINARIES.byteSize() + 4L * n;
    }
  },
  INT96_AS_MICROS(true) { long call(BatchValuesReader r, int n) { r.readInt96AsMicros(Dst.LONGS, 0, n); return 8L * n; } },
  INT96_AS_NANOS(true) { long call(BatchValuesReader r, int n) { r.readInt96AsNanos(Dst.LONGS, 0, n); return 8L * n; } },
  ID { long call(BatchValuesReader r, int n) { r.readValueDictionaryId(); return 4; } },
  IDS { long call(BatchValuesReader r, int n) { r.readDictionaryIds(Dst.INTS, 0, n); return 4L * n; } },
  /** Levels with the count of maximum levels; {@code n}'s low bits pick the level counted. */
  LEVELS { long call(BatchValuesReader r, int n) { ((RleValuesReader) r).readLevels(Dst.INTS, 0, n, n & 3); return 4L * n; } },
  SKIP_ONE { long call(BatchValuesReader r, int n) { r.skip(); return 0; } },
  SKIP { long call(BatchValuesReader r, int n) { r.skip(n); return 0; } };

  /** Largest count one call asks for (the reusable destinations' size). */
  static final int MAX_COUNT = 4096;

  static final FuzzCall[] INT32 = {INT, INTS, INTS_AS_LONGS, INTS_AS_DOUBLES, DATES_AS_MICROS, SKIP_ONE, SKIP};
  static final FuzzCall[] INT64 = {LONG, LONGS, MILLIS_AS_MICROS, NANOS_AS_MICROS, UNSIGNED_LONGS, SKIP_ONE, SKIP};
  static final FuzzCall[] FLOAT32 = {FLOAT, FLOATS, FLOATS_AS_DOUBLES, SKIP_ONE, SKIP};
  static final FuzzCall[] FLOAT64 = {DOUBLE, DOUBLES, SKIP_ONE, SKIP};
  static final FuzzCall[] BOOL = {BOOLEAN, BOOLEANS, BOOLEAN_BITS, SKIP_ONE, SKIP};
  static final FuzzCall[] BINARY = {BYTES, BINARIES, SKIP_ONE, SKIP};
  static final FuzzCall[] INT96 = {BYTES, BINARIES, INT96_AS_MICROS, INT96_AS_NANOS, SKIP_ONE, SKIP};
  static final FuzzCall[] LEVEL = {INT, INTS, LEVELS, SKIP_ONE, SKIP};

  /**
   * Whether the call converts values and may throw {@link ArithmeticException} for values outside
   * the target unit's range, as {@link BatchValuesReader} documents.
   */
  final boolean converts;

  FuzzCall() {
    this(false);
  }

  FuzzCall(boolean converts) {
    this.converts = converts;
  }

  abstract long call(BatchValuesReader r, int n);

  /** Reused destinations, large enough for {@link #MAX_COUNT} values. */
  static final class Dst {
    static final int[] INTS = new int[MAX_COUNT];
    static final long[] LONGS = new long[MAX_COUNT];
    static final float[] FLOATS = new float[MAX_COUNT];
    static final double[] DOUBLES = new double[MAX_COUNT];
    static final boolean[] BOOLEANS = new boolean[MAX_COUNT];
    static final long[] WORDS = new long[MAX_COUNT / 64 + 2];
    static final BinaryBatch BINARIES = new BinaryBatch(MAX_COUNT, 1 << 16);

    private Dst() {}
  }

  /** The calls that make sense on a reader of values of {@code type}. */
  static FuzzCall[] forType(org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName type) {
    switch (type) {
      case INT32: return INT32;
      case INT64: return INT64;
      case FLOAT: return FLOAT32;
      case DOUBLE: return FLOAT64;
      case BOOLEAN: return BOOL;
      case INT96: return INT96;
      default: return BINARY;
    }
  }

  /** {@code calls} plus the dictionary-id calls. */
  static FuzzCall[] withIds(FuzzCall[] calls) {
    FuzzCall[] all = java.util.Arrays.copyOf(calls, calls.length + 2);
    all[calls.length] = ID;
    all[calls.length + 1] = IDS;
    return all;
  }
}
