package dev.quiver.format.encoding;

/**
 * One encoded column chunk.
 *
 * @param encodedBytes the segment, laid out as {@link EncodingFormat} says
 * @param encodingTree the encoding tree as {@link ChunkCodec#describe} prints it
 * @param uncompressedBytes Arrow buffer bytes of the rows (validity + offsets + data), for reports
 * @param rowCount rows in the chunk
 * @param nullCount null rows in the chunk
 */
public record EncodedChunk(
    byte[] encodedBytes, String encodingTree, long uncompressedBytes, int rowCount, int nullCount) {}
