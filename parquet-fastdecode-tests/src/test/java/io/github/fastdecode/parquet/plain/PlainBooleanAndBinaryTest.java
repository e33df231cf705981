package io.github.fastdecode.parquet.plain;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.BinaryBatch;
import io.github.fastdecode.parquet.conformance.Corruption;
import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.conformance.Differential;
import io.github.fastdecode.parquet.conformance.InputKind;
import io.github.fastdecode.parquet.conformance.ParquetJavaPages;
import io.github.fastdecode.parquet.conformance.ReadPlan;
import io.github.fastdecode.parquet.conformance.ValueKind;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.values.plain.BinaryPlainValuesReader;
import org.apache.parquet.column.values.plain.BooleanPlainValuesReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PlainBooleanAndBinaryTest {
  private static final long SEED = 20261122L;

  static int[] sizes() {
    return DataShapes.PAGE_SIZES;
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void booleansMatchParquetJava(int n) {
    for (Map.Entry<String, boolean[]> shape : DataShapes.booleanShapes(n, SEED).entrySet()) {
      byte[] page = ParquetJavaPages.plainBooleans(shape.getValue());
      for (ValueKind kind : new ValueKind[] {ValueKind.BOOLEAN, ValueKind.BOOLEAN_BITS}) {
        Differential.check("PLAIN BOOLEAN " + shape.getKey() + " n=" + n + " seed=" + SEED,
            BooleanPlainValuesReader::new, PlainBooleanReader::new, page, n, kind, ReadPlan.standard(n));
      }
    }
  }

  @Test
  void booleanValueCountWithNullsBoundsReadsByBytes() {
    // valueCount includes nulls: 16 slots, 13 values written (2 bytes). Both readers return 16
    // (the padding bits read as false); the 17th would be past the section's bytes and must throw.
    boolean[] v = DataShapes.booleanShapes(13, SEED).get("random");
    byte[] page = ParquetJavaPages.plainBooleans(v);
    Differential.check("PLAIN BOOLEAN with nulls", BooleanPlainValuesReader::new, PlainBooleanReader::new, page, 16, 16,
        ValueKind.BOOLEAN, ReadPlan.standard(16), InputKind.values());
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void binariesMatchParquetJava(int n) {
    for (Map.Entry<String, byte[][]> shape : DataShapes.binaryShapes(n, SEED).entrySet()) {
      if (n > 5_000 && shape.getKey().equals("mixedUpTo10k")) {
        continue; // 20 MB page: covered at the smaller sizes
      }
      byte[] page = ParquetJavaPages.plainBinaries(shape.getValue());
      Differential.check("PLAIN BYTE_ARRAY " + shape.getKey() + " n=" + n + " seed=" + SEED,
          BinaryPlainValuesReader::new, PlainBinaryReader::new, page, n, ValueKind.BINARY, ReadPlan.standard(n));
    }
  }

  @Test
  void scalarBinaryFromScratchCopyStaysValidAfterTheNextPage() throws Exception {
    byte[] first = ParquetJavaPages.plainBinaries(new byte[][] {{1, 2, 3}});
    byte[] second = ParquetJavaPages.plainBinaries(new byte[][] {{9, 9, 9}});
    PlainBinaryReader r = new PlainBinaryReader();
    r.initFromPage(1, InputKind.DIRECT.open(first));
    org.apache.parquet.io.api.Binary kept = r.readBytes();
    r.initFromPage(1, InputKind.DIRECT.open(second));
    r.readBytes();
    assertTrue(java.util.Arrays.equals(new byte[] {1, 2, 3}, kept.getBytes()), "a Binary from the previous page changed");
  }

  @Test
  void corruptBinaryPagesFailCleanly() {
    byte[][] values = DataShapes.binaryShapes(12, SEED).get("randomStrings");
    byte[] page = ParquetJavaPages.plainBinaries(values);
    Corruption.everyTruncation("PLAIN BYTE_ARRAY", "PLAIN", PlainBinaryReader::new, page, 12, ValueKind.BINARY);
    Corruption.everyBitFlip("PLAIN BYTE_ARRAY", "PLAIN", PlainBinaryReader::new, page, 12, ValueKind.BINARY);
  }

  @Test
  void lyingLengthsAreRejectedBeforeAnyCopy() throws Exception {
    for (int lie : new int[] {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, 5}) {
      ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      b.putInt(lie).putInt(0);
      PlainBinaryReader r = new PlainBinaryReader();
      r.initFromPage(1, InputKind.HEAP.open(b.array()));
      BinaryBatch batch = new BinaryBatch();
      ParquetDecodingException e = assertThrows(ParquetDecodingException.class, () -> r.readBinaries(batch, 1), "length " + lie);
      assertTrue(e.getMessage().contains("PLAIN BYTE_ARRAY"), e.getMessage());
      assertTrue(batch.size() == 0, "batch changed by a failed read");
      assertThrows(ParquetDecodingException.class, () -> r.skip(1));
      assertThrows(ParquetDecodingException.class, r::readBytes);
    }
  }

  @Test
  void corruptBooleanPagesFailCleanly() {
    boolean[] v = DataShapes.booleanShapes(21, SEED).get("random");
    byte[] page = ParquetJavaPages.plainBooleans(v);
    Corruption.everyTruncation("PLAIN BOOLEAN", "PLAIN", PlainBooleanReader::new, page, 21, ValueKind.BOOLEAN);
    Corruption.everyTruncation("PLAIN BOOLEAN", "PLAIN", PlainBooleanReader::new, page, 21, ValueKind.BOOLEAN_BITS);
  }
}
