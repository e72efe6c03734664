package dev.quiver.exec.aggregate;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.VectorGather;
import dev.quiver.exec.keys.KeyDecoder;
import dev.quiver.exec.keys.KeyEncoder;
import dev.quiver.exec.keys.KeyHashing;
import dev.quiver.exec.keys.KeyRows;
import dev.quiver.exec.keys.KeyTable;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Builds one {@link GroupTable} from batches, from another table (combine) or from spilled chunks,
 * and when memory is refused writes the table to hash partitions on disk ({@link SpillPartitions})
 * and starts an empty one. Not thread-safe.
 */
final class GroupBuilder implements AutoCloseable {
  private static final int CHUNK = 4096;
  private static final byte GROUPS = 0;

  private final AggregateSpec spec;
  private final ExecutionContext context;
  private final MemoryReservation reservation;
  private final OperatorMetrics metrics;
  private final int level;
  private final long softLimit;
  /** An estimate of the bytes one new group takes (keys, states, distinct pairs), without strings. */
  private final long groupBytes;
  GroupTable table;
  private SpillPartitions spill;
  private final List<Path[]> spilled = new ArrayList<>();
  private final KeyEncoder keyEncoder;
  private final KeyRows keyRows;
  private final KeyTable.Scratch lookupScratch = new KeyTable.Scratch();
  private final KeyEncoder[] distinctEncoders;
  private final KeyRows[] distinctRows;
  private int[] groups = new int[0];
  private int[] ids = new int[0];
  private int[] subGroups = new int[0];
  private int[] subRows = new int[0];
  private int[] identity = new int[0];
  private int[] rowCodes = new int[0];
  private int[] misses = new int[0];
  private int[] missPositions = new int[0];
  private int[] missGroups = new int[0];
  /** A slice's batch positions ({@code from + i}), filled per slice; as long as the batch. */
  private int[] slicePositions = new int[0];
  /** Null, or the direct-indexed cache of groups for keys bounded by statistics. */
  private DirectGroupIndex direct;
  /** Rows whose group the direct index found. */
  private long directRows;
  /** Null, or the groups of a single dictionary-encoded key's codes (for dictionaries larger than a batch). */
  private CodeGroupIndex codeIndex;
  /** Rows whose group the code index found. */
  private long codeRows;
  /** A slice's rows in runs of one group, when it has few (see {@link GroupRuns}); off with {@value #RUNS}=false. */
  private final GroupRuns runs = Boolean.parseBoolean(System.getProperty(RUNS, "true")) ? new GroupRuns() : null;
  static final String RUNS = "quiver.aggregate.groupRuns";
  /** Rows added in runs of one group. */
  private long runRows;
  /**
   * Whether every key of the current table came in through the direct index (which then knows them all): a key
   * the index misses is new for certain, and is appended without a hash probe ({@link KeyTable#appendUnindexed}).
   */
  private boolean keysAllThroughDirect = true;
  /** Scratch for the keys {@link DirectGroupIndex#findOrAppend} appends. */
  private final KeyRows freshRows;

  GroupBuilder(AggregateSpec spec, ExecutionContext context, MemoryReservation reservation, OperatorMetrics metrics,
      int level) {
    this.spec = spec;
    this.context = context;
    this.reservation = reservation;
    this.metrics = metrics;
    this.level = level;
    // each thread's table spills past its share of the limit (halved: a growth may double the arrays), so one
    // thread's table cannot starve the others
    this.softLimit = context.memory().limit() / (2L * (context.threads() + 1));
    this.table = new GroupTable(spec, reservation);
    long perGroup = 8L * spec.keyLayout.stride() + 32;
    for (int c = 0; c < spec.callCount(); c++) {
      perGroup += table.accumulators[c].bytesPerGroup();
      if (spec.distinct[c]) {
        perGroup += 8L * spec.distinctLayout[c].stride() + 32;
      }
    }
    this.groupBytes = perGroup;
    this.direct = level == 0 ? DirectGroupIndex.create(spec, reservation,
        Math.min(DirectGroupIndex.MAX_SLOTS, softLimit / 16)) : null;
    this.codeIndex = level == 0 ? CodeGroupIndex.create(spec, spec.keyOrdinals.length == 1 ? "#"
        + spec.keyOrdinals[0] : "", reservation) : null;
    this.keyEncoder = new KeyEncoder(spec.keyLayout);
    this.keyRows = new KeyRows(spec.keyLayout, 16);
    this.freshRows = new KeyRows(spec.keyLayout, 16);
    this.distinctEncoders = new KeyEncoder[spec.callCount()];
    this.distinctRows = new KeyRows[spec.callCount()];
    for (int c = 0; c < spec.callCount(); c++) {
      if (spec.distinct[c]) {
        distinctEncoders[c] = new KeyEncoder(spec.distinctLayout[c]);
        distinctRows[c] = new KeyRows(spec.distinctLayout[c], 16);
      }
    }
  }

  /** Rows whose group the direct index found (no key encoded, no hash probed). */
  long directRows() {
    return directRows;
  }

  /** Rows whose group the dictionary code index found (no key encoded, no hash probed). */
  long codeRows() {
    return codeRows;
  }

  /** Rows added in runs of one group ({@link GroupRuns}). */
  long runRows() {
    return runRows;
  }

  /** Frees the direct and code indexes, if any (no rows are added after this). */
  void releaseDirectIndex() {
    if (direct != null) {
      direct.release();
      direct = null;
    }
    if (codeIndex != null) {
      codeIndex.release();
      codeIndex = null;
    }
  }

  /** Whether any of this builder's groups went to disk. */
  boolean spilled() {
    return !spilled.isEmpty() || spill != null;
  }

  private void scratch(int count) {
    if (groups.length < count) {
      groups = new int[count];
      ids = new int[count];
      subGroups = new int[count];
      subRows = new int[count];
      identity = new int[count];
      rowCodes = new int[count];
      misses = new int[count];
      missPositions = new int[count];
      missGroups = new int[count];
      slicePositions = new int[count];
      for (int i = 0; i < count; i++) {
        identity[i] = i;
      }
    }
  }

  /**
   * Adds the rows of a batch (the batch stays the caller's), in slices: a slice that an empty table
   * cannot take is halved, down to {@link #MIN_SLICE} rows.
   */
  /** Per call of add, per two-argument call its second argument's column and rows (see {@link SecondArgument}). */
  private FieldVector[] orderingVector;
  private int[][] orderingRows;

  /** Gives call {@code c}'s accumulator the ordering rows of the slice's chosen rows. */
  private void orderingOf(int c, int from, int[] chosen, int chosenCount) {
    int[] physical = orderingRows[c];
    int[] rows = new int[chosenCount];
    for (int i = 0; i < chosenCount; i++) {
      int logical = from + (chosen == null ? i : chosen[i]);
      rows[i] = physical == null ? logical : physical[logical];
    }
    ((SecondArgument) table.accumulators[c]).second(orderingVector[c], rows);
  }

  void add(Batch batch) {
    int count = batch.rowCount();
    if (count == 0) {
      return;
    }
    scratch(count);
    List<FieldVector> decoded = new ArrayList<>();
    try {
      int calls = spec.callCount();
      FieldVector[] argumentVector = new FieldVector[calls];
      int[][] argumentRows = new int[calls][];
      boolean[][] passes = new boolean[calls][];
      orderingVector = new FieldVector[calls];
      orderingRows = new int[calls][];
      for (int c = 0; c < calls; c++) {
        if (spec.argument[c] >= 0 && !spec.distinct[c]) { // a DISTINCT call reads its values through its key rows
          argumentVector[c] = AggregateInputs.column(batch, spec.argument[c], decoded);
          argumentRows[c] = AggregateInputs.rowsOf(batch, spec.argument[c]);
        }
        if (spec.filter[c] >= 0) {
          passes[c] = AggregateInputs.filterRows(batch, spec.filter[c], decoded);
        }
        if (spec.ordering[c] >= 0) {
          orderingVector[c] = AggregateInputs.column(batch, spec.ordering[c], decoded);
          orderingRows[c] = AggregateInputs.rowsOf(batch, spec.ordering[c]);
        }
      }
      // a slice's groups, if all new, fit in the soft limit
      int slice = (int) Math.max(MIN_SLICE, Math.min(count, softLimit / (2 * groupBytes)));
      int from = 0;
      while (from < count) {
        int size = Math.min(slice, count - from);
        if (addSlice(batch, from, size, argumentVector, argumentRows, passes)) {
          from += size;
        } else if (size > MIN_SLICE) {
          slice = Math.max(MIN_SLICE, size / 2);
        } else {
          throw refused();
        }
      }
      metrics.memory(reservation.bytes());
    } finally {
      decoded.forEach(FieldVector::close);
    }
  }

  private static final int MIN_SLICE = 16;

  /** Adds batch rows {@code [from, from + count)}; false when even an empty table cannot take them. */
  private boolean addSlice(Batch batch, int from, int count, FieldVector[] argumentVector, int[][] argumentRows,
      boolean[][] passes) {
    int[] positions = slicePositions; // sized by scratch() for the whole batch
    for (int i = 0; i < count; i++) {
      positions[i] = from + i;
    }
    int calls = spec.callCount();
    // no keys: every row is in the one group, found (or made) once per slice from one encoded row
    boolean global = spec.keyOrdinals.length == 0;
    if (runs != null) {
      runs.clear();
    }
    int[] usedCodes = global || throughCodeIndex(batch, count) ? null : byCode(batch, from, count);
    // -1: the direct index is not used for this slice; else how many rows it did not know
    int missed = -1;
    GroupTable looked = table;
    GroupCache cache = null;
    if (global) {
      keyEncoder.encode(batch, spec.keyOrdinals, positions, 1, keyRows);
    } else if (usedCodes == null) {
      cache = direct != null && direct.accepts(batch) ? direct
          : codeIndex != null && codeIndex.accepts(batch) ? codeIndex : null;
      if (cache != null) {
        missed = cache.lookup(batch, from, count, groups, misses);
        if (cache == direct) {
          directRows += count - missed;
        } else {
          codeRows += count - missed;
        }
        for (int j = 0; j < missed; j++) {
          missPositions[j] = from + misses[j];
        }
        keyEncoder.encode(batch, spec.keyOrdinals, missPositions, missed, keyRows);
      } else {
        keyEncoder.encode(batch, spec.keyOrdinals, positions, count, keyRows);
      }
    }
    int[][] selected = new int[calls][];
    for (int c = 0; c < calls; c++) {
      if (passes[c] != null) {
        int chosen = 0;
        int[] rows = new int[count];
        for (int i = 0; i < count; i++) {
          if (passes[c][from + i]) {
            rows[chosen++] = i;
          }
        }
        selected[c] = java.util.Arrays.copyOf(rows, chosen);
      }
      if (spec.distinct[c]) {
        int[] rows = positions;
        int rowCount = count;
        if (selected[c] != null) {
          rows = new int[selected[c].length];
          for (int i = 0; i < rows.length; i++) {
            rows[i] = positions[selected[c][i]];
          }
          rowCount = rows.length;
        }
        if (global && spec.distinctColumns[c].length == 1 && batch.isDictionaryEncoded(spec.distinctColumns[c][0])) {
          // one group: a dictionary code seen once in the slice stands for all its rows
          if (rows == positions) {
            rows = positions.clone();
          }
          rowCount = firstOfEachCode(batch, spec.distinctColumns[c][0], rows, rowCount);
        }
        distinctEncoders[c].encode(batch, spec.distinctColumns[c], rows, rowCount, distinctRows[c]);
      }
    }
    int newGroups = global ? 1 : count;
    if (table.size() > 0 && reservation.bytes() + 2 * groupBytes * newGroups > softLimit) {
      spillTable();
    }
    if (!reserveFor(newGroups)) {
      if (table.size() == 0) {
        return false;
      }
      spillTable();
      if (!reserveFor(newGroups)) {
        return false;
      }
    }
    if (global) {
      table.keys.findOrInsert(keyRows, groups);
      java.util.Arrays.fill(groups, 1, count, groups[0]);
    } else if (usedCodes != null) {
      groupsByCode(count, usedCodes);
    } else if (missed < 0) {
      table.keys.findOrInsert(keyRows, groups);
    } else if (table != looked) {
      // the table was replaced (spilled) after the lookup: its groups are gone, so every row is found again, with
      // room made for all of their keys (the reservation was for the misses' only)
      keyEncoder.encode(batch, spec.keyOrdinals, positions, count, keyRows);
      if (!reserveFor(count)) {
        return false; // the new table is empty: the caller halves the slice
      }
      table.keys.findOrInsert(keyRows, groups);
      cache.remember(identity, count, groups);
    } else {
      if (cache == direct && keysAllThroughDirect && direct.inRange(misses, missed)) {
        table.keys.appendUnindexed(keyRows, missGroups); // the index knows every key of the table: these are new
      } else {
        table.keys.findOrInsert(keyRows, missGroups);
      }
      for (int j = 0; j < missed; j++) {
        groups[misses[j]] = missGroups[j];
      }
      cache.remember(misses, missed, groups);
    }
    if (!global && (cache == null || cache != direct)) {
      keysAllThroughDirect = false; // keys the direct index does not know may be in the table
    }
    boolean filled = false;
    int[] filledPhysical = null;
    int[] filledChosen = null;
    for (int c = 0; c < calls; c++) {
      if (spec.distinct[c]) {
        table.distinct[c].findOrInsert(distinctRows[c], ids);
        if (spec.ordering[c] >= 0) { // a constant second argument (string_agg's separator) the accumulator keeps
          orderingOf(c, from, selected[c], selected[c] == null ? count : selected[c].length);
        }
        continue;
      }
      if (table.accumulators[c].updatesNothing()) {
        continue;
      }
      int[] physical = argumentRows[c];
      int[] chosen = selected[c];
      if (runs != null && runs.count() > 0 && chosen == null && spec.ordering[c] < 0
          && table.accumulators[c].updatesGroupRuns()) {
        // COUNT(*) reads the runs' lengths only: the rows are not put in order for it
        int[] runRows = argumentVector[c] == null ? null : runs.rows(from, physical);
        table.accumulators[c].updateRuns(runs, argumentVector[c], runRows);
        continue;
      }
      int chosenCount = chosen == null ? count : chosen.length;
      if (!filled || physical != filledPhysical || chosen != null || filledChosen != null) {
        // the calls without a FILTER over the same rows share one copy of their groups and rows
        for (int i = 0; i < chosenCount; i++) {
          int slot = chosen == null ? i : chosen[i];
          int logical = from + slot;
          subGroups[i] = groups[slot];
          subRows[i] = physical == null ? logical : physical[logical];
        }
        filled = true;
        filledPhysical = physical;
        filledChosen = chosen;
      }
      if (spec.ordering[c] >= 0) {
        orderingOf(c, from, chosen, chosenCount);
      }
      if (global) {
        table.accumulators[c].updateOneGroup(groups[0], subGroups, argumentVector[c], subRows, chosenCount);
      } else {
        table.accumulators[c].update(subGroups, argumentVector[c], subRows, chosenCount);
      }
    }
    if (!table.tryReserveVariable()) {
      spillTable();
    }
    return true;
  }

  /** Whether the slice's one key is dictionary-encoded with a dictionary the {@link CodeGroupIndex} is worth. */
  private boolean throughCodeIndex(Batch batch, int count) {
    if (codeIndex == null || !batch.isDictionaryEncoded(spec.keyOrdinals[0])) {
      return false;
    }
    return CodeGroupIndex.worthwhile(batch.dictionary(spec.keyOrdinals[0]).getValueCount(), count);
  }

  /**
   * When every key is dictionary-encoded and their combinations of codes (NULL counted as one more
   * code each) are no more than the slice's rows: gives each slice row its combination in {@link
   * #rowCodes}, packs one key row per combination used into {@link #keyRows} (from the first row
   * that has it) and returns the combinations in the order packed; null otherwise (keys are then
   * encoded row by row).
   */
  private int[] byCode(Batch batch, int from, int count) {
    int[] ordinals = spec.keyOrdinals;
    if (ordinals.length == 0) {
      return null;
    }
    long combinations = 1;
    for (int ordinal : ordinals) {
      if (!batch.isDictionaryEncoded(ordinal)) {
        return null;
      }
      combinations *= batch.dictionary(ordinal).getValueCount() + 1L;
      if (combinations > count) {
        return null;
      }
    }
    int[] selection = batch.selection();
    int stride = 1;
    for (int k = 0; k < ordinals.length; k++) {
      int ordinal = ordinals[k];
      IntVector codes = (IntVector) batch.vector(ordinal);
      int valueCount = batch.dictionary(ordinal).getValueCount();
      // a column that is a slice of a larger decoded chunk is counted only when that costs less than testing bits
      boolean noNulls = codes.getValueCount() <= 64L * count && codes.getNullCount() == 0;
      int outside = codeRows(codes, noNulls, valueCount, selection, from, count, stride, k == 0);
      if (outside >= 0) {
        throw QuiverException.corrupt("column " + batch.schema().getFields().get(ordinal).getName()
            + ": dictionary code " + MemoryUtil.getInt(codes.getDataBuffer().memoryAddress() + 4L * outside)
            + " at row " + outside + " is outside the " + valueCount + " dictionary values");
      }
      stride *= valueCount + 1;
    }
    int[] firstRow = new int[(int) combinations];
    java.util.Arrays.fill(firstRow, -1);
    int[] used = new int[(int) combinations];
    int distinct = 0;
    for (int i = 0; i < count; i++) {
      int combination = rowCodes[i];
      if (firstRow[combination] < 0) {
        firstRow[combination] = from + i;
        used[distinct++] = combination;
      }
    }
    int[] positions = new int[distinct];
    for (int k = 0; k < distinct; k++) {
      positions[k] = firstRow[used[k]];
    }
    keyEncoder.encode(batch, ordinals, positions, distinct, keyRows);
    return java.util.Arrays.copyOf(used, distinct);
  }

  /**
   * Adds {@code code * stride} of each slice row to {@link #rowCodes} (sets it when {@code first}), a NULL's code
   * being {@code valueCount}; returns the first row whose code is outside the dictionary, or -1.
   */
  private int codeRows(IntVector codes, boolean noNulls, int valueCount, int[] selection, int from, int count,
      int stride, boolean first) {
    long validity = codes.getValidityBuffer().memoryAddress();
    long data = codes.getDataBuffer().memoryAddress();
    int[] combined = rowCodes;
    boolean outside = false;
    for (int i = 0; i < count; i++) {
      int row = selection == null ? from + i : selection[from + i];
      int code = noNulls || ValueReader.isSet(validity, row) ? MemoryUtil.getInt(data + 4L * row) : valueCount;
      outside |= Integer.compareUnsigned(code, valueCount) > 0;
      combined[i] = (first ? 0 : combined[i]) + code * stride;
    }
    if (!outside) {
      return -1;
    }
    for (int i = 0; i < count; i++) {
      int row = selection == null ? from + i : selection[from + i];
      if ((noNulls || ValueReader.isSet(validity, row))
          && Integer.compareUnsigned(MemoryUtil.getInt(data + 4L * row), valueCount) > 0) {
        return row;
      }
    }
    throw new IllegalStateException("a code outside the dictionary that a second look does not find");
  }

  /** The groups of the slice's rows from the groups of the combinations {@link #byCode} packed. */
  private void groupsByCode(int count, int[] used) {
    int[] ids = new int[used.length];
    table.keys.findOrInsert(keyRows, ids);
    int largest = 0;
    for (int combination : used) {
      largest = Math.max(largest, combination);
    }
    int[] groupOf = new int[largest + 1];
    for (int k = 0; k < used.length; k++) {
      groupOf[used[k]] = ids[k];
    }
    for (int i = 0; i < count; i++) {
      groups[i] = groupOf[rowCodes[i]];
    }
    if (runs != null && GroupRuns.worthwhile(used.length, count)) {
      runs.build(rowCodes, used, ids, used.length, count);
      runRows += count;
    }
  }

  private boolean reserveFor(int count) {
    if (!table.tryReserve(count, keyRows.byteSize())) {
      return false;
    }
    for (int c = 0; c < spec.callCount(); c++) {
      if (spec.distinct[c] && !table.distinct[c].tryReserve(distinctRows[c].size(), distinctRows[c].byteSize())) {
        return false;
      }
    }
    return true;
  }

  private QuiverException refused() {
    return new QuiverException(ErrorCode.RESOURCE, "HashAggregate cannot hold one batch of groups in the query's"
        + " memory limit of " + context.memory().limit() + " bytes (" + context.memory().used()
        + " in use); raise --memory-limit");
  }

  /** Marks of the dictionary codes {@link #firstOfEachCode} saw (index 0: NULL), cleared after each use. */
  private boolean[] codeSeen = new boolean[0];

  /**
   * Keeps in {@code rows[0, count)} (batch rows) the first row of each dictionary code (and of NULL) of the
   * dictionary-encoded column {@code ordinal}, in order; returns how many.
   */
  private int firstOfEachCode(Batch batch, int ordinal, int[] rows, int count) {
    IntVector codes = (IntVector) batch.vector(ordinal);
    int[] selection = batch.selection();
    int size = batch.dictionary(ordinal).getValueCount() + 1;
    if (codeSeen.length < size) {
      codeSeen = new boolean[size];
    }
    boolean[] seen = codeSeen;
    long validity = codes.getValidityBuffer().memoryAddress();
    long data = codes.getDataBuffer().memoryAddress();
    boolean noNulls = VectorGather.knownWithoutNulls(codes, codes.getValueCount());
    int kept = 0;
    for (int i = 0; i < count; i++) {
      int physical = selection == null ? rows[i] : selection[rows[i]];
      int mark = noNulls || ValueReader.isSet(validity, physical) ? MemoryUtil.getInt(data + 4L * physical) + 1 : 0;
      if (mark < 0 || mark >= size) {
        throw QuiverException.corrupt("column " + batch.schema().getFields().get(ordinal).getName()
            + ": dictionary code " + (mark - 1) + " at row " + physical + " is outside the " + (size - 1)
            + " dictionary values");
      }
      if (!seen[mark]) {
        seen[mark] = true;
        rows[kept++] = rows[i];
      }
    }
    for (int k = 0; k < kept; k++) {
      int physical = selection == null ? rows[k] : selection[rows[k]];
      seen[noNulls || ValueReader.isSet(validity, physical) ? MemoryUtil.getInt(data + 4L * physical) + 1 : 0] = false;
    }
    return kept;
  }

  /** Merges another table into this builder's (the other table is released). */
  void merge(GroupTable other) {
    KeyRows source = other.keys.rows();
    for (int from = 0; from < other.size(); from += CHUNK) {
      int count = Math.min(CHUNK, other.size() - from);
      scratch(count);
      keyRows.clear();
      keyRows.ensureCapacity(count, bytesOf(source, from, count));
      for (int i = 0; i < count; i++) {
        keyRows.append(source, from + i);
      }
      reserveGroups(count);
      if (direct == null || !keysAllThroughDirect || !direct.findOrAppend(keyRows, groups, table.keys, freshRows)) {
        keysAllThroughDirect = false;
        table.keys.findOrInsert(keyRows, groups);
      }
      for (int c = 0; c < spec.callCount(); c++) {
        table.accumulators[c].merge(other.accumulators[c], from, count, groups);
      }
      if (!table.tryReserveVariable()) {
        spillTable();
      }
    }
    for (int c = 0; c < spec.callCount(); c++) {
      if (spec.distinct[c]) {
        KeyRows pairs = other.distinct[c].rows();
        for (int from = 0; from < pairs.size(); from += CHUNK) {
          int count = Math.min(CHUNK, pairs.size() - from);
          scratch(count);
          distinctRows[c].clear();
          distinctRows[c].ensureCapacity(count, bytesOf(pairs, from, count));
          for (int i = 0; i < count; i++) {
            distinctRows[c].append(pairs, from + i);
          }
          insertDistinct(c);
        }
      }
    }
    other.release();
    metrics.memory(reservation.bytes());
  }

  /** Makes room for {@code count} groups of {@link #keyRows}, spilling first past the soft limit or when refused. */
  private void reserveGroups(int count) {
    if (table.size() > 0 && reservation.bytes() > softLimit) {
      spillTable();
    }
    if (!table.tryReserve(count, keyRows.byteSize())) {
      spillTable();
      if (!table.tryReserve(count, keyRows.byteSize())) {
        throw refused();
      }
    }
  }

  private void insertDistinct(int c) {
    if (reservation.bytes() > softLimit) {
      spillTable();
    }
    if (!table.distinct[c].tryReserve(distinctRows[c].size(), distinctRows[c].byteSize())) {
      spillTable();
      if (!table.distinct[c].tryReserve(distinctRows[c].size(), distinctRows[c].byteSize())) {
        throw refused();
      }
    }
    table.distinct[c].findOrInsert(distinctRows[c], ids);
  }

  private static long bytesOf(KeyRows rows, int from, int count) {
    long bytes = 0;
    for (int i = from; i < from + count; i++) {
      bytes += rows.byteLength(i);
    }
    return bytes;
  }

  /** Adds every chunk of a spill file (then deletes it). */
  void addFile(Path file) {
    keysAllThroughDirect = false;
    try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(Files.newInputStream(file),
        8192))) {
      while (true) {
        int tag = in.read();
        if (tag < 0) {
          break;
        }
        context.checkCancelled();
        if (tag == GROUPS) {
          keyRows.read(in);
          int count = keyRows.size();
          scratch(count);
          reserveGroups(count);
          table.keys.findOrInsert(keyRows, groups);
          for (Accumulator accumulator : table.accumulators) {
            accumulator.readState(in, groups, count);
          }
          if (!table.tryReserveVariable()) {
            spillTable();
          }
        } else {
          int c = tag - 1;
          distinctRows[c].read(in);
          scratch(distinctRows[c].size());
          insertDistinct(c);
        }
      }
    } catch (IOException failure) {
      throw new QuiverException(ErrorCode.IO, "HashAggregate cannot read its spill file " + file + ": "
          + failure.getMessage(), failure);
    } finally {
      SpillPartitions.delete(file);
    }
    metrics.memory(reservation.bytes());
  }

  /** Writes the whole table to the spill partitions of this builder's level and starts an empty table. */
  void spillTable() {
    if (spill == null) {
      spill = new SpillPartitions(context, metrics, level);
    }
    try {
      writeGroups();
      for (int c = 0; c < spec.callCount(); c++) {
        if (spec.distinct[c]) {
          writeDistinct(c);
        }
      }
    } catch (IOException failure) {
      throw new QuiverException(ErrorCode.IO, "HashAggregate cannot write a spill file: " + failure.getMessage(),
          failure);
    }
    metrics.spills.increment();
    table.release();
    table = new GroupTable(spec, reservation);
    keysAllThroughDirect = true;
    if (direct != null) {
      direct.clear();
    }
    if (codeIndex != null) {
      codeIndex.clear();
    }
  }

  private void writeGroups() throws IOException {
    KeyRows rows = table.keys.rows();
    int[][] buckets = buckets(rows, null);
    for (int p = 0; p < SpillPartitions.COUNT; p++) {
      int[] bucket = buckets[p];
      int filled = bucketSize[p];
      for (int from = 0; from < filled; from += CHUNK) {
        int count = Math.min(CHUNK, filled - from);
        int[] chunk = java.util.Arrays.copyOfRange(bucket, from, from + count);
        DataOutputStream out = spill.stream(p);
        out.writeByte(GROUPS);
        rows.write(out, chunk, count);
        for (Accumulator accumulator : table.accumulators) {
          accumulator.writeState(out, chunk, count);
        }
      }
    }
  }

  private void writeDistinct(int c) throws IOException {
    KeyRows pairs = table.distinct[c].rows();
    KeyRows prefix = new KeyRows(spec.keyLayout, Math.max(1, pairs.size()));
    prefix.ensureCapacity(pairs.size(), pairs.byteSize());
    for (int i = 0; i < pairs.size(); i++) {
      prefix.appendPrefix(pairs, i);
    }
    int[][] buckets = buckets(prefix, null);
    for (int p = 0; p < SpillPartitions.COUNT; p++) {
      int filled = bucketSize[p];
      for (int from = 0; from < filled; from += CHUNK) {
        int count = Math.min(CHUNK, filled - from);
        int[] chunk = java.util.Arrays.copyOfRange(buckets[p], from, from + count);
        DataOutputStream out = spill.stream(p);
        out.writeByte(1 + c);
        pairs.write(out, chunk, count);
      }
    }
  }

  private final int[] bucketSize = new int[SpillPartitions.COUNT];

  /** The row ids of each partition (by the rows' key hashes), sizes in {@link #bucketSize}. */
  private int[][] buckets(KeyRows rows, int[] unused) {
    java.util.Arrays.fill(bucketSize, 0);
    int[] partition = new int[rows.size()];
    for (int i = 0; i < rows.size(); i++) {
      partition[i] = KeyHashing.partition(rows.hash(i), level, SpillPartitions.BITS);
      bucketSize[partition[i]]++;
    }
    int[][] buckets = new int[SpillPartitions.COUNT][];
    for (int p = 0; p < SpillPartitions.COUNT; p++) {
      buckets[p] = new int[bucketSize[p]];
    }
    int[] filled = new int[SpillPartitions.COUNT];
    for (int i = 0; i < rows.size(); i++) {
      buckets[partition[i]][filled[partition[i]]++] = i;
    }
    return buckets;
  }

  /** Closes this builder's open spill files and returns every spill set it wrote (files per partition). */
  List<Path[]> finishSpills() {
    if (spill != null) {
      spilled.add(spill.finish());
      spill = null;
    }
    List<Path[]> sets = new ArrayList<>(spilled);
    spilled.clear();
    return sets;
  }

  /**
   * Feeds each DISTINCT call's (keys, argument) pairs to its accumulator (once, when the table is
   * final and in memory).
   */
  void resolveDistinct() {
    for (int c = 0; c < spec.callCount(); c++) {
      if (!spec.distinct[c]) {
        continue;
      }
      KeyTable pairsTable = table.distinct[c];
      KeyRows pairs = pairsTable.rows();
      Field argument = spec.input.getFields().get(spec.argument[c]);
      int argumentColumn = spec.keyOrdinals.length;
      for (int from = 0; from < pairs.size(); from += CHUNK) {
        int count = Math.min(CHUNK, pairs.size() - from);
        scratch(count);
        keyRows.clear();
        keyRows.ensureCapacity(count, bytesOf(pairs, from, count));
        for (int i = 0; i < count; i++) {
          keyRows.appendPrefix(pairs, from + i);
          ids[i] = from + i;
        }
        table.keys.find(keyRows, groups, lookupScratch);
        try (FieldVector values = KeyDecoder.decode(pairs, argumentColumn, ids, count, argument,
            context.allocator())) {
          table.accumulators[c].update(groups, values, identity, count);
        }
      }
      if (!table.tryReserveVariable()) {
        throw refused();
      }
    }
  }

  /** Makes sure the table has the one group of an aggregate without keys. */
  void ensureEmptyGroup() {
    if (spec.keyOrdinals.length == 0 && table.size() == 0) {
      keyRows.clear();
      keyRows.ensureCapacity(1, 0);
      KeyRows empty = new KeyRows(spec.keyLayout, 1);
      new KeyEncoder(spec.keyLayout).encodeVectors(List.of(), 1, empty);
      keyRows.append(empty, 0);
      scratch(1);
      table.tryReserve(1, 0);
      table.keys.findOrInsert(keyRows, groups);
    }
  }

  /** Frees the table and deletes the spill files not yet handed on. */
  @Override
  public void close() {
    table.release();
    releaseDirectIndex();
    if (spill != null) {
      spill.close();
      spill = null;
    }
  }
}
