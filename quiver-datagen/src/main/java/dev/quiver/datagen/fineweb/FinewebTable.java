package dev.quiver.datagen.fineweb;

import dev.quiver.datagen.synthetic.SyntheticTable;
import dev.quiver.datagen.synthetic.TextPools;
import dev.quiver.datagen.synthetic.ZipfSampler;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A FineWeb-like table: its columns (text, id, dump, url, date, file_path, language, language_score,
 * token_count; all non-nullable, dates as ISO text as FineWeb has them), documents grouped by
 * crawl dump in dump order as the real data set is distributed, and English-like text: a Zipf
 * vocabulary ({@link TextPools}: common English words, then made-up words) in sentences and
 * paragraphs, document lengths log-normal around {@value #MEDIAN_WORDS} words (about 2.3 KB).
 */
public final class FinewebTable extends SyntheticTable {
  static final int MEDIAN_WORDS = 380;
  static final int VOCABULARY = 30_000;
  /** Real Common Crawl dump names; documents are spread evenly over them, in this order. */
  public static final List<String> DUMPS = List.of("CC-MAIN-2013-20", "CC-MAIN-2013-48", "CC-MAIN-2014-10",
      "CC-MAIN-2014-23", "CC-MAIN-2014-35", "CC-MAIN-2014-49", "CC-MAIN-2015-06", "CC-MAIN-2015-18",
      "CC-MAIN-2015-32", "CC-MAIN-2015-48", "CC-MAIN-2016-07", "CC-MAIN-2016-22", "CC-MAIN-2016-36",
      "CC-MAIN-2016-50", "CC-MAIN-2017-09", "CC-MAIN-2017-22", "CC-MAIN-2017-34", "CC-MAIN-2017-47",
      "CC-MAIN-2018-05", "CC-MAIN-2018-17", "CC-MAIN-2018-30", "CC-MAIN-2018-43", "CC-MAIN-2019-04",
      "CC-MAIN-2019-18", "CC-MAIN-2019-30", "CC-MAIN-2019-43", "CC-MAIN-2020-05", "CC-MAIN-2020-24",
      "CC-MAIN-2020-40", "CC-MAIN-2021-04", "CC-MAIN-2021-21", "CC-MAIN-2021-39", "CC-MAIN-2022-05",
      "CC-MAIN-2022-27", "CC-MAIN-2022-49", "CC-MAIN-2023-06", "CC-MAIN-2023-23", "CC-MAIN-2023-50",
      "CC-MAIN-2024-10", "CC-MAIN-2024-18");

  private static final byte[] ENGLISH = "en".getBytes(StandardCharsets.US_ASCII);

  private final long rows;
  private final TextPools words = new TextPools(VOCABULARY);
  private final ZipfSampler wordRanks = new ZipfSampler(VOCABULARY, 1.0);
  private final Schema schema;

  public FinewebTable(long rows, long seed) {
    super("fineweb", rows, seed);
    this.rows = rows;
    this.schema = new Schema(List.of(text("text"), text("id"), text("dump"), text("url"), text("date"),
        text("file_path"), text("language"),
        new Field("language_score",
            new FieldType(false, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), null), null),
        new Field("token_count", new FieldType(false, new ArrowType.Int(64, true), null), null)));
  }

  private static Field text(String name) {
    return new Field(name, new FieldType(false, ArrowType.Utf8.INSTANCE, null), null);
  }

  /** The vocabulary the text is drawn from (rank 0 the commonest word). */
  public static TextPools vocabulary() {
    return new TextPools(VOCABULARY);
  }

  @Override
  public Schema schema() {
    return schema;
  }

  /** The dump of row {@code row}: rows are spread evenly over {@link #DUMPS}, in order. */
  public static int dumpOf(long row, long rows) {
    return (int) (row * DUMPS.size() / Math.max(1, rows));
  }

  @Override
  protected void fill(VectorSchemaRoot root, long first, int count, SplittableRandom random) {
    DocumentText document = new DocumentText(words, wordRanks);
    for (int i = 0; i < count; i++) {
      String dump = DUMPS.get(dumpOf(first + i, rows));
      int tokens = document.write(random, MEDIAN_WORDS);
      set(root, 0, i, document.bytes(), document.length());
      set(root, 1, i, identifier(random));
      set(root, 2, i, dump.getBytes(StandardCharsets.US_ASCII));
      set(root, 3, i, url(random));
      set(root, 4, i, crawlTime(dump, random));
      set(root, 5, i, filePath(dump, random));
      set(root, 6, i, ENGLISH);
      ((Float8Vector) root.getVector(7)).set(i, 1.0 - 0.35 * Math.pow(random.nextDouble(), 2));
      ((BigIntVector) root.getVector(8)).set(i, tokens);
    }
  }

  private static void set(VectorSchemaRoot root, int column, int index, byte[] bytes) {
    set(root, column, index, bytes, bytes.length);
  }

  private static void set(VectorSchemaRoot root, int column, int index, byte[] bytes, int length) {
    ((VarCharVector) root.getVector(column)).setSafe(index, bytes, 0, length);
  }

  private static byte[] identifier(SplittableRandom random) {
    long high = random.nextLong();
    long low = random.nextLong();
    String uuid = String.format(Locale.ROOT, "%08x-%04x-4%03x-%04x-%012x", high >>> 32, (high >>> 16) & 0xFFFF,
        high & 0xFFF, 0x8000 | ((low >>> 48) & 0x3FFF), low & 0xFFFF_FFFF_FFFFL);
    return ("<urn:uuid:" + uuid + ">").getBytes(StandardCharsets.US_ASCII);
  }

  private byte[] url(SplittableRandom random) {
    StringBuilder url = new StringBuilder(random.nextInt(3) == 0 ? "http://" : "https://");
    url.append(random.nextInt(2) == 0 ? "www." : "").append(words.wordText(100 + wordRanks.next(random) % 5_000))
        .append(random.nextInt(4) == 0 ? ".org/" : ".com/");
    int segments = 1 + random.nextInt(3);
    for (int s = 0; s < segments; s++) {
      url.append(words.wordText(wordRanks.next(random))).append(s + 1 < segments ? "/" : "-" + random.nextInt(100_000));
    }
    return url.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** A time within the crawl's weeks: year and ISO week from the dump name. */
  private static byte[] crawlTime(String dump, SplittableRandom random) {
    int year = Integer.parseInt(dump.substring(8, 12));
    int week = Integer.parseInt(dump.substring(13, 15));
    LocalDate day = LocalDate.of(year, 1, 1).plusWeeks(week - 2).plusDays(random.nextInt(14));
    int seconds = random.nextInt(86_400);
    return String.format(Locale.ROOT, "%sT%02d:%02d:%02dZ", day, seconds / 3600, seconds / 60 % 60, seconds % 60)
        .getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] filePath(String dump, SplittableRandom random) {
    String compact = dump.substring(8, 12) + "0" + dump.substring(13, 15);
    String path = String.format(Locale.ROOT,
        "s3://commoncrawl/crawl-data/%s/segments/%d.%d/warc/CC-MAIN-%s%08d-%05d.warc.gz", dump,
        1_368_696_381_249L + random.nextInt(100) * 1_000_000L, random.nextInt(100), compact,
        random.nextInt(100_000_000),
        random.nextInt(100_000));
    return path.getBytes(StandardCharsets.US_ASCII);
  }
}
