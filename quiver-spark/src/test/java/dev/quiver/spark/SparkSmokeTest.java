package dev.quiver.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

class SparkSmokeTest {
  @Test
  void localSparkRuns() {
    SparkSession spark = SparkSession.builder().master("local[2]").appName("smoke")
        .config("spark.driver.host", "127.0.0.1").config("spark.ui.enabled", "false").getOrCreate();
    try {
      assertThat(spark.range(10).selectExpr("sum(id)").first().getLong(0)).isEqualTo(45L);
    } finally {
      spark.stop();
    }
  }
}
