package dev.quiver.sql.database;

import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SessionOptions;
import java.nio.file.Path;
import org.apache.arrow.memory.RootAllocator;

/**
 * The child JVM of {@link CrashSafetyTest}: runs one kind of statement against a database folder over
 * and over, printing {@code committed N} after each statement returns, until it is killed.
 * Arguments: the folder, then {@code insert}, {@code update} or {@code delete}.
 */
public final class CrashingWriter {
  private CrashingWriter() {}

  public static void main(String[] arguments) throws Exception {
    Path folder = Path.of(arguments[0]);
    String mode = arguments[1];
    try (RootAllocator allocator = new RootAllocator();
        QuiverSession session = QuiverSession.open(allocator, SessionOptions.defaults().withThreads(1), folder)) {
      System.out.println("ready");
      System.out.flush();
      for (int i = 1;; i++) {
        String sql = switch (mode) {
          case "insert" -> "INSERT INTO t SELECT range AS id, " + i + " AS v, repeat('x', 50) AS pad FROM range("
              + CrashSafetyTest.ROWS + ")";
          case "update" -> "UPDATE t SET v = v + 1";
          default -> "DELETE FROM t WHERE id < " + i * CrashSafetyTest.DELETED_PER_STATEMENT;
        };
        DatabaseTestSupport.run(session, sql);
        System.out.println("committed " + i);
        System.out.flush();
      }
    }
  }
}
