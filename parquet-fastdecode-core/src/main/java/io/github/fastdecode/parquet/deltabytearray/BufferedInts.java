package io.github.fastdecode.parquet.deltabytearray;

import io.github.fastdecode.parquet.BatchValuesWriter;

/**
 * Ints (lengths, prefix lengths) collected per value and handed to their DELTA_BINARY_PACKED
 * writer in bulk calls of up to {@link #CAPACITY}, so the per-value work is one array store.
 * {@link #flush()} before asking the writer anything: its size and bytes include only what it got.
 */
final class BufferedInts {
  static final int CAPACITY = 1024;

  final BatchValuesWriter writer;
  final int[] values = new int[CAPACITY];
  int count;

  BufferedInts(BatchValuesWriter writer) {
    this.writer = writer;
  }

  void add(int v) {
    values[count++] = v;
    if (count == CAPACITY) {
      flush();
    }
  }

  void flush() {
    if (count > 0) {
      writer.writeIntegers(values, 0, count);
      count = 0;
    }
  }

  void reset() {
    count = 0;
    writer.reset();
  }
}
