package dev.quiver.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.encoding.EncodingKind;
import dev.quiver.format.encoding.EncodingOptions;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.scan.execution.ScanResult;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A filter fsst codes can answer (LIKE, NOT LIKE, = literal, starts_with on one string column) selects on the
 * codes exactly the rows a reference selects, with the segments counted as matched compressed; on a
 * file without fsst segments the same filters give the same rows the usual way.
 */
class CompressedFilterScanTest {
  private static final long SEED = Long.getLong("quiver.test.seed", System.nanoTime());
  private static final Schema SCHEMA = new Schema(List.of(Field.nullable("url", ArrowType.Utf8.INSTANCE)));
  private static final String[] HOSTS = {"google.com", "yandex.ru", "example.org", "g\u00f6ogle.de", "site62.ru"};

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private List<String> urls(Random random, int rows) {
    List<String> urls = new ArrayList<>();
    for (int row = 0; row < rows; row++) {
      urls.add(random.nextInt(12) == 0 ? null
          : "http://" + HOSTS[random.nextInt(HOSTS.length)] + "/page" + random.nextInt(500) + "?q="
              + "abc_%".repeat(random.nextInt(3)));
    }
    return urls;
  }

  private void write(Path file, List<String> urls, EncodingOptions encoding) throws IOException {
    QuiverWriter.Options options = QuiverWriter.Options.defaults().withChunkBytes(16_384).withZoneRows(1024)
        .withEncoding(encoding);
    try (QuiverWriter writer = QuiverWriter.create(file, SCHEMA, memory.allocator(), options);
        VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      VarCharVector text = (VarCharVector) batch.getVector(0);
      text.allocateNew(urls.size());
      for (int row = 0; row < urls.size(); row++) {
        if (urls.get(row) == null) {
          text.setNull(row);
        } else {
          text.setSafe(row, urls.get(row).getBytes(StandardCharsets.UTF_8));
        }
      }
      batch.setRowCount(urls.size());
      writer.write(batch);
    }
  }

  private record Case(String filter, Predicate<String> reference) {}

  @Test
  void codesSelectTheRowsAReferenceSelects() throws IOException {
    System.out.println("CompressedFilterScanTest seed " + SEED);
    Random random = new Random(SEED);
    List<String> urls = urls(random, 30_000 + random.nextInt(10_000));
    Path fsst = directory.resolve("fsst.qvr");
    Path plain = directory.resolve("plain.qvr");
    write(fsst, urls, EncodingOptions.defaults().forcing(EncodingKind.FSST));
    write(plain, urls, EncodingOptions.defaults().forcing(EncodingKind.ZSTD));
    String page = "page" + random.nextInt(500);
    List<Case> cases = List.of(new Case("url LIKE '%google%'", url -> url.contains("google")),
        new Case("url LIKE '%" + page + "?%'", url -> url.contains(page + "?")),
        new Case("url LIKE 'http://g_ogle%'", url -> url.matches("http://g.ogle.*")),
        new Case("url LIKE '%abc\\_\\%%' ESCAPE '\\'", url -> url.contains("abc_%")),
        new Case("url NOT LIKE '%google%'", url -> !url.contains("google")),
        new Case("url NOT LIKE 'http://g_ogle%' ", url -> !url.matches("http://g.ogle.*")),
        new Case("url = 'http://yandex.ru/" + page + "?q='", url -> url.equals("http://yandex.ru/" + page + "?q=")),
        new Case("starts_with(url, 'http://site62')", url -> url.startsWith("http://site62")));
    for (Case test : cases) {
      List<String> expected = new ArrayList<>();
      for (String url : urls) {
        if (url != null && test.reference().test(url)) {
          expected.add(url);
        }
      }
      for (int threads = 1; threads <= 2; threads++) {
        for (Path file : List.of(fsst, plain)) {
          List<String> seen = new ArrayList<>();
          long matched;
          try (ScanResult result = Scan.of(file).filter(test.filter()).threads(threads).open(memory.allocator())) {
            for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
              try (VectorSchemaRoot batch = next) {
                VarCharVector text = (VarCharVector) batch.getVector(0);
                for (int i = 0; i < batch.getRowCount(); i++) {
                  seen.add(new String(text.get(i), StandardCharsets.UTF_8));
                }
              }
            }
            matched = result.metrics().get("segments.matched.compressed");
          }
          String what = test.filter() + " on " + file.getFileName() + ", " + threads + " threads (seed " + SEED + ")";
          assertThat(seen).as(what).isEqualTo(expected);
          if (file == fsst) {
            assertThat(matched).as(what).isPositive();
          } else {
            assertThat(matched).as(what).isZero();
          }
        }
      }
    }
  }
}
