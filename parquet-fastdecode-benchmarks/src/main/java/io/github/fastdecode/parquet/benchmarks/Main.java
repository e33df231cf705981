package io.github.fastdecode.parquet.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The benchmark jar's entry point. With no arguments it runs a short default selection (one
 * representative case per encoding, about two minutes); any other arguments go to JMH unchanged
 * ({@code -h} lists them).
 */
public final class Main {
  /** Short default: one fork, brief warm-up, a few cases per encoding. */
  static final List<String> DEFAULT_ARGS = List.of(
      "-f", "1", "-wi", "3", "-w", "1s", "-i", "3", "-r", "1s",
      "-p", "shape=wide,monotonic", "-p", "type=FLOAT",
      "Plain.*Benchmark.*|DeltaBinaryPacked.*Benchmark\\.(parquetJava|fastdecode)$|ByteStreamSplitBenchmark.*");

  private Main() {}

  public static void main(String[] args) throws Exception {
    List<String> jmhArgs = new ArrayList<>(args.length == 0 ? DEFAULT_ARGS : Arrays.asList(args));
    org.openjdk.jmh.Main.main(jmhArgs.toArray(new String[0]));
  }
}
