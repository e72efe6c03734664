package dev.quiver.common.arrow;

import dev.quiver.common.QuiverException;

/**
 * A walk over a flatbuffer schema before Arrow converts it: proves the field tree is finite and
 * shallow, so a hostile schema cannot recurse the stack away or loop. Shared by every reader of
 * untrusted schema bytes (shuffle blocks, file footers).
 */
public final class SchemaShape {
  private SchemaShape() {}

  /** Deepest nesting a schema may have. */
  public static final int MAXIMUM_DEPTH = 64;
  /** Most fields (at every level together) a schema may have. */
  public static final int MAXIMUM_FIELDS = 100_000;

  /**
   * Checks {@code schema}'s field tree.
   *
   * @throws QuiverException CORRUPT, message starting with {@code name}, when it is too deep, too
   *     large or has missing fields
   */
  public static void check(org.apache.arrow.flatbuf.Schema schema, String name) {
    int[] seen = {0};
    for (int i = 0; i < schema.fieldsLength(); i++) {
      walk(schema.fields(i), 1, seen, name);
    }
  }

  private static void walk(org.apache.arrow.flatbuf.Field field, int depth, int[] seen, String name) {
    if (field == null) {
      throw QuiverException.corrupt(name + ": schema message has a missing field");
    }
    if (depth > MAXIMUM_DEPTH) {
      throw QuiverException.corrupt(name + ": schema nests fields more than " + MAXIMUM_DEPTH + " levels deep");
    }
    if (++seen[0] > MAXIMUM_FIELDS) {
      throw QuiverException.corrupt(name + ": schema has more than " + MAXIMUM_FIELDS + " fields");
    }
    for (int i = 0; i < field.childrenLength(); i++) {
      walk(field.children(i), depth + 1, seen, name);
    }
  }
}
