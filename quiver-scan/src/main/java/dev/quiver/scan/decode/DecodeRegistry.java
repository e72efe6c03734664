package dev.quiver.scan.decode;

import dev.quiver.common.concurrent.Failures;
import dev.quiver.common.metrics.Counter;
import dev.quiver.format.encoding.DictionaryChunk;
import dev.quiver.format.encoding.EncodedIntegers;
import dev.quiver.format.encoding.FsstStrings;
import dev.quiver.format.file.DictionaryGather;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.storage.SegmentSource;
import dev.quiver.scan.plan.ChunkPiece;
import dev.quiver.scan.plan.ScanPlan;
import dev.quiver.scan.plan.Split;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The shared decodes of one scan, made from its plan: one {@link SharedDecode} per flat segment the
 * splits read, with one lease per split that reads it. With sharing off (for comparison), every split
 * gets decodes of its own, as a scan without planned sharing would.
 */
public final class DecodeRegistry implements AutoCloseable {
  private record Key(int file, int segment, int split) {}

  /**
   * Whether string segments whose values are a dictionary are kept as codes + dictionary (filters then
   * evaluate once per distinct value and batches carry the dictionary); {@code
   * -Dquiver.scan.segmentDictionaries=false} gathers them into plain vectors, for comparison.
   */
  static final boolean SEGMENT_DICTIONARIES = Boolean
      .parseBoolean(System.getProperty("quiver.scan.segmentDictionaries", "true"));

  private final ScanPlan plan;

  private final List<QuiverFile> files;
  private final List<SegmentSource> sources;
  private final BufferAllocator allocator;
  private final boolean share;
  private final Counter started;
  private final Counter reused;
  private final Counter bytesDecoded;
  private final Map<Key, SharedDecode> entries = new HashMap<>();
  private final List<List<SharedDecode>> leasesBySplit = new ArrayList<>();

  public DecodeRegistry(ScanPlan plan, List<QuiverFile> files, List<SegmentSource> sources, BufferAllocator allocator,
      boolean share, Counter started, Counter reused, Counter bytesDecoded) {
    this.plan = plan;
    this.files = files;
    this.sources = sources;
    this.allocator = allocator;
    this.share = share;
    this.started = started;
    this.reused = reused;
    this.bytesDecoded = bytesDecoded;
    for (Split split : plan.splits()) {
      LinkedHashSet<SharedDecode> leases = new LinkedHashSet<>();
      for (int column = 0; column < plan.touchedColumns().size(); column++) {
        String name = plan.touchedColumns().get(column);
        Field field = plan.tableSchema().findField(name);
        for (ChunkPiece piece : plan.pieces(split).get(column)) {
          Field dataField = piece.dictionary() == null ? field : DictionaryGather.CODES_FIELD;
          leases.add(entry(split, piece.data(), dataField, name + (piece.dictionary() == null ? "" : " codes"),
              piece.dictionary() == null));
          if (piece.dictionary() != null) {
            leases.add(entry(split, piece.dictionary(), field, name + " dictionary", false));
          }
        }
      }
      for (SharedDecode decode : leases) {
        decode.addLease();
      }
      leasesBySplit.add(List.copyOf(leases));
    }
  }

  private SharedDecode entry(Split split, FlatLayout segment, Field field, String column, boolean rowValues) {
    int file = plan.fileIndex(split);
    Key key = new Key(file, segment.segment(), share ? -1 : split.index());
    return entries.computeIfAbsent(key,
        ignored -> new SharedDecode(file, segment, field, column, rowValues && keepsDictionary(field)));
  }

  /** The decode of {@code segment} that {@code split} holds a lease on. */
  public SharedDecode entry(Split split, FlatLayout segment) {
    SharedDecode decode = entries.get(new Key(plan.fileIndex(split), segment.segment(), share ? -1 : split.index()));
    if (decode == null) {
      throw new IllegalStateException("segment " + segment.segment() + " was not planned for split " + split.index());
    }
    return decode;
  }

  /** Distinct decodes planned: what a full scan starts, once each. */
  public int plannedDecodes() {
    return entries.size();
  }

  /**
   * Makes sure every decode in {@code wanted} has started: the ones nobody started yet are claimed
   * by this thread, their segments read in one call per file (coalesced), and decoded here; the
   * others count as reused. Returns once the claimed ones are done (the others may still run).
   */
  public void startAll(Collection<SharedDecode> wanted) throws IOException {
    Map<Integer, List<SharedDecode>> claimedByFile = new LinkedHashMap<>();
    List<SharedDecode> fetchedByTakes = new ArrayList<>();
    for (SharedDecode decode : wanted) {
      if (decode.claim()) {
        started.increment();
        if (decode.fetchClaimed()) { // a split took rows from it: its bytes are held already
          fetchedByTakes.add(decode);
        } else {
          claimedByFile.computeIfAbsent(decode.file, ignored -> new ArrayList<>()).add(decode);
        }
      } else {
        reused.increment();
      }
    }
    try {
      for (SharedDecode decode : fetchedByTakes) {
        decode(decode, encodedBytes(decode, decode.file));
      }
      for (Map.Entry<Integer, List<SharedDecode>> claimed : claimedByFile.entrySet()) {
        List<SharedDecode> decodes = claimed.getValue();
        List<Integer> segments = new ArrayList<>(decodes.size());
        for (SharedDecode decode : decodes) {
          segments.add(decode.segment.segment());
        }
        List<ArrowBuf> bytes = sources.get(claimed.getKey()).read(segments, allocator);
        try {
          for (int i = 0; i < decodes.size(); i++) {
            decode(decodes.get(i), bytes.get(i));
          }
        } finally {
          bytes.forEach(ArrowBuf::close);
        }
      }
    } catch (IOException | RuntimeException | Error failure) {
      // every decode this call claimed and did not finish fails with it: a split waiting on one never hangs
      for (SharedDecode decode : fetchedByTakes) {
        decode.vector.completeExceptionally(failure);
      }
      for (List<SharedDecode> decodes : claimedByFile.values()) {
        for (SharedDecode decode : decodes) {
          decode.vector.completeExceptionally(failure);
        }
      }
      throw failure;
    }
  }

  private void decode(SharedDecode decode, ArrowBuf bytes) throws IOException {
    if (SEGMENT_DICTIONARIES && decode.mayKeepDictionary) {
      DictionaryChunk chunk = files.get(decode.file).decodeDictionarySegment(bytes, decode.field, decode.column,
          decode.segment, allocator);
      if (chunk != null) {
        bytesDecoded.add(chunk.bufferSize());
        decode.dictionary = chunk.values();
        decode.vector.complete(chunk.codes());
        return;
      }
    }
    FieldVector vector = files.get(decode.file).decodeSegment(bytes, decode.field, decode.column, decode.segment,
        allocator);
    bytesDecoded.add(vector.getBufferSize());
    decode.vector.complete(vector);
  }

  /**
   * Reads one segment a split holds a lease on (unshared, not decoded) and opens it as fsst strings
   * kept compressed; null (nothing held) when the segment is not fsst. The caller closes the result.
   */
  public FsstStrings openCompressedStrings(Split split, FlatLayout segment, String column) throws IOException {
    int file = plan.fileIndex(split);
    entry(split, segment);
    ArrowBuf bytes = sources.get(file).read(List.of(segment.segment()), allocator).get(0);
    try {
      return files.get(file).openCompressedStrings(bytes, column, segment, allocator);
    } finally {
      bytes.close();
    }
  }

  /**
   * Reads one segment a split holds a lease on (unshared, not decoded) and opens its integer-like
   * values kept encoded, for filters evaluated on the encoding; null (nothing held) when the segment
   * is not integer-like for {@code field}. The caller closes the result.
   */
  public EncodedIntegers openIntegers(Split split, FlatLayout segment, Field field, String column)
      throws IOException {
    int file = plan.fileIndex(split);
    entry(split, segment);
    ArrowBuf bytes = sources.get(file).read(List.of(segment.segment()), allocator).get(0);
    try {
      return files.get(file).openEncodedIntegers(bytes, field, column, segment, allocator);
    } finally {
      bytes.close();
    }
  }

  /** The splits planned to read {@code segment} through the decode {@code split} holds a lease on. */
  public int plannedReaders(Split split, FlatLayout segment) {
    return entry(split, segment).plannedLeases();
  }

  /**
   * Late materialization: the rows at {@code positions[0, count)} (ascending, within the segment) of
   * one segment a split holds a lease on, taken from its encoded bytes into a vector of {@code field}
   * allocated from {@code target} (the caller owns it), when the segment's shared decode has not
   * started; null (nothing read) when it has, and the caller reads the shared decode as usual. The
   * bytes are fetched once per segment for every split taking from it (waiting for another split's
   * fetch if needed) and held until the segment's last lease is released. With {@code onlyByPosition} (a
   * segment other splits read too) it is null as well when the segment's encodings would make the take
   * do work for the whole segment ({@link QuiverFile#takesByPosition}), which the shared decode does once.
   */
  public FieldVector take(Split split, FlatLayout segment, Field field, int[] positions, int count,
      BufferAllocator target, boolean onlyByPosition) throws IOException {
    SharedDecode decode = entry(split, segment);
    if (decode.started()) {
      return null;
    }
    ArrowBuf bytes = encodedBytes(decode, plan.fileIndex(split));
    if (onlyByPosition && !files.get(decode.file).takesByPosition(bytes, decode.column, segment)) {
      return null;
    }
    FieldVector vector = files.get(decode.file).takeSegment(bytes, field, decode.column, segment, positions, count,
        target);
    bytesDecoded.add(vector.getBufferSize());
    return vector;
  }

  private ArrowBuf encodedBytes(SharedDecode decode, int file) throws IOException {
    if (decode.claimFetch()) {
      try {
        decode.encoded.complete(sources.get(file).read(List.of(decode.segment.segment()), allocator).get(0));
      } catch (IOException | RuntimeException | Error failure) {
        decode.encoded.completeExceptionally(failure);
        throw failure;
      }
    }
    try {
      return decode.encoded.join();
    } catch (CompletionException failed) {
      throw Failures.rethrow(failed);
    }
  }

  /** Strings and binaries whose segment is a dictionary may stay codes + values. */
  private static boolean keepsDictionary(Field field) {
    ArrowType.ArrowTypeID type = field.getType().getTypeID();
    return type == ArrowType.ArrowTypeID.Utf8 || type == ArrowType.ArrowTypeID.Binary;
  }

  /**
   * The dictionary of a decode kept as codes + values (its {@link #vector} is then the codes), or
   * null for plain values; call after {@link #vector}. Owned by the registry.
   */
  public FieldVector dictionary(SharedDecode decode) throws IOException {
    vector(decode);
    return decode.dictionary;
  }

  /** The decoded vector (waiting for another split's decode if needed); owned by the registry. */
  public FieldVector vector(SharedDecode decode) throws IOException {
    try {
      return decode.vector.join();
    } catch (CompletionException failed) {
      throw Failures.rethrow(failed);
    }
  }

  /** The split is done: releases its leases (the last lease of a decode frees it). */
  public void release(Split split) {
    for (SharedDecode decode : leasesBySplit.get(split.index())) {
      decode.release();
    }
  }

  /** Frees every decode still held (a scan closed early, or failed). */
  @Override
  public void close() {
    for (SharedDecode decode : entries.values()) {
      decode.free();
    }
  }
}
