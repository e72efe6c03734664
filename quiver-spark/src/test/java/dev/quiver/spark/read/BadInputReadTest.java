package dev.quiver.spark.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.spark.SparkSessions;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input through Spark: a missing path, a truncated file, damaged data bytes, a file replaced after
 * the query was planned, a bad option. Each fails with a Quiver error naming the file (or option),
 * typed USER or CORRUPT, never wrong rows.
 */
class BadInputReadTest {
  @TempDir
  static Path folder;
  private static SparkSession spark;
  private static Path good;

  @BeforeAll
  static void start() throws Exception {
    good = folder.resolve("lineitem.qvr");
    LineitemFixture.write(0.002, good, folder.resolve("lineitem.parquet"));
    spark = SparkSessions.local("bad-input");
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  private static QuiverException quiverCause(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof QuiverException quiver) {
        return quiver;
      }
    }
    throw new AssertionError("no QuiverException in the causes of " + failure, failure);
  }

  @Test
  void missingPathIsAUserError() {
    Throwable failure = catchThrowable(() -> spark.read().format("quiver").load(folder.resolve("nope").toString()));
    QuiverException quiver = quiverCause(failure);
    assertThat(quiver.errorCode()).isEqualTo(ErrorCode.USER);
    assertThat(quiver.getMessage()).contains("nope").contains("does not exist");
  }

  @Test
  void truncatedFileNamesTheFile() throws Exception {
    Path truncated = folder.resolve("truncated.qvr");
    Files.copy(good, truncated, StandardCopyOption.REPLACE_EXISTING);
    try (RandomAccessFile file = new RandomAccessFile(truncated.toFile(), "rw")) {
      file.setLength(file.length() - 100);
    }
    Throwable failure = catchThrowable(() -> spark.read().format("quiver").load(truncated.toString()).count());
    assertThat(failure).isNotNull();
    assertThat(failure.toString() + causes(failure)).contains("truncated.qvr");
  }

  @Test
  void damagedDataFailsTheQueryNamingTheFile() throws Exception {
    Path damaged = folder.resolve("damaged.qvr");
    Files.copy(good, damaged, StandardCopyOption.REPLACE_EXISTING);
    try (RandomAccessFile file = new RandomAccessFile(damaged.toFile(), "rw")) {
      for (long at = 64; at < file.length() / 2; at += 997) {
        file.seek(at);
        file.write(0x5A);
      }
    }
    Throwable failure = catchThrowable(
        () -> spark.read().format("quiver").load(damaged.toString()).selectExpr("sum(l_quantity)", "max(l_comment)")
            .collectAsList());
    assertThat(failure).as("a damaged file must not give rows").isNotNull();
    assertThat(causes(failure)).contains("damaged.qvr");
  }

  @Test
  void fileReplacedAfterPlanningIsRefused() throws Exception {
    Path table = folder.resolve("replaced.qvr");
    Files.copy(good, table, StandardCopyOption.REPLACE_EXISTING);
    Dataset<Row> query = spark.read().format("quiver").load(table.toString()).selectExpr("sum(length(l_comment))");
    SparkPlan plan = query.queryExecution().executedPlan();
    assertThat(plan.toString()).contains("QuiverScan");
    Path other = folder.resolve("other.qvr");
    LineitemFixture.write(0.001, other, folder.resolve("other.parquet"));
    Files.move(other, table, StandardCopyOption.REPLACE_EXISTING);
    Throwable failure = catchThrowable(plan::executeCollect);
    QuiverException quiver = quiverCause(failure);
    assertThat(quiver.errorCode()).isEqualTo(ErrorCode.USER);
    assertThat(quiver.getMessage()).contains("replaced.qvr").contains("changed since the query was planned");
  }

  @Test
  void badOptionNamesTheOption() {
    Throwable failure = catchThrowable(() -> spark.read().format("quiver").option("partitionBytes", "lots")
        .load(good.toString()).count());
    QuiverException quiver = quiverCause(failure);
    assertThat(quiver.getMessage()).contains("partitionBytes").contains("lots");
  }

  private static String causes(Throwable failure) {
    StringBuilder text = new StringBuilder();
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      text.append(" <- ").append(cause);
    }
    return text.toString();
  }
}
