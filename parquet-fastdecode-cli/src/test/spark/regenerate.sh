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

# Rewrites src/test/resources/golden/spark-types.txt, the Spark SQL types Spark itself gives the
# top-level fields of the test files, which SparkTypesTest compares `schema --spark` with. Uses the
# Spark the Spark module builds against (from the local Maven repository), run from anywhere:
#   parquet-fastdecode-cli/src/test/spark/regenerate.sh
set -euo pipefail
module=$(cd "$(dirname "$0")/../../.." && pwd)
root=$(cd "$module/.." && pwd)
testing=${PARQUET_TESTING:-$root/../shared/parquet-testing}/data
cd "$root"
mvn -B -q -o -pl parquet-fastdecode-cli -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
mvn -B -q -o -pl parquet-fastdecode-spark dependency:build-classpath \
  -Dmdep.outputFile=target/spark-classpath.txt -Dmdep.includeScope=test
cp="$module/target/test-classes:$module/target/classes:$(cat "$module/target/test-classpath.txt")"
files="$module/target/spark-type-files"
rm -rf "$files"
java -cp "$cp" io.github.fastdecode.parquet.cli.SparkTypeFiles "$files"
spark_version=$(sed -n 's:.*/spark-sql_2.13/\([^/]*\)/.*:\1:p' <(tr ':' '\n' < "$root/parquet-fastdecode-spark/target/spark-classpath.txt") | head -1)
{
  echo "# Spark $spark_version's ParquetToSparkSchemaConverter per top-level field; written by src/test/spark/regenerate.sh, do not edit"
  java -cp "$(cat "$root/parquet-fastdecode-spark/target/spark-classpath.txt")" "$module/src/test/spark/SparkSchemaOracle.java" \
    "$files"/*.parquet "$testing"/*.parquet 2>/dev/null
} > "$module/src/test/resources/golden/spark-types.txt"
