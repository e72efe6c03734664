package dev.quiver.exec.aggregate;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.keys.KeyTestData;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.plan.AggregateCall;
import dev.quiver.exec.plan.AggregateFunction;
import dev.quiver.exec.plan.AggregateNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/** Runs a hash aggregate on threads, and computes the same aggregate over boxed rows (the reference). */
final class AggregateTestSupport {
  private AggregateTestSupport() {}

  /** Feeds the batches to {@code threads} sinks (round-robin, one thread each), combines, finishes, reads. */
  static List<Object[]> run(HashAggregateFactory factory, List<Batch> batches, int threads, ExecutionContext context,
      BufferAllocator allocator) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        futures.add(pool.submit(() -> {
          try (Sink sink = factory.create(context)) {
            for (int b = thread; b < batches.size(); b += threads) {
              sink.consume(batches.get(b));
            }
            factory.combine(sink, context);
          }
          return null;
        }));
      }
      Exception failure = null;
      for (Future<?> future : futures) {
        try {
          future.get();
        } catch (java.util.concurrent.ExecutionException e) {
          failure = failure == null ? (Exception) e.getCause() : failure;
        }
      }
      if (failure != null) {
        throw failure;
      }
    } finally {
      pool.shutdown();
      batches.forEach(Batch::close);
    }
    factory.finish(context);
    return readAll(factory.output(), context, allocator);
  }

  static List<Object[]> readAll(MorselSource source, ExecutionContext context, BufferAllocator allocator)
      throws IOException {
    List<Object[]> rows = new ArrayList<>();
    Morsel morsel;
    while ((morsel = source.next(context)) != null) {
      try (Morsel open = morsel) {
        Batch batch;
        while ((batch = open.next()) != null) {
          rows.addAll(KeyTestData.read(batch, allocator));
        }
      }
    }
    return rows;
  }

  /** The aggregate over boxed rows: one output row per group (keys, then calls), as TestingRandomData reads. */
  static List<Object[]> reference(AggregateNode node, List<Object[]> rows) {
    int[] keys = node.groupKeys().stream().mapToInt(Integer::intValue).toArray();
    Map<List<Object>, List<Object[]>> groups = new LinkedHashMap<>();
    for (Object[] row : rows) {
      groups.computeIfAbsent(KeyTestData.keyOf(row, keys), key -> new ArrayList<>()).add(row);
    }
    if (keys.length == 0 && groups.isEmpty()) {
      groups.put(List.of(), List.of());
    }
    List<Object[]> result = new ArrayList<>();
    for (List<Object[]> group : groups.values()) {
      List<Object> out = new ArrayList<>();
      for (int key : keys) {
        out.add(group.get(0)[key]);
      }
      for (AggregateCall call : node.calls()) {
        out.add(compute(call, group));
      }
      result.add(out.toArray());
    }
    return result;
  }

  private static Object compute(AggregateCall call, List<Object[]> group) {
    List<Object> values = new ArrayList<>();
    int argument = call.arguments().isEmpty() ? -1 : call.arguments().get(0);
    Set<Object> seen = new HashSet<>();
    for (Object[] row : group) {
      if (call.filter() >= 0 && !Boolean.TRUE.equals(row[call.filter()])) {
        continue;
      }
      Object value = argument < 0 ? Boolean.TRUE : row[argument];
      if (call.function() == AggregateFunction.SINGLE_VALUE) {
        values.add(value);
        continue;
      }
      if (value == null || (call.distinct() && !seen.add(KeyTestData.key(value)))) {
        continue;
      }
      values.add(value);
    }
    ArrowType type = call.type();
    switch (call.function()) {
      case COUNT:
        return (long) values.size();
      case SUM:
      case AVG: {
        if (values.isEmpty()) {
          return null;
        }
        if (values.get(0) instanceof Double) {
          double sum = 0;
          for (Object value : values) {
            sum += (Double) value;
          }
          return call.function() == AggregateFunction.SUM ? sum : sum / values.size();
        }
        BigDecimal sum = BigDecimal.ZERO;
        for (Object value : values) {
          sum = sum.add(value instanceof BigDecimal decimal ? decimal : BigDecimal.valueOf((Long) value));
        }
        BigDecimal count = BigDecimal.valueOf(values.size());
        if (type instanceof ArrowType.Decimal decimal) {
          BigDecimal result = call.function() == AggregateFunction.SUM ? sum
              : sum.divide(count, decimal.getScale(), RoundingMode.HALF_UP);
          return result.setScale(decimal.getScale(), RoundingMode.HALF_UP);
        }
        if (type instanceof ArrowType.Int) {
          return call.function() == AggregateFunction.SUM ? sum.longValueExact()
              : sum.divide(count, 0, RoundingMode.DOWN).longValueExact();
        }
        return call.function() == AggregateFunction.SUM ? sum.doubleValue()
            : sum.divide(count, MathContext.DECIMAL64).doubleValue();
      }
      case MIN:
        return values.stream().min(ORDER).orElse(null);
      case MAX:
        return values.stream().max(ORDER).orElse(null);
      case ANY_VALUE:
        return values.isEmpty() ? null : values.get(0);
      case SINGLE_VALUE:
        if (values.size() > 1) {
          throw new IllegalStateException("more than one row");
        }
        return values.isEmpty() ? null : values.get(0);
      default:
        throw new IllegalStateException();
    }
  }

  /** SQL ordering of the cells of one column: doubles as Double.compare, strings and bytes by unsigned bytes. */
  static final Comparator<Object> ORDER = (a, b) -> {
    if (a instanceof String x && b instanceof String y) {
      return Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8), y.getBytes(StandardCharsets.UTF_8));
    }
    if (a instanceof byte[] x && b instanceof byte[] y) {
      return Arrays.compareUnsigned(x, y);
    }
    if (a instanceof Boolean x && b instanceof Boolean y) {
      return Boolean.compare(x, y);
    }
    if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
      return x.compareTo(y);
    }
    if (a instanceof Double x && b instanceof Double y) {
      return Double.compare(x, y);
    }
    return Long.compare((Long) a, (Long) b);
  };

  /** Rows as comparable strings (doubles rounded to 9 significant digits, keys by SQL equality), sorted. */
  static List<String> canonical(List<Object[]> rows) {
    List<String> result = new ArrayList<>();
    for (Object[] row : rows) {
      StringBuilder text = new StringBuilder();
      for (Object cell : row) {
        text.append(describe(cell)).append(" | ");
      }
      result.add(text.toString());
    }
    result.sort(null);
    return result;
  }

  private static String describe(Object cell) {
    if (cell instanceof Double number) {
      if (number.isNaN() || number.isInfinite()) {
        return number.toString();
      }
      // the same value at 9 digits prints the same (-41.5 exact and -41.50000000001 summed in another order)
      return number == 0.0 ? "0.0" : new BigDecimal(number).round(new MathContext(9)).stripTrailingZeros().toString();
    }
    if (cell instanceof byte[] bytes) {
      return "0x" + java.util.HexFormat.of().formatHex(bytes);
    }
    if (cell instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    return String.valueOf(cell);
  }

  static AggregateNode node(Schema schema, List<Integer> keys, List<AggregateCall> calls) {
    return new AggregateNode(new dev.quiver.exec.plan.ValuesNode(schema, List.of()), keys, calls);
  }
}
