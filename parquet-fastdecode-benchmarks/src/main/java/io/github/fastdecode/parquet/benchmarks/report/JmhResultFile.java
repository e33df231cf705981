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

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.Strictness;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.MalformedJsonException;
import java.io.EOFException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One JMH JSON result file ({@code -rf json}) and what sits beside it: {@code NAME.log} (the JMH
 * console output, which names failed benchmarks) and {@code NAME.properties} (what the {@code
 * runall} command knew about the run: CPU model, command line, JDK, elapsed time).
 */
public final class JmhResultFile {
  /** Sidecar keys written by {@code runall} and read by {@code report}. */
  public static final String CPU = "cpu";
  public static final String COMMAND = "command";
  public static final String DATE = "date";
  public static final String JDK_FEATURE = "jdk.feature";
  public static final String JDK_VERSION = "jdk.version";
  public static final String JAVA = "java";
  public static final String JVM_FLAGS = "jvm.flags";
  public static final String ELAPSED_SECONDS = "elapsed.seconds";
  public static final String PROFILE = "profile";

  /** What a file says about the JVM and the JMH settings of its runs, one per distinct combination. */
  public record RunSettings(int jdk, String jdkVersion, String vm, String jvm, String jvmArgs, String jmh, String timing) {}

  private final Path path;
  private final List<Measurement> measurements = new ArrayList<>();
  private final Map<RunSettings, Integer> settings = new LinkedHashMap<>();
  private final List<String> skipped = new ArrayList<>();
  private final Properties sidecar = new Properties();
  private final Path log;

  private JmhResultFile(Path path) {
    this.path = path;
    Path siblingLog = sibling(path, ".log");
    this.log = Files.isRegularFile(siblingLog) ? siblingLog : null;
  }

  /**
   * Reads {@code path}. A file that is empty, not JSON or not a JMH JSON array is an {@link
   * IOException} whose message is one line naming the file and what is wrong (an empty array is a
   * run that produced nothing, which {@code runall} writes when every group failed).
   */
  public static JmhResultFile read(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      throw new IOException(path + ": is a directory");
    }
    JmhResultFile file = new JmhResultFile(path);
    Path properties = sibling(path, ".properties");
    if (Files.isRegularFile(properties)) {
      try (Reader in = Files.newBufferedReader(properties, StandardCharsets.UTF_8)) {
        file.sidecar.load(in);
      }
    }
    JsonElement root;
    try (JsonReader in = new JsonReader(Files.newBufferedReader(path, StandardCharsets.UTF_8))) {
      in.setStrictness(Strictness.STRICT);
      try {
        in.peek();
      } catch (EOFException e) {
        throw new IOException(path + ": empty file, not JMH JSON", e);
      }
      root = JSON.read(in);
      if (in.peek() != JsonToken.END_DOCUMENT) {
        throw new IOException(path + ": not JMH JSON: more after the end of its array" + position(in.toString(), 0));
      }
    } catch (EOFException e) {
      throw new IOException(path + ": not JMH JSON: it ends early" + position(e.getMessage(), 0) + " (truncated?)", e);
    } catch (MalformedJsonException | JsonParseException | IllegalStateException e) {
      throw new IOException(path + ": not JMH JSON: malformed" + position(e.getMessage(), -1), e);
    }
    if (!root.isJsonArray()) {
      throw new IOException(path + ": not a JMH result file (expected a JSON array of benchmark results)");
    }
    JsonArray results = root.getAsJsonArray();
    for (int i = 0; i < results.size(); i++) {
      try {
        file.add(results.get(i).getAsJsonObject());
      } catch (RuntimeException e) {
        throw new IOException(path + ": result " + i + " is not a JMH benchmark result", e);
      }
    }
    return file;
  }

  private static final TypeAdapter<JsonElement> JSON = new Gson().getAdapter(JsonElement.class);

  /**
   * " at line L, column C" from a Gson message that says where, or "" when it does not. Gson's
   * column is where it stopped reading; {@code shift} -1 names the character before, the one a
   * syntax error is about.
   */
  static String position(String message, int shift) {
    Matcher m = message == null ? null : POSITION.matcher(message);
    if (m == null || !m.find()) {
      return "";
    }
    return " at line " + m.group(1) + ", column " + Math.max(1, Integer.parseInt(m.group(2)) + shift);
  }

  private static final Pattern POSITION = Pattern.compile("at line (\\d+) column (\\d+)");

  private void add(JsonObject result) {
    String benchmark = result.get("benchmark").getAsString();
    int lastDot = benchmark.lastIndexOf('.');
    String qualifiedClass = benchmark.substring(0, lastDot);
    String className = qualifiedClass.substring(qualifiedClass.lastIndexOf('.') + 1);
    String method = benchmark.substring(lastDot + 1);
    Map<String, String> params = new LinkedHashMap<>();
    if (result.has("params")) {
      for (Map.Entry<String, JsonElement> e : result.getAsJsonObject("params").entrySet()) {
        params.put(e.getKey(), e.getValue().getAsString());
      }
    }
    String jdkVersion = string(result, "jdkVersion");
    int jdk = featureVersion(jdkVersion);
    JsonObject primary = result.getAsJsonObject("primaryMetric");
    String unit = primary.get("scoreUnit").getAsString();
    double toNs = nanosPer(unit);
    String label = className + "." + method + (params.isEmpty() ? "" : " " + params);
    if (Double.isNaN(toNs)) {
      skipped.add(label + " on JDK " + jdk + " (" + path.getFileName() + "): unit " + unit
          + " is not time per operation; run with -bm avgt");
      return;
    }
    double score = primary.get("score").getAsDouble() * toNs;
    double error = primary.get("scoreError").getAsDouble() * toNs;
    double alloc = Double.NaN;
    JsonObject secondary = result.has("secondaryMetrics") ? result.getAsJsonObject("secondaryMetrics") : null;
    if (secondary != null && secondary.has("gc.alloc.rate.norm")) {
      alloc = secondary.getAsJsonObject("gc.alloc.rate.norm").get("score").getAsDouble();
    }
    measurements.add(new Measurement(jdk, className, method, Collections.unmodifiableMap(params),
        score, error, alloc, path.getFileName().toString()));

    String timing = string(result, "forks") + " fork(s), warm-up " + string(result, "warmupIterations") + " x "
        + string(result, "warmupTime") + ", measurement " + string(result, "measurementIterations") + " x "
        + string(result, "measurementTime");
    String jvmArgs = result.has("jvmArgs") ? String.join(" ", strings(result.getAsJsonArray("jvmArgs"))) : "";
    RunSettings run = new RunSettings(jdk, jdkVersion, string(result, "vmName") + " " + string(result, "vmVersion"),
        string(result, "jvm"), jvmArgs, "JMH " + string(result, "jmhVersion"), timing);
    settings.merge(run, 1, Integer::sum);
  }

  /** Multiplier from a JMH time-per-operation unit to ns/op, NaN for any other unit. */
  static double nanosPer(String unit) {
    switch (unit) {
      case "ns/op": return 1;
      case "us/op": return 1e3;
      case "ms/op": return 1e6;
      case "s/op": return 1e9;
      default: return Double.NaN;
    }
  }

  /** The feature version of a {@code java.version} string: "17.0.15" is 17, "1.8.0_402" is 8. */
  public static int featureVersion(String version) {
    String v = version.startsWith("1.") ? version.substring(2) : version;
    int end = 0;
    while (end < v.length() && Character.isDigit(v.charAt(end))) {
      end++;
    }
    if (end == 0) {
      throw new IllegalArgumentException("not a Java version: " + version);
    }
    return Integer.parseInt(v.substring(0, end));
  }

  private static String string(JsonObject o, String key) {
    JsonElement e = o.get(key);
    return e == null || e.isJsonNull() ? "?" : e.getAsString();
  }

  private static List<String> strings(JsonArray array) {
    List<String> out = new ArrayList<>();
    array.forEach(e -> out.add(e.getAsString()));
    return out;
  }

  private static Path sibling(Path json, String suffix) {
    String name = json.getFileName().toString();
    String base = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    return json.resolveSibling(base + suffix);
  }

  public Path path() {
    return path;
  }

  public List<Measurement> measurements() {
    return measurements;
  }

  /** Distinct JVM/JMH settings in the file with how many results used each. */
  public Map<RunSettings, Integer> settings() {
    return settings;
  }

  /** Results the report cannot use, each with the reason. */
  public List<String> skipped() {
    return skipped;
  }

  /** The {@code NAME.log} beside the file, or null. */
  public Path log() {
    return log;
  }

  /** The {@code NAME.properties} beside the file (empty when there is none). */
  public Properties sidecar() {
    return sidecar;
  }

  /**
   * The JDK feature versions this file is about: those of its results, or when it holds none (every
   * benchmark failed), the one its sidecar names.
   */
  public TreeMap<Integer, String> jdks() {
    TreeMap<Integer, String> out = new TreeMap<>();
    for (RunSettings s : settings.keySet()) {
      out.putIfAbsent(s.jdk(), s.jdkVersion());
    }
    String feature = sidecar.getProperty(JDK_FEATURE);
    if (out.isEmpty() && feature != null) {
      out.put(Integer.parseInt(feature.trim()), sidecar.getProperty(JDK_VERSION, feature.trim()));
    }
    return out;
  }
}
