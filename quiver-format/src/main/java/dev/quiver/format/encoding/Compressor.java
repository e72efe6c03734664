package dev.quiver.format.encoding;

import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * Chooses encodings, BtrBlocks-style. For a column it first takes one pass of statistics (runs,
 * constant, dictionary up to a limit), which rules candidates in or out; a constant is taken at
 * once. A small column (up to twice the sample) is encoded every candidate way and the smallest
 * kept. A large one is sampled ({@link Sample}); each candidate encodes the sample, children
 * chosen the same way one level down, and its size is scaled up. A dictionary is estimated from its
 * real values and codes instead (a sample hides how few distinct values there are), run-end
 * from its real run ends and values (a sample cuts long runs into many), and sparse from its real
 * exceptions when they are few (a sample's share of them varies).
 * The winner then encodes the whole column, its children chosen recursively, up to the maximum
 * depth; below it only plain, bitmap and constant remain. Finally zstd is tried on the buffers.
 *
 * <p>FSST is tried last, and only when the ratio its table measured on its own training sample
 * leaves it a chance against the best candidate so far ({@link #fsstCannotWin}); its table is
 * trained once per column and chunk, for the trial and the winner alike.
 */
final class Compressor {
  /** Most distinct values a dictionary may have. */
  static final int DICTIONARY_LIMIT = 1 << 16;
  /** The weight of plain binary whose data zstd compresses, against FSST (see {@link #decodeCost}). */
  static final double ZSTD_STRING_COST = 1.1;
  /** Binary columns with less data than this are not tried with FSST (its table alone costs up to 2 KiB). */
  static final int FSST_MINIMUM_BYTES = 1024;
  /**
   * How far below the codes its training sample measured FSST may still come on the column: the
   * measure flatters FSST (the table was fitted to those bytes), so a slack of 10% is generous.
   */
  static final double FSST_SAMPLE_SLACK = 0.9;
  /** Estimated bytes of a constant node. */
  private static final double CONSTANT_ESTIMATE = 24;
  /** Estimated bytes of a dictionary or run-end node's own descriptor. */
  private static final double NODE_OVERHEAD = 16;
  /** Sparse is estimated from the real column when at most one row in this many is an exception. */
  private static final int FEW_EXCEPTIONS = 16;

  private final EncodingOptions options;
  private final int smallRows;
  /** FSST tables trained for this chunk's binary columns: the trial's table encodes the winner too. */
  private final IdentityHashMap<BinaryColumn, FsstTrainer.Trained> fsstTables = new IdentityHashMap<>();
  private int fsstTrials;
  private int fsstSkips;

  private final boolean fsstShortcut;

  Compressor(EncodingOptions options) {
    this(options, true);
  }

  /** @param fsstShortcut whether {@link #fsstCannotWin} may skip FSST's trial (tests compare without) */
  Compressor(EncodingOptions options, boolean fsstShortcut) {
    this.options = options;
    this.smallRows = 2 * options.sampleRuns() * options.sampleRunLength();
    this.fsstShortcut = fsstShortcut;
  }

  /** The values tree: forced at the top if the options say so, then zstd where it pays. */
  EncodedNode encodeValues(Column column) {
    EncodingKind forced = options.forcedKind();
    EncodedNode node = forced == null ? encode(column, options.maximumDepth()) : encodeForced(column, forced);
    ZstdStage.applyToTree(node, options);
    return node;
  }

  /** The validity tree of a column with nulls. */
  EncodedNode encodeValidity(BooleanColumn validity) {
    EncodedNode node = encode(validity, options.maximumDepth());
    ZstdStage.applyToTree(node, options);
    return node;
  }

  /** The best encoding found for {@code column} with {@code depth} levels of cascading left. */
  EncodedNode encode(Column column, int depth) {
    if (column instanceof BytesColumn bytes) {
      return ZstdStage.compressBytes(PlainEncoding.encodeBytes(bytes), options);
    }
    int rows = column.rows();
    ColumnStatistics statistics = ColumnStatistics.of(column, depth > 0 ? dictionaryLimit(rows) : 0);
    if (statistics.constant()) {
      return ConstantEncoding.encode(column);
    }
    if (depth <= 0 || rows == 0) {
      return terminal(column);
    }
    List<EncodingKind> candidates = candidates(column, statistics);
    if (candidates.size() == 1) {
      return build(candidates.get(0), column, statistics, depth);
    }
    if (rows <= smallRows) {
      EncodedNode best = null;
      double bestBytes = Double.MAX_VALUE;
      for (EncodingKind kind : candidates) {
        if (kind == EncodingKind.FSST && best != null && fsstCannotWin((BinaryColumn) column, bestBytes)) {
          continue;
        }
        if (kind == EncodingKind.FSST) {
          fsstTrials++;
        }
        EncodedNode node = build(kind, column, statistics, depth);
        double bytes = node.estimatedBytes(1) * decodeCost(kind, node);
        if (bytes < bestBytes) {
          best = node;
          bestBytes = bytes;
        }
      }
      return best;
    }
    Choice chosen = choose(candidates, column, statistics, depth);
    return chosen.whole() != null ? chosen.whole() : build(chosen.kind(), column, statistics, depth);
  }

  /**
   * A candidate and its estimated bytes for the whole column; {@code whole} is the candidate built on the whole column
   * when its estimate did that (kept, so the winner is not built twice), else null.
   */
  private record Choice(EncodingKind kind, double bytes, double cost, EncodedNode whole) {}

  private Choice choose(List<EncodingKind> candidates, Column column, ColumnStatistics statistics, int depth) {
    Sample sample = Sample.of(column, options.sampleRuns(), options.sampleRunLength());
    Choice best = null;
    for (EncodingKind kind : candidates) {
      double bytes;
      double cost = decodeCost(kind, null);
      EncodedNode whole = null;
      if (kind == EncodingKind.DICTIONARY) {
        bytes = estimateDictionary(statistics.dictionary(), depth);
      } else if (kind == EncodingKind.RUN_END) {
        bytes = estimateRunEnd(column, depth);
      } else if (kind == EncodingKind.SPARSE && fewExceptions(statistics)) {
        // from the real exceptions, as dictionary and run-end are: a sample's share of them varies, and one that
        // drew more than the column's share lost to a dictionary larger by a third (CompressorChoiceTest, seed
        // 11289219566230: 12,760 B against 8,760 B); cheap while they are few
        whole = build(kind, column, statistics, depth);
        bytes = whole.estimatedBytes(1);
        cost = decodeCost(kind, whole);
      } else if (kind == EncodingKind.FSST) {
        if (best != null && fsstCannotWin((BinaryColumn) column, best.bytes() * best.cost())) {
          continue;
        }
        bytes = estimateFsst((BinaryColumn) column, sample, depth);
      } else {
        EncodedNode node = build(kind, sample.column(), statistics, depth);
        bytes = node.estimatedBytes(sample.scale());
        cost = decodeCost(kind, node);
      }
      if (best == null || bytes * cost < best.bytes() * best.cost()) {
        best = new Choice(kind, bytes, cost, whole);
      }
    }
    return best;
  }

  /**
   * FSST from a table trained on the whole column, applied to the sample: the codes and lengths
   * scale with the rows, the symbol table (at most 2295 bytes) does not.
   */
  private double estimateFsst(BinaryColumn column, Sample sample, int depth) {
    fsstTrials++;
    FsstSymbolTable table = fsstTable(column).table();
    EncodedNode node = FsstEncoding.encode((BinaryColumn) sample.column(), table, child -> encode(child, depth - 1));
    return node.estimatedBytes(sample.scale()) - table.serializedBytes() * (sample.scale() - 1);
  }

  /** The column's FSST table, trained once per chunk (the trial's table is the one written). */
  private FsstTrainer.Trained fsstTable(BinaryColumn column) {
    return fsstTables.computeIfAbsent(column, FsstTrainer::trainMeasured);
  }

  /**
   * Whether FSST cannot beat {@code bestWeighted} (the best other candidate's bytes times its decode
   * weight) on {@code column}: even its least bytes — the codes at the ratio its training sample
   * measured (less {@link #FSST_SAMPLE_SLACK}), no lengths, plus its table — are more. Then the
   * trial (encoding the sample or the column) is skipped; the table, trained on at most 32 KiB, is
   * all it costs.
   */
  private boolean fsstCannotWin(BinaryColumn column, double bestWeighted) {
    if (!fsstShortcut) {
      return false;
    }
    FsstTrainer.Trained trained = fsstTable(column);
    double least = FSST_SAMPLE_SLACK * trained.sampleRatio() * column.dataLength() + trained.table().serializedBytes();
    if (least > bestWeighted) {
      fsstSkips++;
      return true;
    }
    return false;
  }

  /** FSST candidates tried by encoding (the sample, or a small column whole). */
  int fsstTrials() {
    return fsstTrials;
  }

  /** FSST candidates ruled out by {@link #fsstCannotWin} without a trial. */
  int fsstSkips() {
    return fsstSkips;
  }

  /** At most one row in {@value #FEW_EXCEPTIONS} differs from the most common value (booleans: from the rarer one). */
  private static boolean fewExceptions(ColumnStatistics statistics) {
    long rows = statistics.rows();
    long exceptions = statistics.dictionary() != null ? rows - statistics.dictionary().topCount()
        : Math.min(statistics.trueCount(), rows - statistics.trueCount());
    return exceptions * FEW_EXCEPTIONS <= rows;
  }

  /** Run-end from the real runs: a sample cuts runs at its run length and overstates their number. */
  private double estimateRunEnd(Column column, int depth) {
    RunEndEncoding.Runs runs = RunEndEncoding.runs(column);
    return NODE_OVERHEAD + estimate(runs.ends(), depth - 1) + estimate(runs.values(), depth - 1);
  }

  private double estimateDictionary(Dictionary dictionary, int depth) {
    return NODE_OVERHEAD + estimate(dictionary.values(), depth - 1) + estimate(dictionary.codesColumn(), depth - 1);
  }

  /** The estimated bytes of the best encoding of a whole column, without encoding all of it. */
  private double estimate(Column column, int depth) {
    if (column instanceof BytesColumn bytes) {
      return 12 + ZstdStage.estimateBytes(bytes, options);
    }
    int rows = column.rows();
    if (rows <= smallRows) {
      return encode(column, depth).estimatedBytes(1);
    }
    ColumnStatistics statistics = ColumnStatistics.of(column, depth > 0 ? dictionaryLimit(rows) : 0);
    if (statistics.constant()) {
      return CONSTANT_ESTIMATE;
    }
    if (depth <= 0) {
      return terminalEstimate(column);
    }
    return choose(candidates(column, statistics), column, statistics, depth).bytes();
  }

  private double terminalEstimate(Column column) {
    int rows = column.rows();
    if (column instanceof BooleanColumn) {
      return 16 + rows / 8.0;
    }
    if (column instanceof BinaryColumn binary) {
      return 40 + 4.0 * rows + ZstdStage.estimateBytes(binary.bytes(), options);
    }
    return 16 + (double) rows * column.type().width;
  }

  /** What is left below the maximum depth: plain (bitmap for booleans), children plain too. */
  private EncodedNode terminal(Column column) {
    if (column instanceof BooleanColumn booleans) {
      return BitmapEncoding.encode(booleans);
    }
    return PlainEncoding.encode(column, child -> encode(child, 0));
  }

  /**
   * How much smaller than the others an encoding must be to win: a dictionary gathers values by
   * code, slower to decode than unpacking, so it must save 5% to be worth it; string data
   * compressed with zstd cannot be matched without decoding it (FSST can, on its codes), so plain
   * with zstd data must be {@link #ZSTD_STRING_COST} times smaller than FSST to win. Measured here,
   * our FSST decode is on par with zstd's (not faster yet), so the weight is small: see ENCODINGS.md.
   */
  private static double decodeCost(EncodingKind kind, EncodedNode node) {
    if (kind == EncodingKind.DICTIONARY || kind == EncodingKind.ALP || kind == EncodingKind.ALP_RD) {
      return 1.05; // ALP converts every row after unpacking, ALP-RD looks each row's left part up
    }
    if (kind == EncodingKind.PLAIN && node != null && node.type == PhysicalType.BINARY && node.children.length == 2
        && node.children[1].buffers.length == 1 && node.children[1].buffers[0].compressed()) {
      return ZSTD_STRING_COST;
    }
    return 1.0;
  }

  private static int dictionaryLimit(int rows) {
    return Math.min(rows / 2, DICTIONARY_LIMIT);
  }

  /** The encodings worth trying for a non-constant column, cheapest to decode first (ties go to it). */
  private static List<EncodingKind> candidates(Column column, ColumnStatistics statistics) {
    List<EncodingKind> candidates = new ArrayList<>(6);
    int rows = statistics.rows();
    PhysicalType type = column.type();
    if (type == PhysicalType.BOOLEAN) {
      candidates.add(EncodingKind.BITMAP);
      if (statistics.runs() <= rows / 8) {
        candidates.add(EncodingKind.RUN_END);
      }
      if (Math.min(statistics.trueCount(), rows - statistics.trueCount()) <= rows / 8) {
        candidates.add(EncodingKind.SPARSE);
      }
      return candidates;
    }
    candidates.add(EncodingKind.PLAIN);
    if (type == PhysicalType.DECIMAL128) {
      if (statistics.fitsInLong()) {
        candidates.add(EncodingKind.DECIMAL_SCALED);
      }
      return candidates;
    }
    if (type.isInteger()) {
      candidates.add(EncodingKind.FRAME_OF_REFERENCE);
      candidates.add(EncodingKind.DELTA);
    }
    if (type.isFloat()) {
      candidates.add(EncodingKind.ALP);
      candidates.add(EncodingKind.ALP_RD);
    }
    Dictionary dictionary = statistics.dictionary();
    if (dictionary != null && !denseIntegers(type, dictionary)) {
      candidates.add(EncodingKind.DICTIONARY);
    }
    if (statistics.runs() <= rows / 3) {
      candidates.add(EncodingKind.RUN_END);
    }
    if (dictionary != null && dictionary.topCount() >= rows / 2) {
      candidates.add(EncodingKind.SPARSE);
    }
    if (column instanceof BinaryColumn binary && binary.dataLength() >= FSST_MINIMUM_BYTES) {
      candidates.add(EncodingKind.FSST);
    }
    return candidates;
  }

  /**
   * Integers whose distinct values fill at least half their range: a frame of reference packs them
   * within one bit of dictionary codes, without the lookup (dictionary codes themselves, for one).
   */
  private static boolean denseIntegers(PhysicalType type, Dictionary dictionary) {
    if (!type.isInteger()) {
      return false;
    }
    long[] values = ((LongColumn) dictionary.values()).values();
    long range = values[values.length - 1] - values[0];
    return range >= 0 && range < 2L * values.length;
  }

  private EncodedNode build(EncodingKind kind, Column column, ColumnStatistics statistics, int depth) {
    ChildEncoder children = child -> encode(child, depth - 1);
    switch (kind) {
      case PLAIN:
        return PlainEncoding.encode(column, children);
      case CONSTANT:
        return ConstantEncoding.encode(column);
      case DICTIONARY: {
        Dictionary dictionary = statistics.dictionary() != null
            ? statistics.dictionary() : Dictionary.build(column, Integer.MAX_VALUE);
        return DictionaryEncoding.encode(column, dictionary, children);
      }
      case FRAME_OF_REFERENCE:
        return FrameOfReferenceEncoding.encode((LongColumn) column, children);
      case RUN_END:
        return RunEndEncoding.encode(column, children);
      case DELTA:
        return DeltaEncoding.encode((LongColumn) column, children);
      case SPARSE:
        return SparseEncoding.encode(column, statistics, children);
      case BITMAP:
        return BitmapEncoding.encode((BooleanColumn) column);
      case DECIMAL_SCALED:
        return DecimalScaledEncoding.encode((DecimalColumn) column, children);
      case FSST:
        return FsstEncoding.encode((BinaryColumn) column, fsstTable((BinaryColumn) column).table(), children);
      case ALP:
        return AlpEncoding.encode((LongColumn) column, children);
      case ALP_RD:
        return AlpRdEncoding.encode((LongColumn) column, children);
      default:
        throw new IllegalArgumentException("no node encoding " + kind);
    }
  }

  /** The top node forced to {@code kind}; its children are still chosen. */
  private EncodedNode encodeForced(Column column, EncodingKind kind) {
    PhysicalType type = column.type();
    if (!kind.acceptsPhysical(type)) {
      throw QuiverException.user("encoding " + kind + " cannot hold " + type.label + " values");
    }
    int rows = column.rows();
    int depth = Math.max(1, options.maximumDepth());
    boolean wantsDictionary = kind == EncodingKind.DICTIONARY || kind == EncodingKind.SPARSE;
    ColumnStatistics statistics = ColumnStatistics.of(column, wantsDictionary ? Math.max(1, rows) : 0);
    switch (kind) {
      case CONSTANT:
        if (rows > 0 && !statistics.constant()) {
          throw QuiverException.user("encoding CONSTANT cannot take this data: its values are not all equal");
        }
        return ConstantEncoding.encode(column);
      case DECIMAL_SCALED:
        if (!statistics.fitsInLong()) {
          throw QuiverException.user("encoding DECIMAL_SCALED cannot take this data: a value needs more than 64 bits");
        }
        return build(kind, column, statistics, depth);
      case ZSTD:
        return forcedZstd(column);
      default:
        return build(kind, column, statistics, depth);
    }
  }

  private EncodedNode forcedZstd(Column column) {
    int level = options.zstdLevel();
    if (column instanceof BinaryColumn binary) {
      return EncodedNode.parent(EncodingFormat.ENCODING_PLAIN, PhysicalType.BINARY, binary.rows(),
          ZstdStage.force(PlainEncoding.encodeLongs(binary.lengths()), level),
          ZstdStage.force(PlainEncoding.encodeBytes(binary.bytes()), level));
    }
    EncodedNode plain = column instanceof BooleanColumn booleans
        ? BitmapEncoding.encode(booleans) : PlainEncoding.encode(column, null);
    return ZstdStage.force(plain, level);
  }
}
