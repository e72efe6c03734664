package dev.quiver.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.expression.Expressions;
import dev.quiver.expression.filter.ColumnSlice;
import dev.quiver.expression.filter.FilterEvaluator;
import dev.quiver.expression.filter.RawInterval;
import dev.quiver.format.encoding.EncodedIntegers;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layout;
import dev.quiver.scan.execution.ScanResult;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A measurement, not a check (run with {@code -Dquiver.encfilter.lineitem=PATH/lineitem.qvr}): TPC-H Q6
 * through the scan API (the filter pushed into the scan, revenue summed by hand from the projected
 * {@code l_extendedprice} and {@code l_discount}), warm, alternating {@code quiver.scan.encodedFilters}
 * on and off; prints the median of each and checks both give the same revenue.
 */
@EnabledIfSystemProperty(named = "quiver.encfilter.lineitem", matches = ".+")
class EncodedFilterMeasurementTest {
  private static final String FILTER = "l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01'"
      + " AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24";
  private static final int RUNS = Integer.getInteger("quiver.encfilter.runs", 9);

  @Test
  void measure() throws IOException {
    Path lineitem = Path.of(System.getProperty("quiver.encfilter.lineitem"));
    int threads = Integer.getInteger("quiver.encfilter.threads", 1);
    dev.quiver.scan.plan.ScanPlan plan = Scan.of(lineitem).columns("l_extendedprice", "l_discount").filter(FILTER)
        .threads(threads).plan();
    long ranges = plan.splits().stream().mapToLong(split -> split.ranges().size()).sum();
    System.out.println("measure plan: " + plan.splits().size() + " splits, " + ranges + " ranges, first "
        + plan.splits().get(0));
    try (BufferAllocator allocator = new RootAllocator()) {
      List<Long> on = new ArrayList<>();
      List<Long> off = new ArrayList<>();
      BigInteger revenueOn = null;
      BigInteger revenueOff = null;
      for (int run = -2; run < RUNS; run++) {
        for (boolean encoded : new boolean[] {true, false}) {
          System.setProperty("quiver.scan.encodedFilters", Boolean.toString(encoded));
          long start = System.nanoTime();
          BigInteger revenue = querySix(lineitem, threads, allocator);
          long elapsed = System.nanoTime() - start;
          if (run >= 0) {
            (encoded ? on : off).add(elapsed);
          }
          if (encoded) {
            revenueOn = revenue;
          } else {
            revenueOff = revenue;
          }
        }
      }
      System.clearProperty("quiver.scan.encodedFilters");
      Collections.sort(on);
      Collections.sort(off);
      System.out.printf("measure Q6 scan API, %d thread(s), %d warm runs: encoded filters %.1f ms median (min %.1f),"
          + " decoded filters %.1f ms median (min %.1f); revenue %s (scale 4)%n", threads, RUNS,
          on.get(RUNS / 2) / 1e6, on.get(0) / 1e6, off.get(RUNS / 2) / 1e6, off.get(0) / 1e6, revenueOn);
      assertThat(revenueOn).isEqualTo(revenueOff);
    }
  }

  /**
   * Per Q6 filter column, the filter alone over every segment (bytes read beforehand, not timed): decode
   * plus {@link FilterEvaluator} against {@link EncodedIntegers#select}, best of 5 passes each.
   */
  @Test
  void measureFilterColumns() throws IOException {
    Path lineitem = Path.of(System.getProperty("quiver.encfilter.lineitem"));
    String[] conditions = {"l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01'",
        "l_discount BETWEEN 0.05 AND 0.07", "l_quantity < 24"};
    try (BufferAllocator allocator = new RootAllocator(); QuiverFile file = QuiverFile.open(lineitem)) {
      for (String condition : conditions) {
        FilterEvaluator evaluator = new FilterEvaluator(Expressions.parse(condition, file.schema()));
        List<RawInterval> intervals = evaluator.rawIntervals();
        int column = file.columnIndex(intervals.get(0).column());
        Field field = file.schema().getFields().get(column);
        List<ArrowBuf> segments = new ArrayList<>();
        List<FlatLayout> chunks = new ArrayList<>();
        try {
          for (Layout chunk : file.chunks(column)) {
            FlatLayout flat = (FlatLayout) chunk;
            chunks.add(flat);
            segments.add(file.readSegment(flat.segment(), allocator));
          }
          long bestDecoded = Long.MAX_VALUE;
          long bestEncoded = Long.MAX_VALUE;
          long passedDecoded = 0;
          long passedEncoded = 0;
          for (int pass = 0; pass < 5; pass++) {
            long start = System.nanoTime();
            passedDecoded = 0;
            for (int k = 0; k < segments.size(); k++) {
              try (FieldVector vector = file.decodeSegment(segments.get(k), field, "m", chunks.get(k), allocator)) {
                int rows = vector.getValueCount();
                passedDecoded += evaluator.evaluate(name -> ColumnSlice.plain(vector, 0), rows, new int[rows]);
              }
            }
            bestDecoded = Math.min(bestDecoded, System.nanoTime() - start);
            start = System.nanoTime();
            passedEncoded = 0;
            for (int k = 0; k < segments.size(); k++) {
              try (EncodedIntegers integers = file.openEncodedIntegers(segments.get(k), field, "m", chunks.get(k),
                  allocator)) {
                long[] bits = new long[(integers.rows() + 63) / 64];
                long[] more = new long[bits.length];
                for (int i = 0; i < intervals.size(); i++) {
                  RawInterval interval = intervals.get(i);
                  integers.select(interval.lower(), interval.upper(), interval.negated(), interval.members(),
                      i == 0 ? bits : more);
                  for (int w = 0; i > 0 && w < bits.length; w++) {
                    bits[w] &= more[w];
                  }
                }
                for (long word : bits) {
                  passedEncoded += Long.bitCount(word);
                }
              }
            }
            bestEncoded = Math.min(bestEncoded, System.nanoTime() - start);
          }
          System.out.printf("measure filter %s over %d segments: decode + evaluate %.1f ms, encoded select %.1f ms"
              + " (best of 5); %d rows pass%n", condition, segments.size(), bestDecoded / 1e6, bestEncoded / 1e6,
              passedEncoded);
          assertThat(passedEncoded).isEqualTo(passedDecoded);
        } finally {
          segments.forEach(ArrowBuf::close);
        }
      }
    }
  }

  /** Σ l_extendedprice × l_discount as an unscaled integer of scale 4. */
  private static BigInteger querySix(Path lineitem, int threads, BufferAllocator allocator) throws IOException {
    long high = 0;
    long low = 0;
    try (ScanResult result = Scan.of(lineitem).columns("l_extendedprice", "l_discount").filter(FILTER)
        .threads(threads).open(allocator)) {
      for (VectorSchemaRoot next = result.nextBatch(); next != null; next = result.nextBatch()) {
        try (VectorSchemaRoot batch = next) {
          DecimalVector price = (DecimalVector) batch.getVector(0);
          DecimalVector discount = (DecimalVector) batch.getVector(1);
          long prices = price.getDataBuffer().memoryAddress();
          long discounts = discount.getDataBuffer().memoryAddress();
          for (int i = 0; i < batch.getRowCount(); i++) {
            long product = MemoryUtil.getLong(prices + 16L * i) * MemoryUtil.getLong(discounts + 16L * i);
            long sum = low + product;
            high += (product >> 63) + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
            low = sum;
          }
        }
      }
    }
    return BigInteger.valueOf(high).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(low)));
  }
}
