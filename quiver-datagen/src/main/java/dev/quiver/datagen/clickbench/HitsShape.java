package dev.quiver.datagen.clickbench;

import dev.quiver.datagen.synthetic.ZipfSampler;

/**
 * Decides the related columns of a row before the columns are set, after the real data's shape, so
 * that every ClickBench query selects something: a quarter of the hits are counter 62's (its home page
 * about 15 % of them, the catalog referer about 12 %, internal referers about half, link clicks to
 * other sites), search hits come with the result page of their search engine as the referer (Yandex,
 * Google), and the traffic source follows the referer (-1 internal, 0 direct, 1 link, 2 search).
 */
final class HitsShape {
  /** The share of hits that are counter 62's. */
  static final double COUNTER_62 = 0.25;
  private static final double HOME = 0.16;
  private static final double CATALOG_REFERER = 0.14;
  private static final double INTERNAL_REFERER = 0.46;
  private static final double DIRECT = 0.2;
  private static final double LINK_62 = 0.08;
  private static final double LINK = 0.03;
  private static final double NO_REFERER = 0.45;
  /** The search engines, most used first: 2 is Yandex, 3 Google. */
  private static final long[] ENGINES = {2, 3, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  private static final long[] SOURCES = {0, 1, -1, 3, 6, 5, 8, 4, 7, 9};

  private final HitsText text;
  private final HitsSite site;
  /** The other counters: 1 to 6,001 but 62. */
  private final ZipfSampler counters = new ZipfSampler(6_000, 1.1);
  private final ZipfSampler engines = new ZipfSampler(ENGINES.length, 1.3);
  private final ZipfSampler sources = new ZipfSampler(SOURCES.length, 1.3);
  /** Link clicks lead anywhere: a flat draw over the URLs. */
  private final ZipfSampler linkTargets = new ZipfSampler(HitsText.URLS, 0.3);

  HitsShape(HitsText text, HitsSite site) {
    this.text = text;
    this.site = site;
  }

  /** Sets the counter, URL, title, referer, search and flag columns of {@code row}. */
  void plan(HitsRow row) {
    boolean own = row.random.nextDouble() < COUNTER_62;
    long other = 1L + counters.next(row.random);
    row.counterId = own ? HitsSite.COUNTER : other < HitsSite.COUNTER ? other : other + 1;
    row.searched = row.random.nextDouble() >= HitsTable.NO_SEARCH;
    int phrase = row.searched ? text.phraseRanks.next(row.random) : 0;
    row.phrase = row.searched ? text.phrases[phrase] : HitsRules.EMPTY;
    row.searchEngine = row.searched ? ENGINES[engines.next(row.random)] : 0;
    row.isRefresh = row.random.nextDouble() < 0.08 ? 1 : 0;
    row.dontCountHits = row.random.nextDouble() < 0.04 ? 1 : 0;
    row.isLink = row.random.nextDouble() < (own ? LINK_62 : LINK) ? 1 : 0;
    row.isDownload = row.random.nextDouble() < 0.01 ? 1 : 0;
    if (row.isLink == 1) {
      int target = linkTargets.next(row.random);
      row.url = text.urls[target];
      row.title = text.titles[target];
    } else if (own) {
      pageOfSite(row);
    } else {
      int rank = text.urlRanks.next(row.random);
      row.url = text.urls[rank];
      row.title = text.titles[rank];
    }
    if (row.searched) {
      row.referer = row.searchEngine == 2 ? text.yandexReferers[phrase]
          : row.searchEngine == 3 ? text.googleReferers[phrase] : HitsRules.EMPTY;
      row.trafficSource = 2;
    } else if (own) {
      refererOfSite(row);
    } else if (row.random.nextDouble() < NO_REFERER) {
      row.referer = HitsRules.EMPTY;
      row.trafficSource = 0;
    } else {
      row.referer = text.urls[text.urlRanks.next(row.random)];
      row.trafficSource = SOURCES[1 + sources.next(row.random) % (SOURCES.length - 1)];
    }
    row.urlHash = site.hash(row.url);
    row.refererHash = site.hash(row.referer);
  }

  private void pageOfSite(HitsRow row) {
    if (row.random.nextDouble() < HOME) {
      row.url = site.home;
      row.title = site.homeTitle;
    } else {
      int page = site.pageRanks.next(row.random);
      row.url = site.pages[page];
      row.title = site.titles[page];
    }
  }

  private void refererOfSite(HitsRow row) {
    double draw = row.random.nextDouble();
    if (draw < CATALOG_REFERER) {
      row.referer = site.catalog;
      row.trafficSource = row.random.nextInt(10) == 0 ? 6 : -1;
    } else if (draw < CATALOG_REFERER + INTERNAL_REFERER) {
      row.referer = row.random.nextInt(3) == 0 ? site.home : site.pages[site.pageRanks.next(row.random)];
      row.trafficSource = -1;
    } else if (draw < CATALOG_REFERER + INTERNAL_REFERER + DIRECT) {
      row.referer = HitsRules.EMPTY;
      row.trafficSource = 0;
    } else {
      row.referer = text.urls[text.urlRanks.next(row.random)];
      row.trafficSource = 1;
    }
  }
}
