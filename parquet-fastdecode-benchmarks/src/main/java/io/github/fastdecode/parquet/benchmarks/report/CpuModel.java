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
package io.github.fastdecode.parquet.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The CPU model of this machine, for report headers: results from different CPUs do not compare. */
public final class CpuModel {
  private CpuModel() {}

  /**
   * {@code model name} from /proc/cpuinfo, else {@code Model name} from lscpu, else macOS's
   * {@code machdep.cpu.brand_string}, else {@code os.arch}; with the processor count this JVM sees.
   */
  public static String detect() {
    String model = fromCpuinfo(Path.of("/proc/cpuinfo"));
    if (model == null) {
      model = fromCommand("Model name:", "lscpu");
    }
    if (model == null) {
      model = fromCommand("", "sysctl", "-n", "machdep.cpu.brand_string");
    }
    if (model == null) {
      model = "unknown CPU (" + System.getProperty("os.arch") + ")";
    }
    return model + ", " + Runtime.getRuntime().availableProcessors() + " processors";
  }

  static String fromCpuinfo(Path cpuinfo) {
    try {
      for (String line : Files.readAllLines(cpuinfo, StandardCharsets.UTF_8)) {
        if (line.startsWith("model name")) {
          int colon = line.indexOf(':');
          String model = line.substring(colon + 1).strip();
          return model.isEmpty() ? null : model;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or not readable: try the next source
    }
    return null;
  }

  private static String fromCommand(String prefix, String... command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      List<String> lines;
      try (var in = p.getInputStream()) {
        lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
      }
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroy();
        return null;
      }
      for (String line : lines) {
        if (line.startsWith(prefix)) {
          String model = line.substring(prefix.length()).strip();
          return model.isEmpty() ? null : model;
        }
      }
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return null;
  }
}
