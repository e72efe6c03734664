package dev.quiver.datagen.clickbench;

import static dev.quiver.datagen.clickbench.HitsRules.choice;
import static dev.quiver.datagen.clickbench.HitsRules.constant;
import static dev.quiver.datagen.clickbench.HitsRules.flag;
import static dev.quiver.datagen.clickbench.HitsRules.longTail;
import static dev.quiver.datagen.clickbench.HitsRules.mostlyEmpty;
import static dev.quiver.datagen.clickbench.HitsRules.mostlyZero;
import static dev.quiver.datagen.clickbench.HitsRules.number;
import static dev.quiver.datagen.clickbench.HitsRules.pooledInt;
import static dev.quiver.datagen.clickbench.HitsRules.text;
import static dev.quiver.datagen.clickbench.HitsRules.users;
import static dev.quiver.datagen.clickbench.HitsRules.zipf;

import dev.quiver.datagen.synthetic.SyntheticTable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A ClickBench-like {@code hits} table: the 105 columns of the real one, in its order, with its
 * types (SMALLINT int16, INTEGER int32, BIGINT int64, TEXT utf8, TIMESTAMP timestamp(µs), DATE
 * date32; all non-nullable) and realistic skew: most search phrases empty and the rest few distinct
 * (Zipf), URLs sharing scheme and domain prefixes, a month of event times in row order, most of the
 * many flag and tracking columns zero or empty. The columns ClickBench's queries filter and group on
 * are decided together per row ({@link HitsShape}) so that every query selects rows at 1,000,000 hits.
 */
public final class HitsTable extends SyntheticTable {
  /** 2013-07-01T00:00:00Z, the month the real table covers. */
  static final long FIRST_EVENT_SECONDS = 1_372_636_800L;
  static final long MONTH_SECONDS = 31L * 86_400;
  /** Event times are spread over the month in row order, each up to this much later. */
  static final long JITTER_SECONDS = 600;
  /** The UserID ClickBench's Q19 looks up: the most frequent user here. */
  static final long FREQUENT_USER = 435_090_932_899_640_449L;
  /** The share of rows whose SearchPhrase is empty. */
  static final double NO_SEARCH = 0.87;

  private static final ArrowType I16 = new ArrowType.Int(16, true);
  private static final ArrowType I32 = new ArrowType.Int(32, true);
  private static final ArrowType I64 = new ArrowType.Int(64, true);
  private static final ArrowType TEXT = ArrowType.Utf8.INSTANCE;
  private static final ArrowType TIME = new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
  private static final ArrowType DATE = new ArrowType.Date(DateUnit.DAY);

  private final long rows;
  private final List<Field> fields = new ArrayList<>();
  private final List<HitsRules> rules = new ArrayList<>();
  private final Schema schema;
  private final HitsShape shape;

  public HitsTable(long rows, long seed) {
    super("hits", rows, seed);
    this.rows = rows;
    HitsText pools = new HitsText();
    this.shape = new HitsShape(pools, new HitsSite(pools));
    defineColumns(pools);
    this.schema = new Schema(fields);
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  protected void fill(VectorSchemaRoot batch, long first, int count, SplittableRandom random) {
    List<FieldVector> vectors = batch.getFieldVectors();
    HitsRow row = new HitsRow();
    row.random = random;
    for (int i = 0; i < count; i++) {
      row.row = first + i;
      shape.plan(row);
      for (int column = 0; column < vectors.size(); column++) {
        rules.get(column).set(vectors.get(column), i, row);
      }
    }
  }

  private void add(String name, ArrowType type, HitsRules rule) {
    fields.add(new Field(name, new FieldType(false, type, null), null));
    rules.add(rule);
  }

  private static byte[][] texts(String... values) {
    byte[][] pool = new byte[values.length][];
    for (int i = 0; i < values.length; i++) {
      pool[i] = values[i].getBytes(StandardCharsets.UTF_8);
    }
    return pool;
  }

  private void defineColumns(HitsText pools) {
    add("WatchID", I64, number(row -> row.random.nextLong() >>> 1));
    add("JavaEnable", I16, flag(0.7));
    add("Title", TEXT, text(row -> row.title));
    add("GoodEvent", I16, number(row -> row.random.nextInt(1000) == 0 ? 0 : 1));
    add("EventTime", TIME, number(row -> {
      long spread = (MONTH_SECONDS - JITTER_SECONDS) * row.row / Math.max(1, rows);
      long seconds = FIRST_EVENT_SECONDS + spread + row.random.nextInt((int) JITTER_SECONDS);
      return row.eventMicros = seconds * 1_000_000L;
    }));
    add("EventDate", DATE, number(row -> Math.floorDiv(row.eventMicros, 86_400_000_000L)));
    add("CounterID", I32, number(row -> row.counterId));
    add("ClientIP", I32, pooledInt(300_000, 11));
    add("RegionID", I32, zipf(10_000, 1));
    add("UserID", I64, users(400_000, 13, FREQUENT_USER));
    add("CounterClass", I16, choice(0, 1, 2));
    add("OS", I16, zipf(100, 0));
    add("UserAgent", I16, zipf(100, 0));
    add("URL", TEXT, text(row -> row.url));
    add("Referer", TEXT, text(row -> row.referer));
    add("IsRefresh", I16, number(row -> row.isRefresh));
    add("RefererCategoryID", I16, mostlyZero(0.8, 20));
    add("RefererRegionID", I32, mostlyZero(0.6, 10_000));
    add("URLCategoryID", I16, mostlyZero(0.7, 20));
    add("URLRegionID", I32, mostlyZero(0.5, 10_000));
    add("ResolutionWidth", I16, choice(1366, 1920, 1280, 1024, 1440, 1600, 360, 1536, 768, 0));
    add("ResolutionHeight", I16, choice(768, 1080, 1024, 900, 800, 640, 720, 864, 0));
    add("ResolutionDepth", I16, choice(24, 32, 16, 0));
    add("FlashMajor", I16, choice(0, 11, 10, 9, 7));
    add("FlashMinor", I16, choice(0, 1, 2, 3, 5, 7));
    add("FlashMinor2", TEXT, mostlyEmpty(0.8, texts("0", "152", "181", "238", "202", "1")));
    add("NetMajor", I16, choice(0, 1, 2, 3));
    add("NetMinor", I16, choice(0, 1, 2, 5));
    add("UserAgentMajor", I16, zipf(60, 0));
    add("UserAgentMinor", TEXT, mostlyEmpty(0.3, texts("0", "1", "5", "3a", "2", "1750", "D0", "11")));
    add("CookieEnable", I16, flag(0.96));
    add("JavascriptEnable", I16, flag(0.92));
    add("IsMobile", I16, flag(0.12));
    add("MobilePhone", I16, mostlyZero(0.9, 50));
    add("MobilePhoneModel", TEXT,
        mostlyEmpty(0.9, texts("iPad", "iPhone", "GT-I9300", "Lumia 920", "Nexus 7", "GT-I9100",
            "GT-N7100", "HTC One", "Xperia Z", "GT-S5830", "GT-P5110", "Lumia 800", "Galaxy Nexus", "GT-I8190", "LT26i",
            "Nexus 4", "GT-S5360", "ST25i", "MB860", "Kindle Fire")));
    add("Params", TEXT, mostlyEmpty(0.97, pools.smallPool(40, 200)));
    add("IPNetworkID", I32, zipf(200_000, 1));
    add("TraficSourceID", I16, number(row -> row.trafficSource));
    add("SearchEngineID", I16, number(row -> row.searchEngine));
    add("SearchPhrase", TEXT, text(row -> row.phrase));
    add("AdvEngineID", I16, mostlyZero(0.97, 30));
    add("IsArtifical", I16, flag(0.01));
    add("WindowClientWidth", I16, longTail(0.4, 320, 1_920, 1349, 1903, 1263, 1007, 1423, 0, 1583, 320));
    add("WindowClientHeight", I16, longTail(0.4, 240, 1_080, 657, 955, 918, 580, 796, 0, 726, 416));
    add("ClientTimeZone", I16, choice(-1, 240, 180, 120, 300, 360, 0));
    add("ClientEventTime", TIME, number(row -> row.eventMicros + (row.random.nextInt(120) - 60) * 1_000_000L));
    add("SilverlightVersion1", I16, choice(0, 5, 4, 3));
    add("SilverlightVersion2", I16, choice(0, 1));
    add("SilverlightVersion3", I32, choice(0, 50_918, 51_204, 40_818, 60_129));
    add("SilverlightVersion4", I16, choice(0, 0, 1));
    add("PageCharset", TEXT, mostlyEmpty(0.2, texts("utf-8", "windows-1251", "koi8-r", "iso-8859-1")));
    add("CodeVersion", I32, zipf(1_000, 0));
    add("IsLink", I16, number(row -> row.isLink));
    add("IsDownload", I16, number(row -> row.isDownload));
    add("IsNotBounce", I16, flag(0.3));
    add("FUniqID", I64, number(row -> row.random.nextInt(3) == 0 ? 0 : row.random.nextLong() >>> 1));
    add("OriginalURL", TEXT, text(row -> row.random.nextDouble() < 0.9 ? HitsRules.EMPTY : row.url));
    add("HID", I32, number(row -> row.random.nextInt()));
    add("IsOldCounter", I16, flag(0.02));
    add("IsEvent", I16, flag(0.05));
    add("IsParameter", I16, flag(0.02));
    add("DontCountHits", I16, number(row -> row.dontCountHits));
    add("WithHash", I16, flag(0.03));
    add("HitColor", TEXT, mostlyEmpty(0.0, texts("5", "E", "F", "D", "0")));
    add("LocalEventTime", TIME, number(row -> row.eventMicros + 4 * 3_600_000_000L));
    add("Age", I16, choice(0, 26, 22, 31, 17, 45, 55));
    add("Sex", I16, choice(0, 1, 2));
    add("Income", I16, choice(0, 1, 2, 3, 4));
    add("Interests", I16, mostlyZero(0.5, 1_000));
    add("Robotness", I16, constant(0));
    add("RemoteIP", I32, pooledInt(300_000, 17));
    add("WindowName", I32, choice(-1, 0, 1, 2));
    add("OpenerName", I32, choice(-1, 0, 1));
    add("HistoryLength", I16, zipf(30, 0));
    add("BrowserLanguage", TEXT, mostlyEmpty(0.05, texts("ru", "en", "uk", "de", "be", "kk", "tr", "fr")));
    add("BrowserCountry", TEXT, mostlyEmpty(0.05, texts("ru", "ua", "by", "kz", "us", "de", "tr", "gb")));
    add("SocialNetwork", TEXT, mostlyEmpty(0.98, texts("facebook", "vkontakte", "twitter", "odnoklassniki")));
    add("SocialAction", TEXT, mostlyEmpty(0.99, texts("like", "share", "comment")));
    add("HTTPError", I16, mostlyZero(0.995, 5));
    add("SendTiming", I32, mostlyZero(0.6, 5_000));
    add("DNSTiming", I32, mostlyZero(0.7, 2_000));
    add("ConnectTiming", I32, mostlyZero(0.7, 3_000));
    add("ResponseStartTiming", I32, mostlyZero(0.5, 8_000));
    add("ResponseEndTiming", I32, mostlyZero(0.5, 9_000));
    add("FetchTiming", I32, mostlyZero(0.6, 6_000));
    add("SocialSourceNetworkID", I16, mostlyZero(0.98, 10));
    add("SocialSourcePage", TEXT, mostlyEmpty(0.99, pools.smallPool(20, 300)));
    add("ParamPrice", I64, mostlyZero(0.99, 100_000));
    add("ParamOrderID", TEXT, mostlyEmpty(0.995, pools.smallPool(50, 400)));
    add("ParamCurrency", TEXT, mostlyEmpty(0.3, texts("RUB", "USD", "EUR", "UAH")));
    add("ParamCurrencyID", I16, mostlyZero(0.9, 5));
    add("OpenstatServiceName", TEXT, mostlyEmpty(0.99, texts("direct.yandex.ru", "adwords", "begun.ru")));
    add("OpenstatCampaignID", TEXT, mostlyEmpty(0.99, pools.smallPool(30, 500)));
    add("OpenstatAdID", TEXT, mostlyEmpty(0.99, pools.smallPool(30, 600)));
    add("OpenstatSourceID", TEXT, mostlyEmpty(0.99, pools.smallPool(30, 700)));
    add("UTMSource", TEXT, mostlyEmpty(0.95, texts("google", "yandex", "vk", "facebook", "email", "mail.ru")));
    add("UTMMedium", TEXT, mostlyEmpty(0.95, texts("cpc", "banner", "email", "social", "organic")));
    add("UTMCampaign", TEXT, mostlyEmpty(0.96, pools.smallPool(60, 800)));
    add("UTMContent", TEXT, mostlyEmpty(0.98, pools.smallPool(60, 900)));
    add("UTMTerm", TEXT, mostlyEmpty(0.98, pools.smallPool(60, 1_000)));
    add("FromTag", TEXT, mostlyEmpty(0.97, pools.smallPool(20, 1_100)));
    add("HasGCLID", I16, flag(0.01));
    add("RefererHash", I64, number(row -> row.refererHash));
    add("URLHash", I64, number(row -> row.urlHash));
    add("CLID", I32, mostlyZero(0.95, 1_000));
  }
}
