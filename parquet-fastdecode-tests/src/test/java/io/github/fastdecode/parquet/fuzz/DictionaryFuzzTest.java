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
import io.github.fastdecode.parquet.FastDecode;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Dictionary-encoded data pages of every type the facade's dictionary reader serves, each with a
 * fuzzed dictionary page (bytes, claimed entry count, encoding) read through {@link
 * FastDecode#readDictionary}: dictionary ids and dictionary-decoded values.
 *
 * <p>parquet-java materialises a dictionary page as one object per entry, so the dictionary step is
 * checked against a bound four times the per-byte one; the data page against the usual bound.
 */
class DictionaryFuzzTest {
  static final PrimitiveTypeName[] TYPES = {
      PrimitiveTypeName.INT32, PrimitiveTypeName.INT64, PrimitiveTypeName.FLOAT, PrimitiveTypeName.DOUBLE,
      PrimitiveTypeName.BINARY, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, PrimitiveTypeName.INT96};
  static final Encoding[] DICTIONARY_PAGE_ENCODINGS = {Encoding.PLAIN_DICTIONARY, Encoding.PLAIN, Encoding.RLE_DICTIONARY};
  static final Encoding[] DATA_PAGE_ENCODINGS = {Encoding.RLE_DICTIONARY, Encoding.PLAIN_DICTIONARY};
  static final String ENCODING = "DICTIONARY";

  @FuzzTest
  void dictionary(FuzzedDataProvider data) {
    PrimitiveTypeName type = TYPES[data.consumeInt(0, TYPES.length - 1)];
    ColumnDescriptor column = FuzzColumns.column(type, data.consumeInt(0, FuzzColumns.MAX_FIXED_LENGTH));
    Encoding dictionaryEncoding = DICTIONARY_PAGE_ENCODINGS[data.consumeInt(0, DICTIONARY_PAGE_ENCODINGS.length - 1)];
    Encoding dataEncoding = DATA_PAGE_ENCODINGS[data.consumeInt(0, DATA_PAGE_ENCODINGS.length - 1)];
    int entries;
    switch (data.consumeInt(0, 2)) {
      case 0: entries = data.consumeInt(0, 0xFFFF); break;
      case 1: entries = Integer.MAX_VALUE - data.consumeInt(0, 255); break;
      default: entries = Integer.MIN_VALUE + data.consumeInt(0, 255); break;
    }
    int dictionaryLength = data.consumeInt(0, 0xFFFF);
    FuzzCheck.Plan plan = FuzzCheck.Plan.read(data, FuzzCall.withIds(FuzzCall.forType(type)));
    byte[] dictionaryBytes = data.consumeBytes(dictionaryLength);
    byte[] page = data.consumeRemainingAsBytes();

    Dictionary[] dictionary = new Dictionary[1];
    FuzzCheck.check(ENCODING, 4L * dictionaryBytes.length, () -> {
      dictionary[0] = FastDecode.readDictionary(column,
          new DictionaryPage(BytesInput.from(dictionaryBytes), entries, dictionaryEncoding));
    });
    if (dictionary[0] == null) {
      return;
    }
    FuzzCheck.check(ENCODING, dictionaryBytes.length + page.length,
        () -> plan.run(FastDecode.newDictionaryValuesReader(column, dataEncoding, dictionary[0]), page));
  }
}
