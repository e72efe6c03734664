package dev.quiver.datagen.clickbench;

import dev.quiver.datagen.synthetic.ZipfSampler;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * The one big site of the ClickBench-like table, counter 62 ({@code www.site62.ru}), whose hits the
 * dashboard queries Q36-Q42 read: a home page (URLHash {@link #HOME_HASH}, as in the real data), a
 * catalog page used as a referer (RefererHash {@link #CATALOG_HASH}) and {@link #PAGES} other pages
 * (Zipf), each with its title. Fixed for every seed.
 */
final class HitsSite {
  static final int COUNTER = 62;
  static final int PAGES = 40_000;
  /** The URLHash the ClickBench queries look the home page up by. */
  static final long HOME_HASH = 2_868_770_270_353_813_622L;
  /** The RefererHash the ClickBench queries look the catalog referer up by. */
  static final long CATALOG_HASH = 3_594_120_000_172_545_465L;
  private static final String ROOT = "http://www.site62.ru/";
  private static final String[] SECTIONS = {"catalog", "news", "forum", "shop", "blog", "help", "photo", "video"};

  final byte[] home = bytes(ROOT);
  final byte[] homeTitle = bytes("Site62 - the home page");
  final byte[] catalog = bytes(ROOT + "catalog/");
  final byte[][] pages = new byte[PAGES][];
  final byte[][] titles = new byte[PAGES][];
  final ZipfSampler pageRanks = new ZipfSampler(PAGES, 0.8);

  HitsSite(HitsText text) {
    SplittableRandom random = new SplittableRandom(0x5173_62L);
    for (int i = 0; i < PAGES; i++) {
      String section = SECTIONS[Math.min(SECTIONS.length - 1, Math.abs((int) (random.nextGaussian() * 2.5)))];
      String word = text.word(random);
      StringBuilder url = new StringBuilder(ROOT).append(section).append('/').append(word).append('/').append(i);
      url.append(random.nextInt(3) == 0 ? ".html" : "/");
      if (random.nextInt(4) == 0) {
        url.append("?page=").append(1 + random.nextInt(20));
      }
      pages[i] = bytes(url.toString());
      StringBuilder title = new StringBuilder(Character.toUpperCase(word.charAt(0)) + word.substring(1));
      int words = 1 + random.nextInt(6);
      for (int w = 0; w < words; w++) {
        title.append(' ').append(text.word(random));
      }
      titles[i] = bytes(title.append(" - Site62, ").append(section).toString());
    }
  }

  /** The hash of a URL or referer: the real data's hashes for the home and catalog pages. */
  long hash(byte[] url) {
    if (url == home) {
      return HOME_HASH;
    }
    if (url == catalog) {
      return CATALOG_HASH;
    }
    return HitsRow.hash(url);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
