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

# Rewrites the pyarrow expectations ArrowPyarrowEqualityTest compares with. Needs python3 with
# pyarrow (PYTHON=/path/to/python to choose one; `pip install pyarrow`), run from anywhere:
#   parquet-fastdecode-arrow/src/test/python/regenerate.sh
# 1. compiles the tests and has ArrowTestFiles write the parquet-java files into target/;
# 2. has pyarrow read them and parquet-testing's files, and writes the expectations into
#    src/test/resources/io/github/fastdecode/parquet/arrow/pyarrow/;
# 3. has pyarrow write the files with stored Arrow schemas (checked in under
#    src/test/resources/io/github/fastdecode/parquet/arrow/stored-schema/) and adds their expectations.
set -euo pipefail
module=$(cd "$(dirname "$0")/../../.." && pwd)
root=$(cd "$module/.." && pwd)
python=${PYTHON:-python3}
testing=${PARQUET_TESTING:-$root/../shared/parquet-testing}/data
cd "$root"
mvn -B -q -o -pl parquet-fastdecode-arrow -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
cp="$module/target/test-classes:$module/target/classes:$(cat "$module/target/test-classpath.txt")"
rm -rf "$module/target/arrow-test-files"
java -cp "$cp" io.github.fastdecode.parquet.arrow.ArrowTestFiles "$module/target/arrow-test-files"
out="$module/src/test/resources/io/github/fastdecode/parquet/arrow/pyarrow"
rm -rf "$out"
"$python" "$module/src/test/python/pyarrow_expectations.py" --generated "$module/target/arrow-test-files" \
  --parquet-testing "$testing" --out "$out"
"$python" "$module/src/test/python/stored_schema_files.py" \
  --files "$module/src/test/resources/io/github/fastdecode/parquet/arrow/stored-schema" --out "$out"
