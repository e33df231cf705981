package io.github.fastdecode.parquet.plain;

import io.github.fastdecode.parquet.BatchValuesReader;
import org.apache.parquet.column.ColumnDescriptor;

/** Placeholder until the decoder lands: null means parquet-java's reader is used. */
public final class PlainReaders {
  private PlainReaders() {}

  public static BatchValuesReader forColumn(ColumnDescriptor column) {
    return null;
  }
}
