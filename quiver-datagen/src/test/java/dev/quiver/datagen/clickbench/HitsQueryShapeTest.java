package dev.quiver.datagen.clickbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The generated hits (100,000 rows, seed 42) have the shape that makes ClickBench's queries select
 * rows: counter 62 a quarter of the hits on many pages of www.site62.ru, its home page (the URLHash Q41
 * looks up) and catalog referer (the RefererHash of Q40) frequent, the UserID of Q19 the commonest,
 * Google in URLs, titles and referers (Q20-Q23), enough link clicks to distinct URLs for Q38's OFFSET,
 * window sizes with a long tail (Q41), and every event in July 2013, every day of it. The table is
 * generated once for all the checks (its own allocator, which must be empty at the end).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HitsQueryShapeTest {
  private static final int ROWS = 100_000;
  private static final long SEED = 42;
  private static final int FIRST_DAY = (int) LocalDate.of(2013, 7, 1).toEpochDay();
  private static final int LAST_DAY = (int) LocalDate.of(2013, 7, 31).toEpochDay();

  private int counter62;
  private int home;
  private int catalog;
  private int catalogInternal;
  private int googleUrls;
  private int googleTitlesElsewhereSearched;
  private int googleReferers;
  private int otherDates;
  private int datesNotOfTime;
  private final Set<Integer> days = new HashSet<>();
  private final Set<String> homeUrls = new HashSet<>();
  private final Set<String> pages62 = new HashSet<>();
  private final Set<String> linkTargets62 = new HashSet<>();
  private final Set<Long> homeWindows = new HashSet<>();
  private final Map<Long, Integer> users = new HashMap<>();

  @BeforeAll
  void generate() {
    System.out.println("HitsQueryShapeTest: " + ROWS + " hits, seed " + SEED);
    HitsTable table = new HitsTable(ROWS, SEED);
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int index = 0; index < table.batchCount(); index++) {
        try (VectorSchemaRoot batch = table.batch(index, allocator)) {
          count(batch);
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("batch memory freed").isZero();
    }
    System.out.println("counter 62: " + counter62 + " hits, " + pages62.size() + " pages, " + linkTargets62.size()
        + " link targets; home " + home + " (" + homeWindows.size() + " window sizes); catalog referer " + catalog
        + "; the UserID of Q19 " + users.get(435_090_932_899_640_449L) + "; google URLs " + googleUrls
        + ", searched Google titles elsewhere " + googleTitlesElsewhereSearched + ", Google referers "
        + googleReferers);
  }

  private void count(VectorSchemaRoot batch) {
    IntVector counters = (IntVector) batch.getVector("CounterID");
    VarCharVector urls = (VarCharVector) batch.getVector("URL");
    VarCharVector titles = (VarCharVector) batch.getVector("Title");
    VarCharVector referers = (VarCharVector) batch.getVector("Referer");
    VarCharVector phrases = (VarCharVector) batch.getVector("SearchPhrase");
    BigIntVector urlHashes = (BigIntVector) batch.getVector("URLHash");
    BigIntVector refererHashes = (BigIntVector) batch.getVector("RefererHash");
    BigIntVector userIds = (BigIntVector) batch.getVector("UserID");
    SmallIntVector links = (SmallIntVector) batch.getVector("IsLink");
    SmallIntVector sources = (SmallIntVector) batch.getVector("TraficSourceID");
    SmallIntVector widths = (SmallIntVector) batch.getVector("WindowClientWidth");
    SmallIntVector heights = (SmallIntVector) batch.getVector("WindowClientHeight");
    DateDayVector dates = (DateDayVector) batch.getVector("EventDate");
    TimeStampMicroVector times = (TimeStampMicroVector) batch.getVector("EventTime");
    for (int row = 0; row < batch.getRowCount(); row++) {
      String url = text(urls, row);
      String title = text(titles, row);
      String referer = text(referers, row);
      users.merge(userIds.get(row), 1, Integer::sum);
      googleUrls += url.contains("google") ? 1 : 0;
      googleReferers += referer.startsWith("http://www.google.ru/search?q=") ? 1 : 0;
      if (title.contains("Google") && !url.contains(".google.") && phrases.get(row).length > 0) {
        googleTitlesElsewhereSearched++;
      }
      int day = dates.get(row);
      days.add(day);
      otherDates += day < FIRST_DAY || day > LAST_DAY ? 1 : 0;
      datesNotOfTime += Math.floorDiv(times.get(row), 86_400_000_000L) != day ? 1 : 0;
      if (counters.get(row) != 62) {
        continue;
      }
      counter62++;
      if (links.get(row) != 0) {
        linkTargets62.add(url);
      } else {
        pages62.add(url);
      }
      if (urlHashes.get(row) == 2_868_770_270_353_813_622L) {
        home++;
        homeUrls.add(url);
        homeWindows.add((long) widths.get(row) << 16 | (heights.get(row) & 0xFFFF));
      }
      if (refererHashes.get(row) == 3_594_120_000_172_545_465L) {
        catalog++;
        catalogInternal += sources.get(row) == -1 || sources.get(row) == 6 ? 1 : 0;
      }
    }
  }

  private static String text(VarCharVector vector, int row) {
    return new String(vector.get(row), StandardCharsets.UTF_8);
  }

  @Test
  void counter62IsAQuarterOfTheHitsOnManyPagesOfItsSite() {
    assertThat(counter62 / (double) ROWS).isBetween(0.2, 0.3);
    assertThat(pages62).allMatch(url -> url.startsWith("http://www.site62.ru/"));
    assertThat(pages62.size()).as("distinct pages of counter 62").isGreaterThan(8_000);
    assertThat(linkTargets62.size()).as("distinct link targets (Q38 skips 1,000)").isGreaterThan(1_010);
  }

  @Test
  void theHomePageAndTheCatalogRefererAreFrequent() {
    assertThat(home / (double) counter62).as("home page share").isBetween(0.1, 0.2);
    assertThat(homeUrls).containsExactly("http://www.site62.ru/");
    assertThat(catalog / (double) counter62).as("catalog referer share").isBetween(0.08, 0.16);
    assertThat(catalogInternal / (double) catalog).as("internal traffic from the catalog").isGreaterThan(0.95);
    assertThat(homeWindows.size()).as("distinct window sizes on the home page").isGreaterThan(home / 2);
  }

  @Test
  void theLookedUpUserIsTheMostFrequent() {
    int count = users.getOrDefault(435_090_932_899_640_449L, 0);
    assertThat(count).isGreaterThan(1_000);
    assertThat(users.values()).allMatch(other -> other <= count);
  }

  @Test
  void googleIsInUrlsTitlesAndReferers() {
    assertThat(googleUrls).as("URLs with google").isGreaterThan(200);
    assertThat(googleTitlesElsewhereSearched).as("searched titles with Google, URL not .google.").isGreaterThan(20);
    assertThat(googleReferers).as("Google result pages as referers").isGreaterThan(200);
  }

  @Test
  void everyEventIsInJuly2013AndEveryDayHasSome() {
    assertThat(otherDates).isZero();
    assertThat(datesNotOfTime).as("EventDate the day of EventTime").isZero();
    assertThat(days).hasSize(31);
  }
}
