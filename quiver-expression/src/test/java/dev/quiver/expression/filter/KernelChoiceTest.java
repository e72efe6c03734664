package dev.quiver.expression.filter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.common.simd.Simd;
import org.junit.jupiter.api.Test;

/**
 * The filter kernels follow the start-up choice: the build runs the filter tests twice, once as the
 * JVM chooses and once with {@code -Dquiver.simd=false}; this says which path the others exercised.
 */
public class KernelChoiceTest {
  @Test
  void theIntervalKernelFollowsTheStartUpChoice() {
    System.out.println("filter kernels: " + Simd.describe());
    boolean forcedOff = "false".equalsIgnoreCase(System.getProperty(Simd.PROPERTY, "").trim());
    assertThat(KeyFilter.VECTOR).isEqualTo(Simd.enabled());
    if (forcedOff) {
      assertThat(KeyFilter.VECTOR).isFalse();
    }
  }
}
