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
package io.github.fastdecode.parquet.benchmarks.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fastdecode.parquet.benchmarks.cli.JdkLocator.Jdk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Discovery over fake JDK homes: a {@code release} file and an executable {@code bin/java} each. */
class JdkLocatorTest {
  @TempDir Path root;

  private Path fakeJdk(Path home, String version, String modules) throws IOException {
    Files.createDirectories(home.resolve("bin"));
    Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\nexit 1\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\nMODULES=\"" + modules + "\"\n",
        StandardCharsets.UTF_8);
    return home;
  }

  @Test
  void findsTheNewestOfEachFeatureAndSaysWhatIsMissing() throws IOException {
    Path jvm = root.resolve("usr/lib/jvm");
    fakeJdk(jvm.resolve("java-17-old"), "17.0.2", "java.base");
    fakeJdk(jvm.resolve("java-17-new"), "17.0.15", "java.base java.desktop");
    fakeJdk(root.resolve("home/.sdkman/candidates/java/25.0.1-tem"), "25.0.1", "java.base jdk.incubator.vector");
    Files.createDirectories(jvm.resolve("not-a-jdk"));
    JdkLocator locator = new JdkLocator(Map.of(), root.resolve("home"), jvm.resolve("java-17-old"), List.of(jvm));
    List<String> messages = new ArrayList<>();
    Map<Integer, Jdk> found = locator.locate(List.of(17, 21, 25), Map.of(), messages);
    assertEquals("17.0.15", found.get(17).version());
    assertEquals(jvm.resolve("java-17-new/bin/java"), found.get(17).java());
    assertEquals("25.0.1", found.get(25).version());
    assertTrue(found.get(25).hasModule("jdk.incubator.vector"));
    assertFalse(found.get(17).hasModule("jdk.incubator.vector"));
    assertFalse(found.containsKey(21));
    assertEquals(1, messages.size(), messages.toString());
    assertTrue(messages.get(0).startsWith("JDK 21: not found. Pass --jdk21 PATH or set JAVA21_HOME"), messages.get(0));
  }

  @Test
  void explicitChoiceWinsAndIsNeverSwappedSilently() throws IOException {
    Path jvm = root.resolve("jvm");
    fakeJdk(jvm.resolve("a21"), "21.0.8", "java.base");
    Path mine = fakeJdk(root.resolve("mine21"), "21.0.1", "java.base");
    Path wrong = fakeJdk(root.resolve("wrong"), "17.0.1", "java.base");
    JdkLocator locator = new JdkLocator(Map.of("JAVA25_HOME", root.resolve("nowhere").toString()), root, jvm.resolve("a21"), List.of(jvm));
    List<String> messages = new ArrayList<>();
    Map<Integer, Jdk> found = locator.locate(List.of(21), Map.of(21, mine.resolve("bin/java")), messages);
    assertEquals(mine, found.get(21).home(), "a bin/java path names its JDK home");
    assertEquals(List.of(), messages);

    found = locator.locate(List.of(21, 25), Map.of(21, wrong), messages);
    assertTrue(found.isEmpty(), found.toString());
    assertTrue(messages.get(0).contains("is JDK 17.0.1, not 21"), messages.toString());
    assertTrue(messages.get(1).startsWith("JDK 25: $JAVA25_HOME = "), messages.toString());
  }

  @Test
  void environmentVariableBeforeDiscovery() throws IOException {
    Path jvm = root.resolve("jvm");
    fakeJdk(jvm.resolve("new25"), "25.0.3", "java.base");
    Path ci = fakeJdk(root.resolve("toolcache/25"), "25.0.1", "java.base");
    JdkLocator locator = new JdkLocator(Map.of("JAVA_HOME_25_X64", ci.toString()), root, jvm.resolve("new25"), List.of(jvm));
    assertEquals(ci, locator.locate(List.of(25), Map.of(), new ArrayList<>()).get(25).home());
  }
}
