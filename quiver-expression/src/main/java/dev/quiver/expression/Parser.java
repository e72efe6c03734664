package dev.quiver.expression;

import dev.quiver.common.QuiverException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/** A recursive-descent parser of filter text: OR of ANDs of (NOT) predicates. */
final class Parser {
  private static final int MAXIMUM_NESTING = 200;

  private final List<Token> tokens;
  private final ParseErrors errors;
  private final ColumnResolver resolver;
  private int next;
  private int nesting;

  /** A column or a constant on one side of a predicate. */
  private record Operand(ColumnReference column, Object value, int position) {
    boolean isColumn() {
      return column != null;
    }
  }

  private Parser(String text, Schema schema) {
    this.errors = new ParseErrors(text);
    this.tokens = Lexer.tokens(text, errors);
    this.resolver = new ColumnResolver(schema);
  }

  static Expression parse(String text, Schema schema) {
    Parser parser = new Parser(text, schema);
    if (parser.peek().kind() == Token.Kind.END) {
      throw parser.errors.at(0, "the filter is empty");
    }
    Expression expression = parser.disjunction();
    if (parser.peek().kind() != Token.Kind.END) {
      throw parser.unexpected("AND, OR or the end");
    }
    return expression;
  }

  private Expression disjunction() {
    List<Expression> operands = new ArrayList<>(List.of(conjunction()));
    while (peek().isKeyword("OR")) {
      next++;
      operands.add(conjunction());
    }
    return operands.size() == 1 ? operands.get(0) : new Or(operands);
  }

  private Expression conjunction() {
    List<Expression> operands = new ArrayList<>(List.of(negation()));
    while (peek().isKeyword("AND")) {
      next++;
      operands.add(negation());
    }
    return operands.size() == 1 ? operands.get(0) : new And(operands);
  }

  private Expression negation() {
    if (peek().isKeyword("NOT")) {
      next++;
      enter();
      Expression operand = negation();
      nesting--;
      return new Not(operand);
    }
    return predicate();
  }

  private void enter() {
    if (++nesting > MAXIMUM_NESTING) {
      throw errors.at(peek().position(), "the filter nests deeper than " + MAXIMUM_NESTING + " levels");
    }
  }

  private Expression predicate() {
    if (peek().kind() == Token.Kind.LEFT_PARENTHESIS) {
      next++;
      enter();
      Expression inner = disjunction();
      nesting--;
      expect(Token.Kind.RIGHT_PARENTHESIS, "')'");
      return inner;
    }
    if (peek().kind() == Token.Kind.IDENTIFIER && tokens.get(next + 1).kind() == Token.Kind.LEFT_PARENTHESIS) {
      return function();
    }
    Operand left = operand();
    Token token = peek();
    if (token.kind() == Token.Kind.OPERATOR) {
      next++;
      return comparison(left, operator(token.text()), operand());
    }
    boolean negated = token.isKeyword("NOT");
    if (negated) {
      next++;
      token = peek();
      if (!token.isKeyword("BETWEEN") && !token.isKeyword("IN") && !token.isKeyword("LIKE")) {
        throw unexpected("BETWEEN, IN or LIKE after NOT");
      }
    }
    if (token.isKeyword("BETWEEN") || token.isKeyword("IN") || token.isKeyword("LIKE") || token.isKeyword("IS")) {
      next++;
      ColumnReference column = requireColumn(left, token.text().toUpperCase(java.util.Locale.ROOT));
      return switch (token.text().toUpperCase(java.util.Locale.ROOT)) {
        case "BETWEEN" -> between(column, negated);
        case "IN" -> in(column, negated);
        case "LIKE" -> like(column, negated, left.position());
        default -> isNull(column);
      };
    }
    return standalone(left);
  }

  /** A predicate that is just an operand: a boolean column, TRUE, FALSE or NULL. */
  private Expression standalone(Operand operand) {
    if (operand.isColumn() && operand.column().type() instanceof ArrowType.Bool) {
      return new Comparison(operand.column(), ComparisonOperator.EQUAL, new Literal(true, ArrowType.Bool.INSTANCE));
    }
    if (!operand.isColumn() && (operand.value() == null || operand.value() instanceof Boolean)) {
      return new Constant((Boolean) operand.value());
    }
    throw unexpected("a comparison, BETWEEN, IN, IS, LIKE or NOT after "
        + (operand.isColumn() ? "column " + operand.column() : "the constant"));
  }

  private Expression comparison(Operand left, ComparisonOperator operator, Operand right) {
    if (left.isColumn() && right.isColumn()) {
      throw errors.at(right.position(), "comparing two columns is not supported; compare a column with a constant");
    }
    if (!left.isColumn() && !right.isColumn()) {
      throw errors.at(left.position(), "a comparison needs a column on one side");
    }
    Operand column = left.isColumn() ? left : right;
    Operand constant = left.isColumn() ? right : left;
    ComparisonOperator oriented = left.isColumn() ? operator : operator.flip();
    return new Comparison(column.column(), oriented, literal(constant, column.column()));
  }

  private Expression between(ColumnReference column, boolean negated) {
    Literal low = literal(constantOperand(), column);
    if (!peek().isKeyword("AND")) {
      throw unexpected("AND of BETWEEN");
    }
    next++;
    Literal high = literal(constantOperand(), column);
    return new Between(column, low, high, negated);
  }

  private Expression in(ColumnReference column, boolean negated) {
    expect(Token.Kind.LEFT_PARENTHESIS, "'(' after IN");
    List<Literal> values = new ArrayList<>();
    do {
      values.add(literal(constantOperand(), column));
    } while (accept(Token.Kind.COMMA));
    expect(Token.Kind.RIGHT_PARENTHESIS, "',' or ')' in the IN list");
    return new InList(column, values, negated);
  }

  private Expression like(ColumnReference column, boolean negated, int columnPosition) {
    if (!(column.type() instanceof ArrowType.Utf8)) {
      throw errors.at(columnPosition, "LIKE needs a utf8 column; " + column + " is "
          + LiteralCoercion.typeName(column.type()));
    }
    Token pattern = expect(Token.Kind.STRING, "a string pattern after LIKE");
    Character escape = null;
    if (peek().isKeyword("ESCAPE")) {
      next++;
      Token escapeToken = expect(Token.Kind.STRING, "a one-character string after ESCAPE");
      if (escapeToken.text().length() != 1) {
        throw errors.at(escapeToken.position(), "ESCAPE takes exactly one character");
      }
      escape = escapeToken.text().charAt(0);
    }
    try {
      return new Like(column, pattern.text(), escape, negated);
    } catch (QuiverException failure) {
      throw errors.at(pattern.position(), failure.getMessage());
    }
  }

  private Expression isNull(ColumnReference column) {
    boolean negated = accept("NOT");
    if (!accept("NULL")) {
      throw unexpected(negated ? "NULL after IS NOT" : "NULL or NOT NULL after IS");
    }
    return new IsNull(column, negated);
  }

  private Expression function() {
    Token name = tokens.get(next);
    if (!name.text().equalsIgnoreCase("starts_with")) {
      throw errors.at(name.position(), "unknown function " + name.text() + " (filters know starts_with)");
    }
    next += 2;
    Operand column = operand();
    ColumnReference reference = requireColumn(column, "starts_with");
    if (!(reference.type() instanceof ArrowType.Utf8) && !(reference.type() instanceof ArrowType.Binary)) {
      throw errors.at(column.position(), "starts_with needs a utf8 or binary column; " + reference + " is "
          + LiteralCoercion.typeName(reference.type()));
    }
    expect(Token.Kind.COMMA, "',' between the arguments of starts_with");
    Literal prefix = literal(constantOperand(), reference);
    expect(Token.Kind.RIGHT_PARENTHESIS, "')' after the arguments of starts_with");
    return new StartsWith(reference, prefix);
  }

  private Operand constantOperand() {
    Operand operand = operand();
    if (operand.isColumn()) {
      throw errors.at(operand.position(), "expected a constant, found column " + operand.column());
    }
    return operand;
  }

  private Operand operand() {
    Token token = peek();
    int position = token.position();
    next++;
    switch (token.kind()) {
      case MINUS, PLUS: {
        Token number = peek();
        if (number.kind() != Token.Kind.NUMBER) {
          next--;
          throw errors.at(number.position(),
              "expected a number after '" + token.text() + "', found " + number.describe());
        }
        next++;
        BigDecimal value = (BigDecimal) number.value();
        return new Operand(null, token.kind() == Token.Kind.MINUS ? value.negate() : value, position);
      }
      case NUMBER, BINARY:
        return new Operand(null, token.value(), position);
      case STRING:
        return new Operand(null, token.text(), position);
      case QUOTED_IDENTIFIER:
        return new Operand(resolver.resolve(token.text(), true, position, errors), null, position);
      case IDENTIFIER:
        return identifierOperand(token);
      default:
        next--;
        throw unexpected("a column or a constant");
    }
  }

  private Operand identifierOperand(Token token) {
    int position = token.position();
    String word = token.text().toUpperCase(java.util.Locale.ROOT);
    switch (word) {
      case "TRUE", "FALSE":
        return new Operand(null, word.equals("TRUE"), position);
      case "NULL":
        return new Operand(null, null, position);
      case "DATE", "TIMESTAMP":
        if (peek().kind() == Token.Kind.STRING) {
          Token text = tokens.get(next++);
          Object value = word.equals("DATE") ? TemporalText.parseDate(text.text())
              : TemporalText.parseTimestamp(text.text());
          if (value == null) {
            throw errors.at(text.position(),
                SqlText.string(text.text()) + " is not a " + word.toLowerCase(java.util.Locale.ROOT)
                    + (word.equals("DATE") ? " (yyyy-mm-dd)" : " (yyyy-mm-dd hh:mm:ss[.fraction][Z|+hh:mm])"));
          }
          return new Operand(null, value, position);
        }
        break;
      default:
        if (SqlText.KEYWORDS.contains(word)) {
          next--;
          throw unexpected("a column or a constant");
        }
    }
    return new Operand(resolver.resolve(token.text(), false, position, errors), null, position);
  }

  private Literal literal(Operand constant, ColumnReference column) {
    try {
      return LiteralCoercion.coerce(constant.value(), column);
    } catch (QuiverException failure) {
      throw errors.at(constant.position(), failure.getMessage());
    }
  }

  private ColumnReference requireColumn(Operand operand, String what) {
    if (!operand.isColumn()) {
      throw errors.at(operand.position(), what + " needs a column on its left, not a constant");
    }
    return operand.column();
  }

  private static ComparisonOperator operator(String symbol) {
    return switch (symbol) {
      case "=" -> ComparisonOperator.EQUAL;
      case "<>" -> ComparisonOperator.NOT_EQUAL;
      case "<" -> ComparisonOperator.LESS;
      case "<=" -> ComparisonOperator.LESS_OR_EQUAL;
      case ">" -> ComparisonOperator.GREATER;
      default -> ComparisonOperator.GREATER_OR_EQUAL;
    };
  }

  private Token peek() {
    return tokens.get(next);
  }

  private boolean accept(Token.Kind kind) {
    if (peek().kind() == kind) {
      next++;
      return true;
    }
    return false;
  }

  private boolean accept(String keyword) {
    if (peek().isKeyword(keyword)) {
      next++;
      return true;
    }
    return false;
  }

  private Token expect(Token.Kind kind, String what) {
    if (peek().kind() != kind) {
      throw unexpected(what);
    }
    return tokens.get(next++);
  }

  private QuiverException unexpected(String expected) {
    return errors.at(peek().position(), "expected " + expected + ", found " + peek().describe());
  }
}
