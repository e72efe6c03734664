package dev.quiver.datagen.fineweb;

import dev.quiver.datagen.synthetic.TextPools;
import dev.quiver.datagen.synthetic.ZipfSampler;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Writes one document's text into a reused buffer: a log-normal number of words (median given,
 * 30 to 20,000), Zipf-drawn from the vocabulary, in sentences of 6 to 28 words (capitalized, ended by
 * a full stop, a question or an exclamation mark) and paragraphs of 2 to 7 sentences.
 */
final class DocumentText {
  private static final byte[] ENDINGS = {'.', '.', '.', '.', '.', '.', '?', '!'};

  private final TextPools words;
  private final ZipfSampler ranks;
  private byte[] buffer = new byte[1 << 16];
  private int length;

  DocumentText(TextPools words, ZipfSampler ranks) {
    this.words = words;
    this.ranks = ranks;
  }

  /** Writes a new document; returns its token count (words plus punctuation marks). */
  int write(SplittableRandom random, int medianWords) {
    double gaussian = random.nextDouble() + random.nextDouble() + random.nextDouble() + random.nextDouble() - 2.0;
    int wordCount = (int) Math.max(30, Math.min(20_000, medianWords * Math.exp(0.8 * gaussian * 1.73)));
    length = 0;
    int tokens = 0;
    int written = 0;
    int sentencesInParagraph = 0;
    int paragraphLength = 2 + random.nextInt(6);
    while (written < wordCount) {
      int sentence = Math.min(wordCount - written, 6 + random.nextInt(23));
      for (int w = 0; w < sentence; w++) {
        byte[] word = words.word(ranks.next(random));
        ensure(word.length + 4);
        System.arraycopy(word, 0, buffer, length, word.length);
        if (w == 0 && buffer[length] >= 'a' && buffer[length] <= 'z') {
          buffer[length] = (byte) (buffer[length] - 32); // ASCII upper case
        }
        length += word.length;
        buffer[length++] = ' ';
      }
      buffer[length - 1] = ENDINGS[random.nextInt(ENDINGS.length)];
      written += sentence;
      tokens += sentence + 1;
      if (++sentencesInParagraph == paragraphLength && written < wordCount) {
        buffer[length++] = '\n';
        buffer[length++] = '\n';
        sentencesInParagraph = 0;
        paragraphLength = 2 + random.nextInt(6);
      } else if (written < wordCount) {
        buffer[length++] = ' ';
      }
    }
    return tokens;
  }

  private void ensure(int more) {
    if (length + more > buffer.length) {
      buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
    }
  }

  byte[] bytes() {
    return buffer;
  }

  int length() {
    return length;
  }
}
