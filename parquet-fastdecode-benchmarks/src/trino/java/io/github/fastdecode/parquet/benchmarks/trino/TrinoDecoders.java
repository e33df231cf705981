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
package io.github.fastdecode.parquet.benchmarks.trino;

import static io.github.fastdecode.parquet.benchmarks.jmh.TrinoContender.BATCH;

import io.airlift.slice.Slice;
import io.airlift.slice.Slices;
import io.github.fastdecode.parquet.benchmarks.jmh.TrinoContender;
import io.github.fastdecode.parquet.benchmarks.jmh.TrinoContender.PageDecoder;
import io.trino.parquet.ParquetEncoding;
import io.trino.parquet.PrimitiveField;
import io.trino.parquet.reader.SimpleSliceInputStream;
import io.trino.parquet.reader.decoders.RleBitPackingHybridDecoder;
import io.trino.parquet.reader.decoders.ValueDecoder;
import io.trino.parquet.reader.decoders.ValueDecoders;
import io.trino.parquet.reader.flat.BinaryBuffer;
import io.trino.parquet.reader.flat.FlatDefinitionLevelDecoder;
import io.trino.parquet.reader.flat.NullsDecoders;
import io.trino.spi.block.Bitmap;
import io.trino.spi.type.BigintType;
import io.trino.spi.type.BooleanType;
import io.trino.spi.type.DoubleType;
import io.trino.spi.type.IntegerType;
import io.trino.spi.type.RealType;
import io.trino.spi.type.Type;
import io.trino.spi.type.VarbinaryType;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Properties;
import java.util.function.Supplier;
import jdk.incubator.vector.VectorShape;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * The Trino contender ({@link TrinoContender}): Trino's value decoders called the way its flat
 * column reader calls them. Compiled by JDK 25's javac (Trino's classes are Java 25 class files);
 * loaded by name from the benchmarks' JDK 17 code.
 */
public final class TrinoDecoders implements TrinoContender.Factory {
  private static final String VECTOR_MODULE = "jdk.incubator.vector";

  private final boolean vectorized;

  /**
   * @param vectorized Trino's vector decoding on or off, or null for Trino's own choice (the
   *     module loaded and a preferred vector size of 256 bits or more, as its column reader
   *     factory decides)
   */
  public TrinoDecoders(Boolean vectorized) {
    boolean module = ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent();
    if (vectorized == null) {
      // Only touch the vector API when its module is there: the class would not load otherwise.
      this.vectorized = module && VectorShape.preferredShape().vectorBitSize() >= 256;
    } else if (vectorized && !module) {
      throw new IllegalStateException("Trino's vector decoding needs --add-modules " + VECTOR_MODULE);
    } else {
      this.vectorized = vectorized;
    }
  }

  @Override
  public boolean vectorized() {
    return vectorized;
  }

  @Override
  public String describe() {
    return "Trino " + trinoVersion() + " decoders (" + (vectorized ? "vector" : "scalar") + ")";
  }

  @Override
  public PageDecoder values(PrimitiveTypeName type, Encoding encoding, int capacity) {
    ValueDecoders decoders = new ValueDecoders(field(type), vectorized);
    ParquetEncoding e = encoding(encoding);
    return switch (type) {
      case INT32 -> new ArrayPages<>(() -> decoders.getInt32Decoder(e), new int[capacity]);
      case FLOAT -> new ArrayPages<>(() -> decoders.getRealDecoder(e), new int[capacity]);
      case INT64 -> new ArrayPages<>(() -> decoders.getLongDecoder(e), new long[capacity]);
      case DOUBLE -> new ArrayPages<>(() -> decoders.getDoubleDecoder(e), new long[capacity]);
      case BOOLEAN -> new ArrayPages<>(() -> decoders.getBooleanDecoder(e), new byte[capacity]);
      case BINARY -> new BinaryPages(() -> decoders.getBinaryDecoder(e), capacity);
      default -> throw new IllegalArgumentException("no Trino contender for " + type);
    };
  }

  @Override
  public PageDecoder int32AsLongs(Encoding encoding, int capacity) {
    ValueDecoders decoders = new ValueDecoders(field(PrimitiveTypeName.INT32), vectorized);
    ParquetEncoding e = encoding(encoding);
    return new ArrayPages<>(() -> decoders.getInt32ToLongDecoder(e), new long[capacity]);
  }

  @Override
  public PageDecoder dictionaryIds(int capacity) {
    return new DictionaryIdPages(vectorized, capacity);
  }

  @Override
  public PageDecoder definitionLevels(int capacity) {
    return new DefinitionLevelPages(vectorized, capacity);
  }

  private static ParquetEncoding encoding(Encoding encoding) {
    return ParquetEncoding.valueOf(encoding.name());
  }

  /** A required top-level column of the type, as Trino's reader would have it, with the Trino type it reads into. */
  private static PrimitiveField field(PrimitiveTypeName type) {
    Type trinoType = switch (type) {
      case INT32 -> IntegerType.INTEGER;
      case INT64 -> BigintType.BIGINT;
      case FLOAT -> RealType.REAL;
      case DOUBLE -> DoubleType.DOUBLE;
      case BOOLEAN -> BooleanType.BOOLEAN;
      case BINARY -> VarbinaryType.VARBINARY;
      default -> throw new IllegalArgumentException("no Trino contender for " + type);
    };
    PrimitiveType primitive = Types.required(type).named("value");
    return new PrimitiveField(trinoType, true, new ColumnDescriptor(new String[] {"value"}, primitive, 0, 0), 0);
  }

  private static String trinoVersion() {
    try (InputStream in = ValueDecoders.class.getResourceAsStream("/META-INF/maven/io.trino/trino-parquet/pom.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        return p.getProperty("version", "(unknown version)");
      }
    } catch (IOException e) {
      // fall through: the version is only a label
    }
    return "(unknown version)";
  }

  private static SimpleSliceInputStream input(byte[] page) {
    return new SimpleSliceInputStream(Slices.wrappedBuffer(page));
  }

  /** Values into one reused array ({@code int[]}, {@code long[]} or {@code byte[]}); a decoder per page. */
  private static final class ArrayPages<T> implements PageDecoder {
    private final Supplier<ValueDecoder<T>> decoders;
    private final T destination;

    ArrayPages(Supplier<ValueDecoder<T>> decoders, T destination) {
      this.decoders = decoders;
      this.destination = destination;
      decoders.get(); // an encoding Trino does not decode fails here, in setup
    }

    @Override
    public int readPage(byte[] page, int count) {
      ValueDecoder<T> d = decoders.get();
      d.init(input(page));
      for (int at = 0; at < count; at += BATCH) {
        d.read(destination, at, Math.min(BATCH, count - at));
      }
      return count;
    }

    @Override
    public int skipPage(byte[] page, int reads, int skipRun) {
      ValueDecoder<T> d = decoders.get();
      d.init(input(page));
      for (int k = 0; k < reads; k++) {
        d.skip(skipRun);
        d.read(destination, k, 1);
      }
      return reads;
    }

    @Override
    public Object destination() {
      return destination;
    }

    @Override
    public void export(Object target, int count) {
      throw new UnsupportedOperationException("values are in destination()");
    }
  }

  /**
   * Byte arrays: a new {@link BinaryBuffer} per batch, read into, then joined into one slice with
   * its offsets, as Trino's reader builds a block. The last page's slices and offsets are kept.
   */
  private static final class BinaryPages implements PageDecoder {
    private final Supplier<ValueDecoder<BinaryBuffer>> decoders;
    private final Slice[] slices;
    private final int[][] offsets;
    private int batches;

    BinaryPages(Supplier<ValueDecoder<BinaryBuffer>> decoders, int capacity) {
      this.decoders = decoders;
      int maxBatches = Math.max(1, (capacity + BATCH - 1) / BATCH);
      this.slices = new Slice[maxBatches];
      this.offsets = new int[maxBatches][];
      decoders.get();
    }

    @Override
    public int readPage(byte[] page, int count) {
      ValueDecoder<BinaryBuffer> d = decoders.get();
      d.init(input(page));
      int b = 0;
      for (int at = 0; at < count; at += BATCH) {
        BinaryBuffer buffer = new BinaryBuffer(Math.min(BATCH, count - at));
        d.read(buffer, 0, buffer.getValueCount());
        slices[b] = buffer.asSlice();
        offsets[b] = buffer.getOffsets();
        b++;
      }
      batches = b;
      return count;
    }

    @Override
    public int skipPage(byte[] page, int reads, int skipRun) {
      ValueDecoder<BinaryBuffer> d = decoders.get();
      d.init(input(page));
      BinaryBuffer buffer = new BinaryBuffer(reads);
      for (int k = 0; k < reads; k++) {
        d.skip(skipRun);
        d.read(buffer, k, 1);
      }
      slices[0] = buffer.asSlice();
      offsets[0] = buffer.getOffsets();
      batches = 1;
      return reads;
    }

    @Override
    public Object destination() {
      return null;
    }

    @Override
    public void export(Object target, int count) {
      Binary[] out = (Binary[]) target;
      int n = 0;
      for (int b = 0; b < batches; b++) {
        int[] o = offsets[b];
        for (int i = 0; i + 1 < o.length && n < count; i++) {
          out[n++] = Binary.fromConstantByteArray(slices[b].getBytes(o[i], o[i + 1] - o[i]));
        }
      }
      if (n != count) {
        throw new IllegalStateException("Trino's buffers hold " + n + " values, expected " + count);
      }
    }
  }

  /** Dictionary ids: the page's bit width, then a new id decoder for the page, as Trino's dictionary decoder does. */
  private static final class DictionaryIdPages implements PageDecoder {
    private final boolean vectorized;
    private final int[] ids;

    DictionaryIdPages(boolean vectorized, int capacity) {
      this.vectorized = vectorized;
      this.ids = new int[capacity];
    }

    private RleBitPackingHybridDecoder open(byte[] page) {
      SimpleSliceInputStream in = input(page);
      int bitWidth = in.readByte();
      RleBitPackingHybridDecoder d = new RleBitPackingHybridDecoder(bitWidth, vectorized);
      d.init(in);
      return d;
    }

    @Override
    public int readPage(byte[] page, int count) {
      RleBitPackingHybridDecoder d = open(page);
      for (int at = 0; at < count; at += BATCH) {
        d.read(ids, at, Math.min(BATCH, count - at));
      }
      return count;
    }

    @Override
    public int skipPage(byte[] page, int reads, int skipRun) {
      RleBitPackingHybridDecoder d = open(page);
      for (int k = 0; k < reads; k++) {
        d.skip(skipRun);
        d.read(ids, k, 1);
      }
      return reads;
    }

    @Override
    public Object destination() {
      return ids;
    }

    @Override
    public void export(Object target, int count) {
      throw new UnsupportedOperationException("values are in destination()");
    }
  }

  /**
   * Definition levels of an optional column into Trino's validity bitmap (cleared per page, as
   * Trino's decoder requires), a new nulls decoder per page. A batch without nulls leaves its bits
   * unset (Trino's contract): its count says so, kept for {@link #export}.
   */
  private static final class DefinitionLevelPages implements PageDecoder {
    private final boolean vectorized;
    private final long[] bitmap;
    private final int[] nonNullPerBatch;
    private int rows;

    DefinitionLevelPages(boolean vectorized, int capacity) {
      this.vectorized = vectorized;
      this.bitmap = new long[Bitmap.wordsForBits(capacity)];
      this.nonNullPerBatch = new int[Math.max(1, (capacity + BATCH - 1) / BATCH)];
    }

    @Override
    public int readPage(byte[] page, int count) {
      Slice s = Slices.wrappedBuffer(page);
      FlatDefinitionLevelDecoder d = NullsDecoders.createNullsDecoder(vectorized);
      d.init(s.slice(Integer.BYTES, s.getInt(0)));
      Arrays.fill(bitmap, 0, Bitmap.wordsForBits(count), 0L);
      int nonNull = 0;
      int b = 0;
      for (int at = 0; at < count; at += BATCH) {
        int n = d.readNext(bitmap, at, Math.min(BATCH, count - at));
        nonNullPerBatch[b++] = n;
        nonNull += n;
      }
      rows = count;
      return nonNull;
    }

    @Override
    public int skipPage(byte[] page, int reads, int skipRun) {
      throw new UnsupportedOperationException("definition levels are read, not skipped, in these benchmarks");
    }

    @Override
    public Object destination() {
      return null;
    }

    @Override
    public void export(Object target, int count) {
      int[] levels = (int[]) target;
      if (count > rows) {
        throw new IllegalStateException("the last page had " + rows + " rows, " + count + " asked for");
      }
      for (int i = 0; i < count; i++) {
        int batch = i / BATCH;
        int inBatch = Math.min(BATCH, rows - batch * BATCH);
        boolean allDefined = nonNullPerBatch[batch] == inBatch;
        levels[i] = allDefined || Bitmap.isSet(bitmap, 0, i) ? 1 : 0;
      }
    }
  }
}
