#!/usr/bin/env bash
#
# Copyright 2026 The parquet-fastdecode Authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#

# Runs one of the Spark module's benchmark classes (test sources, package ...spark.bench) with the
# module's test class path and the JVM options Spark needs: compiles first (core's classes from the
# reactor), then `exec java`. Usage: spark-java.sh <heap> <ClassName> [args...]; BENCH_JVM_OPTS adds
# JVM options (a profiler, say). Called by run-tpch.sh, run-nested.sh and run-filescan.sh. Java runs
# in the caller's directory, so relative paths in the arguments are the caller's.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
heap=$1
class=$2
shift 2
(cd "$root" && mvn -B -q -o -pl parquet-fastdecode-spark -am test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/spark-bench.classpath >/dev/null)
m="$root/parquet-fastdecode-spark/target"
cp="$m/test-classes:$m/classes:$(cat "$m/spark-bench.classpath")"
# shellcheck disable=SC2086 # BENCH_JVM_OPTS holds several options
exec java -Xmx"$heap" ${BENCH_JVM_OPTS:-} --add-modules jdk.incubator.vector \
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED \
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED \
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED \
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED \
  --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED \
  -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true \
  -cp "$cp" "io.github.fastdecode.parquet.spark.bench.$class" "$@"
