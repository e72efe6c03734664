package dev.quiver.cli;

import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.file.ShuffleBlockFile;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Reads a shuffle data file block by block; every block is decoded with full validation (the file is
 * untrusted input). A dictionary-encoded block comes with its own dictionaries.
 */
final class ShuffleFileInput implements InputBatches {
  private final ShuffleBlockFile file;
  private final BlockDecoder decoder;
  private long bytesRead;

  private ShuffleFileInput(ShuffleBlockFile file, BlockDecoder decoder) {
    this.file = file;
    this.decoder = decoder;
  }

  static ShuffleFileInput open(Path path, BufferAllocator allocator) throws IOException {
    return new ShuffleFileInput(ShuffleBlockFile.open(path, allocator), new BlockDecoder(allocator));
  }

  @Override
  public Batch next() throws IOException {
    if (!file.hasNext()) {
      return null;
    }
    DecodedBatch decoded;
    try (ShuffleBlockFile.Block block = file.next()) {
      decoded = decoder.decodeValidated(block.bytes(), file.blockName(block.index()));
      bytesRead = block.position() + block.header().blockBytes();
    }
    boolean dictionaries = !decoded.dictionaries().getDictionaryIds().isEmpty();
    return new Batch(decoded.root(), dictionaries ? decoded.dictionaries() : null, decoded::close);
  }

  @Override
  public long bytesRead() {
    return bytesRead;
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
