/**
 * Encodings of one column chunk inside one flat segment: plain, constant, dictionary,
 * frame-of-reference with bit-packing and patches, run-end, delta, sparse, bitmap, scaled decimals,
 * with zstd as a last stage on buffers, nested up to a chosen depth. {@link
 * dev.quiver.format.encoding.ChunkCodec} is the entry point; {@link
 * dev.quiver.format.encoding.EncodingFormat} holds the byte layout and its constants;
 * {@code docs/ENCODINGS.md} explains both and how the compressor chooses.
 */
package dev.quiver.format.encoding;
