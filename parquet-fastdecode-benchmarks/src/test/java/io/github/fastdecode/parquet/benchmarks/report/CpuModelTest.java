package io.github.fastdecode.parquet.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuModelTest {
  @Test
  void modelNameFromCpuinfo(@TempDir Path dir) throws IOException {
    Path cpuinfo = Files.writeString(dir.resolve("cpuinfo"),
        "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7763 64-Core Processor\nprocessor\t: 1\n");
    assertEquals("AMD EPYC 7763 64-Core Processor", CpuModel.fromCpuinfo(cpuinfo));
    assertNull(CpuModel.fromCpuinfo(dir.resolve("absent")));
    assertFalse(CpuModel.detect().isBlank());
  }
}
