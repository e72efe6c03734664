package dev.quiver.sql.database;

import dev.quiver.sql.SqlException;
import dev.quiver.sql.StatementLexer;
import dev.quiver.sql.StatementLexer.Kind;
import dev.quiver.sql.StatementLexer.Token;
import dev.quiver.sql.database.DatabaseStatement.Column;
import dev.quiver.sql.database.DatabaseStatement.Name;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads the statements that change the database, before Calcite sees anything: CREATE TABLE / VIEW /
 * SCHEMA / INDEX, DROP, INSERT, UPDATE, DELETE, TRUNCATE, ALTER TABLE, VACUUM and CHECKPOINT. Their
 * queries, expressions and conditions are kept as text, planned later as parts of queries. Errors
 * carry the line and column of the offending token.
 */
public final class DatabaseStatementParser {
  private static final Set<String> FIRST_WORDS = Set.of("CREATE", "DROP", "INSERT", "UPDATE", "DELETE", "ALTER",
      "VACUUM", "CHECKPOINT", "TRUNCATE", "BEGIN", "COMMIT", "ROLLBACK", "ABORT");
  private static final Set<String> CONSTRAINT_WORDS = Set.of("NOT", "NULL", "PRIMARY", "UNIQUE", "DEFAULT", "CHECK",
      "REFERENCES", "COLLATE", "CONSTRAINT", "GENERATED", "AS");

  private final StatementLexer lexer;
  private Token token;

  private DatabaseStatementParser(String sql) {
    this.lexer = new StatementLexer(sql);
    this.token = lexer.next();
  }

  /** Whether {@code sql} is one of these statements (by its first word). */
  public static boolean isDatabaseStatement(String sql) {
    Token first = new StatementLexer(sql).next();
    return first.kind() == Kind.WORD && FIRST_WORDS.contains(first.value().toUpperCase(Locale.ROOT));
  }

  /** The statement {@code sql} holds. */
  public static DatabaseStatement parse(String sql) {
    return new DatabaseStatementParser(sql).statement();
  }

  private DatabaseStatement statement() {
    String first = word();
    return switch (first) {
      case "CREATE" -> create();
      case "DROP" -> drop();
      case "INSERT" -> insert();
      case "UPDATE" -> update();
      case "DELETE" -> delete();
      case "TRUNCATE" -> truncate();
      case "ALTER" -> alter();
      case "VACUUM" -> vacuum();
      case "CHECKPOINT" -> {
        end();
        yield new DatabaseStatement.Vacuum(null);
      }
      case "BEGIN", "COMMIT", "ROLLBACK", "ABORT" -> throw error("transactions are not supported yet: each"
          + " statement commits by itself (" + first + ")");
      default -> throw error("a statement cannot start with " + first);
    };
  }

  private DatabaseStatement create() {
    boolean orReplace = false;
    if (accept("OR")) {
      expect("REPLACE");
      orReplace = true;
    }
    boolean temporary = accept("TEMP") || accept("TEMPORARY");
    if (accept("UNIQUE") || token.isWord("INDEX")) {
      expect("INDEX");
      boolean ifNotExists = acceptAll("IF", "NOT", "EXISTS");
      String index = token.isWord("ON") ? null : name().name();
      expect("ON");
      Name table = name();
      return new DatabaseStatement.CreateIndex(index, table, ifNotExists);
    }
    if (accept("SCHEMA")) {
      boolean ifNotExists = acceptAll("IF", "NOT", "EXISTS");
      Name schema = name();
      end();
      return new DatabaseStatement.CreateSchema(schema.name(), ifNotExists);
    }
    if (accept("VIEW")) {
      boolean ifNotExists = acceptAll("IF", "NOT", "EXISTS");
      Name view = name();
      List<String> columns = token.isSymbol('(') ? nameList() : List.of();
      expect("AS");
      return new DatabaseStatement.CreateView(view, temporary, ifNotExists, orReplace, columns, rest());
    }
    if (!accept("TABLE")) {
      throw error("CREATE takes TABLE, VIEW, SCHEMA or INDEX here, not " + token.shown());
    }
    boolean ifNotExists = acceptAll("IF", "NOT", "EXISTS");
    Name table = name();
    if (accept("AS")) {
      return new DatabaseStatement.CreateTable(table, temporary, ifNotExists, orReplace, List.of(), rest());
    }
    if (!token.isSymbol('(')) {
      throw error("CREATE TABLE " + table + " takes (columns) or AS query, not " + token.shown());
    }
    List<Column> columns = columnDefinitions();
    end();
    return new DatabaseStatement.CreateTable(table, temporary, ifNotExists, orReplace, columns, null);
  }

  /** {@code (column type constraints, ..., table constraints)}. */
  private List<Column> columnDefinitions() {
    advance();
    List<Column> columns = new ArrayList<>();
    List<String> primaryKey = new ArrayList<>();
    List<List<String>> uniqueKeys = new ArrayList<>();
    while (true) {
      if (token.isWord("PRIMARY")) {
        advance();
        expect("KEY");
        primaryKey.addAll(nameList());
      } else if (token.isWord("UNIQUE") || token.isWord("CONSTRAINT") || token.isWord("CHECK")
          || token.isWord("FOREIGN")) {
        if (token.isWord("CONSTRAINT")) {
          advance();
          name();
        }
        if (accept("UNIQUE")) {
          uniqueKeys.add(nameList());
        } else if (accept("PRIMARY")) {
          expect("KEY");
          primaryKey.addAll(nameList());
        } else {
          throw error("table constraints other than PRIMARY KEY and UNIQUE are not supported yet ("
              + token.shown() + ")");
        }
      } else {
        columns.add(column());
      }
      if (token.isSymbol(')')) {
        advance();
        break;
      }
      expectSymbol(',');
    }
    if (columns.isEmpty()) {
      throw error("a table needs at least one column");
    }
    List<Column> keyed = new ArrayList<>();
    for (Column column : columns) {
      boolean primary = primaryKey.stream().anyMatch(key -> key.equalsIgnoreCase(column.name()));
      String unique = column.uniqueKey();
      for (List<String> key : uniqueKeys) {
        if (unique == null && key.stream().anyMatch(name -> name.equalsIgnoreCase(column.name()))) {
          unique = "unique(" + String.join(",", key).toLowerCase(Locale.ROOT) + ")";
        }
      }
      keyed.add(new Column(column.name(), column.type(), column.notNull() || primary,
          column.primaryKey() || primary, unique, column.defaultValue()));
    }
    return keyed;
  }

  /** {@code name type [NOT NULL | NULL | PRIMARY KEY | UNIQUE | DEFAULT expression]...}. */
  private Column column() {
    String name = identifier();
    int typeStart = token.offset();
    int typeEnd = scan(() -> token.isSymbol(',') || token.isSymbol(')') || token.kind() == Kind.WORD
        && CONSTRAINT_WORDS.contains(token.value().toUpperCase(Locale.ROOT)) && token.offset() > typeStart);
    if (typeEnd == typeStart) {
      throw error("column " + name + " needs a type");
    }
    String type = lexer.text().substring(typeStart, typeEnd).trim();
    boolean notNull = false;
    boolean primaryKey = false;
    String unique = null;
    String defaultValue = null;
    while (!token.isSymbol(',') && !token.isSymbol(')') && token.kind() != Kind.END) {
      if (accept("NOT")) {
        expect("NULL");
        notNull = true;
      } else if (accept("NULL")) {
        notNull = false;
      } else if (accept("PRIMARY")) {
        expect("KEY");
        primaryKey = true;
        notNull = true;
      } else if (accept("UNIQUE")) {
        unique = "unique(" + name.toLowerCase(Locale.ROOT) + ")";
      } else if (accept("DEFAULT")) {
        defaultValue = expressionUntilColumnEnd();
      } else if (accept("CONSTRAINT")) {
        name();
      } else {
        throw error("column constraint " + token.shown() + " is not supported yet (NOT NULL, PRIMARY KEY, UNIQUE"
            + " and DEFAULT are)");
      }
    }
    return new Column(name, type, notNull, primaryKey, unique, defaultValue);
  }

  private String expressionUntilColumnEnd() {
    int start = token.offset();
    int end = scan(() -> token.isSymbol(',') || token.isSymbol(')') || token.isWord("NOT") || token.isWord("PRIMARY")
        || token.isWord("UNIQUE") || token.isWord("CONSTRAINT") || token.isWord("NULL") && token.offset() > start);
    if (end == start) {
      throw error("DEFAULT needs a value");
    }
    return lexer.text().substring(start, end).trim();
  }

  /**
   * Moves past tokens until {@code stop} holds at parenthesis depth 0 (or the end); the offset where the
   * last token passed ends (the current offset when none was).
   */
  private int scan(java.util.function.BooleanSupplier stop) {
    int end = token.offset();
    int depth = 0;
    while (token.kind() != Kind.END && !(depth == 0 && stop.getAsBoolean())) {
      if (token.isSymbol('(')) {
        depth++;
      } else if (token.isSymbol(')')) {
        depth--;
      }
      end = token.offset() + tokenLength();
      advance();
    }
    return end;
  }

  private DatabaseStatement drop() {
    DatabaseStatement.Kind kind;
    if (accept("TABLE")) {
      kind = DatabaseStatement.Kind.TABLE;
    } else if (accept("VIEW")) {
      kind = DatabaseStatement.Kind.VIEW;
    } else if (accept("SCHEMA")) {
      kind = DatabaseStatement.Kind.SCHEMA;
    } else if (accept("INDEX")) {
      kind = DatabaseStatement.Kind.INDEX;
    } else {
      throw error("DROP takes TABLE, VIEW, SCHEMA or INDEX, not " + token.shown());
    }
    boolean ifExists = acceptAll("IF", "EXISTS");
    Name name = name();
    boolean cascade = accept("CASCADE");
    if (!cascade) {
      accept("RESTRICT");
    }
    end();
    return new DatabaseStatement.Drop(kind, name, ifExists, cascade);
  }

  private DatabaseStatement insert() {
    if (token.isWord("OR")) {
      throw error("INSERT OR REPLACE / OR IGNORE is not supported yet");
    }
    expect("INTO");
    Name table = name();
    if (accept("AS")) {
      identifier();
    }
    if (acceptAll("BY", "NAME")) {
      return new DatabaseStatement.Insert(table, List.of(), true, query());
    }
    acceptAll("BY", "POSITION");
    List<String> columns = token.isSymbol('(') && !startsQuery() ? nameList() : List.of();
    if (acceptAll("DEFAULT", "VALUES")) {
      end();
      return new DatabaseStatement.Insert(table, columns, false, null);
    }
    return new DatabaseStatement.Insert(table, columns, false, query());
  }

  /** Whether the '(' at hand opens a query ({@code INSERT INTO t (SELECT ...)}) rather than a column list. */
  private boolean startsQuery() {
    int offset = token.offset();
    Token next = lexer.next();
    lexer.reset(offset + 1);
    return next.isWord("SELECT") || next.isWord("WITH") || next.isWord("VALUES") || next.isSymbol('(');
  }

  private String query() {
    if (!(token.isWord("SELECT") || token.isWord("WITH") || token.isWord("VALUES") || token.isWord("FROM")
        || token.isWord("TABLE") || token.isSymbol('('))) {
      throw error("INSERT takes VALUES, a query or DEFAULT VALUES here, not " + token.shown());
    }
    String query = rest();
    if (query.toUpperCase(Locale.ROOT).matches("(?s).*\\bRETURNING\\b.*") && !query.contains("'")) {
      throw error("RETURNING is not supported yet");
    }
    return query;
  }

  private DatabaseStatement update() {
    Name table = name();
    String alias = alias();
    expect("SET");
    List<DatabaseStatement.Assignment> assignments = new ArrayList<>();
    while (true) {
      String column = identifier();
      if (column.contains(".")) {
        column = column.substring(column.lastIndexOf('.') + 1);
      }
      expectSymbol('=');
      int start = token.offset();
      int end = scan(() -> token.isSymbol(',') || token.isWord("WHERE") || token.isWord("FROM")
          || token.isWord("RETURNING"));
      if (end == start) {
        throw error("SET " + column + " = needs a value");
      }
      assignments.add(new DatabaseStatement.Assignment(column, lexer.text().substring(start, end).trim()));
      if (!token.isSymbol(',')) {
        break;
      }
      advance();
    }
    if (token.isWord("FROM")) {
      throw error("UPDATE ... FROM is not supported yet; use a sub-query in SET or WHERE");
    }
    return new DatabaseStatement.Update(table, alias, assignments, where());
  }

  private DatabaseStatement delete() {
    expect("FROM");
    Name table = name();
    String alias = alias();
    if (token.isWord("USING")) {
      throw error("DELETE ... USING is not supported yet; use a sub-query in WHERE");
    }
    return new DatabaseStatement.Delete(table, alias, where());
  }

  private DatabaseStatement truncate() {
    accept("TABLE");
    Name table = name();
    end();
    return new DatabaseStatement.Delete(table, null, null);
  }

  private String where() {
    if (token.kind() == Kind.END || token.isSymbol(';')) {
      end();
      return null;
    }
    expect("WHERE");
    String condition = rest();
    if (condition.isEmpty()) {
      throw error("WHERE needs a condition");
    }
    return condition;
  }

  private String alias() {
    if (accept("AS")) {
      return identifier();
    }
    if (token.kind() == Kind.QUOTED || token.kind() == Kind.WORD && !token.isWord("SET") && !token.isWord("WHERE")
        && !token.isWord("USING")) {
      return identifier();
    }
    return null;
  }

  private DatabaseStatement alter() {
    expect("TABLE");
    boolean ifExists = acceptAll("IF", "EXISTS");
    Name table = name();
    DatabaseStatement.Alteration alteration;
    if (accept("ADD")) {
      accept("COLUMN");
      boolean ifNotExists = acceptAll("IF", "NOT", "EXISTS");
      alteration = new DatabaseStatement.AddColumn(column(), ifNotExists);
    } else if (accept("DROP")) {
      accept("COLUMN");
      boolean columnIfExists = acceptAll("IF", "EXISTS");
      alteration = new DatabaseStatement.DropColumn(identifier(), columnIfExists);
    } else if (accept("RENAME")) {
      if (accept("TO")) {
        alteration = new DatabaseStatement.RenameTable(name().name());
      } else {
        accept("COLUMN");
        String from = identifier();
        expect("TO");
        alteration = new DatabaseStatement.RenameColumn(from, identifier());
      }
    } else {
      throw error("ALTER TABLE takes ADD COLUMN, DROP COLUMN, RENAME COLUMN or RENAME TO here, not "
          + token.shown());
    }
    end();
    return new DatabaseStatement.AlterTable(table, ifExists, alteration);
  }

  private DatabaseStatement vacuum() {
    accept("ANALYZE");
    Name table = token.kind() == Kind.END || token.isSymbol(';') ? null : name();
    end();
    return new DatabaseStatement.Vacuum(table);
  }

  /** {@code name}, {@code schema.name}, either part quoted. */
  private Name name() {
    List<String> parts = new ArrayList<>();
    while (true) {
      if (token.kind() == Kind.QUOTED) {
        parts.add(token.value());
        advance();
      } else if (token.kind() == Kind.WORD) {
        String word = token.value();
        advance();
        boolean continues = word.endsWith(".");
        for (String part : (continues ? word.substring(0, word.length() - 1) : word).split("\\.", -1)) {
          parts.add(part);
        }
        if (continues) {
          continue;
        }
      } else {
        throw error("a name is expected here, not " + token.shown());
      }
      if (!token.isSymbol('.')) {
        break;
      }
      advance();
    }
    if (parts.stream().anyMatch(String::isEmpty)) {
      throw error("a malformed name");
    }
    if (parts.size() == 3) {
      // catalog.schema.name: the database has one catalog
      parts = parts.subList(1, 3);
    }
    if (parts.size() > 2) {
      throw error("a name has at most a schema before it: " + String.join(".", parts));
    }
    return parts.size() == 1 ? new Name(null, parts.get(0)) : new Name(parts.get(0), parts.get(1));
  }

  private String identifier() {
    if (token.kind() != Kind.WORD && token.kind() != Kind.QUOTED) {
      throw error("a name is expected here, not " + token.shown());
    }
    String value = token.value();
    advance();
    return value;
  }

  private List<String> nameList() {
    expectSymbol('(');
    List<String> names = new ArrayList<>();
    while (true) {
      names.add(identifier());
      if (accept("ASC") || accept("DESC")) {
        // index and key columns may carry an order; it means nothing here
      }
      if (token.isSymbol(')')) {
        advance();
        return names;
      }
      expectSymbol(',');
    }
  }

  /** The text from the current token to the end, without a final semicolon. */
  private String rest() {
    String text = lexer.text().substring(token.kind() == Kind.END ? lexer.text().length() : token.offset()).trim();
    while (text.endsWith(";")) {
      text = text.substring(0, text.length() - 1).trim();
    }
    token = new Token(Kind.END, "", lexer.text().length());
    return text;
  }

  private int tokenLength() {
    return switch (token.kind()) {
      case STRING, QUOTED -> {
        int offset = token.offset();
        int next = lexer.peekOffset();
        yield Math.max(1, next - offset);
      }
      default -> token.value().length();
    };
  }

  private String word() {
    if (token.kind() != Kind.WORD) {
      throw error("a statement is expected, not " + token.shown());
    }
    String value = token.value().toUpperCase(Locale.ROOT);
    advance();
    return value;
  }

  private boolean accept(String word) {
    if (token.isWord(word)) {
      advance();
      return true;
    }
    return false;
  }

  private boolean acceptAll(String... words) {
    if (!token.isWord(words[0])) {
      return false;
    }
    for (String word : words) {
      expect(word);
    }
    return true;
  }

  private void expect(String word) {
    if (!accept(word)) {
      throw error(word + " is expected here, not " + token.shown());
    }
  }

  private void expectSymbol(char symbol) {
    if (!token.isSymbol(symbol)) {
      throw error("'" + symbol + "' is expected here, not " + token.shown());
    }
    advance();
  }

  private void end() {
    while (token.isSymbol(';')) {
      advance();
    }
    if (token.kind() != Kind.END) {
      throw error("unexpected " + token.shown() + " at the end of the statement");
    }
  }

  private void advance() {
    token = lexer.next();
  }

  private SqlException error(String problem) {
    return lexer.error(token.offset(), problem);
  }
}
