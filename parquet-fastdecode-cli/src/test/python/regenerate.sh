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

# Rewrites the pyarrow expectations CatPyarrowTest compares `cat`'s JSON Lines with. Needs python3
# with pyarrow (PYTHON=/path/to/python to choose one; `pip install pyarrow`), run from anywhere:
#   parquet-fastdecode-cli/src/test/python/regenerate.sh
# 1. compiles the tests and has CatTestFiles write the parquet-java files into target/;
# 2. has pyarrow read them and parquet-testing's files, and writes the expectations (at most 30
#    rows and 1,500 values a file) into src/test/resources/io/github/fastdecode/parquet/cli/pyarrow/.
set -euo pipefail
module=$(cd "$(dirname "$0")/../../.." && pwd)
root=$(cd "$module/.." && pwd)
python=${PYTHON:-python3}
testing=${PARQUET_TESTING:-$root/../shared/parquet-testing}/data
cd "$root"
mvn -B -q -o -pl parquet-fastdecode-cli -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
cp="$module/target/test-classes:$module/target/classes:$(cat "$module/target/test-classpath.txt")"
rm -rf "$module/target/cat-test-files"
java -cp "$cp" io.github.fastdecode.parquet.cli.CatTestFiles "$module/target/cat-test-files"
out="$module/src/test/resources/io/github/fastdecode/parquet/cli/pyarrow"
rm -rf "$out"
"$python" "$module/src/test/python/cat_expectations.py" --generated "$module/target/cat-test-files" \
  --parquet-testing "$testing" --out "$out" --rows 30 --max-values 1500
