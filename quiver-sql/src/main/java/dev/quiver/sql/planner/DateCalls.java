package dev.quiver.sql.planner;

import dev.quiver.exec.expression.Functions;
import dev.quiver.expression.Call;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Literal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;

/** Translates the calls of {@link DateOperators} into engine calls (see {@link Functions}). */
final class DateCalls {
  private static final ArrowType BIGINT = new ArrowType.Int(64, true);

  /** The start of the query being planned on this thread (see {@link #atQueryStart}): now() and CURRENT_DATE. */
  private static final ThreadLocal<Instant> QUERY_START = new ThreadLocal<>();
  /** The session's time zone while a query is planned on this thread: TIMESTAMPTZ values are shown and cast in it. */
  private static final ThreadLocal<ZoneId> SESSION_ZONE = new ThreadLocal<>();

  private DateCalls() {}

  /**
   * Runs the planning of one query in the session's time zone: every now(), CURRENT_TIMESTAMP and CURRENT_DATE
   * in it is the same instant.
   */
  static <T> T atQueryStart(ZoneId zone, Supplier<T> planning) {
    Instant previous = QUERY_START.get();
    ZoneId previousZone = SESSION_ZONE.get();
    QUERY_START.set(Instant.now().truncatedTo(ChronoUnit.MICROS));
    SESSION_ZONE.set(zone);
    try {
      return planning.get();
    } finally {
      if (previous == null) {
        QUERY_START.remove();
        SESSION_ZONE.remove();
      } else {
        QUERY_START.set(previous);
        SESSION_ZONE.set(previousZone);
      }
    }
  }

  /** The zone TIMESTAMPTZ values of the query being planned are in, as an Arrow zone ({@code UTC} by default). */
  static String sessionZone() {
    ZoneId zone = SESSION_ZONE.get();
    return zone == null || zone.normalized().equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
  }

  private static Instant queryStart() {
    Instant start = QUERY_START.get();
    return start != null ? start : Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  /** The engine expression of {@code call} (its operator's upper-case name {@code name}), or null when not one of ours. */
  static Expression translate(RexTranslator translator, String name, RexCall call) {
    List<RexNode> operands = call.getOperands();
    ArrowType type = RexTranslator.type(call);
    switch (name) {
      case "NOW", "GET_CURRENT_TIMESTAMP", "TRANSACTION_TIMESTAMP" -> {
        return new Literal(queryStart(), type);
      }
      case "CURRENT_TIMESTAMP", "LOCALTIMESTAMP" -> {
        return new Literal(LocalDateTime.ofInstant(queryStart(), ZoneOffset.UTC), type);
      }
      case "CURRENT_DATE" -> {
        return new Literal(LocalDate.ofInstant(queryStart(), ZoneOffset.UTC), type);
      }
      default -> {}
    }
    String function = switch (name) {
      case "DATE_DIFF", "DATEDIFF" -> Functions.DATE_DIFF;
      case "MAKE_DATE" -> Functions.MAKE_DATE;
      case "MAKE_TIMESTAMP" -> Functions.MAKE_TIMESTAMP;
      case "DAYNAME" -> Functions.DAYNAME;
      case "MONTHNAME" -> Functions.MONTHNAME;
      case "EPOCH" -> Functions.EPOCH;
      case "EPOCH_MS" -> Functions.EPOCH_MS;
      case "TO_TIMESTAMP" -> Functions.TO_TIMESTAMP;
      case "STRFTIME" -> Functions.STRFTIME;
      case "STRPTIME" -> Functions.STRPTIME;
      case "TRY_STRPTIME" -> Functions.TRY_STRPTIME;
      case "DATE_PART", "DATEPART" -> datePart(operands);
      case "DATE_ADD" -> {
        yield "";
      }
      case "AGE" -> {
        yield "";
      }
      default -> null;
    };
    if (function == null) {
      return null;
    }
    if (name.equals("AGE")) {
      Expression first = operands.size() == 1
          ? new Literal(LocalDate.ofInstant(queryStart(), ZoneOffset.UTC).atStartOfDay(), IntervalCalls.TIMESTAMP)
          : translator.translate(operands.get(0));
      return IntervalCalls.age(first, translator.translate(operands.get(operands.size() - 1)));
    }
    if (name.equals("DATE_ADD")) {
      return translator.dateAdd(call, operands.get(0), operands.get(1), false);
    }
    List<Expression> arguments = new ArrayList<>();
    boolean epochPart = function.equals(Functions.EPOCH) && operands.size() == 2;
    for (RexNode operand : epochPart ? operands.subList(1, 2) : operands) {
      arguments.add(translator.translate(operand));
    }
    if (function.equals(Functions.EXTRACT)) {
      return RexTranslator.castTo(new Call(Functions.EXTRACT, arguments, BIGINT), type);
    }
    if (function.equals(Functions.DATE_DIFF)
        || (function.equals(Functions.EPOCH_MS) && type instanceof ArrowType.Int)) {
      return RexTranslator.castTo(new Call(function, arguments, BIGINT), type);
    }
    return new Call(function, arguments, type);
  }

  /** date_part(part, x): EXTRACT, or epoch (a DOUBLE) for {@code 'epoch'}. */
  private static String datePart(List<RexNode> operands) {
    if (operands.get(0) instanceof RexLiteral literal && literal.getValueAs(String.class) != null
        && literal.getValueAs(String.class).strip().toLowerCase(Locale.ROOT).equals("epoch")) {
      return Functions.EPOCH;
    }
    return Functions.EXTRACT;
  }

  /** The engine form of {@code left ± right} for DateOperators' date forms; null when not one. */
  static Expression arithmetic(RexTranslator translator, RexCall call, boolean plus) {
    RexNode left = call.getOperands().get(0);
    RexNode right = call.getOperands().get(1);
    if (!DateOperators.dateForm(plus, left.getType(), right.getType())) {
      return null;
    }
    SqlTypeName a = left.getType().getSqlTypeName();
    SqlTypeName b = right.getType().getSqlTypeName();
    if (a == SqlTypeName.DATE && b == SqlTypeName.DATE) {
      return new Call(Functions.DATE_DIFF, List.of(new Literal("day", ArrowType.Utf8.INSTANCE),
          translator.translate(right), translator.translate(left)), BIGINT);
    }
    if (SqlTypeName.INTERVAL_TYPES.contains(a) && SqlTypeName.INTERVAL_TYPES.contains(b)) {
      return new Call(plus ? Functions.ADD : Functions.SUBTRACT, List.of(translator.translate(left),
          translator.translate(right)), IntervalCalls.INTERVAL);
    }
    if (SqlTypeName.INTERVAL_TYPES.contains(a)) {
      return translator.dateAdd(call, right, left, false);
    }
    if (SqlTypeName.INTERVAL_TYPES.contains(b)) {
      return translator.dateAdd(call, left, right, !plus);
    }
    if (a != SqlTypeName.DATE && b != SqlTypeName.DATE) {
      return IntervalCalls.difference(translator.translate(left), translator.translate(right));
    }
    RexNode date = a == SqlTypeName.DATE ? left : right;
    RexNode days = a == SqlTypeName.DATE ? right : left;
    Expression amount = RexTranslator.castTo(translator.translate(days), BIGINT);
    if (!plus) {
      amount = amount instanceof Literal literal && literal.value() instanceof java.math.BigDecimal number
          ? new Literal(number.negate(), BIGINT) : new Call(Functions.NEGATE, List.of(amount), BIGINT);
    }
    return new Call(Functions.DATE_ADD_DAYS, List.of(translator.translate(date), amount), RexTranslator.type(call));
  }
}
