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

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.fastdecode.parquet.denserow.DenseRowCodec;
import io.github.fastdecode.parquet.denserow.DenseRowData;
import io.github.fastdecode.parquet.denserow.DenseType;
import io.github.fastdecode.parquet.denserow.DenseVector;
import java.util.ArrayList;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * {@link DenseRowCodec} reading fuzzed bytes: one of 256 random row types (seeded by a pick, up to
 * six fields, containers three deep), then either a whole run ({@code deserializeRun}) or up to 16
 * rows at offsets with fuzzed lengths ({@code deserialize}, format byte picked too). The property is
 * {@link FuzzCheck}'s: success or a {@code ParquetDecodingException} naming DenseRow, allocation
 * bounded by the input times what the type can store per input byte.
 */
class DenseRowFuzzTest {
  static final int MODE_RUN = 0;
  static final int MODE_ROWS = 1;

  static DenseType type(int pick) {
    return DenseRowData.rowType(new Random(0xD5_0000L + pick), 6, 3);
  }

  @FuzzTest
  void denseRow(FuzzedDataProvider data) {
    int pick = data.consumeInt(0, 255);
    int mode = data.consumeInt(0, 1);
    DenseType type = type(pick);
    DenseRowCodec codec = new DenseRowCodec(type);
    long perInputByte = 64 + 4L * storedPerByte(type);
    if (mode == MODE_RUN) {
      byte[] run = data.consumeRemainingAsBytes();
      FuzzCheck.check("DenseRow", FuzzCheck.namesEncoding("DenseRow"), perInputByte, run.length, () -> {
        DenseVector into = DenseVector.create(type, 1);
        codec.deserializeRun(run, 0, run.length, into);
      });
      return;
    }
    int format = data.consumeInt(0, 255);
    int count = data.consumeInt(0, 16);
    int[] lengths = new int[count];
    for (int i = 0; i < count; i++) {
      lengths[i] = data.consumeInt(0, 255);
    }
    byte[] in = data.consumeRemainingAsBytes();
    int[] offsets = new int[count];
    int p = 0;
    for (int i = 0; i < count; i++) {
      offsets[i] = p;
      p += lengths[i];
    }
    FuzzCheck.check("DenseRow", FuzzCheck.namesEncoding("DenseRow"), perInputByte, in.length, () -> {
      DenseVector into = DenseVector.create(type, 1);
      codec.deserialize(format, in, offsets, lengths, count, into);
    });
  }

  /**
   * Most bytes a batch of {@code t} stores for one input byte: a one-byte null ROW stores a default
   * in every leaf below it (a FIXED its length), each leaf up to 8 bytes of value, a null flag and
   * an offset.
   */
  static long storedPerByte(DenseType t) {
    if (t.kind() == DenseType.Kind.ROW) {
      long sum = 0;
      for (int i = 0; i < t.childCount(); i++) {
        sum += storedPerByte(t.child(i));
      }
      return sum;
    }
    return 16 + t.fixedLength();
  }

  /**
   * Seeds: valid runs of the first eight types, as the codec writes them (version 4, named {@code
   * v4-*}). The files beside them are the same rows as earlier versions wrote them, no longer
   * generated and kept so that the fuzzer keeps starting from their input too: {@code seed-v3-*}
   * version 3 (INT32 as LEB128), {@code seed-run-*} and {@code seed-rows-*} version 2 (INT64 as
   * LEB128 too).
   */
  static Map<String, byte[]> seeds() {
    Map<String, byte[]> seeds = new TreeMap<>();
    for (int pick = 0; pick < 8; pick++) {
      DenseType type = type(pick);
      Random random = new Random(pick);
      DenseVector batch = DenseRowData.batch(random, type, 3, 0.4, new ArrayList<>());
      DenseRowCodec codec = new DenseRowCodec(type);
      int[] sizes = new int[3];
      int options = pick % 2 == 0 ? 0 : DenseRowCodec.LENGTH_PREFIXED;
      byte[] run = new byte[(int) codec.runSize(batch, options, sizes)];
      codec.serializeRun(batch, options, sizes, run, 0);
      if (run.length >= 4000) {
        continue;
      }
      seeds.put("v4-run-" + pick, new FuzzSeed().pick(pick).pick(MODE_RUN).bytes(run).build());
      if (pick < 4) {
        FuzzSeed s = new FuzzSeed().pick(pick).pick(MODE_ROWS).pick(DenseRowCodec.formatByte(0)).pick(3);
        boolean fits = true;
        for (int i = 0; i < 3; i++) {
          fits &= sizes[i] <= 255;
          s.pick(Math.min(sizes[i], 255));
        }
        if (fits) {
          byte[] rows = new byte[run.length - 1];
          if (options == 0) {
            System.arraycopy(run, 1, rows, 0, rows.length);
            seeds.put("v4-rows-" + pick, s.bytes(rows).build());
          }
        }
      }
    }
    return seeds;
  }
}
