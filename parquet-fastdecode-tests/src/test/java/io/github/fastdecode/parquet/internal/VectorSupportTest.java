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
package io.github.fastdecode.parquet.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * When the vector kernels switch on, each case in a fresh JVM (the switch is decided once per JVM):
 * the JDK gate, the forcing property, the background delay, and the synchronous start the tests use.
 */
class VectorSupportTest {
  /** Run in the child JVM: prints whether the kernels are on at once, then after waiting for them. */
  public static void main(String[] args) throws InterruptedException {
    long started = System.nanoTime();
    boolean now = VectorSupport.on();
    String first = VectorSupport.status();
    boolean settled = VectorSupport.awaitSettled(60_000);
    long waited = (System.nanoTime() - started) / 1_000_000;
    System.out.println(now + "|" + settled + "|" + waited + "|" + first + "|" + VectorSupport.status());
  }

  private static boolean hasVectorModule() {
    return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
  }

  private static String[] child(String... properties) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("--add-modules");
    command.add("jdk.incubator.vector");
    command.addAll(List.of(properties));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(VectorSupportTest.class.getName());
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertTrue(p.waitFor(90, TimeUnit.SECONDS), "child JVM did not finish");
    assertEquals(0, p.exitValue(), out);
    String[] parts = out.split("\\|", 5);
    assertEquals(5, parts.length, out);
    return parts;
  }

  @Test
  void belowTheAutomaticJdkTheKernelsStayOffUnlessAsked() throws Exception {
    assumeTrue(hasVectorModule() && Runtime.version().feature() < VectorSupport.AUTO_FROM_JDK, "JDK " + Runtime.version());
    String[] r = child("-Dfastdecode.vector.delay=0");
    assertEquals("false", r[0]);
    assertEquals("false", r[1]);
    assertTrue(r[4].startsWith("off: JDK " + Runtime.version().feature()), r[4]);
  }

  @Test
  void inTheBackgroundTheKernelsSwitchOnAfterTheDelayOnly() throws Exception {
    assumeTrue(hasVectorModule());
    String[] r = child("-Dfastdecode.vector=true", "-Dfastdecode.vector.delay=1500");
    assertEquals("false", r[0], "on before the delay: " + r[3]);
    assertTrue(r[3].startsWith("starting:"), r[3]);
    assertEquals("true", r[1], r[4]);
    assertTrue(Long.parseLong(r[2]) >= 1400, "switched on after " + r[2] + " ms");
    assertTrue(r[4].startsWith("on: "), r[4]);
  }

  @Test
  void withoutTheBackgroundThreadTheKernelsAreOnFromTheStart() throws Exception {
    assumeTrue(hasVectorModule());
    String[] r = child("-Dfastdecode.vector=true", "-Dfastdecode.vector.background=false");
    assertEquals("true", r[0], r[3]);
    assertTrue(r[3].startsWith("on: "), r[3]);
  }

  @Test
  void falseTurnsThemOffEverywhere() throws Exception {
    assumeTrue(hasVectorModule());
    String[] r = child("-Dfastdecode.vector=false", "-Dfastdecode.vector.background=false");
    assertEquals("false|false", r[0] + "|" + r[1]);
    assertEquals("off: -Dfastdecode.vector=false", r[4]);
  }
}
