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
package io.github.fastdecode.parquet.internal;

/**
 * A reader's count of the pages it has been initialised on. A {@link
 * io.github.fastdecode.parquet.BinaryBatch} that borrows bytes from the reader's page records the
 * lease and its {@link #generation()}; once the reader moves on ({@link #renew()}), the borrowed
 * bytes may be overwritten (a scratch copy of the next page) and the batch refuses to expose them.
 */
public final class PageLease {
  private int generation;

  /** Called by the reader for every page it starts on: bytes lent from earlier pages are gone. */
  public void renew() {
    generation++;
  }

  /** Changes with every {@link #renew()}. */
  public int generation() {
    return generation;
  }
}
