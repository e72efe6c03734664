#!/usr/bin/env bash
# Runs a Spark benchmark main of quiver-spark's test sources in Spark local[2], with the JVM flags the
# module's tests use (Spark's opened packages, Arrow's, the Vector API module).
#   quiver-spark/spark-benchmark.sh read DIR [RUNS]             full scan, Q1, Q6 on .qvr vs Parquet
#   quiver-spark/spark-benchmark.sh exchange ARGS...            the Quiver exchange vs Spark's repartition
# DIR holds lineitem.qvr and lineitem.parquet:
#   ./quiver generate tpch --scale 1 --tables lineitem --out DIR && ./quiver convert DIR/lineitem.qvr DIR/lineitem.parquet
# Extra JVM options: SPARK_BENCH_JAVA_OPTS (default -Xmx6g).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
kind="${1:?read or exchange}"
shift
# one reactor build (never install: ~/.m2 may be shared); the last module written is quiver-spark's class path
mvn -B -q -pl quiver-spark -am package -DskipTests dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$root/quiver-spark/target/bench.classpath" >/dev/null
flags="$(grep -o '<quiver.jvm.flags>[^<]*' pom.xml | sed 's/<quiver.jvm.flags>//') $(grep -o '<spark.jvm.flags>[^<]*' quiver-spark/pom.xml | sed 's/<spark.jvm.flags>//')"
case "$kind" in
  read) main=dev.quiver.spark.bench.SparkReadBenchmark ;;
  exchange) main=dev.quiver.spark.exchange.ExchangeBenchmarkMain ;;
  *) echo "unknown benchmark $kind (read | exchange)" >&2; exit 2 ;;
esac
export SPARK_LOCAL_IP=127.0.0.1
# shellcheck disable=SC2086
exec java $flags ${SPARK_BENCH_JAVA_OPTS:--Xmx6g} -Dquiver.commit="$(git rev-parse --short HEAD)" \
  -cp "quiver-spark/target/test-classes:quiver-spark/target/classes:$(cat quiver-spark/target/bench.classpath)" \
  "$main" "$@"
