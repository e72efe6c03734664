package dev.quiver.exec.aggregate;

import dev.quiver.common.batch.Batch;

/**
 * A cache in front of a {@link GroupTable}'s hash table that finds a row's group without encoding, hashing and
 * probing its key; rows it does not know go through the hash table and their groups are remembered. Its groups are
 * those of the current table only: {@link #clear} when the table is replaced. Not thread-safe.
 */
interface GroupCache {
  /**
   * Looks up rows {@code [from, from + count)} of the batch (logical rows, through its selection): {@code groups[i]}
   * for each row whose group is known; the others' offsets {@code i} go to {@code misses}, and their number is
   * returned.
   */
  int lookup(Batch batch, int from, int count, int[] groups, int[] misses);

  /** Remembers the groups the hash table gave the missed rows of the last {@link #lookup}. */
  void remember(int[] misses, int missed, int[] groups);

  /** Forgets every group (the table they belonged to was replaced). */
  void clear();

  /** Frees the cache's reservation. */
  void release();
}
