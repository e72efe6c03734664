package dev.quiver.common.simd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The start-up choice: the property, the module, and the preferred vector size each turn it off. */
public class SimdTest {
  @Test
  void thePropertyForcesScalar() {
    Simd choice = Simd.decide("false", true, "amd64");
    assertThat(choice.isEnabled()).isFalse();
    assertThat(choice.description()).isEqualTo("simd: off (quiver.simd=false)");
    assertThat(Simd.decide(" FALSE ", true, "amd64").isEnabled()).isFalse();
  }

  @Test
  void aMissingModuleIsScalarWithTheFlagNamed() {
    Simd choice = Simd.decide(null, false, "amd64");
    assertThat(choice.isEnabled()).isFalse();
    assertThat(choice.description()).contains("--add-modules jdk.incubator.vector");
  }

  @Test
  void smallVectorsAreScalar() {
    assertThat(Simd.decide(128, "aarch64").isEnabled()).isFalse();
    assertThat(Simd.decide(128, "aarch64").description()).isEqualTo("simd: off (preferred vector 128-bit, below 256)");
    assertThat(Simd.decide(256, "amd64").description()).isEqualTo("simd: AVX2 256-bit");
    assertThat(Simd.decide(512, "amd64").description()).isEqualTo("simd: AVX-512 512-bit");
  }

  @Test
  void thisJvmFollowsItsProperty() {
    boolean forcedOff = "false".equalsIgnoreCase(System.getProperty(Simd.PROPERTY, "").trim());
    boolean moduleThere = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    assertThat(moduleThere).as("the build's test JVMs get --add-modules jdk.incubator.vector").isTrue();
    if (forcedOff) {
      assertThat(Simd.enabled()).isFalse();
      assertThat(Simd.vectorBits()).isZero();
    } else {
      assertThat(Simd.enabled()).isEqualTo(Simd.vectorBits() >= Simd.MINIMUM_BITS);
      assertThat(Simd.describe()).startsWith(Simd.enabled() ? "simd: " : "simd: off");
    }
  }

  @Test
  void aOneShotRunPrefersTheScalarKernelsUnlessForced() {
    Simd oneShot = Simd.decide(null, true, true, "amd64");
    assertThat(oneShot.isEnabled()).isFalse();
    assertThat(oneShot.description()).startsWith("simd: off (a one-shot run");
    assertThat(Simd.decide("true", true, true, "amd64").description()).isNotEqualTo(oneShot.description());
    assertThat(Simd.decide(null, false, true, "amd64").description()).doesNotContain("one-shot");
  }
}
