#!/usr/bin/env bash
# The scan benchmark of issue 4: TPC-H lineitem, each configuration in its own JVM under
# /usr/bin/time -v (peak RSS is its own), 1 warm-up + RUNS timed runs inside that JVM.
# Usage: quiver-bench/scan-benchmark.sh LINEITEM.qvr [RUNS]   (build first: mvn -B -DskipTests install)
set -euo pipefail
file="$1"
runs="${2:-5}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
java_command=(java --add-modules=jdk.incubator.vector --add-opens=java.base/java.nio=ALL-UNNAMED -Darrow.allocation.manager.type=Unsafe -Xmx4g
  -cp "$root/quiver-bench/target/benchmarks.jar" dev.quiver.bench.scan.ScanBenchmark)
q6="l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01' AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24"
run() {
  local output
  output="$(/usr/bin/time -v "${java_command[@]}" "$@" 2>&1)"
  echo "$output" | grep '^result' | tr -d '\n'
  echo " rss.kib=$(echo "$output" | awk -F': ' '/Maximum resident set size/ {print $2}')"
}
for threads in 1 2; do
  run "$file" all "$threads" '*' - "$runs"
  run "$file" orderkey "$threads" l_orderkey - "$runs"
  run "$file" comment "$threads" l_comment - "$runs"
  run "$file" orderkey+comment "$threads" l_orderkey,l_comment - "$runs"
  run "$file" orderkey+comment "$threads" l_orderkey,l_comment - "$runs" unshared
  run "$file" q6 "$threads" l_shipdate,l_discount,l_quantity,l_extendedprice "$q6" "$runs"
done
