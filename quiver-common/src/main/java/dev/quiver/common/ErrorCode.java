package dev.quiver.common;

/**
 * What kind of failure a {@link QuiverException} reports. The code tells a caller what to do next:
 * fix the request ({@link #USER}), distrust the input ({@link #CORRUPT}), retry or check the
 * environment ({@link #IO}, {@link #RESOURCE}), report a bug ({@link #INTERNAL}), or nothing: it
 * was asked to stop ({@link #CANCELLED}), or run it again ({@link #CONFLICT}).
 */
public enum ErrorCode {
  /** The request is wrong or asks for something Quiver does not support. */
  USER,
  /** Input bytes (a file, a block) are malformed, truncated or lie about their own structure. */
  CORRUPT,
  /** Reading or writing failed below Quiver (file system, channel). */
  IO,
  /** A bug: an invariant of Quiver itself did not hold. */
  INTERNAL,
  /** A limit was reached: memory budget, allocator limit, size cap. */
  RESOURCE,
  /** The work was cancelled: closed from another thread, or its thread was interrupted. */
  CANCELLED,
  /**
   * A write lost a race: another statement changed the same table first. Nothing was changed; the
   * statement can be run again on the new version.
   */
  CONFLICT
}
