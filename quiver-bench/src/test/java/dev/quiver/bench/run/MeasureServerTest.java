package dev.quiver.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quiver.bench.MeasureServer;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * The persistent measurement JVM's loop ({@link MeasureServer#serve}) in this JVM with made-up
 * sessions: one session per key for every subject, a failure answered as an error line while the next
 * request is still measured, and the Arrow memory checks (after every pass, and the root allocator
 * empty at the end).
 */
class MeasureServerTest {
  private final ObjectMapper json = new ObjectMapper();

  private String request(String subject, String system) throws Exception {
    return json.writeValueAsString(new MeasureRequest("made-up", subject, system, 1, Map.of("data", "d"), false, 1, 0));
  }

  /**
   * Sessions whose workloads answer their subject; subject {@code boom} throws, {@code leak} leaves
   * 64 bytes allocated in its pass, {@code hold} leaves 32 bytes per pass in its session's allocator (freed by
   * nobody). {@code opened} counts the sessions opened, {@code leaked} gets what was left.
   */
  private static WorkloadSession.Factory sessions(AtomicInteger opened, List<ArrowBuf> leaked) {
    return (request, kept) -> {
      opened.incrementAndGet();
      return subjectRequest -> (allocator, verify) -> {
        switch (subjectRequest.subject()) {
          case "boom":
            throw new IllegalStateException("boom goes the query");
          case "leak":
            leaked.add(allocator.buffer(64));
            break;
          case "hold":
            leaked.add(kept.buffer(32));
            break;
          default:
            break;
        }
        return Outcome.of(subjectRequest.subject() + " on " + subjectRequest.system());
      };
    };
  }

  private static List<String> lines(ByteArrayOutputStream output) {
    return output.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void everySubjectOfAKeyRunsOnOneSessionAndAFailureDoesNotStopTheNext() throws Exception {
    AtomicInteger opened = new AtomicInteger();
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    String input = String.join("\n", request("a", "s1"), request("boom", "s1"), request("b", "s1"),
        request("a", "s2")) + "\n";
    RootAllocator root = new RootAllocator(Long.MAX_VALUE);
    int status = MeasureServer.serve(new BufferedReader(new StringReader(input)),
        new PrintStream(output, true, StandardCharsets.UTF_8), root, suite -> sessions(opened, new ArrayList<>()));
    List<String> lines = lines(output);
    assertThat(status).isZero();
    assertThat(lines).hasSize(4);
    assertThat(lines.get(1)).startsWith(PersistentJvm.ERROR_PREFIX).contains("boom goes the query");
    List<MeasureResult> results = new ArrayList<>();
    for (int index : new int[] {0, 2, 3}) {
      assertThat(lines.get(index)).startsWith(ChildJvm.RESULT_PREFIX);
      results.add(json.readValue(lines.get(index).substring(ChildJvm.RESULT_PREFIX.length()), MeasureResult.class));
    }
    assertThat(results).extracting(MeasureResult::answer).containsExactly("a on s1", "b on s1", "a on s2");
    assertThat(results).extracting(result -> result.details().get(MeasureServer.REQUESTS)).containsExactly(1L, 3L,
        4L);
    assertThat(results).extracting(result -> result.details().get(MeasureServer.SESSIONS)).containsExactly(1L, 1L,
        2L);
    assertThat(opened).as("one session per system").hasValue(2);
    assertThat(root.getAllocatedMemory()).isZero();
  }

  @Test
  void memoryLeftByAPassFailsThatRequestAndTheEnd() throws Exception {
    List<ArrowBuf> leaked = new ArrayList<>();
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    String input = String.join("\n", request("leak", "s1"), request("a", "s1")) + "\n";
    RootAllocator root = new RootAllocator(Long.MAX_VALUE);
    try {
      int status = MeasureServer.serve(new BufferedReader(new StringReader(input)),
          new PrintStream(output, true, StandardCharsets.UTF_8), root, suite -> sessions(new AtomicInteger(), leaked));
      List<String> lines = lines(output);
      assertThat(lines.get(0)).startsWith(PersistentJvm.ERROR_PREFIX).contains("left 64 bytes of Arrow memory");
      assertThat(lines.get(1)).startsWith(ChildJvm.RESULT_PREFIX).contains("a on s1");
      assertThat(lines.subList(2, lines.size())).anySatisfy(line -> assertThat(line)
          .startsWith(PersistentJvm.ERROR_PREFIX).contains("root Arrow allocator still holds 64 bytes"));
      assertThat(status).isEqualTo(1);
    } finally {
      // the leaked buffers' allocators are closed: they stay with this test's root, which is dropped
      assertThat(leaked).isNotEmpty();
    }
  }

  @Test
  void memoryASessionKeepsAfterItClosedFailsTheEnd() throws Exception {
    List<ArrowBuf> leaked = new ArrayList<>();
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    RootAllocator root = new RootAllocator(Long.MAX_VALUE);
    try {
      int status = MeasureServer.serve(new BufferedReader(new StringReader(request("hold", "s1") + "\n")),
          new PrintStream(output, true, StandardCharsets.UTF_8), root, suite -> sessions(new AtomicInteger(), leaked));
      List<String> lines = lines(output);
      assertThat(lines.get(0)).startsWith(ChildJvm.RESULT_PREFIX);
      assertThat(lines.subList(1, lines.size())).isNotEmpty().allSatisfy(line -> assertThat(line)
          .startsWith(PersistentJvm.ERROR_PREFIX));
      assertThat(String.join("\n", lines)).contains("allocator 'session 0' closed with 64 bytes still allocated");
      assertThat(status).isEqualTo(1);
    } finally {
      // the leaked buffers' allocators are closed: they stay with this test's root, which is dropped
      assertThat(leaked).isNotEmpty();
    }
  }

  @Test
  void aCleanEndClosesTheRootAllocator() throws Exception {
    BufferAllocator root = new RootAllocator(Long.MAX_VALUE);
    int status = MeasureServer.serve(new BufferedReader(new StringReader(request("a", "s1") + "\n")),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), root,
        suite -> sessions(new AtomicInteger(), new ArrayList<>()));
    assertThat(status).isZero();
    assertThat(root.getChildAllocators()).isEmpty();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> root.buffer(8))
        .as("the root was closed").isInstanceOf(RuntimeException.class);
  }
}
