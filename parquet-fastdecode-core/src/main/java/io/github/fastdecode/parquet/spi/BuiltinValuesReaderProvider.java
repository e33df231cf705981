package io.github.fastdecode.parquet.spi;

import io.github.fastdecode.parquet.BatchValuesReader;
import io.github.fastdecode.parquet.bytestreamsplit.ByteStreamSplitReaders;
import io.github.fastdecode.parquet.delta.DeltaBinaryPackedReader;
import io.github.fastdecode.parquet.plain.PlainReaders;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;

/** The library's own readers. Returns {@code null} (parquet-java fallback) for what is not built yet. */
public final class BuiltinValuesReaderProvider implements ValuesReaderProvider {

  @Override
  public BatchValuesReader newValuesReader(ColumnDescriptor column, Encoding encoding) {
    switch (encoding) {
      case PLAIN:
        return PlainReaders.forColumn(column);
      case DELTA_BINARY_PACKED:
        return DeltaBinaryPackedReader.forColumn(column);
      case BYTE_STREAM_SPLIT:
        return ByteStreamSplitReaders.forColumn(column);
      default:
        return null;
    }
  }
}
