package dev.quiver.sql.copy;

import dev.quiver.io.csv.CsvFormat;
import dev.quiver.io.parquet.ParquetCodec;
import dev.quiver.sql.SqlException;
import dev.quiver.sql.StatementLexer;
import dev.quiver.sql.StatementLexer.Kind;
import dev.quiver.sql.StatementLexer.Token;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Recognises DuckDB's {@code COPY (query) TO 'path' [[WITH] (FORMAT csv|parquet|qvr|arrow, HEADER
 * true, DELIMITER ',', COMPRESSION zstd|snappy|uncompressed, SORT_BY 'a, b DESC')]} and {@code COPY table TO 'path' ...}
 * before Calcite sees the text (Calcite has no COPY). A malformed COPY fails with a {@link
 * SqlException} at its line:column.
 */
public final class CopyParser {
  private static final String SELECT_ALL_FROM = "SELECT * FROM ";
  private static final String OPTIONS = "FORMAT, HEADER, DELIMITER, NULLSTR, COMPRESSION or SORT_BY";

  private final StatementLexer lexer;
  private Token token;

  private CopyParser(String text) {
    this.lexer = new StatementLexer(text);
  }

  /** Whether {@code text}'s first word (after blanks and comments) is COPY. */
  public static boolean isCopy(String text) {
    try {
      return new StatementLexer(text).next().isWord("COPY");
    } catch (SqlException unclosed) {
      return false;
    }
  }

  /** The COPY statement of {@code text}, which {@link #isCopy} accepted. */
  public static CopyStatement parse(String text) {
    return new CopyParser(text).statement();
  }

  private CopyStatement statement() {
    advance(); // COPY
    advance();
    String query;
    int queryOffset;
    int prefix;
    if (token.isSymbol('(')) {
      int open = token.offset();
      int close = lexer.skipToClosingParenthesis(open, "the '(' after COPY is never closed: COPY (query) TO 'file'");
      query = lexer.text().substring(open + 1, close);
      if (query.isBlank()) {
        throw lexer.error(open, "COPY needs a query inside the parentheses: COPY (SELECT ...) TO 'file'");
      }
      queryOffset = open + 1;
      prefix = 0;
      advance();
    } else if ((token.kind() == Kind.WORD && !token.isWord("TO")) || token.kind() == Kind.QUOTED
        || token.kind() == Kind.STRING) {
      String name = lexer.text().substring(token.offset(), end(token));
      query = SELECT_ALL_FROM + name;
      queryOffset = token.offset();
      prefix = SELECT_ALL_FROM.length();
      advance();
      if (token.isWord("FROM")) {
        throw lexer.error(token.offset(),
            "COPY ... FROM (loading a file into a table) is not supported; query the file: SELECT * FROM 'file'");
      }
    } else {
      throw lexer.error(token.offset(), "expected a query in parentheses or a table name after COPY, found "
          + token.shown() + ": COPY (SELECT ...) TO 'file'");
    }
    if (!token.isWord("TO")) {
      throw lexer.error(token.offset(),
          "expected TO after " + (query.startsWith(SELECT_ALL_FROM) ? "the table" : "the query")
              + " of COPY, found " + token.shown() + ": COPY (SELECT ...) TO 'file'");
    }
    advance();
    if (token.kind() != Kind.STRING || token.value().isBlank()) {
      throw lexer.error(token.offset(), "expected the output file as a string after TO, found " + token.shown()
          + ": TO 'out.parquet'");
    }
    Token pathToken = token;
    Path path = Path.of(token.value());
    advance();
    CopyTarget target = options(pathToken, path);
    if (token.isSymbol(';')) {
      advance();
    }
    if (token.kind() != Kind.END) {
      throw lexer.error(token.offset(), "unexpected " + token.shown() + " after COPY ... TO '" + path + "'");
    }
    int line = lexer.line(queryOffset);
    int column = lexer.column(queryOffset) - prefix;
    return new CopyStatement(query, line, column, target);
  }

  private CopyTarget options(Token pathToken, Path path) {
    CopyFormat format = null;
    ParquetCodec codec = ParquetCodec.ZSTD;
    char delimiter = ',';
    boolean header = true;
    Token delimiterToken = null;
    String nullText = "";
    Token headerToken = null;
    Token compressionToken = null;
    SortOrder sortBy = null;
    if (token.isWord("WITH")) {
      advance();
      if (!token.isSymbol('(')) {
        throw lexer.error(token.offset(), "expected '(' and options after WITH, found " + token.shown());
      }
    }
    if (token.isSymbol('(')) {
      Set<String> seen = new HashSet<>();
      advance();
      while (true) {
        if (token.kind() != Kind.WORD) {
          throw lexer.error(token.offset(), "expected a COPY option (" + OPTIONS + "), found " + token.shown());
        }
        Token name = token;
        String option = StatementLexer.upper(name.value());
        if (!seen.add(option)) {
          throw lexer.error(name.offset(), "the COPY option " + option + " is given twice");
        }
        advance();
        if (token.isSymbol('=')) {
          advance();
        }
        Token value = token.isSymbol(',') || token.isSymbol(')') ? null : token;
        if (value != null) {
          if (value.kind() == Kind.END || value.kind() == Kind.SYMBOL) {
            throw lexer.error(value.offset(), "expected a value for " + option + ", found " + value.shown());
          }
          advance();
        }
        switch (option) {
          case "FORMAT":
            required(name, value);
            format = CopyFormat.named(value.value());
            if (format == null) {
              throw lexer.error(value.offset(),
                  "unknown COPY format " + value.shown() + ": use csv, parquet, qvr or arrow");
            }
            break;
          case "HEADER":
            headerToken = value == null ? name : value;
            if (value != null && !isTrue(value)) {
              if (!isFalse(value)) {
                throw lexer.error(value.offset(), "HEADER takes true or false, not " + value.shown());
              }
              header = false;
            }
            break;
          case "DELIMITER":
          case "DELIM":
          case "SEP":
            delimiterToken = required(name, value);
            if (value.kind() != Kind.STRING || value.value().length() != 1
                || !CsvFormat.isValidDelimiter(value.value().charAt(0))) {
              throw lexer.error(value.offset(), "DELIMITER takes one character in quotes, not a quote, a backslash or"
                  + " a line end: " + value.shown());
            }
            delimiter = value.value().charAt(0);
            break;
          case "NULLSTR":
          case "NULL":
            delimiterToken = required(name, value);
            if (value.kind() != Kind.STRING) {
              throw lexer.error(value.offset(),
                  "NULLSTR takes the text of a null field in quotes, not " + value.shown());
            }
            nullText = value.value();
            break;
          case "COMPRESSION":
          case "CODEC":
            compressionToken = required(name, value);
            codec = codec(value);
            break;
          case "SORT_BY":
            required(name, value);
            if (value.kind() != Kind.STRING) {
              throw lexer.error(value.offset(), "SORT_BY takes the columns in quotes, e.g. SORT_BY 'a, b DESC', not "
                  + value.shown());
            }
            try {
              sortBy = SortOrder.parse(value.value());
            } catch (dev.quiver.common.QuiverException bad) {
              throw lexer.error(value.offset(), bad.getMessage());
            }
            break;
          default:
            throw lexer.error(name.offset(), "unknown COPY option " + option + ": use " + OPTIONS);
        }
        if (token.isSymbol(')')) {
          advance();
          break;
        }
        if (!token.isSymbol(',')) {
          throw lexer.error(token.offset(), "expected ',' or ')' after the COPY option " + option + ", found "
              + token.shown());
        }
        advance();
      }
    }
    if (format == null) {
      format = CopyFormat.ofPath(path);
      if (format == null) {
        throw lexer.error(pathToken.offset(), "cannot tell which format to write '" + path
            + "' in: name it .qvr, .parquet, .csv or .arrow, or add (FORMAT csv|parquet|qvr|arrow)");
      }
    }
    if (format != CopyFormat.CSV) {
      Token csvOnly = headerToken != null ? headerToken : delimiterToken;
      if (csvOnly != null) {
        throw lexer.error(csvOnly.offset(), "HEADER, DELIMITER and NULLSTR apply to CSV, not " + format.optionName());
      }
    }
    if (format != CopyFormat.PARQUET && compressionToken != null) {
      throw lexer.error(compressionToken.offset(), "COMPRESSION applies to Parquet, not " + format.optionName());
    }
    return new CopyTarget(path, format, codec, delimiter, header, sortBy, nullText);
  }

  private Token required(Token name, Token value) {
    if (value == null) {
      throw lexer.error(name.offset(), "the COPY option " + StatementLexer.upper(name.value()) + " needs a value");
    }
    return value;
  }

  private ParquetCodec codec(Token value) {
    String name = value.value();
    if (name.equalsIgnoreCase("uncompressed")) {
      return ParquetCodec.NONE;
    }
    for (ParquetCodec codec : ParquetCodec.values()) {
      if (codec.displayName().equalsIgnoreCase(name)) {
        return codec;
      }
    }
    throw lexer.error(value.offset(), "unknown COMPRESSION " + value.shown() + ": use zstd, snappy or uncompressed");
  }

  private static boolean isTrue(Token value) {
    return value.isWord("true") || value.isWord("1") || value.isWord("on");
  }

  private static boolean isFalse(Token value) {
    return value.isWord("false") || value.isWord("0") || value.isWord("off");
  }

  private int end(Token name) {
    switch (name.kind()) {
      case WORD:
        return name.offset() + name.value().length();
      default:
        // a quoted name or string: find its closing quote (doubled quotes inside are part of it)
        char quote = lexer.text().charAt(name.offset());
        int i = name.offset() + 1;
        while (i < lexer.text().length()) {
          if (lexer.text().charAt(i) == quote) {
            if (i + 1 < lexer.text().length() && lexer.text().charAt(i + 1) == quote) {
              i += 2;
              continue;
            }
            return i + 1;
          }
          i++;
        }
        return lexer.text().length();
    }
  }

  private void advance() {
    token = lexer.next();
  }
}
