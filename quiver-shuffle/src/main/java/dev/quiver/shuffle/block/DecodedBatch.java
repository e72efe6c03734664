package dev.quiver.shuffle.block;

import java.util.Map;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One decoded block: its rows as a {@link VectorSchemaRoot} and, for dictionary-encoded columns, the
 * dictionaries. The caller owns it and closes it; closing frees the vectors and the dictionaries
 * (the block's memory is freed when the last slice of it is released).
 */
public final class DecodedBatch implements AutoCloseable {
  private final VectorSchemaRoot root;
  private final DictionaryProvider.MapDictionaryProvider dictionaries;
  private final boolean decodedInPlaceFromCache;

  DecodedBatch(VectorSchemaRoot root, Map<Long, Dictionary> dictionaries, boolean decodedInPlaceFromCache) {
    this.root = root;
    this.dictionaries = new DictionaryProvider.MapDictionaryProvider();
    for (Dictionary dictionary : dictionaries.values()) {
      this.dictionaries.put(dictionary);
    }
    this.decodedInPlaceFromCache = decodedInPlaceFromCache;
  }

  /** The rows. Dictionary-encoded columns hold indices; see {@link #dictionaries()}. */
  public VectorSchemaRoot root() {
    return root;
  }

  public Schema schema() {
    return root.getSchema();
  }

  public int rowCount() {
    return root.getRowCount();
  }

  /** The dictionaries of dictionary-encoded columns, by id (empty when there are none). */
  public DictionaryProvider.MapDictionaryProvider dictionaries() {
    return dictionaries;
  }

  /** Whether the cached-schema in-place path decoded this block (false: the general path did). */
  public boolean decodedInPlaceFromCache() {
    return decodedInPlaceFromCache;
  }

  @Override
  public void close() {
    try {
      AutoCloseables.close(root, dictionaries);
    } catch (Exception failure) {
      throw new IllegalStateException("closing a decoded batch failed", failure);
    }
  }
}
