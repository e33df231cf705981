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

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;

/**
 * A {@link PageReader} over pages held in memory: an optional dictionary page, then the data pages
 * in order, and whatever total value count the caller states (true or not). For feeding a column
 * chunk reader pages that parquet-hadoop would never hand out, or pages copied from a file.
 */
public final class InMemoryPageReader implements PageReader {
  private final long totalValueCount;
  private final DictionaryPage dictionary;
  private final List<DataPage> pages;
  private int next;

  /**
   * @param totalValueCount what {@link #getTotalValueCount()} answers
   * @param dictionary the dictionary page, or null
   * @param pages the data pages, served in this order, then null
   */
  public InMemoryPageReader(long totalValueCount, DictionaryPage dictionary, List<? extends DataPage> pages) {
    this.totalValueCount = totalValueCount;
    this.dictionary = dictionary;
    this.pages = new ArrayList<>(Objects.requireNonNull(pages, "pages"));
  }

  /** A reader whose total value count is the sum of its pages' value counts. */
  public static InMemoryPageReader of(DictionaryPage dictionary, List<? extends DataPage> pages) {
    long total = 0;
    for (DataPage p : pages) {
      total += p.getValueCount();
    }
    return new InMemoryPageReader(total, dictionary, pages);
  }

  /**
   * Copies every page of {@code pages} (as parquet-hadoop serves them: decompressed) into memory,
   * so they can be served again or taken apart.
   */
  public static InMemoryPageReader copyOf(PageReader pages) {
    DictionaryPage dictionary = pages.readDictionaryPage();
    List<DataPage> data = new ArrayList<>();
    for (DataPage p = pages.readPage(); p != null; p = pages.readPage()) {
      data.add(p);
    }
    return new InMemoryPageReader(pages.getTotalValueCount(), dictionary, data);
  }

  /** The dictionary page (null if none); does not change what {@link #readDictionaryPage()} serves. */
  public DictionaryPage dictionaryPage() {
    return dictionary;
  }

  /** All data pages, whatever has been read. */
  public List<DataPage> dataPages() {
    return List.copyOf(pages);
  }

  /** Serves the pages again from the first. */
  public InMemoryPageReader rewind() {
    next = 0;
    return this;
  }

  @Override
  public DictionaryPage readDictionaryPage() {
    return dictionary;
  }

  @Override
  public long getTotalValueCount() {
    return totalValueCount;
  }

  @Override
  public DataPage readPage() {
    return next < pages.size() ? pages.get(next++) : null;
  }
}
