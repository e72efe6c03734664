package dev.quiver.format.storage;

/**
 * Where a segment lies in the file.
 *
 * @param offset first byte, a multiple of the segment alignment
 * @param length bytes
 * @param checksum CRC-32C of the bytes
 */
public record SegmentLocation(long offset, long length, int checksum) {}
