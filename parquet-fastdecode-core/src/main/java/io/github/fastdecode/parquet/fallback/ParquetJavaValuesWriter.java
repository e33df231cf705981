package io.github.fastdecode.parquet.fallback;

import io.github.fastdecode.parquet.BatchValuesWriter;
import java.util.Objects;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.io.api.Binary;

/**
 * A parquet-java {@link ValuesWriter} behind the bulk interface, for encodings the library does
 * not write itself: bulk calls loop over the delegate's scalar calls, so they are exactly as fast
 * as parquet-java and write exactly its bytes.
 */
public final class ParquetJavaValuesWriter extends BatchValuesWriter {
  private final ValuesWriter delegate;

  public ParquetJavaValuesWriter(ValuesWriter delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** The wrapped parquet-java writer. */
  public ValuesWriter delegate() {
    return delegate;
  }

  @Override
  public long getBufferedSize() {
    return delegate.getBufferedSize();
  }

  @Override
  public BytesInput getBytes() {
    return delegate.getBytes();
  }

  @Override
  public Encoding getEncoding() {
    return delegate.getEncoding();
  }

  @Override
  public void reset() {
    delegate.reset();
  }

  @Override
  public void close() {
    delegate.close();
  }

  @Override
  public DictionaryPage toDictPageAndClose() {
    return delegate.toDictPageAndClose();
  }

  @Override
  public void resetDictionary() {
    delegate.resetDictionary();
  }

  @Override
  public long getAllocatedSize() {
    return delegate.getAllocatedSize();
  }

  @Override
  public void writeByte(int value) {
    delegate.writeByte(value);
  }

  @Override
  public void writeBoolean(boolean v) {
    delegate.writeBoolean(v);
  }

  @Override
  public void writeBytes(Binary v) {
    delegate.writeBytes(v);
  }

  @Override
  public void writeInteger(int v) {
    delegate.writeInteger(v);
  }

  @Override
  public void writeLong(long v) {
    delegate.writeLong(v);
  }

  @Override
  public void writeDouble(double v) {
    delegate.writeDouble(v);
  }

  @Override
  public void writeFloat(float v) {
    delegate.writeFloat(v);
  }

  @Override
  public String memUsageString(String prefix) {
    return delegate.memUsageString(prefix);
  }

  @Override
  public String toString() {
    return "ParquetJavaValuesWriter(" + delegate.getClass().getSimpleName() + ")";
  }
}
