package dev.quiver.exec.aggregate;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.keys.KeyKind;
import dev.quiver.exec.keys.KeyLayout;
import dev.quiver.exec.plan.AggregateCall;
import dev.quiver.exec.plan.AggregateNode;
import dev.quiver.exec.plan.KeyRange;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What an aggregate computes, resolved against its input schema: the key columns and their layout,
 * and per call its argument and FILTER columns, and for a DISTINCT call the layout of (keys,
 * argument) pairs. Immutable.
 */
final class AggregateSpec {
  final Schema input;
  final Schema output;
  final int[] keyOrdinals;
  final KeyLayout keyLayout;
  final List<AggregateCall> calls;
  final int[] argument;
  final int[] filter;
  /** Per call the input ordinal of its second argument (ARG_MIN's ordering, corr's x, ...), else -1. */
  final int[] ordering;
  final boolean[] distinct;
  final KeyKind[] argumentKind;
  final KeyLayout[] distinctLayout;
  final int[][] distinctColumns;
  /** Empty, or per key the range statistics bound it to (see {@link DirectGroupIndex}). */
  final List<KeyRange> keyRanges;

  AggregateSpec(List<Integer> groupKeys, List<AggregateCall> calls, Schema input, Schema output,
      List<KeyRange> keyRanges) {
    this.input = input;
    this.keyRanges = List.copyOf(keyRanges);
    this.output = output;
    this.keyOrdinals = groupKeys.stream().mapToInt(Integer::intValue).toArray();
    List<Field> fields = input.getFields();
    this.keyLayout = KeyLayout.of(fields, groupKeys);
    this.calls = List.copyOf(calls);
    int count = calls.size();
    argument = new int[count];
    filter = new int[count];
    ordering = new int[count];
    distinct = new boolean[count];
    argumentKind = new KeyKind[count];
    distinctLayout = new KeyLayout[count];
    distinctColumns = new int[count][];
    for (int c = 0; c < count; c++) {
      AggregateCall call = calls.get(c);
      boolean binary = call.function().binary() || call.function().optionalSecond() && call.arguments().size() == 2;
      if (call.arguments().size() != (binary ? 2 : Math.min(call.arguments().size(), 1))) {
        throw QuiverException.user(binary ? call + " needs two arguments"
            : "aggregates of more than one argument are not supported: " + call);
      }
      if (binary && call.distinct() && !call.function().optionalSecond()) {
        throw QuiverException.user("DISTINCT is not supported in " + call);
      }
      ordering[c] = binary ? call.arguments().get(1) : -1;
      argument[c] = call.arguments().isEmpty() ? -1 : call.arguments().get(0);
      filter[c] = call.filter();
      if (argument[c] < 0 && call.function() != dev.quiver.exec.plan.AggregateFunction.COUNT) {
        throw QuiverException.user(call + " needs an argument");
      }
      argumentKind[c] = argument[c] < 0 ? null : KeyKind.of(fields.get(argument[c]).getType());
      distinct[c] = call.distinct() && argument[c] >= 0;
      if (distinct[c]) {
        List<Integer> columns = new ArrayList<>(groupKeys);
        columns.add(argument[c]);
        distinctLayout[c] = KeyLayout.of(fields, columns);
        distinctColumns[c] = columns.stream().mapToInt(Integer::intValue).toArray();
      }
      newAccumulator(c);
    }
  }

  static AggregateSpec of(AggregateNode node, Schema input) {
    return new AggregateSpec(node.groupKeys(), node.calls(), input, node.schema(), node.keyRanges());
  }

  /** A new empty accumulator for call {@code c}. */
  Accumulator newAccumulator(int c) {
    AggregateCall call = calls.get(c);
    KeyKind kind = argumentKind[c];
    if (kind == KeyKind.INTERVAL) {
      switch (call.function()) {
        case COUNT, MIN, MAX, ANY_VALUE, SINGLE_VALUE -> {
          // kept as its raw 16 bytes; MIN and MAX compare spans
        }
        case ARG_MIN, ARG_MAX -> kind = KeyKind.DECIMAL; // a value carried as its raw 16 bytes
        default -> throw QuiverException.user(call.function().name().toLowerCase(java.util.Locale.ROOT)
            + " of an INTERVAL is not supported yet (use epoch(x), the seconds it spans)");
      }
    }
    switch (call.function()) {
      case COUNT:
        return new CountAccumulator();
      case SUM:
      case AVG: {
        boolean average = call.function() == dev.quiver.exec.plan.AggregateFunction.AVG;
        if (kind == KeyKind.FLOAT32 || kind == KeyKind.FLOAT64) {
          return new DoubleSumAccumulator(kind, average);
        }
        if (kind == KeyKind.INT8 || kind == KeyKind.INT16 || kind == KeyKind.INT32 || kind == KeyKind.INT64
            || kind == KeyKind.DECIMAL) {
          ArrowType type = input.getFields().get(argument[c]).getType();
          int scale = type instanceof ArrowType.Decimal decimal ? decimal.getScale() : 0;
          return new ExactSumAccumulator(kind, scale, average);
        }
        throw QuiverException.user(call + " needs a numeric argument, not " + input.getFields().get(argument[c]));
      }
      case MIN:
        return new ValueAccumulator(kind, ValueAccumulator.Mode.MIN);
      case MAX:
        return new ValueAccumulator(kind, ValueAccumulator.Mode.MAX);
      case ANY_VALUE:
        return new ValueAccumulator(kind, ValueAccumulator.Mode.ANY);
      case ARG_MIN:
      case ARG_MAX:
        KeyKind orderKind = KeyKind.of(input.getFields().get(ordering[c]).getType());
        if (orderKind == KeyKind.INTERVAL) {
          throw QuiverException.user(call.function().name().toLowerCase(java.util.Locale.ROOT)
              + " ordered by an INTERVAL is not supported yet (order by epoch(x))");
        }
        return new ArgExtremeAccumulator(kind, orderKind,
            call.function() == dev.quiver.exec.plan.AggregateFunction.ARG_MIN);
      case SINGLE_VALUE:
        return new ValueAccumulator(kind, ValueAccumulator.Mode.SINGLE);
      case VAR_SAMP, VAR_POP, STDDEV_SAMP, STDDEV_POP, COVAR_SAMP, COVAR_POP, CORR, REGR_SLOPE, REGR_INTERCEPT,
          REGR_COUNT, REGR_R2, REGR_AVGX, REGR_AVGY, REGR_SXX, REGR_SYY, REGR_SXY:
        return new MomentsAccumulator(call.function(), DoubleArgument.of(call, input.getFields().get(argument[c])),
            ordering[c] < 0 ? null : DoubleArgument.of(call, input.getFields().get(ordering[c])));
      case STRING_AGG:
      case STRING_AGG_ASC:
      case STRING_AGG_DESC:
        if (kind != KeyKind.BYTES) {
          throw QuiverException.user(call + " needs a text argument, not " + input.getFields().get(argument[c]));
        }
        return new StringAggAccumulator(call.function() == dev.quiver.exec.plan.AggregateFunction.STRING_AGG
            ? StringAggAccumulator.Order.ARRIVAL
            : call.function() == dev.quiver.exec.plan.AggregateFunction.STRING_AGG_ASC
                ? StringAggAccumulator.Order.ASCENDING
                : StringAggAccumulator.Order.DESCENDING);
      case APPROX_COUNT_DISTINCT:
        return new HyperLogLogAccumulator(kind);
      case MEDIAN, QUANTILE_CONT, QUANTILE_DISC, MODE:
        return new QuantileAccumulator(call.function(), input.getFields().get(argument[c]).getType(), call.type());
      default:
        throw new IllegalStateException(call.toString());
    }
  }

  int callCount() {
    return calls.size();
  }
}
