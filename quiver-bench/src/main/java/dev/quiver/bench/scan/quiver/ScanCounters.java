package dev.quiver.bench.scan.quiver;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a Quiver scan did, as the results record it.
 *
 * @param chunksDecoded flat chunks decoded (a chunk two splits read counts twice)
 * @param distinctChunks distinct chunks among them
 * @param chunksInColumns flat chunks of the columns read, all rows
 * @param zonesSkipped zones of rows skipped by the zone maps
 * @param bytesRead segment bytes read from the file
 */
public record ScanCounters(long chunksDecoded, long distinctChunks, long chunksInColumns, long zonesSkipped,
    long bytesRead) {
  public Map<String, Long> details() {
    Map<String, Long> details = new LinkedHashMap<>();
    details.put("chunksDecoded", chunksDecoded);
    details.put("distinctChunks", distinctChunks);
    details.put("chunksInColumns", chunksInColumns);
    details.put("zonesSkipped", zonesSkipped);
    details.put("bytesRead", bytesRead);
    return details;
  }
}
