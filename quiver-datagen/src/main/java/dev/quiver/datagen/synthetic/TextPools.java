package dev.quiver.datagen.synthetic;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Word-like text for generated tables: the commonest English words first, then pronounceable
 * made-up words (syllables) for the long tail, so generated text has a realistic Zipf vocabulary,
 * word lengths and letter mix. The word list depends only on its size and a fixed seed.
 */
public final class TextPools {
  /** The most frequent English words, most frequent first. */
  private static final String[] COMMON = ("the of and to a in is that for it as was with be by on not he i this are or his from at which"
      + " but have an they you were her she there one all we their been has would will more if no when"
      + " what so can said who out up them some could into other time only new its about than two may"
      + " these first then do any like my now over such our man me even most made after also did many"
      + " before must through back years where much your way well down should because each just those"
      + " people how too little state good very make world still own see men work long get here between"
      + " both life being under never day same another know while last might us great old year off come"
      + " since against go came right used take three states himself few house use during without again"
      + " place american around however home small found thought went say part once general high upon"
      + " school every does got united left number course war until always away something fact though"
      + " water less public put think almost hand enough far took head yet government system better set"
      + " told nothing night end why called didn't eyes find going look asked later knew point next city"
      + " business give group toward young days let room president side social given present several order"
      + " national second possible rather per face among form important often things looked early white john"
      + " case become large big need four within felt along children saw best church ever least power"
      + " development light thing seemed family interest want members others mind country area done turned"
      + " although open god service certain kind problem began different door thus help sense means whole"
      + " matter perhaps itself york times law human line above name example action company hands local show"
      + " five history whether gave either today act feet across taken past quite anything seen having death"
      + " week experience body word half really field am car words already themselves information tell"
      + " together college shall money period held keep sure free real probably seems behind cannot miss"
      + " political air question making office brought whose special heard major problems ago became federal"
      + " moment study available known result street economic boy position reason change south board"
      + " individual job society areas west close turn love community true court force full seem am policy").split(" ");
  private static final String[] ONSETS = {"b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t",
      "v", "w", "br", "cr", "dr", "fl", "gr", "pl", "pr", "sh", "sl", "st", "str", "th", "tr", "ch", ""};
  private static final String[] VOWELS = {"a", "e", "i", "o", "u", "ai", "ea", "ee", "io", "ou", "y"};
  private static final String[] CODAS = {"", "", "", "n", "r", "s", "t", "l", "m", "nd", "ng", "st", "rt", "ck", "sh"};

  private final byte[][] words;

  /** A vocabulary of {@code size} words, the common English ones first. */
  public TextPools(int size) {
    words = new byte[size][];
    SplittableRandom random = new SplittableRandom(0x5eed_7e47L);
    java.util.Set<String> seen = new java.util.HashSet<>();
    int count = 0;
    for (String word : COMMON) {
      if (count < size && seen.add(word)) {
        words[count++] = word.getBytes(StandardCharsets.UTF_8);
      }
    }
    while (count < size) {
      StringBuilder word = new StringBuilder();
      int syllables = 1 + random.nextInt(4);
      for (int i = 0; i < syllables; i++) {
        word.append(ONSETS[random.nextInt(ONSETS.length)]).append(VOWELS[random.nextInt(VOWELS.length)]);
      }
      word.append(CODAS[random.nextInt(CODAS.length)]);
      if (seen.add(word.toString())) {
        words[count++] = word.toString().getBytes(StandardCharsets.UTF_8);
      }
    }
  }

  public int size() {
    return words.length;
  }

  /** The word of {@code rank} (0 the commonest), as UTF-8; do not modify. */
  public byte[] word(int rank) {
    return words[rank];
  }

  /** The word of {@code rank} as a string. */
  public String wordText(int rank) {
    return new String(words[rank], StandardCharsets.UTF_8);
  }
}
