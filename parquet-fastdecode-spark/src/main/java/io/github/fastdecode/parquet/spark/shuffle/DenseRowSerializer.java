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
package io.github.fastdecode.parquet.spark.shuffle;

import io.github.fastdecode.parquet.denserow.DenseRowCodec;
import io.github.fastdecode.parquet.denserow.DenseRowFormatException;
import io.github.fastdecode.parquet.denserow.DenseVector;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.Serializer;
import org.apache.spark.serializer.SerializerInstance;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.expressions.codegen.UnsafeRowWriter;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.Platform;
import scala.Tuple2;
import scala.reflect.ClassTag;

/**
 * The shuffle serializer of the DenseRow exchange ({@link DenseRowExchanges}): writes the exchange's {@code
 * UnsafeRow}s as DenseRow rows and reads them back as {@code UnsafeRow}s.
 *
 * <p>A stream is a sequence of blocks, each a whole DenseRow run of the rows written since the
 * last block:
 *
 * <pre>
 * stream := block*
 * block  := varint(n) crc32c(4 bytes, little-endian, of the n bytes) run(n bytes)
 * run    := a DenseRow run with length prefixes (format byte 0x41, then varint(len) row, ...; see DenseRowCodec)
 * </pre>
 *
 * A block holds up to {@value #BLOCK_ROWS} rows or about {@value #BLOCK_BYTES} bytes of {@code
 * UnsafeRow}s; {@code flush()} and {@code close()} end one. Spark's writers hand rows over one at a
 * time, so the stream keeps them until the block ends and then encodes them as one batch; Spark's serialized sort
 * shuffle ({@code UnsafeShuffleWriter}, above {@code spark.shuffle.sort.bypassMergeThreshold}
 * partitions) flushes after every record, which makes each record its own block: that is what lets
 * this serializer say it {@link #supportsRelocationOfSerializedObjects supports relocation}, which
 * Spark SQL assumes of an exchange's serializer (it does not copy rows before such a shuffle).
 *
 * <p>The checksum makes any damage that the compression codec does not catch (snappy has no
 * checksum, and {@code spark.shuffle.compress=false} none at all) a {@link
 * DenseShuffleFormatException} rather than wrong rows; so does a truncated block or an invalid run.
 *
 * <p>The {@code dataSize} metric (the exchange's "data size", which adaptive execution reads as the
 * shuffle's in-memory size) counts the {@code UnsafeRow} bytes of the rows written, as Spark's own
 * serializer does, so that adaptive plans do not change with the row format.
 */
public final class DenseRowSerializer extends Serializer implements Serializable {
  private static final long serialVersionUID = 1L;
  static final int BLOCK_ROWS = 1024;
  static final int BLOCK_BYTES = 64 << 10;
  /** The largest block a reader accepts; writers stay far below it. */
  static final int MAX_BLOCK = 1 << 30;
  private static final Integer KEY = 0;

  /**
   * Whether the streams time their work ({@code -Dfastdecode.shuffle.timing=true}; off by default,
   * and then the JIT drops the timing code): what {@link Timings} sums, for benchmarks.
   */
  static final boolean TIMING = Boolean.getBoolean("fastdecode.shuffle.timing");

  /**
   * Where the DenseRow shuffle's time goes, summed over every stream in this JVM (the driver's and
   * its executors' in local mode) while {@code -Dfastdecode.shuffle.timing=true}; all zero otherwise.
   * Nanoseconds, from {@link System#nanoTime} at block boundaries (and around each row read).
   */
  public static final class Timings {
    static final java.util.concurrent.atomic.LongAdder SETUP = new java.util.concurrent.atomic.LongAdder();
    static final java.util.concurrent.atomic.LongAdder ENCODE = new java.util.concurrent.atomic.LongAdder();
    static final java.util.concurrent.atomic.LongAdder WRITE = new java.util.concurrent.atomic.LongAdder();
    static final java.util.concurrent.atomic.LongAdder READ = new java.util.concurrent.atomic.LongAdder();
    static final java.util.concurrent.atomic.LongAdder DECODE = new java.util.concurrent.atomic.LongAdder();
    static final java.util.concurrent.atomic.LongAdder ROWS = new java.util.concurrent.atomic.LongAdder();
    static final java.util.concurrent.atomic.LongAdder BLOCKS_WRITTEN = new java.util.concurrent.atomic.LongAdder();
    static final java.util.concurrent.atomic.LongAdder BLOCKS_READ = new java.util.concurrent.atomic.LongAdder();

    private Timings() {}

    /** Whether this JVM times the streams. */
    public static boolean enabled() {
      return TIMING;
    }

    /**
     * The sums since the last {@link #reset}: instance and reader set-up (schema nodes, codec,
     * projection), encoding (rows into columns, the DenseRow writer, the checksum), writing blocks to
     * Spark's stream (its compression and buffered I/O), reading blocks from Spark's stream (its
     * fetch, decompression and I/O), decoding (checksum, DenseRow reader, range checks), and making
     * each row read an {@code UnsafeRow}; then the blocks written and read.
     */
    public static long[] snapshot() {
      return new long[] {SETUP.sum(), ENCODE.sum(), WRITE.sum(), READ.sum(), DECODE.sum(), ROWS.sum(), BLOCKS_WRITTEN.sum(),
          BLOCKS_READ.sum()};
    }

    public static void reset() {
      for (java.util.concurrent.atomic.LongAdder a : new java.util.concurrent.atomic.LongAdder[] {SETUP, ENCODE, WRITE, READ, DECODE, ROWS,
          BLOCKS_WRITTEN, BLOCKS_READ}) {
        a.reset();
      }
    }
  }

  private final StructType schema;
  private final SQLMetric dataSize;
  private volatile int shuffleId = -1;

  /** A serializer for rows of {@code schema} ({@link ShuffleSchema#unsupported} null); {@code dataSize} may be null. */
  public DenseRowSerializer(StructType schema, SQLMetric dataSize) {
    this.schema = schema;
    this.dataSize = dataSize;
    String reason = ShuffleSchema.unsupported(schema);
    if (reason != null) {
      throw new IllegalArgumentException("the DenseRow shuffle does not carry " + reason);
    }
  }

  /** Names the shuffle in errors; set once the dependency (and so the shuffle id) exists. */
  void setShuffleId(int id) {
    shuffleId = id;
  }

  @Override
  public SerializerInstance newInstance() {
    long start = TIMING ? System.nanoTime() : 0;
    try {
      return new Instance(ShuffleSchema.row(schema));
    } catch (ShuffleSchema.UnsupportedTypeException e) {
      throw new IllegalStateException(e);
    } finally {
      if (TIMING) {
        Timings.SETUP.add(System.nanoTime() - start);
      }
    }
  }

  @Override
  public boolean supportsRelocationOfSerializedObjects() {
    return true;
  }

  /** One per task (not thread-safe): the codec and the scratch arrays its streams share. */
  private final class Instance extends SerializerInstance {
    private final ShuffleSchema.Node row;
    private final DenseRowCodec codec;
    private int[] sizes = new int[BLOCK_ROWS];
    private byte[] scratch = new byte[1 << 12];
    /** A reader's batch, view and projection, kept for the next stream while no stream uses it. */
    private Reader idle;
    /** The batch every stream's block is encoded from, one block at a time. */
    final DenseVector writeBatch;
    final UnsafeRow pendingRow;

    /** Whether decoded blocks are checked for values their Spark types cannot hold. */
    final boolean checkRanges;

    Instance(ShuffleSchema.Node row) {
      this.row = row;
      this.checkRanges = ShuffleSchema.hasRanges(row);
      this.codec = new DenseRowCodec(row.dense);
      this.writeBatch = DenseVector.create(row.dense, 64);
      this.pendingRow = new UnsafeRow(row.children.length);
    }

    @Override
    public <T> ByteBuffer serialize(T t, ClassTag<T> tag) {
      throw new UnsupportedOperationException("the DenseRow shuffle serializer writes streams only");
    }

    @Override
    public <T> T deserialize(ByteBuffer bytes, ClassTag<T> tag) {
      throw new UnsupportedOperationException("the DenseRow shuffle serializer reads streams only");
    }

    @Override
    public <T> T deserialize(ByteBuffer bytes, ClassLoader loader, ClassTag<T> tag) {
      throw new UnsupportedOperationException("the DenseRow shuffle serializer reads streams only");
    }

    @Override
    public SerializationStream serializeStream(OutputStream out) {
      return new Out(this, out);
    }

    @Override
    public DeserializationStream deserializeStream(InputStream in) {
      return new In(this, in);
    }

    /** With {@link #TIMING}: the nanoseconds the last block's write to Spark's stream took. */
    long lastWriteNanos;

    /** Encodes {@code batch} as one block into {@code out}; returns the block's bytes. */
    long writeBlock(DenseVector batch, OutputStream out) throws IOException {
      int n = batch.size();
      if (sizes.length < n) {
        sizes = new int[Math.max(n, sizes.length * 2)];
      }
      long runSize = codec.runSize(batch, DenseRowCodec.LENGTH_PREFIXED, sizes);
      if (runSize > MAX_BLOCK) {
        throw new IllegalStateException("a DenseRow shuffle block of " + runSize + " bytes (" + n + " rows) is over " + MAX_BLOCK);
      }
      int header = 5 + 4; // varint of at most 5 bytes, checksum
      int need = header + (int) runSize;
      if (scratch.length < need) {
        scratch = new byte[Math.max(need, scratch.length * 2)];
      }
      int end = codec.serializeRun(batch, DenseRowCodec.LENGTH_PREFIXED, sizes, scratch, header);
      CRC32C crc = new CRC32C();
      crc.update(scratch, header, end - header);
      int start = header - 4;
      int sum = (int) crc.getValue();
      for (int k = 0; k < 4; k++) {
        scratch[start + k] = (byte) (sum >>> (k << 3));
      }
      int len = end - header;
      int varint = varintSize(len);
      start -= varint;
      putVarint(scratch, start, len);
      if (TIMING) {
        long t = System.nanoTime();
        out.write(scratch, start, end - start);
        lastWriteNanos = System.nanoTime() - t;
        Timings.WRITE.add(lastWriteNanos);
        Timings.BLOCKS_WRITTEN.increment();
      } else {
        out.write(scratch, start, end - start);
      }
      return end - start;
    }

    /**
     * A reader for a new stream: the idle one, else a new one. Spark reads a task's shuffle blocks
     * one stream after the other, so one reader (and one code-generated projection) serves them
     * all; streams open at the same time get their own, so that each one's current row stays.
     */
    Reader takeReader() {
      Reader r = idle;
      if (r == null) {
        if (TIMING) {
          long t = System.nanoTime();
          r = new Reader(row);
          Timings.SETUP.add(System.nanoTime() - t);
          return r;
        }
        return new Reader(row);
      }
      idle = null;
      return r;
    }

    void giveBack(Reader r) {
      idle = r;
    }

    private int[] readOffsets = new int[BLOCK_ROWS];
    private int[] readLengths = new int[BLOCK_ROWS];

    /**
     * Reads the length-prefixed run {@code buf[0 .. n)} into {@code batch}: the prefixes first, then
     * the rows column by column (the codec's fast path for rows at offsets); returns the row count.
     */
    int readRun(byte[] buf, int n, DenseVector batch) {
      if ((buf[0] & 0xFF) != (DenseRowCodec.formatByte(DenseRowCodec.LENGTH_PREFIXED) & 0xFF)) {
        // not this writer's format byte: the codec's run reader checks and reports it
        return codec.deserializeRun(buf, 0, n, batch);
      }
      int rows = 0;
      int p = 1;
      while (p < n) {
        long len = 0;
        int b;
        int shift = 0;
        do {
          if (p >= n || shift > 28) {
            throw new BadPrefix("row " + rows + "'s length prefix runs past the run's end or over 5 bytes", p);
          }
          b = buf[p++];
          len |= (long) (b & 0x7F) << shift;
          shift += 7;
        } while (b < 0);
        if (len < 1 || len > n - p) {
          throw new BadPrefix("row " + rows + "'s length " + len + " is not in [1, " + (n - p) + "]", p);
        }
        if (rows == readOffsets.length) {
          readOffsets = java.util.Arrays.copyOf(readOffsets, rows * 2);
          readLengths = java.util.Arrays.copyOf(readLengths, rows * 2);
        }
        readOffsets[rows] = p;
        readLengths[rows] = (int) len;
        rows++;
        p += (int) len;
      }
      codec.deserialize(DenseRowCodec.formatByte(0), buf, readOffsets, readLengths, rows, batch);
      return rows;
    }

    /** The scratch array, with room for {@code n} bytes (contents not kept). */
    byte[] scratch(int n) {
      if (scratch.length < n) {
        scratch = new byte[Math.max(n, scratch.length * 2)];
      }
      return scratch;
    }
  }

  /** Throws {@code t} (a checked exception where Spark's Scala callers expect one) without declaring it. */
  @SuppressWarnings("unchecked")
  private static <E extends Throwable> RuntimeException sneaky(Throwable t) throws E {
    throw (E) t;
  }

  /** A row length prefix that cannot be right, at {@code at} in the run. */
  private static final class BadPrefix extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int at;

    BadPrefix(String what, int at) {
      super(what, null, false, false);
      this.at = at;
    }
  }

  private static int varintSize(int v) {
    return v < 1 << 7 ? 1 : v < 1 << 14 ? 2 : v < 1 << 21 ? 3 : v < 1 << 28 ? 4 : 5;
  }

  private static void putVarint(byte[] b, int p, int v) {
    while ((v & ~0x7F) != 0) {
      b[p++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b[p] = (byte) v;
  }

  /**
   * A stream's rows wait as their {@code UnsafeRow} bytes (a size, then the bytes), one buffer per
   * stream, as Spark's own serializer buffers them; a block is turned into DenseRow columns only
   * when it ends, into the instance's one batch. A writer that spreads rows over many streams (the
   * bypass writer has one per reduce partition) then touches one buffer per row instead of a batch's
   * column arrays per stream.
   */
  private final class Out extends SerializationStream {
    private final Instance instance;
    private final OutputStream out;
    private byte[] pending = new byte[256];
    private int used;
    private int rows;

    Out(Instance instance, OutputStream out) {
      this.instance = instance;
      this.out = out;
    }

    @Override
    public <T> SerializationStream writeKey(T key, ClassTag<T> tag) {
      return this; // the partition id: the writer keeps it, the rows need not carry it
    }

    @Override
    public <T> SerializationStream writeValue(T value, ClassTag<T> tag) {
      UnsafeRow row = (UnsafeRow) value;
      int size = row.getSizeInBytes();
      if (pending.length - used < size + 4) {
        pending = java.util.Arrays.copyOf(pending, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(used + size + 4L, pending.length * 2L)));
      }
      Platform.putInt(pending, Platform.BYTE_ARRAY_OFFSET + used, size);
      row.writeToMemory(pending, Platform.BYTE_ARRAY_OFFSET + used + 4);
      used += size + 4;
      rows++;
      if (rows >= BLOCK_ROWS || used >= BLOCK_BYTES) {
        endBlock();
      }
      return this;
    }

    @Override
    public <T> SerializationStream writeObject(T t, ClassTag<T> tag) {
      throw new UnsupportedOperationException("the DenseRow shuffle serializer writes keys and values");
    }

    private void endBlock() {
      if (rows == 0) {
        return;
      }
      long start = TIMING ? System.nanoTime() : 0;
      DenseVector batch = instance.writeBatch;
      UnsafeRow row = instance.pendingRow;
      batch.reset();
      long unsafeBytes = 0;
      for (int at = 0; at < used; ) {
        int size = Platform.getInt(pending, Platform.BYTE_ARRAY_OFFSET + at);
        row.pointTo(pending, Platform.BYTE_ARRAY_OFFSET + at + 4, size);
        ShuffleRowAppender.append(row, instance.row, batch);
        unsafeBytes += size;
        at += size + 4;
      }
      try {
        instance.writeBlock(batch, out);
      } catch (IOException e) {
        throw DenseRowSerializer.<RuntimeException>sneaky(e);
      }
      if (dataSize != null) {
        dataSize.add(unsafeBytes);
      }
      used = 0;
      rows = 0;
      batch.reset();
      if (TIMING) {
        Timings.ENCODE.add(System.nanoTime() - start - instance.lastWriteNanos);
      }
    }

    @Override
    public void flush() {
      endBlock();
      try {
        out.flush();
      } catch (IOException e) {
        throw DenseRowSerializer.<RuntimeException>sneaky(e);
      }
    }

    @Override
    public void close() {
      try {
        endBlock();
      } finally {
        try {
          out.close();
        } catch (IOException e) {
          throw DenseRowSerializer.<RuntimeException>sneaky(e);
        }
      }
    }
  }

  /**
   * What turns decoded blocks into rows: the batch, and either Spark's {@code UnsafeRowWriter}
   * driven straight from the batch's arrays (rows whose columns are all scalars or strings) or an
   * {@code UnsafeProjection} over a column view of the batch (rows with wide decimals, arrays, maps
   * or structs). Both make the bytes Spark's projection makes.
   */
  private final class Reader {
    final DenseVector batch;
    final ColumnarBatch view;
    final UnsafeProjection toUnsafe;
    final UnsafeRowWriter writer;
    final int[] kinds;

    Reader(ShuffleSchema.Node row) {
      batch = DenseVector.create(row.dense, 16);
      kinds = new int[row.children.length];
      boolean flat = true;
      for (int f = 0; f < kinds.length; f++) {
        kinds[f] = row.children[f].kind;
        flat &= kinds[f] <= ShuffleSchema.DECIMAL_LONG;
      }
      if (flat) {
        view = null;
        toUnsafe = null;
        writer = new UnsafeRowWriter(kinds.length);
      } else {
        view = ShuffleColumn.batch(batch, row);
        toUnsafe = UnsafeProjection.create(schema);
        writer = null;
      }
    }

    /** Row {@code i} of the batch (whose row count is {@code rows}) as an {@code UnsafeRow}, reused. */
    UnsafeRow row(int i, int rows) {
      if (writer == null) {
        if (i == 0) {
          view.setNumRows(rows);
        }
        return toUnsafe.apply(view.getRow(i));
      }
      UnsafeRowWriter w = writer;
      w.reset();
      w.zeroOutNullBytes();
      int[] kinds = this.kinds;
      for (int f = 0; f < kinds.length; f++) {
        DenseVector c = batch.child(f);
        if (c.isNull(i)) {
          w.setNullAt(f);
          continue;
        }
        switch (kinds[f]) {
          case ShuffleSchema.BOOLEAN: w.write(f, c.booleans()[i]); break;
          case ShuffleSchema.BYTE: w.write(f, (byte) c.ints()[i]); break;
          case ShuffleSchema.SHORT: w.write(f, (short) c.ints()[i]); break;
          case ShuffleSchema.INT: w.write(f, c.ints()[i]); break;
          case ShuffleSchema.LONG:
          case ShuffleSchema.DECIMAL_LONG: w.write(f, c.longs()[i]); break;
          case ShuffleSchema.FLOAT: w.write(f, c.floats()[i]); break;
          case ShuffleSchema.DOUBLE: w.write(f, c.doubles()[i]); break;
          default: {
            io.github.fastdecode.parquet.BinaryBatch b = c.binaries();
            w.write(f, b.bytes(), b.offset(i), b.length(i));
          }
        }
      }
      return w.getRow();
    }
  }

  private final class In extends DeserializationStream {
    private final Instance instance;
    private final InputStream in;
    private Reader reader;
    private DenseVector batch;
    private final CRC32C crc = new CRC32C();
    /** Bytes consumed from {@code in}. */
    private long offset;
    private int next;
    private int rows;
    private boolean done;

    In(Instance instance, InputStream in) {
      this.instance = instance;
      this.in = in;
    }

    /** Ends the stream: closes the input and gives the reader back. */
    private void finish() {
      if (done) {
        return;
      }
      done = true;
      if (reader != null) {
        batch.reset();
        instance.giveBack(reader);
        reader = null;
      }
      try {
        in.close();
      } catch (IOException e) {
        throw DenseRowSerializer.<RuntimeException>sneaky(e);
      }
    }

    /** Whether a row is ready at {@code next}, reading the next block where needed; false at the stream's end. */
    private boolean ready() {
      while (next == rows) {
        if (done || !readBlock()) {
          finish();
          return false;
        }
      }
      return true;
    }

    private UnsafeRow nextRow() {
      if (TIMING) {
        long t = System.nanoTime();
        UnsafeRow r = reader.row(next++, rows);
        Timings.ROWS.add(System.nanoTime() - t);
        return r;
      }
      return reader.row(next++, rows);
    }

    private DenseShuffleFormatException damaged(long at, String what, Throwable cause) {
      return new DenseShuffleFormatException(shuffleId, at, what, cause);
    }

    private int read() {
      try {
        int b = in.read();
        if (b >= 0) {
          offset++;
        }
        return b;
      } catch (IOException e) {
        throw DenseRowSerializer.<RuntimeException>sneaky(e);
      }
    }

    /** Reads the next block into the batch; false at the stream's clean end (before a block). */
    private boolean readBlock() {
      long began = TIMING ? System.nanoTime() : 0;
      long start = offset;
      int b = read();
      if (b < 0) {
        if (TIMING) {
          Timings.READ.add(System.nanoTime() - began);
        }
        return false;
      }
      long len = b & 0x7F;
      for (int shift = 7; (b & 0x80) != 0; shift += 7) {
        if (shift > 28) {
          throw damaged(start, "block length varint longer than 5 bytes", null);
        }
        b = read();
        if (b < 0) {
          throw damaged(offset, "stream ends inside a block header", null);
        }
        len |= (long) (b & 0x7F) << shift;
      }
      if (len < 1 || len > MAX_BLOCK) {
        throw damaged(start, "block length " + len + " is not in [1, " + MAX_BLOCK + "]", null);
      }
      int n = (int) len;
      byte[] head = new byte[4];
      readFully(head, 0, 4, start);
      int expected = (head[0] & 0xFF) | (head[1] & 0xFF) << 8 | (head[2] & 0xFF) << 16 | (head[3] & 0xFF) << 24;
      long body = offset;
      byte[] buf = readBody(n, start);
      long read = TIMING ? System.nanoTime() : 0;
      if (TIMING) {
        Timings.READ.add(read - began);
      }
      crc.reset();
      crc.update(buf, 0, n);
      if ((int) crc.getValue() != expected) {
        throw damaged(start, "block of " + n + " bytes fails its checksum (CRC-32C 0x" + Integer.toHexString((int) crc.getValue())
            + ", header says 0x" + Integer.toHexString(expected) + ")", null);
      }
      if (reader == null) {
        reader = instance.takeReader();
        batch = reader.batch;
      }
      batch.reset();
      try {
        rows = instance.readRun(buf, n, batch);
      } catch (BadPrefix e) {
        batch.reset();
        throw damaged(body + e.at, "invalid DenseRow run in block starting at byte " + start + " (" + e.getMessage() + ")", e);
      } catch (DenseRowFormatException e) {
        batch.reset();
        throw damaged(body + Math.max(0, e.offset()), "invalid DenseRow run in block starting at byte " + start + " (" + e.getMessage() + ")", e);
      }
      if (rows == 0) {
        throw damaged(start, "block holds no rows", null);
      }
      if (instance.checkRanges) {
        String bad = ShuffleSchema.outOfRange(instance.row, batch);
        if (bad != null) {
          batch.reset();
          throw damaged(start, "block starting here holds a " + bad + ", which its Spark type cannot hold", null);
        }
      }
      next = 0;
      if (TIMING) {
        Timings.DECODE.add(System.nanoTime() - read);
        Timings.BLOCKS_READ.increment();
      }
      return true;
    }

    /** The block's {@code n} bytes, in the instance's scratch array; the array grows only as bytes arrive. */
    private byte[] readBody(int n, long blockStart) {
      int have = 0;
      byte[] buf = instance.scratch(Math.min(n, 1 << 20));
      while (have < n) {
        if (have == buf.length) {
          buf = java.util.Arrays.copyOf(buf, (int) Math.min(n, buf.length * 2L));
        }
        int r;
        try {
          r = in.read(buf, have, Math.min(n, buf.length) - have);
        } catch (IOException e) {
          throw DenseRowSerializer.<RuntimeException>sneaky(e);
        }
        if (r < 0) {
          throw damaged(offset, "stream ends " + (n - have) + " bytes into a block of " + n + " bytes starting at byte " + blockStart, null);
        }
        have += r;
        offset += r;
      }
      if (buf.length > instance.scratch.length) {
        instance.scratch = buf;
      }
      return buf;
    }

    private void readFully(byte[] b, int p, int n, long blockStart) {
      while (n > 0) {
        int r;
        try {
          r = in.read(b, p, n);
        } catch (IOException e) {
          throw DenseRowSerializer.<RuntimeException>sneaky(e);
        }
        if (r < 0) {
          throw damaged(offset, "stream ends inside the header of the block starting at byte " + blockStart, null);
        }
        p += r;
        n -= r;
        offset += r;
      }
    }

    @Override
    public <T> T readObject(ClassTag<T> tag) {
      throw new UnsupportedOperationException("the DenseRow shuffle serializer reads keys and values");
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T readKey(ClassTag<T> tag) {
      return (T) KEY; // not written: the reader discards it
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T readValue(ClassTag<T> tag) {
      if (!ready()) {
        throw DenseRowSerializer.<RuntimeException>sneaky(new EOFException()); // what Spark's spill readers expect at the end
      }
      return (T) nextRow();
    }

    @Override
    public scala.collection.Iterator<Tuple2<Object, Object>> asKeyValueIterator() {
      return new scala.collection.AbstractIterator<Tuple2<Object, Object>>() {
        @Override
        public boolean hasNext() {
          return ready();
        }

        @Override
        public Tuple2<Object, Object> next() {
          if (!ready()) {
            throw new java.util.NoSuchElementException();
          }
          return new Tuple2<>(KEY, nextRow());
        }
      };
    }

    @Override
    public scala.collection.Iterator<Object> asIterator() {
      return new scala.collection.AbstractIterator<Object>() {
        @Override
        public boolean hasNext() {
          return ready();
        }

        @Override
        public Object next() {
          if (!ready()) {
            throw new java.util.NoSuchElementException();
          }
          return nextRow();
        }
      };
    }

    @Override
    public void close() {
      finish();
    }
  }
}
