package dev.quiver.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Pins the constants of the file format: changing one breaks every file already written. */
class FormatConstantsTest {
  @Test
  void fileConstantsNeverChange() {
    assertThat(FormatConstants.MAGIC).containsExactly('Q', 'V', 'R', '1');
    assertThat(FormatConstants.SEGMENT_ALIGNMENT).isEqualTo(64);
    assertThat(FormatConstants.POSTSCRIPT_BYTES).isEqualTo(32);
    assertThat(FormatConstants.MAJOR_VERSION).isEqualTo(1);
    assertThat(FormatConstants.MINOR_VERSION).isEqualTo(2);
    assertThat(FormatConstants.STATISTIC_STRING_BYTES).isEqualTo(64);
    assertThat(FormatConstants.METADATA_SORTED_BY).isEqualTo("sorted_by");
  }

  @Test
  void layoutKindNumbersNeverChange() {
    assertThat(FormatConstants.LAYOUT_STRUCT).isEqualTo(1);
    assertThat(FormatConstants.LAYOUT_CHUNKED).isEqualTo(2);
    assertThat(FormatConstants.LAYOUT_ZONED).isEqualTo(3);
    assertThat(FormatConstants.LAYOUT_DICT).isEqualTo(4);
    assertThat(FormatConstants.LAYOUT_FLAT).isEqualTo(5);
  }
}
