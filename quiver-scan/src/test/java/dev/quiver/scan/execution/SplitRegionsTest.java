package dev.quiver.scan.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Every split handed out once, in order to one thread, from different regions to several. */
class SplitRegionsTest {
  @Test
  void oneThreadTakesEverySplitInOrder() {
    SplitRegions regions = new SplitRegions(7, 1);
    List<Integer> taken = new ArrayList<>();
    for (int index = regions.next(); index >= 0; index = regions.next()) {
      taken.add(index);
    }
    assertThat(taken).containsExactly(0, 1, 2, 3, 4, 5, 6);
    assertThat(regions.taken()).isEqualTo(7);
    assertThat(regions.next()).isEqualTo(-1);
  }

  @Test
  void noSplitsHandsOutNothing() {
    SplitRegions regions = new SplitRegions(0, 4);
    assertThat(regions.next()).isEqualTo(-1);
    assertThat(regions.taken()).isZero();
    assertThatThrownBy(() -> new SplitRegions(3, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void threadsStartInDifferentRegionsAndGoForwardInThem() throws Exception {
    SplitRegions regions = new SplitRegions(40, 2);
    assertThat(regions.regions()).isEqualTo(2 * SplitRegions.REGIONS_PER_THREAD);
    int first = regions.next();
    int[] other = new int[2];
    Thread thread = new Thread(() -> {
      other[0] = regions.next();
      other[1] = regions.next();
    });
    thread.start();
    thread.join();
    assertThat(first).isZero();
    assertThat(other[0]).isEqualTo(10); // the second region's front
    assertThat(other[1]).isEqualTo(11);
    assertThat(regions.next()).isEqualTo(1);
  }

  @Test
  void aThreadWithNothingLeftTakesFromTheBackOfTheFullestRegion() throws Exception {
    SplitRegions regions = new SplitRegions(12, 2); // four regions of three
    assertThat(regions.next()).isZero(); // this thread owns region 0
    List<Integer> other = new ArrayList<>();
    Thread thread = new Thread(() -> {
      for (int index = regions.next(); index >= 0; index = regions.next()) {
        other.add(index);
      }
    });
    thread.start();
    thread.join();
    // regions 1 to 3 from their fronts, then region 0 (the only one with splits left) from its back
    assertThat(other).containsExactly(3, 4, 5, 6, 7, 8, 9, 10, 11, 2, 1);
    assertThat(regions.next()).isEqualTo(-1);
  }

  @Test
  void concurrentThreadsTakeEachSplitExactlyOnce() throws Exception {
    long seed = Long.getLong("quiver.test.seed", System.nanoTime());
    System.out.println("SplitRegionsTest seed " + seed + " (rerun with -Dquiver.test.seed=" + seed + ")");
    Random random = new Random(seed);
    for (int round = 0; round < 50; round++) {
      int splits = random.nextInt(300);
      int threads = 1 + random.nextInt(6);
      SplitRegions regions = new SplitRegions(splits, threads);
      ConcurrentLinkedQueue<Integer> taken = new ConcurrentLinkedQueue<>();
      CountDownLatch start = new CountDownLatch(1);
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Thread worker = new Thread(() -> {
          try {
            start.await();
          } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return;
          }
          for (int index = regions.next(); index >= 0; index = regions.next()) {
            taken.add(index);
            Thread.onSpinWait();
          }
        });
        workers.add(worker);
        worker.start();
      }
      start.countDown();
      for (Thread worker : workers) {
        worker.join();
      }
      String context = "seed " + seed + " round " + round + ": " + splits + " splits, " + threads + " threads";
      List<Integer> sorted = new ArrayList<>(taken);
      sorted.sort(null);
      List<Integer> expected = new ArrayList<>();
      for (int i = 0; i < splits; i++) {
        expected.add(i);
      }
      assertThat(sorted).as(context).isEqualTo(expected);
      assertThat(regions.taken()).as(context).isEqualTo(splits);
      assertThat(regions.next()).as(context).isEqualTo(-1);
    }
  }
}
