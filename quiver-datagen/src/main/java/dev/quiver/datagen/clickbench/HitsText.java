package dev.quiver.datagen.clickbench;

import dev.quiver.datagen.synthetic.TextPools;
import dev.quiver.datagen.synthetic.ZipfSampler;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * The string pools of the ClickBench-like table, fixed for every seed: domains (a few very popular),
 * URLs on them (sharing the scheme and domain prefixes; two domains are Google's), page titles
 * (ending with the URL's domain; some name Google), search phrases (few distinct, Zipf-distributed)
 * and for each phrase its Yandex and Google result page (a search hit's referer). Draws take the
 * caller's random source.
 */
final class HitsText {
  static final int DOMAINS = 2_000;
  static final int URLS = 60_000;
  static final int PHRASES = 12_000;
  private static final String[] TOP_LEVEL = {".ru", ".com", ".net", ".org", ".ua", ".by", ".kz", ".de"};
  /** Domain ranks given to Google's sites, so that some URLs and titles name Google. */
  private static final int GOOGLE_RU = 6;
  private static final int GOOGLE_COM = 14;
  /** One title in this many (of other sites) mentions Google. */
  private static final int GOOGLE_TITLE_EVERY = 40;

  final TextPools words = new TextPools(20_000);
  final ZipfSampler wordRanks = new ZipfSampler(words.size(), 1.05);
  final ZipfSampler urlRanks = new ZipfSampler(URLS, 1.1);
  final ZipfSampler phraseRanks = new ZipfSampler(PHRASES, 1.0);
  final byte[][] urls = new byte[URLS][];
  final byte[][] titles = new byte[URLS][];
  final byte[][] phrases = new byte[PHRASES][];
  /** Per phrase: the referer of a hit coming from Yandex's and Google's result page for it. */
  final byte[][] yandexReferers = new byte[PHRASES][];
  final byte[][] googleReferers = new byte[PHRASES][];

  HitsText() {
    SplittableRandom random = new SplittableRandom(0xC11C_BE7CL);
    String[] domains = new String[DOMAINS];
    for (int i = 0; i < DOMAINS; i++) {
      domains[i] = (random.nextInt(3) == 0 ? "" : "www.") + word(random) + (random.nextInt(3) == 0 ? word(random) : "")
          + TOP_LEVEL[random.nextInt(TOP_LEVEL.length)];
    }
    domains[GOOGLE_RU] = "www.google.ru";
    domains[GOOGLE_COM] = "google.com";
    ZipfSampler domainRanks = new ZipfSampler(DOMAINS, 1.2);
    for (int i = 0; i < URLS; i++) {
      StringBuilder url = new StringBuilder(random.nextInt(4) == 0 ? "https://" : "http://");
      int domain = domainRanks.next(random);
      url.append(domains[domain]).append('/');
      int segments = random.nextInt(4);
      for (int s = 0; s < segments; s++) {
        url.append(word(random)).append(s + 1 < segments ? "/" : "");
      }
      if (random.nextInt(3) == 0) {
        url.append(".html");
      }
      if (random.nextInt(2) == 0) {
        url.append("?id=").append(random.nextInt(1_000_000)).append("&from=").append(word(random));
      }
      urls[i] = url.toString().getBytes(StandardCharsets.UTF_8);
      StringBuilder title = new StringBuilder();
      int titleWords = 2 + random.nextInt(8);
      for (int w = 0; w < titleWords; w++) {
        String word = word(random);
        title.append(w == 0 ? Character.toUpperCase(word.charAt(0)) + word.substring(1) : word).append(' ');
      }
      boolean google = domain == GOOGLE_RU || domain == GOOGLE_COM;
      if (!google && i % GOOGLE_TITLE_EVERY == 1) {
        title.append("Google ");
      }
      title.append("- ").append(google ? "Google" : domains[domain]);
      titles[i] = title.toString().getBytes(StandardCharsets.UTF_8);
    }
    for (int i = 0; i < PHRASES; i++) {
      StringBuilder phrase = new StringBuilder(word(random));
      int extra = random.nextInt(4);
      for (int w = 0; w < extra; w++) {
        phrase.append(' ').append(word(random));
      }
      phrases[i] = phrase.toString().getBytes(StandardCharsets.UTF_8);
      String query = phrase.toString().replace(' ', '+');
      yandexReferers[i] = ("http://yandex.ru/yandsearch?text=" + query).getBytes(StandardCharsets.UTF_8);
      googleReferers[i] = ("http://www.google.ru/search?q=" + query).getBytes(StandardCharsets.UTF_8);
    }
  }

  /** A word of the vocabulary (Zipf). */
  String word(SplittableRandom random) {
    return words.wordText(wordRanks.next(random));
  }

  /** Short values of a low-cardinality text column: {@code count} words of the vocabulary's head. */
  byte[][] smallPool(int count, int offset) {
    byte[][] pool = new byte[count][];
    for (int i = 0; i < count; i++) {
      pool[i] = words.word(offset + i);
    }
    return pool;
  }

  /** Concatenates parts as UTF-8. */
  static byte[] join(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.write(part, 0, part.length);
    }
    return out.toByteArray();
  }
}
