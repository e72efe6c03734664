package dev.quiver.spark.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Hive's folder-name escaping: the characters Hive escapes, and unescape reversing it. */
class HivePathsTest {
  @Test
  void escapesWhatHiveEscapes() {
    assertThat(HivePaths.escape("a/b=c%")).isEqualTo("a%2Fb%3Dc%25");
    assertThat(HivePaths.escape("x:y?z*\"'#\\[]^{}")).isEqualTo("x%3Ay%3Fz%2A%22%27%23%5C%5B%5D%5E%7B%7D");
    assertThat(HivePaths.escape("tab\tnl\n\u007F")).isEqualTo("tab%09nl%0A%7F");
    assertThat(HivePaths.escape("plain text-._~ é 日本")).isEqualTo("plain text-._~ é 日本");
    assertThat(HivePaths.folder("p", null)).isEqualTo("p=__HIVE_DEFAULT_PARTITION__");
    assertThat(HivePaths.folder("a=b", "1")).isEqualTo("a%3Db=1");
  }

  @Test
  void unescapeReversesEscapeAndKeepsStrayPercents() {
    long seed = System.nanoTime();
    System.out.println("HivePathsTest seed " + seed);
    Random random = new Random(seed);
    String alphabet = "ab/=%:?*\t\n\"'#\\[]^{}é日 0";
    for (int i = 0; i < 2000; i++) {
      StringBuilder text = new StringBuilder();
      for (int c = random.nextInt(10); c > 0; c--) {
        text.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String escaped = HivePaths.escape(text.toString());
      assertThat(escaped).as("seed %d", seed).doesNotContain("/", "=", "\n", "\t");
      assertThat(HivePaths.unescape(escaped)).as("seed %d", seed).isEqualTo(text.toString());
    }
    assertThat(HivePaths.unescape("100%")).isEqualTo("100%");
    assertThat(HivePaths.unescape("%zz%4")).isEqualTo("%zz%4");
  }
}
