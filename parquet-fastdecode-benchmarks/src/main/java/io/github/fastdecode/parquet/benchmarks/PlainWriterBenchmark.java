package io.github.fastdecode.parquet.benchmarks;

import static io.github.fastdecode.parquet.benchmarks.BenchmarkPages.PAGES;
import static io.github.fastdecode.parquet.benchmarks.BenchmarkPages.VALUES_PER_PAGE;

import io.github.fastdecode.parquet.conformance.DataShapes;
import io.github.fastdecode.parquet.plain.PlainWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.openjdk.jmh.annotations.Param;

/** PLAIN writers, INT32/INT64/FLOAT/DOUBLE: parquet-java's {@code PlainValuesWriter} against {@link PlainWriter}. */
public class PlainWriterBenchmark extends WriterBenchmark {
  @Param({"INT32", "INT64", "FLOAT", "DOUBLE"})
  public String type;

  @Override
  void prepare() {
    pages = new Object[PAGES];
    for (int p = 0; p < PAGES; p++) {
      long seed = BenchmarkPages.seed(p);
      switch (type) {
        case "INT32": pages[p] = ints(DataShapes.wide(VALUES_PER_PAGE, seed, 32)); break;
        case "INT64": pages[p] = DataShapes.wide(VALUES_PER_PAGE, seed, 64); break;
        case "FLOAT": pages[p] = DataShapes.floats(VALUES_PER_PAGE, seed); break;
        case "DOUBLE": pages[p] = DataShapes.doubles(VALUES_PER_PAGE, seed); break;
        default: throw new IllegalArgumentException("unknown type " + type + "; known: INT32, INT64, FLOAT, DOUBLE");
      }
    }
    parquetJavaWriter = new PlainValuesWriter(SLAB, PAGE, HEAP);
    fastWriter = new PlainWriter(SLAB, PAGE, HEAP);
  }
}
