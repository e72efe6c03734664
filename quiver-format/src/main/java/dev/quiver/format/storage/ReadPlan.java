package dev.quiver.format.storage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Groups segments into physical reads under a {@link CoalescingPolicy}. */
final class ReadPlan {
  /** One physical read: bytes {@code [offset, offset+length)} holding {@code segments}. */
  record Read(long offset, long length, List<Integer> segments) {}

  private ReadPlan() {}

  static List<Read> plan(List<Integer> segments, List<SegmentLocation> locations, CoalescingPolicy policy) {
    List<Integer> sorted = new ArrayList<>(segments);
    sorted.sort(Comparator.comparingLong(index -> locations.get(index).offset()));
    List<Read> reads = new ArrayList<>();
    List<Integer> current = new ArrayList<>();
    long start = 0;
    long end = 0;
    for (int index : sorted) {
      SegmentLocation location = locations.get(index);
      long gap = location.offset() - end;
      long merged = location.offset() + location.length() - start;
      if (!current.isEmpty() && gap >= 0 && gap <= policy.maximumGapBytes() && merged <= policy.maximumReadBytes()) {
        current.add(index);
        end = location.offset() + location.length();
        continue;
      }
      if (!current.isEmpty()) {
        reads.add(new Read(start, end - start, List.copyOf(current)));
      }
      current.clear();
      current.add(index);
      start = location.offset();
      end = location.offset() + location.length();
    }
    if (!current.isEmpty()) {
      reads.add(new Read(start, end - start, List.copyOf(current)));
    }
    return reads;
  }
}
