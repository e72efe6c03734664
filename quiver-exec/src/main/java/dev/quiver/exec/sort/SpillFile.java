package dev.quiver.exec.sort;

import java.nio.file.Path;

/**
 * One sorted run on disk: an Arrow IPC stream of dense batches in sorted order.
 *
 * @param path the file (in the query's spill folder)
 * @param rows rows written
 * @param bytes bytes written
 * @param largestBatchBytes the buffer bytes of the largest batch (what a reader holds at once)
 * @param largestBatchRows the rows of the largest batch
 */
record SpillFile(Path path, long rows, long bytes, long largestBatchBytes, int largestBatchRows) {}
