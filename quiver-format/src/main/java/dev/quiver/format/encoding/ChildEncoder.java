package dev.quiver.format.encoding;

/** Encodes a child column (the compressor's choice one level down). */
@FunctionalInterface
interface ChildEncoder {
  EncodedNode encode(Column child);
}
