package dev.quiver.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.bench.MeasureMain;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A real measurement JVM: a shuffle block decode (the cheapest workload) reports its time, operations,
 * answer, checksum and peak RSS; a workload that cannot start fails with its standard error quoted.
 */
class ChildJvmTest {
  @Test
  void aChildMeasuresAndReports() throws Exception {
    ChildJvm jvm = new ChildJvm(MeasureMain.class.getName(), List.of());
    MeasureResult result = jvm.run(new MeasureRequest("shuffle", "5x64-lz4", "quiver", 1, Map.of(), true, 1, 50));
    assertThat(result.answer()).isEqualTo("rows=64 columns=5");
    assertThat(result.checksum()).startsWith("column_0=");
    assertThat(result.operations()).isPositive();
    assertThat(result.nanos()).isPositive();
    assertThat(result.peakRssBytes()).isGreaterThan(1 << 20);
  }

  @Test
  void aFailingChildIsReportedWithItsErrors() {
    ChildJvm jvm = new ChildJvm(MeasureMain.class.getName(), List.of());
    assertThatThrownBy(() -> jvm.run(new MeasureRequest("shuffle", "5x64-lz4", "nobody", 1, Map.of(), false, 0, 0)))
        .hasMessageContaining("nobody on 5x64-lz4").hasMessageContaining("unknown system 'nobody'");
  }
}
