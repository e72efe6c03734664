package dev.quiver.scan.plan;

import dev.quiver.format.layout.FlatLayout;

/**
 * The smallest decodable part of a column: rows {@code [start, end)} of a file held by one flat
 * segment, either plain values, or codes into a dictionary whose values are another flat segment.
 *
 * @param data the segment of the rows (values, or int32 codes when {@code dictionary} is set)
 * @param dictionary the dictionary's values segment, or null
 */
public record ChunkPiece(long start, long end, FlatLayout data, FlatLayout dictionary) {
  public long rowCount() {
    return end - start;
  }
}
